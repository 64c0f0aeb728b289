//! slotbook server: builds config -> store -> router -> serve. Tests start the app through
//! the same [`Application::build`] on `127.0.0.1:0`.

#![recursion_limit = "256"]

pub mod api;
mod bare_refusals;
pub mod caching;
pub mod config;
pub mod demo;
pub mod jobs;
pub mod mcp;
pub mod observe;
pub mod pages;
pub mod server;

use std::future::Future;
use std::net::SocketAddr;

use app::service::Ctx;
use app::service::Store;
use app::service::support::throttle::{LoginThrottle, RequestLimiter};
use app::{App, shell};
use axum::Router;
use axum::extract::FromRef;
use axum::http::{Request, StatusCode, header};
use axum::routing::get;
use leptos::prelude::*;
use leptos_axum::{LeptosRoutes, generate_route_list};
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::request_id::{
    MakeRequestId, PropagateRequestIdLayer, RequestId, SetRequestIdLayer,
};

pub use config::Config;

/// Everything a request handler may need, in one shared allocation: axum clones the state
/// for every middleware and extractor of every request (see [`Ctx`]).
#[derive(Clone)]
pub struct AppState(std::sync::Arc<AppStateFields>);

impl std::ops::Deref for AppState {
    type Target = AppStateFields;
    fn deref(&self) -> &AppStateFields {
        &self.0
    }
}

/// The fields of an [`AppState`].
pub struct AppStateFields {
    pub ctx: Ctx,
    pub login_throttle: LoginThrottle,
    pub public_reads: RequestLimiter,
    pub public_creates: RequestLimiter,
    /// Booking forms posted without a valid proof of work, per address and hour, while the
    /// site asks for one (`SLOTBOOK_RATE_LIMIT_UNVERIFIED`).
    pub unverified_posts: RequestLimiter,
    pub leptos_options: LeptosOptions,
    /// The browser files' hashed names (`assets.txt` of the site root), for every page.
    pub assets: app::ui::assets::AssetNames,
    /// `SLOTBOOK_METRICS_TOKEN`: `/metrics` is routed only when it is set.
    pub metrics_token: Option<observe::MetricsToken>,
}

impl FromRef<AppState> for Ctx {
    fn from_ref(state: &AppState) -> Ctx {
        state.ctx.clone()
    }
}

impl FromRef<AppState> for LoginThrottle {
    fn from_ref(state: &AppState) -> LoginThrottle {
        state.login_throttle.clone()
    }
}

/// The limiter handlers ask for by type: unverified booking forms.
impl FromRef<AppState> for RequestLimiter {
    fn from_ref(state: &AppState) -> RequestLimiter {
        state.unverified_posts.clone()
    }
}

/// Leptos' page rendering asks for its options by type.
impl FromRef<AppState> for LeptosOptions {
    fn from_ref(state: &AppState) -> LeptosOptions {
        state.leptos_options.clone()
    }
}

/// How long one request to the single sign-on provider may take.
const SSO_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(10);

/// A bound, migrated, ready-to-serve application.
pub struct Application {
    listener: tokio::net::TcpListener,
    router: Router,
    /// The use cases' context (tests call use cases beside the HTTP surface).
    pub ctx: Ctx,
    mailer: jobs::mail::Mailer,
    sms: jobs::sms::SmsSender,
    jobs: jobs::JobSettings,
    limits: server::ServerLimits,
    pub store: Store,
    pub addr: SocketAddr,
    /// The workers' clock (tests move it forward to make reminders due).
    pub clock: app::service::Clock,
}

