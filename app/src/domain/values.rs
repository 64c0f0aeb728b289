//! Validated values: once a text has become one of these, it is known to be well formed, so a
//! service that takes one cannot be handed an invalid email, zone or status.

use std::fmt;

use serde::{Deserialize, Serialize};

/// A closed set of words stored and sent as text (`"no_show"`), read and written in one place.
macro_rules! text_enum {
    ($(#[$meta:meta])* $name:ident { $($(#[$vmeta:meta])* $variant:ident = $text:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
        #[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
        pub enum $name {
            $($(#[$vmeta])* #[serde(rename = $text)] $variant),+
        }

        impl $name {
            /// Every value, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The stored and wire form.
            pub fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $text),+
                }
            }

            /// The value named by `text` exactly, if any.
            pub fn parse(text: &str) -> Option<$name> {
                match text {
                    $($text => Some($name::$variant),)+
                    _ => None,
                }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl PartialEq<&str> for $name {
            fn eq(&self, other: &&str) -> bool {
                self.as_str() == *other
            }
        }
    };
}

text_enum!(
    /// Where a booking stands (DESIGN 4); `transitions` says which moves are allowed.
    BookingStatus {
        Scheduled = "scheduled",
        Pending = "pending",
        Cancelled = "cancelled",
        Completed = "completed",
        Rejected = "rejected",
        NoShow = "no_show",
    }
);

impl BookingStatus {
    /// Cancelled and rejected bookings no longer hold their time.
    pub fn is_closed(self) -> bool {
        matches!(self, BookingStatus::Cancelled | BookingStatus::Rejected)
    }

    /// Still ahead of the attendee: they may cancel or reschedule it themselves.
    pub fn is_open(self) -> bool {
        matches!(self, BookingStatus::Scheduled | BookingStatus::Pending)
    }
}

text_enum!(
    /// What a host may set as a booking's payment state (`refunded` is set by a refund only).
    PaymentStatus {
        Pending = "pending",
        Paid = "paid",
    }
);

text_enum!(
    /// Who made a booking: the public page or a host on the attendee's behalf.
    BookingSource {
        Web = "web",
        Admin = "admin",
    }
);

text_enum!(
    /// Event kinds: `single` and `group` on any calendar, the team kinds on team calendars.
    EventType {
        Single = "single",
        Group = "group",
        RoundRobin = "round_robin",
        Collective = "collective",
    }
);

text_enum!(
    /// Whether an event takes bookings (`active`) or is hidden while it is prepared (`draft`).
    EventStatus {
        Active = "active",
        Draft = "draft",
    }
);

impl EventType {
    /// Round robin and collective: hosted by a team calendar's members.
    pub fn is_team(self) -> bool {
        matches!(self, EventType::RoundRobin | EventType::Collective)
    }

    /// Several attendees share one slot.
    pub fn is_group(self) -> bool {
        self == EventType::Group
    }

    /// A stored row's type. The service writes only the four; anything else (a row written
    /// by hand) reads as a single-attendee event, the safest meaning.
    pub fn of_stored(text: &str) -> EventType {
        EventType::parse(text).unwrap_or(EventType::Single)
    }
}

/// An email address in the shape the service accepts: one `@`, a dotted domain, no spaces or
/// control characters, at most 254 bytes. Surrounding spaces are dropped.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct Email(String);

impl Email {
    pub fn parse(text: &str) -> Option<Email> {
        let text = text.trim();
        is_valid_email(text).then(|| Email(text.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_string(self) -> String {
        self.0
    }
}

impl fmt::Display for Email {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The email rule itself, for callers that only ask (an optional field left empty, say).
pub fn is_valid_email(email: &str) -> bool {
    let Some((local, domain)) = email.split_once('@') else {
        return false;
    };
    !local.is_empty()
        && email.len() <= 254
        && !domain.contains('@')
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && !email.chars().any(|c| c.is_whitespace() || c.is_control())
}

/// An IANA time-zone name the zone database knows (`Europe/Berlin`), kept as given.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct TimeZoneId(String);

impl TimeZoneId {
    pub fn parse(text: &str) -> Option<TimeZoneId> {
        let text = text.trim();
        super::zone::parse_zone(text).map(|_| TimeZoneId(text.to_string()))
    }

    pub fn utc() -> TimeZoneId {
        TimeZoneId("UTC".to_string())
    }

    /// The zone to convert with (parsing checked that it exists).
    pub fn tz(&self) -> chrono_tz::Tz {
        super::zone::parse_zone(&self.0).unwrap_or(chrono_tz::UTC)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for TimeZoneId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A calendar slug that passes `slug::check_slug` (whether it is taken is the store's to say).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct Slug(String);

impl Slug {
    pub fn parse(text: &str) -> Result<Slug, super::slug::SlugProblem> {
        super::slug::check_slug(text).map(|()| Slug(text.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Slug {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn event_types_say_who_hosts_and_who_shares_a_slot() {
        let team: Vec<EventType> = EventType::ALL
            .iter()
            .copied()
            .filter(|t| t.is_team())
            .collect();
        assert_eq!(team, vec![EventType::RoundRobin, EventType::Collective]);
        assert!(EventType::Group.is_group() && !EventType::Single.is_group());
        // A stored row the service did not write reads as the safest kind.
        assert_eq!(EventType::of_stored("webinar"), EventType::Single);
        assert_eq!(EventType::of_stored("round_robin"), EventType::RoundRobin);
        assert_eq!(EventStatus::parse("draft"), Some(EventStatus::Draft));
        assert_eq!(EventStatus::parse("archived"), None);
    }

    #[test]
    fn statuses_read_back_what_they_write() {
        for status in BookingStatus::ALL {
            assert_eq!(BookingStatus::parse(status.as_str()), Some(*status));
            assert_eq!(
                serde_json::to_value(status).ok(),
                Some(serde_json::json!(status.as_str()))
            );
        }
        assert_eq!(BookingStatus::parse("No_Show"), None);
        assert_eq!(BookingStatus::parse(""), None);
        assert_eq!(EventType::parse("round_robin"), Some(EventType::RoundRobin));
        assert_eq!(PaymentStatus::parse("refunded"), None);
    }

    #[test]
    fn an_email_is_trimmed_and_checked() {
        assert_eq!(
            Email::parse("  jane@example.com ").map(Email::into_string),
            Some("jane@example.com".to_string())
        );
        // An address with a NUL or a line break could never be sent to.
        for bad in [
            "",
            "jane",
            "jane@",
            "@example.com",
            "jane@example",
            "jane@.example.com",
            "jane@example.com.",
            "ja ne@example.com",
            "jane@ex@ample.com",
            "nul\u{0}x@example.org",
            "a@example.org\r\nBcc: b@example.org",
            "a\u{7f}@example.org",
        ] {
            assert_eq!(Email::parse(bad), None, "{bad:?}");
        }
        let long = format!("{}@example.com", "a".repeat(250));
        assert_eq!(Email::parse(&long), None);
    }

    #[test]
    fn zones_and_slugs_are_checked_once() {
        assert_eq!(
            TimeZoneId::parse("Europe/Berlin").map(|z| z.tz()),
            Some(chrono_tz::Europe::Berlin)
        );
        assert_eq!(TimeZoneId::parse("Mars/Olympus"), None);
        assert!(Slug::parse("jane-doe").is_ok());
        assert_eq!(
            Slug::parse("admin").err(),
            Some(super::super::slug::SlugProblem::Reserved)
        );
    }
}
