//! `/team-invitations`: a host invites another user to its teams; the user accepts. Needed
//! before a host without `invite_team_members` can put that user on a team calendar or event.

use app::model::answer::MessageAnswer;
use app::model::team::{InvitationAnswer, InvitationList, InviteRequest};
use app::service::team_invitations;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::extract::{ApiJson, ApiPath};
use super::handler::{Answer, Host, IntoAnswer};
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_team_invitations, create_team_invitation))
        .routes(routes!(accept_team_invitation))
        .routes(routes!(delete_team_invitation))
}

#[utoipa::path(get, path = "/team-invitations", tag = "team",
    description = "The invitations the caller sent and received: `{invitations: [{id, inviter: {id, name}, invitee: {id, name}, status: pending|accepted, direction: sent|received, created_at}]}`.",
    responses((status = 200, body = InvitationList)))]
pub async fn list_team_invitations(host: Host) -> Answer<InvitationList> {
    team_invitations::list(&host.ctx, &host.caller).await.json()
}

#[utoipa::path(post, path = "/team-invitations", tag = "team",
    description = "Invites a user (by `user_id` or `email`) to the caller's team calendars and team events. Until the user accepts, a host without `invite_team_members` cannot add that user as a team member (422 on `team_members`).",
    request_body(content = InviteRequest, description = "`{user_id}` or `{email}`"),
    responses((status = 200, description = "`{message: 'Invitation has been sent', invitation}`", body = InvitationAnswer)))]
pub async fn create_team_invitation(
    host: Host,
    ApiJson(body): ApiJson,
) -> Answer<InvitationAnswer> {
    let whom = app::input::team::invitee(&body)?;
    team_invitations::invite(&host.ctx, &host.caller, &whom)
        .await
        .json()
}

#[utoipa::path(post, path = "/team-invitations/{id}/accept", tag = "team",
    description = "The invited user accepts. Anyone else: 404 (or 403 for the inviter).",
    params(("id" = i64, Path)),
    responses((status = 200, description = "`{message: 'Invitation has been accepted', invitation}`", body = InvitationAnswer)))]
pub async fn accept_team_invitation(
    host: Host,
    ApiPath(id): ApiPath<i64>,
) -> Answer<InvitationAnswer> {
    team_invitations::accept(&host.ctx, &host.caller, id)
        .await
        .json()
}

#[utoipa::path(delete, path = "/team-invitations/{id}", tag = "team",
    description = "The inviter withdraws the invitation, or the invitee declines it.",
    params(("id" = i64, Path)),
    responses((status = 200, description = "`{message: 'Invitation has been deleted'}`", body = MessageAnswer)))]
pub async fn delete_team_invitation(
    host: Host,
    ApiPath(id): ApiPath<i64>,
) -> Answer<MessageAnswer> {
    team_invitations::delete(&host.ctx, &host.caller, id)
        .await
        .json()
}
