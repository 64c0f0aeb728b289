//! The public booking pages: landing page, booking page (grid, times, form), and the attendee's
//! manage, cancel and reschedule pages. They render on the server only (islands mode): their
//! data comes from the server functions below, which call `pages::public`, and the few
//! interactive parts are the islands in `islands.rs`. Form posts are handled in `src/pages.rs`.

mod booking;
pub mod islands;
mod landing;
mod manage;
mod waitlist;
pub use crate::texts as text;

pub use booking::BookingRoute;
pub use landing::LandingRoute;
pub use manage::{CancelRoute, EraseRoute, ManageRoute, RescheduleRoute};
pub use waitlist::{WaitlistLeaveRoute, WaitlistOfferRoute};

use leptos::prelude::*;
use leptos_meta::Html;
use leptos_router::hooks::use_query_map;

use crate::domain::language::{Lang, LangAsk};
use crate::model::errors::PageError;
use crate::model::public::{
    BookingPage, BookingQuery, CancelPage, ErasePage, LandingPage, ManagePage, ReschedulePage,
    WaitlistLeavePage, WaitlistOfferPage,
};

/// The answer of a page's server function: `None` is the 404 page.
type PageResult<T> = Result<Option<T>, PageError>;

/// The booking page of this request, worked out once. Leptos may run a page's loader more
/// than once while it renders (a run dropped halfway, another spawned), and this loader holds
/// the chosen time: a second run, without the cookie the first one sets, would find the time
/// held by that first run and answer "not available" to the very visitor it was held for.
/// One per request, in the request's extensions (`src/lib.rs`, `src/pages.rs`): every run of
/// the loader reaches it through the request, whatever reactive context it runs in. The work
/// runs in a task of its own, so a run dropped halfway (after its hold is taken, say) does not
/// take the result with it; every run waits for that one result.
#[cfg(feature = "ssr")]
#[derive(Clone, Default)]
pub struct BookingOnce(
    std::sync::Arc<
        tokio::sync::OnceCell<tokio::sync::watch::Receiver<Option<PageResult<BookingPage>>>>,
    >,
);

#[cfg(feature = "ssr")]
mod server {
    use leptos::prelude::*;

    use crate::model::errors::PageError;
    use crate::service::{Ctx, ServiceError};

    pub fn ctx() -> Result<Ctx, PageError> {
        use_context::<Ctx>().ok_or_else(|| {
            let lang = lang_ask().resolve(None, None);
            PageError::new(500, super::text::NOT_LOADED.get(lang))
        })
    }

    pub fn now() -> i64 {
        chrono::Utc::now().timestamp()
    }

    /// The zone the `slotbook_tz` cookie remembers, if the request sent one.
    pub fn remembered_zone() -> Option<String> {
        cookie(crate::model::public::ZONE_COOKIE)
    }

    /// What the request says about its language: `lang` of the query (a form post's page is
    /// rendered at its action, which carries it), the cookie, `Accept-Language`.
    pub fn lang_ask() -> super::LangAsk {
        let parts = use_context::<axum::http::request::Parts>();
        let param = parts.as_ref().and_then(|parts| {
            url::form_urlencoded::parse(parts.uri.query().unwrap_or_default().as_bytes())
                .find(|(key, _)| key == "lang")
                .map(|(_, value)| value.into_owned())
        });
        let accept = parts.as_ref().and_then(|parts| {
            parts
                .headers
                .get(axum::http::header::ACCEPT_LANGUAGE)
                .and_then(|v| v.to_str().ok())
                .map(str::to_string)
        });
        super::LangAsk {
            param,
            cookie: cookie(crate::domain::language::LANG_COOKIE),
            accept,
        }
    }

    /// The answer names its language (`Content-Language`, and `Vary` on what chose it), and a
    /// language picked with `lang=` is remembered in the visitor's cookie (DESIGN 2.9).
    pub fn speak(lang: super::Lang) {
        use axum::http::{HeaderValue, header};
        let Some(response) = use_context::<leptos_axum::ResponseOptions>() else {
            return;
        };
        response.insert_header(
            header::CONTENT_LANGUAGE,
            HeaderValue::from_static(lang.code()),
        );
        // One `Vary` for all of them (it replaces the zone cookie's `Vary: Cookie`).
        response.insert_header(
            header::VARY,
            HeaderValue::from_static("Accept-Language, Cookie"),
        );
        if let Some(picked) = lang_ask().picked() {
            let value = format!(
                "{}={}; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly",
                crate::domain::language::LANG_COOKIE,
                picked.code()
            );
            if let Ok(value) = HeaderValue::from_str(&value) {
                response.append_header(header::SET_COOKIE, value);
            }
        }
    }

