//! Team consent: a host may put another user on a team calendar or team event only when that
//! user accepted the host's invitation. Administrators (`invite_team_members`) need none, as
//! the reference plugin's capability says. Without this, any host could enlist any user, then
//! read that user's schedules and assign bookings to them.

use crate::model::answer::MessageAnswer;
use crate::model::team::{Invitation, InvitationAnswer, InvitationList, TeamPerson};

use crate::domain::access::Capability;
use crate::service::support::present::rfc3339;
use crate::service::{Caller, Ctx, ServiceError, ServiceResult};
use crate::store::team_invitations::{self, InvitationRow};
use crate::store::users::{self, UserRow};
use crate::store::{Ex, reborrow};

/// Refuses `members` the team's owner may not enlist: each must be the owner, or have accepted
/// the owner's invitation, unless the caller has `invite_team_members`.
pub async fn check_consent(
    ex: Ex<'_>,
    caller: &Caller,
    owner_id: i64,
    members: &[i64],
    field: &str,
) -> ServiceResult<()> {
    if caller.can(Capability::InviteTeamMembers) {
        return Ok(());
    }
    let others: Vec<i64> = members
        .iter()
        .copied()
        .filter(|m| *m != owner_id && *m != caller.id())
        .collect();
    let accepted = team_invitations::accepted_of(ex, owner_id, &others).await?;
    if let Some(missing) = others.iter().find(|m| !accepted.contains(m)) {
        return Err(ServiceError::field(
            field,
            "consent",
            &format!(
                "User {missing} has not accepted an invitation to your team. Invite them first (POST /team-invitations)."
            ),
        ));
    }
    Ok(())
}

fn invitation(row: &InvitationRow, people: &[UserRow], caller: &Caller) -> Invitation {
    let person = |id: i64| TeamPerson {
        id,
        name: people
            .iter()
            .find(|u| u.id == id)
            .map(UserRow::full_name)
            .unwrap_or_else(|| "Deleted User".into()),
    };
    Invitation {
        id: row.id,
        inviter: person(row.inviter_id),
        invitee: person(row.invitee_id),
        status: row.status.clone(),
        direction: if row.inviter_id == caller.id() {
            "sent"
        } else {
            "received"
        }
        .into(),
        created_at: rfc3339(row.created_at),
    }
}

async fn answer(
    mut ex: Ex<'_>,
    caller: &Caller,
    row: &InvitationRow,
    message: &str,
) -> ServiceResult<InvitationAnswer> {
    let people = users::find_many(reborrow(&mut ex), &[row.inviter_id, row.invitee_id]).await?;
    Ok(InvitationAnswer {
        message: message.into(),
        invitation: invitation(row, &people, caller),
    })
}

/// `GET /team-invitations`: the invitations the caller sent and received.
pub async fn list(ctx: &Ctx, caller: &Caller) -> ServiceResult<InvitationList> {
    let mut conn = ctx.store.conn().await?;
    let rows = team_invitations::list_for(conn.ex(), caller.id()).await?;
    let mut ids: Vec<i64> = rows
        .iter()
        .flat_map(|r| [r.inviter_id, r.invitee_id])
        .collect();
    ids.sort_unstable();
    ids.dedup();
    let people = users::find_many(conn.ex(), &ids).await?;
    Ok(InvitationList {
        invitations: rows
            .iter()
            .map(|r| invitation(r, &people, caller))
            .collect(),
    })
}

/// Whom `POST /team-invitations` invites: a user by id, or by login or email.
#[derive(Debug, Clone, PartialEq)]
pub enum Invitee {
    Id(i64),
    LoginOrEmail(String),
}

impl Invitee {
    /// The request's field that named the user.
    fn field(&self) -> &'static str {
        match self {
            Invitee::Id(_) => "user_id",
            Invitee::LoginOrEmail(_) => "email",
        }
    }
}

/// `POST /team-invitations`: invites a user to the caller's teams.
pub async fn invite(ctx: &Ctx, caller: &Caller, whom: &Invitee) -> ServiceResult<InvitationAnswer> {
    let mut tx = ctx.store.begin().await?;
    let invitee = match whom {
        Invitee::Id(id) => users::find(tx.ex(), *id).await?,
        Invitee::LoginOrEmail(text) => users::find_by_login_or_email(tx.ex(), text).await?,
    };
    let field = whom.field();
    let Some(invitee) = invitee else {
        return Err(ServiceError::field(field, "exists", "User not found"));
    };
    if invitee.id == caller.id() {
        return Err(ServiceError::field(
            field,
            "self",
            "You are always on your own team.",
        ));
    }
    let id = team_invitations::upsert_pending(tx.ex(), caller.id(), invitee.id).await?;
    let row = team_invitations::find(tx.ex(), id)
        .await?
        .ok_or(ServiceError::NotFound)?;
    let body = answer(tx.ex(), caller, &row, "Invitation has been sent").await?;
    tx.commit().await?;
    Ok(body)
}

/// The invitation `id` when the caller is one of its two parties; anyone else gets 404.
async fn party_to(ex: Ex<'_>, caller: &Caller, id: i64) -> ServiceResult<InvitationRow> {
    team_invitations::find(ex, id)
        .await?
        .filter(|r| r.invitee_id == caller.id() || r.inviter_id == caller.id())
        .ok_or(ServiceError::NotFound)
}

/// `POST /team-invitations/{id}/accept`: only the invited user accepts.
pub async fn accept(ctx: &Ctx, caller: &Caller, id: i64) -> ServiceResult<InvitationAnswer> {
    let mut tx = ctx.store.begin().await?;
    let row = party_to(tx.ex(), caller, id).await?;
    if row.invitee_id != caller.id() {
        return Err(ServiceError::Forbidden(
            "Only the invited user can accept an invitation.".into(),
        ));
    }
    team_invitations::set_status(tx.ex(), row.id, "accepted").await?;
    let row = InvitationRow {
        status: "accepted".into(),
        ..row
    };
    let body = answer(tx.ex(), caller, &row, "Invitation has been accepted").await?;
    tx.commit().await?;
    Ok(body)
}

/// `DELETE /team-invitations/{id}`: the inviter withdraws it, or the invitee declines it.
/// Teams already formed stay; new ones need a new invitation.
pub async fn delete(ctx: &Ctx, caller: &Caller, id: i64) -> ServiceResult<MessageAnswer> {
    let mut tx = ctx.store.begin().await?;
    let row = party_to(tx.ex(), caller, id).await?;
    team_invitations::delete(tx.ex(), row.id).await?;
    tx.commit().await?;
    Ok(MessageAnswer::new("Invitation has been deleted"))
}
