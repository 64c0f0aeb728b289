//! Settings, all from `SLOTBOOK_*` variables (and command-line flags for bind and database).
//! A variable that is set but unreadable (`SLOTBOOK_MAX_CONNECTIONS=lots`) stops the start with
//! its name, rather than being replaced by a default nobody asked for.

use std::time::Duration;

/// Default database: a SQLite file under `data/`, created on first start.
pub const DEFAULT_DATABASE_URL: &str = "sqlite://data/slotbook.db";
pub const DEFAULT_BIND: &str = "127.0.0.1:3000";

#[derive(Clone)]
pub struct Config {
    /// Address to listen on (`SLOTBOOK_BIND`).
    pub bind: String,
    /// `sqlite://…` or `postgres://…` (`SLOTBOOK_DATABASE_URL`).
    pub database_url: String,
    /// Database connections this process keeps at most (`SLOTBOOK_DATABASE_MAX_CONNECTIONS`;
    /// default 32 on PostgreSQL, 16 on SQLite).
    pub database_max_connections: Option<u32>,
    /// Base of public links (`SLOTBOOK_PUBLIC_URL`); defaults to `http://<bound address>`.
    pub public_url: Option<String>,
    /// Folder with `pkg/` (browser bundle, styles) and public files (`SLOTBOOK_SITE_ROOT`).
    pub site_root: String,
    /// Public booking creates per minute per IP, 0 = no limit (`SLOTBOOK_RATE_LIMIT_CREATE`).
    pub rate_limit_create: u32,
    /// Public reads per minute per IP, 0 = no limit (`SLOTBOOK_RATE_LIMIT_READ`).
    pub rate_limit_read: u32,
    /// Booking forms posted without a valid proof of work per client address and hour while
    /// the site asks for one; 0 = no limit (`SLOTBOOK_RATE_LIMIT_UNVERIFIED`, default 5).
    pub rate_limit_unverified: u32,
    /// Failed logins per minute per IP before it must wait, 0 = no limit
    /// (`SLOTBOOK_LOGIN_FAILURES_PER_MINUTE`).
    pub login_failures_per_minute: u32,
    /// SMTP server for email, e.g. `smtps://user:pass@smtp.example.com` (`SLOTBOOK_SMTP_URL`).
    pub smtp_url: Option<String>,
    /// Where emails go as `.eml` files when no SMTP server is set (`SLOTBOOK_MAIL_DIR`).
    pub mail_dir: String,
    /// SMS gateway: a JSON `POST {to, body}` to this URL (`SLOTBOOK_SMS_URL`).
    pub sms_url: Option<String>,
    /// Bearer token for the SMS gateway (`SLOTBOOK_SMS_TOKEN`); never logged.
    pub sms_token: Option<String>,
    /// Where text messages go as `.sms` files when no gateway is set (`SLOTBOOK_SMS_DIR`).
    pub sms_dir: String,
    /// How often idle workers look for due outbox items, in milliseconds (`SLOTBOOK_JOB_POLL_MS`).
    pub job_poll_ms: u64,
    /// Seconds a worker holds a claimed outbox item before another may retry it
    /// (`SLOTBOOK_OUTBOX_LEASE_SECONDS`): the delay before a crashed worker's items are redone.
    pub outbox_lease_seconds: i64,
    /// Send to loopback and private addresses too (`SLOTBOOK_ALLOW_PRIVATE_TARGETS`, alias
    /// `SLOTBOOK_WEBHOOK_ALLOW_PRIVATE`; off by default so a host cannot make the server probe
    /// its own network).
    pub allow_private_targets: bool,
    /// Each SMTP step of one email: connecting, the greeting, every command's reply
    /// (`SLOTBOOK_SMTP_TIMEOUT_SECONDS`).
    pub smtp_timeout: Duration,
    /// The server's reply once a message's content is sent (`SLOTBOOK_SMTP_DATA_TIMEOUT_SECONDS`,
    /// default 600: RFC 5321 gives servers 10 minutes). A message whose reply does not come in
    /// time may have arrived, so it is not sent again by itself.
    pub smtp_data_timeout: Duration,
    /// Whole webhook request, connect included (`SLOTBOOK_WEBHOOK_TIMEOUT_SECONDS`).
    pub webhook_timeout: Duration,
    /// Time a client has to send a request's headers (`SLOTBOOK_HEADER_TIMEOUT_SECONDS`); also
    /// how long an idle keep-alive connection stays open.
    pub header_timeout: Duration,
    /// Time a client has to send a request's body (`SLOTBOOK_BODY_TIMEOUT_SECONDS`).
    pub body_timeout: Duration,
    /// Time a request may take in all, body included (`SLOTBOOK_REQUEST_TIMEOUT_SECONDS`).
    pub request_timeout: Duration,
    /// Time a new connection has to send its first byte (`SLOTBOOK_FIRST_BYTE_TIMEOUT_SECONDS`).
    pub first_byte_timeout: Duration,
    /// Connections served at once, and connections waiting silent for their first byte
    /// (`SLOTBOOK_MAX_CONNECTIONS`; see `server.rs`).
    pub max_connections: usize,
    /// Connections served at once for one peer address (`SLOTBOOK_MAX_CONNECTIONS_PER_PEER`;
    /// 0 = no per-peer cap, for a server that sees only its reverse proxy).
    pub max_connections_per_peer: usize,
    /// SQLite: how often the write-ahead log is emptied into the database file
    /// (`SLOTBOOK_SQLITE_CHECKPOINT_SECONDS`; 0 = never).
    pub sqlite_checkpoint: Duration,
    /// How often the privacy retention pass runs, the first one this long after the start
    /// (`SLOTBOOK_RETENTION_INTERVAL_SECONDS`, DESIGN 2.11).
    pub retention_interval: Duration,
    /// Key sealing calendar credentials, 32 bytes in base64 (`SLOTBOOK_SECRET_KEY`); never logged.
    pub secret_key: Option<String>,
    /// Where the key is generated on first start when `secret_key` is unset
    /// (`SLOTBOOK_SECRET_KEY_FILE`, default `data/secret.key`).
    pub secret_key_file: String,
    /// Every call to a calendar server (`SLOTBOOK_CALENDAR_TIMEOUT_MS`, default 5000).
    pub calendar_timeout: Duration,
    /// Background sync period of external calendars (`SLOTBOOK_CALENDAR_SYNC_SECONDS`, default 300).
    pub calendar_sync: Duration,
    /// Password of the first administrator, made on the first start of an empty database
    /// (`SLOTBOOK_ADMIN_PASSWORD`; unset: one is generated and printed once). Never logged.
    pub admin_password: Option<String>,
    /// Every hold's length in seconds for events that hold times (`SLOTBOOK_HOLD_SECONDS`;
    /// unset: the event's `hold_minutes`; 0: no holds).
    pub hold_seconds: Option<i64>,
    /// Live holds per client address, 0 = no limit (`SLOTBOOK_HOLDS_PER_IP`, default 10).
    pub holds_per_ip: u32,
    /// Every waitlist offer's length in seconds (`SLOTBOOK_WAITLIST_OFFER_SECONDS`; unset: the
    /// event's `waitlist.offer_minutes`). For tests.
    pub waitlist_offer_seconds: Option<i64>,
    /// Seconds an MCP preview's confirm token lives (`SLOTBOOK_MCP_CONFIRM_SECONDS`, 600).
    pub mcp_confirm_seconds: i64,
    /// Bearer token of `GET /metrics` (`SLOTBOOK_METRICS_TOKEN`; unset: no metrics are kept and
    /// `/metrics` answers 404 like an unknown path). Never logged.
    pub metrics_token: Option<String>,
    /// Password login, the wait after failed logins, session and audit lifetimes
    /// (`SLOTBOOK_PASSWORD_LOGIN`, `SLOTBOOK_LOGIN_DELAY_*`, `SLOTBOOK_SESSION_*_SECONDS`,
    /// `SLOTBOOK_AUDIT_RETENTION_DAYS`).
    pub accounts: app::service::login::AccountSettings,
    /// OpenID Connect login (`SLOTBOOK_OIDC_ISSUER`, `_CLIENT_ID`, `_CLIENT_SECRET`, `_NAME`,
    /// `_CREATE_USERS`): on when the first three are set. The secret is never logged.
    pub sso: Option<app::service::sso::SsoSettings>,
}

