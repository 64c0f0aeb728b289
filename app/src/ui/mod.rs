//! Pages and components: `admin/` is the host dashboard, `public/` the booking pages.

pub mod admin;
pub mod login;
pub mod session;

use leptos::prelude::*;
use leptos_meta::{MetaTags, Stylesheet, Title, provide_meta_context};
use leptos_router::components::{Redirect, Route, Router, Routes};
use leptos_router::{ParamSegment, StaticSegment, WildcardSegment};

/// The name the browser bundle and stylesheet are published under (`/pkg/slotbook.*`).
pub const OUTPUT_NAME: &str = "slotbook";

/// The HTML document around the app, rendered on the server.
pub fn shell(options: LeptosOptions) -> impl IntoView {
    #[cfg(feature = "ssr")]
    set_content_security_policy();
    view! {
        <!DOCTYPE html>
        <html lang="en">
            <head>
                <meta charset="utf-8" />
                <meta name="viewport" content="width=device-width, initial-scale=1" />
                <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
                <HydrationScripts options />
                <MetaTags />
            </head>
            <body class="bg-slate-50 text-slate-900 antialiased">
                <App />
            </body>
        </html>
    }
}

/// A fresh nonce for this page's scripts (Leptos puts it on the hydration script) and the
/// `Content-Security-Policy` that allows only those, our own files and the WASM bundle.
/// Pages may not be framed (`frame-ancestors 'none'`).
#[cfg(feature = "ssr")]
fn set_content_security_policy() {
    leptos::nonce::provide_nonce();
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

#[component]
pub fn App() -> impl IntoView {
    provide_meta_context();
    view! {
        <Stylesheet id="leptos" href="/pkg/slotbook.css" />
        <Title text="slotbook" />
        <Router>
            <Routes fallback=NotFound>
                <Route path=StaticSegment("") view=|| view! { <Redirect path="/admin" /> } />
                <Route path=StaticSegment("login") view=login::LoginPage />
                <Route path=StaticSegment("admin") view=admin::AdminShell />
                <Route path=(StaticSegment("admin"), ParamSegment("section")) view=admin::AdminShell />
                <Route path=(StaticSegment("admin"), ParamSegment("section"), WildcardSegment("rest")) view=admin::AdminShell />
            </Routes>
        </Router>
    }
}

#[component]
fn NotFound() -> impl IntoView {
    #[cfg(feature = "ssr")]
    if let Some(response) = use_context::<leptos_axum::ResponseOptions>() {
        response.set_status(axum::http::StatusCode::NOT_FOUND);
    }
    view! {
        <main class="mx-auto max-w-md p-10 text-center">
            <h1 class="text-2xl font-semibold">"Page not found"</h1>
            <p class="mt-2 text-slate-600">"There is nothing at this address."</p>
            <a class="mt-4 inline-block text-sky-700 hover:underline" href="/admin">"Go to the dashboard"</a>
        </main>
    }
}
