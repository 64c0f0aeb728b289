//! What the public booking pages show, computed on the server (`pages::public`) and
//! rendered by `ui::public`. Every link is a ready `href`: the view state lives in the URL, so
//! each view works without JavaScript and can be linked, reloaded and reached with "back".

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

pub use crate::domain::language::Lang;

/// The query of a booking page (and of the reschedule page), as received. Bad values are
/// replaced by defaults with a notice, never refused.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BookingQuery {
    pub month: Option<String>,
    pub date: Option<String>,
    pub tz: Option<String>,
    pub h12: Option<String>,
    pub duration: Option<String>,
    pub time: Option<String>,
    pub embed: Option<String>,
    /// A private link's token (DESIGN 2.8), kept by every link and form of the page.
    #[serde(default)]
    pub link: Option<String>,
    /// `1`: the chosen time's waitlist form instead of the booking form (DESIGN 2.12).
    #[serde(default)]
    pub waitlist: Option<String>,
    /// The language the visitor picked (DESIGN 2.9), kept by every link and form.
    #[serde(default)]
    pub lang: Option<String>,
    /// The zone the visitor's browser gave on an earlier visit (the `slotbook_tz` cookie, not
    /// the address): shown when `tz=` names none.
    #[serde(default)]
    pub remembered_tz: Option<String>,
}

/// The cookie in which the booking pages remember the browser's zone.
pub const ZONE_COOKIE: &str = "slotbook_tz";

impl BookingQuery {
    /// Reads the known parameters of a query map; others are ignored.
    pub fn from_pairs<'a>(pairs: impl IntoIterator<Item = (&'a str, &'a str)>) -> BookingQuery {
        let mut q = BookingQuery::default();
        for (key, value) in pairs {
            let slot = match key {
                "month" => &mut q.month,
                "date" => &mut q.date,
                "tz" => &mut q.tz,
                "h12" => &mut q.h12,
                "duration" => &mut q.duration,
                "time" => &mut q.time,
                "embed" => &mut q.embed,
                "link" => &mut q.link,
                "waitlist" => &mut q.waitlist,
                "lang" => &mut q.lang,
                _ => continue,
            };
            if !value.is_empty() {
                *slot = Some(value.to_string());
            }
        }
        q
    }

    pub fn is_embed(&self) -> bool {
        self.embed.as_deref() == Some("1")
    }
}

/// The site's theme setting as the pages apply it: `light`, `dark`, or empty for the
/// visitor's own preference (`system-default`).
pub fn theme_class(theme: &str) -> &'static str {
    match theme {
        "light" => "light",
        "dark" => "dark",
        _ => "",
    }
}

/// `/{calendar_slug}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LandingPage {
    pub lang: Lang,
    /// The `theme` setting (see [`theme_class`]).
    pub theme: String,
    /// The site's brand colour as the page's inline style (`domain::brand::accent_style`);
    /// empty for the default.
    pub accent: String,
    pub title: String,
    /// Sanitised on write; rendered as HTML.
    pub description_html: String,
    pub host_name: String,
    pub photo_url: String,
    pub events: Vec<LandingEvent>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LandingEvent {
    pub title: String,
    pub href: String,
    pub duration_label: String,
}

/// The event as its booking page introduces it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EventSummary {
    pub title: String,
    /// The event's `color_schema` (`#rrggbb`), an accent beside the event; never behind text.
    pub brand_color: String,
    /// The `theme` setting (see [`theme_class`]).
    pub theme: String,
    /// The site's brand colour as the page's inline style (`domain::brand::accent_style`);
    /// empty for the default.
    pub accent: String,
    pub calendar_title: String,
    pub calendar_href: String,
    pub host_name: String,
    pub host_photo: String,
    pub duration_label: String,
    pub location: Option<String>,
    /// Sanitised on write; rendered as HTML.
    pub description_html: String,
}

/// A link that is one of several choices (durations, 12/24-hour).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Choice {
    pub label: String,
    pub href: String,
    pub current: bool,
}

/// `/{calendar_slug}/{event_slug}` and `/booking/{hash}/reschedule`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BookingPage {
    pub lang: Lang,
    pub event: EventSummary,
    /// The path the page's links and forms go to (no query).
    pub path: String,
    /// Why a query parameter was not used (a bad month, an unknown zone, a time not offered).
    pub notices: Vec<String>,
    pub zone: ZoneView,
    pub durations: Vec<Choice>,
    pub clock: Vec<Choice>,
    pub grid: Option<MonthGrid>,
    pub day: Option<DaySlots>,
    pub form: Option<BookingForm>,
    /// The query values the zone form carries as hidden inputs, so "Show times" keeps the view.
    pub keep: Vec<(String, String)>,
    pub embed: bool,
    /// The hosts out of office in the month shown (DESIGN 2.8).
    pub away: Vec<AwayNotice>,
}