impl Application {
    /// Connects and migrates the database, binds the listener and builds the router.
    pub async fn build(config: Config) -> anyhow::Result<Application> {
        let store =
            Store::connect_with(&config.database_url, config.database_max_connections).await?;
        store.migrate().await?;
        let listener = tokio::net::TcpListener::bind(&config.bind).await?;
        let addr = listener.local_addr()?;
        let public_url = config
            .public_url
            .clone()
            .unwrap_or_else(|| format!("http://{addr}"));
        let leptos_options = LeptosOptions::builder()
            .output_name(app::ui::OUTPUT_NAME)
            .site_root(config.site_root.clone())
            .site_pkg_dir("pkg")
            .site_addr(addr)
            .build();
        let mut ctx = Ctx::new(store.clone(), &public_url);
        ctx.allow_private_targets = config.allow_private_targets;
        ctx.secrets = app::service::support::secrets::SecretBox::load(
            config.secret_key.as_deref(),
            std::path::Path::new(&config.secret_key_file),
        )?;
        app::service::operations::check_key(&store, &ctx.secrets).await?;
        store.seal_with(ctx.secrets.keys());
        app::service::sealed_data::seal_clear_data(&store).await?;
        if config.metrics_token.is_some() {
            ctx.metrics = app::service::support::metrics::Metrics::on(env!("CARGO_PKG_VERSION"));
        }
        ctx.holds = app::service::bookings::holds::HoldSettings {
            seconds: config.hold_seconds,
            per_ip: config.holds_per_ip,
            waitlist_offer_seconds: config.waitlist_offer_seconds,
        };
        ctx.accounts = config.accounts;
        if !config.accounts.password_login && config.sso.is_none() {
            anyhow::bail!("password login is off and single sign-on is not configured");
        }
        if let Some(settings) = config.sso.clone() {
            let sso = app::service::sso::SingleSignOn::new(settings, SSO_TIMEOUT)
                .map_err(anyhow::Error::msg)?;
            ctx.sso = Some(std::sync::Arc::new(sso));
        }
        ctx.calendars = app::service::CalendarSettings {
            timeout: config.calendar_timeout,
            sync_seconds: config.calendar_sync.as_secs().max(1) as i64,
        };
        let state = AppState(std::sync::Arc::new(AppStateFields {
            ctx,
            login_throttle: LoginThrottle::new(config.login_failures_per_minute),
            public_reads: RequestLimiter::per_minute(config.rate_limit_read),
            public_creates: RequestLimiter::per_minute(config.rate_limit_create),
            unverified_posts: RequestLimiter::per_hour(config.rate_limit_unverified),
            leptos_options,
            assets: app::ui::assets::AssetNames::read(std::path::Path::new(&config.site_root)),
            metrics_token: config
                .metrics_token
                .as_deref()
                .map(|token| observe::MetricsToken(token.into())),
        }));
        let mailer = jobs::mail::Mailer::new(
            config.smtp_url.as_deref(),
            &config.mail_dir,
            config.smtp_timeout,
            config.smtp_data_timeout,
        )?;
        let sms = jobs::sms::SmsSender::new(
            config.sms_url.as_deref(),
            config.sms_token.as_deref(),
            &config.sms_dir,
            config.webhook_timeout,
        )?;
        let ctx = state.ctx.clone();
        let clock = ctx.clock.clone();
        Ok(Application {
            listener,
            router: router(state, &config),
            ctx,
            mailer,
            sms,
            jobs: jobs::JobSettings {
                poll: std::time::Duration::from_millis(config.job_poll_ms.max(50)),
                lease: config.outbox_lease_seconds.max(1),
                allow_private_targets: config.allow_private_targets,
                webhook_timeout: config.webhook_timeout,
                sqlite_checkpoint: config.sqlite_checkpoint,
                retention_interval: config.retention_interval,
            },
            limits: server::ServerLimits {
                header_timeout: config.header_timeout,
                first_byte_timeout: config.first_byte_timeout,
                max_connections: config.max_connections,
                max_connections_per_peer: config.max_connections_per_peer,
            },
            store,
            addr,
            clock,
        })
    }

