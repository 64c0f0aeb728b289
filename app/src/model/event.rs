//! Event documents: stored settings with the reference defaults, and the wire shape.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::domain::week::{DateOverrides, WeeklySchedule};

/// The reference plugin's default refusals of an event's "can not cancel/reschedule" rules
/// (shown when a rule is on and its host left the message as it was).
pub const CANNOT_CANCEL: &str = "Sorry! you can not cancel this";
pub const CANNOT_RESCHEDULE: &str = "Sorry! you can not reschedule this";

/// `{value, unit}` with unit `minutes`, `hours` or `days` (minimum notice and similar).
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Quantity {
    pub value: i64,
    pub unit: String,
}

/// One booking-frequency or booking-duration limit: `{unit: per_day|per_week|per_month, value}`.
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PeriodLimit {
    pub unit: String,
    pub value: i64,
}

#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Limits {
    pub enabled: bool,
    pub limits: Vec<PeriodLimit>,
}

#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct LockTimezone {
    pub enabled: bool,
    pub timezone: String,
}

#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MultiDuration {
    pub enabled: bool,
    /// Minutes, or `""` when not set (the reference's stored form).
    pub default_duration: Value,
    pub available_durations: Vec<i64>,
}

/// `recurring_config` (DESIGN 2.8): whether attendees may book a series, how often it repeats
/// and how many occurrences at most (the reference's keys).
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RecurringConfig {
    pub enabled: bool,
    /// `daily`, `weekly` or `monthly`.
    pub frequency: String,
    /// 1-30 days, weeks or months between occurrences.
    pub interval: i64,
    /// 2-52 occurrences at most.
    pub max_count: i64,
    /// Public creates always book `max_count` occurrences.
    pub is_count_fixed: bool,
}

impl Default for RecurringConfig {
    fn default() -> Self {
        RecurringConfig {
            enabled: false,
            frequency: "weekly".into(),
            interval: 1,
            max_count: 2,
            is_count_fixed: false,
        }
    }
}

/// `attendee_limit`: at most `value` open future bookings of the event per email address.
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AttendeeLimit {
    pub enabled: bool,
    pub value: i64,
}

impl Default for AttendeeLimit {
    fn default() -> Self {
        AttendeeLimit {
            enabled: false,
            value: 1,
        }
    }
}

/// `waitlist` (DESIGN 2.12): visitors may wait for a taken time; a freed place is offered to the
/// first for `offer_minutes` (5-1440).
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WaitlistSettings {
    pub enabled: bool,
    pub offer_minutes: i64,
}

impl Default for WaitlistSettings {
    fn default() -> Self {
        WaitlistSettings {
            enabled: false,
            offer_minutes: 30,
        }
    }
}

/// `email_domains`: attendees' addresses must be in `allow` (when it is not empty) and not in
/// `deny`; a domain covers its subdomains.
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct EmailDomains {
    pub allow: Vec<String>,
    pub deny: Vec<String>,
}

/// A conditional rule such as "requires confirmation" or "can not cancel".
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ConditionalRule {
    pub enabled: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    #[serde(rename = "type")]
    pub rule_type: String,
    pub condition: Quantity,
}

/// Settings of an event as stored; missing keys take the reference defaults, unknown keys
/// are dropped.
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct EventSettings {
    pub schedule_type: String,
    /// `{sun: [{start, end}], mon: [...], ...}` in the event's zone.
    #[cfg_attr(feature = "ssr", schema(value_type = Object))]
    pub weekly_schedules: WeeklySchedule,
    /// `{"YYYY-MM-DD": [{start, end}]}`: no windows means the date is off.
    #[cfg_attr(feature = "ssr", schema(value_type = Object))]
    pub date_overrides: DateOverrides,
    pub range_type: String,
    pub range_days: i64,
    pub range_date_between: Vec<String>,
    pub schedule_conditions: Quantity,
    pub buffer_time_before: String,
    pub buffer_time_after: String,
    pub slot_interval: String,
    pub team_members: Vec<i64>,
    pub common_schedule: bool,
    pub hosts_schedules: BTreeMap<String, i64>,
    pub booking_frequency: Limits,
    pub booking_duration: Limits,
    pub booking_title: String,
    pub submit_button_text: String,
    pub lock_timezone: LockTimezone,
    pub multi_duration: MultiDuration,
    pub requires_confirmation: ConditionalRule,
    pub can_not_cancel: ConditionalRule,
    pub can_not_reschedule: ConditionalRule,
    pub recurring_config: RecurringConfig,
    /// Minutes a chosen time is held for its visitor (0: no holds).
    pub hold_minutes: i64,
    pub attendee_limit: AttendeeLimit,
    /// Bookable only through a private link.
    pub secret: bool,
    pub email_domains: EmailDomains,
    /// Empty, or an http(s) URL with `{uid}`: each booking's video call.
    pub video_link_template: String,
    /// Assistants may book it through the MCP server's visitor tools (DESIGN 2.12).
    pub agents_may_book: bool,
    pub waitlist: WaitlistSettings,
}

