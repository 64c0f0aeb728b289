//! The attendee's manage page behind the booking's hash: what was booked, and the cancel,
//! reschedule and calendar links the event allows.

use chrono::DateTime;

use crate::service::bookings::self_service::{find_with_event, may_cancel, may_reschedule};
use crate::service::slots::LoadedEvent;
use crate::service::{Ctx, ServiceError, ServiceResult};
// Every visible text lives with the pages' texts (one place to translate).
use super::form::reason_field;
use super::submit::Submitted;
use crate::domain::dates::zone_label;
use crate::domain::language::{Lang, LangAsk};
use crate::domain::zone::parse_zone;
use crate::model::public::{CancelPage, ErasePage, FormState, ManagePage, SeriesDate};
use crate::service::bookings::calendar_links::calendar_links;
use crate::service::bookings::location::location_of_booking;
use crate::store::bookings::BookingRow;
use crate::store::users;
use crate::texts as text;
use crate::texts::cldr::{Dates, default_h12};

/// The language of a page of a booking: the visitor's choice, else the booking's own.
pub(super) fn page_lang(ask: &LangAsk, booking: &BookingRow, loaded: &LoadedEvent) -> Lang {
    ask.resolve(
        Lang::from_code(&booking.language),
        Lang::from_code(&loaded.row.cal_language),
    )
}

/// `/booking/{hash}`.
pub async fn manage(ctx: &Ctx, hash: &str, now: i64, ask: &LangAsk) -> ServiceResult<ManagePage> {
    let (booking, loaded) = find_with_event(ctx, hash).await?;
    let lang = page_lang(ask, &booking, &loaded);
    manage_view(ctx, &booking, &loaded, now, lang).await
}

/// `/booking/{hash}/cancel`.
pub async fn cancel(ctx: &Ctx, hash: &str, now: i64, ask: &LangAsk) -> ServiceResult<CancelPage> {
    let (booking, loaded) = find_with_event(ctx, hash).await?;
    let lang = page_lang(ask, &booking, &loaded);
    let refused = may_cancel(&booking, &loaded, now)
        .err()
        .map(|e| e.said_in(lang));
    let reason_required = reason_field(ctx, &loaded, "cancellation_reason", lang)
        .await?
        .is_some_and(|f| f.required);
    let view = manage_view(ctx, &booking, &loaded, now, lang).await?;
    // A later date of the series still open: the ones listed after this page's own.
    let offer_scope = view
        .series
        .iter()
        .skip_while(|date| date.href.is_some())
        .skip(1)
        .any(|date| !date.cancelled);
    Ok(CancelPage {
        booking: view,
        refused,
        reason_required,
        offer_scope,
    })
}

/// `/booking/{hash}/erase` (404 while attendees may not erase their data). With `done` (the
/// page the erasure leads to) a hash that is gone shows that its data was erased.
pub async fn erase_page(
    ctx: &Ctx,
    hash: &str,
    done: bool,
    now: i64,
    ask: &LangAsk,
) -> ServiceResult<ErasePage> {
    if !crate::service::privacy::attendee_erasure_allowed(ctx).await? {
        return Err(ServiceError::NotFound);
    }
    let general = {
        let mut conn = ctx.store.conn().await?;
        crate::service::settings::site::load::<crate::model::settings::GeneralSettings>(
            conn.ex(),
            crate::model::settings::GENERAL,
        )
        .await?
    };
    let booking = match find_with_event(ctx, hash).await {
        Ok((booking, loaded)) if !done => {
            let lang = page_lang(ask, &booking, &loaded);
            Some(manage_view(ctx, &booking, &loaded, now, lang).await?)
        }
        Err(ServiceError::NotFound) if done => None,
        Ok(_) | Err(ServiceError::NotFound) => return Err(ServiceError::NotFound),
        Err(other) => return Err(other),
    };
    Ok(ErasePage {
        lang: booking
            .as_ref()
            .map_or_else(|| ask.resolve(None, None), |b| b.lang),
        booking,
        theme: general.theme.clone(),
        accent: crate::domain::brand::accent_style(&general.brand_color),
    })
}

/// The posted erase form: ticked, the data goes and the "erased" page follows; unticked, the
/// form again with the request to confirm.
pub async fn submit_erase(
    ctx: &Ctx,
    hash: &str,
    form: &[(String, String)],
) -> ServiceResult<Submitted> {
    let confirmed = form.iter().any(|(k, v)| k == "confirm" && v == "yes");
    match crate::service::privacy::erase_own(ctx, hash, confirmed).await {
        Ok(_) => Ok(Submitted::Goto(format!("/booking/{hash}/erase?done=1"))),
        Err(ServiceError::Validation { .. }) => Ok(super::submit::refused(
            FormState::default(),
            422,
            false,
            crate::service::privacy::CONFIRM_ERASURE,
        )),
        Err(other) => Err(other),
    }
}

