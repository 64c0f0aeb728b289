//! The public pages' form posts and files. Pages themselves are Leptos routes (`app::ui`);
//! a form posts to the page's own address, so these handlers answer 303 to the next page on
//! success, or render the same page again with the values and messages (`FormState`).

use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::{Path, RawQuery, Request, State};
use axum::http::{HeaderValue, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use leptos::prelude::provide_context;

use app::domain::language::{LANG_COOKIE, LangAsk};
use app::model::public::{BookingQuery, FormState};
use app::pages::public::{self as public_pages, Submitted};
use app::service::ServiceError;

use crate::AppState;

mod desk;
mod feeds;
mod schedules;
mod settings;
mod setup;
mod sso;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/admin/bookings", post(desk::post_bulk))
        .route("/admin/bookings/{id}", post(desk::post_action))
        .route("/admin/waitlist", post(desk::post_waitlist))
        .route("/admin/privacy", post(desk::post_privacy))
        .route("/admin/availability", post(schedules::post_schedule))
        .route(
            "/admin/availability/{id}",
            post(schedules::post_schedule_change),
        )
        .route("/admin/settings", post(settings::post_settings))
        .route(
            "/admin/settings/calendars",
            post(settings::post_external_calendars),
        )
        .route("/admin/settings/security", post(settings::post_security))
        .route(
            "/admin/settings/security/two-factor",
            post(settings::post_two_factor),
        )
        .route("/admin/calendars", post(setup::post_calendar))
        .route("/admin/calendars/{id}", post(setup::post_event))
        .route(
            "/admin/calendars/{id}/events/{event_id}",
            post(setup::post_editor),
        )
        .route("/{calendar_slug}/{event_slug}", post(post_booking))
        .route("/booking/{hash}/cancel", post(post_cancel))
        .route("/booking/{hash}/erase", post(post_erase))
        .route("/booking/{hash}/reschedule", post(post_reschedule))
        .route("/booking/{hash}/ics", get(get_ics))
        .route("/waitlist/offer/{token}", post(post_claim))
        .route("/waitlist/leave/{hash}", post(post_leave))
        .route("/admin/bookings.csv", get(get_bookings_csv))
        .route("/admin/audit-log.csv", get(get_audit_log_csv))
        .route("/admin/privacy.json", get(get_personal_data))
        .route("/feeds/{file}", get(feeds::get_feed))
        .route("/login/oidc", get(sso::get_start))
        .route("/login/oidc/callback", get(sso::get_callback))
}

/// `/admin/bookings.csv`: the bookings list's current filter as CSV (the session is checked by
/// `admin_session_required`, which runs first).
async fn get_bookings_csv(
    State(state): State<AppState>,
    RawQuery(raw): RawQuery,
    parts: axum::http::request::Parts,
) -> Response {
    let (caller, pairs) =
        match download_caller(&state, &parts, raw, "/login?next=%2Fadmin%2Fbookings").await {
            Ok(found) => found,
            Err(answer) => return answer,
        };
    let q = app::model::dashboard::BookingsQuery::from_pairs(
        pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())),
    );
    let now = chrono::Utc::now().timestamp();
    let csv = app::pages::dashboard::bookings_csv(&state.ctx, &caller, &q, now).await;
    csv_download("bookings.csv", csv)
}

/// `/admin/audit-log.csv`: the audit log page's filters as CSV, for administrators (anyone else:
/// 404). The export is itself audited.
async fn get_audit_log_csv(
    State(state): State<AppState>,
    RawQuery(raw): RawQuery,
    parts: axum::http::request::Parts,
) -> Response {
    let (caller, pairs) =
        match download_caller(&state, &parts, raw, "/login?next=%2Fadmin%2Faudit-log").await {
            Ok(found) => found,
            Err(answer) => return answer,
        };
    let csv = app::pages::dashboard::audit_log_csv(&state.ctx, &caller, &pairs).await;
    csv_download("audit-log.csv", csv)
}

