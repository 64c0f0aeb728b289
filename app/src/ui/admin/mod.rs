//! `/admin`: the host dashboard shell (navigation, the signed-in host, log out).

use crate::texts::dashboard::DashboardLang;
use crate::texts::dashboard::t;
use crate::ui::PageTitle;
use leptos::prelude::*;
use leptos_meta::Html;
use leptos_router::components::{Outlet, Redirect};
use leptos_router::hooks::use_location;

use super::session::{Logout, current_user};
use crate::model::errors::PageError;

pub mod audit_log;
pub mod availability;
pub mod booking_detail;
pub mod bookings;
pub mod calendars;
pub mod event_editor;
pub mod external_calendars;
pub mod feeds;
mod forms;
mod hours;
mod in_place;
pub mod overview;
pub mod privacy;
pub mod reports;
pub mod security;
pub mod settings;
mod style;
pub mod two_factor;
pub mod waitlist;

/// Sections of the dashboard, in navigation order: (path segment under `/admin`, label's
/// message id).
/// The overview is `/admin` itself.
pub const SECTIONS: [(&str, &str); 7] = [
    ("", "overview"),
    ("bookings", "bookings"),
    ("waitlist", "waitlist"),
    ("calendars", "calendars"),
    ("availability", "availability"),
    ("reports", "reports"),
    ("settings", "settings"),
];

/// The address of a section: `/admin` or `/admin/{segment}`.
fn section_href(segment: &str) -> String {
    if segment.is_empty() {
        "/admin".into()
    } else {
        format!("/admin/{segment}")
    }
}

/// What a dashboard address shows, made by its route (`routes`) from the typed path parameters
/// and the query. Dashboard pages are rendered on the server only (islands), so nothing here
/// changes after the first render.
#[derive(Clone)]
enum Section {
    Overview,
    Bookings(crate::model::dashboard::BookingsQuery),
    /// `/admin/calendars` and `/admin/calendars/{id}`.
    Calendars,
    /// `/admin/calendars/{id}`: `confirm=calendar|event:{id}` asks before a deletion,
    /// `done=` names what was just saved.
    Calendar {
        id: i64,
        confirm: Option<String>,
        done: Option<String>,
        /// `edit=settings`: the calendar's settings form in place of "New event".
        editing: bool,
        /// `share=1`: the link builder and preview in place of "New event".
        share: Option<calendars::ShareQuery>,
    },
    /// `/admin/calendars/{id}/events/{event_id}?tab=&saved=1`.
    EventEditor {
        calendar_id: i64,
        event_id: i64,
        query: event_editor::EditorQuery,
    },
    /// `/admin/availability`.
    Schedules,
    /// `/admin/availability/{id}`, `saved=1` after a save.
    Schedule {
        id: i64,
        saved: bool,
    },
    /// `/admin/settings`, `saved=<section>` after a save.
    Settings {
        saved: Option<String>,
    },
    /// `/admin/settings/calendars`, `done=` after a post.
    ExternalCalendars {
        done: Option<String>,
    },
    /// `/admin/audit-log` with its filters (administrators; anyone else the 404 page).
    AuditLog(Vec<(String, String)>),
    /// `/admin/settings/security`, `done=` after a post.
    Security {
        done: Option<String>,
    },
    /// `/admin/settings/security/two-factor`.
    TwoFactor,
    /// `/admin/waitlist?event=&date=`, `done=` after a removal.
    Waitlist {
        event: Option<i64>,
        date: String,
        done: Option<String>,
    },
    /// `/admin/privacy?email=`, `erased=` after an erasure (administrators).
    Privacy {
        email: String,
        erased: Option<String>,
    },
    /// `/admin/reports?from=&to=`.
    Reports {
        from: Option<String>,
        to: Option<String>,
    },
    /// `/admin/bookings/{id}`, with the reschedule form's `date=` and the `done=` of a change.
    Booking {
        id: i64,
        date: Option<String>,
        done: Option<String>,
    },
    NotFound,
}

