//! `users`: hosts and administrators.

use super::{Ex, StoreResult, like_pattern, now_epoch, on};

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct UserRow {
    pub id: i64,
    pub login: String,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub display_name: String,
    pub password_hash: String,
    pub role: String,
    pub avatar_url: String,
    pub phone: String,
    pub created_at: i64,
    pub updated_at: i64,
    pub last_login_at: Option<i64>,
    /// Two-factor login (TOTP) is on.
    pub two_factor: bool,
    /// Linked to a subject of the single sign-on provider.
    pub sso_linked: bool,
    /// The profile's language code (DESIGN 2.9); `None`: the browser's.
    pub language: Option<String>,
}

impl UserRow {
    /// "First Last", falling back to the display name and then the login.
    pub fn full_name(&self) -> String {
        let full = format!("{} {}", self.first_name.trim(), self.last_name.trim());
        let full = full.trim();
        if !full.is_empty() {
            full.to_string()
        } else if !self.display_name.trim().is_empty() {
            self.display_name.trim().to_string()
        } else {
            self.login.clone()
        }
    }
}

pub struct NewUser<'a> {
    pub login: &'a str,
    pub email: &'a str,
    pub first_name: &'a str,
    pub last_name: &'a str,
    pub password_hash: &'a str,
    pub role: &'a str,
}

pub(super) const COLUMNS: &str = "id, login, email, first_name, last_name, display_name, password_hash, role, avatar_url, phone, created_at, updated_at, last_login_at, (totp_sealed IS NOT NULL) AS two_factor, (oidc_subject IS NOT NULL) AS sso_linked, language";

pub async fn insert(ex: Ex<'_>, user: &NewUser<'_>) -> StoreResult<i64> {
    let now = now_epoch();
    let display = format!("{} {}", user.first_name, user.last_name)
        .trim()
        .to_string();
    let id: i64 = on!(ex, c => sqlx::query_scalar(
        "INSERT INTO users (login, email, first_name, last_name, display_name, password_hash, role, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING id")
        .bind(user.login).bind(user.email).bind(user.first_name).bind(user.last_name)
        .bind(&display).bind(user.password_hash).bind(user.role).bind(now)
        .fetch_one(&mut *c).await)?;
    Ok(id)
}

pub async fn find(ex: Ex<'_>, id: i64) -> StoreResult<Option<UserRow>> {
    let sql = sqlx::AssertSqlSafe(format!("SELECT {COLUMNS} FROM users WHERE id = $1"));
    Ok(on!(ex, c => sqlx::query_as::<_, UserRow>(sql).bind(id).fetch_optional(&mut *c).await)?)
}

/// Finds a user by login or, failing that, by email (both compared case-insensitively).
pub async fn find_by_login_or_email(ex: Ex<'_>, login: &str) -> StoreResult<Option<UserRow>> {
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM users WHERE LOWER(login) = LOWER($1) OR LOWER(email) = LOWER($1)
         ORDER BY CASE WHEN LOWER(login) = LOWER($1) THEN 0 ELSE 1 END LIMIT 1"
    ));
    Ok(on!(ex, c => sqlx::query_as::<_, UserRow>(sql).bind(login).fetch_optional(&mut *c).await)?)
}

/// The user with this email address (compared case-insensitively).
pub async fn find_by_email(ex: Ex<'_>, email: &str) -> StoreResult<Option<UserRow>> {
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM users WHERE LOWER(email) = LOWER($1) ORDER BY id LIMIT 1"
    ));
    Ok(on!(ex, c => sqlx::query_as::<_, UserRow>(sql).bind(email).fetch_optional(&mut *c).await)?)
}

/// The existing logins (lowercase) that contain `part`, for picking a free one.
pub async fn logins_containing(ex: Ex<'_>, part: &str) -> StoreResult<Vec<String>> {
    Ok(on!(ex, c => sqlx::query_scalar(
        "SELECT LOWER(login) FROM users WHERE LOWER(login) LIKE $1 ESCAPE '\\'")
        .bind(like_pattern(part))
        .fetch_all(&mut *c).await)?)
}

pub async fn count(ex: Ex<'_>) -> StoreResult<i64> {
    Ok(on!(ex, c => sqlx::query_scalar("SELECT COUNT(*) FROM users").fetch_one(&mut *c).await)?)
}

