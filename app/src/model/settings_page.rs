//! What `/admin/settings` shows: the user's own profile, and for users who may manage options
//! the site's settings in sections. Computed by `service::settings_page`.

use serde::{Deserialize, Serialize};

/// The settings page's sections, in order: (anchor and `section=` value, heading). All but
/// "Profile", "Password", "Booking limits", "Out of office", "Connected calendars" and
/// "Security" need the `manage_options` capability.
pub const SECTIONS: [(&str, &str); 15] = [
    ("profile", "profile"),
    ("password", "password"),
    ("limits", "booking-limits"),
    ("away", "out-of-office"),
    ("calendars", "connected-calendars"),
    ("feeds", "calendar-feeds"),
    ("security", "security"),
    ("general", "general"),
    ("email", "email"),
    ("payments", "payments"),
    ("theme", "theme"),
    ("protection", "booking-protection"),
    ("privacy", "privacy"),
    ("modules", "modules"),
    ("team", "team"),
];

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SettingsPage {
    pub profile: Profile,
    /// `None` for a user without `manage_options`: those sections are not on the page at all.
    pub site: Option<SiteSettings>,
    /// The user's own external calendars (managed on `/admin/settings/calendars`).
    pub connections: Vec<crate::model::calendar_connection::Connection>,
    /// The user's caps across all of their events ("Daily limit", "Weekly limit"; empty:
    /// none).
    pub limits: BookingLimits,
    /// The user's days out of office, soonest first.
    pub away: Vec<AwayLine>,
    /// Who may take the user's round-robin turns meanwhile: every other user (id, name).
    pub teammates: Vec<(i64, String)>,
    /// The user's published calendar feeds.
    pub feeds: Vec<crate::model::feeds::CalendarFeed>,
}

/// One period of "Out of office" as listed.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct AwayLine {
    pub id: i64,
    /// "1 March 2027".
    pub from: String,
    pub to: String,
    pub reason: String,
    /// The teammate's name, or empty.
    pub teammate: String,
}

/// A host's caps as the form shows them: digits, or empty for none.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct BookingLimits {
    pub daily: String,
    pub weekly: String,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Profile {
    pub name: String,
    pub login: String,
    pub email: String,
    /// `administrator` or `host`.
    pub role: String,
    /// A language code, or empty for the browser's (DESIGN 2.9).
    #[serde(default)]
    pub language: String,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SiteSettings {
    /// `12` or `24`.
    pub time_format: String,
    /// `sun`..`sat`.
    pub start_day: String,
    pub from_name: String,
    pub from_email: String,
    pub reply_to_name: String,
    pub reply_to_email: String,
    /// Sanitized HTML.
    pub footer: String,
    pub attach_ics: bool,
    pub use_host_name: bool,
    pub payments_active: bool,
    pub currency: String,
    pub number_format: String,
    pub currency_position: String,
    /// `system-default`, `light` or `dark`.
    pub theme: String,
    /// `#rrggbb`, or empty for the built-in accent.
    pub brand_color: String,
    pub modules: Vec<ModuleLine>,
    pub team: Vec<Member>,
    /// Booking protection: the blocked attendee addresses and domains, one per line.
    pub blocklist: String,
    /// Booking protection: booking forms ask the browser for a proof of work (ALTCHA).
    pub proof_of_work: bool,
    /// Security: every password login must use two-factor authentication.
    pub require_two_factor: bool,
    /// Privacy (DESIGN 2.11): days attendee data is kept after a booking ended (digits, or
    /// empty: kept).
    pub retention_days: String,
    pub attendee_erasure: bool,
    pub consent_required: bool,
    pub consent_text: String,
    pub consent_version: String,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ModuleLine {
    pub key: String,
    pub title: String,
    pub description: String,
    pub enabled: bool,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Member {
    pub id: i64,
    pub name: String,
    pub login: String,
    pub email: String,
    pub role: String,
    /// Two-factor login is on (an administrator may turn it off for a lost phone).
    pub two_factor: bool,
    /// The signed-in user: no deletion of oneself.
    pub you: bool,
}
