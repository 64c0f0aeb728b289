//! A series create (DESIGN 2.8): how many occurrences, when each starts (the same wall-clock
//! time of the event's availability zone), and every one through the guard in the same
//! transaction, or none is written: the refusal names each date that is not free.

use chrono::NaiveDateTime;
use chrono_tz::Tz;

use super::under_lock::{answer, place};
use super::{Charge, Draft, EventContext, HostChoices, SeriesPlace};
use crate::domain::series::{Frequency, occurrences};
use crate::domain::slots::Reason;
use crate::domain::slots::local::{exact_instant, local_of};
use crate::model::booking::BookingAnswer;
use crate::service::bookings::form::Attendee;
use crate::service::slots::LoadedEvent;
use crate::service::{Caller, Ctx, ServiceError, ServiceResult};
use crate::store::Tx;
use crate::store::bookings::BookingRow;

/// The refusal's headline, before the dates.
pub const SERIES_UNAVAILABLE: &str = "Some dates of this series are not available: ";

/// How many occurrences a create books: 1 unless the event allows series; `recurring_count`
/// 2..`max_count` asks for a series; a fixed count makes public creates book `max_count`.
pub fn occurrence_count(
    asked: Option<i64>,
    loaded: &LoadedEvent,
    is_host: bool,
) -> ServiceResult<usize> {
    let config = &loaded.settings.recurring_config;
    let refuse = |message: String| Err(ServiceError::field("recurring_count", "between", &message));
    let count = match asked {
        None | Some(1) if !(config.enabled && config.is_count_fixed && !is_host) => 1,
        _ if !config.enabled => {
            return Err(ServiceError::field(
                "recurring_count",
                "not_allowed",
                "This event does not take recurring bookings.",
            ));
        }
        _ if config.is_count_fixed && !is_host => config.max_count,
        Some(n) if (1..=config.max_count).contains(&n) => n,
        _ => {
            return refuse(format!(
                "The recurring count must be between 1 and {}.",
                config.max_count
            ));
        }
    };
    Ok(usize::try_from(count).unwrap_or(1))
}

/// Each occurrence's start (`None`: its wall-clock time does not exist that day, skipped by
/// a DST gap), the first being `first`.
pub fn starts(event: &EventContext, first: i64, count: usize) -> Vec<Option<i64>> {
    let loaded = &event.loaded;
    let zone: Tz = loaded.availability_zone(&event.schedules);
    let (date, minutes) = local_of(zone, first);
    let local: NaiveDateTime =
        date.and_time(chrono::NaiveTime::MIN) + chrono::Duration::minutes(i64::from(minutes));
    let config = &loaded.settings.recurring_config;
    occurrences(
        local,
        Frequency::parse(&config.frequency),
        config.interval,
        count,
    )
    .into_iter()
    .map(|at| exact_instant(zone, at))
    .collect()
}

/// Under the hosts' lock: every occurrence through the guard. A refusal of any names every
/// refused date (in the attendee's zone) and their reasons, and nothing is written.
pub(super) async fn place_all(
    tx: &mut Tx,
    event: &EventContext,
    attendee: &Attendee,
    choices: HostChoices,
    starts: &[Option<i64>],
    duration: i64,
    charge: Option<Charge>,
) -> ServiceResult<Vec<Draft>> {
    let count = i64::try_from(starts.len()).unwrap_or(1);
    let zone = crate::domain::zone::parse_zone(&attendee.zone).unwrap_or(chrono_tz::UTC);
    let mut drafts = Vec::with_capacity(starts.len());
    let mut refused: Vec<(String, Vec<serde_json::Value>)> = Vec::new();
    for (k, start) in starts.iter().enumerate() {
        let placed = match start {
            Some(start) => {
                // A series holds its first occurrence only.
                let choices = HostChoices {
                    own_hold: choices.own_hold.filter(|_| k == 0),
                    ..choices
                };
                place(
                    tx,
                    event,
                    attendee,
                    choices,
                    *start,
                    duration,
                    charge.clone(),
                )
                .await
            }
            None => Err(crate::service::bookings::guard::slot_unavailable(&[
                Reason::OutsideHours,
            ])),
        };
        match placed {
            Ok(mut draft) => {
                draft.series = Some(SeriesPlace {
                    id: None,
                    index: i64::try_from(k).unwrap_or(0) + 1,
                    count,
                });
                drafts.push(draft);
            }
            Err(ServiceError::SlotUnavailable { reasons, .. }) => {
                let instant = start.unwrap_or_default();
                let (date, _) = local_of(zone, instant);
                refused.push((date.format("%Y-%m-%d").to_string(), reasons));
            }
            Err(other) => return Err(other),
        }
    }
    if refused.is_empty() {
        return Ok(drafts);
    }
    refused.sort_by(|a, b| a.0.cmp(&b.0));
    let dates: Vec<String> = refused.iter().map(|(d, _)| d.clone()).collect();
    let mut reasons: Vec<serde_json::Value> = Vec::new();
    for reason in refused.into_iter().flat_map(|(_, r)| r) {
        if !reasons.contains(&reason) {
            reasons.push(reason);
        }
    }
    Err(ServiceError::SeriesUnavailable {
        message: format!("{SERIES_UNAVAILABLE}{}", dates.join(", ")),
        dates,
        reasons,
    })
}

/// `{message, booking: <first>, series?: [<all, in start order>]}`.
pub(super) fn answer_all(
    ctx: &Ctx,
    event: &EventContext,
    attendee: &Attendee,
    rows: &[(BookingRow, Draft)],
    caller: Option<&Caller>,
) -> ServiceResult<BookingAnswer> {
    let mut answers = rows
        .iter()
        .map(|(row, draft)| answer(ctx, event, attendee, row, caller, draft));
    let Some(mut first) = answers.next() else {
        return Err(ServiceError::Internal("a create wrote no booking".into()));
    };
    if rows.len() > 1 {
        let mut series = vec![first.booking.clone()];
        series.extend(answers.map(|a| a.booking));
        first.series = Some(series);
    }
    Ok(first)
}
