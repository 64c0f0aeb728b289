//! `/admin`: the host dashboard shell (navigation, the signed-in host, log out).

use leptos::prelude::*;
use leptos_meta::Title;
use leptos_router::components::Redirect;
use leptos_router::hooks::use_params_map;

use super::session::{Logout, current_user};

pub mod bookings;
pub mod overview;

/// Sections of the dashboard, in navigation order: (path segment under `/admin`, label).
/// The overview is `/admin` itself.
pub const SECTIONS: [(&str, &str); 6] = [
    ("", "Overview"),
    ("bookings", "Bookings"),
    ("calendars", "Calendars"),
    ("availability", "Availability"),
    ("reports", "Reports"),
    ("settings", "Settings"),
];

/// The address of a section: `/admin` or `/admin/{segment}`.
fn section_href(segment: &str) -> String {
    if segment.is_empty() {
        "/admin".into()
    } else {
        format!("/admin/{segment}")
    }
}

/// What a dashboard address shows. Read from the route once: dashboard pages are rendered on
/// the server only (islands), so nothing here changes after the first render.
#[derive(Clone)]
enum Section {
    Overview,
    Bookings(crate::model::dashboard::BookingsQuery),
    /// A section whose page is not built yet: its title only.
    Planned(&'static str),
    NotFound,
}

impl Section {
    fn from_route(segment: &str, rest: &str) -> Section {
        match (segment, rest.is_empty()) {
            ("", _) => Section::Overview,
            ("bookings", true) => Section::Bookings(bookings::query_from_url()),
            (segment, true) => SECTIONS
                .iter()
                .find(|(s, _)| *s == segment)
                .map_or(Section::NotFound, |(_, label)| Section::Planned(label)),
            _ => Section::NotFound,
        }
    }

    fn segment(&self) -> &'static str {
        match self {
            Section::Overview => "",
            Section::Bookings(_) => "bookings",
            Section::Planned(label) => SECTIONS
                .iter()
                .find(|(_, l)| l == label)
                .map_or("", |(s, _)| s),
            Section::NotFound => "-",
        }
    }

    fn title(&self) -> &'static str {
        match self {
            Section::Overview => "Overview",
            Section::Bookings(_) => "Bookings",
            Section::Planned(label) => label,
            Section::NotFound => "Page not found",
        }
    }

    /// Loads the section's data and builds its content.
    async fn content(self) -> AnyView {
        match self {
            Section::Overview => overview::page().await,
            Section::Bookings(query) => bookings::page(query).await,
            Section::Planned(label) => view! {
                <h1 class="text-xl font-semibold" id="section-title">{label}</h1>
            }
            .into_any(),
            Section::NotFound => {
                crate::ui::set_status(404);
                view! {
                    <h1 class="text-xl font-semibold" id="section-title">"Page not found"</h1>
                    <p class="mt-2 text-slate-600 dark:text-slate-300">"There is nothing at this address in the dashboard."</p>
                }
                .into_any()
            }
        }
    }
}

/// The message a failed load shows in place of the page.
pub(crate) fn load_error(error: ServerFnError) -> AnyView {
    view! { <p role="alert" class="mt-4 text-red-800 dark:text-red-300">{error.to_string()}</p> }
        .into_any()
}

/// Every `/admin` address. The data is awaited inside one `Suspend` and never through a
/// `Resource` created under a `Suspense`: Leptos may then wait forever for the nested
/// resource (leptos-rs/leptos#4866), which hung one request in CI for a minute.
#[component]
pub fn AdminShell() -> impl IntoView {
    let section = {
        let params = use_params_map();
        let params = params.read_untracked();
        Section::from_route(
            &params.get("section").unwrap_or_default(),
            &params.get("rest").unwrap_or_default(),
        )
    };
    view! {
        <Suspense fallback=|| view! { <p class="p-8 text-slate-500">"Loading…"</p> }>
            {move || {
                let section = section.clone();
                Suspend::new(async move {
                    match current_user().await {
                        Ok(Some(me)) => {
                            let (segment, title) = (section.segment(), section.title());
                            let content = section.content().await;
                            view! {
                                <Title text=format!("{title} · slotbook") />
                                <AdminFrame section=segment.to_string() user_name=me.name>
                                    {content}
                                </AdminFrame>
                            }
                            .into_any()
                        }
                        Ok(None) => view! { <Redirect path="/login" /> }.into_any(),
                        Err(e) => view! { <p class="p-8 text-red-700">{e.to_string()}</p> }.into_any(),
                    }
                })
            }}
        </Suspense>
    }
}

