//! Logging in with a password (DESIGN 2.10): the per-account wait after failures in a row,
//! the session it starts, and the audit entry of every attempt.
//!
//! The wait is kept per account in the database, so every process and every address sees it:
//! while an account waits, each attempt for it is refused unchecked and uncounted, and after
//! the wait the right password logs in from anywhere. Nobody can lock another user out for
//! longer than the maximum wait.

use crate::domain::audit::{AuthMethod, LoginDelay, LoginRefusal};
use crate::service::audit::{self, AuditEvent, Origin};
use crate::service::auth::{digest, hash_to_verify, verify_password};
use crate::service::{Caller, Ctx, ServiceResult};
use crate::store::users::UserRow;
use crate::store::{login_failures, now_epoch, sessions, two_factor, users};

/// How accounts log in and how long sessions last (DESIGN 2.10's variables).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AccountSettings {
    /// `SLOTBOOK_PASSWORD_LOGIN`: password logins are accepted.
    pub password_login: bool,
    pub delay: LoginDelay,
    /// A session ends this long after its last request...
    pub session_idle_seconds: i64,
    /// ...and this long after its login, whatever happens.
    pub session_max_seconds: i64,
    /// Audit entries are kept this many days (0: forever).
    pub audit_retention_days: i64,
}

impl Default for AccountSettings {
    fn default() -> AccountSettings {
        AccountSettings {
            password_login: true,
            delay: LoginDelay::default(),
            session_idle_seconds: 86_400,
            session_max_seconds: 1_209_600,
            audit_retention_days: 365,
        }
    }
}

/// A login form's fields and where it came from.
#[derive(Clone)]
pub struct PasswordLogin {
    pub login: String,
    pub password: String,
    /// Where to go after logging in (a path of this site, checked by the caller).
    pub next: String,
    pub origin: Origin,
}

impl std::fmt::Debug for PasswordLogin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PasswordLogin")
            .field("origin", &self.origin)
            .finish_non_exhaustive()
    }
}

/// Why a login was refused, as the login page says it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LoginRefused {
    BadCredentials,
    /// The account waits this many more seconds.
    Wait(i64),
    PasswordLoginOff,
}

impl LoginRefused {
    pub fn message(self) -> String {
        match self {
            LoginRefused::BadCredentials => "The login or password is not correct.".into(),
            LoginRefused::Wait(seconds) => {
                format!("Too many failed logins. Try again in {seconds} seconds.")
            }
            LoginRefused::PasswordLoginOff => "Password login is turned off.".into(),
        }
    }

    pub fn status(self) -> u16 {
        match self {
            LoginRefused::BadCredentials => 401,
            LoginRefused::Wait(_) => 429,
            LoginRefused::PasswordLoginOff => 403,
        }
    }
}

/// A started session: the cookie's token (shown to the browser only) and its CSRF token.
pub struct Started {
    pub caller: Caller,
    pub token: String,
    pub csrf: String,
}

/// A right password: a session, or (two-factor login on) a pending login waiting for its code,
/// bound to this browser by the token of its cookie.
pub enum PasswordAccepted {
    Session(Box<Started>),
    CodeNeeded { pending_token: String },
}

/// How long a right password waits for its code.
pub const PENDING_SECONDS: i64 = 300;
/// The cookie of a pending login.
pub const PENDING_COOKIE: &str = "slotbook_pending";

/// Why a code was refused at login.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CodeRefused {
    BadCode,
    /// The pending login is gone (expired, used, or another browser's).
    Expired,
    /// The account waits this many more seconds.
    Wait(i64),
}

impl CodeRefused {
    pub fn message(self) -> String {
        match self {
            CodeRefused::BadCode => crate::service::two_factor::BAD_CODE.into(),
            CodeRefused::Expired => "The login has expired. Log in again.".into(),
            CodeRefused::Wait(seconds) => LoginRefused::Wait(seconds).message(),
        }
    }

    pub fn status(self) -> u16 {
        match self {
            CodeRefused::BadCode => 401,
            CodeRefused::Expired => 401,
            CodeRefused::Wait(_) => 429,
        }
    }
}

/// The key failures are counted under: the account, or (when no account matches) a digest of
/// the typed text, which may be a password and is never stored.
fn account_key(user: Option<&UserRow>, typed: &str) -> String {
    match user {
        Some(user) => format!("user:{}", user.id),
        None => format!("text:{}", digest(&typed.to_lowercase())),
    }
}

