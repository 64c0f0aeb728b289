//! Answers of the REST routes that list small fixed records: a booking's activity log, the
//! settings menu and pages, and the host pickers of the dashboard.

use serde::{Deserialize, Serialize};

/// One entry of a booking's activity log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct Activity {
    pub id: i64,
    pub booking_id: i64,
    pub parent_id: Option<i64>,
    /// The user who acted; none for the attendee or the system.
    pub created_by: Option<i64>,
    /// `open` (needs attention) or `closed`.
    #[cfg_attr(feature = "ssr", schema(example = "closed"))]
    pub status: String,
    /// `info`, `activity`, `success`, `error`.
    #[serde(rename = "type")]
    pub kind: String,
    #[cfg_attr(feature = "ssr", schema(example = "Booking created"))]
    pub title: String,
    pub description: String,
    /// RFC 3339.
    #[cfg_attr(feature = "ssr", schema(example = "2026-12-01T09:00:00+00:00"))]
    pub created_at: String,
    pub updated_at: String,
}

/// `{activities}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct ActivityList {
    pub activities: Vec<Activity>,
}

/// A section of the dashboard's settings page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct MenuItem {
    #[cfg_attr(feature = "ssr", schema(example = "general"))]
    pub key: String,
    #[cfg_attr(feature = "ssr", schema(example = "General Settings"))]
    pub title: String,
    #[cfg_attr(feature = "ssr", schema(example = "/admin/settings#general"))]
    pub route: String,
}

/// `{menu_items}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct SettingsMenu {
    pub menu_items: Vec<MenuItem>,
}

/// A calendar's public landing page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct PublicPage {
    pub id: i64,
    /// The calendar's slug (the page is `/<name>`).
    #[cfg_attr(feature = "ssr", schema(example = "jane"))]
    pub name: String,
    pub title: String,
}

/// `{pages}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct PageList {
    pub pages: Vec<PublicPage>,
}

/// A host calendar with its owner (`GET /admin/all-hosts`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct HostCalendar {
    pub id: i64,
    pub name: String,
    /// `Name (email)`.
    pub label: String,
    pub avatar: String,
    pub calendar_id: i64,
    /// The owner's account was deleted.
    pub deleted_user: bool,
}

/// `{hosts}` of `GET /admin/all-hosts`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct HostCalendarList {
    pub hosts: Vec<HostCalendar>,
}

/// A user who may be given a calendar (`GET /admin/remaining-hosts`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct HostCandidate {
    pub id: i64,
    pub label: String,
    pub avatar: String,
    /// The user already has a calendar.
    pub disabled: bool,
    /// Only the caller is listed (without the `list_users` capability).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_own: Option<bool>,
}

/// `{hosts}` of `GET /admin/remaining-hosts`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct HostCandidateList {
    pub hosts: Vec<HostCandidate>,
}

/// Another host (`GET /admin/other-hosts`); the id is a string, as the reference answers it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct OtherHost {
    #[cfg_attr(feature = "ssr", schema(example = "2"))]
    pub id: String,
    pub label: String,
}

/// `{hosts}` of `GET /admin/other-hosts`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct OtherHostList {
    pub hosts: Vec<OtherHost>,
}

/// One outbox item of a booking as its host sees it (`GET /schedules/{id}/deliveries`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct Delivery {
    pub id: i64,
    /// `email`, `sms`, `webhook` or `calendar_write`.
    #[cfg_attr(feature = "ssr", schema(example = "email"))]
    pub kind: String,
    /// The notification's key, the webhook's trigger, or `host_calendar`.
    #[cfg_attr(feature = "ssr", schema(example = "booking_conf_attendee"))]
    pub name: String,
    /// `attendee` or `host` for messages.
    pub to: Option<String>,
    pub reminder: bool,
    /// `queued`, `sending`, `sent` or `failed`.
    #[cfg_attr(feature = "ssr", schema(example = "sent"))]
    pub status: String,
    pub attempts: i64,
    pub last_error: Option<String>,
    /// RFC 3339.
    pub due_at: String,
    pub updated_at: String,
}

/// `{deliveries}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct DeliveryList {
    pub deliveries: Vec<Delivery>,
}

/// A booking the caller attends (`GET /bookings`), in the attendee's zone.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct OwnBooking {
    pub id: i64,
    pub person_time_zone: String,
    /// The status as shown (`Scheduled`, `No Show`, ...).
    #[cfg_attr(feature = "ssr", schema(example = "Scheduled"))]
    pub status: String,
    pub payment_status: Option<String>,
    /// The event's title.
    pub booking_title: String,
    /// The host's name.
    pub author_name: String,
    #[cfg_attr(feature = "ssr", schema(example = "Tuesday, December 1, 2026"))]
    pub booking_date: String,
    #[cfg_attr(feature = "ssr", schema(example = "09:00 - 09:30"))]
    pub booking_time: String,
}

/// `{bookings, total}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct OwnBookingList {
    pub bookings: Vec<OwnBooking>,
    pub total: i64,
}

/// `POST /calendars/check-slug`: the slug is free.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct SlugAvailable {
    pub status: bool,
    #[cfg_attr(feature = "ssr", schema(example = "The provided slug is available"))]
    pub message: String,
}
