//! Calendar documents: the stored settings and the wire shape.

use super::event::Event;
use super::page::Page;
use crate::domain::week::WeeklySchedule;
use serde::{Deserialize, Serialize};

/// Public landing-page settings of a calendar (`enabled` is `yes`/`no` on the wire).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct SharingSettings {
    #[cfg_attr(feature = "ssr", schema(example = "yes"))]
    pub enabled: String,
    /// `all` events, or the `selected` ones of `enabled_slots`.
    #[cfg_attr(feature = "ssr", schema(example = "all"))]
    pub show_type: String,
    pub enabled_slots: Vec<i64>,
}

/// `GET /calendars/{id}/sharing-settings`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct SharingAnswer {
    pub settings: SharingSettings,
    /// The calendar's public landing page.
    #[cfg_attr(feature = "ssr", schema(example = "https://book.example.com/jane"))]
    pub share_url: String,
}

impl Default for SharingSettings {
    fn default() -> Self {
        SharingSettings {
            enabled: "yes".into(),
            show_type: "all".into(),
            enabled_slots: Vec::new(),
        }
    }
}

impl SharingSettings {
    pub fn is_enabled(&self) -> bool {
        self.enabled == "yes"
    }
}

/// What a calendar stores beside its columns. Unknown keys are dropped on read.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct CalendarSettings {
    pub sharing: SharingSettings,
    pub event_order: Option<Vec<i64>>,
    pub profile_photo_url: String,
    pub featured_image_url: String,
    pub phone: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[expect(
    non_snake_case,
    reason = "`ID` is the reference interface's field name"
)]
pub struct AuthorProfile {
    pub ID: i64,
    pub name: String,
    pub author_slug: String,
    pub first_name: String,
    pub last_name: String,
    pub avatar: String,
    pub phone: String,
    pub featured_image: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[expect(
    non_snake_case,
    reason = "`ID` is the reference interface's field name"
)]
pub struct CalendarUser {
    pub ID: i64,
    pub user_login: String,
    pub display_name: String,
    pub full_name: String,
}

/// A calendar as the REST interface shows it, with its events (`slots`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct Calendar {
    pub id: i64,
    pub hash: String,
    pub user_id: i64,
    pub parent_id: Option<i64>,
    pub title: String,
    pub slug: String,
    pub description: String,
    pub status: String,
    #[serde(rename = "type")]
    pub calendar_type: String,
    pub event_type: String,
    pub account_type: String,
    pub visibility: String,
    pub author_timezone: String,
    pub max_book_per_slot: i64,
    /// The default language of its public pages (DESIGN 2.9): `en`, `de`, `fr`, `es`,
    /// `pt-BR`, `ar` or `ja`.
    #[cfg_attr(feature = "ssr", schema(example = "en"))]
    pub language: String,
    pub created_at: String,
    pub updated_at: String,
    pub author_profile: AuthorProfile,
    pub public_url: String,
    pub event_order: Option<Vec<i64>>,
    pub slots: Vec<Event>,
    pub user: Option<CalendarUser>,
}

/// `GET /calendars`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct CalendarList {
    #[cfg_attr(feature = "ssr", schema(example = "Calendars have been fetched"))]
    pub message: String,
    pub calendars: Page<Calendar>,
    /// With `calendar_event_lists=true` only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub calendar_event_lists: Option<EventLists>,
}

/// Event options grouped as the dashboard's filters show them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct EventLists {
    /// Hosts' own calendars.
    pub hosts: Vec<EventGroup>,
    /// Team calendars.
    pub teams: Vec<EventGroup>,
    /// Every event on its own (`type: event`).
    pub events: Vec<EventGroup>,
}

/// A calendar (or one event) with the events to pick from it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct EventGroup {
    pub id: i64,
    pub title: String,
    /// `simple`, `team` or `event`.
    #[serde(rename = "type")]
    pub kind: String,
    pub options: Vec<EventOption>,
}

/// `GET /calendars/{id}`; `POST /calendars/{id}` adds its `message`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct CalendarAnswer {
    pub calendar: Calendar,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(
        feature = "ssr",
        schema(example = "Calendar has been updated successfully")
    )]
    pub message: Option<String>,
}

/// `POST /calendars`: the new calendar, its first event, and where the editor opens it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct NewCalendarAnswer {
    pub calendar: Calendar,
    pub slot: Event,
    pub redirect_url: String,
}

/// `GET /calendars/{id}/event-schema`: what a new event starts from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct EventSchemaAnswer {
    pub slot: EventTemplate,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct EventTemplate {
    pub title: String,
    pub status: String,
    pub description: String,
    /// Minutes, as text (the reference's form).
    #[cfg_attr(feature = "ssr", schema(example = "30"))]
    pub duration: String,
    pub color_schema: String,
    pub event_type: String,
    pub calendar: CalendarRef,
    pub settings: EventTemplateSettings,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct EventTemplateSettings {
    pub schedule_type: String,
    /// The host's default weekly hours (office hours when they have none).
    #[cfg_attr(feature = "ssr", schema(value_type = Object))]
    pub weekly_schedules: WeeklySchedule,
    pub range_type: String,
    pub range_days: i64,
    #[cfg_attr(feature = "ssr", schema(value_type = Object))]
    pub location_fields: serde_json::Value,
}

/// An event named by id and title (the choices of a calendar's events).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct EventOption {
    pub id: i64,
    pub title: String,
}

/// A calendar named by id, title and slug.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct CalendarRef {
    pub id: i64,
    pub title: String,
    pub slug: String,
}
