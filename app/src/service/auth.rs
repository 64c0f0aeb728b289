//! Credentials: passwords (argon2), application passwords (SHA-256 of a 144-bit random
//! secret: high-entropy secrets need no slow hash, and Basic auth runs on every request) and
//! dashboard sessions (random token in an HttpOnly cookie, stored as its SHA-256 digest).

use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use sha2::{Digest, Sha256};

use crate::domain::audit::{AuditAction, AuthMethod, LoginRefusal};
use crate::model::settings::{SECURITY, SecuritySettings};
use crate::service::audit::{self, AuditEvent, Origin};
use crate::service::{Caller, Ctx, ServiceError, ServiceResult};
use crate::store::users::UserRow;
use crate::store::{Ex, StoreResult, app_passwords, now_epoch, sessions, users};

/// Name of the dashboard session cookie.
pub const SESSION_COOKIE: &str = "slotbook_session";

/// Why credentials were refused. Unknown logins and wrong secrets are not told apart, so
/// logins cannot be probed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AuthFailure {
    BadCredentials,
}

/// An argon2 hash (default parameters, a random salt) of `password`. A failure is an error,
/// never an empty hash that would be stored.
pub fn hash_password(password: &str) -> ServiceResult<String> {
    let failed =
        |e: argon2::password_hash::Error| ServiceError::Internal(format!("password hash: {e}"));
    let salt = SaltString::encode_b64(&rand::random::<[u8; 16]>()).map_err(failed)?;
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(failed)
}

pub fn verify_password(password: &str, stored: &str) -> bool {
    PasswordHash::new(stored).is_ok_and(|hash| {
        Argon2::default()
            .verify_password(password.as_bytes(), &hash)
            .is_ok()
    })
}

/// SHA-256 digest, hex encoded.
pub fn digest(secret: &str) -> String {
    hex::encode(Sha256::digest(secret.as_bytes()))
}

/// A new application password, `xxxx xxxx xxxx xxxx xxxx xxxx` (24 characters of a 62-letter
/// alphabet, grouped for reading; spaces are ignored when it is used).
pub fn new_app_password() -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    let bytes: [u8; 24] = rand::random();
    let chars: Vec<char> = bytes
        .iter()
        .map(|b| ALPHABET[(*b as usize) % ALPHABET.len()] as char)
        .collect();
    chars
        .chunks(4)
        .map(|c| c.iter().collect::<String>())
        .collect::<Vec<_>>()
        .join(" ")
}

fn normalise_app_password(secret: &str) -> String {
    secret.chars().filter(|c| !c.is_whitespace()).collect()
}

/// Creates an application password named `name` for `user_id` and answers its id and the
/// secret (shown once, stored hashed).
pub async fn add_app_password(ex: Ex<'_>, user_id: i64, name: &str) -> StoreResult<(i64, String)> {
    let secret = new_app_password();
    let id =
        app_passwords::insert(ex, user_id, name, &digest(&normalise_app_password(&secret))).await?;
    Ok((id, secret))
}

/// Checks HTTP Basic credentials: `login` (or email) and one of its application passwords.
/// A refusal is audited (`login.failed`, the account tried as actor when the login names one).
pub async fn authenticate_basic(
    ctx: &Ctx,
    login: &str,
    secret: &str,
    origin: &Origin,
) -> ServiceResult<Result<Caller, AuthFailure>> {
    if let Some(caller) = ctx.credentials.basic(login, secret) {
        return Ok(Ok(caller.at(origin.clone())));
    }
    let checked = check_basic(ctx, login, secret, origin).await?;
    if let Ok(caller) = &checked {
        ctx.credentials.keep_basic(login, secret, caller);
    }
    Ok(checked)
}

/// `Authorization: Bearer <application password>` (the MCP server's): the password alone names
/// its owner, then it is checked as Basic credentials of that owner (same cache, same audit).
pub async fn authenticate_bearer(
    ctx: &Ctx,
    secret: &str,
    origin: &Origin,
) -> ServiceResult<Result<Caller, AuthFailure>> {
    let owner = {
        let mut conn = ctx.store.conn().await?;
        match app_passwords::find(conn.ex(), &digest(&normalise_app_password(secret))).await? {
            Some(password) => users::find(conn.ex(), password.user_id).await?,
            None => None,
        }
    };
    match owner {
        Some(user) => authenticate_basic(ctx, &user.login, secret, origin).await,
        None => {
            refuse_unreadable(ctx, origin).await?;
            Ok(Err(AuthFailure::BadCredentials))
        }
    }
}

