//! Posted forms (book, cancel, reschedule), written by the same use cases as the REST routes;
//! a refusal shows the page again with the entered values and the messages.

use chrono::NaiveDateTime;

use crate::domain::values::TimeZoneId;
use crate::service::bookings::create::{CreateRequest, create};
use crate::service::bookings::guard::SLOT_TAKEN;
use crate::service::bookings::new_booking::{Answer, GuestEntry, NewBooking};
use crate::service::bookings::proof_of_work::Unverified;
use crate::service::bookings::self_service::{CancelBooking, RescheduleBooking, find_with_event};
use crate::service::slots::LoadedEvent;
use crate::service::support::throttle::RequestLimiter;
use crate::service::{Ctx, ServiceError, ServiceResult};
// Every visible text lives with the pages' texts (one place to translate).
use super::form::form_fields;
use super::{PageSpec, View, event_by_slugs, read_view};
use crate::domain::dates::{parse_date, parse_time};
use crate::domain::language::{Lang, LangAsk};
use crate::domain::zone::parse_zone;
use crate::model::public::{BookingQuery, FormField, FormState};

/// The outcome of a posted form: done (the booking's hash), or the page again with the
/// entered values, the messages and the status to answer with.
#[derive(Debug)]
pub enum Submitted {
    Done(String),
    /// Done; the visitor goes on to this page (a waitlist entry's).
    Goto(String),
    Refused {
        state: FormState,
        status: u16,
        /// The chosen time is gone: show the day's remaining times instead of the form.
        drop_time: bool,
    },
}

/// Who posted a booking form: their address (limits count per address), the allowance of
/// forms without the browser's proof of work, and what the request says of its language.
pub struct Sender<'a> {
    pub ip: &'a str,
    pub unverified_posts: &'a RequestLimiter,
    pub ask: &'a LangAsk,
}

/// A posted booking form, written by the same create use case as `POST /bookings/create/{id}`.
pub async fn submit_booking(
    ctx: &Ctx,
    calendar_slug: &str,
    event_slug: &str,
    q: &BookingQuery,
    form: &[(String, String)],
    sender: Sender<'_>,
) -> ServiceResult<Submitted> {
    let Sender {
        ip,
        unverified_posts,
        ask,
    } = sender;
    let loaded = event_by_slugs(ctx, calendar_slug, event_slug).await?;
    // The post resolves its language as the page did; the booking keeps it (DESIGN 2.9).
    let lang = ask.resolve(None, Lang::from_code(&loaded.row.cal_language));
    let spec = PageSpec {
        path: String::new(),
        zone: None,
        fields: form_fields(
            ctx,
            &loaded,
            loaded.duration(q.duration.as_deref().and_then(|d| d.parse().ok())),
            lang,
        )
        .await?,
        button: String::new(),
        visitor: None,
        lang,
    };
    let state = FormState::from_pairs(form);
    let Some(event_time) = chosen_time(q) else {
        ctx.metrics.booking_refused("slot_unavailable");
        return Ok(slot_taken(state, lang));
    };
    let view = read_view(&loaded, &spec, q, &mut Vec::new());
    if q.waitlist.as_deref() == Some("1") {
        return super::waitlist::submit_join(ctx, &loaded, &view, state, event_time).await;
    }
    let request = CreateRequest {
        event_id: loaded.event().id,
        booking: asked_booking(&loaded, &spec.fields, &state, &view, event_time),
        caller: None,
        idempotency: None,
        ip,
        // A form without the browser's solution still books, counted per address.
        unverified: Unverified::Counted {
            limiter: unverified_posts,
            key: ip,
        },
        dry_run: false,
        confirmation: None,
        waitlist_claim: None,
    };
    match create(ctx, request).await {
        Ok(answer) => Ok(Submitted::Done(answer.booking.hash)),
        Err(e) => refusal(e, state, lang),
    }
}

