//! The signed-in user's own account (name, email, password) and the team's roles, as the
//! settings page changes them. Every change drops the credentials verified before it.

use crate::domain::access::{Capability, Role};
use crate::domain::audit::AuditAction;
use crate::domain::language::Lang;
use crate::domain::text::check_text;
use crate::domain::validation::{FieldErrors, MAX_TITLE_CHARS};
use crate::domain::values::is_valid_email;
use crate::service::audit::{self, AuditEvent};
use crate::service::auth::{hash_password, verify_password};
use crate::service::settings::site::require;
use crate::service::{Caller, Ctx, ServiceError, ServiceResult};
use crate::store::users::UserRow;
use crate::store::{StoreError, sessions, users};

/// "Profile": the user's own name, email and language, with the rules of `user add`.
#[derive(Debug, Clone, PartialEq)]
pub struct ProfileChange {
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    /// The dashboard's and the host's emails' language; `None`: the browser's (DESIGN 2.9).
    pub language: Option<Lang>,
}

impl ProfileChange {
    /// "First Last", an email address and a language (a code, or empty for the browser's);
    /// the first word is the first name.
    pub fn checked(name: &str, email: &str, language: &str) -> ServiceResult<ProfileChange> {
        let (name, email) = (name.trim(), email.trim());
        let mut errors = FieldErrors::new();
        if name.is_empty() {
            errors.add("name", "required", "The name field is required.");
        } else if name.chars().count() > MAX_TITLE_CHARS {
            errors.add("name", "max", "The name is too long");
        }
        // The name becomes an email sender's display name: one line, no control characters.
        check_text("name", name, true, &mut errors);
        if !is_valid_email(email) {
            errors.add("email", "email", "Please provide a valid email address");
        }
        let language = match language.trim() {
            "" => None,
            code => {
                let found = Lang::from_code(code);
                if found.is_none() {
                    errors.add("language", "in", "The selected language is invalid.");
                }
                found
            }
        };
        errors.into_result().map_err(ServiceError::invalid)?;
        let (first, last) = name.split_once(' ').unwrap_or((name, ""));
        Ok(ProfileChange {
            first_name: first.trim().to_string(),
            last_name: last.trim().to_string(),
            email: email.to_string(),
            language,
        })
    }
}

/// Saves the caller's name and email; an email another user has is refused on `email`.
pub async fn save_profile(ctx: &Ctx, caller: &Caller, change: ProfileChange) -> ServiceResult<()> {
    let mut tx = ctx.store.begin().await?;
    let stored = users::update_profile(
        tx.ex(),
        caller.id(),
        &change.first_name,
        &change.last_name,
        &change.email,
    )
    .await;
    match stored {
        Err(StoreError::UniqueViolation) => {
            return Err(ServiceError::field(
                "email",
                "unique",
                "A user with this login or email already exists",
            ));
        }
        other => other?,
    }
    users::set_language(tx.ex(), caller.id(), change.language.map(Lang::code)).await?;
    tx.commit().await?;
    ctx.credentials.clear();
    Ok(())
}

/// "Change password": the current password and a new one. Both are checked by the use case,
/// the current one first (it needs the stored hash).
#[derive(Clone, PartialEq)]
pub struct PasswordChange {
    pub current: String,
    pub new: String,
}

impl std::fmt::Debug for PasswordChange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("PasswordChange { .. }")
    }
}

/// Replaces the caller's password: the current one must match, the new one has at least 8
/// characters.
pub async fn change_password(
    ctx: &Ctx,
    caller: &Caller,
    change: PasswordChange,
) -> ServiceResult<()> {
    if !verify_password(&change.current, &caller.user.password_hash) {
        return Err(ServiceError::field(
            "current_password",
            "incorrect",
            "The current password is not correct.",
        ));
    }
    if change.new.chars().count() < 8 {
        return Err(ServiceError::field(
            "new_password",
            "min",
            "The password must be at least 8 characters",
        ));
    }
    let hash = hash_password(&change.new)?;
    if hash.is_empty() {
        return Err(ServiceError::field(
            "new_password",
            "hash",
            "The password could not be stored. Try another one.",
        ));
    }
    let mut tx = ctx.store.begin().await?;
    users::set_password_hash(tx.ex(), caller.id(), &hash).await?;
    // Whoever knew the old password is logged out everywhere else; application passwords stay.
    let ended = sessions::delete_others(tx.ex(), caller.id(), caller.session_id).await?;
    let event = AuditEvent::by(caller, AuditAction::PasswordChanged)
        .target("user", Some(caller.id()), caller.user.login.clone())
        .detail("sessions_ended", ended);
    audit::record(tx.ex(), &event).await?;
    tx.commit().await?;
    ctx.credentials.clear();
    Ok(())
}