    /// A cookie of the request.
    fn cookie(name: &str) -> Option<String> {
        let parts = use_context::<axum::http::request::Parts>()?;
        parts
            .headers
            .get_all(axum::http::header::COOKIE)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .find_map(|v| crate::service::auth::cookie_value(v, name))
            .map(str::to_string)
    }

    /// The booking page's visitor: the hold their cookie keeps and their address (the
    /// connection's peer, as the REST routes count it).
    pub fn visitor() -> crate::pages::public::Visitor {
        let parts = use_context::<axum::http::request::Parts>();
        let ip = parts
            .as_ref()
            .and_then(|parts| {
                parts
                    .extensions
                    .get::<axum::extract::ConnectInfo<std::net::SocketAddr>>()
                    .map(|info| info.0.ip().to_string())
            })
            .unwrap_or_else(|| "unknown".into());
        crate::pages::public::Visitor {
            hold_token: cookie(crate::model::public::HOLD_COOKIE),
            ip,
            speculative: parts.is_some_and(|parts| speculative(&parts.headers)),
        }
    }

    /// A browser's prefetch or prerender of a link nobody has followed yet (`Sec-Purpose:
    /// prefetch`, the older `Purpose` and `X-Moz`): it must not hold the time, or the visitor
    /// who then opens the form (or any other) finds it taken by nobody.
    fn speculative(headers: &axum::http::HeaderMap) -> bool {
        ["sec-purpose", "purpose", "x-purpose", "x-moz"]
            .iter()
            .filter_map(|name| headers.get(*name).and_then(|v| v.to_str().ok()))
            .any(|value| {
                let value = value.to_ascii_lowercase();
                value.contains("prefetch") || value.contains("preview")
            })
    }

    /// Keeps a new hold in the visitor's cookie for as long as it lasts.
    pub fn keep_hold(page: &crate::model::public::BookingPage) {
        use axum::http::{HeaderValue, header};
        let Some(hold) = page.form.as_ref().and_then(|f| f.hold.as_ref()) else {
            return;
        };
        if !hold.new {
            return;
        }
        let value = format!(
            "{}={}; Path=/; Max-Age={}; HttpOnly; SameSite=Lax",
            crate::model::public::HOLD_COOKIE,
            hold.token,
            hold.seconds_left.max(1)
        );
        if let (Some(response), Ok(value)) = (
            use_context::<leptos_axum::ResponseOptions>(),
            HeaderValue::from_str(&value),
        ) {
            response.append_header(header::SET_COOKIE, value);
        }
    }

    /// Not found becomes `None` (the page's 404); anything else is an error page.
    pub fn found<T>(result: Result<T, ServiceError>) -> Result<Option<T>, PageError> {
        match result {
            Ok(value) => Ok(Some(value)),
            Err(ServiceError::NotFound) => Ok(None),
            // A private link used up, expired or revoked: 410 with its message, no times.
            Err(gone @ ServiceError::Gone { .. }) => {
                let lang = lang_ask().resolve(None, None);
                Err(PageError::new(410, gone.said_in(lang)))
            }
            Err(e) => {
                tracing::error!(error = %e, "public page failed");
                let lang = lang_ask().resolve(None, None);
                Err(PageError::new(503, super::text::NOT_LOADED.get(lang)))
            }
        }
    }
}

/// A page loader: called while the page renders on the server, never an endpoint.
pub async fn load_landing(calendar: String) -> PageResult<LandingPage> {
    #[cfg(feature = "ssr")]
    {
        let ctx = server::ctx()?;
        let ask = server::lang_ask();
        server::found(crate::pages::public::landing(&ctx, &calendar, &ask).await)
    }
    #[cfg(not(feature = "ssr"))]
    {
        let _ = (calendar,);
        Err(PageError::rendered_on_the_server())
    }
}