/// A posted cancel form, by the same use case as `POST /bookings/{hash}/cancel`.
pub async fn submit_cancel(
    ctx: &Ctx,
    hash: &str,
    form: &[(String, String)],
    ask: &LangAsk,
) -> ServiceResult<Submitted> {
    let state = FormState::from_pairs(form);
    let command = match CancelBooking::new(&state.value("cancellation_reason")) {
        Ok(command) => CancelBooking {
            scope: crate::service::bookings::self_service::CancelScope::parse(
                &state.value("scope"),
            )
            .unwrap_or_default(),
            ..command
        },
        Err(e) => return refusal(e, state, booking_lang(ctx, hash, ask).await),
    };
    match crate::service::bookings::self_service::cancel(ctx, hash, &command, None).await {
        Ok(_) => Ok(Submitted::Done(hash.to_string())),
        Err(e) => refusal(e, state, booking_lang(ctx, hash, ask).await),
    }
}

/// The language of a booking's pages, read again for a refusal's words (English when the
/// booking cannot be read: the refusal says why).
async fn booking_lang(ctx: &Ctx, hash: &str, ask: &LangAsk) -> Lang {
    match find_with_event(ctx, hash).await {
        Ok((booking, loaded)) => super::manage::page_lang(ask, &booking, &loaded),
        Err(_) => ask.resolve(None, None),
    }
}

/// A posted new time, by the same use case as `POST /bookings/{hash}/reschedule`.
pub async fn submit_reschedule(
    ctx: &Ctx,
    hash: &str,
    q: &BookingQuery,
    form: &[(String, String)],
    ask: &LangAsk,
) -> ServiceResult<Submitted> {
    let (booking, loaded) = find_with_event(ctx, hash).await?;
    let state = FormState::from_pairs(form);
    let lang = super::manage::page_lang(ask, &booking, &loaded);
    let Some(event_time) = chosen_time(q) else {
        return Ok(slot_taken(state, lang));
    };
    let spec = PageSpec {
        path: String::new(),
        zone: parse_zone(&booking.person_time_zone),
        fields: Vec::new(),
        button: String::new(),
        visitor: None,
        lang,
    };
    let view = read_view(&loaded, &spec, q, &mut Vec::new());
    let command = match RescheduleBooking::new(
        event_time,
        TimeZoneId::parse(view.zone.name()),
        &state.value("rescheduling_reason"),
    ) {
        Ok(command) => command,
        Err(e) => return refusal(e, state, lang),
    };
    match crate::service::bookings::self_service::reschedule(ctx, hash, &command, None).await {
        Ok(_) => Ok(Submitted::Done(hash.to_string())),
        Err(e) => refusal(e, state, lang),
    }
}

/// `date` + `time` of the page's query: the wall-clock start chosen.
pub(super) fn chosen_time(q: &BookingQuery) -> Option<NaiveDateTime> {
    let date = parse_date(q.date.as_deref()?)?;
    let time = parse_time(q.time.as_deref()?)?;
    Some(date.and_time(time))
}

pub(super) fn refused(state: FormState, status: u16, drop_time: bool, message: &str) -> Submitted {
    Submitted::Refused {
        state: FormState {
            message: Some(message.to_string()),
            ..state
        },
        status,
        drop_time,
    }
}

/// The chosen time is gone (or none was chosen): the day's times again, saying so.
fn slot_taken(state: FormState, lang: Lang) -> Submitted {
    let said = crate::texts::refusal(lang, "slot_unavailable", SLOT_TAKEN, "");
    refused(state, 409, true, &said)
}

/// A refused write as the form shows it, in the page's language: each field's message beside
/// it (under the form's own key), the headline in the alert. Store failures stay errors.
pub(super) fn refusal(
    error: ServiceError,
    mut state: FormState,
    lang: Lang,
) -> ServiceResult<Submitted> {
    let said = error.said_in(lang);
    let status = match &error {
        ServiceError::Validation { errors, .. } => {
            for (field, rule, text) in errors.with_rules() {
                let key = form_key(field, &state);
                state
                    .errors
                    .entry(key)
                    .or_insert_with(|| crate::texts::field_refusal(lang, rule, text));
            }
            422
        }
        ServiceError::SlotUnavailable { .. } => return Ok(refused(state, 409, true, &said)),
        ServiceError::Unprocessable {
            code: "spam_detected",
            ..
        } => 422,
        ServiceError::SeriesUnavailable { .. }
        | ServiceError::Conflict { .. }
        | ServiceError::Unprocessable { .. } => 409,
        ServiceError::Forbidden(_) | ServiceError::Refused { .. } => 403,
        ServiceError::Gone { .. } => 410,
        // Too many forms without the browser's proof of work from this address.
        ServiceError::TooMany { .. } => 429,
        _ => return Err(error),
    };
    Ok(refused(state, status, false, &said))
}

