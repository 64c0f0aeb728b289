//! The booking page's word on hosts out of office (DESIGN 2.8): who is away in the month
//! shown, until when, and whose landing page to book instead.

use chrono::NaiveDate;

use crate::domain::language::Lang;
use crate::texts::cldr::Dates;

use crate::model::public::AwayNotice;
use crate::service::slots::LoadedEvent;
use crate::service::{Ctx, ServiceResult};
use crate::store::{calendars, users};
use crate::texts as text;

/// One notice per period of the event's hosts that touches `month` (its first day); no query
/// when no host is away.
pub(super) async fn notices(
    ctx: &Ctx,
    loaded: &LoadedEvent,
    month: NaiveDate,
    lang: Lang,
) -> ServiceResult<Vec<AwayNotice>> {
    let last = month
        .checked_add_months(chrono::Months::new(1))
        .and_then(|next| next.pred_opt())
        .unwrap_or(month);
    let touching: Vec<(i64, NaiveDate, NaiveDate, Option<i64>)> = loaded
        .away
        .iter()
        .flat_map(|(user, away)| {
            away.periods
                .iter()
                .filter(|p| p.start <= last && p.end >= month)
                .map(|p| (*user, p.start, p.end, p.teammate))
        })
        .collect();
    if touching.is_empty() {
        return Ok(Vec::new());
    }
    let mut conn = ctx.store.conn().await?;
    let mut out = Vec::with_capacity(touching.len());
    for (user, start, end, teammate) in touching {
        let name = users::find(conn.ex(), user)
            .await?
            .map(|u| u.full_name())
            .unwrap_or_default();
        let teammate = match teammate {
            Some(id) => landing_of(&mut conn, id, lang).await?,
            None => None,
        };
        out.push(AwayNotice {
            text: text::out_of_office(
                lang,
                &name,
                &Dates::new(lang, false).day_month_year(start),
                &Dates::new(lang, false).day_month_year(end),
            ),
            teammate,
        });
    }
    Ok(out)
}

/// "Book with {name}" and the teammate's landing page, when it has one that is shared.
async fn landing_of(
    conn: &mut crate::store::Conn,
    user: i64,
    lang: Lang,
) -> ServiceResult<Option<(String, String)>> {
    let Some(person) = users::find(conn.ex(), user).await? else {
        return Ok(None);
    };
    let Some(calendar_id) = calendars::simple_calendar_of(conn.ex(), user).await? else {
        return Ok(None);
    };
    let Some(cal) = calendars::find(conn.ex(), calendar_id).await? else {
        return Ok(None);
    };
    let shared = crate::service::support::present::calendar_settings(&cal)
        .is_ok_and(|s| s.sharing.is_enabled());
    Ok((shared && cal.status != "draft").then(|| {
        (
            text::book_with(lang, &person.full_name()),
            format!("/{}?lang={}", cal.slug, lang.code()),
        )
    }))
}
