//! Emails about bookings: which template, to whom, with what text, from the global emailing
//! settings (from, reply-to, footer, ICS attachment).

use chrono::DateTime;

use super::sanitize::clean_html;
use crate::model::settings::EmailSettings;
use crate::store::bookings::BookingRow;
use crate::store::users::UserRow;

/// A rendered email, ready for a transport.
#[derive(Debug, Clone)]
pub struct Email {
    pub from_name: String,
    pub from_email: String,
    pub reply_to: Option<String>,
    pub to: String,
    pub subject: String,
    pub html: String,
    pub text: String,
    /// `text/calendar` attachment of the meeting.
    pub ics: Option<String>,
}

/// What the worker knows about the booking an email is about.
pub struct EmailFacts<'a> {
    pub booking: &'a BookingRow,
    pub host: Option<&'a UserRow>,
    pub event_title: &'a str,
    pub public_url: &'a str,
    /// Sender, reply-to, footer and attachment choices.
    pub emailing: &'a EmailSettings,
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn when(b: &BookingRow, zone_name: &str) -> String {
    let zone = crate::domain::zone::parse_zone(zone_name).unwrap_or(chrono_tz::UTC);
    let start = DateTime::from_timestamp(b.start_time, 0)
        .unwrap_or_default()
        .with_timezone(&zone);
    let end = DateTime::from_timestamp(b.end_time, 0)
        .unwrap_or_default()
        .with_timezone(&zone);
    format!(
        "{} - {} ({})",
        start.format("%A, %B %-d, %Y %H:%M"),
        end.format("%H:%M"),
        zone.name()
    )
}

/// The iCalendar UID of a booking: stable for the booking, and not its hash (the hash is the
/// attendee's secret, and the UID ends up in other people's calendars).
pub fn ics_uid(b: &BookingRow) -> String {
    use sha2::Digest;
    let digest = sha2::Sha256::digest(format!("slotbook-booking-uid:{}", b.hash).as_bytes());
    format!("{}@slotbook", &hex::encode(digest)[..32])
}

/// The meeting as an iCalendar (RFC 5545) document with one VEVENT, times in UTC.
pub fn ics(
    b: &BookingRow,
    summary: &str,
    organizer: Option<&UserRow>,
    location: Option<&str>,
    public_url: &str,
) -> String {
    use icalendar::{Calendar, Component, Event, EventLike};
    let start = DateTime::from_timestamp(b.start_time, 0).unwrap_or_default();
    let end = DateTime::from_timestamp(b.end_time, 0).unwrap_or_default();
    let mut event = Event::new();
    event
        .uid(&ics_uid(b))
        .summary(summary)
        .starts(start)
        .ends(end)
        .url(&format!("{public_url}/booking/{}", b.hash));
    if let Some(place) = location.filter(|l| !l.trim().is_empty()) {
        event.location(place);
    }
    if let Some(host) = organizer {
        let mut property = icalendar::Property::new("ORGANIZER", format!("mailto:{}", host.email));
        property.add_parameter("CN", &host.full_name());
        event.append_property(property);
    }
    let status = if matches!(b.status.as_str(), "cancelled" | "rejected") {
        "CANCELLED"
    } else {
        "CONFIRMED"
    };
    event.add_property("STATUS", status);
    Calendar::new().push(event.done()).done().to_string()
}