/// `/admin/privacy.json?email=E`: everything held about one address, as `GET /privacy/export`
/// answers it (administrators; anyone else 403). The export is audited.
async fn get_personal_data(
    State(state): State<AppState>,
    RawQuery(raw): RawQuery,
    parts: axum::http::request::Parts,
) -> Response {
    let (caller, pairs) =
        match download_caller(&state, &parts, raw, "/login?next=%2Fadmin%2Fprivacy").await {
            Ok(found) => found,
            Err(answer) => return answer,
        };
    let email = pairs
        .iter()
        .rev()
        .find(|(k, _)| k == "email")
        .map(|(_, v)| v.as_str())
        .unwrap_or_default();
    let exported = match app::service::privacy::address_for(&caller, email) {
        Ok(address) => app::service::privacy::export(&state.ctx, &caller, &address).await,
        Err(refusal) => Err(refusal),
    };
    match exported {
        Ok(data) => (
            [
                (header::CONTENT_TYPE, "application/json".to_string()),
                (
                    header::CONTENT_DISPOSITION,
                    "attachment; filename=\"personal-data.json\"".to_string(),
                ),
                (header::CACHE_CONTROL, "no-store".to_string()),
            ],
            axum::Json(data),
        )
            .into_response(),
        Err(e) => crate::api::error::ApiError::from(e).into_response(),
    }
}

/// The signed-in caller of a download and its query's pairs; else the answer: the login page
/// (coming back to `login`'s `next`) or the error.
async fn download_caller(
    state: &AppState,
    parts: &axum::http::request::Parts,
    raw: Option<String>,
    login: &str,
) -> Result<(app::service::Caller, Vec<(String, String)>), Response> {
    match session_of(state, &parts.headers, &parts.extensions).await {
        Ok(Some(caller)) => Ok((caller, pairs_of(raw.unwrap_or_default().as_bytes()))),
        Ok(None) => Err(see_other(login)),
        Err(e) => Err(crate::api::error::ApiError::from(ServiceError::from(e)).into_response()),
    }
}

/// A CSV file to download (never kept by caches: it holds personal data), or the refusal.
fn csv_download(file: &str, csv: Result<String, ServiceError>) -> Response {
    match csv {
        Ok(csv) => (
            [
                (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_string()),
                (
                    header::CONTENT_DISPOSITION,
                    format!("attachment; filename=\"{file}\""),
                ),
                (header::CACHE_CONTROL, "no-store".to_string()),
            ],
            csv,
        )
            .into_response(),
        Err(e) => crate::api::error::ApiError::from(e).into_response(),
    }
}