/// A page loader: called while the page renders on the server, never an endpoint.
pub async fn load_booking(
    calendar: String,
    event: String,
    query: BookingQuery,
) -> PageResult<BookingPage> {
    #[cfg(feature = "ssr")]
    {
        let ctx = server::ctx()?;
        let query = BookingQuery {
            remembered_tz: server::remembered_zone(),
            ..query
        };
        let (now, visitor, ask) = (server::now(), server::visitor(), server::lang_ask());
        // Boxed: the page's future is large, and this one is moved into a task and a
        // `Suspend` (a move copies a future's whole size: a tenth of the page's time).
        let work = async move {
            server::found(
                Box::pin(crate::pages::public::booking(
                    &ctx, &calendar, &event, &query, now, visitor, &ask,
                ))
                .await,
            )
        };
        let once = use_context::<axum::http::request::Parts>()
            .and_then(|parts| parts.extensions.get::<BookingOnce>().cloned());
        let page = match once {
            Some(once) => {
                let mut done = once
                    .0
                    .get_or_init(|| async move {
                        let (tx, rx) = tokio::sync::watch::channel(None);
                        tokio::spawn(async move {
                            let _ = tx.send(Some(work.await));
                        });
                        rx
                    })
                    .await
                    .clone();
                match done.wait_for(Option::is_some).await {
                    Ok(result) => result.clone().unwrap_or(Ok(None)),
                    // The task ended without an answer (it panicked): the page says so.
                    Err(_) => Err(PageError::new(
                        503,
                        text::NOT_LOADED.get(server::lang_ask().resolve(None, None)),
                    )),
                }
            }
            None => work.await,
        };
        if let Ok(Some(page)) = &page {
            server::keep_hold(page);
        }
        page
    }
    #[cfg(not(feature = "ssr"))]
    {
        let _ = (calendar, event, query);
        Err(PageError::rendered_on_the_server())
    }
}

/// A page loader: called while the page renders on the server, never an endpoint.
pub async fn load_manage(hash: String) -> PageResult<ManagePage> {
    #[cfg(feature = "ssr")]
    {
        let ctx = server::ctx()?;
        let ask = server::lang_ask();
        server::found(crate::pages::public::manage(&ctx, &hash, server::now(), &ask).await)
    }
    #[cfg(not(feature = "ssr"))]
    {
        let _ = (hash,);
        Err(PageError::rendered_on_the_server())
    }
}

/// A page loader: called while the page renders on the server, never an endpoint.
pub async fn load_waitlist_offer(token: String) -> PageResult<WaitlistOfferPage> {
    #[cfg(feature = "ssr")]
    {
        let ctx = server::ctx()?;
        let ask = server::lang_ask();
        server::found(crate::pages::public::offer_page(&ctx, &token, server::now(), &ask).await)
    }
    #[cfg(not(feature = "ssr"))]
    {
        let _ = (token,);
        Err(PageError::rendered_on_the_server())
    }
}

/// A page loader: called while the page renders on the server, never an endpoint.
pub async fn load_waitlist_leave(hash: String, joined: bool) -> PageResult<WaitlistLeavePage> {
    #[cfg(feature = "ssr")]
    {
        let ctx = server::ctx()?;
        let ask = server::lang_ask();
        server::found(crate::pages::public::leave_page(&ctx, &hash, joined, &ask).await)
    }
    #[cfg(not(feature = "ssr"))]
    {
        let _ = (hash, joined);
        Err(PageError::rendered_on_the_server())
    }
}

/// A page loader: called while the page renders on the server, never an endpoint.
pub async fn load_erase(hash: String, done: bool) -> PageResult<ErasePage> {
    #[cfg(feature = "ssr")]
    {
        let ctx = server::ctx()?;
        let ask = server::lang_ask();
        server::found(
            crate::pages::public::erase_page(&ctx, &hash, done, server::now(), &ask).await,
        )
    }
    #[cfg(not(feature = "ssr"))]
    {
        let _ = (hash, done);
        Err(PageError::rendered_on_the_server())
    }
}

/// A page loader: called while the page renders on the server, never an endpoint.
pub async fn load_cancel(hash: String) -> PageResult<CancelPage> {
    #[cfg(feature = "ssr")]
    {
        let ctx = server::ctx()?;
        let ask = server::lang_ask();
        server::found(crate::pages::public::cancel(&ctx, &hash, server::now(), &ask).await)
    }
    #[cfg(not(feature = "ssr"))]
    {
        let _ = (hash,);
        Err(PageError::rendered_on_the_server())
    }
}

