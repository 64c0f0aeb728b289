//! Pages and components: `admin/` is the host dashboard, `public/` the booking pages.

pub mod admin;
pub mod assets;
pub mod login;
pub mod public;
pub mod session;
#[cfg(feature = "hydrate")]
pub mod swap;

use crate::texts::dashboard::t;
use leptos::prelude::*;
use leptos_meta::{Html, MetaTags, Stylesheet, Title, provide_meta_context};

use crate::domain::smart_codes::escape_html;
use leptos_router::components::{ParentRoute, Redirect, Route, Router, Routes};
use leptos_router::{ParamSegment, SsrMode, StaticSegment, WildcardSegment};

/// The name the browser bundle and stylesheet are published under (`/pkg/slotbook.*`).
pub const OUTPUT_NAME: &str = "slotbook";

/// Leptos starts the islands from a `requestIdleCallback`. Chromium may never run idle
/// callbacks in a cross-origin iframe (an embedded booking page): the page then stayed
/// un-hydrated, with no resize and no `slotbook:booked` for the embedding site (2 runs in 15 of
/// the embed test). Every idle callback gets a deadline, so it runs at the latest after 200 ms.
const IDLE_DEADLINE: &str = "if(window.requestIdleCallback){const r=window.requestIdleCallback.bind(window);window.requestIdleCallback=(c,o)=>r(c,Object.assign({timeout:200},o))}";

/// The HTML document around the app, rendered on the server.
pub fn shell(options: LeptosOptions) -> impl IntoView {
    #[cfg(feature = "ssr")]
    set_content_security_policy();
    let options = with_bundle_for_path(options);
    view! {
        <!DOCTYPE html>
        // `lang` and `dir` are the page's (`<Html>` in each page's frame).
        <html>
            <head>
                <meta charset="utf-8" />
                <meta name="viewport" content="width=device-width, initial-scale=1" />
                <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
                <script nonce=leptos::nonce::use_nonce()>{IDLE_DEADLINE}</script>
                <HydrationScripts options islands=true />
                <MetaTags />
            </head>
            <body class="bg-slate-50 text-slate-900 antialiased dark:bg-slate-950 dark:text-slate-100">
                <App />
                <public::islands::HydrationMark />
            </body>
        </html>
    }
}

/// The name of the public pages' bundle: their islands only, without the dashboard's.
pub const PUBLIC_OUTPUT_NAME: &str = "slotbook-public";

/// The dashboard and login load the full bundle; every other page (the public pages, the 404
/// page) loads the smaller public one.
fn with_bundle_for_path(options: LeptosOptions) -> LeptosOptions {
    #[cfg(feature = "ssr")]
    {
        let mut options = options;
        let dashboard = is_dashboard_path();
        let names = use_context::<assets::AssetNames>().unwrap_or_default();
        options.output_name = if dashboard {
            names.dashboard
        } else {
            names.public
        }
        .into();
        options
    }
    #[cfg(not(feature = "ssr"))]
    options
}

/// The dashboard's and login's addresses (the rest are public pages).
fn is_dashboard_path() -> bool {
    #[cfg(feature = "ssr")]
    {
        let path = use_context::<axum::http::request::Parts>()
            .map(|parts| parts.uri.path().to_string())
            .unwrap_or_default();
        path == "/"
            || ["/admin", "/login"]
                .iter()
                .any(|p| path == *p || path.starts_with(&format!("{p}/")))
    }
    #[cfg(not(feature = "ssr"))]
    false
}

/// A fresh nonce for this page's scripts (Leptos puts it on the hydration script) and the
/// `Content-Security-Policy` that allows only those, our own files and the WASM bundle.
/// Pages may not be framed (`frame-ancestors 'none'`).
#[cfg(feature = "ssr")]
fn set_content_security_policy() {
    leptos::nonce::provide_nonce();
    insert_policy();
}

/// Lets the page be framed by any site: public pages in embed mode (`?embed=1`) only. The
/// policy the shell set is edited in place, so its script nonce stays the page's.
#[cfg(feature = "ssr")]
pub fn allow_framing() {
    let Some(response) = use_context::<leptos_axum::ResponseOptions>() else {
        return;
    };
    let mut parts = response.0.write().unwrap_or_else(|e| e.into_inner());
    let header = axum::http::header::CONTENT_SECURITY_POLICY;
    let framable = parts
        .headers
        .get(&header)
        .and_then(|v| v.to_str().ok())
        .map(|policy| policy.replace("frame-ancestors 'none'", "frame-ancestors *"))
        .and_then(|policy| axum::http::HeaderValue::from_str(&policy).ok());
    if let Some(value) = framable {
        parts.headers.insert(header, value);
    }
}