impl Default for Config {
    /// The documented defaults, without reading the environment.
    fn default() -> Config {
        Config {
            bind: DEFAULT_BIND.into(),
            database_url: DEFAULT_DATABASE_URL.into(),
            database_max_connections: None,
            public_url: None,
            site_root: "target/site".into(),
            rate_limit_create: 60,
            rate_limit_read: 1200,
            rate_limit_unverified: 5,
            login_failures_per_minute: app::service::support::throttle::FAILED_LOGINS_PER_MINUTE,
            smtp_url: None,
            mail_dir: "data/mail".into(),
            sms_url: None,
            sms_token: None,
            sms_dir: "data/sms".into(),
            job_poll_ms: 1000,
            outbox_lease_seconds: 120,
            allow_private_targets: false,
            smtp_timeout: Duration::from_secs(30),
            smtp_data_timeout: Duration::from_secs(600),
            webhook_timeout: Duration::from_secs(10),
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(30),
            request_timeout: Duration::from_secs(60),
            first_byte_timeout: Duration::from_secs(3),
            max_connections: 1024,
            max_connections_per_peer: 128,
            sqlite_checkpoint: Duration::from_secs(60),
            retention_interval: Duration::from_secs(86_400),
            secret_key: None,
            secret_key_file: "data/secret.key".into(),
            calendar_timeout: Duration::from_millis(5000),
            calendar_sync: Duration::from_secs(300),
            admin_password: None,
            hold_seconds: None,
            holds_per_ip: 10,
            mcp_confirm_seconds: 600,
            waitlist_offer_seconds: None,
            metrics_token: None,
            accounts: app::service::login::AccountSettings::default(),
            sso: None,
        }
    }
}

