//! Emails about bookings: an event's notification (subject and body with smart codes) filled
//! in for one recipient, in the recipient's own zone and language (DESIGN 2.9: the attendee's
//! is the booking's, a host's its profile's), with an HTML and a plain-text part, and the
//! global emailing settings (from, reply-to, footer, ICS attachment).

use chrono::DateTime;
use chrono_tz::Tz;

use crate::domain::dates::clock_label;
use crate::domain::language::Lang;
use crate::domain::smart_codes::{self, Output, escape_html};
use crate::model::notifications::{
    Audience, Kind, Notification, default_body, default_sms_body, kind,
};
use crate::model::settings::EmailSettings;
use crate::service::slots::LoadedEvent;
use crate::service::support::sanitize::clean_html;
use crate::store::bookings::BookingRow;
use crate::store::users::UserRow;
use crate::texts as text;
use crate::texts::cldr::{Dates, default_h12};

/// A rendered email, ready for a transport.
#[derive(Debug, Clone)]
pub struct Email {
    pub from_name: String,
    pub from_email: String,
    pub reply_to: Option<String>,
    pub to: String,
    /// The recipient's name, when known.
    pub to_name: String,
    /// Blind copies (a notification's additional recipients).
    pub bcc: Vec<String>,
    pub subject: String,
    pub html: String,
    pub text: String,
    /// `text/calendar` attachment of the meeting.
    pub ics: Option<String>,
}

/// The iCalendar UID of a booking: stable for the booking, and not its hash (the hash is the
/// attendee's secret, and the UID ends up in other people's calendars). The attendees of one
/// group slot share the slot's UID: the host's calendar holds one event for the slot.
pub fn ics_uid(b: &BookingRow) -> String {
    use sha2::Digest;
    let seed = if b.kind().is_group() {
        format!("slotbook-slot-uid:{}", b.slot_key())
    } else {
        format!("slotbook-booking-uid:{}", b.hash)
    };
    let digest = sha2::Sha256::digest(seed.as_bytes());
    format!("{}@slotbook", &hex::encode(digest)[..32])
}

/// The meeting as an iCalendar (RFC 5545) document with one VEVENT, times in UTC: the
/// attendee's `.ics` (and email attachment).
pub fn ics(
    b: &BookingRow,
    summary: &str,
    organizer: Option<&UserRow>,
    location: Option<&str>,
    public_url: &str,
) -> String {
    series_ics(
        std::slice::from_ref(b),
        summary,
        organizer,
        location,
        public_url,
    )
}

/// The slot as the host's calendar receives it (write-back): the same generator and UID as
/// the attendee's `.ics`, every attendee of the slot listed (the calendar server sends no
/// invitations of its own: `SCHEDULE-AGENT=CLIENT`), and a SEQUENCE that grows per change.
pub fn slot_ics(
    members: &[BookingRow],
    summary: &str,
    organizer: Option<&UserRow>,
    location: Option<&str>,
    link: &str,
    sequence: i64,
) -> String {
    vevent(members, summary, organizer, location, link, Some(sequence))
}

/// A series member's `.ics`: one VEVENT per occurrence, in start order, each with its own
/// booking's UID (`STATUS:CANCELLED` once cancelled).
pub fn series_ics(
    occurrences: &[BookingRow],
    summary: &str,
    organizer: Option<&UserRow>,
    location: Option<&str>,
    public_url: &str,
) -> String {
    let mut calendar = icalendar::Calendar::new();
    for b in occurrences {
        let link = format!("{public_url}/booking/{}", b.hash);
        if let Some(event) = event_of(
            std::slice::from_ref(b),
            summary,
            organizer,
            location,
            &link,
            None,
        ) {
            calendar.push(event);
        }
    }
    calendar.done().to_string()
}

fn vevent(
    members: &[BookingRow],
    summary: &str,
    organizer: Option<&UserRow>,
    location: Option<&str>,
    link: &str,
    sequence: Option<i64>,
) -> String {
    let mut calendar = icalendar::Calendar::new();
    if let Some(event) = event_of(members, summary, organizer, location, link, sequence) {
        calendar.push(event);
    }
    calendar.done().to_string()
}

