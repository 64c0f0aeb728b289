//! Dates and times in a language's own forms, from CLDR through ICU4X (DESIGN 2.9): month and
//! weekday names, date order, the clock, the first day of the week. English keeps the forms
//! DESIGN 2.6 quotes ("Monday 14 December 2026", "9:00am"); its names are CLDR's too.

use chrono::{Datelike, NaiveDate, NaiveTime, Timelike, Weekday};
use chrono_tz::Tz;
use icu_calendar::week::WeekInformation;
use icu_calendar::{Date, Gregorian};
use icu_datetime::fieldsets::{E, MD, T, YM, YMD, YMDE};
use icu_datetime::input::Time;
use icu_datetime::preferences::HourCycle;
use icu_datetime::{
    DateTimeFormatterPreferences, FixedCalendarDateTimeFormatter, NoCalendarFormatter,
};
use icu_locale_core::Locale;
use writeable::Writeable;

use super::Lang;
use crate::domain::dates;

/// The CLDR locale of a language: its likely region, Latin digits on every page (DESIGN 2.9
/// allows Arabic-Indic digits for `ar`; one kind per page, and the catalogs' numbers are Latin).
fn locale(lang: Lang) -> Locale {
    let tag = match lang {
        Lang::En => "en-US",
        Lang::De => "de-DE",
        Lang::Fr => "fr-FR",
        Lang::Es => "es-ES",
        Lang::PtBr => "pt-BR",
        Lang::Ar => "ar-EG-u-nu-latn",
        Lang::Ja => "ja-JP",
    };
    tag.parse().unwrap_or(icu_locale_core::locale!("en-US"))
}

/// The clock a language shows unless `h12=` asks otherwise: English follows the site's
/// `time_format`, Arabic is 12-hour, the others 24-hour.
pub fn default_h12(lang: Lang, site_h12: bool) -> bool {
    match lang {
        Lang::En => site_h12,
        Lang::Ar => true,
        _ => false,
    }
}

/// The first column of the month grid: CLDR's first day of the week for the language's
/// likely region (Sunday for `en`, `pt-BR` and `ja`, Saturday for `ar`, Monday otherwise).
pub fn first_weekday(lang: Lang) -> Weekday {
    let info = WeekInformation::try_new((&locale(lang)).into());
    let first = info.map(|i| i.first_weekday as u8).unwrap_or(1);
    // ICU numbers Monday 1 to Sunday 7.
    Weekday::try_from(first.saturating_sub(1) % 7).unwrap_or(Weekday::Mon)
}

/// Formats `$date` with the field set `$fields` in `$dates`'s language (each field set is a
/// type of its own, so a function over them would need ICU's whole trait scaffold).
macro_rules! format_date {
    ($dates:expr, $date:expr, $fields:expr) => {{
        let (dates, date): (Dates, NaiveDate) = ($dates, $date);
        match (
            FixedCalendarDateTimeFormatter::<Gregorian, _>::try_new(dates.prefs(), $fields),
            dates.date(date),
        ) {
            (Ok(formatter), Some(d)) => formatter.format(&d).write_to_string().into_owned(),
            _ => date.to_string(),
        }
    }};
}

/// The formatters a page uses many times (each day's name, each time), made once per thread
/// and language: making one reads CLDR's data, which costs more than formatting with it.
struct Hot {
    full: Option<FixedCalendarDateTimeFormatter<Gregorian, YMDE>>,
    caption: Option<FixedCalendarDateTimeFormatter<Gregorian, YM>>,
    clock12: Option<NoCalendarFormatter<T>>,
    clock24: Option<NoCalendarFormatter<T>>,
}

impl Hot {
    fn of(lang: Lang) -> std::rc::Rc<Hot> {
        thread_local! {
            static MADE: std::cell::RefCell<Vec<Option<std::rc::Rc<Hot>>>> =
                std::cell::RefCell::new(vec![None; Lang::ALL.len()]);
        }
        let position = lang.index();
        MADE.with_borrow_mut(|made| {
            made[position]
                .get_or_insert_with(|| std::rc::Rc::new(Hot::make(lang)))
                .clone()
        })
    }