impl Section {
    fn title(&self) -> &'static str {
        match self {
            Section::Overview => t("overview"),
            Section::Bookings(_) => t("bookings"),
            Section::Booking { .. } => t("booking"),
            Section::Reports { .. } => t("reports"),
            Section::Waitlist { .. } => t("waitlist"),
            Section::AuditLog(_) => t("audit-log"),
            Section::Privacy { .. } => t("personal-data"),
            Section::Security { .. } => t("security"),
            Section::TwoFactor => t("two-factor-authentication"),
            Section::Schedules => t("availability"),
            Section::Settings { .. } => t("settings"),
            Section::ExternalCalendars { .. } => t("connected-calendars"),
            Section::Schedule { .. } => t("schedule"),
            Section::Calendars => t("calendars"),
            Section::Calendar { .. } => t("calendar"),
            Section::EventEditor { .. } => t("event"),
            Section::NotFound => t("page-not-found"),
        }
    }

    /// Pages whose forms save without a reload once the page runs in a browser (those with no
    /// island inside their content, which a swapped-in page would leave dead).
    fn saves_in_place(&self) -> bool {
        matches!(
            self,
            Section::EventEditor { .. }
                | Section::Schedules
                | Section::Schedule { .. }
                | Section::Settings { .. }
        )
    }

    /// Loads the section's data and builds its content.
    async fn content(self, csrf: String) -> AnyView {
        match self {
            Section::Overview => overview::page().await,
            Section::Bookings(query) => bookings::page(query, csrf).await,
            Section::Booking { id, date, done } => booking_detail::page(id, date, done, csrf).await,
            Section::Reports { from, to } => reports::page(from, to).await,
            Section::Waitlist { event, date, done } => {
                waitlist::page(event, date, done, csrf).await
            }
            Section::AuditLog(pairs) => audit_log::page(pairs).await,
            Section::Privacy { email, erased } => privacy::page(email, erased, csrf).await,
            Section::Security { done } => security::page(done, csrf).await,
            Section::TwoFactor => two_factor::page(csrf).await,
            Section::Calendars => calendars::list_page(csrf).await,
            Section::Calendar {
                id,
                confirm,
                done,
                editing,
                share,
            } => calendars::calendar_page(id, confirm, done, editing, share, csrf).await,
            Section::EventEditor {
                calendar_id,
                event_id,
                query,
            } => event_editor::page(calendar_id, event_id, query, csrf).await,
            Section::Schedules => availability::list_page(csrf).await,
            Section::Settings { saved } => settings::page(saved, csrf).await,
            Section::ExternalCalendars { done } => external_calendars::page(done, csrf).await,
            Section::Schedule { id, saved } => availability::schedule_page(id, saved, csrf).await,
            Section::NotFound => {
                crate::ui::set_status(404);
                view! {
                    <h1 class="text-xl font-semibold" id="section-title">{t("page-not-found")}</h1>
                    <p class="mt-2 text-slate-600 dark:text-slate-300">{t("there-is-nothing-at-this-address")}</p>
                }
                .into_any()
            }
        }
    }
}

/// The signed-in caller of a dashboard server function. A session that must set up two-factor
/// login first gets nothing else done (403 `two_factor_required`, as its REST calls): the
/// pages lead it to the set-up page, and so do server functions called directly.
#[cfg(feature = "ssr")]
pub(crate) async fn signed_in_caller() -> Result<crate::service::Caller, PageError> {
    let caller = signed_in_caller_setting_up().await?;
    if caller.must_set_up_two_factor {
        crate::ui::set_status(403);
        return Err(PageError::with_code(
            403,
            "two_factor_required",
            t("set-up-two-factor-first"),
        ));
    }
    Ok(caller)
}

/// The signed-in caller, also while it must still set up two-factor login (the set-up page).
#[cfg(feature = "ssr")]
pub(crate) async fn signed_in_caller_setting_up() -> Result<crate::service::Caller, PageError> {
    match crate::ui::session::signed_in().await {
        Ok(Some((caller, _))) => Ok(caller),
        Ok(None) => {
            crate::ui::set_status(401);
            Err(PageError::not_signed_in())
        }
        Err(e) => Err(e),
    }
}

#[cfg(feature = "ssr")]
pub(crate) fn service_ctx() -> Result<crate::service::Ctx, PageError> {
    use_context::<crate::service::Ctx>()
        .ok_or_else(|| PageError::new(500, "service context missing"))
}

