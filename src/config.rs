//! Settings, all from `SLOTBOOK_*` variables (and command-line flags for bind and database).

/// Default database: a SQLite file under `data/`, created on first start.
pub const DEFAULT_DATABASE_URL: &str = "sqlite://data/slotbook.db";
pub const DEFAULT_BIND: &str = "127.0.0.1:3000";

#[derive(Debug, Clone)]
pub struct Config {
    /// Address to listen on (`SLOTBOOK_BIND`).
    pub bind: String,
    /// `sqlite://…` or `postgres://…` (`SLOTBOOK_DATABASE_URL`).
    pub database_url: String,
    /// Base of public links (`SLOTBOOK_PUBLIC_URL`); defaults to `http://<bound address>`.
    pub public_url: Option<String>,
    /// Folder with `pkg/` (browser bundle, styles) and public files (`SLOTBOOK_SITE_ROOT`).
    pub site_root: String,
    /// Public booking creates per minute per IP, 0 = no limit (`SLOTBOOK_RATE_LIMIT_CREATE`).
    pub rate_limit_create: u32,
    /// Public reads per minute per IP, 0 = no limit (`SLOTBOOK_RATE_LIMIT_READ`).
    pub rate_limit_read: u32,
    /// SMTP server for email, e.g. `smtps://user:pass@smtp.example.com` (`SLOTBOOK_SMTP_URL`).
    pub smtp_url: Option<String>,
    /// Where emails go as `.eml` files when no SMTP server is set (`SLOTBOOK_MAIL_DIR`).
    pub mail_dir: String,
    /// How often idle workers look for due outbox items, in milliseconds (`SLOTBOOK_JOB_POLL_MS`).
    pub job_poll_ms: u64,
    /// Seconds a worker holds a claimed outbox item before another may retry it
    /// (`SLOTBOOK_OUTBOX_LEASE_SECONDS`): the delay before a crashed worker's items are redone.
    pub outbox_lease_seconds: i64,
    /// Deliver webhooks to loopback and private addresses too (`SLOTBOOK_WEBHOOK_ALLOW_PRIVATE`,
    /// off by default so a host cannot make the server probe its own network).
    pub webhook_allow_private: bool,
}

fn env(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.trim().is_empty())
}

fn env_u32(name: &str, default: u32) -> u32 {
    env(name)
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(default)
}

impl Config {
    /// Reads the environment; flags given on the command line override it afterwards.
    pub fn from_env() -> Config {
        Config {
            bind: env("SLOTBOOK_BIND").unwrap_or_else(|| DEFAULT_BIND.into()),
            database_url: database_url_from_env(),
            public_url: env("SLOTBOOK_PUBLIC_URL"),
            site_root: env("SLOTBOOK_SITE_ROOT")
                .or_else(|| env("LEPTOS_SITE_ROOT"))
                .unwrap_or_else(|| "target/site".into()),
            rate_limit_create: env_u32("SLOTBOOK_RATE_LIMIT_CREATE", 60),
            rate_limit_read: env_u32("SLOTBOOK_RATE_LIMIT_READ", 1200),
            smtp_url: env("SLOTBOOK_SMTP_URL"),
            mail_dir: env("SLOTBOOK_MAIL_DIR").unwrap_or_else(|| "data/mail".into()),
            job_poll_ms: u64::from(env_u32("SLOTBOOK_JOB_POLL_MS", 1000)),
            outbox_lease_seconds: i64::from(env_u32("SLOTBOOK_OUTBOX_LEASE_SECONDS", 120).max(1)),
            webhook_allow_private: env("SLOTBOOK_WEBHOOK_ALLOW_PRIVATE")
                .is_some_and(|v| matches!(v.trim(), "1" | "true" | "yes")),
        }
    }
}

/// `SLOTBOOK_DATABASE_URL`, or the embedded default. (`DATABASE_URL` is deliberately not read:
/// sqlx's build-time macros would try to connect to it.)
pub fn database_url_from_env() -> String {
    env("SLOTBOOK_DATABASE_URL").unwrap_or_else(|| DEFAULT_DATABASE_URL.into())
}
