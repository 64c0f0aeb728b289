//! The body of `POST /team-invitations`.

use serde_json::Value;

use crate::domain::validation::FieldErrors;
use crate::input::fields::{Fields, clean_text};
use crate::service::team_invitations::Invitee;
use crate::service::{ServiceError, ServiceResult};

/// Reads `{user_id}` or `{email}` (the id wins when both are given).
pub fn invitee(body: &Value) -> ServiceResult<Invitee> {
    clean_text(body)?;
    let mut errors = FieldErrors::new();
    let f = Fields::new(Some(body), "");
    let user_id = f.int("user_id", &mut errors);
    let email = f.str("email", &mut errors).unwrap_or_default();
    errors.into_result().map_err(ServiceError::invalid)?;
    match (user_id, email.trim()) {
        (Some(id), _) => Ok(Invitee::Id(id)),
        (None, email) if !email.is_empty() => Ok(Invitee::LoginOrEmail(email.to_string())),
        _ => Err(ServiceError::field(
            "user_id",
            "required",
            "Name the user to invite by user_id or email.",
        )),
    }
}
