//! `/bookings/…`: the public booking routes (no credentials; active events only; rate-limited
//! per client address).

use std::collections::BTreeMap;

use app::model::answer::MessageAnswer;
use app::model::booking::{
    BookingAnswer, BookingPageAnswer, BookingPageEvent, HoldAnswer, SlotList,
};
use app::model::calendar::CalendarRef;
use app::model::event::EventOwner;
use app::model::requests::{
    CancelBookingRequest, CreateBookingRequest, HoldRequest, RescheduleBookingRequest,
};
use app::service::Ctx;
use app::service::bookings::create::Idempotency;
use app::service::bookings::{holds, self_service};
use app::service::slots::{self, SlotAccess, SlotRequest};
use app::service::support::present;
use axum::Json;
use axum::extract::{FromRequestParts, State};
use axum::http::StatusCode;
use axum::http::request::Parts;
use serde_json::Value;
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::auth::{MaybeAuthenticated, client_key};
use super::error::ApiError;
use super::extract::{ApiJson, ApiPath, QueryParams, invalid_param};
use super::handler::{Answer, IntoAnswer};
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    // `/bookings/holds/{event_id}` (POST) and `/bookings/holds/{token}` (GET, DELETE) are one
    // route to the router, which refuses two names in one place; the document names each.
    OpenApiRouter::with_openapi(HoldDocs::openapi())
        .routes(routes!(get_booking_event))
        .routes(routes!(get_slots))
        .routes(routes!(create_booking))
        .routes(routes!(get_challenge))
        .routes(routes!(cancel_booking))
        .routes(routes!(reschedule_booking))
        .route(
            "/bookings/holds/{event_or_token}",
            axum::routing::post(create_hold)
                .get(get_hold)
                .delete(release_hold),
        )
}

#[derive(utoipa::OpenApi)]
#[openapi(
    paths(create_hold, get_hold, release_hold),
    components(schemas(HoldRequest, HoldAnswer))
)]
struct HoldDocs;

#[utoipa::path(post, path = "/bookings/holds/{event_id}", tag = "bookings",
    description = "Public. Holds a time the slot list offers (`event_time` in `timezone`, `duration` for multi-duration events) for the event's `hold_minutes` (or `SLOTBOOK_HOLD_SECONDS`): until `expires_at` no slot list offers it and other creates and holds of it are 409 `slot_unavailable` with `held`; a create that sends the token as `hold` books it and ends the hold. 422 `holds_disabled` when the event holds nothing; 429 `too_many_holds` (with `Retry-After`) when the client address has `SLOTBOOK_HOLDS_PER_IP` live holds.",
    params(("event_id" = i64, Path)),
    request_body(content = HoldRequest, description = "`{event_time, timezone, duration?}`"),
    responses((status = 201, description = "`{message: 'Time slot has been held', hold: {token, event_id, start_time, end_time, expires_at}}`", body = HoldAnswer),
              (status = 409, description = "slot_unavailable, with the engine's reasons in `data.reasons`", body = super::doc::ErrorEnvelope),
              (status = 410, description = "link_invalid", body = super::doc::ErrorEnvelope),
              (status = 429, description = "too_many_holds", body = super::doc::ErrorEnvelope)))]
pub async fn create_hold(
    State(state): State<AppState>,
    PublicCreate(ip): PublicCreate,
    ApiPath(event_id): ApiPath<String>,
    ApiJson(body): ApiJson,
) -> Result<(StatusCode, Json<HoldAnswer>), ApiError> {
    // The route's one parameter is an event id here (digits), as on every other route.
    let event_id: i64 = event_id.parse().map_err(|_| ApiError::NoRoute)?;
    let time = app::input::bookings::hold_time(&body)?;
    let answer = holds::hold(&state.ctx, event_id, &time, &ip).await?;
    Ok((StatusCode::CREATED, Json(answer)))
}