/// The VEVENT of one slot (its members: one booking, or a group slot's attendees).
fn event_of(
    members: &[BookingRow],
    summary: &str,
    organizer: Option<&UserRow>,
    location: Option<&str>,
    link: &str,
    sequence: Option<i64>,
) -> Option<icalendar::Event> {
    use icalendar::{Component, Event, EventLike};
    let b = members.first()?;
    let start = DateTime::from_timestamp(b.start_time, 0).unwrap_or_default();
    let end = DateTime::from_timestamp(b.end_time, 0).unwrap_or_default();
    let mut event = Event::new();
    // A booking's own video call is where the meeting happens: its LOCATION and URL.
    let video = b.video_url.as_deref().filter(|v| !v.is_empty());
    event
        .uid(&ics_uid(b))
        .summary(summary)
        .starts(start)
        .ends(end)
        .url(video.unwrap_or(link));
    if let Some(place) = video.or(location.filter(|l| !l.trim().is_empty())) {
        event.location(place);
    }
    if let Some(host) = organizer {
        let mut property = icalendar::Property::new("ORGANIZER", format!("mailto:{}", host.email));
        property.add_parameter("CN", &host.full_name());
        event.append_property(property);
    }
    if let Some(sequence) = sequence {
        event.add_property("SEQUENCE", sequence.to_string());
        for m in members {
            let mut attendee = icalendar::Property::new("ATTENDEE", format!("mailto:{}", m.email));
            attendee.add_parameter("CN", format!("{} {}", m.first_name, m.last_name).trim());
            attendee.add_parameter("SCHEDULE-AGENT", "CLIENT");
            attendee.add_parameter("PARTSTAT", "ACCEPTED");
            event.append_multi_property(attendee);
        }
    }
    let status = if matches!(b.status.as_str(), "cancelled" | "rejected") {
        "CANCELLED"
    } else {
        "CONFIRMED"
    };
    event.add_property("STATUS", status);
    Some(event.done())
}

/// What rendering an email about a booking needs.
#[derive(Clone, Copy)]
pub struct EmailFacts<'a> {
    pub booking: &'a BookingRow,
    pub host: Option<&'a UserRow>,
    pub event: &'a LoadedEvent,
    /// The booking's stored documents (reasons, the previous time, custom answers).
    pub meta: &'a [(String, String)],
    pub public_url: &'a str,
    /// A series member's occurrences, in start order (empty otherwise).
    pub series: &'a [BookingRow],
    /// The recipient's language: dates, places and links' words are written in it.
    pub lang: Lang,
}