/// Renders `template` for `to` (`attendee` or `host`); `None` when there is nobody to write to.
pub fn render(template: &str, to: &str, facts: &EmailFacts<'_>) -> Option<Email> {
    let b = facts.booking;
    let emailing = facts.emailing;
    let host_name = facts
        .host
        .map(UserRow::full_name)
        .unwrap_or_else(|| "your host".into());
    let attendee_name = format!("{} {}", b.first_name, b.last_name)
        .trim()
        .to_string();
    let (recipient, zone, other) = match to {
        "host" => (
            facts.host.map(|h| h.email.clone())?,
            "UTC".to_string(),
            attendee_name.clone(),
        ),
        _ => (
            b.email.clone(),
            b.person_time_zone.clone(),
            host_name.clone(),
        ),
    };
    if recipient.is_empty() {
        return None;
    }
    let event = facts.event_title;
    let (subject, lead) = match (template, to) {
        ("booking_confirmation", "host") => (
            format!("New booking: {event} with {other}"),
            format!("{other} booked {event} with you."),
        ),
        ("booking_confirmation", _) => (
            format!("Confirmed: {event} with {other}"),
            format!("Your {event} with {other} is confirmed."),
        ),
        ("approval_request", "host") => (
            format!("Approval needed: {event} with {other}"),
            format!("{other} asked to book {event}. Please confirm or decline it."),
        ),
        ("approval_request", _) => (
            format!("Request received: {event} with {other}"),
            format!("Your request for {event} with {other} awaits the host's confirmation."),
        ),
        ("booking_cancelled", _) => (
            format!("Cancelled: {event} with {other}"),
            format!("The {event} with {other} has been cancelled."),
        ),
        ("booking_rejected", _) => (
            format!("Declined: {event} with {other}"),
            format!("The request for {event} with {other} was declined."),
        ),
        ("booking_rescheduled", _) => (
            format!("Rescheduled: {event} with {other}"),
            format!("The {event} with {other} has a new time."),
        ),
        _ => (
            format!("{event} with {other}"),
            format!("An update about {event} with {other}."),
        ),
    };
    let when = when(b, &zone);
    let manage =
        if to == "attendee" && !matches!(template, "booking_cancelled" | "booking_rejected") {
            format!("{}/booking/{}", facts.public_url, b.hash)
        } else {
            String::new()
        };
    // Sanitized when saved; cleaned again for documents written before that rule.
    let footer = clean_html(emailing.email_footer.trim());
    let mut html = format!(
        "<p>{}</p><p><strong>{}</strong><br>{}</p>",
        escape(&lead),
        escape(event),
        escape(&when)
    );
    let mut text = format!("{lead}\n\n{event}\n{when}\n");
    if !manage.is_empty() {
        html.push_str(&format!(
            "<p><a href=\"{0}\">Reschedule or cancel</a></p>",
            escape(&manage)
        ));
        text.push_str(&format!("\nReschedule or cancel: {manage}\n"));
    }
    if !footer.is_empty() {
        html.push_str(&format!("<hr>{footer}"));
    }
    let (from_name, from_email) = sender(emailing, Some(host_name.clone()));
    let reply_to = if emailing.use_host_email_on_reply == "yes" {
        facts.host.map(|h| h.email.clone())
    } else {
        Some(emailing.reply_to_email.trim().to_string()).filter(|e| !e.is_empty())
    };
    let with_ics =
        template == "booking_confirmation" && emailing.attach_ics_on_confirmation == "yes";
    Some(Email {
        from_name,
        from_email,
        reply_to,
        to: recipient,
        subject,
        html,
        text,
        ics: with_ics.then(|| ics(b, event, facts.host, None, facts.public_url)),
    })
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
    let (from_name, from_email) = sender(emailing, None);
    let footer = clean_html(emailing.email_footer.trim());
    let lead = "This is a test email from slotbook: booking emails will look like this.";
    let mut html = format!("<p>{}</p>", escape(lead));
    if !footer.is_empty() {
        html.push_str(&format!("<hr>{footer}"));
    }
    Email {
        from_name,
        from_email,
        reply_to: Some(emailing.reply_to_email.trim().to_string()).filter(|e| !e.is_empty()),
        to: to.to_string(),
        subject: "slotbook test email".into(),
        html,
        text: format!("{lead}\n"),
        ics: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn booking() -> BookingRow {
        BookingRow {
            id: 1,
            hash: "ab".repeat(16),
            calendar_id: 1,
            event_id: 1,
            group_id: Some(1),
            parent_id: None,
            host_user_id: 2,
            person_user_id: None,
            person_time_zone: "Europe/Berlin".into(),
            start_time: 1_800_000_000,
            end_time: 1_800_001_800,
            slot_minutes: 30,
            first_name: "Maya".into(),
            last_name: "Singh".into(),
            email: "maya@example.org".into(),
            message: String::new(),
            internal_note: String::new(),
            phone: String::new(),
            location_details: "{}".into(),
            cancelled_by: None,
            status: "scheduled".into(),
            source: "web".into(),
            event_type: "single".into(),
            payment_status: None,
            payment_method: None,
            source_url: String::new(),
            created_at: 0,
            updated_at: 0,
        }
    }

    #[test]
    fn confirmation_uses_the_settings_and_attaches_an_ics_when_asked() {
        let b = booking();
        let emailing = EmailSettings {
            from_name: "Acme".into(),
            from_email: "hello@acme.test".into(),
            reply_to_email: "desk@acme.test".into(),
            attach_ics_on_confirmation: "yes".into(),
            email_footer: "<b>Acme</b><script>x()</script>".into(),
            ..EmailSettings::default()
        };
        let facts = EmailFacts {
            booking: &b,
            host: None,
            event_title: "Intro <call>",
            public_url: "http://x",
            emailing: &emailing,
        };
        let email = render("booking_confirmation", "attendee", &facts).expect("an email");
        assert_eq!(
            (email.from_name.as_str(), email.from_email.as_str()),
            ("Acme", "hello@acme.test")
        );
        assert_eq!(email.reply_to.as_deref(), Some("desk@acme.test"));
        assert_eq!(email.to, "maya@example.org");
        assert!(email.subject.starts_with("Confirmed: Intro <call>"));
        assert!(
            email.html.contains("Intro &lt;call&gt;")
                && email.html.contains("<b>Acme</b>")
                && !email.html.contains("script")
        );
        assert!(email.html.contains(&format!("http://x/booking/{}", b.hash)));
        let ics = email.ics.expect("ics");
        assert!(
            ics.contains("BEGIN:VEVENT")
                && ics.contains(&format!("UID:{}", ics_uid(&b)))
                && !ics.contains(&format!("UID:{}", b.hash))
        );
    }

    #[test]
    fn no_host_means_no_host_email_and_no_ics_without_the_setting() {
        let b = booking();
        let emailing = EmailSettings::default();
        let facts = EmailFacts {
            booking: &b,
            host: None,
            event_title: "Intro",
            public_url: "http://x",
            emailing: &emailing,
        };
        assert!(render("booking_confirmation", "host", &facts).is_none());
        assert!(
            render("booking_cancelled", "attendee", &facts)
                .is_some_and(|e| e.ics.is_none() && !e.html.contains("Reschedule"))
        );
    }
}