/// "{host} is out of office from {start} to {end}", and where to book the teammate instead.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AwayNotice {
    pub text: String,
    /// "Book with {teammate}" and the teammate's landing page.
    pub teammate: Option<(String, String)>,
}

/// The attendee's zone and how it may change.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ZoneView {
    pub id: String,
    /// "Europe/Berlin, UTC+01:00": the zone and its offset on the chosen date.
    pub label: String,
    /// `lock_timezone`: the picker is not offered.
    pub locked: bool,
    /// Whether `tz=` named it (otherwise the browser's zone may replace it after hydration).
    pub from_query: bool,
}

/// One month as a table of weeks, from the language's first day of the week.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MonthGrid {
    /// "December 2026".
    pub caption: String,
    /// The column headers in order: (short name, full name) of each weekday.
    pub columns: Vec<(String, String)>,
    pub weeks: Vec<Vec<DayCell>>,
    pub previous: Option<String>,
    pub next: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DayCell {
    /// Day of the month; 0 for the padding before the 1st and after the last day.
    pub day: u32,
    /// "Monday 14 December 2026".
    pub label: String,
    /// Set when the day has times.
    pub href: Option<String>,
    pub today: bool,
    pub chosen: bool,
    /// The zone's UTC offset changes during this day (daylight saving time).
    pub offset_changes: bool,
}

/// The chosen day and its times.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DaySlots {
    pub date: String,
    pub label: String,
    pub slots: Vec<SlotLink>,
    /// Taken times one may wait for (events with a waitlist): "Join the waitlist" links.
    #[serde(default)]
    pub waitlist: Vec<SlotLink>,
    /// "Clocks change on this day: UTC+01:00 to UTC+02:00."
    pub offset_note: Option<String>,
    /// What the live region says once the day is shown in place ("December 2026, Monday 14
    /// December 2026: 3 times"): read by the page's island, written here in the page's language.
    #[serde(default)]
    pub announcement: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SlotLink {
    /// `HH:mm` in the attendee's zone.
    pub time: String,
    /// As the clock setting shows it ("9:00am" or "09:00").
    pub label: String,
    pub href: String,
    /// Free seats of a group event that shows them.
    pub seats_left: Option<u32>,
    pub chosen: bool,
}

/// The form shown once a time is chosen (`time=`), or the reschedule confirmation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BookingForm {
    /// "Monday 14 December 2026, 9:00am – 9:30am (Europe/Berlin, UTC+01:00)".
    pub summary: String,
    /// Where the form posts: the page's own URL with its query.
    pub action: String,
    pub fields: Vec<FormField>,
    pub button: String,
    /// The link back to the times of the day.
    pub change_href: String,
    /// The event books series: how many occurrences the attendee may choose.
    pub series: Option<SeriesChoice>,
    /// The time held for this visitor while they fill in the form.
    pub hold: Option<FormHold>,
    /// The site asks for a proof of work: the form carries the hidden `altcha`, which the
    /// hydrated page fills with its solution.
    pub proof_of_work: bool,
}

/// A booking form's hold: posted back as the hidden `hold`, shown as "Held for you until …".
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FormHold {
    pub token: String,
    /// "Held for you until 6:05pm" (the visitor's zone and clock).
    pub until: String,
    /// Made by this request: the page sets the visitor's cookie to it for `seconds_left`.
    pub new: bool,
    pub seconds_left: i64,
}

/// The name of the cookie that keeps a booking page visitor's hold.
pub const HOLD_COOKIE: &str = "slotbook_hold";

/// The form's series control: "Occurrences" (1..`max_count`, `max_count` preselected) unless
/// the count is fixed, and "Repeats every week".
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SeriesChoice {
    pub max_count: i64,
    pub fixed: bool,
    /// "Repeats every week", "Repeats every 2 weeks", ...
    pub repeats: String,
}

/// One input of the booking form. `name` is the form key the POST handler reads.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FormField {
    pub name: String,
    pub label: String,
    /// The booking-field type (`text`, `email`, `textarea`, `radio`, `multi-guests`, ...).
    pub kind: String,
    pub required: bool,
    pub placeholder: String,
    pub help_text: String,
    /// Choices of radio, dropdown and multiple-choice fields: (posted value, visible label).
    pub options: Vec<(String, String)>,
}

/// What the attendee entered and what was wrong with it, when a posted form comes back.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct FormState {
    pub values: BTreeMap<String, Vec<String>>,
    /// Form key -> message.
    pub errors: BTreeMap<String, String>,
    /// The summary of the `role="alert"` box.
    pub message: Option<String>,
}

impl FormState {
    /// The answers of a posted form (`application/x-www-form-urlencoded` pairs).
    pub fn from_pairs(pairs: &[(String, String)]) -> FormState {
        let mut values: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for (key, value) in pairs {
            values.entry(key.clone()).or_default().push(value.clone());
        }
        FormState {
            values,
            ..FormState::default()
        }
    }

    pub fn value(&self, name: &str) -> String {
        self.values
            .get(name)
            .and_then(|v| v.first())
            .cloned()
            .unwrap_or_default()
    }

