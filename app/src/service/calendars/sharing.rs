//! A calendar's public landing page: who sees which events, and the host profile shown there.

use crate::model::answer::MessageAnswer;
use crate::model::calendar::SharingAnswer;

use crate::domain::text::check_text;
use crate::domain::validation::{FieldErrors, MAX_HTML_CHARS, check_max_len, check_title};
use crate::domain::values::{Slug, TimeZoneId};
use crate::service::calendars::admin::{Access, load_calendar};
use crate::service::support::checks::{is_http_url, optional_slug};
use crate::service::support::present::{calendar_settings, share_url};
use crate::service::support::sanitize::clean_html;
use crate::service::{Caller, Ctx, ServiceError, ServiceResult};
use crate::store::{StoreError, availability_schedules, calendars, events};

pub async fn get(ctx: &Ctx, caller: &Caller, id: i64) -> ServiceResult<SharingAnswer> {
    let mut conn = ctx.store.conn().await?;
    let cal = load_calendar(conn.ex(), caller, id, Access::Read).await?;
    Ok(SharingAnswer {
        settings: calendar_settings(&cal)?.sharing,
        share_url: share_url(ctx, &cal),
    })
}

/// A landing page and host profile save: each value checked, `None` leaving the stored one as
/// it is (the REST body is read by `input::calendars::save_sharing`).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SaveSharing {
    pub profile: ProfileChange,
    pub landing: LandingChange,
}

/// The host profile part of a save (`calendar_data`).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ProfileChange {
    pub slug: Option<Slug>,
    /// Trimmed.
    pub title: Option<String>,
    pub timezone: Option<TimeZoneId>,
    /// As given; sanitised when stored.
    pub description: Option<String>,
    pub avatar: Option<String>,
    pub featured: Option<String>,
    pub phone: Option<String>,
    /// The calendar's pages' default language (DESIGN 2.9).
    pub language: Option<crate::domain::language::Lang>,
}

/// The host profile part as given (`calendar_data`), each text as typed; checked into a
/// [`ProfileChange`] by [`SaveSharing::new`].
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ProfileTexts {
    pub slug: Option<String>,
    pub title: Option<String>,
    pub timezone: Option<String>,
    pub description: Option<String>,
    pub avatar: Option<String>,
    pub featured: Option<String>,
    pub phone: Option<String>,
    /// A language code, as chosen (checked against the codes).
    pub language: Option<String>,
}

impl ProfileTexts {
    /// The profile's rules: a valid slug and title, a known zone, URLs, lengths; errors named
    /// `calendar_data.<key>`.
    fn checked(self, errors: &mut FieldErrors) -> ProfileChange {
        let one_line = [
            ("slug", &self.slug),
            ("title", &self.title),
            ("timezone", &self.timezone),
            ("calendar_avatar", &self.avatar),
            ("featured_image", &self.featured),
            ("phone", &self.phone),
        ];
        for (key, text) in one_line {
            if let Some(text) = text {
                check_text(&format!("calendar_data.{key}"), text, true, errors);
            }
        }
        if let Some(text) = &self.description {
            check_text("calendar_data.description", text, false, errors);
        }
        // An extension: the calendar's address may change (old links then stop working).
        let slug = optional_slug(self.slug.as_deref(), "calendar_data.slug", errors);
        check_title(
            errors,
            "calendar_data.title",
            "Calendar title",
            self.title.as_deref(),
        );
        let timezone = match self.timezone.filter(|z| !z.trim().is_empty()) {
            Some(text) => TimeZoneId::parse(&text).or_else(|| {
                errors.add(
                    "calendar_data.timezone",
                    "timezone",
                    "The timezone must be a valid IANA time zone",
                );
                None
            }),
            None => None,
        };
        check_max_len(
            errors,
            "calendar_data.description",
            self.description.as_deref(),
            MAX_HTML_CHARS,
        );
        let mut url = |key: &str, given: Option<String>| {
            let value = given.map(|u| u.trim().to_string());
            if value
                .as_deref()
                .is_some_and(|u| !u.is_empty() && !is_http_url(u))
            {
                errors.add(
                    format!("calendar_data.{key}"),
                    "url",
                    format!("The calendar_data.{key} format is invalid."),
                );
            }
            check_max_len(
                errors,
                &format!("calendar_data.{key}"),
                value.as_deref(),
                2048,
            );
            value
        };
        let avatar = url("calendar_avatar", self.avatar);
        let featured = url("featured_image", self.featured);
        let phone = self.phone.map(|s| s.trim().to_string());
        check_max_len(errors, "calendar_data.phone", phone.as_deref(), 32);
        let language = self.language.and_then(|code| {
            let found = crate::domain::language::Lang::from_code(&code);
            if found.is_none() {
                errors.add(
                    "language",
                    "in",
                    "The selected language is invalid. Allowed: en, de, fr, es, pt-BR, ar, ja.",
                );
            }
            found
        });
        ProfileChange {
            slug,
            title: self.title.map(|t| t.trim().to_string()),
            timezone,
            description: self.description,
            avatar,
            featured,
            phone,
            language,
        }
    }
}

