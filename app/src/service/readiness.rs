//! `GET /readyz` (DESIGN 2.11): whether this process can serve — the database answers and
//! carries every migration this binary knows. Each check has its own time-out, so the answer
//! comes within 5 s however the database fails, and each request checks afresh: readiness
//! comes back by itself with the database.

use std::time::Duration;

use crate::service::Ctx;
use crate::store::StoreError;

/// The longest one check may take (two checks stay within the 5 s DESIGN allows).
const CHECK_TIME: Duration = Duration::from_secs(2);

/// Each check: `ok`, or a short reason.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Checks {
    pub database: String,
    pub migrations: String,
}

impl Checks {
    pub fn ready(&self) -> bool {
        self.database == OK && self.migrations == OK
    }
}

const OK: &str = "ok";

pub async fn check(ctx: &Ctx) -> Checks {
    let database = match tokio::time::timeout(CHECK_TIME, ctx.store.ping()).await {
        Ok(Ok(())) => OK.to_string(),
        Ok(Err(e)) => reason(&e).to_string(),
        Err(_) => "no answer within 2 s".to_string(),
    };
    let migrations = if database == OK {
        match tokio::time::timeout(CHECK_TIME, ctx.store.migrations_missing()).await {
            Ok(Ok(0)) => OK.to_string(),
            Ok(Ok(n)) => format!("{n} not applied"),
            Ok(Err(e)) => reason(&e).to_string(),
            Err(_) => "no answer within 2 s".to_string(),
        }
    } else {
        "not checked: no database".to_string()
    };
    Checks {
        database,
        migrations,
    }
}

/// A short reason, never the driver's message (it may name hosts or users).
fn reason(error: &StoreError) -> &'static str {
    match error {
        StoreError::Busy => "busy",
        StoreError::Full(_) => "storage full",
        StoreError::Unavailable(_) => "unreachable",
        _ => "error",
    }
}