/// A service refusal as the page shows it, answering the status its REST route would.
#[cfg(feature = "ssr")]
pub fn page_error(error: crate::service::ServiceError) -> PageError {
    use crate::service::ServiceError as E;
    use crate::store::StoreError;
    let said = crate::pages::setup::said(&error);
    let error = match error {
        E::NotFound | E::Store(StoreError::NotFound) => PageError::not_found(),
        E::Validation { .. } => PageError::new(422, said),
        E::Unprocessable { code, .. } => PageError::with_code(422, code, said),
        E::Forbidden(_) => PageError::new(403, said),
        E::Refused { code, .. } => PageError::with_code(403, code, said),
        E::BadRequest { code, .. } => PageError::with_code(400, code, said),
        E::Conflict { code, .. } => PageError::with_code(409, code, said),
        E::SlotUnavailable { .. } => PageError::with_code(409, "slot_unavailable", said),
        E::SeriesUnavailable { .. } => PageError::with_code(409, "series_unavailable", said),
        E::TooMany { code, .. } => PageError::with_code(429, code, said),
        E::Gone { code, .. } => PageError::with_code(410, code, said),
        E::Store(StoreError::Busy | StoreError::Unavailable(_)) => {
            PageError::new(503, t("the-database-is-busy-try-again"))
        }
        E::Store(StoreError::Full(_)) => {
            PageError::new(507, t("the-servers-storage-is-full-nothing"))
        }
        E::Store(_) | E::Internal(_) => {
            tracing::error!(%error, "dashboard server error");
            PageError::new(500, t("something-went-wrong-on-the-server"))
        }
    };
    crate::ui::set_status(error.status);
    error
}

/// [`page_error`], with a missing item (another host's id too) named: "There is no such
/// calendar."
#[cfg(feature = "ssr")]
pub fn page_error_naming(
    missing: &'static str,
) -> impl Fn(crate::service::ServiceError) -> PageError {
    move |error| match error {
        crate::service::ServiceError::NotFound => {
            crate::ui::set_status(404);
            PageError::new(404, missing)
        }
        other => page_error(other),
    }
}

/// The message a failed load shows in place of the page.
pub(crate) fn load_error(error: PageError) -> AnyView {
    view! { <p role="alert" class="mt-4 text-red-800 dark:text-red-300">{error.to_string()}</p> }
        .into_any()
}

/// `/admin` and everything under it: the signed-in host's frame around the matched section
/// (`<Outlet/>`). Each section's data is awaited inside a `Suspend` and never through a
/// `Resource` created under a `Suspense`: Leptos may then wait forever for the nested resource
/// (leptos-rs/leptos#4866), which hung one request in CI for a minute.
#[component]
pub fn AdminShell() -> impl IntoView {
    // Only which navigation entry is current; the section itself is the child route's.
    let path = use_location().pathname.get_untracked();
    let segment = path
        .trim_start_matches("/admin")
        .trim_start_matches('/')
        .split('/')
        .next()
        .unwrap_or_default()
        .to_string();
    view! {
        <Suspense fallback=|| view! { <p class="p-8 text-slate-500">{t("loading")}</p> }>
            {move || {
                let segment = segment.clone();
                Suspend::new(async move {
                    match current_user().await {
                        Ok(Some(me)) => {
                            provide_context(FormToken(me.csrf_token));
                            let lang = me.language;
                            provide_context(DashboardLang(lang));
                            let section = SECTIONS
                                .iter()
                                .find(|(slug, _)| *slug == segment)
                                .map_or("-", |(slug, _)| *slug);
                            view! {
                                <Html attr:lang=lang.code() attr:dir=lang.dir() />
                                <AdminFrame section=section.to_string() user_name=me.name texts=FrameTexts::new()>
                                    <Outlet />
                                </AdminFrame>
                            }
                            .into_any()
                        }
                        Ok(None) => view! {
                            <Html attr:lang="en" attr:dir="ltr" />
                            <Redirect path="/login" />
                        }
                        .into_any(),
                        Err(e) => view! {
                            <Html attr:lang="en" attr:dir="ltr" />
                            <p class="p-8 text-red-700">{e.to_string()}</p>
                        }
                        .into_any(),
                    }
                })
            }}
        </Suspense>
    }
}

