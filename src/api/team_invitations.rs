//! `/team-invitations`: a host invites another user to its teams; the user accepts. Needed
//! before a host without `invite_team_members` can put that user on a team calendar or event.

use app::model::answer::MessageAnswer;
use app::model::team::{InvitationAnswer, InvitationList, InviteRequest};
use app::service::team_invitations;
use axum::Json;
use axum::extract::State;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::auth::Authenticated;
use super::error::ApiError;
use super::extract::{ApiJson, ApiPath};
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_team_invitations, create_team_invitation))
        .routes(routes!(accept_team_invitation))
        .routes(routes!(delete_team_invitation))
}

#[utoipa::path(get, path = "/team-invitations", tag = "team",
    description = "The invitations the caller sent and received: `{invitations: [{id, inviter: {id, name}, invitee: {id, name}, status: pending|accepted, direction: sent|received, created_at}]}`.",
    responses((status = 200, body = InvitationList), (status = 401, body = super::doc::ErrorEnvelope)))]
pub async fn list_team_invitations(
    State(state): State<AppState>,
    Authenticated(caller): Authenticated,
) -> Result<Json<InvitationList>, ApiError> {
    Ok(Json(team_invitations::list(&state.ctx, &caller).await?))
}

#[utoipa::path(post, path = "/team-invitations", tag = "team",
    description = "Invites a user (by `user_id` or `email`) to the caller's team calendars and team events. Until the user accepts, a host without `invite_team_members` cannot add that user as a team member (422 on `team_members`).",
    request_body(content = InviteRequest, description = "`{user_id}` or `{email}`"),
    responses((status = 200, description = "`{message: 'Invitation has been sent', invitation}`", body = InvitationAnswer),
              (status = 422, body = super::doc::ErrorEnvelope)))]
pub async fn create_team_invitation(
    State(state): State<AppState>,
    Authenticated(caller): Authenticated,
    ApiJson(body): ApiJson,
) -> Result<Json<InvitationAnswer>, ApiError> {
    Ok(Json(
        team_invitations::invite(&state.ctx, &caller, &body).await?,
    ))
}

#[utoipa::path(post, path = "/team-invitations/{id}/accept", tag = "team",
    description = "The invited user accepts. Anyone else: 404 (or 403 for the inviter).",
    params(("id" = i64, Path)),
    responses((status = 200, description = "`{message: 'Invitation has been accepted', invitation}`", body = InvitationAnswer),
              (status = 403, body = super::doc::ErrorEnvelope), (status = 404, body = super::doc::ErrorEnvelope)))]
pub async fn accept_team_invitation(
    State(state): State<AppState>,
    Authenticated(caller): Authenticated,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<InvitationAnswer>, ApiError> {
    Ok(Json(
        team_invitations::accept(&state.ctx, &caller, id).await?,
    ))
}

#[utoipa::path(delete, path = "/team-invitations/{id}", tag = "team",
    description = "The inviter withdraws the invitation, or the invitee declines it.",
    params(("id" = i64, Path)),
    responses((status = 200, description = "`{message: 'Invitation has been deleted'}`", body = MessageAnswer),
              (status = 404, body = super::doc::ErrorEnvelope)))]
pub async fn delete_team_invitation(
    State(state): State<AppState>,
    Authenticated(caller): Authenticated,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<MessageAnswer>, ApiError> {
    Ok(Json(
        team_invitations::delete(&state.ctx, &caller, id).await?,
    ))
}
