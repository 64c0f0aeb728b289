//! `/admin`: the host dashboard shell (navigation, the signed-in host, log out).

use leptos::prelude::*;
use leptos_meta::Title;
use leptos_router::components::Redirect;
use leptos_router::hooks::use_params_map;

use super::session::{Logout, current_user};

/// Sections of the dashboard, in navigation order: (path segment, label).
pub const SECTIONS: [(&str, &str); 4] = [
    ("schedules", "Schedules"),
    ("calendars", "Calendars"),
    ("reports", "Reports"),
    ("settings", "Settings"),
];

#[component]
pub fn AdminShell() -> impl IntoView {
    let user = Resource::new(|| (), |_| current_user());
    let params = use_params_map();
    let section = move || {
        params
            .read()
            .get("section")
            .unwrap_or_else(|| "schedules".into())
    };
    let logout = ServerAction::<Logout>::new();
    // Set only in the browser, once hydration has run: lets tests (and people) tell a live page.
    let (hydrated, set_hydrated) = signal(false);
    Effect::new(move |_| set_hydrated.set(true));
    let (nav_open, set_nav_open) = signal(true);

    view! {
        <Title text="Dashboard · slotbook" />
        <Suspense fallback=|| view! { <p class="p-8 text-slate-500">"Loading…"</p> }>
            {move || Suspend::new(async move {
                match user.await {
                    Ok(Some(me)) => {
                        view! {
                            <div class="flex min-h-screen" data-hydrated=move || hydrated.get().to_string() id="admin-shell">
                                <aside class="w-56 shrink-0 border-r border-slate-200 bg-white" class:hidden=move || !nav_open.get() id="admin-nav">
                                    <div class="px-5 py-4 text-lg font-semibold">"slotbook"</div>
                                    <nav class="flex flex-col gap-1 px-3">
                                        {SECTIONS.iter().map(|(slug, label)| {
                                            let href = format!("/admin/{slug}");
                                            let active = move || section() == *slug;
                                            view! {
                                                <a href=href
                                                    class="rounded-md px-3 py-2 text-sm hover:bg-slate-100"
                                                    class=("bg-sky-50", active)
                                                    class=("font-semibold", active)
                                                    aria-current=move || if active() { "page" } else { "false" }>
                                                    {*label}
                                                </a>
                                            }
                                        }).collect_view()}
                                    </nav>
                                </aside>
                                <div class="min-w-0 flex-1">
                                    <header class="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 bg-white px-4 py-3 sm:px-6">
                                        <button id="nav-toggle" type="button" class="rounded-md border border-slate-300 px-2 py-1 text-sm"
                                            on:click=move |_| set_nav_open.update(|open| *open = !*open)
                                            aria-expanded=move || nav_open.get().to_string()>
                                            "Menu"
                                        </button>
                                        <div class="flex flex-wrap items-center gap-x-4 gap-y-1">
                                            <span id="host-name" class="text-sm font-medium">{me.name.clone()}</span>
                                            <ActionForm action=logout>
                                                <button type="submit" class="text-sm text-slate-600 hover:text-slate-900">"Log out"</button>
                                            </ActionForm>
                                        </div>
                                    </header>
                                    <main class="p-6">
                                        <h1 class="text-xl font-semibold" id="section-title">
                                            {move || SECTIONS.iter().find(|(s, _)| *s == section()).map(|(_, l)| *l).unwrap_or("Schedules")}
                                        </h1>
                                    </main>
                                </div>
                            </div>
                        }.into_any()
                    }
                    Ok(None) => view! { <Redirect path="/login" /> }.into_any(),
                    Err(e) => view! { <p class="p-8 text-red-700">{e.to_string()}</p> }.into_any(),
                }
            })}
        </Suspense>
    }
}