/// A team member's access.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RoleChange {
    pub user_id: i64,
    pub role: Role,
}

impl RoleChange {
    /// The member (an unreadable id is a member not found) and the role's name.
    pub fn parse(user_id: &str, role: &str) -> ServiceResult<RoleChange> {
        let user_id = user_id.trim().parse().map_err(|_| ServiceError::NotFound)?;
        let role = Role::parse(role).ok_or_else(|| {
            ServiceError::field("role", "in", "The role must be administrator or host")
        })?;
        Ok(RoleChange { user_id, role })
    }
}

/// Changes a member's role (`administrator` or `host`) for users who may list users; the
/// ways in read the change only after that check (`permitted_then`). Nobody changes their own,
/// so an administrator cannot lock themselves (or the last administrator) out. Answers the
/// member as changed.
pub async fn change_role(ctx: &Ctx, caller: &Caller, change: RoleChange) -> ServiceResult<UserRow> {
    require(caller, Capability::ListUsers)?;
    if change.user_id == caller.id() {
        return Err(ServiceError::field(
            "role",
            "own",
            "You cannot change your own role.",
        ));
    }
    let mut tx = ctx.store.begin().await?;
    let Some(before) = users::find(tx.ex(), change.user_id).await? else {
        return Err(ServiceError::NotFound);
    };
    users::set_role(tx.ex(), change.user_id, change.role.as_str()).await?;
    if before.role != change.role.as_str() {
        let event = AuditEvent::by(caller, AuditAction::UserRoleChanged)
            .target("user", Some(before.id), before.login.clone())
            .detail("from", before.role.clone())
            .detail("to", change.role.as_str());
        audit::record(tx.ex(), &event).await?;
    }
    let after = users::find(tx.ex(), change.user_id)
        .await?
        .ok_or(ServiceError::NotFound)?;
    tx.commit().await?;
    ctx.credentials.clear();
    Ok(after)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field_of(error: ServiceError) -> Vec<String> {
        match error {
            ServiceError::Validation { errors, .. } => {
                errors.messages().map(|(f, _)| f.to_string()).collect()
            }
            other => panic!("not a refusal of a field: {other:?}"),
        }
    }

    #[test]
    fn a_profile_splits_the_name_at_its_first_space() {
        let change =
            ProfileChange::checked(" Ada  King Lovelace ", " ada@example.com", "de").unwrap();
        assert_eq!(change.first_name, "Ada");
        assert_eq!(change.last_name, "King Lovelace");
        assert_eq!(change.email, "ada@example.com");
        let refused = ProfileChange::checked("", "not-an-address", "").unwrap_err();
        assert_eq!(field_of(refused), ["email", "name"]);
        let two_lines =
            ProfileChange::checked("Ada\nBcc: x@y.z", "ada@example.com", "").unwrap_err();
        assert_eq!(field_of(two_lines), ["name"]);
    }

    #[test]
    fn a_role_change_names_a_member_and_a_known_role() {
        let change = RoleChange::parse("12", "host").unwrap();
        assert_eq!((change.user_id, change.role), (12, Role::Host));
        assert!(matches!(
            RoleChange::parse("x", "host"),
            Err(ServiceError::NotFound)
        ));
        assert_eq!(
            field_of(RoleChange::parse("12", "owner").unwrap_err()),
            ["role"]
        );
    }

    #[test]
    fn a_password_change_never_shows_its_passwords_in_logs() {
        let change = PasswordChange {
            current: "old-secret".into(),
            new: "new-secret".into(),
        };
        assert!(!format!("{change:?}").contains("secret"));
    }
}