#[cfg(feature = "ssr")]
fn insert_policy() {
    let (Some(nonce), Some(response)) = (
        leptos::nonce::use_nonce(),
        use_context::<leptos_axum::ResponseOptions>(),
    ) else {
        return;
    };
    let policy = format!(
        "default-src 'self'; script-src 'self' 'nonce-{nonce}' 'wasm-unsafe-eval'; \
         style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; connect-src 'self'; \
         object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    );
    if let Ok(value) = axum::http::HeaderValue::from_str(&policy) {
        response.insert_header(axum::http::header::CONTENT_SECURITY_POLICY, value);
    }
}

/// The document's `<title>`. leptos_meta 0.8 writes the title into `<head>` as it is, unescaped:
/// a calendar or event title holding `</title><meta http-equiv="refresh" ...>` would end the
/// element and redirect every visitor. Escaped here; titles are rendered on the server only (no
/// island sets one), so the escaped text is what the browser decodes.
#[component]
pub fn PageTitle(#[prop(into)] text: String) -> impl IntoView {
    view! { <Title text=escape_html(&text) /> }
}

#[component]
pub fn App() -> impl IntoView {
    provide_meta_context();
    view! {
        // Each page names its language: the public frame, the dashboard's frame, the login pages.
        <Stylesheet id="leptos" href=stylesheet_href() />
        <PageTitle text="slotbook" />
        <Router>
            <Routes fallback=NotFound>
                <Route path=StaticSegment("") view=|| view! { <Redirect path="/admin" /> } />
                <Route path=StaticSegment("login") view=login::LoginPage />
                <Route path=(StaticSegment("login"), StaticSegment("two-factor")) view=login::TwoFactorPage />
                // Named: the same addresses take the desk's form posts (`src/pages.rs`).
                <ParentRoute path=StaticSegment("admin") view=admin::AdminShell ssr=SsrMode::Async>
                    <Route path=StaticSegment("") view=admin::routes::overview />
                    <Route path=StaticSegment("bookings") view=admin::routes::bookings />
                    <Route path=(StaticSegment("bookings"), ParamSegment("id")) view=admin::routes::booking />
                    <Route path=StaticSegment("calendars") view=admin::routes::calendar_list />
                    <Route path=(StaticSegment("calendars"), ParamSegment("id")) view=admin::routes::calendar />
                    <Route path=(StaticSegment("calendars"), ParamSegment("id"), StaticSegment("events"), ParamSegment("event_id")) view=admin::routes::event_editor />
                    <Route path=StaticSegment("availability") view=admin::routes::schedules />
                    <Route path=(StaticSegment("availability"), ParamSegment("id")) view=admin::routes::schedule />
                    <Route path=StaticSegment("settings") view=admin::routes::settings />
                    <Route path=(StaticSegment("settings"), StaticSegment("calendars")) view=admin::routes::external_calendars />
                    <Route path=(StaticSegment("settings"), StaticSegment("security")) view=admin::routes::security />
                    <Route path=(StaticSegment("settings"), StaticSegment("security"), StaticSegment("two-factor")) view=admin::routes::two_factor />
                    <Route path=StaticSegment("reports") view=admin::routes::reports />
                    <Route path=StaticSegment("waitlist") view=admin::routes::waitlist />
                    <Route path=StaticSegment("audit-log") view=admin::routes::audit_log />
                    <Route path=StaticSegment("privacy") view=admin::routes::privacy />
                    <Route path=WildcardSegment("rest") view=admin::routes::not_found />
                </ParentRoute>
                // Public pages wait for their data (`SsrMode::Async`): the first HTML is the
                // whole page, times included, and works without JavaScript.
                <Route path=(StaticSegment("waitlist"), StaticSegment("offer"), ParamSegment("token")) view=public::WaitlistOfferRoute ssr=SsrMode::Async />
                <Route path=(StaticSegment("waitlist"), StaticSegment("leave"), ParamSegment("hash")) view=public::WaitlistLeaveRoute ssr=SsrMode::Async />
                <Route path=(StaticSegment("booking"), ParamSegment("hash")) view=public::ManageRoute ssr=SsrMode::Async />
                <Route path=(StaticSegment("booking"), ParamSegment("hash"), StaticSegment("cancel")) view=public::CancelRoute ssr=SsrMode::Async />
                <Route path=(StaticSegment("booking"), ParamSegment("hash"), StaticSegment("erase")) view=public::EraseRoute ssr=SsrMode::Async />
                <Route path=(StaticSegment("booking"), ParamSegment("hash"), StaticSegment("reschedule")) view=public::RescheduleRoute ssr=SsrMode::Async />
                <Route path=ParamSegment("calendar_slug") view=public::LandingRoute ssr=SsrMode::Async />
                <Route path=(ParamSegment("calendar_slug"), ParamSegment("event_slug")) view=public::BookingRoute ssr=SsrMode::Async />
            </Routes>
        </Router>
    }
}

/// The stylesheet's published address (see `assets`).
fn stylesheet_href() -> String {
    #[cfg(feature = "ssr")]
    let name = use_context::<assets::AssetNames>()
        .unwrap_or_default()
        .stylesheet;
    #[cfg(not(feature = "ssr"))]
    let name = assets::AssetNames::default().stylesheet;
    format!("/pkg/{name}")
}

/// A zone `<select>`'s `<optgroup>`s and `<option>`s with `current` selected. The list (every
/// IANA zone, about 420) is the same on every page: its HTML is built once per process and
/// only the selection is set per page, which keeps the page cheap to render.
pub fn zone_options(current: &str) -> String {
    struct Options {
        html: String,
        /// Where each zone's `<option value="…"` ends: ` selected` goes there.
        ends: std::collections::HashMap<&'static str, usize>,
    }
    static OPTIONS: std::sync::OnceLock<Options> = std::sync::OnceLock::new();
    let all = OPTIONS.get_or_init(|| {
        let mut html = String::new();
        let mut ends = std::collections::HashMap::new();
        for (area, names) in crate::domain::dates::zone_groups() {
            html.push_str(&format!("<optgroup label=\"{area}\">"));
            for name in names {
                // Zone names are ASCII letters, digits, `/`, `_`, `-` and `+`: nothing to escape.
                html.push_str(&format!("<option value=\"{name}\""));
                ends.insert(name, html.len());
                html.push_str(&format!(">{}</option>", name.replace('_', " ")));
            }
            html.push_str("</optgroup>");
        }
        Options { html, ends }
    });
    let Some(&end) = all.ends.get(current) else {
        return all.html.clone();
    };
    let mut html = String::with_capacity(all.html.len() + " selected".len());
    html.push_str(&all.html[..end]);
    html.push_str(" selected");
    html.push_str(&all.html[end..]);
    html
}

/// Text for a `<textarea>`'s content. Leptos writes a textarea's children unescaped (raw
/// text, as for `<script>`), so a value holding `</textarea>` would end the element and
/// inject markup: escape it here. The browser decodes the entities back into the value.
pub fn textarea_text(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            c => out.push(c),
        }
    }
    out
}