/// The signed-in host's form token, for the section's forms.
#[derive(Clone)]
struct FormToken(String);

/// A section's page: its title, its content once loaded, and the in-place saving its forms use.
#[component]
fn SectionPage(section: Section) -> impl IntoView {
    let csrf = use_context::<FormToken>().map(|t| t.0).unwrap_or_default();
    view! {
        <Suspense fallback=|| view! { <p class="text-slate-500">{t("loading")}</p> }>
            {move || {
                let (section, csrf) = (section.clone(), csrf.clone());
                Suspend::new(async move {
                    let title = section.title();
                    let saves_in_place = section.saves_in_place();
                    let content = section.content(csrf).await;
                    view! {
                        <PageTitle text=format!("{title} · slotbook") />
                        {saves_in_place.then(|| view! { <in_place::SavesInPlace /> })}
                        <div id=saves_in_place.then_some("in-place")
                            data-unsaved=saves_in_place.then_some(t("unsaved-changes"))>{content}</div>
                    }
                })
            }}
        </Suspense>
    }
}

/// The dashboard's child routes: each makes its section from the typed path parameters and the
/// query; an id that is no positive number is the "Page not found" section.
pub mod routes {
    use leptos::prelude::*;
    use leptos_router::hooks::{use_params_map, use_query_map};
    use leptos_router::params::ParamsMap;

    use super::{Section, SectionPage, bookings, calendars, event_editor};

    /// The page of the section `make` builds from the path parameters and the query.
    fn page(make: impl Fn(&ParamsMap, &ParamsMap) -> Option<Section>) -> impl IntoView {
        let params = use_params_map().read_untracked().clone();
        let query = use_query_map().read_untracked().clone();
        let section = make(&params, &query).unwrap_or(Section::NotFound);
        view! { <SectionPage section /> }
    }

    /// Path parameter `key` as a positive id.
    fn id(params: &ParamsMap, key: &str) -> Option<i64> {
        params.get(key)?.parse().ok().filter(|id: &i64| *id > 0)
    }

    pub fn overview() -> impl IntoView {
        page(|_, _| Some(Section::Overview))
    }

    pub fn bookings() -> impl IntoView {
        page(|_, _| Some(Section::Bookings(bookings::query_from_url())))
    }

    pub fn booking() -> impl IntoView {
        page(|params, query| {
            Some(Section::Booking {
                id: id(params, "id")?,
                date: query.get("date"),
                done: query.get("done"),
            })
        })
    }

    pub fn calendar_list() -> impl IntoView {
        page(|_, _| Some(Section::Calendars))
    }

    pub fn calendar() -> impl IntoView {
        page(|params, query| {
            Some(Section::Calendar {
                id: id(params, "id")?,
                confirm: query.get("confirm"),
                done: query.get("done"),
                editing: query.get("edit").is_some_and(|v| v == "settings"),
                share: (query.get("share").as_deref() == Some("1")).then(|| {
                    calendars::ShareQuery {
                        event: query.get("event").and_then(|e| e.parse().ok()),
                        date: query.get("date").unwrap_or_default(),
                        length: query.get("length").unwrap_or_default(),
                    }
                }),
            })
        })
    }

    pub fn event_editor() -> impl IntoView {
        page(|params, query| {
            Some(Section::EventEditor {
                calendar_id: params.get("id")?.parse().ok()?,
                event_id: params.get("event_id")?.parse().ok()?,
                query: event_editor::EditorQuery {
                    tab: query.get("tab").unwrap_or_default(),
                    saved: query.get("saved").is_some_and(|v| v == "1"),
                    explain: query.get("explain"),
                    edit: query.get("edit"),
                    done: query.get("done"),
                },
            })
        })
    }

    pub fn schedules() -> impl IntoView {
        page(|_, _| Some(Section::Schedules))
    }

    pub fn schedule() -> impl IntoView {
        page(|params, query| {
            Some(Section::Schedule {
                id: id(params, "id")?,
                saved: query.get("saved").is_some_and(|v| v == "1"),
            })
        })
    }

    pub fn settings() -> impl IntoView {
        page(|_, query| {
            Some(Section::Settings {
                saved: query.get("saved"),
            })
        })
    }