    fn make(lang: Lang) -> Hot {
        let prefs: DateTimeFormatterPreferences = (&locale(lang)).into();
        let clock = |cycle: HourCycle| {
            let mut prefs = prefs;
            prefs.hour_cycle = Some(cycle);
            NoCalendarFormatter::try_new(prefs, T::hm()).ok()
        };
        Hot {
            full: FixedCalendarDateTimeFormatter::try_new(prefs, YMDE::long()).ok(),
            caption: FixedCalendarDateTimeFormatter::try_new(prefs, YM::long()).ok(),
            clock12: clock(HourCycle::H12),
            clock24: clock(HourCycle::H23),
        }
    }
}

/// A language's date and time forms with a chosen clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Dates {
    pub lang: Lang,
    pub h12: bool,
}

impl Dates {
    pub fn new(lang: Lang, h12: bool) -> Dates {
        Dates { lang, h12 }
    }

    fn prefs(self) -> DateTimeFormatterPreferences {
        (&locale(self.lang)).into()
    }

    fn date(self, date: NaiveDate) -> Option<Date<Gregorian>> {
        Date::try_new_gregorian(date.year(), date.month() as u8, date.day() as u8).ok()
    }

    /// A day's accessible name and a booking's date: "Monday 14 December 2026", "Montag,
    /// 14. Dezember 2026", "2026年12月14日月曜日".
    pub fn full_date(self, date: NaiveDate) -> String {
        if self.lang == Lang::En {
            return dates::full_date(date);
        }
        let hot = Hot::of(self.lang);
        match (&hot.full, self.date(date)) {
            (Some(formatter), Some(d)) => formatter.format(&d).write_to_string().into_owned(),
            _ => format_date!(self, date, YMDE::long()),
        }
    }

    /// "14 December 2026": a date in a sentence.
    pub fn day_month_year(self, date: NaiveDate) -> String {
        match self.lang {
            Lang::En => dates::day_month_year(date),
            _ => format_date!(self, date, YMD::long()),
        }
    }

    /// "30 Oct", "30. Okt.", "10月30日": a day on a chart's axis.
    pub fn day_month_short(self, date: NaiveDate) -> String {
        match self.lang {
            Lang::En => date.format("%-d %b").to_string(),
            _ => format_date!(self, date, MD::medium()),
        }
    }

    /// The grid's caption: "December 2026", "Dezember 2026", "2026年12月".
    pub fn month_caption(self, first: NaiveDate) -> String {
        if self.lang == Lang::En {
            return dates::month_caption(first);
        }
        let hot = Hot::of(self.lang);
        match (&hot.caption, self.date(first)) {
            (Some(formatter), Some(d)) => formatter.format(&d).write_to_string().into_owned(),
            _ => format_date!(self, first, YM::long()),
        }
    }

    /// A weekday's (short, full) names, from any date that falls on it.
    pub fn weekday_names(self, date: NaiveDate) -> (String, String) {
        (
            format_date!(self, date, E::short()),
            format_date!(self, date, E::long()),
        )
    }

    /// The grid's columns from the language's first day: (weekday, short name, full name).
    /// The same for every page of a language: worked out once per process.
    pub fn week_columns(self) -> Vec<(Weekday, String, String)> {
        static COLUMNS: std::sync::OnceLock<Vec<Vec<(Weekday, String, String)>>> =
            std::sync::OnceLock::new();
        let all = COLUMNS.get_or_init(|| {
            Lang::ALL
                .into_iter()
                .map(|lang| Dates::new(lang, false).columns_from_cldr())
                .collect()
        });
        let position = self.lang.index();
        all[position].clone()
    }

    fn columns_from_cldr(self) -> Vec<(Weekday, String, String)> {
        let first = first_weekday(self.lang);
        // 2026-11-30 is a Monday: the week from it names every weekday once.
        let monday = NaiveDate::from_ymd_opt(2026, 11, 30).unwrap_or_default();
        (0..7)
            .map(|i| {
                let day = monday
                    + chrono::Duration::days((i64::from(first.num_days_from_monday()) + i) % 7);
                let (short, long) = self.weekday_names(day);
                (day.weekday(), short, long)
            })
            .collect()
    }