impl Default for EventSettings {
    fn default() -> Self {
        let minutes30 = Quantity {
            value: 30,
            unit: "minutes".into(),
        };
        EventSettings {
            schedule_type: "weekly_schedules".into(),
            weekly_schedules: WeeklySchedule::office_hours(),
            date_overrides: DateOverrides::new(),
            range_type: "range_days".into(),
            range_days: 60,
            range_date_between: vec![String::new(), String::new()],
            schedule_conditions: Quantity {
                value: 4,
                unit: "hours".into(),
            },
            buffer_time_before: "0".into(),
            buffer_time_after: "0".into(),
            slot_interval: String::new(),
            team_members: Vec::new(),
            common_schedule: false,
            hosts_schedules: BTreeMap::new(),
            booking_frequency: Limits {
                enabled: false,
                limits: vec![PeriodLimit {
                    unit: "per_day".into(),
                    value: 5,
                }],
            },
            booking_duration: Limits {
                enabled: false,
                limits: vec![PeriodLimit {
                    unit: "per_day".into(),
                    value: 120,
                }],
            },
            booking_title: String::new(),
            submit_button_text: String::new(),
            lock_timezone: LockTimezone::default(),
            multi_duration: MultiDuration {
                enabled: false,
                default_duration: Value::String(String::new()),
                available_durations: Vec::new(),
            },
            requires_confirmation: ConditionalRule {
                enabled: false,
                message: None,
                rule_type: "always".into(),
                condition: minutes30.clone(),
            },
            can_not_cancel: ConditionalRule {
                enabled: false,
                message: Some(CANNOT_CANCEL.into()),
                rule_type: "always".into(),
                condition: minutes30.clone(),
            },
            can_not_reschedule: ConditionalRule {
                enabled: false,
                message: Some(CANNOT_RESCHEDULE.into()),
                rule_type: "always".into(),
                condition: minutes30,
            },
            recurring_config: RecurringConfig::default(),
            hold_minutes: 5,
            attendee_limit: AttendeeLimit::default(),
            secret: false,
            email_domains: EmailDomains::default(),
            video_link_template: String::new(),
            agents_may_book: false,
            waitlist: WaitlistSettings::default(),
        }
    }
}

/// An event ("slot" in the reference's words) as the REST interface shows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct Event {
    pub id: i64,
    pub hash: String,
    pub calendar_id: i64,
    pub parent_id: Option<i64>,
    pub user_id: i64,
    pub title: String,
    pub slug: String,
    pub description: String,
    /// Minutes.
    pub duration: i64,
    #[cfg_attr(feature = "ssr", schema(example = "active"))]
    pub status: String,
    /// `free` or `paid`.
    #[serde(rename = "type")]
    pub payment_type: String,
    #[cfg_attr(feature = "ssr", schema(example = "single"))]
    pub event_type: String,
    pub color_schema: String,
    pub availability_type: String,
    pub availability_id: Option<i64>,
    pub location_type: String,
    pub location_heading: String,
    /// The offered locations: `[{type, title, description?, ...}]`.
    #[cfg_attr(feature = "ssr", schema(value_type = Vec<Object>))]
    pub location_settings: Value,
    /// The location kinds an event may offer, for the editor.
    #[cfg_attr(feature = "ssr", schema(value_type = Object))]
    pub location_fields: Value,
    pub is_display_spots: bool,
    pub max_book_per_slot: i64,
    pub shortcode: String,
    pub public_url: String,
    pub price_total: i64,
    #[cfg_attr(feature = "ssr", schema(value_type = Vec<Object>))]
    pub author_profiles: Vec<Value>,
    pub created_at: String,
    pub updated_at: String,
    pub settings: EventSettings,
}

/// The event's owner, as the booking page and the editor name them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[expect(non_snake_case, reason = "the reference interface spells the id `ID`")]
pub struct EventOwner {
    pub ID: i64,
    pub name: String,
    pub avatar: String,
}