#[utoipa::path(get, path = "/bookings/challenge", tag = "bookings",
    description = "Public. A proof-of-work challenge (ALTCHA, SHA-256), bare as ALTCHA's widget takes it: find the `number` in `0..=maxnumber` whose SHA-256 of `salt` + `number` (decimal) is `challenge`, then send base64 of JSON `{algorithm, challenge, number, salt, signature}` as `altcha` in a create. Valid for ten minutes (`expires` in `salt`), once. While `/settings/booking-protection` has `proof_of_work.enabled`, a public create without a valid, unused one is 422 on `altcha` (hosts of the event with credentials need none).",
    responses((status = 200, description = "`{algorithm: 'SHA-256', challenge, maxnumber, salt, signature}`", body = app::model::booking::AltchaChallenge)))]
pub async fn get_challenge(
    State(state): State<AppState>,
    _: PublicRead,
) -> Answer<app::model::booking::AltchaChallenge> {
    app::service::bookings::proof_of_work::challenge(&state.ctx)
        .await
        .json()
}

#[utoipa::path(get, path = "/bookings/holds/{token}", tag = "bookings",
    description = "Public: the live hold with this token. Consumed, released, expired or unknown: 404.",
    params(("token" = String, Path, description = "The hold's token")),
    responses((status = 200, description = "`{hold}`", body = HoldAnswer)))]
pub async fn get_hold(
    State(state): State<AppState>,
    _: PublicRead,
    ApiPath(token): ApiPath<String>,
) -> Answer<HoldAnswer> {
    holds::find(&state.ctx, &token).await.json()
}

#[utoipa::path(delete, path = "/bookings/holds/{token}", tag = "bookings",
    description = "Public: anyone with the token ends the hold; the time is offered again at once. Consumed, released, expired or unknown: 404.",
    params(("token" = String, Path, description = "The hold's token")),
    responses((status = 200, description = "`{message: 'Hold has been released'}`", body = MessageAnswer)))]
pub async fn release_hold(
    State(state): State<AppState>,
    _: PublicRead,
    ApiPath(token): ApiPath<String>,
) -> Answer<MessageAnswer> {
    holds::release(&state.ctx, &token).await?;
    Ok(Json(MessageAnswer::new(holds::HOLD_RELEASED)))
}

#[utoipa::path(post, path = "/bookings/{hash}/cancel", tag = "bookings",
    description = "Public: the attendee cancels with the booking's secret `hash`. Honours the event's `can_not_cancel` setting (409 `cancel_not_allowed`) and a required `cancellation_reason` field.",
    params(("hash" = String, Path, description = "The booking's secret hash")),
    request_body(content = CancelBookingRequest, description = "`{cancellation_reason}`"),
    responses((status = 200, description = "`{message: 'The booking has been cancelled', booking}`", body = BookingAnswer), (status = 409, body = super::doc::ErrorEnvelope)))]
pub async fn cancel_booking(
    State(state): State<AppState>,
    _: PublicCreate,
    MaybeAuthenticated(caller): MaybeAuthenticated,
    ApiPath(hash): ApiPath<String>,
    ApiJson(body): ApiJson,
) -> Answer<BookingAnswer> {
    let command = app::input::bookings::cancel(&body)?;
    self_service::cancel(&state.ctx, &hash, &command, caller.as_ref())
        .await
        .json()
}

#[utoipa::path(post, path = "/bookings/{hash}/reschedule", tag = "bookings",
    description = "Public: the attendee moves the booking with its secret `hash` to another time the slot list offers (`event_time` in `timezone`, default the booking's zone). Honours `can_not_reschedule` (409 `reschedule_not_allowed`) and a required `rescheduling_reason` field. A time not offered is 409 `slot_unavailable`.",
    params(("hash" = String, Path, description = "The booking's secret hash")),
    request_body(content = RescheduleBookingRequest, description = "`{event_time, timezone, rescheduling_reason}`"),
    responses((status = 200, description = "`{message: 'Booking has been rescheduled', booking}`", body = BookingAnswer), (status = 409, body = super::doc::ErrorEnvelope)))]