async fn check_basic(
    ctx: &Ctx,
    login: &str,
    secret: &str,
    origin: &Origin,
) -> ServiceResult<Result<Caller, AuthFailure>> {
    let mut conn = ctx.store.conn().await?;
    let found = app_passwords::find(conn.ex(), &digest(&normalise_app_password(secret))).await?;
    let owner = match &found {
        Some(password) => users::find(conn.ex(), password.user_id).await?,
        None => None,
    };
    drop(conn);
    let named = |user: &UserRow| {
        user.login.eq_ignore_ascii_case(login) || user.email.eq_ignore_ascii_case(login)
    };
    if let (Some(password), Some(user)) = (found, owner.filter(named)) {
        // Noted when the database is asked, at most once per cache period per client.
        let mut tx = ctx.store.begin().await?;
        app_passwords::mark_used(
            tx.ex(),
            password.id,
            now_epoch(),
            origin.ip.as_deref().unwrap_or_default(),
        )
        .await?;
        tx.commit().await?;
        return Ok(Ok(
            Caller::from_user(user, AuthMethod::AppPassword).at(origin.clone())
        ));
    }
    let tried = if login.contains('\0') {
        None
    } else {
        let mut conn = ctx.store.conn().await?;
        users::find_by_login_or_email(conn.ex(), login).await?
    };
    let event = AuditEvent::login(
        tried.map(|u| (u.id, u.login)),
        AuthMethod::AppPassword,
        origin.clone(),
        Some(LoginRefusal::BadCredentials),
        None,
    );
    audit::record_alone(ctx, &event).await?;
    Ok(Err(AuthFailure::BadCredentials))
}

/// An `Authorization` header that holds no readable Basic credential: a refused login of no
/// account, audited like any other.
pub async fn refuse_unreadable(ctx: &Ctx, origin: &Origin) -> ServiceResult<()> {
    let event = AuditEvent::login(
        None,
        AuthMethod::AppPassword,
        origin.clone(),
        Some(LoginRefusal::BadCredentials),
        None,
    );
    audit::record_alone(ctx, &event).await
}

/// An argon2 hash (default parameters) of a random password nobody knows. An unknown login is
/// verified against it, so it costs as much as a wrong password and timing cannot tell
/// whether an account exists.
static DUMMY_HASH: std::sync::LazyLock<String> =
    // Should hashing ever fail, an empty hash makes every unknown login fail at once: only
    // timing is lost, never access.
    std::sync::LazyLock::new(|| {
        hash_password(&hex::encode(rand::random::<[u8; 16]>())).unwrap_or_default()
    });

/// The stored hash a password is checked against: the user's, or the dummy one (also for a
/// user without a password, one single sign-on created, so that the answer takes as long).
/// The caller still refuses a user without a password whatever the dummy says.
pub fn hash_to_verify(user: Option<&UserRow>) -> &str {
    user.map(|u| u.password_hash.as_str())
        .filter(|hash| !hash.is_empty())
        .unwrap_or(DUMMY_HASH.as_str())
}

/// Whether a state-changing form post carries a positive same-site signal: an `Origin` naming
/// this host, or else `Sec-Fetch-Site: same-origin`. A post with neither is refused (login
/// CSRF): every browser that can submit a form sends one of them.
pub fn same_site_post(origin: Option<&str>, sec_fetch_site: Option<&str>, host: &str) -> bool {
    if let Some(origin) = origin {
        let origin_host = origin.split_once("://").map_or("", |(_, rest)| rest);
        return !host.is_empty() && origin_host.eq_ignore_ascii_case(host);
    }
    sec_fetch_site == Some("same-origin")
}

/// The caller behind a session token, with the session's CSRF token: a session seen within
/// the idle time and younger than its absolute limit. Asking the database marks it as seen.
pub async fn session_caller(
    ctx: &Ctx,
    token: &str,
    origin: &Origin,
) -> StoreResult<Option<(Caller, String)>> {
    if let Some((caller, csrf)) = ctx.credentials.session(token) {
        return Ok(Some((caller.at(origin.clone()), csrf)));
    }
    let now = now_epoch();
    let idle_since = now - ctx.accounts.session_idle_seconds;
    let mut tx = ctx.store.begin().await?;
    let Some(session) = sessions::touch(tx.ex(), &digest(token), now, idle_since).await? else {
        return Ok(None);
    };
    let user = users::find(tx.ex(), session.user_id).await?;
    let required = crate::store::settings::document::<SecuritySettings>(tx.ex(), SECURITY)
        .await?
        .unwrap_or_default()
        .requires_two_factor();
    tx.commit().await?;
    // A kept session is not asked about again for a few seconds: only when neither of its
    // limits can pass meanwhile (the idle one is reset by the next asking).
    let keep = crate::service::credentials::KEEP_FOR.as_secs() as i64;
    let cacheable = ctx.accounts.session_idle_seconds > 2 * keep && session.expires_at - now > keep;
    let found = user.map(|user| {
        let method = AuthMethod::parse(&session.method).unwrap_or(AuthMethod::Password);
        let must_set_up = required && method == AuthMethod::Password && !user.two_factor;
        let mut caller = Caller::from_user(user, method);
        caller.session_id = Some(session.id);
        caller.must_set_up_two_factor = must_set_up;
        (caller, session.csrf_token)
    });
    if let Some((caller, csrf)) = found.as_ref().filter(|_| cacheable) {
        ctx.credentials.keep_session(token, caller, csrf);
    }
    Ok(found.map(|(caller, csrf)| (caller.at(origin.clone()), csrf)))
}

