//! Use cases. Each opens its transaction, calls store and domain, and commits; REST handlers
//! and server functions are thin adapters over these.

pub mod account;
pub mod agents;
pub mod app_passwords;
pub mod audit;
pub mod auth;
pub mod bookings;
pub mod calendars;
pub mod credentials;
pub mod deliveries;
pub mod events;
pub mod feeds;
pub mod hosts;
pub mod login;
pub mod notifications;
pub mod operations;
pub mod outbox;
pub mod privacy;
pub mod readiness;
pub mod reports;
pub mod schedules;
pub mod scrape;
pub mod sealed_data;
pub mod sessions;
pub mod settings;
pub mod slots;
pub mod sso;
pub mod support;
pub mod team_invitations;
pub mod two_factor;
pub mod users;
pub mod waitlist;

use crate::domain::access::{Capability, Role};
use crate::domain::audit::AuthMethod;
use crate::domain::validation::FieldErrors;
/// The database handle every use case is given (opened by the binary, shared by workers).
pub use crate::store::Store;
/// The storage layer's errors, which a use case may answer (`ServiceError::Store`).
pub use crate::store::StoreError;
use crate::store::users::UserRow;

/// What every use case needs: the database and where the service is reachable publicly.
/// One shared allocation: axum clones the state for every middleware and extractor of every
/// request, and a clone of the fields themselves (strings, a dozen `Arc`s) was a quarter of
/// the slot list's time (BENCHMARKS.md, "Where the slot list's time goes"). Read its fields
/// through `Deref`; set them (at start-up, before it is shared) through `DerefMut`.
#[derive(Clone, Debug)]
pub struct Ctx(std::sync::Arc<CtxFields>);

impl std::ops::Deref for Ctx {
    type Target = CtxFields;
    fn deref(&self) -> &CtxFields {
        &self.0
    }
}

impl std::ops::DerefMut for Ctx {
    /// Copies the fields first if another clone shares them (never at start-up).
    fn deref_mut(&mut self) -> &mut CtxFields {
        std::sync::Arc::make_mut(&mut self.0)
    }
}

/// The fields of a [`Ctx`].
#[derive(Clone, Debug)]
pub struct CtxFields {
    pub store: Store,
    /// Base of public links, such as `http://127.0.0.1:3000` (no trailing slash).
    pub public_url: String,
    /// Event definitions and schedules for the public slot routes.
    pub slot_cache: slots::SlotCache,
    /// Outgoing requests may go to loopback and private addresses (`SLOTBOOK_ALLOW_PRIVATE_TARGETS`).
    pub allow_private_targets: bool,
    /// When outbox items (reminders above all) are due.
    pub clock: Clock,
    /// Seals calendar passwords and feed URLs at rest.
    pub secrets: support::secrets::SecretBox,
    /// External calendars: time-out of each call and the background sync's period.
    pub calendars: CalendarSettings,
    /// Application passwords and sessions verified in the last seconds.
    pub credentials: std::sync::Arc<credentials::CredentialCache>,
    /// How long holds last and how many one address may have.
    pub holds: bookings::holds::HoldSettings,
    /// What `/metrics` reports; off unless `SLOTBOOK_METRICS_TOKEN` is set.
    pub metrics: support::metrics::Metrics,
    /// How accounts log in and how long sessions and audit entries last.
    pub accounts: login::AccountSettings,
    /// The OpenID Connect provider (`SLOTBOOK_OIDC_*`), when single sign-on is on.
    pub sso: Option<std::sync::Arc<sso::SingleSignOn>>,
}

/// How external calendars are read (`SLOTBOOK_CALENDAR_TIMEOUT_MS`,
/// `SLOTBOOK_CALENDAR_SYNC_SECONDS`).
#[derive(Debug, Clone, Copy)]
pub struct CalendarSettings {
    pub timeout: std::time::Duration,
    pub sync_seconds: i64,
}