    /// Serves until `shutdown` completes, then finishes open requests.
    pub async fn run_until_stopped(
        self,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> std::io::Result<()> {
        if self.ctx.metrics.is_on() {
            let metrics = self.ctx.metrics.clone();
            tokio::spawn(async move {
                loop {
                    tokio::time::sleep(std::time::Duration::from_secs(5)).await;
                    metrics.upkeep();
                }
            });
        }
        jobs::spawn(
            self.ctx.clone(),
            self.mailer.clone(),
            self.sms.clone(),
            self.jobs,
        );
        let result = server::serve(self.listener, self.router, self.limits, shutdown).await;
        self.store.close().await;
        result
    }
}

/// The whole HTTP surface: REST under `/api/v2`, the health check, the Leptos pages and
/// server functions, static files.
pub fn router(state: AppState, config: &Config) -> Router {
    let metrics = state.ctx.metrics.clone();
    let (api, _openapi) = api::router();
    let api = api.layer(axum::middleware::from_fn_with_state(
        state.clone(),
        api::auth::check_credentials,
    ));
    let routes = generate_route_list(App);
    let site = std::path::Path::new(&config.site_root);
    let assets = state.assets.clone();
    let context = {
        let ctx = state.ctx.clone();
        let throttle = state.login_throttle.clone();
        move || {
            provide_context(ctx.clone());
            provide_context(throttle.clone());
            provide_context(assets.clone());
        }
    };
    let options = state.leptos_options.clone();
    let dynamic = Router::new()
        .merge(pages::routes())
        .merge(mcp::routes(state.clone(), config))
        .nest("/api/v2", api)
        .route("/api", get(api::no_route).fallback(api::no_route))
        .route("/api/{*rest}", get(api::no_route).fallback(api::no_route))
        .route("/healthz", get(api::healthz))
        .route("/readyz", get(api::readyz))
        .leptos_routes_with_context(&state, routes, context.clone(), move || {
            shell(options.clone())
        })
        .layer(axum::middleware::from_fn(with_booking_once))
        .layer(axum::middleware::from_fn(observe::note_route))
        .fallback(leptos_axum::file_and_error_handler_with_context::<
            AppState,
            _,
        >(context, shell))
        .with_state(state.clone());
    // Files first: `/{calendar_slug}` and `/{calendar_slug}/{event_slug}` would otherwise take `/favicon.svg`
    // and `/pkg/...` for page addresses.
    let dynamic = if state.metrics_token.is_some() {
        dynamic.merge(
            Router::new()
                .route("/metrics", get(observe::metrics))
                .layer(axum::middleware::from_fn(observe::note_route))
                .with_state(state.clone()),
        )
    } else {
        dynamic
    };
    Router::new()
        .merge(caching::files(site).layer(axum::middleware::from_fn(observe::note_route)))
        .merge(dynamic)
        .layer(axum::middleware::from_fn_with_state(
            state,
            pages::admin_session_required,
        ))
        .layer(axum::middleware::from_fn(pages::legacy_actions))
        .layer(axum::middleware::from_fn(pages::server_fn_status))
        .layer(axum::middleware::from_fn_with_state(
            config.body_timeout,
            api::limits::body_deadline,
        ))
        .layer(tower_http::timeout::TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            config.request_timeout,
        ))
        .layer(axum::middleware::from_fn(api::limits::envelope_bare_errors))
        .layer(axum::middleware::from_fn(api::limits::check_request_size))
        .layer(CatchPanicLayer::custom(|_| {
            tracing::error!("handler panicked");
            axum::response::IntoResponse::into_response(api::error::ApiError::Internal)
        }))
        .layer(axum::middleware::from_fn_with_state(
            metrics,
            observe::observe,
        ))
        .layer(axum::middleware::from_fn(request_id_in_500))
        .layer(PropagateRequestIdLayer::x_request_id())
        .layer(SetRequestIdLayer::x_request_id(RandomRequestId))
        // Before the id is set: an unusable incoming id is dropped, so one is generated.
        .layer(axum::middleware::from_fn(drop_unusable_request_id))
        .layer(tower_http::set_header::SetResponseHeaderLayer::if_not_present(
            header::X_CONTENT_TYPE_OPTIONS,
            header::HeaderValue::from_static("nosniff"),
        ))
        // Pages set their own policy with a script nonce (see `app::ui::shell`); everything
        // else (JSON, files) runs no script and may not be framed.
        .layer(tower_http::set_header::SetResponseHeaderLayer::if_not_present(
            header::CONTENT_SECURITY_POLICY,
            header::HeaderValue::from_static("default-src 'none'; frame-ancestors 'none'"),
        ))
        .layer(axum::middleware::map_response(deny_framing))
        // Booking links carry the attendee's secret hash: never send them to other sites.
        .layer(tower_http::set_header::SetResponseHeaderLayer::if_not_present(
            header::REFERRER_POLICY,
            header::HeaderValue::from_static("same-origin"),
        ))
        .layer(tower_http::set_header::SetResponseHeaderLayer::if_not_present(
            header::HeaderName::from_static("permissions-policy"),
            header::HeaderValue::from_static(
                "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
            ),
        ))
        .layer(axum::middleware::map_response(caching::not_stored_unless_said))
        .layer(axum::middleware::from_fn(caching::compress_whole))
        .layer(caching::compression())
}

