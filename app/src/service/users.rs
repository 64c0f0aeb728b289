//! Users: creating them (command line, first run, demo, REST, dashboard), listing, changing
//! roles and deleting them (DESIGN 2.10), each audited.

use crate::domain::access::Capability;
use crate::domain::access::Role;
use crate::domain::audit::{AuditAction, AuthMethod};
use crate::domain::validation::{FieldErrors, MAX_TITLE_CHARS};
use crate::domain::values::is_valid_email;
use crate::model::user::{User, UserAnswer, UserChanged, UserList};
use crate::service::account::{self, RoleChange};
use crate::service::audit::{self, AuditEvent};
use crate::service::auth::hash_password;
use crate::service::settings::site::require;
use crate::service::support::present::rfc3339;
use crate::service::{Caller, Ctx, ServiceError, ServiceResult};
use crate::store::users::{self, NewUser, UserRow};
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

/// Creates a user; answers its id and the password it was given. `by` is the administrator
/// who adds it (none: the command line), named in the `user.created` audit entry.
pub async fn create_user(
    store: &Store,
    input: CreateUser,
    by: Option<&Caller>,
) -> ServiceResult<(i64, String)> {
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
    if input.name.trim().is_empty() {
        errors.add("name", "required", "The name field is required.");
    } else if input.name.chars().count() > MAX_TITLE_CHARS {
        errors.add("name", "max", "The name is too long");
    }
    // The name becomes an email sender's display name: one line, no control characters.
    crate::domain::text::check_text("name", &input.name, true, &mut errors);
    let Some(role) = Role::parse(&input.role) else {
        errors.add("role", "in", "The role must be administrator or host");
        return Err(ServiceError::invalid(errors));
    };
    let password = input.password.clone().unwrap_or_else(random_password);
    if password.chars().count() < 8 {
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
    // Which of the two is taken, under its own name (a race past this check is the unique
    // index's, answered as a conflict below).
    for (field, value) in [("login", login), ("email", input.email.trim())] {
        if users::find_by_login_or_email(tx.ex(), value)
            .await?
            .is_some()
        {
            errors.add(
                field,
                "unique",
                "A user with this login or email already exists",
            );
        }
    }
    if !errors.is_empty() {
        return Err(ServiceError::invalid(errors));
    }
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
    let event = match by {
        Some(caller) => AuditEvent::by(caller, AuditAction::UserCreated),
        None => AuditEvent::from_command_line(AuditAction::UserCreated),
    };
    let event = event
        .target("user", Some(id), login)
        .detail("role", role.as_str());
    audit::record(tx.ex(), &event).await?;
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
    Ok(user.map(|u| Caller::from_user(u, AuthMethod::Cli)))
}

/// The user with this id, as a caller of the services.
pub async fn caller_by_id(store: &Store, id: i64) -> ServiceResult<Option<Caller>> {
    let mut conn = store.conn().await?;
    let user = users::find(conn.ex(), id).await?;
    Ok(user.map(|u| Caller::from_user(u, AuthMethod::Cli)))
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
        None,
    )
    .await;
    match created {
        Ok((_, password)) => Ok(Some(("admin".into(), password))),
        // Another process starting on the same empty database created it first (seen as the
        // login taken, or as the unique index's conflict).
        Err(ServiceError::Conflict {
            code: "user_exists",
            ..
        }) => Ok(None),
        Err(ServiceError::Validation { .. }) if count_users(store).await? > 0 => Ok(None),
        Err(other) => Err(other),
    }
}

async fn count_users(store: &Store) -> ServiceResult<i64> {
    let mut conn = store.conn().await?;
    Ok(users::count(conn.ex()).await?)
}

/// A user as the API shows it.
pub fn view(user: &UserRow) -> User {
    User {
        id: user.id,
        login: user.login.clone(),
        email: user.email.clone(),
        name: user.full_name(),
        role: user.role.clone(),
        two_factor_enabled: user.two_factor,
        sso_linked: user.sso_linked,
        created_at: rfc3339(user.created_at),
        last_login_at: user.last_login_at.map(rfc3339),
    }
}

/// `GET /users/me`.
pub fn me(caller: &Caller) -> UserAnswer {
    UserAnswer {
        user: view(&caller.user),
    }
}

/// `GET /users` (`list_users`): every user.
pub async fn list(ctx: &Ctx, caller: &Caller) -> ServiceResult<UserList> {
    require(caller, Capability::ListUsers)?;
    let mut conn = ctx.store.conn().await?;
    let rows = users::all(conn.ex()).await?;
    Ok(UserList {
        users: rows.iter().map(view).collect(),
    })
}

/// `POST /users` (`list_users`).
pub async fn create(ctx: &Ctx, caller: &Caller, input: CreateUser) -> ServiceResult<UserChanged> {
    require(caller, Capability::ListUsers)?;
    let (id, _) = create_user(&ctx.store, input, Some(caller)).await?;
    let mut conn = ctx.store.conn().await?;
    let user = users::find(conn.ex(), id)
        .await?
        .ok_or(ServiceError::NotFound)?;
    Ok(UserChanged {
        message: "User has been created".into(),
        user: view(&user),
    })
}

/// `PUT /users/{id}` (`list_users`): `{role}`.
pub async fn update(ctx: &Ctx, caller: &Caller, change: RoleChange) -> ServiceResult<UserChanged> {
    let user = account::change_role(ctx, caller, change).await?;
    Ok(UserChanged {
        message: "User has been updated".into(),
        user: view(&user),
    })
}

/// `DELETE /users/{id}` (`list_users`): the user, its sessions, application passwords and
/// own settings go; its calendars and bookings stay. Nobody deletes their own account.
pub async fn delete(ctx: &Ctx, caller: &Caller, id: i64) -> ServiceResult<()> {
    require(caller, Capability::ListUsers)?;
    if id == caller.id() {
        return Err(ServiceError::field(
            "id",
            "own",
            "You cannot delete your own account.",
        ));
    }
    let mut tx = ctx.store.begin().await?;
    let Some(deleted) = users::delete(tx.ex(), id).await? else {
        return Err(ServiceError::NotFound);
    };
    let event = AuditEvent::by(caller, AuditAction::UserDeleted)
        .target("user", Some(deleted.id), deleted.login.clone())
        .detail("role", deleted.role.clone());
    audit::record(tx.ex(), &event).await?;
    tx.commit().await?;
    ctx.credentials.clear();
    Ok(())
}