fn env(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.trim().is_empty())
}

/// A number from `name`, or `default` when unset; an unreadable one is an error naming it.
fn env_number<T: std::str::FromStr>(name: &str, default: T) -> anyhow::Result<T> {
    match env(name) {
        None => Ok(default),
        Some(text) => text
            .trim()
            .parse()
            .map_err(|_| anyhow::anyhow!("{name} must be a whole number, not {:?}", text.trim())),
    }
}

fn env_seconds(name: &str, default: Duration) -> anyhow::Result<Duration> {
    let seconds = env_number(name, default.as_secs())?;
    if seconds == 0 {
        anyhow::bail!("{name} must be at least 1 second");
    }
    Ok(Duration::from_secs(seconds))
}

fn env_flag(name: &str) -> bool {
    env(name).is_some_and(|v| matches!(v.trim(), "1" | "true" | "yes"))
}

impl Config {
    /// Reads the environment; flags given on the command line override it afterwards.
    pub fn from_env() -> anyhow::Result<Config> {
        let d = Config::default();
        let sso = sso_from_env()?;
        Ok(Config {
            bind: env("SLOTBOOK_BIND").unwrap_or(d.bind),
            database_url: database_url_from_env(),
            database_max_connections: match env("SLOTBOOK_DATABASE_MAX_CONNECTIONS") {
                None => None,
                Some(_) => Some(env_number("SLOTBOOK_DATABASE_MAX_CONNECTIONS", 0)?.max(1)),
            },
            public_url: env("SLOTBOOK_PUBLIC_URL"),
            site_root: env("SLOTBOOK_SITE_ROOT")
                .or_else(|| env("LEPTOS_SITE_ROOT"))
                .unwrap_or(d.site_root),
            rate_limit_create: env_number("SLOTBOOK_RATE_LIMIT_CREATE", d.rate_limit_create)?,
            rate_limit_read: env_number("SLOTBOOK_RATE_LIMIT_READ", d.rate_limit_read)?,
            rate_limit_unverified: env_number(
                "SLOTBOOK_RATE_LIMIT_UNVERIFIED",
                d.rate_limit_unverified,
            )?,
            login_failures_per_minute: env_number(
                "SLOTBOOK_LOGIN_FAILURES_PER_MINUTE",
                d.login_failures_per_minute,
            )?,
            smtp_url: env("SLOTBOOK_SMTP_URL"),
            mail_dir: env("SLOTBOOK_MAIL_DIR").unwrap_or(d.mail_dir),
            sms_url: env("SLOTBOOK_SMS_URL"),
            sms_token: env("SLOTBOOK_SMS_TOKEN"),
            sms_dir: env("SLOTBOOK_SMS_DIR").unwrap_or(d.sms_dir),
            job_poll_ms: env_number("SLOTBOOK_JOB_POLL_MS", d.job_poll_ms)?,
            outbox_lease_seconds: env_number(
                "SLOTBOOK_OUTBOX_LEASE_SECONDS",
                d.outbox_lease_seconds,
            )?
            .max(1),
            allow_private_targets: env_flag("SLOTBOOK_ALLOW_PRIVATE_TARGETS")
                || env_flag("SLOTBOOK_WEBHOOK_ALLOW_PRIVATE"),
            smtp_timeout: env_seconds("SLOTBOOK_SMTP_TIMEOUT_SECONDS", d.smtp_timeout)?,
            smtp_data_timeout: env_seconds(
                "SLOTBOOK_SMTP_DATA_TIMEOUT_SECONDS",
                d.smtp_data_timeout,
            )?,
            webhook_timeout: env_seconds("SLOTBOOK_WEBHOOK_TIMEOUT_SECONDS", d.webhook_timeout)?,
            header_timeout: env_seconds("SLOTBOOK_HEADER_TIMEOUT_SECONDS", d.header_timeout)?,
            body_timeout: env_seconds("SLOTBOOK_BODY_TIMEOUT_SECONDS", d.body_timeout)?,
            request_timeout: env_seconds("SLOTBOOK_REQUEST_TIMEOUT_SECONDS", d.request_timeout)?,
            first_byte_timeout: env_seconds(
                "SLOTBOOK_FIRST_BYTE_TIMEOUT_SECONDS",
                d.first_byte_timeout,
            )?,
            max_connections: env_number("SLOTBOOK_MAX_CONNECTIONS", d.max_connections)?.max(1),
            max_connections_per_peer: env_number(
                "SLOTBOOK_MAX_CONNECTIONS_PER_PEER",
                d.max_connections_per_peer,
            )?,
            sqlite_checkpoint: env_seconds(
                "SLOTBOOK_SQLITE_CHECKPOINT_SECONDS",
                d.sqlite_checkpoint,
            )?,
            retention_interval: env_seconds(
                "SLOTBOOK_RETENTION_INTERVAL_SECONDS",
                d.retention_interval,
            )?,
            secret_key: env("SLOTBOOK_SECRET_KEY"),
            secret_key_file: env("SLOTBOOK_SECRET_KEY_FILE").unwrap_or(d.secret_key_file),
            calendar_timeout: Duration::from_millis(
                env_number("SLOTBOOK_CALENDAR_TIMEOUT_MS", 5000u64)?.max(1),
            ),
            calendar_sync: env_seconds("SLOTBOOK_CALENDAR_SYNC_SECONDS", d.calendar_sync)?,
            admin_password: env("SLOTBOOK_ADMIN_PASSWORD"),
            hold_seconds: match env("SLOTBOOK_HOLD_SECONDS") {
                None => None,
                Some(_) => Some(env_number("SLOTBOOK_HOLD_SECONDS", 0i64)?.max(0)),
            },
            holds_per_ip: env_number("SLOTBOOK_HOLDS_PER_IP", d.holds_per_ip)?,
            waitlist_offer_seconds: match env("SLOTBOOK_WAITLIST_OFFER_SECONDS") {
                None => None,
                Some(_) => Some(env_number("SLOTBOOK_WAITLIST_OFFER_SECONDS", 60i64)?.max(1)),
            },
            mcp_confirm_seconds: env_number("SLOTBOOK_MCP_CONFIRM_SECONDS", d.mcp_confirm_seconds)?
                .max(1),
            metrics_token: env("SLOTBOOK_METRICS_TOKEN"),
            accounts: accounts_from_env(d.accounts, sso.is_some())?,
            sso,
        })
    }
}