/// A page loader: called while the page renders on the server, never an endpoint.
pub async fn load_reschedule(hash: String, query: BookingQuery) -> PageResult<ReschedulePage> {
    #[cfg(feature = "ssr")]
    {
        let ctx = server::ctx()?;
        let ask = server::lang_ask();
        server::found(
            crate::pages::public::reschedule(&ctx, &hash, &query, server::now(), &ask).await,
        )
    }
    #[cfg(not(feature = "ssr"))]
    {
        let _ = (hash, query);
        Err(PageError::rendered_on_the_server())
    }
}

/// The booking page's query as the router sees it.
fn booking_query() -> BookingQuery {
    let query = use_query_map();
    let map = query.read_untracked();
    BookingQuery::from_pairs(
        [
            "month", "date", "tz", "h12", "duration", "time", "embed", "link", "waitlist", "lang",
        ]
        .into_iter()
        .filter_map(|key| map.get_str(key).map(|value| (key, value)))
        .collect::<Vec<_>>(),
    )
}

/// A public page's data that knows the page's language.
pub trait Spoken {
    fn lang(&self) -> Lang;
}

/// The language of a page without data (the 404 and error pages): the request's choice.
fn request_lang() -> Lang {
    #[cfg(feature = "ssr")]
    {
        server::lang_ask().resolve(None, None)
    }
    #[cfg(not(feature = "ssr"))]
    {
        LangAsk::default().resolve(None, None)
    }
}

/// The page's language, provided by its route once its data is loaded.
fn lang() -> Lang {
    use_context::<Lang>().unwrap_or_default()
}

/// A page's view once its data is loaded: the page, the 404 page, or the error page, in the
/// page's language (provided to its components, named in the answer's headers).
fn found<T: Spoken>(
    result: Result<Option<T>, PageError>,
    page: impl FnOnce(T) -> leptos::tachys::view::any_view::AnyView,
) -> leptos::tachys::view::any_view::AnyView {
    let lang = match &result {
        Ok(Some(data)) => data.lang(),
        _ => request_lang(),
    };
    provide_context(lang);
    #[cfg(feature = "ssr")]
    server::speak(lang);
    match result {
        Ok(Some(data)) => page(data),
        Ok(None) => view! { <NotFoundPage /> }.into_any(),
        Err(e) => view! { <ErrorPage message=e.message.clone() status=e.status /> }.into_any(),
    }
}

use crate::ui::set_status;

/// Header, main and footer of every public page; only `main` in embed mode, where the page
/// may be framed and talks to its parent page (`EmbedBridge`). `booked` is the booking just
/// made or changed: (hash, start time in UTC), announced to the parent as `slotbook:booked`.
#[component]
fn Frame(
    embed: bool,
    #[prop(default = None)] booked: Option<(String, String)>,
    /// The `theme` setting: `light`, `dark`, or empty for the visitor's preference.
    #[prop(into, default = String::new())]
    theme: String,
    /// The brand colour's inline style (see `domain::brand::accent_style`), or empty.
    #[prop(into, default = String::new())]
    accent: String,
    children: Children,
) -> impl IntoView {
    #[cfg(feature = "ssr")]
    if embed {
        crate::ui::allow_framing();
    }
    let (booked_hash, booked_start) = booked.unzip();
    let lang = lang();
    view! {
        <Html attr:lang=lang.code() attr:dir=lang.dir() />
        {embed.then(|| view! { <islands::EmbedBridge booked_hash booked_start /> })}
        <div class=format!("min-h-screen bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100 {}", crate::model::public::theme_class(&theme))
            style=(!accent.is_empty()).then_some(accent)>
            {(!embed).then(|| view! {
                <header class="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
                    <div class="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-2 px-4 py-3">
                        <span class="text-sm font-semibold tracking-tight text-slate-700 dark:text-slate-200">"slotbook"</span>
                        <LanguagePicker />
                    </div>
                </header>
            })}
            <main id="main" class="mx-auto max-w-5xl px-4 py-6 sm:py-10">{children()}</main>
            {(!embed).then(|| view! {
                <footer class="mx-auto max-w-5xl px-4 pb-8 text-xs text-slate-600 dark:text-slate-400">
                    {text::FOOTER.get(lang)}
                </footer>
            })}
            {embed.then(|| view! {
                <div class="mx-auto max-w-5xl px-4 pb-4"><LanguagePicker /></div>
            })}
        </div>
    }
}