impl EmailFacts<'_> {
    /// The language of `audience`: the attendee's is the booking's, a host's its profile's
    /// (else English).
    pub fn language_of(&self, audience: Audience) -> Lang {
        match audience {
            Audience::Attendee => Lang::from_code(&self.booking.language),
            Audience::Host => self
                .host
                .and_then(|h| h.language.as_deref())
                .and_then(Lang::from_code),
        }
        .unwrap_or_default()
    }

    /// The same facts, written for a reader of `lang`.
    pub fn in_language(&self, lang: Lang) -> Self {
        EmailFacts { lang, ..*self }
    }

    /// The recipient's date forms: English as before, other languages CLDR's.
    fn dates(&self) -> Dates {
        Dates::new(self.lang, default_h12(self.lang, self.h12()))
    }

    fn attendee_zone(&self) -> Tz {
        crate::domain::zone::parse_zone(&self.booking.person_time_zone).unwrap_or(chrono_tz::UTC)
    }

    fn h12(&self) -> bool {
        self.event.general.time_format != "24"
    }

    fn meta(&self, key: &str) -> Option<String> {
        let raw = &self.meta.iter().rev().find(|(k, _)| k == key)?.1;
        // Stored as JSON; a bare string is read as it is.
        Some(match serde_json::from_str::<serde_json::Value>(raw) {
            Ok(serde_json::Value::String(s)) => s,
            Ok(serde_json::Value::Null) => String::new(),
            Ok(other) => other.to_string(),
            Err(_) => raw.clone(),
        })
    }

    fn custom_answer(&self, field: &str) -> Option<String> {
        let answers: serde_json::Value =
            serde_json::from_str(&self.meta("custom_fields_data").unwrap_or_default()).ok()?;
        Some(match answers.get(field)? {
            serde_json::Value::String(s) => s.clone(),
            serde_json::Value::Array(items) => items
                .iter()
                .map(|v| v.as_str().map_or_else(|| v.to_string(), str::to_string))
                .collect::<Vec<_>>()
                .join(", "),
            serde_json::Value::Null => String::new(),
            other => other.to_string(),
        })
    }

    /// "Tuesday, December 15, 2026 9:00am - 9:30am (Europe/Berlin)"; in another language its
    /// own forms ("Dienstag, 15. Dezember 2026, 09:00–09:30 (Europe/Berlin)").
    fn span(&self, start: i64, end: i64, zone: Tz) -> String {
        if self.lang != Lang::En {
            return format!("{} ({})", self.dates().span(start, end, zone), zone.name());
        }
        let start = DateTime::from_timestamp(start, 0)
            .unwrap_or_default()
            .with_timezone(&zone);
        let end = DateTime::from_timestamp(end, 0)
            .unwrap_or_default()
            .with_timezone(&zone);
        format!(
            "{} {} - {} ({})",
            start.format("%A, %B %-d, %Y"),
            clock_label(start.time(), self.h12()),
            clock_label(end.time(), self.h12()),
            zone.name()
        )
    }

    /// "Tuesday, December 15, 2026 9:00am (Europe/Berlin)", or the language's own forms.
    fn moment(&self, at: i64, zone: Tz) -> String {
        let at = DateTime::from_timestamp(at, 0)
            .unwrap_or_default()
            .with_timezone(&zone);
        if self.lang != Lang::En {
            let dates = self.dates();
            return format!(
                "{} {} ({})",
                dates.full_date(at.date_naive()),
                dates.clock(at.time()),
                zone.name()
            );
        }
        format!(
            "{} {} ({})",
            at.format("%A, %B %-d, %Y"),
            clock_label(at.time(), self.h12()),
            zone.name()
        )
    }

    fn date_in(&self, at: i64, zone: Tz) -> String {
        DateTime::from_timestamp(at, 0)
            .unwrap_or_default()
            .with_timezone(&zone)
            .format("%Y-%m-%d")
            .to_string()
    }

    fn location(&self) -> String {
        crate::service::bookings::location::location_of_booking(self.event, self.booking, self.lang)
            .unwrap_or_default()
    }

    /// The smart codes that stand for links: manage, cancel, reschedule, the dashboard and
    /// "add to calendar".
    fn link_code(&self, code: &str) -> Option<String> {
        let b = self.booking;
        let url = |path: String| format!("{}{path}", self.public_url);
        let link = match code {
            "booking.cancelation_url" | "booking.cancel_url" => {
                url(format!("/booking/{}/cancel", b.hash))
            }
            "booking.reschedule_url" => url(format!("/booking/{}/reschedule", b.hash)),
            "booking.manage_url" => url(format!("/booking/{}", b.hash)),
            "booking.admin_booking_url"
            | "booking.booking_confirm_url"
            | "booking.booking_reject_url" => url(format!("/admin/bookings/{}", b.id)),
            "add_to_ics_calendar_url" => url(format!("/booking/{}/ics", b.hash)),
            "add_to_g_calendar_url" | "add_to_ol_calendar_url" | "add_to_ms_calendar_url" => {
                let location = self.location();
                let (google, outlook) = crate::service::bookings::calendar_links::calendar_links(
                    b,
                    &self.event.event().title,
                    Some(location.as_str()),
                    self.public_url,
                );
                if code == "add_to_g_calendar_url" {
                    google
                } else {
                    outlook
                }
            }
            _ => return None,
        };
        Some(link)
    }

    /// What the smart code `code` stands for; `None` for a code this service does not know.
    pub fn code(&self, code: &str) -> Option<String> {
        let b = self.booking;
        let host_zone = self.event.host_zone;
        let guest_zone = self.attendee_zone();
        let previous = || {
            self.meta("previous_meeting_time")
                .and_then(|t| chrono::NaiveDateTime::parse_from_str(&t, "%Y-%m-%d %H:%M:%S").ok())
                .map(|t| t.and_utc().timestamp())
        };
        let full_name = format!("{} {}", b.first_name, b.last_name)
            .trim()
            .to_string();
        let host_name = self.host.map(UserRow::full_name).unwrap_or_default();
        let event = self.event.event();
        if let Some(field) = code.strip_prefix("booking.custom.") {
            let (field, as_date) = match field.split_once(".format.") {
                Some((field, _)) => (field, true),
                None => (field, false),
            };
            let answer = self.custom_answer(field)?;
            return Some(if as_date {
                answer.chars().take(10).collect()
            } else {
                answer
            });
        }
        if let Some(link) = self.link_code(code) {
            return Some(link);
        }
        let value = match code {
            "guest.first_name" => b.first_name.clone(),
            "guest.last_name" => b.last_name.clone(),
            "guest.full_name" => full_name,
            "guest.email" => b.email.clone(),
            "guest.note" => b.message.clone(),
            "guest.timezone" => b.person_time_zone.clone(),
            "guest.phone" | "booking.phone" => b.phone.clone(),
            "booking.id" => b.id.to_string(),
            "booking.status" => b.status.clone(),
            "booking.booking_hash" => b.hash.clone(),
            "booking.event_name" | "event.title" => event.title.clone(),
            "booking.booking_title" => {
                format!("{} between {host_name} and {}", event.title, b.first_name)
            }
            "booking.description" => smart_codes::html_to_text(&event.description)
                .trim()
                .to_string(),
            "booking.full_start_end_guest_timezone"
            | "booking.full_start_and_end_guest_timezone" => {
                self.span(b.start_time, b.end_time, guest_zone)
            }
            "booking.full_start_end_host_timezone" | "booking.full_start_and_end_host_timezone" => {
                self.span(b.start_time, b.end_time, host_zone)
            }
            "booking.start_date_time" => DateTime::from_timestamp(b.start_time, 0)
                .unwrap_or_default()
                .format("%Y-%m-%d %H:%M:%S")
                .to_string(),
            "booking.start_date_time_for_attendee" => self.moment(b.start_time, guest_zone),
            "booking.start_date_time_for_host" => self.moment(b.start_time, host_zone),
            "booking.start_date_time_for_attendee.format.Y-m-d" => {
                self.date_in(b.start_time, guest_zone)
            }
            "booking.start_date_time_for_host.format.Y-m-d" => {
                self.date_in(b.start_time, host_zone)
            }
            "booking.location_details_text" | "booking.location_details_html" => self.location(),
            "booking.cancel_reason" => self.meta("cancel_reason").unwrap_or_default(),
            "booking.reject_reason" => self.meta("reject_reason").unwrap_or_default(),
            "booking.reschedule_reason" => self.meta("reschedule_reason").unwrap_or_default(),
            "booking.previous_meeting_time" => {
                self.meta("previous_meeting_time").unwrap_or_default()
            }
            "booking.previous_meeting_time_guest_timezone"
            | "booking.previous_meeting_date_time_guest_timezone" => previous()
                .map(|t| self.moment(t, guest_zone))
                .unwrap_or_default(),
            "booking.previous_meeting_date_time_host_timezone" => previous()
                .map(|t| self.moment(t, host_zone))
                .unwrap_or_default(),
            "booking.source_url" => b.source_url.clone(),
            "host.name" => host_name,
            "host.email" => self.host.map(|h| h.email.clone()).unwrap_or_default(),
            "host.timezone" => host_zone.name().to_string(),
            "event.id" => event.id.to_string(),
            "event.calendar_id" | "calendar.id" => event.calendar_id.to_string(),
            "calendar.title" => self.event.row.cal_title.clone(),
            _ => return None,
        };
        Some(value)
    }
}