/// `SLOTBOOK_OIDC_*`: single sign-on is on when issuer, client id and secret are all set; some
/// but not all of them is a mistake that stops the start.
fn sso_from_env() -> anyhow::Result<Option<app::service::sso::SsoSettings>> {
    let names = [
        "SLOTBOOK_OIDC_ISSUER",
        "SLOTBOOK_OIDC_CLIENT_ID",
        "SLOTBOOK_OIDC_CLIENT_SECRET",
    ];
    let [issuer, client_id, client_secret] = names.map(env);
    let (Some(issuer), Some(client_id), Some(client_secret)) = (issuer, client_id, client_secret)
    else {
        if let Some(set) = names.iter().find(|name| env(name).is_some()) {
            let missing: Vec<&str> = names
                .iter()
                .copied()
                .filter(|name| env(name).is_none())
                .collect();
            anyhow::bail!(
                "{set} is set but {} is not: single sign-on needs all three",
                missing.join(" and ")
            );
        }
        return Ok(None);
    };
    let issuer = issuer.trim().to_string();
    if url::Url::parse(&issuer).map_or(true, |u| !matches!(u.scheme(), "http" | "https")) {
        anyhow::bail!("SLOTBOOK_OIDC_ISSUER must be an http or https URL, not {issuer:?}");
    }
    let create_users = app::domain::sso::AccountCreation::parse(
        &env("SLOTBOOK_OIDC_CREATE_USERS").unwrap_or_default(),
    )
    .map_err(|why| anyhow::anyhow!("SLOTBOOK_OIDC_CREATE_USERS: {why}"))?;
    Ok(Some(app::service::sso::SsoSettings {
        issuer,
        client_id: client_id.trim().to_string(),
        client_secret: client_secret.trim().to_string(),
        name: env("SLOTBOOK_OIDC_NAME")
            .map(|n| n.trim().to_string())
            .unwrap_or_else(|| app::service::sso::DEFAULT_NAME.into()),
        create_users,
    }))
}

