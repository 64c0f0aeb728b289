//! One person's data as administrators find, export and erase it (DESIGN 2.11).

use serde::{Deserialize, Serialize};

use super::booking::Booking;
use super::listing::Activity;
use super::waitlist::WaitlistEntry;

/// `GET /privacy/export?email=E`: everything held about one attendee address.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({"email": "ann@example.org", "exported_at": "2026-12-01T09:00:00+00:00", "bookings": [], "activities": [{"id": 31, "booking_id": 12, "parent_id": null, "created_by": null, "status": "closed", "type": "success", "title": "Booking created", "description": "Booked for 2026-12-03 14:00:00 (status scheduled, source web)", "created_at": "2026-11-27T15:00:00+00:00", "updated_at": "2026-11-27T15:00:00+00:00"}], "deliveries": [{"id": 40, "booking_id": 12, "lane": "email", "status": "done", "created_at": "2026-11-27T15:00:00+00:00"}], "waitlist_entries": []})))]
pub struct PersonalData {
    /// The address asked for, trimmed and in lower case.
    #[cfg_attr(feature = "ssr", schema(example = "ann@example.org"))]
    pub email: String,
    #[cfg_attr(feature = "ssr", schema(example = "2026-12-01T09:00:00+00:00"))]
    pub exported_at: String,
    /// Every booking whose attendee address it is (answers, guests and consent included).
    pub bookings: Vec<Booking>,
    pub activities: Vec<Activity>,
    pub deliveries: Vec<PersonalDelivery>,
    /// Every waitlist entry of the address (DESIGN 2.12's entry; not in DESIGN's list of the
    /// answer's keys, but the visitor's name and address are held there too).
    #[serde(default)]
    pub waitlist_entries: Vec<WaitlistEntry>,
}

/// One outbox message about such a booking.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct PersonalDelivery {
    pub id: i64,
    pub booking_id: i64,
    /// `email`, `sms`, `webhook` or `calendar_write`.
    #[cfg_attr(feature = "ssr", schema(example = "email"))]
    pub lane: String,
    /// `pending`, `working`, `done` or `failed`.
    #[cfg_attr(feature = "ssr", schema(example = "done"))]
    pub status: String,
    pub created_at: String,
}

/// `POST /privacy/erase`'s answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({"message": "Personal data has been erased", "erased": 2})))]
pub struct ErasedData {
    pub message: String,
    /// Bookings erased.
    pub erased: i64,
}

/// `POST /privacy/erase`'s body.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({"email": "ann@example.org"})))]
pub struct EraseRequest {
    pub email: String,
}

/// `POST /bookings/{hash}/erase`'s body.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({"confirm": true})))]
pub struct EraseOwnRequest {
    pub confirm: bool,
}

/// `/admin/privacy` ("Personal data"): the address looked for and its bookings.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct PersonalDataPage {
    /// As typed (kept in the form).
    pub email: String,
    /// An address was looked for (else only the form shows).
    pub searched: bool,
    /// Why the address could not be looked for.
    pub error: Option<String>,
    pub rows: Vec<PersonalLine>,
    /// `/admin/privacy.json?email=...`.
    pub json_href: String,
    /// Where "Erase all data" posts: `/admin/privacy?email=...`.
    pub erase_action: String,
}

/// One booking of the address, as the page lists it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct PersonalLine {
    pub id: i64,
    /// "3 Dec 2026, 14:00 UTC".
    pub when: String,
    pub event: String,
    pub status: String,
}