impl Default for CalendarSettings {
    fn default() -> CalendarSettings {
        CalendarSettings {
            timeout: std::time::Duration::from_millis(5000),
            sync_seconds: 300,
        }
    }
}

/// The time the outbox workers go by: the system clock, which tests may move forward to make
/// reminders and retries due without waiting for them.
#[derive(Debug, Clone, Default)]
pub struct Clock {
    ahead: std::sync::Arc<std::sync::atomic::AtomicI64>,
}

impl Clock {
    /// Epoch seconds.
    pub fn now(&self) -> i64 {
        chrono::Utc::now().timestamp() + self.ahead.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Moves this clock (and every copy of it) `seconds` forward.
    pub fn advance(&self, seconds: i64) {
        self.ahead
            .fetch_add(seconds, std::sync::atomic::Ordering::Relaxed);
    }
}

impl Ctx {
    pub fn new(store: Store, public_url: &str) -> Ctx {
        Ctx(std::sync::Arc::new(CtxFields {
            store,
            public_url: public_url.trim_end_matches('/').to_string(),
            slot_cache: slots::SlotCache::default(),
            allow_private_targets: false,
            clock: Clock::default(),
            secrets: support::secrets::SecretBox::ephemeral(),
            calendars: CalendarSettings::default(),
            credentials: std::sync::Arc::default(),
            holds: bookings::holds::HoldSettings::default(),
            metrics: support::metrics::Metrics::off(),
            accounts: login::AccountSettings::default(),
            sso: None,
        }))
    }
}

/// The authenticated user on whose behalf a use case runs, and how they came: what an audit
/// entry says about its actor.
#[derive(Debug, Clone)]
pub struct Caller {
    pub user: UserRow,
    pub role: Role,
    /// How the caller authenticated.
    pub method: AuthMethod,
    /// The dashboard session making the request, when it is one.
    pub session_id: Option<i64>,
    /// The request's peer address and User-Agent (none from the command line).
    pub origin: audit::Origin,
    /// A password session of a user without two-factor login while the site requires it:
    /// only the set-up page is open to it.
    pub must_set_up_two_factor: bool,
}

impl Caller {
    /// The user acting through `method`, from no particular request (set `origin` for one).
    pub fn from_user(user: UserRow, method: AuthMethod) -> Caller {
        let role = Role::parse(&user.role).unwrap_or(Role::Host);
        Caller {
            user,
            role,
            method,
            session_id: None,
            origin: audit::Origin::default(),
            must_set_up_two_factor: false,
        }
    }

    /// This caller, making the request that `origin` describes.
    pub fn at(mut self, origin: audit::Origin) -> Caller {
        self.origin = origin;
        self
    }

    pub fn id(&self) -> i64 {
        self.user.id
    }