/// DESIGN 2.10's variables; a malformed value stops the start naming its variable.
fn accounts_from_env(
    d: app::service::login::AccountSettings,
    sso_on: bool,
) -> anyhow::Result<app::service::login::AccountSettings> {
    let password_login = match env("SLOTBOOK_PASSWORD_LOGIN").as_deref().map(str::trim) {
        None | Some("on") => true,
        Some("off") => false,
        Some(other) => anyhow::bail!("SLOTBOOK_PASSWORD_LOGIN must be on or off, not {other:?}"),
    };
    if !password_login && !sso_on {
        // Nobody could log in to the dashboard.
        anyhow::bail!(
            "SLOTBOOK_PASSWORD_LOGIN=off needs single sign-on, which is not configured (SLOTBOOK_OIDC_ISSUER)"
        );
    }
    let positive = |name: &str, default: i64| -> anyhow::Result<i64> {
        let value = env_number(name, default)?;
        if value < 1 {
            anyhow::bail!("{name} must be at least 1");
        }
        Ok(value)
    };
    let delay = app::domain::audit::LoginDelay {
        after: positive("SLOTBOOK_LOGIN_DELAY_AFTER", d.delay.after)?,
        first_seconds: positive("SLOTBOOK_LOGIN_DELAY_SECONDS", d.delay.first_seconds)?,
        max_seconds: positive("SLOTBOOK_LOGIN_DELAY_MAX_SECONDS", d.delay.max_seconds)?,
    };
    let retention = env_number("SLOTBOOK_AUDIT_RETENTION_DAYS", d.audit_retention_days)?;
    if retention < 0 {
        anyhow::bail!("SLOTBOOK_AUDIT_RETENTION_DAYS must be 0 or more");
    }
    Ok(app::service::login::AccountSettings {
        password_login,
        delay,
        session_idle_seconds: positive("SLOTBOOK_SESSION_IDLE_SECONDS", d.session_idle_seconds)?,
        session_max_seconds: positive("SLOTBOOK_SESSION_MAX_SECONDS", d.session_max_seconds)?,
        audit_retention_days: retention,
    })
}

