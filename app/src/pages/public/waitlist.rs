//! The waitlist's public pages (DESIGN 2.12): joining from the booking page (`&waitlist=1`),
//! the offer page that books a freed place, and the page that leaves the list. Written by the
//! same waitlist use cases as the REST routes.

use chrono::{DateTime, NaiveDateTime};

use super::View;
use super::form::form_fields;
use super::submit::{Submitted, fill_answers, refusal};
use crate::domain::dates::zone_label;
use crate::domain::language::{Lang, LangAsk};
use crate::domain::zone::parse_zone;
use crate::model::public::{FormState, WaitlistLeavePage, WaitlistOfferPage};
use crate::service::bookings::new_booking::NewBooking;
use crate::service::slots::LoadedEvent;
use crate::service::waitlist;
use crate::service::{Ctx, ServiceError, ServiceResult};
use crate::store::waitlist::EntryRow;
use crate::texts as text;
use crate::texts::cldr::{Dates, default_h12};

/// The entry's time in its zone: ("Monday 14 December 2026, 9:00am – 9:30am", zone label).
fn when_of(entry: &EntryRow, loaded: &LoadedEvent, dates: Dates) -> (String, String) {
    let zone = parse_zone(&entry.person_time_zone).unwrap_or(loaded.host_zone);
    let day = DateTime::from_timestamp(entry.start_time, 0)
        .unwrap_or_default()
        .with_timezone(&zone)
        .date_naive();
    (
        dates.span(entry.start_time, entry.end_time, zone),
        zone_label(zone, day),
    )
}

/// `/waitlist/offer/{token}`; unknown tokens are not found.
/// The language and date forms of a waitlist page: the visitor's, else the calendar's.
fn spoken(ask: &LangAsk, loaded: &LoadedEvent) -> (Lang, Dates) {
    let lang = ask.resolve(None, Lang::from_code(&loaded.row.cal_language));
    let h12 = default_h12(lang, loaded.general.time_format == "12");
    (lang, Dates::new(lang, h12))
}

pub async fn offer_page(
    ctx: &Ctx,
    token: &str,
    now: i64,
    ask: &LangAsk,
) -> ServiceResult<WaitlistOfferPage> {
    let (entry, loaded) = waitlist::offer_of_token(ctx, token)
        .await?
        .ok_or(ServiceError::NotFound)?;
    let (lang, dates) = spoken(ask, &loaded);
    let (when, zone_label) = when_of(&entry, &loaded, dates);
    let offer = waitlist::offer_view(&entry, &loaded, now);
    let closed = match offer.status.as_str() {
        "offered" => None,
        "booked" => Some(text::OFFER_USED),
        "expired" => Some(text::OFFER_EXPIRED),
        _ => Some(text::OFFER_GONE),
    };
    let zone = parse_zone(&entry.person_time_zone).unwrap_or(loaded.host_zone);
    let until = DateTime::from_timestamp(entry.offer_expires_at.unwrap_or_default(), 0)
        .unwrap_or_default()
        .with_timezone(&zone)
        .time();
    let duration = (entry.end_time - entry.start_time) / 60;
    let fields = if closed.is_none() {
        claim_fields(ctx, &loaded, duration, lang).await?
    } else {
        Vec::new()
    };
    Ok(WaitlistOfferPage {
        lang,
        theme: loaded.general.theme.clone(),
        accent: crate::domain::brand::accent_style(&loaded.general.brand_color),
        event_title: loaded.event().title.clone(),
        when,
        zone_label,
        held_until: closed
            .is_none()
            .then(|| text::held_until(lang, &dates.clock(until))),
        closed: closed.map(|c| c.get(lang)),
        action: format!("/waitlist/offer/{}?lang={}", token.trim(), lang.code()),
        fields,
    })
}

/// The booking form's fields but name and email: the entry brings those.
async fn claim_fields(
    ctx: &Ctx,
    loaded: &LoadedEvent,
    duration: i64,
    lang: Lang,
) -> ServiceResult<Vec<crate::model::public::FormField>> {
    let mut fields = form_fields(ctx, loaded, duration, lang).await?;
    fields.retain(|f| f.name != "name" && f.name != "email");
    Ok(fields)
}