/// The location options an event may offer, grouped as the dashboard shows them.
pub fn location_fields() -> Value {
    json!({
        "in_person": {"label": "In Person", "options": {
            "in_person_guest": {"title": "In Person (Attendee Address)"},
            "in_person_organizer": {"title": "In Person (Organizer Address)"}
        }},
        "phone": {"label": "Phone", "options": {
            "phone_guest": {"title": "Attendee Phone Number"},
            "phone_organizer": {"title": "Organizer Phone Number"}
        }},
        "online": {"label": "Online", "options": {
            "online_meeting": {"title": "Online Meeting"}
        }},
        "other": {"label": "Other", "options": {
            "custom": {"title": "Custom"}
        }}
    })
}

/// Location types an event may use.
pub const LOCATION_TYPES: &[&str] = &[
    "in_person_guest",
    "in_person_organizer",
    "phone_guest",
    "phone_organizer",
    "online_meeting",
    "custom",
];

/// Event kinds: `single` and `group` on any calendar, `round_robin` and `collective` on team calendars.
pub const EVENT_TYPES: &[&str] = &["single", "group", "round_robin", "collective"];

/// Colours offered for events; any `#rrggbb` is accepted.
pub const DEFAULT_COLOR: &str = "#0099ff";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_keys_take_defaults_and_unknown_keys_are_dropped() {
        let settings: EventSettings =
            serde_json::from_value(json!({"range_days": 30, "mystery": true})).unwrap_or_default();
        assert_eq!(settings.range_days, 30);
        assert_eq!(
            settings.schedule_conditions,
            Quantity {
                value: 4,
                unit: "hours".into()
            }
        );
        let back = serde_json::to_value(&settings).unwrap_or_default();
        assert!(back.get("mystery").is_none());
        assert_eq!(
            back["booking_frequency"]["limits"][0],
            json!({"unit": "per_day", "value": 5})
        );
    }
}

/// `GET /calendars/{id}/events/{event_id}`: the event with its owner and calendar, and the
/// extras asked for with `with[]=`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct EventAnswer {
    pub calendar_event: EditorEvent,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub calendar: Option<super::calendar::Calendar>,
    /// `[{title, shortcodes: {code: label}}]`, with `with[]=smart_codes`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ssr", schema(value_type = Option<Vec<Object>>))]
    pub smart_codes: Option<Value>,
    /// With `with[]=settings_menu`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub settings_menu: Option<Vec<EditorTab>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub calendar_event_lists: Option<super::calendar::EventLists>,
}

/// The event as the editor shows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct EditorEvent {
    #[serde(flatten)]
    pub event: Event,
    pub author_profile: EventOwner,
    pub calendar: EventCalendar,
}

/// The calendar of an event in the editor.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct EventCalendar {
    pub id: i64,
    pub title: String,
    pub slug: String,
    /// `simple` or `team`.
    #[serde(rename = "type")]
    pub calendar_type: String,
    pub author_timezone: String,
}

/// A tab of the event editor.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct EditorTab {
    pub key: String,
    pub title: String,
    pub route: String,
}

/// `{message, slot}`: an event created or cloned.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct EventCreated {
    #[cfg_attr(
        feature = "ssr",
        schema(example = "New Event Type has been created successfully")
    )]
    pub message: String,
    pub slot: Event,
}

/// `POST …/details`: `{message, event}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct EventUpdated {
    #[cfg_attr(feature = "ssr", schema(example = "Data has been updated"))]
    pub message: String,
    pub event: Event,
}

/// `POST …/availability`, `…/limits`, `…/advanced-settings`: the event's saved settings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct EventSettingsSaved {
    #[cfg_attr(feature = "ssr", schema(example = "Data has been updated"))]
    pub message: String,
    pub event: EventSettingsOf,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct EventSettingsOf {
    pub id: i64,
    pub settings: EventSettings,
}

/// `GET …/availability`: what the availability tab offers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct AvailabilityAnswer {
    pub schedule_options: ScheduleOptions,
    pub available_schedules: Vec<AvailableSchedule>,
}

/// The fixed choices, then the schedules to pick from by owner ("My Schedules" for the
/// caller's own, the host's name for a team member's).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct ScheduleOptions {
    pub range_types: Vec<String>,
    pub schedule_types: Vec<String>,
    pub availability_types: Vec<String>,
    #[serde(flatten)]
    pub by_owner: BTreeMap<String, Vec<ScheduleChoice>>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct ScheduleChoice {
    pub label: String,
    /// The availability schedule's id.
    pub value: i64,
    pub default: bool,
}