/// The email of notification `key` about a booking, or `None` when there is nobody to write to.
pub fn render(key: &str, notification: &Notification, facts: &EmailFacts<'_>) -> Option<Email> {
    let kind = kind(key)?;
    let audience = kind.audience;
    let facts = &facts.in_language(facts.language_of(audience));
    let b = facts.booking;
    let emailing = &facts.event.general.emailing;
    let (to, to_name) = match audience {
        Audience::Host => {
            let host = facts.host?;
            (host.email.clone(), host.full_name())
        }
        Audience::Attendee => (
            b.email.clone(),
            format!("{} {}", b.first_name, b.last_name)
                .trim()
                .to_string(),
        ),
    };
    if to.trim().is_empty() {
        return None;
    }
    let lookup = |code: &str| facts.code(code);
    let (subject, body) = localized(kind, notification, facts.lang);
    let subject = smart_codes::fill(&subject, Output::Text, lookup).replace(['\r', '\n'], " ");
    // Sanitised when saved; cleaned again for documents written before that rule.
    let body = clean_html(&smart_codes::fill(&body, Output::Html, lookup));
    let footer = clean_html(emailing.email_footer.trim());
    let mut html = body;
    if facts.series.len() > 1 && !facts.series.iter().all(|o| o.id == b.id) {
        html.push_str(&series_list(facts));
    }
    let live = !matches!(b.status.as_str(), "cancelled" | "rejected");
    if let Some(video) = b.video_url.as_deref().filter(|v| !v.is_empty() && live) {
        let video = escape_html(video);
        let join = escape_html(&crate::texts::JOIN_VIDEO.get(facts.lang));
        html.push_str(&format!("<p>{join}: <a href=\"{video}\">{video}</a></p>"));
    }
    if !footer.is_empty() {
        html.push_str(&format!("<hr>{footer}"));
    }
    let text = smart_codes::html_to_text(&html);
    let host_name = facts.host.map(UserRow::full_name);
    let (from_name, from_email) = sender(
        emailing,
        host_name.filter(|_| audience == Audience::Attendee),
    );
    let reply_to = if emailing.use_host_email_on_reply == "yes" && audience == Audience::Attendee {
        facts.host.map(|h| h.email.clone())
    } else {
        Some(emailing.reply_to_email.trim().to_string()).filter(|e| !e.is_empty())
    };
    let bcc = notification
        .email
        .additional_recipients
        .split(',')
        .map(str::trim)
        .filter(|a| !a.is_empty())
        .map(str::to_string)
        .collect();
    let with_ics = emailing.attach_ics_on_confirmation == "yes"
        && matches!(
            key,
            "booking_conf_attendee"
                | "booking_conf_host"
                | "rescheduled_by_host"
                | "rescheduled_by_attendee"
        );
    let location = facts.location();
    Some(Email {
        from_name,
        from_email,
        reply_to,
        to,
        to_name,
        bcc,
        subject,
        html,
        text,
        ics: with_ics.then(|| {
            let host_name = facts.host.map(UserRow::full_name).unwrap_or_default();
            ics(
                b,
                &crate::texts::ics_summary(facts.lang, &facts.event.event().title, &host_name),
                facts.host,
                Some(location.as_str()),
                facts.public_url,
            )
        }),
    })
}

