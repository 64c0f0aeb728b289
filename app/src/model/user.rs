//! Users as the dashboard and the REST API see them: the signed-in user, accounts, sessions
//! and application passwords.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SessionUser {
    pub id: i64,
    pub login: String,
    pub name: String,
    pub email: String,
    pub role: String,
    pub csrf_token: String,
    /// The language the dashboard speaks to this user (DESIGN 2.9): the profile's, else the
    /// browser's, else English.
    pub language: crate::domain::language::Lang,
}

/// A user account (DESIGN 2.10), never its password or secrets.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct User {
    pub id: i64,
    pub login: String,
    pub email: String,
    pub name: String,
    /// `administrator` or `host`.
    pub role: String,
    pub two_factor_enabled: bool,
    pub sso_linked: bool,
    /// RFC 3339.
    pub created_at: String,
    pub last_login_at: Option<String>,
}

/// `{user}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({"user": {"id": 7, "login": "sam", "email": "sam@example.org", "name": "Sam Lee", "role": "host", "two_factor_enabled": false, "sso_linked": false, "created_at": "2026-11-02T09:00:00+00:00", "last_login_at": "2026-11-20T08:12:40+00:00"}})))]
pub struct UserAnswer {
    pub user: User,
}

/// `{message, user}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({"message": "User has been created", "user": {"id": 7, "login": "sam", "email": "sam@example.org", "name": "Sam Lee", "role": "host", "two_factor_enabled": false, "sso_linked": false, "created_at": "2026-11-02T09:00:00+00:00", "last_login_at": "2026-11-20T08:12:40+00:00"}})))]
pub struct UserChanged {
    pub message: String,
    pub user: User,
}

/// `{users}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({"users": [{"id": 7, "login": "sam", "email": "sam@example.org", "name": "Sam Lee", "role": "host", "two_factor_enabled": false, "sso_linked": false, "created_at": "2026-11-02T09:00:00+00:00", "last_login_at": "2026-11-20T08:12:40+00:00"}]})))]
pub struct UserList {
    pub users: Vec<User>,
}

/// A dashboard session of the caller.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct SessionInfo {
    pub id: i64,
    /// The session making this request.
    pub current: bool,
    /// A short name from the User-Agent ("Firefox on Linux").
    pub browser: String,
    pub ip: String,
    pub user_agent: String,
    /// `password` or `oidc`.
    pub method: String,
    pub created_at: String,
    pub last_seen_at: String,
}

/// `{sessions}`, newest first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({"sessions": [{"id": 41, "current": true, "browser": "Firefox on Linux", "ip": "203.0.113.7", "user_agent": "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0", "method": "password", "created_at": "2026-11-20T08:12:40+00:00", "last_seen_at": "2026-11-20T09:30:02+00:00"}]})))]
pub struct SessionList {
    pub sessions: Vec<SessionInfo>,
}

/// `{message, ended}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({"message": "Other sessions have been ended", "ended": 2})))]
pub struct SessionsEnded {
    pub message: String,
    pub ended: i64,
}

/// An application password, never its secret or digest.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct AppPassword {
    pub id: i64,
    pub name: String,
    pub created_at: String,
    pub last_used_at: Option<String>,
    pub last_used_ip: Option<String>,
}

/// `{application_passwords}`, newest first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({"application_passwords": [{"id": 3, "name": "Zapier", "created_at": "2026-11-02T09:00:00+00:00", "last_used_at": "2026-11-20T07:00:00+00:00", "last_used_ip": "198.51.100.4"}]})))]
pub struct AppPasswordList {
    pub application_passwords: Vec<AppPassword>,
}

/// `{message, application_password, password}`: the password is shown this once.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({"message": "Application password has been created", "application_password": {"id": 4, "name": "Reporting", "created_at": "2026-11-20T09:31:00+00:00", "last_used_at": null, "last_used_ip": null}, "password": "Ab3d Ef6h Ij9k Lm2n Op5q Rs8t"})))]
pub struct AppPasswordCreated {
    pub message: String,
    pub application_password: AppPassword,
    pub password: String,
}

/// `POST /users`'s body.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({"login": "sam", "email": "sam@example.org", "name": "Sam Lee", "role": "host", "password": "a-long-passphrase"})))]
pub struct NewUserRequest {
    pub login: String,
    pub email: String,
    pub name: String,
    /// `administrator` or `host` (default).
    pub role: Option<String>,
    /// At least 8 characters; none: the user logs in by single sign-on.
    pub password: Option<String>,
}

/// `PUT /users/{id}`'s body.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({"role": "administrator"})))]
pub struct RoleRequest {
    pub role: String,
}

/// `POST /application-passwords`'s body.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({"name": "Zapier"})))]
pub struct AppPasswordRequest {
    pub name: String,
}

/// `/admin/settings/security` as rendered: two-factor login, the user's sessions and
/// application passwords.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SecurityPage {
    pub two_factor: bool,
    pub sessions: Vec<SessionLine>,
    pub app_passwords: Vec<AppPasswordLine>,
}

/// One session as the table shows it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SessionLine {
    pub id: i64,
    pub current: bool,
    pub browser: String,
    pub ip: String,
    /// "27 Nov 2026, 09:12 UTC".
    pub last_seen: String,
}

/// One application password as the table shows it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct AppPasswordLine {
    pub id: i64,
    pub name: String,
    pub created: String,
    /// "Never" when unused.
    pub last_used: String,
}

/// A new application password, shown once on the page that created it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NewAppPassword {
    pub name: String,
    pub password: String,
}

/// `/admin/settings/security/two-factor` as rendered: the set-up (while off) or the forms that
/// turn it off and renew the recovery codes (while on).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct TwoFactorPage {
    /// While off: the secret being set up.
    pub enrolment: Option<EnrolmentView>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct EnrolmentView {
    /// The base32 secret in groups of four.
    pub secret: String,
    pub url: String,
    /// The QR code, an inline SVG element drawn on the server.
    pub qr_svg: String,
}

/// Recovery codes, shown once on the page that made them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RecoveryCodes(pub Vec<String>);
