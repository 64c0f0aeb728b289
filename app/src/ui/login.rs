//! `/login`: the dashboard's sign-in form. It works before hydration too (a plain form post).

use crate::texts::Arg;
use crate::texts::dashboard::{DashboardLang, t, tf};
use crate::ui::PageTitle;
use leptos::prelude::*;
use leptos_meta::Html;

use super::session::{Login, LoginCode};

/// A message for the login page from the single sign-on callback, shown in `role="alert"`
/// (the callback's handler provides it and sets the status).
#[derive(Debug, Clone)]
pub struct LoginNotice(pub String);

/// What the login page offers: the password form, and the single sign-on link (its address
/// carrying `next`, and the provider's name).
struct LoginOffer {
    password: bool,
    sso: Option<(String, String)>,
}

#[cfg(feature = "ssr")]
fn login_offer(next: &str) -> LoginOffer {
    let Some(ctx) = use_context::<crate::service::Ctx>() else {
        return LoginOffer {
            password: true,
            sso: None,
        };
    };
    let sso = ctx.sso.as_ref().map(|sso| {
        let href = if next.is_empty() {
            "/login/oidc".to_string()
        } else {
            let next: String = url::form_urlencoded::byte_serialize(next.as_bytes()).collect();
            format!("/login/oidc?next={next}")
        };
        (href, sso.name().to_string())
    });
    LoginOffer {
        password: ctx.accounts.password_login,
        sso,
    }
}

// The page is drawn on the server only (islands): the browser never runs this.
#[cfg(not(feature = "ssr"))]
fn login_offer(_next: &str) -> LoginOffer {
    LoginOffer {
        password: true,
        sso: None,
    }
}

/// The login pages speak the browser's language (`Accept-Language`, else English): nobody is
/// signed in yet.
fn speak_browser_language() -> impl IntoView {
    #[cfg(feature = "ssr")]
    let lang = {
        let parts = use_context::<axum::http::request::Parts>();
        let header = parts
            .as_ref()
            .and_then(|p| p.headers.get(axum::http::header::ACCEPT_LANGUAGE))
            .and_then(|v| v.to_str().ok());
        crate::service::settings::profile::user_language(None, header)
    };
    #[cfg(not(feature = "ssr"))]
    let lang = crate::texts::Lang::En;
    provide_context(DashboardLang(lang));
    view! { <Html attr:lang=lang.code() attr:dir=lang.dir() /> }
}

#[component]
pub fn LoginPage() -> impl IntoView {
    let language = speak_browser_language();
    // Where to go after logging in: `/login?next=...` from a dashboard address (same site only).
    let next = leptos_router::hooks::use_query_map()
        .read_untracked()
        .get("next")
        .filter(|n| super::session::same_site_path(n).is_some())
        .unwrap_or_default();
    let offer = login_offer(&next);
    let notice = use_context::<LoginNotice>().map(|n| n.0);
    let both = offer.password && offer.sso.is_some();
    view! {
        {language}
        <PageTitle text=format!("{} · slotbook", t("log-in")) />
        <main class="flex min-h-screen items-center justify-center p-6">
            <div class="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-8 shadow-sm dark:border-slate-700 dark:bg-slate-900">
                <h1 class="text-2xl font-semibold tracking-tight">"slotbook"</h1>
                <p class="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("log-in-to-manage-your-calendars")}</p>
                {notice.map(|message| view! {
                    <p role="alert" class="mt-4 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">{message}</p>
                })}
                {offer.password.then(|| view! {
                    <LoginForm next=next.clone() login_label=t("login-or-email").into()
                        password_label=t("password").into() submit=t("log-in").into() />
                })}
                {both.then(|| view! {
                    <p class="my-4 flex items-center gap-3 text-xs uppercase tracking-wide text-slate-600 dark:text-slate-300" aria-hidden="true">
                        <span class="h-px flex-1 bg-slate-200 dark:bg-slate-700"></span>{t("or")}<span class="h-px flex-1 bg-slate-200 dark:bg-slate-700"></span>
                    </p>
                })}
                {offer.sso.map(|(href, name)| view! {
                    <a href=href class=if both { "block w-full rounded-md border border-slate-400 px-4 py-2 text-center font-medium text-slate-900 hover:bg-slate-50 focus:outline-none focus:ring-2 focus:ring-sky-700 dark:border-slate-500 dark:text-slate-100 dark:hover:bg-slate-800" } else { "mt-6 block w-full rounded-md bg-sky-700 px-4 py-2 text-center font-medium text-white hover:bg-sky-800 focus:outline-none focus:ring-2 focus:ring-sky-700 focus:ring-offset-2" }>
                        {tf("log-in-with", &[("provider", Arg::Text(&name))])}
                    </a>
                })}
            </div>
        </main>
    }
}