/// `/booking/{hash}?action=cancel|reschedule` (links of older emails) answers 303 to the page.
/// leptos_axum answers a server function's error 500 unless the function set a status itself,
/// which an error raised while reading its arguments (a body too large, a missing field) never
/// does: the answer then said 500 over a body that said 400. The status in the `PageError`
/// body is made the answer's.
pub async fn server_fn_status(request: Request, next: axum::middleware::Next) -> Response {
    let is_server_fn = request.uri().path().starts_with("/_app/");
    let mut response = next.run(request).await;
    if !is_server_fn {
        return response;
    }
    // A plain form post (login, its code, log out) is answered with a redirect: 303, "see the
    // page there with GET", as DESIGN 2.10 names it; leptos_axum says 302.
    if response.status() == StatusCode::FOUND {
        *response.status_mut() = StatusCode::SEE_OTHER;
        return response;
    }
    if response.status() != StatusCode::INTERNAL_SERVER_ERROR {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    let Ok(bytes) = axum::body::to_bytes(body, 64 * 1024).await else {
        return StatusCode::INTERNAL_SERVER_ERROR.into_response();
    };
    if let Ok(error) = serde_json::from_slice::<app::model::errors::PageError>(&bytes)
        && let Ok(status) = StatusCode::from_u16(error.status)
        && (status.is_client_error() || status.is_server_error())
    {
        parts.status = status;
    }
    Response::from_parts(parts, Body::from(bytes))
}

pub async fn legacy_actions(request: Request, next: axum::middleware::Next) -> Response {
    let path = request.uri().path();
    if let Some(hash) = path.strip_prefix("/booking/")
        && !hash.is_empty()
        && !hash.contains('/')
        && let Some(query) = request.uri().query()
    {
        let action = form_urlencoded::parse(query.as_bytes())
            .find(|(k, _)| k == "action")
            .map(|(_, v)| v.into_owned());
        if let Some(action @ ("cancel" | "reschedule")) = action.as_deref() {
            return see_other(&format!("/booking/{hash}/{action}"));
        }
    }
    next.run(request).await
}

/// `/admin` and below without a valid session answer 303 to `/login?next=<path and query>`,
/// and the login form returns there.
pub async fn admin_session_required(
    State(state): State<AppState>,
    request: Request,
    next: axum::middleware::Next,
) -> Response {
    let path = request.uri().path();
    if path == "/admin" || path.starts_with("/admin/") {
        let session = session_of(&state, request.headers(), request.extensions()).await;
        let setup = app::ui::session::TWO_FACTOR_SETUP;
        if let Ok(Some(caller)) = &session
            && caller.must_set_up_two_factor
            && path != setup
        {
            return see_other(setup);
        }
        // A database failure is the page's to show; only a missing session goes to login.
        if let Ok(None) = session {
            let target = request
                .uri()
                .path_and_query()
                .map_or("/admin", |p| p.as_str());
            let next: String = form_urlencoded::byte_serialize(target.as_bytes()).collect();
            return see_other(&format!("/login?next={next}"));
        }
        if let Ok(Some(caller)) = &session {
            let browser = request
                .headers()
                .get(header::ACCEPT_LANGUAGE)
                .and_then(|v| v.to_str().ok());
            let lang = app::service::settings::profile::user_language(
                caller.user.language.as_deref(),
                browser,
            );
            return app::texts::dashboard::speaking(lang, next.run(request)).await;
        }
    }
    next.run(request).await
}

/// The user of the request's dashboard session cookie; `None` without a valid session.
async fn session_of(
    state: &AppState,
    headers: &axum::http::HeaderMap,
    extensions: &axum::http::Extensions,
) -> Result<Option<app::service::Caller>, app::service::StoreError> {
    Ok(session_with_token(state, headers, extensions)
        .await?
        .map(|(caller, _)| caller))
}

/// The session's user (making this request) and its CSRF token.
async fn session_with_token(
    state: &AppState,
    headers: &axum::http::HeaderMap,
    extensions: &axum::http::Extensions,
) -> Result<Option<(app::service::Caller, String)>, app::service::StoreError> {
    use app::service::auth::{SESSION_COOKIE, cookie_value, session_caller};
    let token = headers
        .get(header::COOKIE)
        .and_then(|v| v.to_str().ok())
        .and_then(|cookies| cookie_value(cookies, SESSION_COOKIE));
    match token {
        Some(token) => session_caller(&state.ctx, token, &origin_of(headers, extensions)).await,
        None => Ok(None),
    }
}

/// The request's peer address and User-Agent.
fn origin_of(
    headers: &axum::http::HeaderMap,
    extensions: &axum::http::Extensions,
) -> app::service::audit::Origin {
    let ip = extensions
        .get::<axum::extract::ConnectInfo<std::net::SocketAddr>>()
        .map(|axum::extract::ConnectInfo(addr)| addr.ip().to_string())
        .unwrap_or_else(|| "unknown".into());
    app::service::audit::Origin::new(
        ip,
        headers
            .get(header::USER_AGENT)
            .and_then(|v| v.to_str().ok()),
    )
}

/// `application/x-www-form-urlencoded` pairs (a query or a posted form), decoded.
fn pairs_of(bytes: &[u8]) -> Vec<(String, String)> {
    form_urlencoded::parse(bytes)
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect()
}

async fn post_booking(
    State(state): State<AppState>,
    Path((calendar, event)): Path<(String, String)>,
    RawQuery(raw): RawQuery,
    request: Request,
) -> Response {
    let (parts, body) = request.into_parts();
    let q = query_of(raw.as_deref());
    let Some(form) = form_pairs(body).await else {
        return StatusCode::BAD_REQUEST.into_response();
    };
    let key = crate::api::auth::client_key(&parts);
    if let Some(refused) = over_create_limit(&state, &parts, &key, &form).await {
        return refused;
    }
    let ask = lang_ask(&parts, &form);
    let outcome = public_pages::submit_booking(
        &state.ctx,
        &calendar,
        &event,
        &q,
        &form,
        public_pages::Sender {
            ip: &key,
            unverified_posts: &state.unverified_posts,
            ask: &ask,
        },
    )
    .await;
    finish(&state, &parts, outcome, |hash| booked_path(hash, &q, &ask)).await
}

async fn post_cancel(
    State(state): State<AppState>,
    Path(hash): Path<String>,
    request: Request,
) -> Response {
    post_by_hash(&state, &hash, request, ByHash::Cancel).await
}

/// "Erase my data": ticked, the data goes and the erased page follows (DESIGN 2.11).
async fn post_erase(
    State(state): State<AppState>,
    Path(hash): Path<String>,
    request: Request,
) -> Response {
    let (parts, body) = request.into_parts();
    let Some(form) = form_pairs(body).await else {
        return StatusCode::BAD_REQUEST.into_response();
    };
    let outcome = public_pages::submit_erase(&state.ctx, &hash, &form).await;
    let ask = lang_ask(&parts, &form);
    finish(&state, &parts, outcome, |hash| {
        with_lang(format!("/booking/{hash}/erase?done=1"), &ask)
    })
    .await
}

async fn post_reschedule(
    State(state): State<AppState>,
    Path(hash): Path<String>,
    request: Request,
) -> Response {
    post_by_hash(&state, &hash, request, ByHash::Reschedule).await
}

/// The page again with 429 when the address is over the public create limit
/// (`SLOTBOOK_RATE_LIMIT_CREATE`), the entered values kept.
async fn over_create_limit(
    state: &AppState,
    parts: &axum::http::request::Parts,
    key: &str,
    form: &[(String, String)],
) -> Option<Response> {
    let retry_after = state.public_creates.check(key).err()?;
    state.ctx.metrics.booking_refused("too_many_requests");
    let state_form = FormState {
        message: Some(app::texts::too_many_bookings(retry_after.as_secs().max(1))),
        ..FormState::from_pairs(form)
    };
    let status = StatusCode::TOO_MANY_REQUESTS;
    Some(render(state, parts, &parts.uri, state_form, status).await)
}

/// "Book this time" on a waitlist offer's page: the booking's page follows.
async fn post_claim(
    State(state): State<AppState>,
    Path(token): Path<String>,
    request: Request,
) -> Response {
    let (parts, body) = request.into_parts();
    let Some(form) = form_pairs(body).await else {
        return StatusCode::BAD_REQUEST.into_response();
    };
    let key = crate::api::auth::client_key(&parts);
    if let Some(refused) = over_create_limit(&state, &parts, &key, &form).await {
        return refused;
    }
    let ask = lang_ask(&parts, &form);
    let outcome = public_pages::submit_claim(&state.ctx, &token, &form, &key, &ask).await;
    finish(&state, &parts, outcome, |hash| {
        with_lang(format!("/booking/{hash}"), &ask)
    })
    .await
}

/// "Leave the waitlist" on an entry's page: the page again, saying so.
async fn post_leave(
    State(state): State<AppState>,
    Path(hash): Path<String>,
    request: Request,
) -> Response {
    let (parts, body) = request.into_parts();
    let form = form_pairs(body).await.unwrap_or_default();
    let ask = lang_ask(&parts, &form);
    let outcome = public_pages::submit_leave(&state.ctx, &hash).await;
    finish(&state, &parts, outcome, |hash| {
        with_lang(format!("/waitlist/leave/{hash}"), &ask)
    })
    .await
}

/// What the attendee posts on a page of its booking.
enum ByHash {
    Cancel,
    Reschedule,
}

async fn post_by_hash(state: &AppState, hash: &str, request: Request, action: ByHash) -> Response {
    let (parts, body) = request.into_parts();
    let Some(form) = form_pairs(body).await else {
        return StatusCode::BAD_REQUEST.into_response();
    };
    let q = query_of(parts.uri.query());
    let ask = lang_ask(&parts, &form);
    let outcome = match action {
        ByHash::Cancel => public_pages::submit_cancel(&state.ctx, hash, &form, &ask).await,
        ByHash::Reschedule => {
            public_pages::submit_reschedule(&state.ctx, hash, &q, &form, &ask).await
        }
    };
    finish(state, &parts, outcome, |hash| booked_path(hash, &q, &ask)).await
}

/// `/booking/{hash}/ics`: the booking as an iCalendar file.
async fn get_ics(
    State(state): State<AppState>,
    Path(hash): Path<String>,
    request: Request,
) -> Response {
    let (parts, _) = request.into_parts();
    let ask = lang_ask(&parts, &[]);
    match public_pages::ics(&state.ctx, &hash, &ask).await {
        Ok(text) => (
            [
                (header::CONTENT_TYPE, "text/calendar; charset=utf-8"),
                (
                    header::CONTENT_DISPOSITION,
                    "attachment; filename=\"booking.ics\"",
                ),
                (header::CACHE_CONTROL, "no-store"),
            ],
            text,
        )
            .into_response(),
        Err(ServiceError::NotFound) => (StatusCode::NOT_FOUND, "Not found").into_response(),
        Err(e) => {
            tracing::error!(error = %e, "ics failed");
            crate::api::error::ApiError::from(e).into_response()
        }
    }
}

fn query_of(raw: Option<&str>) -> BookingQuery {
    let pairs = pairs_of(raw.unwrap_or_default().as_bytes());
    BookingQuery::from_pairs(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())))
}