/// Whether the database is a fresh install: no user, or only one administrator (the one
/// `serve` makes on its first start), and no calendar.
pub async fn is_fresh_install(ex: Ex<'_>) -> StoreResult<bool> {
    let (users, others, calendars): (i64, i64, i64) = on!(ex, c => sqlx::query_as(
        "SELECT (SELECT COUNT(*) FROM users),
                (SELECT COUNT(*) FROM users WHERE role <> 'administrator'),
                (SELECT COUNT(*) FROM calendars)")
        .fetch_one(&mut *c).await)?;
    Ok(users <= 1 && others == 0 && calendars == 0)
}

/// Users matching `search` on login, email, display, first or last name; at most `limit`.
pub async fn search(ex: Ex<'_>, search: &str, limit: i64) -> StoreResult<Vec<UserRow>> {
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM users
         WHERE $1 = '' OR LOWER(login) LIKE $2 ESCAPE '\\' OR LOWER(email) LIKE $2 ESCAPE '\\'
            OR LOWER(display_name) LIKE $2 ESCAPE '\\' OR LOWER(first_name) LIKE $2 ESCAPE '\\'
            OR LOWER(last_name) LIKE $2 ESCAPE '\\'
         ORDER BY id LIMIT $3"
    ));
    let pattern = like_pattern(search);
    Ok(
        on!(ex, c => sqlx::query_as::<_, UserRow>(sql).bind(search).bind(&pattern).bind(limit)
        .fetch_all(&mut *c).await)?,
    )
}

/// The users with these ids (missing ids are simply absent).
pub async fn find_many(ex: Ex<'_>, ids: &[i64]) -> StoreResult<Vec<UserRow>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let list = super::id_list(ids);
    // Only integers are interpolated, so the text is safe.
    let sql = sqlx::AssertSqlSafe(format!("SELECT {COLUMNS} FROM users WHERE id IN ({list})"));
    Ok(on!(ex, c => sqlx::query_as::<_, UserRow>(sql).fetch_all(&mut *c).await)?)
}

/// A user's own name and address (the display name follows the name).
pub async fn update_profile(
    ex: Ex<'_>,
    id: i64,
    first_name: &str,
    last_name: &str,
    email: &str,
) -> StoreResult<()> {
    let display = format!("{first_name} {last_name}").trim().to_string();
    on!(ex, c => sqlx::query(
        "UPDATE users SET first_name = $2, last_name = $3, display_name = $4, email = $5, updated_at = $6 WHERE id = $1")
        .bind(id).bind(first_name).bind(last_name).bind(&display).bind(email).bind(now_epoch())
        .execute(&mut *c).await.map(|_| ()))?;
    Ok(())
}

pub async fn set_password_hash(ex: Ex<'_>, id: i64, hash: &str) -> StoreResult<()> {
    on!(ex, c => sqlx::query("UPDATE users SET password_hash = $2, updated_at = $3 WHERE id = $1")
        .bind(id).bind(hash).bind(now_epoch())
        .execute(&mut *c).await.map(|_| ()))?;
    Ok(())
}

pub async fn set_role(ex: Ex<'_>, id: i64, role: &str) -> StoreResult<bool> {
    let changed = on!(ex, c => sqlx::query("UPDATE users SET role = $2, updated_at = $3 WHERE id = $1")
        .bind(id).bind(role).bind(now_epoch())
        .execute(&mut *c).await.map(|r| r.rows_affected()))?;
    Ok(changed > 0)
}

/// Every user, by id.
pub async fn all(ex: Ex<'_>) -> StoreResult<Vec<UserRow>> {
    let sql = sqlx::AssertSqlSafe(format!("SELECT {COLUMNS} FROM users ORDER BY id"));
    Ok(on!(ex, c => sqlx::query_as::<_, UserRow>(sql).fetch_all(&mut *c).await)?)
}

pub async fn set_last_login(ex: Ex<'_>, id: i64, at: i64) -> StoreResult<()> {
    on!(ex, c => sqlx::query("UPDATE users SET last_login_at = $2 WHERE id = $1")
        .bind(id).bind(at).execute(&mut *c).await.map(drop))?;
    Ok(())
}

/// Deletes a user: its sessions, application passwords and other own rows go with it (the
/// schema cascades); calendars and bookings stay, their host shown as deleted. Answers the
/// user as it was.
pub async fn delete(ex: Ex<'_>, id: i64) -> StoreResult<Option<UserRow>> {
    let sql = sqlx::AssertSqlSafe(format!(
        "DELETE FROM users WHERE id = $1 RETURNING {COLUMNS}"
    ));
    Ok(on!(ex, c => sqlx::query_as::<_, UserRow>(sql).bind(id).fetch_optional(&mut *c).await)?)
}

/// Sets the user's profile language (a code, or `None` for the browser's).
pub async fn set_language(ex: Ex<'_>, id: i64, language: Option<&str>) -> StoreResult<()> {
    on!(ex, c => sqlx::query("UPDATE users SET language = $2, updated_at = $3 WHERE id = $1")
        .bind(id).bind(language).bind(now_epoch()).execute(&mut *c).await.map(|_| ()))?;
    Ok(())
}
