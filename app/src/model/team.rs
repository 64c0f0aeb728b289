//! Team invitations: a host asks another user to join their team calendars and events.

use serde::{Deserialize, Serialize};

/// One invitation, seen by either party.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct Invitation {
    pub id: i64,
    pub inviter: TeamPerson,
    pub invitee: TeamPerson,
    #[cfg_attr(feature = "ssr", schema(example = "pending"))]
    pub status: String,
    /// `sent` when the caller invited, `received` when the caller was invited.
    #[cfg_attr(feature = "ssr", schema(example = "sent"))]
    pub direction: String,
    pub created_at: String,
}

/// A party of an invitation (`Deleted User` once the account is gone).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct TeamPerson {
    pub id: i64,
    pub name: String,
}

/// `GET /team-invitations`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct InvitationList {
    pub invitations: Vec<Invitation>,
}

/// `{message, invitation}`: an invitation sent or accepted.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct InvitationAnswer {
    #[cfg_attr(feature = "ssr", schema(example = "Invitation has been sent"))]
    pub message: String,
    pub invitation: Invitation,
}

/// `POST /team-invitations`: the user to invite, by id or by login or email.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({"email": "sam@example.org"})))]
pub struct InviteRequest {
    pub user_id: Option<i64>,
    /// Used when `user_id` is absent: the user's email address or login.
    pub email: Option<String>,
}