/// The posted form's pairs; `None` when the body could not be read.
async fn form_pairs(body: Body) -> Option<Vec<(String, String)>> {
    // Forms are small; the router's body limit and time-out apply before this.
    let bytes: Bytes = axum::body::to_bytes(body, 256 * 1024).await.ok()?;
    Some(pairs_of(&bytes))
}

/// The manage page after a booking change, kept in embed mode and in the page's language.
fn booked_path(hash: &str, q: &BookingQuery, ask: &LangAsk) -> String {
    let path = if q.is_embed() {
        format!("/booking/{hash}?embed=1&booked=1")
    } else {
        format!("/booking/{hash}")
    };
    with_lang(path, ask)
}

/// What a posted public form says about its language (DESIGN 2.9): `lang` of its address
/// (every public form's action carries it) or of its fields, the cookie, `Accept-Language`.
fn lang_ask(parts: &axum::http::request::Parts, form: &[(String, String)]) -> LangAsk {
    let query = pairs_of(parts.uri.query().unwrap_or_default().as_bytes());
    let param = query
        .iter()
        .chain(form)
        .find(|(key, _)| key == "lang")
        .map(|(_, value)| value.clone());
    let cookie = parts
        .headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find_map(|v| app::service::auth::cookie_value(v, LANG_COOKIE))
        .map(str::to_string);
    let accept = parts
        .headers
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);
    LangAsk {
        param,
        cookie,
        accept,
    }
}