/// The 404 page of the public pages.
#[component]
pub fn NotFoundPage() -> impl IntoView {
    set_status(404);
    view! {
        <Frame embed=false>
            <div class="mx-auto max-w-md py-16 text-center">
                <h1 class="text-2xl font-semibold">{text::NOT_FOUND_TITLE.get(lang())}</h1>
                <p class="mt-2 text-slate-600 dark:text-slate-300">{text::NOT_FOUND_BODY.get(lang())}</p>
            </div>
        </Frame>
    }
}

/// A page whose data could not be loaded (the database is away, ...).
#[component]
fn ErrorPage(message: String, status: u16) -> impl IntoView {
    set_status(status);
    let title = if status == 410 {
        text::LINK_GONE_TITLE
    } else {
        text::ERROR_TITLE
    }
    .get(lang());
    view! {
        <Frame embed=false>
            <div class="mx-auto max-w-md py-16 text-center" role="alert">
                <h1 class="text-2xl font-semibold">{title}</h1>
                <p class="mt-2 text-slate-600 dark:text-slate-300">{message}</p>
            </div>
        </Frame>
    }
}

/// "Language": a GET form to the page itself with every language (DESIGN 2.9); its hidden
/// inputs keep the page's view (every parameter of the address but `lang`). With JavaScript
/// the choice applies at once (`islands::InPlace`).
#[component]
fn LanguagePicker() -> impl IntoView {
    let current = lang();
    #[cfg(feature = "ssr")]
    let (path, keep) = {
        let parts = use_context::<axum::http::request::Parts>();
        let path = parts
            .as_ref()
            .map(|p| p.uri.path().to_string())
            .unwrap_or_default();
        let keep: Vec<(String, String)> = parts
            .as_ref()
            .map(|p| {
                url::form_urlencoded::parse(p.uri.query().unwrap_or_default().as_bytes())
                    .filter(|(key, _)| key != "lang")
                    .map(|(k, v)| (k.into_owned(), v.into_owned()))
                    .collect()
            })
            .unwrap_or_default();
        (path, keep)
    };
    #[cfg(not(feature = "ssr"))]
    let (path, keep): (String, Vec<(String, String)>) = (String::new(), Vec::new());
    view! {
        <form method="get" action=path class="flex flex-wrap items-center gap-2 text-sm" data-language-picker="">
            {keep.into_iter().map(|(name, value)| view! { <input type="hidden" name=name value=value /> }).collect_view()}
            <label for="language-select" class="text-slate-700 dark:text-slate-200">{text::LANGUAGE.get(current)}</label>
            <select id="language-select" name="lang" class="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900">
                {Lang::ALL.into_iter().map(|l| view! {
                    <option value=l.code() lang=l.code() selected={l == current}>{l.own_name()}</option>
                }).collect_view()}
            </select>
            <button type="submit" class="whitespace-nowrap rounded-md border border-slate-300 px-2 py-1 font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-sky-700 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800">
                {text::CHANGE_LANGUAGE.get(current)}
            </button>
        </form>
    }
}

/// Notices about query values that were not used.
#[component]
fn Notices(notices: Vec<String>) -> impl IntoView {
    (!notices.is_empty()).then(|| {
        view! {
            <div role="status" class="mb-4 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
                {notices.into_iter().map(|n| view! { <p>{n}</p> }).collect_view()}
            </div>
        }
    })
}

macro_rules! spoken {
    ($($page:ty => |$p:ident| $lang:expr),* $(,)?) => {
        $(impl Spoken for $page {
            fn lang(&self) -> Lang {
                let $p = self;
                $lang
            }
        })*
    };
}

spoken! {
    LandingPage => |p| p.lang,
    BookingPage => |p| p.lang,
    ManagePage => |p| p.lang,
    CancelPage => |p| p.booking.lang,
    ReschedulePage => |p| p.booking.lang,
    ErasePage => |p| p.lang,
    WaitlistOfferPage => |p| p.lang,
    WaitlistLeavePage => |p| p.lang,
}