pub async fn reschedule_booking(
    State(state): State<AppState>,
    _: PublicCreate,
    MaybeAuthenticated(caller): MaybeAuthenticated,
    ApiPath(hash): ApiPath<String>,
    ApiJson(body): ApiJson,
) -> Answer<BookingAnswer> {
    let command = app::input::bookings::reschedule(&body)?;
    self_service::reschedule(&state.ctx, &hash, &command, caller.as_ref())
        .await
        .json()
}

/// Admits a public create under the per-address limit (`SLOTBOOK_RATE_LIMIT_CREATE`).
pub struct PublicCreate(pub String);

impl FromRequestParts<AppState> for PublicCreate {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let key = client_key(parts);
        state
            .public_creates
            .check(&key)
            .map_err(|retry_after| ApiError::TooManyRequests { retry_after })?;
        Ok(PublicCreate(key))
    }
}

/// The first language the request's `Accept-Language` names (DESIGN 2.9), if any.
pub(super) fn accept_language(
    headers: &axum::http::HeaderMap,
) -> Option<app::domain::language::Lang> {
    headers
        .get(axum::http::header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .and_then(app::domain::language::Lang::from_accept_language)
}

#[utoipa::path(post, path = "/bookings/create/{event_id}", tag = "bookings",
    description = "Public (credentials optional). Books `event_time` (wall-clock time in `timezone`, on the slot grid). Every rule of the slot list is checked again inside the transaction that writes, so a time can be booked once (or up to the group's seats). Only an authenticated host of the event may set `status`, `source=admin` or `host_user_id`. Send an `Idempotency-Key` header to make retries safe: a repeated key answers the first result.",
    params(("event_id" = i64, Path), ("Idempotency-Key" = Option<String>, Header, description = "Retries with the same key answer the first result")),
    request_body(content = CreateBookingRequest, description = "`{name, email, timezone, event_time, message, location_type, location_description, phone_number, address, guests, custom_fields, duration, source, source_url, host_user_id, status, language}`; without `language`, the request's `Accept-Language`, else the calendar's `language`"),
    responses((status = 200, description = "`{message: 'Booking has been created', booking}`", body = BookingAnswer),
              (status = 409, description = "slot_unavailable, with the engine's reasons in `data.reasons`", body = super::doc::ErrorEnvelope),
              (status = 410, description = "link_invalid: the private link is used up, expired or revoked", body = super::doc::ErrorEnvelope)))]
pub async fn create_booking(
    State(state): State<AppState>,
    admitted: Result<PublicCreate, ApiError>,
    MaybeAuthenticated(caller): MaybeAuthenticated,
    ApiPath(event_id): ApiPath<i64>,
    headers: axum::http::HeaderMap,
    body: Result<ApiJson, ApiError>,
) -> Answer<BookingAnswer> {
    // Refusals before the create use case (which counts its own) count in /metrics too.
    let refused = |e: ApiError| {
        state.ctx.metrics.booking_refused(e.code());
        e
    };
    let PublicCreate(ip) = admitted.map_err(refused)?;
    let ApiJson(body) = body.map_err(refused)?;
    let key = idempotency_key(&headers).map_err(refused)?;
    let mut booking =
        app::input::bookings::new_booking(&body).map_err(|e| refused(ApiError::from(e)))?;
    // Without `language`, the request's Accept-Language, then the calendar's (DESIGN 2.9).
    booking.accept_language = accept_language(&headers);
    let request_text = body.to_string();
    let request = app::service::bookings::create::CreateRequest {
        event_id,
        booking,
        caller: caller.as_ref(),
        idempotency: key.map(|key| Idempotency {
            key,
            request: &request_text,
            owner: None,
        }),
        ip: &ip,
        unverified: app::service::bookings::proof_of_work::Unverified::Refused,
        dry_run: false,
        confirmation: None,
        waitlist_claim: None,
    };
    app::service::bookings::create::create(&state.ctx, request)
        .await
        .json()
}