fn actor_of(user: Option<&UserRow>) -> Option<(i64, String)> {
    user.map(|u| (u.id, u.login.clone()))
}

/// Checks a login form and, when it is right, starts a session. Every attempt leaves one
/// audit entry.
pub async fn password_login(
    ctx: &Ctx,
    attempt: PasswordLogin,
) -> ServiceResult<Result<PasswordAccepted, LoginRefused>> {
    let typed = attempt.login.trim().to_string();
    // A NUL can match no login, and PostgreSQL refuses it in a query.
    let user = if typed.contains('\0') {
        None
    } else {
        let mut conn = ctx.store.conn().await?;
        users::find_by_login_or_email(conn.ex(), &typed).await?
    };
    let actor = actor_of(user.as_ref());
    let refuse = |reason: LoginRefusal| {
        AuditEvent::login(
            actor.clone(),
            AuthMethod::Password,
            attempt.origin.clone(),
            Some(reason),
            None,
        )
    };
    if !ctx.accounts.password_login {
        audit::record_alone(ctx, &refuse(LoginRefusal::PasswordLoginOff)).await?;
        return Ok(Err(LoginRefused::PasswordLoginOff));
    }
    let account = account_key(user.as_ref(), &typed);
    let now = now_epoch();
    let waiting = {
        let mut conn = ctx.store.conn().await?;
        login_failures::find(conn.ex(), &account).await?
    };
    if let Some(waiting) = waiting.filter(|f| f.wait_until > now) {
        audit::record_alone(ctx, &refuse(LoginRefusal::Delayed)).await?;
        return Ok(Err(LoginRefused::Wait(waiting.wait_until - now)));
    }
    // Argon2 is slow on purpose; run it off the async workers.
    let (password, checked_user) = (attempt.password.clone(), user.clone());
    let matches = tokio::task::spawn_blocking(move || {
        verify_password(&password, hash_to_verify(checked_user.as_ref()))
            && checked_user.is_some_and(|u| !u.password_hash.is_empty())
    })
    .await
    .unwrap_or(false);
    let Some(user) = user.filter(|_| matches) else {
        let mut tx = ctx.store.begin().await?;
        let failures = login_failures::add_failure(tx.ex(), &account, now).await?;
        let wait = ctx.accounts.delay.wait_after(failures);
        if wait > 0 {
            login_failures::set_wait(tx.ex(), &account, now + wait).await?;
        }
        audit::record(tx.ex(), &refuse(LoginRefusal::BadCredentials)).await?;
        tx.commit().await?;
        return Ok(Err(LoginRefused::BadCredentials));
    };
    if user.two_factor {
        // The password alone is not a login: no session, no reset of the count until the code.
        let pending_token = hex::encode(rand::random::<[u8; 32]>());
        let mut tx = ctx.store.begin().await?;
        two_factor::add_pending_login(
            tx.ex(),
            &digest(&pending_token),
            user.id,
            &attempt.next,
            now + PENDING_SECONDS,
        )
        .await?;
        tx.commit().await?;
        return Ok(Ok(PasswordAccepted::CodeNeeded { pending_token }));
    }
    let mut caller = Caller::from_user(user, AuthMethod::Password).at(attempt.origin);
    let mut tx = ctx.store.begin().await?;
    caller.must_set_up_two_factor = crate::service::settings::security::stored(tx.ex())
        .await?
        .requires_two_factor();
    login_failures::clear(tx.ex(), &account).await?;
    users::set_last_login(tx.ex(), caller.id(), now).await?;
    let started = start_session(ctx, tx.ex(), caller, now).await?;
    audit::record(
        tx.ex(),
        &AuditEvent::login(
            Some((started.caller.id(), started.caller.user.login.clone())),
            AuthMethod::Password,
            started.caller.origin.clone(),
            None,
            None,
        ),
    )
    .await?;
    tx.commit().await?;
    Ok(Ok(PasswordAccepted::Session(Box::new(started))))
}