/// An availability schedule the event may use.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct AvailableSchedule {
    pub id: i64,
    pub title: String,
    pub user_id: i64,
    pub default: bool,
    pub timezone: String,
    /// `{sun: {enabled, slots: [{start, end}]}, ...}`.
    pub weekly_schedules: Value,
    /// `{"YYYY-MM-DD": [{start, end}]}`.
    pub date_overrides: Value,
}

/// `GET …/booking-fields`: the event's booking form, system fields included.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct BookingFieldList {
    pub fields: Vec<BookingField>,
}

/// One field of the booking form.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct BookingField {
    /// Its position on the form, from 1.
    pub index: i64,
    /// `text`, `email`, `textarea`, `select`, `radio`, `checkbox`, `phone`, ...
    #[serde(rename = "type")]
    pub field_type: String,
    pub name: String,
    pub label: String,
    pub required: bool,
    pub enabled: bool,
    pub system_defined: bool,
    pub disable_alter: bool,
    pub is_visible: bool,
    pub placeholder: String,
    pub help_text: String,
    /// The kind's own keys (`options`, `limit`, ...).
    #[serde(flatten)]
    #[cfg_attr(feature = "ssr", schema(value_type = Object))]
    pub extra: serde_json::Map<String, Value>,
}

impl BookingField {
    /// The names of the fixed keys (a kind's own keys never replace them).
    pub const FIXED: [&'static str; 11] = [
        "index",
        "type",
        "name",
        "label",
        "required",
        "enabled",
        "system_defined",
        "disable_alter",
        "is_visible",
        "placeholder",
        "help_text",
    ];
}

/// `GET …/availability/explain`: the slot engine's verdict on one local time.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct Explanation {
    /// The asked wall-clock time, `YYYY-MM-DD HH:mm:ss`.
    pub time: String,
    pub timezone: String,
    /// The instant in UTC (absent when the time does not exist in the zone).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_time: Option<String>,
    pub offered: bool,
    /// The engine's reason codes (`outside_hours`, `overlap`, `notice`, ...).
    #[cfg_attr(feature = "ssr", schema(value_type = Vec<String>))]
    pub reasons: Vec<crate::domain::slots::Reason>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub event_active: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub free_hosts: Option<Vec<i64>>,
    /// Free seats at that time (null when it is not offered).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "super::null_kept"
    )]
    #[cfg_attr(feature = "ssr", schema(value_type = Option<u32>))]
    pub remaining: Option<Option<u32>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<ExplainedRules>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub schedules: Option<Vec<HostSchedule>>,
}

/// The rules the verdict applied.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct ExplainedRules {
    pub duration: u32,
    pub slot_interval: u32,
    pub buffer_time_before: u32,
    pub buffer_time_after: u32,
    pub minimum_notice_minutes: i64,
    pub host_timezone: String,
    pub capacity: u32,
}

/// Whose weekly hours were read, in which zone.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct HostSchedule {
    pub host_id: i64,
    pub timezone: String,
}

/// A private link of an event (DESIGN 2.8): `url` is the booking page with `?link={token}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct PrivateLink {
    pub id: i64,
    pub token: String,
    pub url: String,
    pub max_uses: i64,
    pub uses: i64,
    /// UTC `YYYY-MM-DD HH:mm:ss`, or `null` for no end.
    pub expires_at: Option<String>,
    pub revoked: bool,
    /// UTC `YYYY-MM-DD HH:mm:ss`.
    pub created_at: String,
}

/// `{links}` of `GET …/private-links`, newest first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct PrivateLinkList {
    pub links: Vec<PrivateLink>,
}

/// `{message, link}` of `POST …/private-links`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct PrivateLinkAnswer {
    #[cfg_attr(feature = "ssr", schema(example = "Private link has been created"))]
    pub message: String,
    pub link: PrivateLink,
}

/// `POST …/private-links`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({"max_uses": 1, "expires_at": "2026-12-31 23:59:00"})))]
pub struct PrivateLinkRequest {
    /// 1-1000, default 1.
    pub max_uses: Option<i64>,
    /// A future UTC time `YYYY-MM-DD HH:mm:ss`, or `null` (default) for no end.
    pub expires_at: Option<String>,
}
