//! Calendar documents: the stored settings and the wire shape.

use serde::{Deserialize, Serialize};
use serde_json::Value;

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

#[derive(Debug, Clone, Serialize)]
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

#[derive(Debug, Clone, Serialize)]
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

/// A calendar as the REST interface shows it.
#[derive(Debug, Clone, Serialize)]
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
    pub created_at: String,
    pub updated_at: String,
    pub author_profile: AuthorProfile,
    pub public_url: String,
    pub event_order: Option<Vec<i64>>,
    pub slots: Vec<Value>,
    pub user: Option<CalendarUser>,
}
