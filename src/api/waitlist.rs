//! The waitlist (DESIGN 2.12): visitors join, claim offers and leave by their links; hosts
//! see and prune each event's list.

use app::model::answer::MessageAnswer;
use app::model::booking::BookingAnswer;
use app::model::waitlist::{
    WaitlistClaimRequest, WaitlistEntries, WaitlistJoinRequest, WaitlistJoined, WaitlistOfferAnswer,
};
use app::service::waitlist;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::bookings::{PublicCreate, PublicRead};
use super::error::ApiError;
use super::extract::{ApiJson, ApiPath};
use super::handler::{Answer, Host, IntoAnswer};
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(join_waitlist))
        .routes(routes!(get_offer))
        .routes(routes!(claim_offer))
        .routes(routes!(leave_waitlist))
        .routes(routes!(list_waitlist))
        .routes(routes!(remove_entry))
}

const ENTRY: &str = "Entry `{id, hash (join answer only), event_id, start_time, end_time, name, email, person_time_zone, status: waiting|offered|booked|expired|left|removed, position (1-based among the time's waiting entries, else null), offer_expires_at, booking_id, created_at}`.";

#[utoipa::path(post, path = "/waitlist/join/{event_id}", tag = "waitlist",
    description = "Public (a create for the rate limit). Joins the waitlist of a taken time (`waitlist_slots` of `GET /bookings/event/{event_id}`): a full group time, a single event's booked time, or a place held (for an offer, or for a visitor filling in the form). The create route's checks of `name`, `email` (and the event's email rules), `timezone` and `event_time` (422 on each); a secret event needs `private_link`. An email with the leave link `{public_url}/waitlist/leave/{hash}` follows. Errors: no waitlist 403 `waitlist_disabled`; a bookable time 409 `slot_available`; that email already waiting or offered there 409 `already_waitlisted`; a time without a waitlist 422 on `event_time`; a draft or unknown event 404.",
    params(("event_id" = i64, Path)),
    request_body(content = WaitlistJoinRequest, description = "`{name, email, timezone, event_time, duration?, private_link?, language?}`: the emails speak `language`, else the request's `Accept-Language`, else the calendar's `language` (DESIGN 2.9)"),
    responses((status = 201, description = "`{message: 'You have joined the waitlist', entry}`", body = WaitlistJoined),
              (status = 403, description = "waitlist_disabled", body = super::doc::ErrorEnvelope),
              (status = 409, description = "slot_available or already_waitlisted", body = super::doc::ErrorEnvelope)))]
pub async fn join_waitlist(
    State(state): State<AppState>,
    PublicCreate(_ip): PublicCreate,
    ApiPath(event_id): ApiPath<i64>,
    headers: axum::http::HeaderMap,
    ApiJson(body): ApiJson,
) -> Result<(StatusCode, Json<WaitlistJoined>), ApiError> {
    let mut asked = app::input::bookings::new_booking(&body)?;
    // Its emails speak `language`, else the request's Accept-Language, else the calendar's.
    asked.accept_language = super::bookings::accept_language(&headers);
    let joined = waitlist::join(&state.ctx, event_id, asked).await?;
    Ok((StatusCode::CREATED, Json(joined)))
}

#[utoipa::path(get, path = "/waitlist/offers/{token}", tag = "waitlist",
    description = "Public. An offer from its claim link; `status` is `offered` while it can be claimed (past `expires_at` it reads `expired` at once). Unknown token: 404.",
    params(("token" = String, Path)),
    responses((status = 200, description = "`{offer: {event_id, event_title, start_time, end_time, status, expires_at}}`", body = WaitlistOfferAnswer)))]
pub async fn get_offer(
    State(state): State<AppState>,
    _: PublicRead,
    ApiPath(token): ApiPath<String>,
) -> Answer<WaitlistOfferAnswer> {
    waitlist::find_offer(&state.ctx, &token).await.json()
}

#[utoipa::path(post, path = "/waitlist/offers/{token}/claim", tag = "waitlist",
    description = "Public. Books the offered time with the entry's name, email and zone through the create use case (the form's rules apply; optional `phone_number`, `message`, `custom_fields` as on create); the entry becomes `booked`. One claim wins: the others 409 `offer_claimed`; after `expires_at` 410 `offer_expired` (even before the background pass ran); unknown token 404.",
    params(("token" = String, Path)),
    request_body(content = WaitlistClaimRequest, description = "`{phone_number?, message?, custom_fields?}`"),
    responses((status = 200, description = "`{message: 'Booking has been created', booking}`", body = BookingAnswer),
              (status = 409, description = "offer_claimed", body = super::doc::ErrorEnvelope),
              (status = 410, description = "offer_expired", body = super::doc::ErrorEnvelope)))]
pub async fn claim_offer(
    State(state): State<AppState>,
    PublicCreate(ip): PublicCreate,
    ApiPath(token): ApiPath<String>,
    headers: axum::http::HeaderMap,
    body: Result<ApiJson, ApiError>,
) -> Answer<BookingAnswer> {
    // Every field is optional: a claim may come without a body at all.
    let sent_nothing = !headers.contains_key(axum::http::header::CONTENT_TYPE)
        && headers
            .get(axum::http::header::CONTENT_LENGTH)
            .is_none_or(|n| n == "0");
    let body = match body {
        Ok(ApiJson(body)) => body,
        Err(_) if sent_nothing => serde_json::json!({}),
        Err(e) => return Err(e),
    };
    let extra = app::input::bookings::new_booking(&body)?;
    waitlist::claim(&state.ctx, &token, extra, &ip).await.json()
}

#[utoipa::path(post, path = "/waitlist/entries/{hash}/leave", tag = "waitlist",
    description = "Public. Leaves the waitlist by the entry's leave link; an offered place passes to the next at once. Unknown hash: 404.",
    params(("hash" = String, Path)),
    responses((status = 200, description = "`{message: 'You have left the waitlist'}`", body = MessageAnswer)))]
pub async fn leave_waitlist(
    State(state): State<AppState>,
    PublicCreate(_ip): PublicCreate,
    ApiPath(hash): ApiPath<String>,
) -> Answer<MessageAnswer> {
    waitlist::leave(&state.ctx, &hash).await.json()
}

#[utoipa::path(get, path = "/calendars/{id}/events/{event_id}/waitlist", tag = "events",
    description = ENTRY,
    params(("id" = i64, Path), ("event_id" = i64, Path)),
    responses((status = 200, description = "`{entries: [Entry]}`: every status, by start time then join order", body = WaitlistEntries)))]
pub async fn list_waitlist(
    host: Host,
    ApiPath((id, event_id)): ApiPath<(i64, i64)>,
) -> Answer<WaitlistEntries> {
    waitlist::list(&host.ctx, &host.caller, id, event_id)
        .await
        .json()
}

#[utoipa::path(delete, path = "/calendars/{id}/events/{event_id}/waitlist/{entry_id}", tag = "events",
    description = "Takes an entry off the list (`removed`); an offered place passes to the next at once. Another host's ids: 404.",
    params(("id" = i64, Path), ("event_id" = i64, Path), ("entry_id" = i64, Path)),
    responses((status = 200, description = "`{message: 'Waitlist entry has been removed'}`", body = MessageAnswer)))]
pub async fn remove_entry(
    host: Host,
    ApiPath((id, event_id, entry_id)): ApiPath<(i64, i64, i64)>,
) -> Answer<MessageAnswer> {
    waitlist::remove(&host.ctx, &host.caller, id, event_id, entry_id)
        .await
        .json()
}