/// A redirect between public pages keeps the page's language: the one its form named.
fn with_lang(path: String, ask: &LangAsk) -> String {
    match ask.picked() {
        Some(lang) if path.contains('?') => format!("{path}&lang={}", lang.code()),
        Some(lang) => format!("{path}?lang={}", lang.code()),
        None => path,
    }
}

async fn finish(
    state: &AppState,
    request: &axum::http::request::Parts,
    outcome: Result<Submitted, ServiceError>,
    next: impl FnOnce(&str) -> String,
) -> Response {
    match outcome {
        Ok(Submitted::Done(hash)) => see_other(&next(&hash)),
        Ok(Submitted::Goto(path)) if path.contains("lang=") => see_other(&path),
        Ok(Submitted::Goto(path)) => see_other(&with_lang(path, &lang_ask(request, &[]))),
        Ok(Submitted::Refused {
            state: form,
            status,
            drop_time,
        }) => {
            let uri = if drop_time {
                without_time(&request.uri)
            } else {
                request.uri.clone()
            };
            let status = StatusCode::from_u16(status).unwrap_or(StatusCode::UNPROCESSABLE_ENTITY);
            render(state, request, &uri, form, status).await
        }
        // Unknown event or hash: the page itself answers its 404.
        Err(ServiceError::NotFound) => {
            render(
                state,
                request,
                &request.uri,
                FormState::default(),
                StatusCode::NOT_FOUND,
            )
            .await
        }
        Err(e) => {
            tracing::error!(error = %e, "form post failed");
            let lang = lang_ask(request, &[]).resolve(None, None);
            let form = FormState {
                message: Some(app::texts::NOT_SAVED.get(lang)),
                ..FormState::default()
            };
            render(
                state,
                request,
                &request.uri,
                form,
                StatusCode::SERVICE_UNAVAILABLE,
            )
            .await
        }
    }
}