/// The form key an error of the create body belongs to.
pub(super) fn form_key(field: &str, state: &FormState) -> String {
    if field.starts_with("guests") {
        return "guests".into();
    }
    if field == "location_description" {
        let key = if state.values.contains_key("phone_number") {
            "phone_number"
        } else {
            "address"
        };
        return key.into();
    }
    field.to_string()
}

/// The booking the form asks for, as the create use case takes it.
pub(super) fn asked_booking(
    loaded: &LoadedEvent,
    fields: &[FormField],
    state: &FormState,
    view: &View,
    event_time: NaiveDateTime,
) -> NewBooking {
    let mut asked = NewBooking {
        timezone: view.zone.name().to_string(),
        event_time: Some(event_time),
        duration: Some(view.duration).filter(|_| loaded.settings.multi_duration.enabled),
        website: state.value("website"),
        altcha: Some(state.value("altcha")).filter(|t| !t.trim().is_empty()),
        hold: Some(state.value("hold")).filter(|t| !t.trim().is_empty()),
        private_link: view.link.clone(),
        recurring_count: state.value("recurring_count").trim().parse().ok(),
        language: Some(view.lang),
        ..NewBooking::default()
    };
    fill_answers(&mut asked, fields, state);
    asked
}

/// The form's answers to `fields`, into the booking asked for.
pub(super) fn fill_answers(asked: &mut NewBooking, fields: &[FormField], state: &FormState) {
    for field in fields {
        let values = state.values.get(&field.name).cloned().unwrap_or_default();
        let first = values.first().cloned().unwrap_or_default();
        if let Some(name) = field.name.strip_prefix("custom_fields.") {
            let answer = match field.kind.as_str() {
                "checkbox-group" | "multi-select" => Answer::Choices(values),
                "checkbox" | "terms-and-conditions" => Answer::Flag(first == "yes"),
                _ => Answer::Text(first),
            };
            asked.custom_fields.insert(name.to_string(), answer);
            continue;
        }
        match field.name.as_str() {
            "name" => asked.name = first,
            "email" => asked.email = first,
            "message" => asked.message = first,
            "phone_number" => asked.phone_number = first,
            "address" => {
                asked.location_description = first.clone();
                asked.address = first;
            }
            "location_type" => asked.location_type = Some(first),
            "guests" => asked.guests = guests(&first),
            "payment_method" => asked.payment_method = Some(first),
            "privacy_consent" => asked.privacy_consent = Some(first == "yes"),
            _ => {}
        }
    }
}

/// Guests from a textarea: one per line, `email` or `Name <email>`.
pub(super) fn guests(text: &str) -> Vec<GuestEntry> {
    text.lines()
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .map(|line| {
            let (name, email) = match line.rsplit_once('<') {
                Some((name, rest)) => (name.trim(), rest.trim_end_matches('>').trim()),
                None => ("", line),
            };
            GuestEntry::Person {
                name: name.to_string(),
                email: email.to_string(),
            }
        })
        .collect()
}

#[cfg(test)]
mod form_tests {
    use super::*;

    #[test]
    fn guests_read_one_per_line_with_or_without_a_name() {
        let list = guests("a@example.org\n\n  Bea Lee <bea@example.org>  \n");
        let person = |name: &str, email: &str| GuestEntry::Person {
            name: name.into(),
            email: email.into(),
        };
        assert_eq!(
            list,
            vec![
                person("", "a@example.org"),
                person("Bea Lee", "bea@example.org")
            ]
        );
    }

    #[test]
    fn the_chosen_time_needs_a_real_date_and_time() {
        let q = |date: &str, time: &str| BookingQuery {
            date: Some(date.into()),
            time: Some(time.into()),
            ..BookingQuery::default()
        };
        assert_eq!(
            chosen_time(&q("2026-12-14", "09:30")).map(|t| t.to_string()),
            Some("2026-12-14 09:30:00".to_string())
        );
        assert_eq!(chosen_time(&q("2026-12-32", "09:30")), None);
        assert_eq!(chosen_time(&q("2026-12-14", "25:00")), None);
        assert_eq!(chosen_time(&BookingQuery::default()), None);
    }
}
