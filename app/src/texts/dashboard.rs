//! The dashboard's and login's own texts (DESIGN 2.9), in the language of the person using
//! them: the profile's `language`, else `Accept-Language`, else English. The words live in
//! `app/locales/dashboard/{code}.ftl`; English and German are complete, any other language
//! reads the English text where its catalog has none.
//!
//! The frame of each page puts the language in the page's context ([`DashboardLang`]); the
//! components below it call [`t`] with a message id.

use leptos::prelude::use_context;

use super::{Arg, Lang};

/// The language the dashboard (or the login page) speaks in this request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DashboardLang(pub Lang);

/// This request's dashboard language: the page's context, else the one the request's
/// handler runs in ([`speaking`]), else English.
pub fn lang() -> Lang {
    use_context::<DashboardLang>()
        .map(|l| l.0)
        .or_else(spoken)
        .unwrap_or_default()
}

#[cfg(feature = "ssr")]
tokio::task_local! {
    static SPOKEN: Lang;
}

/// Runs a dashboard request's handler in `lang`: the notices and refusals its form handlers
/// write before any page is rendered speak it too.
#[cfg(feature = "ssr")]
pub async fn speaking<F: std::future::Future>(lang: Lang, handler: F) -> F::Output {
    SPOKEN.scope(lang, handler).await
}

#[cfg(feature = "ssr")]
fn spoken() -> Option<Lang> {
    SPOKEN.try_with(|lang| *lang).ok()
}

#[cfg(not(feature = "ssr"))]
fn spoken() -> Option<Lang> {
    None
}

/// Message `id` (no placeholders) in this request's dashboard language.
pub fn t(id: &'static str) -> &'static str {
    in_lang(lang(), id)
}

/// A message with its placeholders filled (`Arg::Number` selects plural forms).
pub fn tf(id: &str, args: &[(&str, Arg<'_>)]) -> String {
    format_in(lang(), id, args)
}

/// Message `id` in `lang`. A text without placeholders is formatted once per process and
/// language and kept: the ids are the code's literals, a bounded set, and a `&'static str`
/// fits wherever the English literal used to be.
#[cfg(feature = "ssr")]
pub fn in_lang(lang: Lang, id: &'static str) -> &'static str {
    use std::collections::HashMap;
    use std::sync::{LazyLock, RwLock};
    type Table = RwLock<HashMap<&'static str, &'static str>>;
    static TABLES: LazyLock<Vec<Table>> =
        LazyLock::new(|| Lang::ALL.iter().map(|_| Table::default()).collect());
    let table = &TABLES[lang.index()];
    if let Some(text) = table.read().unwrap_or_else(|e| e.into_inner()).get(id) {
        return text;
    }
    let text: &'static str = Box::leak(format_in(lang, id, &[]).into_boxed_str());
    table
        .write()
        .unwrap_or_else(|e| e.into_inner())
        .insert(id, text);
    text
}

/// Pages render on the server; an island gets its texts from the page.
#[cfg(not(feature = "ssr"))]
pub fn in_lang(_lang: Lang, id: &'static str) -> &'static str {
    id
}

#[cfg(feature = "ssr")]
fn format_in(lang: Lang, id: &str, args: &[(&str, Arg<'_>)]) -> String {
    super::catalog::format_dashboard(lang, id, args)
}

#[cfg(not(feature = "ssr"))]
fn format_in(_lang: Lang, id: &str, _args: &[(&str, Arg<'_>)]) -> String {
    id.to_string()
}

/// A weekday's full name in the dashboard's language, from CLDR ("Monday", "Montag"), by its
/// key (`mon` .. `sun`); empty when the key names no day.
pub fn weekday(key: &str) -> &'static str {
    weekday_names(key).1
}

/// A weekday's short name ("Mon", "Mo."), as [`weekday`].
pub fn weekday_short(key: &str) -> &'static str {
    weekday_names(key).0
}

/// (short, full) names; worked out once per process.
#[cfg(feature = "ssr")]
fn weekday_names(key: &str) -> (&'static str, &'static str) {
    use std::sync::LazyLock;
    type Names = Vec<Vec<(&'static str, &'static str)>>;
    static NAMES: LazyLock<Names> = LazyLock::new(|| {
        // 2024-01-01 was a Monday.
        let monday = chrono::NaiveDate::from_ymd_opt(2024, 1, 1).unwrap_or_default();
        Lang::ALL
            .iter()
            .map(|lang| {
                (0..7)
                    .map(|offset| {
                        let date = monday + chrono::Days::new(offset);
                        let (short, full) =
                            super::cldr::Dates::new(*lang, false).weekday_names(date);
                        (
                            &*Box::leak(short.into_boxed_str()),
                            &*Box::leak(full.into_boxed_str()),
                        )
                    })
                    .collect()
            })
            .collect()
    });
    let Ok(day) = key.parse::<chrono::Weekday>() else {
        return ("", "");
    };
    NAMES[lang().index()][day.num_days_from_monday() as usize]
}

/// Pages render on the server; an island gets its texts from the page.
#[cfg(not(feature = "ssr"))]
fn weekday_names(_key: &str) -> (&'static str, &'static str) {
    ("", "")
}

/// The dashboard language's date and time forms (CLDR; English as DESIGN 2.6 writes it), on
/// the clock the site's `time_format` asks for in English and the language's own elsewhere.
#[cfg(feature = "ssr")]
pub fn dates(site_h12: bool) -> super::cldr::Dates {
    let lang = lang();
    super::cldr::Dates::new(lang, super::cldr::default_h12(lang, site_h12))
}

/// An instant (RFC 3339) as the dashboard's technical lists show it, in UTC: "28 Nov 2026,
/// 05:11 UTC" in English, the language's date elsewhere ("28. November 2026, 05:11 UTC");
/// `seconds` adds them (the audit log). A text that is no instant is shown as it is.
#[cfg(feature = "ssr")]
pub fn utc_stamp(at: &str, seconds: bool) -> String {
    let Ok(at) = chrono::DateTime::parse_from_rfc3339(at) else {
        return at.to_string();
    };
    let at = at.naive_utc();
    let clock = if seconds { "%H:%M:%S" } else { "%H:%M" };
    let lang = lang();
    if lang == Lang::En {
        return at.format(&format!("%-d %b %Y, {clock} UTC")).to_string();
    }
    let date = super::cldr::Dates::new(lang, false).day_month_year(at.date());
    let time = at.format(clock).to_string();
    tf(
        "utc-stamp",
        &[("date", (&date).into()), ("time", (&time).into())],
    )
}

/// Whether `text` is already one of the dashboard's own texts in this request's language (a
/// refusal a form handler said in it), so it is shown as it is.
#[cfg(feature = "ssr")]
pub fn is_own_text(text: &str) -> bool {
    super::catalog::is_dashboard_text(lang(), text)
}

/// Pages render on the server; the browser never formats an instant.
#[cfg(not(feature = "ssr"))]
pub fn utc_stamp(at: &str, _seconds: bool) -> String {
    at.to_string()
}

/// A booking status (`scheduled`, `no_show`, ...) as the dashboard names it ("Scheduled",
/// "Geplant"); `None` for a code that names none.
pub fn status(code: &str) -> Option<&'static str> {
    let id = match code {
        "scheduled" => "status-scheduled",
        "pending" => "status-pending",
        "cancelled" => "status-cancelled",
        "completed" => "status-completed",
        "rejected" => "status-rejected",
        "no_show" => "status-no-show",
        _ => return None,
    };
    Some(t(id))
}