fn see_other(location: &str) -> Response {
    let mut response = StatusCode::SEE_OTHER.into_response();
    if let Ok(value) = HeaderValue::from_str(location) {
        response.headers_mut().insert(header::LOCATION, value);
    }
    response
}

/// The address without `time=`: the day's remaining times instead of the form.
fn without_time(uri: &Uri) -> Uri {
    let mut pairs = pairs_of(uri.query().unwrap_or_default().as_bytes());
    pairs.retain(|(k, _)| k != "time");
    let query = form_urlencoded::Serializer::new(String::new())
        .extend_pairs(pairs)
        .finish();
    let text = if query.is_empty() {
        uri.path().to_string()
    } else {
        format!("{}?{query}", uri.path())
    };
    text.parse().unwrap_or_else(|_| uri.clone())
}

/// Renders the page at `uri` (as a GET of the posting visitor would: their cookies, their
/// address) with the posted form's state, answering `status`. The visitor's hold cookie keeps
/// their held time on the form shown again.
async fn render(
    state: &AppState,
    request: &axum::http::request::Parts,
    uri: &Uri,
    form: FormState,
    status: StatusCode,
) -> Response {
    let peer = request
        .extensions
        .get::<axum::extract::ConnectInfo<std::net::SocketAddr>>()
        .cloned();
    render_as(
        state,
        uri,
        &request.headers,
        peer,
        move || provide_context(form.clone()),
        status,
    )
    .await
}

/// Renders the page at `uri` as a GET with the request's cookie would, with what `provide`
/// puts in its context (the posted form's outcome), answering `status`.
async fn render_with(
    state: &AppState,
    uri: &Uri,
    headers: &axum::http::HeaderMap,
    provide: impl Fn() + Clone + Send + Sync + 'static,
    status: StatusCode,
) -> Response {
    render_as(state, uri, headers, None, provide, status).await
}

/// [`render_with`], as the connection `peer` asked.
async fn render_as(
    state: &AppState,
    uri: &Uri,
    headers: &axum::http::HeaderMap,
    peer: Option<axum::extract::ConnectInfo<std::net::SocketAddr>>,
    provide: impl Fn() + Clone + Send + Sync + 'static,
    status: StatusCode,
) -> Response {
    let ctx = state.ctx.clone();
    let assets = state.assets.clone();
    let options = state.leptos_options.clone();
    let handler = leptos_axum::render_app_async_with_context(
        move || {
            provide_context(ctx.clone());
            provide_context(assets.clone());
            provide();
        },
        move || app::shell(options.clone()),
    );
    let mut request = Request::new(Body::empty());
    *request.method_mut() = Method::GET;
    *request.uri_mut() = uri.clone();
    for name in [header::COOKIE, header::ACCEPT_LANGUAGE] {
        if let Some(value) = headers.get(&name) {
            request.headers_mut().insert(name, value.clone());
        }
    }
    if let Some(peer) = peer {
        request.extensions_mut().insert(peer);
    }
    request
        .extensions_mut()
        .insert(app::ui::public::BookingOnce::default());
    let mut response = handler(request).await;
    if response.status() != StatusCode::NOT_FOUND {
        *response.status_mut() = status;
    }
    // The answer to a form: it may hold what was typed (rendered as a GET above, the public
    // pages would otherwise say it may be stored).
    response.headers_mut().insert(
        header::CACHE_CONTROL,
        axum::http::HeaderValue::from_static("no-store"),
    );
    response
}