/// Sets the page's HTTP status (a page rendered on the server; no effect in the browser).
pub fn set_status(status: u16) {
    #[cfg(feature = "ssr")]
    if let (Some(response), Ok(code)) = (
        use_context::<leptos_axum::ResponseOptions>(),
        axum::http::StatusCode::from_u16(status),
    ) {
        response.set_status(code);
    }
    #[cfg(not(feature = "ssr"))]
    let _ = status;
}

/// Marks a page that shows nothing personal (a public calendar or booking page, asked for with
/// GET): caches may keep it but must ask again before each use (its times change), and it
/// differs by the zone cookie. Every other answer is `no-store` (`src/caching.rs`).
pub fn may_be_stored() {
    #[cfg(feature = "ssr")]
    {
        use axum::http::{HeaderValue, Method, header, request::Parts};
        let (Some(response), Some(parts)) = (
            use_context::<leptos_axum::ResponseOptions>(),
            use_context::<Parts>(),
        ) else {
            return;
        };
        if parts.method == Method::GET {
            response.insert_header(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
            response.append_header(header::VARY, HeaderValue::from_static("Cookie"));
        }
    }
}

#[component]
fn NotFound() -> impl IntoView {
    set_status(404);
    view! {
        {(!is_dashboard_path()).then(|| view! { <Html attr:lang="en" attr:dir="ltr" /> })}
        <main class="mx-auto max-w-md p-10 text-center">
            <h1 class="text-2xl font-semibold">{t("page-not-found")}</h1>
            <p class="mt-2 text-slate-600">{t("there-is-nothing-at-this-address-2")}</p>
            <a class="mt-4 inline-block text-sky-700 hover:underline" href="/admin">{t("go-to-the-dashboard")}</a>
        </main>
    }
}

#[cfg(test)]
mod tests {
    use super::zone_options;

    #[test]
    fn zone_options_select_the_zone_asked_for_and_no_other() {
        let html = zone_options("Europe/Berlin");
        assert_eq!(html.matches(" selected").count(), 1);
        assert!(html.contains("<option value=\"Europe/Berlin\" selected>Europe/Berlin</option>"));
        assert!(html.contains("<option value=\"America/New_York\">America/New York</option>"));
        // The list is shared between pages: the next page's selection stands alone.
        let next = zone_options("America/New_York");
        assert_eq!(next.matches(" selected").count(), 1);
        assert!(next.contains("<option value=\"America/New_York\" selected>"));
        assert!(next.contains("<option value=\"Europe/Berlin\">"));
        // A zone not in the list selects nothing (the browser shows the first option).
        assert!(!zone_options("Mars/Olympus").contains(" selected"));
        assert_eq!(
            zone_options("Mars/Olympus").len() + " selected".len(),
            html.len()
        );
    }
}