impl SaveSharing {
    /// The save, checked: the profile's rules and a landing page showing `all` or `selected`
    /// events. `errors` are what the way in could not read, refused together.
    /// No profile given (`None`) keeps the stored one.
    pub fn new(
        profile: Option<ProfileTexts>,
        landing: LandingChange,
        mut errors: FieldErrors,
    ) -> ServiceResult<SaveSharing> {
        let profile = profile.map(|p| p.checked(&mut errors)).unwrap_or_default();
        if let Some(show_type) = &landing.show_type
            && !matches!(show_type.as_str(), "all" | "selected")
        {
            errors.add(
                "landing_page_settings.show_type",
                "in",
                "The selected landing_page_settings.show_type is invalid. Allowed: all, selected.",
            );
        }
        errors.into_result().map_err(ServiceError::invalid)?;
        Ok(SaveSharing { profile, landing })
    }
}

/// The landing page part of a save (`landing_page_settings`).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct LandingChange {
    pub enabled: Option<bool>,
    /// `all` or `selected`.
    pub show_type: Option<String>,
    /// Events of this calendar (checked against the calendar when saved).
    pub enabled_slots: Option<Vec<i64>>,
}

/// Saves the landing page settings and the host profile. A new time zone keeps every event
/// schedule's wall-clock times: they are stored as local times, so only the zone changes.
pub async fn save(
    ctx: &Ctx,
    caller: &Caller,
    id: i64,
    change: SaveSharing,
) -> ServiceResult<MessageAnswer> {
    let SaveSharing { profile, landing } = change;
    let mut tx = ctx.store.begin().await?;
    let mut cal = load_calendar(tx.ex(), caller, id, Access::Write).await?;
    let mut settings = calendar_settings(&cal)?;
    if let Some(slots) = &landing.enabled_slots {
        let own: Vec<i64> = events::list_for_calendars(tx.ex(), &[cal.id])
            .await?
            .iter()
            .map(|e| e.id)
            .collect();
        if let Some(bad) = slots.iter().find(|s| !own.contains(s)) {
            return Err(ServiceError::field(
                "landing_page_settings.enabled_slots",
                "exists",
                &format!("Event {bad} does not belong to this calendar"),
            ));
        }
    }
    let sharing = &mut settings.sharing;
    if let Some(enabled) = landing.enabled {
        sharing.enabled = if enabled { "yes" } else { "no" }.into();
    }
    if let Some(show_type) = landing.show_type {
        sharing.show_type = show_type;
    }
    if let Some(slots) = landing.enabled_slots {
        sharing.enabled_slots = slots;
    }
    if sharing.show_type == "all" || !sharing.is_enabled() {
        sharing.enabled_slots.clear();
    }
    if let Some(title) = profile.title {
        cal.title = title;
    }
    if let Some(slug) = profile.slug.filter(|s| s.as_str() != cal.slug) {
        if calendars::slug_taken(tx.ex(), slug.as_str()).await? {
            return Err(slug_not_available());
        }
        cal.slug = slug.as_str().to_string();
    }
    if let Some(description) = profile.description {
        cal.description = clean_html(&description);
    }
    if let Some(language) = profile.language {
        cal.language = language.code().to_string();
    }
    if let Some(avatar) = profile.avatar {
        settings.profile_photo_url = avatar;
    }
    if let Some(featured) = profile.featured {
        settings.featured_image_url = featured;
    }
    if let Some(phone) = profile.phone {
        settings.phone = phone;
    }
    if let Some(zone) = profile.timezone {
        move_schedules_to_zone(&mut tx, &cal, zone.as_str()).await?;
        cal.author_timezone = zone.as_str().to_string();
    }
    cal.settings = serde_json::to_string(&settings).map_err(StoreError::from)?;
    match calendars::update(tx.ex(), &cal).await {
        // Another calendar took the slug meanwhile.
        Err(StoreError::UniqueViolation) => return Err(slug_not_available()),
        other => other?,
    }
    tx.commit().await?;
    ctx.slot_cache.clear();
    Ok(MessageAnswer::new(
        "Landing Page settings have been updated",
    ))
}

/// A new zone for the calendar's schedules, their wall-clock times kept. A host calendar's
/// schedules are all of its host's; a team calendar's are the ones its events use.
async fn move_schedules_to_zone(
    tx: &mut crate::store::Tx,
    cal: &crate::store::calendars::CalendarRow,
    zone: &str,
) -> ServiceResult<()> {
    let schedule_ids: Vec<i64> = if cal.calendar_type == "simple" {
        availability_schedules::list_for_user(tx.ex(), cal.user_id)
            .await?
            .iter()
            .map(|s| s.id)
            .collect()
    } else {
        events::list_for_calendars(tx.ex(), &[cal.id])
            .await?
            .iter()
            .filter_map(|e| e.availability_id)
            .collect()
    };
    availability_schedules::set_timezone(tx.ex(), cal.user_id, &schedule_ids, zone).await?;
    Ok(())
}

fn slug_not_available() -> ServiceError {
    ServiceError::field(
        "calendar_data.slug",
        "unique",
        "The provided slug is not available. Please choose a different one",
    )
}