    /// Every value of `name` that reads as a whole number (checked ids such as `hosts=`).
    pub fn numbers(&self, name: &str) -> Vec<i64> {
        self.values
            .get(name)
            .into_iter()
            .flatten()
            .filter_map(|v| v.trim().parse().ok())
            .collect()
    }

    /// What an input shows: as posted when this form was posted (and refused), else `stored`.
    pub fn shown(&self, name: &str, stored: &str) -> String {
        if self.values.is_empty() {
            stored.to_string()
        } else {
            self.value(name)
        }
    }

    /// What a checkbox shows: ticked as posted when this form was posted, else as stored.
    pub fn ticked(&self, name: &str, stored: bool) -> bool {
        if self.values.is_empty() {
            stored
        } else {
            self.value(name) == "on"
        }
    }

    pub fn has(&self, name: &str, value: &str) -> bool {
        self.values
            .get(name)
            .is_some_and(|v| v.iter().any(|x| x == value))
    }
}

/// `/booking/{hash}`: the attendee's own view of the booking.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ManagePage {
    /// The page's language (DESIGN 2.9); the booking's own stays as it was booked.
    pub lang: Lang,
    /// The `theme` setting (see [`theme_class`]).
    pub theme: String,
    /// The site's brand colour as the page's inline style (`domain::brand::accent_style`);
    /// empty for the default.
    pub accent: String,
    /// "Booking confirmed", "Booking request sent", "Booking cancelled", ...
    pub heading: String,
    pub status: String,
    pub event_title: String,
    pub host_name: String,
    pub attendee_name: String,
    /// "Monday 14 December 2026, 9:00am – 9:30am".
    pub when: String,
    /// "Europe/Berlin, UTC+01:00".
    pub zone_label: String,
    pub location: Option<String>,
    pub google_href: String,
    pub outlook_href: String,
    pub ics_href: String,
    pub reschedule_href: Option<String>,
    pub cancel_href: Option<String>,
    /// "Erase my data", while the site lets attendees erase their data (DESIGN 2.11).
    pub erase_href: Option<String>,
    /// The event's notice rules' messages where they refuse a change now (shown instead of
    /// the link).
    pub notices: Vec<String>,
    /// The booking's own video call.
    pub video_url: Option<String>,
    /// A series member's occurrences in start order ("Dates in this series"); empty otherwise.
    pub series: Vec<SeriesDate>,
    pub book_again_href: String,
    /// The start in UTC (`YYYY-MM-DD HH:mm:ss`), for the embed's `slotbook:booked` message.
    pub start_time: String,
    pub hash: String,
}

/// One date of a series on its manage page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SeriesDate {
    /// "Monday, 14 December 2026, 9:00am - 10:00am".
    pub label: String,
    pub cancelled: bool,
    /// `/booking/{hash}` of the other dates; `None` for the page's own.
    pub href: Option<String>,
}

/// `/booking/{hash}/erase`: the booking whose data would go, or (`?done=1`, once it went)
/// only the words that it has.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ErasePage {
    pub lang: Lang,
    pub booking: Option<ManagePage>,
    pub theme: String,
    pub accent: String,
}

/// `/booking/{hash}/cancel`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CancelPage {
    pub booking: ManagePage,
    /// Why it can not be cancelled (already cancelled, started, not allowed by the host).
    pub refused: Option<String>,
    pub reason_required: bool,
    /// A series member with later open dates: "Only this date" / "This and all later dates".
    pub offer_scope: bool,
}

/// `/booking/{hash}/reschedule`: the booking, and the grid for a new time while it may still
/// move, or why it may not.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ReschedulePage {
    pub booking: ManagePage,
    pub view: Option<BookingPage>,
    pub refused: Option<String>,
}

/// `/waitlist/offer/{token}` (DESIGN 2.12): the freed time held for the entry, and the form
/// that books it (the event's fields but name and email, which the entry has).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WaitlistOfferPage {
    pub lang: Lang,
    pub theme: String,
    pub accent: String,
    pub event_title: String,
    /// "Monday 14 December 2026, 9:00am – 9:30am".
    pub when: String,
    pub zone_label: String,
    /// "Held for you until 6:05pm", while it may be claimed.
    pub held_until: Option<String>,
    /// Why it can not be claimed ("This offer has expired", "This offer has already been
    /// used."); `None` while it can.
    pub closed: Option<String>,
    pub action: String,
    pub fields: Vec<FormField>,
}

/// `/waitlist/leave/{hash}`: the entry, and the button that leaves the list.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WaitlistLeavePage {
    pub lang: Lang,
    pub theme: String,
    pub accent: String,
    pub heading: String,
    pub event_title: String,
    pub when: String,
    pub zone_label: String,
    /// "You are number 2 in line.", "A place is held for you: see your email.", ...
    pub status_line: String,
    /// Still on the list: the form may leave it.
    pub open: bool,
    pub action: String,
}