/// The `Idempotency-Key` header: at most 255 visible ASCII characters (a longer or unreadable
/// key is refused, never silently ignored, so the client does not believe its retries safe).
fn idempotency_key(headers: &axum::http::HeaderMap) -> Result<Option<&str>, ApiError> {
    let Some(value) = headers.get("idempotency-key") else {
        return Ok(None);
    };
    let key = value.to_str().map(str::trim).unwrap_or("\u{0}");
    if key.is_empty() {
        return Ok(None);
    }
    if key.len() > 255 || !key.bytes().all(|b| b.is_ascii_graphic() || b == b' ') {
        return Err(invalid_param(
            "Idempotency-Key",
            "The Idempotency-Key must be at most 255 visible ASCII characters.",
        ));
    }
    Ok(Some(key))
}

/// Admits a public read under the per-address limit (`SLOTBOOK_RATE_LIMIT_READ`).
pub struct PublicRead;

impl FromRequestParts<AppState> for PublicRead {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        state
            .public_reads
            .check(&client_key(parts))
            .map_err(|retry_after| ApiError::TooManyRequests { retry_after })?;
        Ok(PublicRead)
    }
}

fn zone_param(query: &QueryParams) -> Result<chrono_tz::Tz, ApiError> {
    let name = query
        .get("timezone")
        .map(str::trim)
        .filter(|z| !z.is_empty())
        .unwrap_or("UTC");
    app::domain::zone::parse_zone(name)
        .ok_or_else(|| invalid_param("timezone", "The timezone must be a valid IANA time zone."))
}

fn start_param(query: &QueryParams) -> Result<Option<chrono::NaiveDateTime>, ApiError> {
    match query
        .get("start_date")
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        None => Ok(None),
        Some(text) => slots::parse_local_datetime(text).map(Some).ok_or_else(|| {
            invalid_param(
                "start_date",
                "The start_date must be YYYY-MM-DD or YYYY-MM-DD HH:mm:ss.",
            )
        }),
    }
}

#[utoipa::path(get, path = "/bookings/slots/{event_id}", tag = "bookings",
    description = "Public. Offered start times from `start_date` (or now) to the end of that month in `timezone`, never past the booking window; days without slots are left out.",
    params(("event_id" = i64, Path), ("start_date" = Option<String>, Query, description = "`YYYY-MM-DD HH:mm:ss` (or `YYYY-MM-DD`) in `timezone`; default now"),
           ("timezone" = Option<String>, Query, description = "IANA zone of the answer (default UTC)"),
           ("duration" = Option<i64>, Query, description = "Minutes, for multi-duration events"),
           ("host_id" = Option<i64>, Query, description = "Team events: only this member"),
           ("link" = Option<String>, Query, description = "A private link's token: a secret event answers only with a valid one (else 404); one used up, expired or revoked is 410 `link_invalid`")),
    responses((status = 200, description = "`{available_slots: {\"YYYY-MM-DD\": [\"HH:mm\"]}, timezone, max_lookup_date}`; group events also carry the extension `remaining_seats: {\"YYYY-MM-DD\": {\"HH:mm\": n}}` (free seats per offered start)", body = SlotList), (status = 422, description = "malformed query or inactive event", body = super::doc::ErrorEnvelope), (status = 410, description = "link_invalid", body = super::doc::ErrorEnvelope)))]
pub async fn get_slots(
    State(state): State<AppState>,
    _: PublicRead,
    ApiPath(event_id): ApiPath<i64>,
    query: QueryParams,
) -> Answer<SlotList> {
    let zone = zone_param(&query)?;
    let request = SlotRequest {
        event_id,
        start: start_param(&query)?,
        zone,
        duration: query.opt_int("duration")?,
        host_id: query.opt_int("host_id")?,
        own_hold: None,
        access: SlotAccess::Public {
            link: query.get("link").map(str::to_string),
        },
        waitlist: false,
    };
    let answer = slots::public_slots(&state.ctx, request, chrono::Utc::now().timestamp()).await?;
    Ok(Json(SlotList {
        remaining_seats: seats_of(&answer),
        available_slots: answer.by_date,
        timezone: zone.name().to_string(),
        max_lookup_date: answer.max_lookup_date,
    }))
}