/// The dashboard's frame: navigation (collapsible), the signed-in user and "Log out". An island:
/// the menu button and the log-out form run in the browser; the page content comes from the
/// server as `children`.
#[cfg_attr(feature = "dashboard", island)]
#[cfg_attr(not(feature = "dashboard"), component)]
fn AdminFrame(section: String, user_name: String, children: Children) -> impl IntoView {
    let logout = ServerAction::<Logout>::new();
    // Set only in the browser, once hydration has run: lets tests (and people) tell a live page.
    let (hydrated, set_hydrated) = signal(false);
    Effect::new(move |_| set_hydrated.set(true));
    // Closed on small screens until "Menu" opens it; always shown from the `md` width on.
    // Without JavaScript "Menu" is a link to `#admin-nav`, which `:target` shows.
    let (nav_open, set_nav_open) = signal(false);
    view! {
        <div class="min-h-screen md:flex dark:bg-slate-950 dark:text-slate-100" data-hydrated=move || hydrated.get().to_string() id="admin-shell">
            <aside id="admin-nav"
                class=move || format!("w-full shrink-0 border-b border-slate-200 bg-white md:block md:w-56 md:border-r md:border-b-0 dark:border-slate-800 dark:bg-slate-900 {}",
                    if nav_open.get() { "block" } else { "hidden target:block" })>
                <div class="hidden px-5 py-4 text-lg font-semibold md:block">"slotbook"</div>
                <nav aria-label="Dashboard" class="flex flex-col gap-1 p-3 md:pt-0">
                    {SECTIONS.iter().map(|(slug, label)| {
                        let active = section == *slug;
                        view! {
                            <a href=section_href(slug)
                                class="flex min-h-10 items-center rounded-md px-3 text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
                                class=("bg-sky-50", active)
                                class=("dark:bg-slate-800", active)
                                class=("font-semibold", active)
                                aria-current=active.then_some("page")>
                                {*label}
                            </a>
                        }
                    }).collect_view()}
                </nav>
            </aside>
            <div class="min-w-0 flex-1">
                <header class="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 bg-white px-4 py-3 sm:px-6 dark:border-slate-800 dark:bg-slate-900">
                    <a id="nav-toggle" href="#admin-nav" role="button" aria-controls="admin-nav"
                        class="inline-flex min-h-10 items-center rounded-md border border-slate-400 px-3 text-sm md:hidden dark:border-slate-600"
                        on:click=move |ev| {
                            ev.prevent_default();
                            set_nav_open.update(|open| *open = !*open);
                        }
                        aria-expanded=move || nav_open.get().to_string()>
                        "Menu"
                    </a>
                    <span class="text-sm font-semibold md:hidden">"slotbook"</span>
                    <div class="ml-auto flex flex-wrap items-center gap-x-4 gap-y-1">
                        <span id="host-name" class="text-sm font-medium">{user_name}</span>
                        <ActionForm action=logout>
                            <button type="submit" class="inline-flex min-h-10 items-center rounded-md px-2 text-sm text-slate-700 hover:text-slate-950 dark:text-slate-300 dark:hover:text-white">"Log out"</button>
                        </ActionForm>
                    </div>
                </header>
                <main class="p-6">{children()}</main>
            </div>
        </div>
    }
}