    /// A time on the page's clock: "9:00am" / "09:00" in English (DESIGN 2.6), CLDR's form
    /// elsewhere ("14:00", "2:00 م").
    pub fn clock(self, time: NaiveTime) -> String {
        if self.lang == Lang::En {
            return dates::clock_label(time, self.h12);
        }
        let hot = Hot::of(self.lang);
        let formatter = if self.h12 { &hot.clock12 } else { &hot.clock24 };
        let (Some(formatter), Ok(t)) = (
            formatter,
            Time::try_new(time.hour() as u8, time.minute() as u8, 0, 0),
        ) else {
            return dates::clock_label(time, self.h12);
        };
        formatter.format(&t).write_to_string().into_owned()
    }

    /// "Monday 14 December 2026, 9:00am – 9:30am": two instants on the wall clock of `zone`.
    pub fn span(self, start: i64, end: i64, zone: Tz) -> String {
        if self.lang == Lang::En {
            return dates::span_label(start, end, zone, self.h12);
        }
        let local = |t: i64| {
            chrono::DateTime::from_timestamp(t, 0)
                .unwrap_or_default()
                .with_timezone(&zone)
                .naive_local()
        };
        let (start, end) = (local(start), local(end));
        super::date_span(
            self.lang,
            &self.full_date(start.date()),
            &self.clock(start.time()),
            &self.clock(end.time()),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap_or_default()
    }

    #[test]
    fn the_first_day_of_the_week_is_cldr_s_for_each_language() {
        assert_eq!(first_weekday(Lang::En), Weekday::Sun);
        assert_eq!(first_weekday(Lang::De), Weekday::Mon);
        assert_eq!(first_weekday(Lang::Fr), Weekday::Mon);
        assert_eq!(first_weekday(Lang::Es), Weekday::Mon);
        assert_eq!(first_weekday(Lang::PtBr), Weekday::Sun);
        assert_eq!(first_weekday(Lang::Ar), Weekday::Sat);
        assert_eq!(first_weekday(Lang::Ja), Weekday::Sun);
    }

    #[test]
    fn dates_read_in_each_language_s_own_forms() {
        let de = Dates::new(Lang::De, false);
        assert_eq!(de.full_date(d(2026, 12, 14)), "Montag, 14. Dezember 2026");
        assert_eq!(de.month_caption(d(2026, 12, 1)), "Dezember 2026");
        let en = Dates::new(Lang::En, true);
        assert_eq!(en.full_date(d(2026, 12, 14)), "Monday 14 December 2026");
        assert_eq!(en.month_caption(d(2026, 12, 1)), "December 2026");
        let ja = Dates::new(Lang::Ja, false);
        assert_eq!(ja.month_caption(d(2026, 12, 1)), "2026年12月");
        let ar = Dates::new(Lang::Ar, true);
        assert_eq!(ar.month_caption(d(2026, 12, 1)), "ديسمبر 2026");
        // A chart's axis: the day and the short month.
        assert_eq!(en.day_month_short(d(2026, 10, 30)), "30 Oct");
        assert_eq!(de.day_month_short(d(2026, 10, 30)), "30. Okt.");
        assert_eq!(ja.day_month_short(d(2026, 10, 30)), "10月30日");
    }

    #[test]
    fn the_clock_is_the_language_s_unless_asked() {
        let two_pm = NaiveTime::from_hms_opt(14, 0, 0).unwrap_or_default();
        assert_eq!(Dates::new(Lang::De, false).clock(two_pm), "14:00");
        assert_eq!(Dates::new(Lang::En, true).clock(two_pm), "2:00pm");
        let arabic = Dates::new(Lang::Ar, default_h12(Lang::Ar, false)).clock(two_pm);
        assert!(
            arabic.starts_with("2:00") && arabic.ends_with('م'),
            "{arabic}"
        );
        assert_eq!(Dates::new(Lang::Ar, false).clock(two_pm), "14:00");
    }

    #[test]
    fn the_columns_start_on_the_first_day_with_cldr_names() {
        let columns = Dates::new(Lang::De, false).week_columns();
        assert_eq!(columns[0].0, Weekday::Mon);
        assert_eq!(columns[0].2, "Montag");
        assert_eq!(columns[6].2, "Sonntag");
        let english = Dates::new(Lang::En, true).week_columns();
        assert_eq!(
            (english[0].0, english[0].1.as_str(), english[0].2.as_str()),
            (Weekday::Sun, "Sun", "Sunday")
        );
        assert_eq!(Dates::new(Lang::Ar, true).week_columns()[0].0, Weekday::Sat);
    }
}
