//! The bodies of `POST /users`, `PUT /users/{id}` and `POST /application-passwords`.

use serde_json::Value;

use crate::domain::validation::FieldErrors;
use crate::input::fields::{Fields, clean_text};
use crate::service::account::RoleChange;
use crate::service::users::CreateUser;
use crate::service::{ServiceError, ServiceResult};

/// `{login, email, name, role?, password?}`; the role defaults to `host`. A field of the wrong
/// type is refused under its name; the rules of each field are the use case's.
pub fn new_user(body: &Value) -> ServiceResult<CreateUser> {
    clean_text(body)?;
    let mut errors = FieldErrors::new();
    let f = Fields::new(Some(body), "");
    let login = f.str("login", &mut errors).unwrap_or_default();
    let email = f.str("email", &mut errors).unwrap_or_default();
    let name = f.str("name", &mut errors).unwrap_or_default();
    let role = f.str("role", &mut errors);
    let password = f.str("password", &mut errors);
    errors.into_result().map_err(ServiceError::invalid)?;
    Ok(CreateUser {
        login,
        email,
        name,
        role: role
            .filter(|r| !r.trim().is_empty())
            .unwrap_or_else(|| "host".into()),
        password,
    })
}

/// `{role}` for user `id`.
pub fn role_change(id: i64, body: &Value) -> ServiceResult<RoleChange> {
    clean_text(body)?;
    let mut errors = FieldErrors::new();
    let role = Fields::new(Some(body), "")
        .str("role", &mut errors)
        .unwrap_or_default();
    errors.into_result().map_err(ServiceError::invalid)?;
    RoleChange::parse(&id.to_string(), &role)
}

/// `{name}` of a new application password.
pub fn app_password_name(body: &Value) -> ServiceResult<String> {
    clean_text(body)?;
    let mut errors = FieldErrors::new();
    let name = Fields::new(Some(body), "")
        .str("name", &mut errors)
        .unwrap_or_default();
    errors.into_result().map_err(ServiceError::invalid)?;
    Ok(name)
}