    pub fn external_calendars() -> impl IntoView {
        page(|_, query| {
            Some(Section::ExternalCalendars {
                done: query.get("done"),
            })
        })
    }

    pub fn reports() -> impl IntoView {
        page(|_, query| {
            Some(Section::Reports {
                from: query.get("from"),
                to: query.get("to"),
            })
        })
    }

    pub fn waitlist() -> impl IntoView {
        page(|_, query| {
            Some(Section::Waitlist {
                event: query.get("event").and_then(|e| e.parse().ok()),
                date: query.get("date").unwrap_or_default(),
                done: query.get("done"),
            })
        })
    }

    pub fn security() -> impl IntoView {
        page(|_, query| {
            Some(Section::Security {
                done: query.get("done"),
            })
        })
    }

    pub fn two_factor() -> impl IntoView {
        page(|_, _| Some(Section::TwoFactor))
    }

    pub fn audit_log() -> impl IntoView {
        page(|_, query| {
            let keys = [
                "action",
                "actor",
                "target_type",
                "target_id",
                "outcome",
                "from",
                "to",
                "page",
                "per_page",
            ];
            let pairs = keys
                .into_iter()
                .filter_map(|key| query.get(key).map(|value| (key.to_string(), value)))
                .collect();
            Some(Section::AuditLog(pairs))
        })
    }

    pub fn privacy() -> impl IntoView {
        page(|_, query| {
            Some(Section::Privacy {
                email: query.get("email").unwrap_or_default(),
                erased: query.get("erased"),
            })
        })
    }

    pub fn not_found() -> impl IntoView {
        page(|_, _| None)
    }
}

/// The frame's words, in the dashboard's language: the island shows them as the server wrote
/// them.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct FrameTexts {
    /// The navigation's name ("Dashboard").
    navigation: String,
    /// The sections' labels, in [`SECTIONS`]' order.
    sections: Vec<String>,
    menu: String,
    log_out: String,
}

impl FrameTexts {
    fn new() -> Self {
        Self {
            navigation: t("dashboard").into(),
            sections: SECTIONS.iter().map(|(_, id)| t(id).to_string()).collect(),
            menu: t("menu").into(),
            log_out: t("log-out").into(),
        }
    }
}

/// The dashboard's frame: navigation (collapsible), the signed-in user and "Log out". An island:
/// the menu button and the log-out form run in the browser; the page content comes from the
/// server as `children`.
#[cfg_attr(feature = "dashboard", island)]
#[cfg_attr(not(feature = "dashboard"), component)]
fn AdminFrame(
    section: String,
    user_name: String,
    texts: FrameTexts,
    children: Children,
) -> impl IntoView {
    let FrameTexts {
        navigation,
        sections,
        menu,
        log_out,
    } = texts;
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
                class=move || format!("w-full shrink-0 border-b border-slate-200 bg-white md:block md:w-56 md:border-e md:border-b-0 dark:border-slate-800 dark:bg-slate-900 {}",
                    if nav_open.get() { "block" } else { "hidden target:block" })>
                <div class="hidden px-5 py-4 text-lg font-semibold md:block">"slotbook"</div>
                <nav aria-label=navigation class="flex flex-col gap-1 p-3 md:pt-0">
                    {SECTIONS.iter().zip(sections).map(|((slug, _), label)| {
                        let active = section == *slug;
                        view! {
                            <a href=section_href(slug)
                                class="flex min-h-10 items-center rounded-md px-3 text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
                                class=("bg-sky-50", active)
                                class=("dark:bg-slate-800", active)
                                class=("font-semibold", active)
                                aria-current=active.then_some("page")>
                                {label}
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
                        {menu}
                    </a>
                    <span class="text-sm font-semibold md:hidden">"slotbook"</span>
                    <div class="ms-auto flex flex-wrap items-center gap-x-4 gap-y-1">
                        <span id="host-name" class="text-sm font-medium">{user_name}</span>
                        <ActionForm action=logout>
                            <button type="submit" class="inline-flex min-h-10 items-center rounded-md px-2 text-sm text-slate-700 hover:text-slate-950 dark:text-slate-300 dark:hover:text-white">{log_out}</button>
                        </ActionForm>
                    </div>
                </header>
                <main class="p-6">{children()}</main>
            </div>
        </div>
    }
}