/// The notification's subject and body to fill in: a text equal to its default (the English
/// one a new event has) is the catalog's in `lang`; one the host changed is sent as written.
fn localized(kind: &Kind, notification: &Notification, lang: Lang) -> (String, String) {
    let (subject, body) = crate::texts::email_template(lang, kind.key);
    let email = &notification.email;
    let english_body = default_body(kind.key);
    let body_is_default = email.body == english_body || email.body == clean_html(english_body);
    (
        if email.subject == kind.subject {
            subject
        } else {
            email.subject.clone()
        },
        if body_is_default {
            body
        } else {
            email.body.clone()
        },
    )
}

/// An SMS notification's text to fill in: the default (English) text is the catalog's in
/// `lang`; a text the host changed is sent as written.
pub fn sms_text(key: &str, written: &str, lang: Lang) -> String {
    if written == default_sms_body(key) {
        crate::texts::sms_template(lang, key)
    } else {
        written.to_string()
    }
}

/// "Dates in this series": each occurrence in the attendee's zone, cancelled ones marked.
fn series_list(facts: &EmailFacts<'_>) -> String {
    let zone = facts.attendee_zone();
    let items: String = facts
        .series
        .iter()
        .map(|o| {
            let when = match facts.lang {
                Lang::En => DateTime::from_timestamp(o.start_time, 0)
                    .map(|t| t.with_timezone(&zone))
                    .map(|t| {
                        format!(
                            "{} {}",
                            t.format("%A, %B %-d, %Y"),
                            clock_label(t.time(), facts.h12())
                        )
                    })
                    .unwrap_or_default(),
                _ => facts.dates().span(o.start_time, o.end_time, zone),
            };
            let state = if matches!(o.status.as_str(), "cancelled" | "rejected") {
                format!(" ({})", crate::texts::SERIES_CANCELLED.get(facts.lang))
            } else {
                String::new()
            };
            format!("<li>{}{}</li>", escape_html(&when), escape_html(&state))
        })
        .collect();
    format!(
        "<p>{} ({}):</p><ul>{items}</ul>",
        escape_html(&crate::texts::SERIES_HEADING.get(facts.lang)),
        escape_html(zone.name())
    )
}