/// `X-Frame-Options: DENY` for older browsers, except on pages whose policy allows framing
/// (public pages in embed mode).
async fn deny_framing(mut response: axum::response::Response) -> axum::response::Response {
    let framable = response
        .headers()
        .get(header::CONTENT_SECURITY_POLICY)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|policy| policy.contains("frame-ancestors *"));
    if !framable && !response.headers().contains_key(header::X_FRAME_OPTIONS) {
        response.headers_mut().insert(
            header::X_FRAME_OPTIONS,
            header::HeaderValue::from_static("DENY"),
        );
    }
    response
}

/// An incoming `X-Request-Id` is kept when it is 1-64 characters of `[A-Za-z0-9._-]` (DESIGN
/// 2.11); anything else (too long, spaces, control or other characters, several of them) is
/// removed, and the answer gets a generated one: a log line never carries what a client made up
/// beyond that.
async fn drop_unusable_request_id(
    mut request: Request<axum::body::Body>,
    next: axum::middleware::Next,
) -> axum::response::Response {
    let values = request.headers().get_all("x-request-id");
    let mut values = values.iter();
    let usable = match (values.next(), values.next()) {
        (None, _) => true,
        (Some(value), None) => usable_request_id(value.as_bytes()),
        (Some(_), Some(_)) => false,
    };
    if !usable {
        request.headers_mut().remove("x-request-id");
    }
    next.run(request).await
}

/// Each request carries its own `BookingOnce`: the booking page's loader runs once per request.
async fn with_booking_once(
    mut request: Request<axum::body::Body>,
    next: axum::middleware::Next,
) -> axum::response::Response {
    request
        .extensions_mut()
        .insert(app::ui::public::BookingOnce::default());
    next.run(request).await
}

/// A 500's envelope names the request (`data.request_id`, DESIGN 2.11), so a report of it finds
/// its log lines; its detail stays in the log.
async fn request_id_in_500(
    request: Request<axum::body::Body>,
    next: axum::middleware::Next,
) -> axum::response::Response {
    let id = request.headers().get("x-request-id").cloned();
    let response = next.run(request).await;
    let Some(id) = id.and_then(|v| v.to_str().map(str::to_string).ok()) else {
        return response;
    };
    if response.status() != StatusCode::INTERNAL_SERVER_ERROR {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    // An envelope is a few hundred bytes; anything larger is not one.
    let Ok(bytes) = axum::body::to_bytes(body, 64 * 1024).await else {
        return axum::response::Response::from_parts(parts, axum::body::Body::empty());
    };
    let body = match serde_json::from_slice::<serde_json::Value>(&bytes) {
        Ok(mut envelope) if envelope["data"].is_object() => {
            envelope["data"]["request_id"] = serde_json::Value::String(id);
            parts.headers.remove(header::CONTENT_LENGTH);
            axum::body::Body::from(envelope.to_string())
        }
        _ => axum::body::Body::from(bytes),
    };
    axum::response::Response::from_parts(parts, body)
}

fn usable_request_id(id: &[u8]) -> bool {
    (1..=64).contains(&id.len())
        && id
            .iter()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'))
}

/// Request ids: 64 random bits, hex.
#[derive(Clone, Copy)]
struct RandomRequestId;

impl MakeRequestId for RandomRequestId {
    fn make_request_id<B>(&mut self, _: &Request<B>) -> Option<RequestId> {
        header::HeaderValue::from_str(&new_request_id())
            .ok()
            .map(RequestId::new)
    }
}

/// A new request id: 64 random bits, hex.
pub(crate) fn new_request_id() -> String {
    format!("{:016x}", rand_u64())
}

fn rand_u64() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    // RandomState is seeded per process from the OS; mixing in a counter gives distinct ids.
    static COUNTER: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u64(COUNTER.fetch_add(1, std::sync::atomic::Ordering::Relaxed));
    hasher.finish()
}

/// Completes on SIGINT or SIGTERM.
pub async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
    tracing::info!("shutting down");
}