/// `SLOTBOOK_DATABASE_URL`, or the embedded default. (`DATABASE_URL` is deliberately not read:
/// sqlx's build-time macros would try to connect to it.)
pub fn database_url_from_env() -> String {
    env("SLOTBOOK_DATABASE_URL").unwrap_or_else(|| DEFAULT_DATABASE_URL.into())
}

/// Printed without the passwords of its URLs (the database's and the SMTP server's).
impl std::fmt::Debug for Config {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Config")
            .field("bind", &self.bind)
            .field("database_url", &redact_url(&self.database_url))
            .field("database_max_connections", &self.database_max_connections)
            .field("public_url", &self.public_url)
            .field("site_root", &self.site_root)
            .field("rate_limit_create", &self.rate_limit_create)
            .field("rate_limit_read", &self.rate_limit_read)
            .field("rate_limit_unverified", &self.rate_limit_unverified)
            .field("login_failures_per_minute", &self.login_failures_per_minute)
            .field("smtp_url", &self.smtp_url.as_deref().map(redact_url))
            .field("mail_dir", &self.mail_dir)
            .field("sms_url", &self.sms_url.as_deref().map(redact_url))
            .field("sms_token", &self.sms_token.as_ref().map(|_| "***"))
            .field("sms_dir", &self.sms_dir)
            .field("job_poll_ms", &self.job_poll_ms)
            .field("outbox_lease_seconds", &self.outbox_lease_seconds)
            .field("allow_private_targets", &self.allow_private_targets)
            .field("secret_key", &self.secret_key.as_ref().map(|_| "(set)"))
            .field("secret_key_file", &self.secret_key_file)
            .field("calendar_timeout", &self.calendar_timeout)
            .field("calendar_sync", &self.calendar_sync)
            .field(
                "admin_password",
                &self.admin_password.as_ref().map(|_| "(set)"),
            )
            .field("smtp_timeout", &self.smtp_timeout)
            .field("smtp_data_timeout", &self.smtp_data_timeout)
            .field("webhook_timeout", &self.webhook_timeout)
            .field("header_timeout", &self.header_timeout)
            .field("body_timeout", &self.body_timeout)
            .field("request_timeout", &self.request_timeout)
            .field("first_byte_timeout", &self.first_byte_timeout)
            .field("max_connections", &self.max_connections)
            .field("max_connections_per_peer", &self.max_connections_per_peer)
            .field("sqlite_checkpoint", &self.sqlite_checkpoint)
            .field("retention_interval", &self.retention_interval)
            .field(
                "metrics_token",
                &self.metrics_token.as_ref().map(|_| "(set)"),
            )
            .finish()
    }
}

/// `scheme://user:secret@host/...` with the secret replaced by `***`; other text as it is.
pub fn redact_url(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let authority_end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let (authority, path) = rest.split_at(authority_end);
    match authority.rsplit_once('@') {
        Some((userinfo, host)) => {
            let user = userinfo.split_once(':').map_or(userinfo, |(user, _)| user);
            let hidden = if userinfo.contains(':') { ":***" } else { "" };
            format!("{scheme}://{user}{hidden}@{host}{path}")
        }
        None => url.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_in_urls_never_reach_the_debug_output() {
        assert_eq!(
            redact_url("postgres://app:s3cret@db.internal:5432/slotbook?sslmode=require"),
            "postgres://app:***@db.internal:5432/slotbook?sslmode=require"
        );
        assert_eq!(
            redact_url("smtps://mailer:p%40ss@smtp.example.org"),
            "smtps://mailer:***@smtp.example.org"
        );
        assert_eq!(
            redact_url("sqlite://data/slotbook.db"),
            "sqlite://data/slotbook.db"
        );
        assert_eq!(redact_url("smtp://relay@host"), "smtp://relay@host");
        let config = Config {
            database_url: "postgres://app:s3cret@db/slotbook".into(),
            smtp_url: Some("smtp://u:hunter2@mail".into()),
            ..Config::default()
        };
        let shown = format!("{config:?}");
        assert!(
            !shown.contains("s3cret") && !shown.contains("hunter2"),
            "{shown}"
        );
        assert!(shown.contains("postgres://app:***@db/slotbook"));
    }
}