/// The sender of every email: the host's name when so set (and known), else "From Name",
/// else "slotbook"; "From Email", else a placeholder that is never delivered to.
fn sender(emailing: &EmailSettings, host_name: Option<String>) -> (String, String) {
    let configured = Some(emailing.from_name.trim())
        .filter(|n| !n.is_empty())
        .unwrap_or("slotbook")
        .to_string();
    let from_name = match host_name {
        Some(host) if emailing.use_host_name == "yes" => host,
        _ => configured,
    };
    let from_email = Some(emailing.from_email.trim())
        .filter(|e| !e.is_empty())
        .unwrap_or("no-reply@slotbook.invalid")
        .to_string();
    (from_name, from_email)
}

/// "Send test email" in the settings: the sender, reply-to and footer as saved, to `to`.
pub fn test_email(emailing: &EmailSettings, to: &str) -> Email {
    let footer = clean_html(emailing.email_footer.trim());
    let lead = "This is a test email from slotbook: booking emails will look like this.";
    let mut html = format!("<p>{}</p>", escape_html(lead));
    if !footer.is_empty() {
        html.push_str(&format!("<hr>{footer}"));
    }
    site_email(
        emailing,
        to,
        "slotbook test email".into(),
        html,
        format!("{lead}\n"),
    )
}

/// An email of the site itself (no event's notification): the saved sender and reply-to.
fn site_email(
    emailing: &EmailSettings,
    to: &str,
    subject: String,
    html: String,
    text: String,
) -> Email {
    let (from_name, from_email) = sender(emailing, None);
    Email {
        from_name,
        from_email,
        reply_to: Some(emailing.reply_to_email.trim().to_string()).filter(|e| !e.is_empty()),
        to: to.to_string(),
        to_name: String::new(),
        bcc: Vec::new(),
        subject,
        html,
        text,
        ics: None,
    }
}

/// The link of an attendee's existing booking, sent when the event's per-attendee limit
/// refused another booking: `when` is the booking's start as the attendee reads it.
/// The email of a waitlist entry just made (DESIGN 2.12): the time waited for and the link
/// that leaves the waitlist.
pub fn waitlist_joined_email(
    emailing: &EmailSettings,
    visitor: (&str, Lang),
    event_title: &str,
    when: &str,
    leave_url: &str,
) -> Email {
    let (to, lang) = visitor;
    let lead = text::event_mail_line(lang, text::WAITLIST_JOINED_LEAD, event_title, when);
    let next = text::WAITLIST_JOINED_NEXT.get(lang);
    let follow = text::WAITLIST_JOINED_LEAVE.get(lang);
    let html = format!(
        "<p>{}</p><p>{}</p><p>{}<br><a href=\"{}\">{}</a></p>",
        escape_html(&lead),
        escape_html(&next),
        escape_html(&follow),
        escape_html(leave_url),
        escape_html(leave_url)
    );
    site_email(
        emailing,
        to,
        text::event_mail_line(lang, text::WAITLIST_JOINED_SUBJECT, event_title, when),
        html,
        format!("{lead}\n{next}\n\n{follow}\n{leave_url}\n"),
    )
}