/// The posted offer form: the claim books the time; the booking's page follows.
pub async fn submit_claim(
    ctx: &Ctx,
    token: &str,
    form: &[(String, String)],
    ip: &str,
    ask: &LangAsk,
) -> ServiceResult<Submitted> {
    let (entry, loaded) = waitlist::offer_of_token(ctx, token)
        .await?
        .ok_or(ServiceError::NotFound)?;
    let state = FormState::from_pairs(form);
    let (lang, _) = spoken(ask, &loaded);
    let duration = (entry.end_time - entry.start_time) / 60;
    let fields = claim_fields(ctx, &loaded, duration, lang).await?;
    let mut extra = NewBooking {
        website: state.value("website"),
        language: Some(lang),
        ..NewBooking::default()
    };
    fill_answers(&mut extra, &fields, &state);
    match waitlist::claim(ctx, token, extra, ip).await {
        Ok(answer) => Ok(Submitted::Done(answer.booking.hash)),
        Err(e) => refusal(e, state, lang),
    }
}

/// The booking page's waitlist form (`&waitlist=1`): name and email for the chosen time; the
/// entry's page follows.
pub(super) async fn submit_join(
    ctx: &Ctx,
    loaded: &LoadedEvent,
    view: &View,
    state: FormState,
    event_time: NaiveDateTime,
) -> ServiceResult<Submitted> {
    let asked = NewBooking {
        name: state.value("name"),
        email: state.value("email"),
        timezone: view.zone.name().to_string(),
        event_time: Some(event_time),
        duration: Some(view.duration).filter(|_| loaded.settings.multi_duration.enabled),
        private_link: view.link.clone(),
        language: Some(view.lang),
        ..NewBooking::default()
    };
    match waitlist::join(ctx, loaded.event().id, asked).await {
        Ok(joined) => Ok(Submitted::Goto(format!(
            "/waitlist/leave/{}?joined=1&lang={}",
            joined.entry.hash.unwrap_or_default(),
            view.lang.code()
        ))),
        Err(e) => refusal(e, state, view.lang),
    }
}

/// `/waitlist/leave/{hash}`: the entry and where it stands; `joined` right after joining.
pub async fn leave_page(
    ctx: &Ctx,
    hash: &str,
    joined: bool,
    ask: &LangAsk,
) -> ServiceResult<WaitlistLeavePage> {
    let (entry, loaded) = waitlist::entry_of_leave_token(ctx, hash)
        .await?
        .ok_or(ServiceError::NotFound)?;
    let (lang, dates) = spoken(ask, &loaded);
    let (when, zone_label) = when_of(&entry, &loaded, dates);
    let position = waitlist::position_in_line(ctx, &entry).await?;
    let status_line = match entry.status.as_str() {
        "waiting" => text::waitlist_position(lang, position.unwrap_or(1)),
        "offered" => text::OFFERED_LINE.get(lang),
        "booked" => text::BOOKED_LINE.get(lang),
        "expired" => text::EXPIRED_LINE.get(lang),
        "removed" => text::REMOVED_LINE.get(lang),
        _ => text::LEFT_HEADING.get(lang),
    };
    let open = matches!(entry.status.as_str(), "waiting" | "offered");
    let heading = match (joined && open, entry.status.as_str()) {
        (true, _) => text::JOINED_HEADING,
        (_, "left") => text::LEFT_HEADING,
        _ => text::WAITLIST_PLACE_HEADING,
    };
    Ok(WaitlistLeavePage {
        lang,
        theme: loaded.general.theme.clone(),
        accent: crate::domain::brand::accent_style(&loaded.general.brand_color),
        heading: heading.get(lang),
        event_title: loaded.event().title.clone(),
        when,
        zone_label,
        status_line,
        open,
        action: format!("/waitlist/leave/{}?lang={}", hash.trim(), lang.code()),
    })
}

/// The posted leave form: the entry leaves; its page says so.
pub async fn submit_leave(ctx: &Ctx, hash: &str) -> ServiceResult<Submitted> {
    waitlist::leave(ctx, hash).await?;
    Ok(Submitted::Goto(format!("/waitlist/leave/{}", hash.trim())))
}