/// "Log out": ends the session of `token` and audits it.
pub async fn end_session(ctx: &Ctx, token: &str, origin: &Origin) -> ServiceResult<()> {
    let caller = session_caller(ctx, token, origin).await?;
    ctx.credentials.forget_session(token);
    let mut tx = ctx.store.begin().await?;
    sessions::delete(tx.ex(), &digest(token)).await?;
    if let Some((caller, _)) = caller {
        let event = AuditEvent::by(&caller, AuditAction::Logout).target(
            "session",
            caller.session_id,
            caller.user.login.clone(),
        );
        audit::record(tx.ex(), &event).await?;
    }
    tx.commit().await?;
    Ok(())
}

/// The value of cookie `name` in a `Cookie` header.
pub fn cookie_value<'a>(cookie_header: &'a str, name: &str) -> Option<&'a str> {
    cookie_header.split(';').map(str::trim).find_map(|pair| {
        let (k, v) = pair.split_once('=')?;
        (k.trim() == name).then_some(v.trim())
    })
}

/// `Set-Cookie` for a session token (or its removal when `token` is `None`).
/// The cookie lives as long as the session may (`max_age` seconds); the server ends it sooner
/// when it is idle.
pub fn session_cookie(token: Option<&str>, secure: bool, max_age: i64) -> String {
    let secure = if secure { "; Secure" } else { "" };
    match token {
        Some(token) => format!(
            "{SESSION_COOKIE}={token}; Path=/; HttpOnly; SameSite=Lax; Max-Age={max_age}{secure}"
        ),
        None => format!("{SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0{secure}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_verify_only_against_their_own_hash() {
        let hash = hash_password("correct horse").expect("hash");
        assert!(hash.starts_with("$argon2"));
        assert!(verify_password("correct horse", &hash));
        assert!(!verify_password("wrong horse", &hash));
        assert!(!verify_password("correct horse", "not a hash"));
    }

    #[test]
    fn app_passwords_are_grouped_and_unique() {
        let a = new_app_password();
        assert_eq!(a.len(), 29);
        assert_eq!(a.split(' ').count(), 6);
        assert_ne!(a, new_app_password());
        assert_eq!(normalise_app_password("ab cd\tef"), "abcdef");
    }

    #[test]
    fn unknown_logins_are_verified_against_a_real_argon2_hash() {
        let dummy = PasswordHash::new(hash_to_verify(None)).expect("dummy is a PHC hash");
        let real_hash = hash_password("x").expect("hash");
        let real = PasswordHash::new(&real_hash).expect("real hash");
        assert_eq!(dummy.algorithm, real.algorithm);
        assert_eq!(dummy.params, real.params);
        assert!(!verify_password("", hash_to_verify(None)));
    }

    #[test]
    fn form_posts_need_a_same_site_signal() {
        let host = "127.0.0.1:3000";
        assert!(same_site_post(Some("http://127.0.0.1:3000"), None, host));
        assert!(same_site_post(None, Some("same-origin"), host));
        assert!(!same_site_post(None, None, host));
        assert!(!same_site_post(
            Some("https://evil.example"),
            Some("same-origin"),
            host
        ));
        assert!(!same_site_post(Some("null"), None, host));
        assert!(!same_site_post(None, Some("cross-site"), host));
        assert!(!same_site_post(None, Some("same-site"), host));
    }

    #[test]
    fn cookie_value_finds_the_named_cookie() {
        assert_eq!(
            cookie_value("a=1; slotbook_session=xyz; b=2", SESSION_COOKIE),
            Some("xyz")
        );
        assert_eq!(cookie_value("a=1", SESSION_COOKIE), None);
    }
}
