//! Creating users (command line, first run, demo).

use crate::domain::access::Role;
use crate::domain::validation::{FieldErrors, MAX_TITLE_CHARS};
use crate::domain::values::is_valid_email;
use crate::service::auth::hash_password;
use crate::service::{Caller, ServiceError, ServiceResult};
use crate::store::users::{self, NewUser};
use crate::store::{Store, StoreError};

pub struct CreateUser {
    pub login: String,
    pub email: String,
    /// "First Last": the first word is the first name, the rest the last name.
    pub name: String,
    pub role: String,
    /// A random password is generated (and answered) when none is given.
    pub password: Option<String>,
}

/// A random password for accounts created without one.
pub fn random_password() -> String {
    hex::encode(rand::random::<[u8; 12]>())
}

/// Creates a user; answers its id and the password it was given.
pub async fn create_user(store: &Store, input: CreateUser) -> ServiceResult<(i64, String)> {
    let mut errors = FieldErrors::new();
    let login = input.login.trim();
    if login.is_empty()
        || login.len() > 60
        || !login
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "._-@".contains(c))
    {
        errors.add(
            "login",
            "format",
            "The login must be 1 to 60 letters, digits, dots, dashes, underscores or @",
        );
    }
    if !is_valid_email(input.email.trim()) {
        errors.add("email", "email", "Please provide a valid email address");
    }
    if input.name.chars().count() > MAX_TITLE_CHARS {
        errors.add("name", "max", "The name is too long");
    }
    // The name becomes an email sender's display name: one line, no control characters.
    crate::domain::text::check_text("name", &input.name, true, &mut errors);
    let Some(role) = Role::parse(&input.role) else {
        errors.add("role", "in", "The role must be administrator or host");
        return Err(ServiceError::invalid(errors));
    };
    let password = input.password.clone().unwrap_or_else(random_password);
    if password.len() < 8 {
        errors.add(
            "password",
            "min",
            "The password must be at least 8 characters",
        );
    }
    if !errors.is_empty() {
        return Err(ServiceError::invalid(errors));
    }
    let name = input.name.trim();
    let (first, last) = name.split_once(' ').unwrap_or((name, ""));
    let hash = hash_password(&password)?;
    let mut tx = store.begin().await?;
    let new_user = NewUser {
        login,
        email: input.email.trim(),
        first_name: first.trim(),
        last_name: last.trim(),
        password_hash: &hash,
        role: role.as_str(),
    };
    let id = match users::insert(tx.ex(), &new_user).await {
        Err(StoreError::UniqueViolation) => {
            return Err(ServiceError::Conflict {
                code: "user_exists",
                message: "A user with this login or email already exists".into(),
            });
        }
        other => other?,
    };
    tx.commit().await?;
    Ok((id, password))
}

/// Whether the database holds nothing yet but, at most, the first administrator.
pub async fn is_fresh_install(store: &Store) -> ServiceResult<bool> {
    let mut conn = store.conn().await?;
    Ok(users::is_fresh_install(conn.ex()).await?)
}

/// The user with this login (or email address), as a caller of the services.
pub async fn caller_by_login(store: &Store, login: &str) -> ServiceResult<Option<Caller>> {
    let mut conn = store.conn().await?;
    let user = users::find_by_login_or_email(conn.ex(), login).await?;
    Ok(user.map(Caller::from_user))
}

/// The user with this id, as a caller of the services.
pub async fn caller_by_id(store: &Store, id: i64) -> ServiceResult<Option<Caller>> {
    let mut conn = store.conn().await?;
    let user = users::find(conn.ex(), id).await?;
    Ok(user.map(Caller::from_user))
}

/// On the first start of an empty database, creates the administrator `admin` and answers
/// its login and password (from `preset_password`, or generated).
pub async fn ensure_first_admin(
    store: &Store,
    preset_password: Option<String>,
) -> ServiceResult<Option<(String, String)>> {
    let mut conn = store.conn().await?;
    if users::count(conn.ex()).await? > 0 {
        return Ok(None);
    }
    drop(conn);
    let created = create_user(
        store,
        CreateUser {
            login: "admin".into(),
            email: "admin@example.com".into(),
            name: "Site Administrator".into(),
            role: "administrator".into(),
            password: preset_password.filter(|p| !p.is_empty()),
        },
    )
    .await;
    match created {
        Ok((_, password)) => Ok(Some(("admin".into(), password))),
        // Another process starting on the same empty database created it first.
        Err(ServiceError::Conflict {
            code: "user_exists",
            ..
        }) => Ok(None),
        Err(other) => Err(other),
    }
}