/// The password form, an island: before hydration it is a plain form post; after, errors show
/// in place.
#[cfg_attr(feature = "dashboard", island)]
#[cfg_attr(not(feature = "dashboard"), component)]
fn LoginForm(
    next: String,
    login_label: String,
    password_label: String,
    submit: String,
) -> impl IntoView {
    let login = ServerAction::<Login>::new();
    let error = move || {
        login
            .value()
            .get()
            .and_then(|result| result.err())
            .map(|e| e.message)
    };
    view! {
        <ActionForm action=login attr:class="mt-6 space-y-4" attr:id="login-form">
            {(!next.is_empty()).then(|| view! { <input type="hidden" name="next" value=next.clone() /> })}
            <label class="block">
                <span class="text-sm font-medium">{login_label}</span>
                <input name="login" type="text" required autocomplete="username"
                    class="mt-1 w-full rounded-md border border-slate-400 bg-white px-3 py-2 focus:border-sky-700 focus:outline-none focus:ring-2 focus:ring-sky-700 dark:border-slate-600 dark:bg-slate-950" />
            </label>
            <label class="block">
                <span class="text-sm font-medium">{password_label}</span>
                <input name="password" type="password" required autocomplete="current-password"
                    class="mt-1 w-full rounded-md border border-slate-400 bg-white px-3 py-2 focus:border-sky-700 focus:outline-none focus:ring-2 focus:ring-sky-700 dark:border-slate-600 dark:bg-slate-950" />
            </label>
            {move || error().map(|e| view! { <p role="alert" class="text-sm text-red-700 dark:text-red-300">{e}</p> })}
            <button type="submit"
                class="w-full rounded-md bg-sky-700 px-4 py-2 font-medium text-white hover:bg-sky-800 disabled:opacity-60"
                disabled=move || login.pending().get()>
                {submit}
            </button>
        </ActionForm>
    }
}

/// `/login/two-factor`: the code of a login whose password was right (TOTP or recovery code).
#[component]
pub fn TwoFactorPage() -> impl IntoView {
    let language = speak_browser_language();
    view! {
        {language}
        <PageTitle text=format!("{} · slotbook", t("two-factor-authentication")) />
        <main class="flex min-h-screen items-center justify-center p-6">
            <div class="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-8 shadow-sm dark:border-slate-700 dark:bg-slate-900">
                <h1 class="text-2xl font-semibold tracking-tight">{t("two-factor-authentication")}</h1>
                <p class="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("enter-the-code-your-authenticator-app")}</p>
                <CodeForm label=t("authentication-code").into() submit=t("verify").into() />
                <p class="mt-4 text-sm"><a href="/login" class="text-sky-800 underline dark:text-sky-300">{t("log-in-again")}</a></p>
            </div>
        </main>
    }
}

/// The code form, an island like the login form: a plain form post before hydration.
#[cfg_attr(feature = "dashboard", island)]
#[cfg_attr(not(feature = "dashboard"), component)]
fn CodeForm(label: String, submit: String) -> impl IntoView {
    let verify = ServerAction::<LoginCode>::new();
    let error = move || {
        verify
            .value()
            .get()
            .and_then(|result| result.err())
            .map(|e| e.message)
    };
    view! {
                <ActionForm action=verify attr:class="mt-6 space-y-4" attr:id="code-form">
                    <label class="block">
                        <span class="text-sm font-medium">{label}</span>
                        <input name="code" type="text" required autocomplete="one-time-code" inputmode="text" spellcheck="false"
                            class="mt-1 w-full rounded-md border border-slate-400 bg-white px-3 py-2 font-mono focus:border-sky-700 focus:outline-none focus:ring-2 focus:ring-sky-700 dark:border-slate-600 dark:bg-slate-950" />
                    </label>
                    {move || error().map(|e| view! { <p role="alert" class="text-sm text-red-700 dark:text-red-300">{e}</p> })}
                    <button type="submit"
                        class="w-full rounded-md bg-sky-700 px-4 py-2 font-medium text-white hover:bg-sky-800 disabled:opacity-60"
                        disabled=move || verify.pending().get()>
                        {submit}
                    </button>
                </ActionForm>
    }
}
