//! Every fixed text the public pages show (and the attendee's emails share), by message id: the
//! words live in one Fluent catalog per language (`app/locales/{code}.ftl`, DESIGN 2.9), dates
//! and times come from CLDR (`cldr`). Pages and use cases both import it; it imports nothing
//! of either. The English texts quoted in DESIGN 2.6 ("Show times", "Confirm booking", ...)
//! are contracts.
//!
//! Catalogs are read on the server only: the browser's islands get the texts they show from
//! the page, so a public page's script stays small in every language.

#[cfg(feature = "ssr")]
mod catalog;
#[cfg(feature = "ssr")]
pub mod cldr;
pub mod dashboard;

pub use crate::domain::language::Lang;

/// A message of the catalogs, by id.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Msg(pub &'static str);

impl Msg {
    /// The message in `lang` (English when a catalog lacks it, which a unit test forbids).
    pub fn get(self, lang: Lang) -> String {
        format(lang, self.0, &[])
    }
}

/// A value given to a message's placeholder.
#[derive(Debug, Clone, PartialEq)]
pub enum Arg<'a> {
    Text(&'a str),
    Number(i64),
}

impl<'a> From<&'a str> for Arg<'a> {
    fn from(text: &'a str) -> Self {
        Arg::Text(text)
    }
}

impl<'a> From<&'a String> for Arg<'a> {
    fn from(text: &'a String) -> Self {
        Arg::Text(text)
    }
}

impl From<i64> for Arg<'_> {
    fn from(n: i64) -> Self {
        Arg::Number(n)
    }
}

impl From<usize> for Arg<'_> {
    fn from(n: usize) -> Self {
        Arg::Number(i64::try_from(n).unwrap_or(i64::MAX))
    }
}

