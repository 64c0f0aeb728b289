//! `/login`: the dashboard's sign-in form. It works before hydration too (a plain form post).

use crate::ui::PageTitle;
use leptos::prelude::*;

use super::session::{Login, LoginCode};

#[component]
pub fn LoginPage() -> impl IntoView {
    // Where to go after logging in: `/login?next=...` from a dashboard address (same site only).
    let next = leptos_router::hooks::use_query_map()
        .read_untracked()
        .get("next")
        .filter(|n| super::session::same_site_path(n).is_some())
        .unwrap_or_default();
    view! {
        <PageTitle text="Log in · slotbook" />
        <LoginForm next />
    }
}

/// The form, an island: before hydration it is a plain form post; after, errors show in place.
#[cfg_attr(feature = "dashboard", island)]
#[cfg_attr(not(feature = "dashboard"), component)]
fn LoginForm(next: String) -> impl IntoView {
    let login = ServerAction::<Login>::new();
    let error = move || {
        login
            .value()
            .get()
            .and_then(|result| result.err())
            .map(|e| e.message)
    };
    view! {
        <main class="flex min-h-screen items-center justify-center p-6">
            <div class="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-8 shadow-sm dark:border-slate-700 dark:bg-slate-900">
                <h1 class="text-2xl font-semibold tracking-tight">"slotbook"</h1>
                <p class="mt-1 text-sm text-slate-600 dark:text-slate-300">"Log in to manage your calendars and bookings."</p>
                <ActionForm action=login attr:class="mt-6 space-y-4" attr:id="login-form">
                    {(!next.is_empty()).then(|| view! { <input type="hidden" name="next" value=next.clone() /> })}
                    <label class="block">
                        <span class="text-sm font-medium">"Login or email"</span>
                        <input name="login" type="text" required autocomplete="username"
                            class="mt-1 w-full rounded-md border border-slate-400 bg-white px-3 py-2 focus:border-sky-700 focus:outline-none focus:ring-2 focus:ring-sky-700 dark:border-slate-600 dark:bg-slate-950" />
                    </label>
                    <label class="block">
                        <span class="text-sm font-medium">"Password"</span>
                        <input name="password" type="password" required autocomplete="current-password"
                            class="mt-1 w-full rounded-md border border-slate-400 bg-white px-3 py-2 focus:border-sky-700 focus:outline-none focus:ring-2 focus:ring-sky-700 dark:border-slate-600 dark:bg-slate-950" />
                    </label>
                    {move || error().map(|e| view! { <p role="alert" class="text-sm text-red-700 dark:text-red-300">{e}</p> })}
                    <button type="submit"
                        class="w-full rounded-md bg-sky-700 px-4 py-2 font-medium text-white hover:bg-sky-800 disabled:opacity-60"
                        disabled=move || login.pending().get()>
                        "Log in"
                    </button>
                </ActionForm>
            </div>
        </main>
    }
}

/// `/login/two-factor`: the code of a login whose password was right (TOTP or recovery code).
#[component]
pub fn TwoFactorPage() -> impl IntoView {
    view! {
        <PageTitle text="Two-factor authentication · slotbook" />
        <CodeForm />
    }
}

/// The code form, an island like the login form: a plain form post before hydration.
#[cfg_attr(feature = "dashboard", island)]
#[cfg_attr(not(feature = "dashboard"), component)]
fn CodeForm() -> impl IntoView {
    let verify = ServerAction::<LoginCode>::new();
    let error = move || {
        verify
            .value()
            .get()
            .and_then(|result| result.err())
            .map(|e| e.message)
    };
    view! {
        <main class="flex min-h-screen items-center justify-center p-6">
            <div class="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-8 shadow-sm dark:border-slate-700 dark:bg-slate-900">
                <h1 class="text-2xl font-semibold tracking-tight">"Two-factor authentication"</h1>
                <p class="mt-1 text-sm text-slate-600 dark:text-slate-300">"Enter the code your authenticator app shows, or one of your recovery codes."</p>
                <ActionForm action=verify attr:class="mt-6 space-y-4" attr:id="code-form">
                    <label class="block">
                        <span class="text-sm font-medium">"Authentication code"</span>
                        <input name="code" type="text" required autocomplete="one-time-code" inputmode="text" spellcheck="false"
                            class="mt-1 w-full rounded-md border border-slate-400 bg-white px-3 py-2 font-mono focus:border-sky-700 focus:outline-none focus:ring-2 focus:ring-sky-700 dark:border-slate-600 dark:bg-slate-950" />
                    </label>
                    {move || error().map(|e| view! { <p role="alert" class="text-sm text-red-700 dark:text-red-300">{e}</p> })}
                    <button type="submit"
                        class="w-full rounded-md bg-sky-700 px-4 py-2 font-medium text-white hover:bg-sky-800 disabled:opacity-60"
                        disabled=move || verify.pending().get()>
                        "Verify"
                    </button>
                </ActionForm>
                <p class="mt-4 text-sm"><a href="/login" class="text-sky-800 underline dark:text-sky-300">"Log in again"</a></p>
            </div>
        </main>
    }
}