/// Group events' answers carry `remaining_seats` (an extension; other events leave it out).
fn seats_of(answer: &slots::SlotAnswer) -> Option<BTreeMap<String, BTreeMap<String, u32>>> {
    (answer.loaded.event().event_type == "group").then(|| answer.remaining_seats.clone())
}

fn location_icon_html(location_settings: &str) -> String {
    let kind = serde_json::from_str::<Vec<Value>>(location_settings)
        .ok()
        .and_then(|l| {
            l.first()
                .and_then(|x| x.get("type"))
                .and_then(Value::as_str)
                .map(str::to_string)
        })
        .unwrap_or_default();
    let label = match kind.as_str() {
        "phone_guest" | "phone_organizer" => "Phone call",
        "in_person_guest" | "in_person_organizer" => "In person",
        "online_meeting" => "Online meeting",
        "custom" => "Custom location",
        _ => return String::new(),
    };
    format!("<span class=\"slotbook-location\" data-location=\"{kind}\">{label}</span>")
}

fn event_for_booking(
    ctx: &Ctx,
    answer: &slots::SlotAnswer,
    zone: chrono_tz::Tz,
) -> app::service::ServiceResult<BookingPageEvent> {
    let row = &answer.loaded.row;
    let cal = answer.loaded.calendar_row();
    let min_bookable = chrono::DateTime::from_timestamp(answer.first_bookable, 0)
        .unwrap_or_default()
        .with_timezone(&zone);
    let mut event = present::event_wire(ctx, &cal, &row.event)?;
    event.duration = answer.duration;
    Ok(BookingPageEvent {
        event,
        max_lookup_date: answer.max_lookup_date.clone(),
        min_lookup_date: answer.min_lookup_date.clone(),
        min_bookable_date: min_bookable.format("%Y-%m-%d %H:%M:%S").to_string(),
        location_icon_html: location_icon_html(&row.event.location_settings),
        time_format: answer.loaded.general.time_format.clone(),
        author_profile: EventOwner {
            ID: row.event.user_id,
            name: row.owner_name().unwrap_or_else(|| "Unknown".into()),
            avatar: row.owner_avatar.clone().unwrap_or_default(),
        },
        calendar: CalendarRef {
            id: cal.id,
            title: cal.title.clone(),
            slug: cal.slug.clone(),
        },
    })
}

#[utoipa::path(get, path = "/bookings/event/{event_id}", tag = "bookings",
    description = "Public. The event as the booking page shows it, with the same slots as `/bookings/slots/{event_id}`.",
    params(("event_id" = i64, Path), ("start_date" = Option<String>, Query, description = "`YYYY-MM-DD` in `timezone`"),
           ("timezone" = Option<String>, Query), ("duration" = Option<i64>, Query), ("host_id" = Option<i64>, Query),
           ("link" = Option<String>, Query, description = "A private link's token, as on `/bookings/slots/{event_id}`")),
    responses((status = 200, description = "`{calendar_event, available_slots, timezone}`; group events also carry `remaining_seats` as in `/bookings/slots/{event_id}`", body = BookingPageAnswer), (status = 410, description = "link_invalid", body = super::doc::ErrorEnvelope)))]
pub async fn get_booking_event(
    State(state): State<AppState>,
    _: PublicRead,
    ApiPath(event_id): ApiPath<i64>,
    query: QueryParams,
) -> Answer<BookingPageAnswer> {
    let zone = zone_param(&query)?;
    let request = SlotRequest {
        event_id,
        start: start_param(&query)?,
        zone,
        duration: query.opt_int("duration")?,
        host_id: query.opt_int("host_id")?,
        own_hold: None,
        access: SlotAccess::Public {
            link: query.get("link").map(str::to_string),
        },
        waitlist: true,
    };
    let answer = slots::public_slots(&state.ctx, request, chrono::Utc::now().timestamp()).await?;
    Ok(Json(BookingPageAnswer {
        calendar_event: event_for_booking(&state.ctx, &answer, zone)?,
        remaining_seats: seats_of(&answer),
        waitlist_slots: answer.waitlist,
        available_slots: answer.by_date,
        timezone: zone.name().to_string(),
    }))
}