/// The second step of a login with two-factor authentication: the pending login of this
/// browser (`pending_token`) and a TOTP or recovery code. A wrong code is a failed login of the
/// account (it counts toward the wait). Answers the session and where to go.
pub async fn code_login(
    ctx: &Ctx,
    pending_token: &str,
    code: &str,
    origin: Origin,
) -> ServiceResult<Result<(Started, String), CodeRefused>> {
    let now = now_epoch();
    let token_hash = digest(pending_token);
    let (pending, user) = {
        let mut conn = ctx.store.conn().await?;
        let pending = two_factor::pending_login(conn.ex(), &token_hash, now).await?;
        let user = match &pending {
            Some(p) => users::find(conn.ex(), p.user_id).await?,
            None => None,
        };
        (pending, user)
    };
    let (Some(pending), Some(user)) = (pending, user) else {
        return Ok(Err(CodeRefused::Expired));
    };
    let account = account_key(Some(&user), "");
    let actor = actor_of(Some(&user));
    let waiting = {
        let mut conn = ctx.store.conn().await?;
        login_failures::find(conn.ex(), &account).await?
    };
    if let Some(waiting) = waiting.filter(|f| f.wait_until > now) {
        let event = AuditEvent::login(
            actor,
            AuthMethod::Password,
            origin,
            Some(LoginRefusal::Delayed),
            None,
        );
        audit::record_alone(ctx, &event).await?;
        return Ok(Err(CodeRefused::Wait(waiting.wait_until - now)));
    }
    let mut tx = ctx.store.begin().await?;
    let Some(factor) = crate::service::two_factor::check_code(ctx, tx.ex(), &user, code).await?
    else {
        let failures = login_failures::add_failure(tx.ex(), &account, now).await?;
        let wait = ctx.accounts.delay.wait_after(failures);
        if wait > 0 {
            login_failures::set_wait(tx.ex(), &account, now + wait).await?;
        }
        let event = AuditEvent::login(
            actor,
            AuthMethod::Password,
            origin,
            Some(LoginRefusal::BadCode),
            None,
        );
        audit::record(tx.ex(), &event).await?;
        tx.commit().await?;
        return Ok(Err(CodeRefused::BadCode));
    };
    two_factor::delete_pending_login(tx.ex(), &token_hash, now).await?;
    login_failures::clear(tx.ex(), &account).await?;
    users::set_last_login(tx.ex(), user.id, now).await?;
    let caller = Caller::from_user(user, AuthMethod::Password).at(origin);
    let started = start_session(ctx, tx.ex(), caller, now).await?;
    let event = AuditEvent::login(
        actor,
        AuthMethod::Password,
        started.caller.origin.clone(),
        None,
        Some(factor.as_str()),
    );
    audit::record(tx.ex(), &event).await?;
    tx.commit().await?;
    Ok(Ok((started, pending.next_path)))
}

/// A new session for `caller` (who logged in through `caller.method`).
pub(crate) async fn start_session(
    ctx: &Ctx,
    ex: crate::store::Ex<'_>,
    mut caller: Caller,
    now: i64,
) -> ServiceResult<Started> {
    let token = hex::encode(rand::random::<[u8; 32]>());
    let csrf = hex::encode(rand::random::<[u8; 16]>());
    let id = sessions::insert(
        ex,
        &sessions::NewSession {
            user_id: caller.id(),
            token_hash: &digest(&token),
            csrf: &csrf,
            now,
            expires_at: now + ctx.accounts.session_max_seconds,
            ip: caller.origin.ip.as_deref().unwrap_or_default(),
            user_agent: caller.origin.user_agent.as_deref().unwrap_or_default(),
            method: caller.method.as_str(),
        },
    )
    .await?;
    caller.session_id = Some(id);
    Ok(Started {
        caller,
        token,
        csrf,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_say_what_the_login_page_says() {
        assert_eq!(
            LoginRefused::Wait(30).message(),
            "Too many failed logins. Try again in 30 seconds."
        );
        assert_eq!(LoginRefused::Wait(30).status(), 429);
        assert_eq!(
            LoginRefused::BadCredentials.message(),
            "The login or password is not correct."
        );
        assert_eq!(LoginRefused::PasswordLoginOff.status(), 403);
    }

    #[test]
    fn a_typed_login_is_kept_only_as_a_digest() {
        let key = account_key(None, "Hunter2-Password");
        assert!(!key.to_lowercase().contains("hunter2"));
        assert_eq!(key, account_key(None, "hunter2-password"));
    }

    #[test]
    fn a_login_attempt_never_shows_its_password() {
        let attempt = PasswordLogin {
            login: "ann".into(),
            password: "s3cret-words".into(),
            next: String::new(),
            origin: Origin::default(),
        };
        assert!(!format!("{attempt:?}").contains("s3cret"));
    }
}