    pub fn can(&self, capability: Capability) -> bool {
        self.role.can(capability)
    }
}

/// Why a use case did not do what was asked. The REST layer maps each to the envelope.
#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    /// 422 `validation_failed`, with field errors.
    #[error("{message}")]
    Validation {
        message: String,
        errors: FieldErrors,
    },
    /// 422 with a business reason and a stable code.
    #[error("{message}")]
    Unprocessable { code: &'static str, message: String },
    /// 404: missing, or invisible to the caller.
    #[error("not found")]
    NotFound,
    /// 403: the caller may see the object but lacks the right for this action.
    #[error("{0}")]
    Forbidden(String),
    /// 400 with a stable code (`confirm_token_invalid`).
    #[error("{message}")]
    BadRequest {
        code: &'static str,
        message: &'static str,
    },
    /// 403 with its own code (`agents_not_allowed`).
    #[error("{message}")]
    Refused {
        code: &'static str,
        message: &'static str,
    },
    /// 409 with a stable code.
    #[error("{message}")]
    Conflict { code: &'static str, message: String },
    /// 409 `slot_unavailable`: the time is not offered; `reasons` are the engine's codes.
    #[error("{message}")]
    SlotUnavailable {
        message: String,
        reasons: Vec<serde_json::Value>,
    },
    /// 409 `series_unavailable`: some occurrences of a series are not offered; `dates` are
    /// theirs (`YYYY-MM-DD` in the request's zone, ascending), `reasons` the engine's codes.
    #[error("{message}")]
    SeriesUnavailable {
        message: String,
        dates: Vec<String>,
        reasons: Vec<serde_json::Value>,
    },
    /// 410 with a stable code: what was named existed and is no longer usable.
    #[error("{message}")]
    Gone { code: &'static str, message: String },
    /// 429 with a stable code: the caller is at a limit until `retry_after` seconds pass.
    #[error("{message}")]
    TooMany {
        code: &'static str,
        message: String,
        retry_after: u64,
    },
    #[error(transparent)]
    Store(#[from] StoreError),
    /// 500: something that cannot fail in practice did (the detail is logged, never answered).
    #[error("internal error: {0}")]
    Internal(String),
}

impl ServiceError {
    /// The code of the error envelope this error is answered with (what `/metrics` counts a
    /// refused create by).
    pub fn code(&self) -> &'static str {
        match self {
            ServiceError::Validation { .. } => "validation_failed",
            ServiceError::Unprocessable { code, .. }
            | ServiceError::Conflict { code, .. }
            | ServiceError::Gone { code, .. }
            | ServiceError::Refused { code, .. }
            | ServiceError::BadRequest { code, .. }
            | ServiceError::TooMany { code, .. } => code,
            ServiceError::NotFound => "not_found",
            ServiceError::Forbidden(_) => "rest_forbidden",
            ServiceError::SlotUnavailable { .. } => "slot_unavailable",
            ServiceError::SeriesUnavailable { .. } => "series_unavailable",
            ServiceError::Store(StoreError::NotFound) => "not_found",
            ServiceError::Store(StoreError::Busy) => "database_busy",
            ServiceError::Store(StoreError::Unavailable(_)) => "database_unavailable",
            ServiceError::Store(StoreError::Full(_)) => "insufficient_storage",
            ServiceError::Store(_) | ServiceError::Internal(_) => "internal_error",
        }
    }

    /// The refusal's headline as a page in `lang` shows it: English answers REST's message,
    /// another language the catalog's (a series' dates written as the language writes them).
    pub fn said_in(&self, lang: crate::texts::Lang) -> String {
        let dates = match self {
            ServiceError::SeriesUnavailable { dates, .. } => {
                let forms = crate::texts::cldr::Dates::new(lang, false);
                let written: Vec<String> = dates
                    .iter()
                    .map(|d| {
                        crate::domain::dates::parse_date(d)
                            .map_or_else(|| d.clone(), |date| forms.day_month_year(date))
                    })
                    .collect();
                crate::texts::listed(lang, written)
            }
            _ => String::new(),
        };
        crate::texts::refusal(lang, self.code(), &self.to_string(), &dates)
    }

    /// A validation failure whose headline is its first field message.
    pub fn invalid(errors: FieldErrors) -> ServiceError {
        let message = errors
            .first_message()
            .unwrap_or("Please fill up the required data")
            .to_string();
        ServiceError::Validation { message, errors }
    }

    /// A single-field validation failure.
    pub fn field(field: &str, rule: &str, message: &str) -> ServiceError {
        let mut errors = FieldErrors::new();
        errors.add(field, rule, message);
        ServiceError::invalid(errors)
    }

    pub fn forbidden() -> ServiceError {
        ServiceError::Forbidden(FORBIDDEN_MESSAGE.into())
    }
}

pub type ServiceResult<T> = Result<T, ServiceError>;

/// The message of a right the caller lacks (the reference's text).
pub const FORBIDDEN_MESSAGE: &str = "Sorry, you are not allowed to do that.";

/// A fresh random identifier with 128 bits of entropy, hex encoded (booking and calendar hashes).
pub fn random_hash() -> String {
    hex::encode(rand::random::<[u8; 16]>())
}