/// A message with its placeholders filled (`Arg::Number` selects plural forms).
#[cfg(feature = "ssr")]
pub fn format(lang: Lang, id: &str, args: &[(&str, Arg<'_>)]) -> String {
    catalog::format(lang, id, args)
}

/// Pages render on the server; the browser never formats a catalog text.
#[cfg(not(feature = "ssr"))]
pub fn format(_lang: Lang, id: &str, _args: &[(&str, Arg<'_>)]) -> String {
    id.to_string()
}

pub const FOOTER: Msg = Msg("footer");
pub const NOT_FOUND_TITLE: Msg = Msg("not-found-title");
pub const NOT_FOUND_BODY: Msg = Msg("not-found-body");
pub const ERROR_TITLE: Msg = Msg("error-title");
/// The title of a booking page reached through a private link that no longer works.
pub const LINK_GONE_TITLE: Msg = Msg("link-gone-title");
pub const NOT_SAVED: Msg = Msg("not-saved");
pub const NOT_LOADED: Msg = Msg("not-loaded");

/// The language picker's label and button (DESIGN 2.9).
pub const LANGUAGE: Msg = Msg("language");
pub const CHANGE_LANGUAGE: Msg = Msg("change-language");

pub const LANDING_EMPTY: Msg = Msg("landing-empty");
pub const EVENTS_HEADING: Msg = Msg("events-heading");

pub const HOST: Msg = Msg("host");
pub const DURATION: Msg = Msg("duration");
pub const LOCATION: Msg = Msg("location");
pub const PREVIOUS_MONTH: Msg = Msg("previous-month");
pub const NEXT_MONTH: Msg = Msg("next-month");
pub const TODAY: Msg = Msg("today");
pub const CHOSEN: Msg = Msg("chosen");
pub const CLOCK_CHANGE: Msg = Msg("clock-change");
pub const CLOCK_CHANGE_LEGEND: Msg = Msg("clock-change-legend");
pub const TIME_ZONE: Msg = Msg("time-zone");
pub const SHOW_TIMES: Msg = Msg("show-times");
pub const ZONE_LOCKED: Msg = Msg("zone-locked");
pub const CLOCK: Msg = Msg("clock");
pub const CLOCK_12: Msg = Msg("clock-12");
pub const CLOCK_24: Msg = Msg("clock-24");
pub const DURATION_CHOICE: Msg = Msg("duration-choice");
pub const NO_TIMES_DAY: Msg = Msg("no-times-day");
pub const NO_TIMES_MONTH: Msg = Msg("no-times-month");
pub const TIMES_HEADING: Msg = Msg("times-heading");

pub fn seats_left(lang: Lang, n: u32) -> String {
    format(lang, "seats-left", &[("count", Arg::Number(n.into()))])
}

pub const FORM_HEADING: Msg = Msg("form-heading");
pub const CHANGE_TIME: Msg = Msg("change-time");
pub const REQUIRED: Msg = Msg("required");
pub const ERRORS_HEADING: Msg = Msg("errors-heading");
/// The hidden field only robots fill in.
pub const WEBSITE: Msg = Msg("website");

pub const ADD_GOOGLE: Msg = Msg("add-google");
pub const ADD_OUTLOOK: Msg = Msg("add-outlook");
pub const DOWNLOAD_ICS: Msg = Msg("download-ics");
pub const JOIN_VIDEO: Msg = Msg("join-video");
pub const OCCURRENCES: Msg = Msg("occurrences");
pub const SERIES_HEADING: Msg = Msg("series-heading");
pub const SCOPE_THIS: Msg = Msg("scope-this");
pub const SERIES_CANCELLED: Msg = Msg("series-cancelled");
pub const SCOPE_FOLLOWING: Msg = Msg("scope-following");

/// "4 dates" of a fixed series.
pub fn series_dates(lang: Lang, count: i64) -> String {
    format(lang, "series-dates", &[("count", Arg::Number(count))])
}

/// "Repeats every week", "Repeats every 2 weeks", ...: `unit` is `day`, `week` or `month`.
pub fn repeats_every(lang: Lang, unit: &str, interval: i64) -> String {
    format(
        lang,
        "repeats-every",
        &[
            ("unit", Arg::Text(unit)),
            ("interval", Arg::Number(interval)),
        ],
    )
}
pub const RESCHEDULE: Msg = Msg("reschedule");
pub const CANCEL: Msg = Msg("cancel");
pub const BOOK_AGAIN: Msg = Msg("book-again");
pub const WHEN: Msg = Msg("when");
pub const EVENT: Msg = Msg("event");
pub const ATTENDEE: Msg = Msg("attendee");

pub const CANCEL_HEADING: Msg = Msg("cancel-heading");
pub const REASON: Msg = Msg("reason");
pub const CANCEL_BUTTON: Msg = Msg("cancel-button");
pub const KEEP_BOOKING: Msg = Msg("keep-booking");
/// The manage page's link, the erase page's heading and button (DESIGN 2.11).
pub const ERASE_DATA: Msg = Msg("erase-data");
pub const ERASE_EXPLAINED: Msg = Msg("erase-explained");
pub const ERASE_CONFIRM: Msg = Msg("erase-confirm");
pub const DATA_ERASED: Msg = Msg("data-erased");
pub const DATA_ERASED_EXPLAINED: Msg = Msg("data-erased-explained");
pub const BACK_TO_BOOKING: Msg = Msg("back-to-booking");
pub const RESCHEDULE_HEADING: Msg = Msg("reschedule-heading");
pub const CURRENT_TIME: Msg = Msg("current-time");

/// The desk's name of a booking whose attendee data was erased (the dashboard is English).
pub const ERASED_ATTENDEE: &str = "Erased attendee";

pub const CONFIRM_BOOKING: Msg = Msg("confirm-booking");
pub const CONFIRM_NEW_TIME: Msg = Msg("confirm-new-time");
/// Above the booking form: until when the chosen time is kept for the visitor.
pub fn held_until(lang: Lang, time: &str) -> String {
    format(lang, "held-until", &[("time", Arg::Text(time))])
}
/// DESIGN 2.8: a host out of office in the month shown.
pub fn out_of_office(lang: Lang, host: &str, start: &str, end: &str) -> String {
    format(
        lang,
        "out-of-office",
        &[
            ("host", Arg::Text(host)),
            ("start", Arg::Text(start)),
            ("end", Arg::Text(end)),
        ],
    )
}
pub fn book_with(lang: Lang, teammate: &str) -> String {
    format(lang, "book-with", &[("teammate", Arg::Text(teammate))])
}
pub const TIME_GONE: Msg = Msg("time-gone");
pub const DURATION_NOT_OFFERED: Msg = Msg("duration-not-offered");
pub fn not_a_date(lang: Lang, text: &str) -> String {
    format(lang, "not-a-date", &[("text", Arg::Text(text))])
}
pub fn not_a_month(lang: Lang, text: &str) -> String {
    format(lang, "not-a-month", &[("text", Arg::Text(text))])
}
pub fn not_a_zone(lang: Lang, text: &str, used: &str) -> String {
    format(
        lang,
        "not-a-zone",
        &[("text", Arg::Text(text)), ("zone", Arg::Text(used))],
    )
}
pub fn clocks_change(lang: Lang, zone: &str, before: &str, after: &str) -> String {
    format(
        lang,
        "clocks-change",
        &[
            ("zone", Arg::Text(zone)),
            ("before", Arg::Text(before)),
            ("after", Arg::Text(after)),
        ],
    )
}

/// "Monday 14 December 2026, 9:00am – 9:30am": a date with a start and end time, in the
/// language's punctuation.
pub fn date_span(lang: Lang, date: &str, start: &str, end: &str) -> String {
    format(
        lang,
        "date-span",
        &[
            ("date", Arg::Text(date)),
            ("start", Arg::Text(start)),
            ("end", Arg::Text(end)),
        ],
    )
}

/// "30 minutes", "1 hour", "1 hour 30 minutes", in the language's plural forms.
pub fn duration(lang: Lang, minutes: i64) -> String {
    let (h, m) = (minutes / 60, minutes % 60);
    let hours = format(lang, "hours", &[("count", Arg::Number(h))]);
    let mins = format(lang, "minutes", &[("count", Arg::Number(m))]);
    match (h, m) {
        (0, _) => mins,
        (_, 0) => hours,
        _ => format(
            lang,
            "hours-minutes",
            &[("hours", Arg::Text(&hours)), ("minutes", Arg::Text(&mins))],
        ),
    }
}

pub const IN_PERSON: Msg = Msg("in-person");
pub const IN_PERSON_GUEST: Msg = Msg("in-person-guest");
pub const PHONE_CALL: Msg = Msg("phone-call");
pub const PHONE_GUEST: Msg = Msg("phone-guest");
pub const CUSTOM_LOCATION: Msg = Msg("custom-location");
pub const ONLINE_MEETING: Msg = Msg("online-meeting");
pub fn phone_call_to_host(lang: Lang, number: &str) -> String {
    format(lang, "phone-call-to-host", &[("number", Arg::Text(number))])
}
pub fn phone_call_to_attendee(lang: Lang, number: &str) -> String {
    format(
        lang,
        "phone-call-to-attendee",
        &[("number", Arg::Text(number))],
    )
}
/// The payment choice's label on the booking form.
pub const PAYMENT: Msg = Msg("payment");

/// A system booking field's default label or placeholder (the English text `GET
/// .../booking-fields` answers for a new event) in `lang`; any other text is the host's own and
/// is shown as written (DESIGN 2.9).
pub fn field_text(lang: Lang, text: &str) -> String {
    let id = match text {
        "Your Name" => "field-name",
        "Your Email" => "field-email",
        "What is this meeting about?" => "field-message",
        "Reason for cancellation" => "field-cancellation-reason",
        "Why are you cancelling?" => "field-cancellation-placeholder",
        "Reason for reschedule" => "field-rescheduling-reason",
        "Let others know why you need to reschedule" => "field-rescheduling-placeholder",
        "Additional Guests" => "field-guests",
        "Your Phone Number" => "field-phone",
        "Payment Method" => "field-payment",
        "Location" => "location",
        "Your Address" => "field-address",
        _ => return text.to_string(),
    };
    Msg(id).get(lang)
}

/// "30 minutes or 1 hour": choices in a sentence.
pub fn alternatives(lang: Lang, items: Vec<String>) -> String {
    joined(lang, "alternatives", items)
}

/// Items joined by message `id` ("{ $first }, { $rest }"), from the last pair to the first.
fn joined(lang: Lang, id: &str, items: Vec<String>) -> String {
    items
        .into_iter()
        .rev()
        .reduce(|rest, first| {
            format(
                lang,
                id,
                &[("first", Arg::Text(&first)), ("rest", Arg::Text(&rest))],
            )
        })
        .unwrap_or_default()
}

/// "14 December 2026, 21 December 2026": items listed in a sentence.
pub fn listed(lang: Lang, items: Vec<String>) -> String {
    joined(lang, "listed", items)
}

pub const GUESTS_HELP: Msg = Msg("guests-help");
pub const GUESTS_HELP_GROUP: Msg = Msg("guests-help-group");
/// A reason field's label; DESIGN wants the word "Reason" in it.
pub fn reason_label(lang: Lang, label: &str) -> String {
    let word = Msg("reason-word").get(lang);
    if label.to_lowercase().contains(&word) {
        label.to_string()
    } else {
        format(lang, "reason-label", &[("label", Arg::Text(label))])
    }
}

/// The manage page's heading for a booking status.
pub fn status_heading(lang: Lang, status: &str) -> String {
    let id = match status {
        "scheduled" => "status-scheduled",
        "pending" => "status-pending",
        "cancelled" => "status-cancelled",
        "rejected" => "status-rejected",
        "completed" => "status-completed",
        "no_show" => "status-no-show",
        _ => "status-other",
    };
    Msg(id).get(lang)
}

/// A field's refusal as a page in `lang` shows it: English keeps the interface's own message
/// (REST's words, which name the limits); another language says what the field's rule asks.
pub fn field_refusal(lang: Lang, rule: &str, english: &str) -> String {
    if lang == Lang::En {
        return english.to_string();
    }
    let id = match rule {
        "required" | "required_with" | "required_if" => "rule-required",
        "email" => "rule-email",
        "blocked" => "rule-blocked",
        "waitlist" => "refused-no-waitlist",
        "max" => "rule-too-long",
        "in" | "exists" | "dropdown" | "radio" | "members" => "rule-choice",
        "incorrect" => "rule-incorrect",
        "accepted" => "rule-accepted",
        "url" => "rule-url",
        "slug" => "rule-slug",
        "integer" | "number" | "numeric" => "rule-number",
        "between" | "min" | "gt" | "gte" | "lt" | "lte" => "rule-range",
        "date" | "date_format" | "future" | "times" | "after" => "rule-date",
        _ => "rule-invalid",
    };
    Msg(id).get(lang)
}

/// A refusal's headline as a page in `lang` shows it, by the refusal's code: English keeps the
/// interface's message; another language says it from the catalog (a code it has no words
/// for: that it did not work). `english` is kept where the host wrote it (a notice rule's own
/// message), and `dates` fill a series' refusal.
pub fn refusal(lang: Lang, code: &str, english: &str, dates: &str) -> String {
    if lang == Lang::En {
        return english.to_string();
    }
    match refusal_id(code) {
        Some("refused-series") => format(lang, "refused-series", &[("dates", Arg::Text(dates))]),
        Some(id @ ("refused-cannot-cancel" | "refused-cannot-reschedule"))
            // The default is said in the page's language; the host's own words as written.
            if english != Msg(id).get(Lang::En) =>
        {
            english.to_string()
        }
        Some(id) => Msg(id).get(lang),
        None => Msg("refused-other").get(lang),
    }
}

/// Whether the catalogs have words of their own for refusals with `code`.
pub fn says_refusal(code: &str) -> bool {
    refusal_id(code).is_some()
}

fn refusal_id(code: &str) -> Option<&'static str> {
    Some(match code {
        "validation_failed" => "errors-heading",
        "slot_unavailable" => "refused-slot-taken",
        "series_unavailable" => "refused-series",
        "spam_detected" => "refused-spam",
        "too_many_requests" => "refused-too-many",
        "too_many_holds" => "refused-too-many-holds",
        "link_invalid" => "refused-link-gone",
        "offer_expired" => "offer-expired",
        "offer_claimed" => "offer-used",
        "already_waitlisted" => "refused-already-waitlisted",
        "waitlist_disabled" => "refused-no-waitlist",
        "slot_available" => "refused-slot-free",
        "attendee_limit_reached" => "refused-attendee-limit",
        "event_inactive" => "refused-not-accepting",
        "invalid_transition" => "refused-changed",
        "cancel_not_allowed" => "refused-cannot-cancel",
        "reschedule_not_allowed" => "refused-cannot-reschedule",
        _ => return None,
    })
}

/// REST's answer (a contract in English) and the page's when an address books too often.
pub fn too_many_bookings(seconds: u64) -> String {
    format!("Too many bookings from your address. Please try again in {seconds} seconds.")
}
/// The live region's announcement of a day's times (rendered with the day's times, read by
/// the page's island after it swaps them in).
pub fn times_announcement(lang: Lang, month: &str, day: &str, count: u32) -> String {
    format(
        lang,
        "times-announcement",
        &[
            ("month", Arg::Text(month)),
            ("day", Arg::Text(day)),
            ("count", Arg::Number(count.into())),
        ],
    )
}

/// The smart codes the default emails and texts use, by the name the catalogs give them.
const SMART_CODES: [(&str, &str); 22] = [
    ("guest_first_name", "{{guest.first_name}}"),
    ("guest_full_name", "{{guest.full_name}}"),
    ("guest_email", "{{guest.email}}"),
    ("guest_note", "{{guest.note}}"),
    ("host_name", "{{host.name}}"),
    ("event_name", "{{booking.event_name}}"),
    ("when_guest", "{{booking.full_start_end_guest_timezone}}"),
    ("when_host", "{{booking.full_start_end_host_timezone}}"),
    ("start_guest", "{{booking.start_date_time_for_attendee}}"),
    ("start_host", "{{booking.start_date_time_for_host}}"),
    (
        "previous_guest",
        "{{booking.previous_meeting_date_time_guest_timezone}}",
    ),
    (
        "previous_host",
        "{{booking.previous_meeting_date_time_host_timezone}}",
    ),
    ("where", "{{booking.location_details_text}}"),
    ("cancel_reason", "{{booking.cancel_reason}}"),
    ("reschedule_reason", "{{booking.reschedule_reason}}"),
    ("reject_reason", "{{booking.reject_reason}}"),
    ("reschedule_url", "##booking.reschedule_url##"),
    ("cancel_url", "##booking.cancelation_url##"),
    ("admin_url", "##booking.admin_booking_url##"),
    ("confirm_url", "##booking.booking_confirm_url##"),
    ("reject_url", "##booking.booking_reject_url##"),
    ("manage_url", "##booking.manage_url##"),
];

/// A message of the catalogs with its variables standing for smart codes: a template as the
/// event's notifications store them, filled in when sent.
fn template(lang: Lang, id: &str) -> String {
    let args: Vec<(&str, Arg<'_>)> = SMART_CODES
        .iter()
        .map(|(name, code)| (*name, Arg::Text(code)))
        .collect();
    format(lang, id, &args)
}

/// The default subject and body of email notification `key` in `lang` (English: exactly the
/// texts `GET .../email-notifications` answers for a new event).
pub fn email_template(lang: Lang, key: &str) -> (String, String) {
    let id = key.replace('_', "-");
    (
        template(lang, &format!("email-{id}-subject")),
        template(lang, &format!("email-{id}-body")),
    )
}

/// The default text of SMS notification `key` in `lang`.
pub fn sms_template(lang: Lang, key: &str) -> String {
    template(lang, &format!("sms-{}", key.replace('_', "-")))
}

/// A group slot in its host's calendar: "{event title} (3 attendees)".
pub fn ics_summary_group(lang: Lang, event: &str, count: usize) -> String {
    format(
        lang,
        "ics-summary-group",
        &[
            ("event", Arg::Text(event)),
            (
                "count",
                Arg::Number(i64::try_from(count).unwrap_or(i64::MAX)),
            ),
        ],
    )
}

/// The `.ics` SUMMARY: "{event title} with {host name}" (in the host's own calendar, with
/// the attendee's name).
pub fn ics_summary(lang: Lang, event: &str, host: &str) -> String {
    if host.trim().is_empty() {
        return event.to_string();
    }
    format(
        lang,
        "ics-summary",
        &[("event", Arg::Text(event)), ("host", Arg::Text(host))],
    )
}

// The waitlist (DESIGN 2.12).
pub const WAITLIST_HEADING: Msg = Msg("waitlist-heading");
pub const JOIN_WAITLIST: Msg = Msg("join-waitlist");
pub const NAME: Msg = Msg("name");
pub const EMAIL: Msg = Msg("email");
pub const WAITLIST_NOTE: Msg = Msg("waitlist-note");
pub const OFFER_HEADING: Msg = Msg("offer-heading");
pub const BOOK_THIS_TIME: Msg = Msg("book-this-time");
pub const OFFER_EXPIRED: Msg = Msg("offer-expired");
pub const OFFER_USED: Msg = Msg("offer-used");
pub const OFFER_GONE: Msg = Msg("offer-gone");
pub const LEAVE_WAITLIST: Msg = Msg("leave-waitlist");
pub const JOINED_HEADING: Msg = Msg("joined-heading");
pub const LEFT_HEADING: Msg = Msg("left-heading");
pub const WAITLIST_PLACE_HEADING: Msg = Msg("waitlist-place-heading");
pub const OFFERED_LINE: Msg = Msg("offered-line");
pub const BOOKED_LINE: Msg = Msg("booked-line");
pub const EXPIRED_LINE: Msg = Msg("expired-line");
pub const REMOVED_LINE: Msg = Msg("removed-line");

/// "You are number 2 in line."
pub fn waitlist_position(lang: Lang, position: i64) -> String {
    format(
        lang,
        "waitlist-position",
        &[("position", Arg::Number(position))],
    )
}

/// A line of the waitlist's and the booking-link emails naming the event (`event`) and a
/// time (`when`): "You are on the waitlist for Consultation: Monday, ...".
pub fn event_mail_line(lang: Lang, id: MailLine, event: &str, when: &str) -> String {
    let args = [("event", Arg::Text(event)), ("when", Arg::Text(when))];
    format(lang, id.0, &args)
}

/// The lines [`event_mail_line`] writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MailLine(&'static str);

pub const WAITLIST_JOINED_SUBJECT: MailLine = MailLine("waitlist-joined-subject");
pub const WAITLIST_JOINED_LEAD: MailLine = MailLine("waitlist-joined-lead");
pub const WAITLIST_JOINED_NEXT: Msg = Msg("waitlist-joined-next");
pub const WAITLIST_JOINED_LEAVE: Msg = Msg("waitlist-joined-leave");
pub const WAITLIST_OFFER_SUBJECT: MailLine = MailLine("waitlist-offer-subject");
pub const WAITLIST_OFFER_LEAD: MailLine = MailLine("waitlist-offer-lead");
pub const BOOKING_LINK_SUBJECT: MailLine = MailLine("booking-link-subject");
pub const BOOKING_LINK_LEAD: MailLine = MailLine("booking-link-lead");
pub const BOOKING_LINK_FOLLOW: Msg = Msg("booking-link-follow");

/// "It is held for you until Monday, ...: Book it here:"
pub fn waitlist_offer_held(lang: Lang, until: &str) -> String {
    format(lang, "waitlist-offer-held", &[("until", Arg::Text(until))])
}

#[cfg(test)]
mod tests {
    /// The public pages' views and the code that builds their texts.
    const SOURCES: [(&str, &str); 13] = [
        ("ui/public/mod.rs", include_str!("../ui/public/mod.rs")),
        (
            "ui/public/booking.rs",
            include_str!("../ui/public/booking.rs"),
        ),
        (
            "ui/public/landing.rs",
            include_str!("../ui/public/landing.rs"),
        ),
        (
            "ui/public/manage.rs",
            include_str!("../ui/public/manage.rs"),
        ),
        (
            "ui/public/waitlist.rs",
            include_str!("../ui/public/waitlist.rs"),
        ),
        (
            "pages/public/mod.rs",
            include_str!("../pages/public/mod.rs"),
        ),
        (
            "pages/public/away.rs",
            include_str!("../pages/public/away.rs"),
        ),
        (
            "pages/public/form.rs",
            include_str!("../pages/public/form.rs"),
        ),
        (
            "pages/public/manage.rs",
            include_str!("../pages/public/manage.rs"),
        ),
        (
            "pages/public/month.rs",
            include_str!("../pages/public/month.rs"),
        ),
        (
            "pages/public/submit.rs",
            include_str!("../pages/public/submit.rs"),
        ),
        (
            "pages/public/waitlist.rs",
            include_str!("../pages/public/waitlist.rs"),
        ),
        (
            "service/bookings/location.rs",
            include_str!("../service/bookings/location.rs"),
        ),
    ];

    /// The code of a file without its comments, its tests, its log lines (`tracing::...;`)
    /// and its `rel` values: what is left may reach a page.
    fn code(source: &str) -> String {
        let before_tests = source.split("#[cfg(test)]").next().unwrap_or_default();
        let lines = before_tests
            .lines()
            .filter(|line| !line.trim_start().starts_with("//"))
            .collect::<Vec<_>>()
            .join("\n");
        let mut kept = String::new();
        let mut rest = lines.as_str();
        while let Some(start) = rest.find("tracing::") {
            kept.push_str(&rest[..start]);
            rest = rest[start..].split_once(';').map_or("", |(_, after)| after);
        }
        kept.push_str(rest);
        kept.replace("rel=\"noopener noreferrer\"", "")
    }

    /// The string literals of `code` (escapes such as `\u{2022}` taken out).
    fn literals(code: &str) -> Vec<String> {
        let mut found = Vec::new();
        let mut rest = code;
        while let Some(start) = rest.find('"') {
            let after = &rest[start + 1..];
            let mut end = 0;
            let bytes = after.as_bytes();
            while end < bytes.len() && bytes[end] != b'"' {
                end += if bytes[end] == b'\\' { 2 } else { 1 };
            }
            let literal = after.get(..end.min(after.len())).unwrap_or_default();
            let mut plain = String::new();
            let mut chars = literal.chars().peekable();
            while let Some(c) = chars.next() {
                if c == '\\' {
                    if chars.next() == Some('u') {
                        for c in chars.by_ref() {
                            if c == '}' {
                                break;
                            }
                        }
                    }
                } else {
                    plain.push(c);
                }
            }
            found.push(plain);
            rest = after.get(end + 1..).unwrap_or_default();
        }
        found
    }

    /// Words a person reads: a capital letter and lower-case ones, or two words or more.
    /// A `format!` text counts with its placeholders (`{n}`, `{}`) taken out: "Log in with
    /// {name}" reads as words, `{base}?lang={code}` does not.
    fn reads_as_words(text: &str) -> bool {
        let mut text = text.to_string();
        while let Some(start) = text.find('{') {
            match text[start..].find('}') {
                Some(end) if !text[start + 1..start + end].contains(' ') => {
                    text.replace_range(start..=start + end, "");
                }
                _ => break,
            }
        }
        let text = text.as_str();
        let words: Vec<&str> = text
            .split_whitespace()
            .filter(|w| {
                w.chars()
                    .all(|c| c.is_alphabetic() || ".,:;!?'".contains(c))
            })
            .filter(|w| w.chars().any(char::is_alphabetic))
            .collect();
        let capitalised = words.iter().any(|w| {
            let mut chars = w.chars();
            chars.next().is_some_and(char::is_uppercase) && chars.any(char::is_lowercase)
        });
        // A path has no spaces; a sentence may name one ("the free/busy feed").
        let path = text.contains('/') && !text.trim().contains(' ');
        !path
            && !text.contains(['{', '=', '_', '#', '<', '$', '%'])
            && (capitalised || words.len() >= 2)
    }

    /// CSS classes: lower-case words, most with a `-` or `:` (`mt-2 text-sm`, `hidden
    /// target:block`).
    fn is_class(literal: &str) -> bool {
        let words: Vec<&str> = literal.split_whitespace().collect();
        let styled = words.iter().filter(|w| w.contains(['-', ':'])).count();
        !literal.chars().any(char::is_uppercase) && styled * 2 >= words.len()
    }

    /// The literals of `sources` that read as words and are neither classes nor `allowed`.
    fn written_outside(
        sources: impl IntoIterator<Item = (String, String)>,
        allowed: &[&str],
    ) -> Vec<String> {
        let mut found = Vec::new();
        for (file, source) in sources {
            for literal in literals(&code(&source)) {
                if reads_as_words(&literal)
                    && !is_class(&literal)
                    && !allowed.contains(&literal.as_str())
                {
                    found.push(format!("{file}: {literal:?}"));
                }
            }
        }
        found
    }

    #[test]
    fn no_visible_text_of_the_public_pages_is_written_outside_the_catalogs() {
        // Not words of a language: the product's name.
        let sources = SOURCES
            .iter()
            .map(|(file, source)| (file.to_string(), source.to_string()));
        let found = written_outside(sources, &["slotbook", "Accept-Language, Cookie"]);
        assert!(found.is_empty(), "texts outside the catalogs: {found:#?}");
    }

    /// The dashboard's and login's views and the code that builds their texts, read from
    /// `app/src`.
    pub(super) fn dashboard_sources() -> Vec<(String, String)> {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut files = Vec::new();
        let mut dirs = vec![
            root.join("ui/admin"),
            root.join("pages/dashboard"),
            root.join("pages/event_tabs"),
            root.join("pages/setup"),
        ];
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(&dir).expect("source folder").flatten() {
                let path = entry.path();
                if path.is_dir() {
                    dirs.push(path);
                } else {
                    files.push(path);
                }
            }
        }
        for file in [
            "ui/login.rs",
            "ui/session.rs",
            "ui/mod.rs",
            "pages/settings.rs",
            "pages/security.rs",
            "pages/availability.rs",
            "pages/calendar_connections.rs",
            "pages/feeds.rs",
        ] {
            files.push(root.join(file));
        }
        files.sort();
        files
            .into_iter()
            .map(|path| {
                let source = std::fs::read_to_string(&path).expect("source file");
                let name = path.strip_prefix(&root).unwrap_or(&path);
                (name.display().to_string(), source)
            })
            .collect()
    }

    #[test]
    fn no_visible_text_of_the_dashboard_is_written_outside_the_catalogs() {
        // Not words of a language: the product's name, internal errors (500s whose details
        // go to the log), a stored default, header values and the REST report titles a
        // widget is known by.
        let allowed = [
            "Total Bookings",
            "Completed Bookings",
            "Cancelled Bookings",
            "Total Guests",
            "slotbook",
            "service context missing",
            "throttle missing",
            "Webhook",
            "Cookie",
            "; Secure",
        ];
        let sources = dashboard_sources();
        assert!(sources.len() > 50, "{}", sources.len());
        let found = written_outside(sources, &allowed);
        assert!(found.is_empty(), "texts outside the catalogs: {found:#?}");
    }

    #[test]
    fn the_scan_finds_words_and_passes_over_code() {
        assert!(reads_as_words("Show times"));
        assert!(reads_as_words("Payment"));
        assert!(!reads_as_words("en"));
        assert!(!reads_as_words("/booking/{hash}"));
        assert_eq!(
            literals(r#"view! { <span>"\u{2022} "</span> "Next month" }"#),
            vec![" ".to_string(), "Next month".to_string()]
        );
    }

    /// Every refusal code and field rule a page translates, with an English message as REST
    /// words it.
    const REFUSALS: [&str; 17] = [
        "validation_failed",
        "slot_unavailable",
        "series_unavailable",
        "spam_detected",
        "too_many_requests",
        "too_many_holds",
        "link_invalid",
        "offer_expired",
        "offer_claimed",
        "already_waitlisted",
        "waitlist_disabled",
        "slot_available",
        "attendee_limit_reached",
        "event_inactive",
        "invalid_transition",
        "cancel_not_allowed",
        "reschedule_not_allowed",
    ];
    const RULES: [&str; 15] = [
        "required",
        "email",
        "blocked",
        "waitlist",
        "max",
        "in",
        "integer",
        "between",
        "date",
        "future",
        "slug",
        "url",
        "incorrect",
        "accepted",
        "unknown",
    ];

    #[test]
    fn refusals_keep_rest_s_words_in_english_and_say_the_catalog_s_elsewhere() {
        let english = "The REST message.";
        for code in REFUSALS {
            assert_eq!(super::refusal(super::Lang::En, code, english, ""), english);
        }
        for rule in RULES {
            assert_eq!(
                super::field_refusal(super::Lang::En, rule, english),
                english
            );
        }
        let german: Vec<String> = REFUSALS
            .iter()
            .map(|code| {
                let default = match *code {
                    "cancel_not_allowed" => crate::model::event::CANNOT_CANCEL,
                    "reschedule_not_allowed" => crate::model::event::CANNOT_RESCHEDULE,
                    _ => english,
                };
                super::refusal(super::Lang::De, code, default, "1. Dezember 2026")
            })
            .collect();
        for lang in &super::Lang::ALL[1..] {
            for code in REFUSALS {
                let default = match code {
                    "cancel_not_allowed" => crate::model::event::CANNOT_CANCEL,
                    "reschedule_not_allowed" => crate::model::event::CANNOT_RESCHEDULE,
                    _ => english,
                };
                let said = super::refusal(*lang, code, default, "DATES");
                assert!(
                    !said.is_empty() && said != default,
                    "{} {code}",
                    lang.code()
                );
                assert!(
                    !said.starts_with("refused-"),
                    "{} {code}: {said}",
                    lang.code()
                );
                assert!(!said.contains("Sorry"), "{} {code}: {said}", lang.code());
            }
            for rule in RULES {
                let said = super::field_refusal(*lang, rule, english);
                assert!(
                    said != english && !said.starts_with("rule-"),
                    "{} {rule}",
                    lang.code()
                );
            }
            let series = super::refusal(*lang, "series_unavailable", english, "DATES");
            assert!(series.contains("DATES"), "{} {series}", lang.code());
        }
        assert!(german.contains(&"Diese Zeit ist nicht mehr frei. Vielleicht hat sie gerade jemand anderes gebucht.".to_string()));
        assert!(german.contains(
            &"Einige Termine dieser Serie sind nicht frei: 1. Dezember 2026".to_string()
        ));
        // A host's own words for its notice rule are shown as written, in every language.
        let own = "Bitte rufen Sie uns an: 030 123456";
        assert_eq!(
            super::refusal(super::Lang::Fr, "cancel_not_allowed", own, ""),
            own
        );
        assert_eq!(
            super::field_refusal(super::Lang::De, "required", english),
            "Bitte füllen Sie dieses Feld aus."
        );
    }
}