/// The email of a waitlist offer: the freed time, until when it is held, and the claim link.
pub fn waitlist_offer_email(
    emailing: &EmailSettings,
    visitor: (&str, Lang),
    event_title: &str,
    (when, until): (&str, &str),
    claim_url: &str,
) -> Email {
    let (to, lang) = visitor;
    let lead = text::event_mail_line(lang, text::WAITLIST_OFFER_LEAD, event_title, when);
    let held = text::waitlist_offer_held(lang, until);
    let html = format!(
        "<p>{}</p><p>{}<br><a href=\"{}\">{}</a></p>",
        escape_html(&lead),
        escape_html(&held),
        escape_html(claim_url),
        escape_html(claim_url)
    );
    site_email(
        emailing,
        to,
        text::event_mail_line(lang, text::WAITLIST_OFFER_SUBJECT, event_title, when),
        html,
        format!("{lead}\n{held}\n{claim_url}\n"),
    )
}

pub fn booking_link_email(
    emailing: &EmailSettings,
    attendee: (&str, Lang),
    event_title: &str,
    when: &str,
    url: &str,
) -> Email {
    let (to, lang) = attendee;
    let lead = text::event_mail_line(lang, text::BOOKING_LINK_LEAD, event_title, when);
    let follow = text::BOOKING_LINK_FOLLOW.get(lang);
    let html = format!(
        "<p>{}</p><p>{}<br><a href=\"{}\">{}</a></p>",
        escape_html(&lead),
        escape_html(&follow),
        escape_html(url),
        escape_html(url)
    );
    site_email(
        emailing,
        to,
        text::event_mail_line(lang, text::BOOKING_LINK_SUBJECT, event_title, when),
        html,
        format!("{lead}\n\n{follow}\n{url}\n"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::notifications::KINDS;

    #[test]
    fn the_english_catalog_templates_are_the_defaults_a_new_event_has() {
        for kind in &KINDS {
            let (subject, body) = crate::texts::email_template(Lang::En, kind.key);
            assert_eq!(subject, kind.subject, "{}", kind.key);
            assert_eq!(body, default_body(kind.key), "{}", kind.key);
            assert_eq!(
                crate::texts::sms_template(Lang::En, kind.key),
                default_sms_body(kind.key),
                "{}",
                kind.key
            );
        }
    }

    #[test]
    fn every_language_keeps_the_smart_codes_of_the_english_defaults() {
        for kind in &KINDS {
            let (_, english) = crate::texts::email_template(Lang::En, kind.key);
            let codes = |text: &str| {
                let mut found: Vec<String> = text
                    .split("{{")
                    .skip(1)
                    .filter_map(|rest| rest.split("}}").next())
                    .map(str::to_string)
                    .chain(text.split("##").skip(1).step_by(2).map(str::to_string))
                    .collect();
                found.sort();
                found
            };
            for lang in Lang::ALL {
                let (_, body) = crate::texts::email_template(lang, kind.key);
                assert_eq!(
                    codes(&body),
                    codes(&english),
                    "{} {}",
                    lang.code(),
                    kind.key
                );
            }
        }
    }

    #[test]
    fn a_text_the_host_changed_is_sent_as_written_and_a_default_one_in_the_language() {
        assert_eq!(
            sms_text("booking_conf_host", "Hi {{host.name}}", Lang::De),
            "Hi {{host.name}}"
        );
        let german = sms_text(
            "booking_conf_host",
            default_sms_body("booking_conf_host"),
            Lang::De,
        );
        assert!(
            german.starts_with("Neue Buchung: {{guest.full_name}}"),
            "{german}"
        );
    }
}