/// `/booking/{hash}/ics`: the meeting as iCalendar, from the generator the emails attach, its
/// SUMMARY in the booking's language (`?lang=` may ask another; DESIGN 2.9).
pub async fn ics(ctx: &Ctx, hash: &str, ask: &LangAsk) -> ServiceResult<String> {
    let (booking, loaded) = find_with_event(ctx, hash).await?;
    let lang = page_lang(ask, &booking, &loaded);
    let mut conn = ctx.store.conn().await?;
    let host = users::find(conn.ex(), booking.host_user_id).await?;
    let location = location_of_booking(&loaded, &booking, lang);
    let host_name = host.as_ref().map(|h| h.full_name()).unwrap_or_default();
    let summary = text::ics_summary(lang, &loaded.event().title, &host_name);
    if let Some(series) = booking.series_id {
        let occurrences = crate::store::bookings::of_series(conn.ex(), series).await?;
        return Ok(crate::service::notifications::series_ics(
            &occurrences,
            &summary,
            host.as_ref(),
            location.as_deref(),
            &ctx.public_url,
        ));
    }
    Ok(crate::service::notifications::ics(
        &booking,
        &summary,
        host.as_ref(),
        location.as_deref(),
        &ctx.public_url,
    ))
}

/// "Monday 14 December 2026, 9:00am – 10:00am" of a booking in `zone`.
fn when_label(booking: &BookingRow, zone: chrono_tz::Tz, dates: Dates) -> String {
    dates.span(booking.start_time, booking.end_time, zone)
}

pub(super) async fn manage_view(
    ctx: &Ctx,
    booking: &BookingRow,
    loaded: &LoadedEvent,
    now: i64,
    lang: Lang,
) -> ServiceResult<ManagePage> {
    let mut conn = ctx.store.conn().await?;
    let host = users::find(conn.ex(), booking.host_user_id).await?;
    drop(conn);
    let zone = parse_zone(&booking.person_time_zone).unwrap_or(loaded.host_zone);
    let dates = Dates::new(lang, default_h12(lang, loaded.general.time_format == "12"));
    let start = DateTime::from_timestamp(booking.start_time, 0)
        .unwrap_or_default()
        .with_timezone(&zone)
        .naive_local();
    let when = when_label(booking, zone, dates);
    let series = match booking.series_id {
        Some(series) => {
            let mut conn = ctx.store.conn().await?;
            crate::store::bookings::of_series(conn.ex(), series)
                .await?
                .iter()
                .map(|o| SeriesDate {
                    label: when_label(o, zone, dates),
                    cancelled: matches!(o.status.as_str(), "cancelled" | "rejected"),
                    href: (o.id != booking.id)
                        .then(|| format!("/booking/{}?lang={}", o.hash, lang.code())),
                })
                .collect()
        }
        None => Vec::new(),
    };
    let heading = text::status_heading(lang, &booking.status);
    let title = loaded.event().title.clone();
    let host_name = host.as_ref().map(|h| h.full_name()).unwrap_or_default();
    let location = location_of_booking(loaded, booking, lang);
    let hash = booking.hash.clone();
    let (google_href, outlook_href) =
        calendar_links(booking, &title, location.as_deref(), &ctx.public_url);
    let (reschedule, cancel) = (
        may_reschedule(booking, loaded, now),
        may_cancel(booking, loaded, now),
    );
    let notices = [&reschedule, &cancel]
        .into_iter()
        .filter_map(|refusal| match refusal {
            Err(ServiceError::Conflict {
                code: "cancel_not_allowed" | "reschedule_not_allowed",
                message,
            }) => Some(message.clone()),
            _ => None,
        })
        .collect();
    let code = lang.code();
    Ok(ManagePage {
        lang,
        theme: loaded.general.theme.clone(),
        accent: crate::domain::brand::accent_style(&loaded.general.brand_color),
        heading,
        status: booking.status.clone(),
        event_title: title,
        host_name,
        attendee_name: format!("{} {}", booking.first_name, booking.last_name)
            .trim()
            .to_string(),
        when,
        zone_label: zone_label(zone, start.date()),
        location,
        google_href,
        outlook_href,
        ics_href: format!("/booking/{hash}/ics?lang={code}"),
        reschedule_href: reschedule
            .is_ok()
            .then(|| format!("/booking/{hash}/reschedule?lang={code}")),
        cancel_href: cancel
            .is_ok()
            .then(|| format!("/booking/{hash}/cancel?lang={code}")),
        erase_href: crate::service::privacy::attendee_erasure_allowed(ctx)
            .await?
            .then(|| format!("/booking/{hash}/erase?lang={code}")),
        notices,
        series,
        video_url: booking
            .video_url
            .clone()
            .filter(|_| matches!(booking.status.as_str(), "scheduled" | "pending")),
        book_again_href: format!(
            "/{}/{}?lang={code}",
            loaded.row.cal_slug,
            loaded.event().slug
        ),
        start_time: crate::service::bookings::views::utc_text(booking.start_time),
        hash,
    })
}
