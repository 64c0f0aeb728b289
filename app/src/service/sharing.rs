//! A calendar's public landing page: who sees which events, and the host profile shown there.

use serde_json::{Value, json};

use super::calendars::{Access, load_calendar};
use super::input::{Fields, is_http_url};
use super::present::{calendar_settings, share_url};
use super::sanitize::clean_html;
use super::{Caller, Ctx, ServiceError, ServiceResult};
use crate::domain::slug::check_slug;
use crate::domain::validation::{FieldErrors, MAX_HTML_CHARS, check_max_len, check_title};
use crate::domain::zone::parse_zone;
use crate::store::{StoreError, calendars, events, schedules};

pub async fn get(ctx: &Ctx, caller: &Caller, id: i64) -> ServiceResult<Value> {
    let mut conn = ctx.store.conn().await?;
    let cal = load_calendar(conn.ex(), caller, id, Access::Read).await?;
    Ok(json!({"settings": calendar_settings(&cal).sharing, "share_url": share_url(ctx, &cal)}))
}

/// Saves the landing page settings and the host profile. A new time zone keeps every event
/// schedule's wall-clock times: they are stored as local times, so only the zone changes.
pub async fn save(ctx: &Ctx, caller: &Caller, id: i64, body: &Value) -> ServiceResult<Value> {
    let mut errors = FieldErrors::new();
    let root = Fields::new(Some(body), "");
    let profile = root
        .object("calendar_data", &mut errors)
        .map(|v| Fields::new(Some(v), "calendar_data"));
    let landing = root
        .object("landing_page_settings", &mut errors)
        .map(|v| Fields::new(Some(v), "landing_page_settings"));
    let mut title = None;
    let mut timezone = None;
    let mut description = None;
    let mut avatar = None;
    let mut featured = None;
    let mut phone = None;
    let mut slug = None;
    if let Some(p) = &profile {
        // An extension: the calendar's address may change (old links then stop working).
        slug = p
            .str("slug", &mut errors)
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty());
        if let Some(problem) = slug.as_deref().and_then(|s| check_slug(s).err()) {
            errors.add("calendar_data.slug", "slug", problem.message());
        }
        title = p.str("title", &mut errors);
        check_title(
            &mut errors,
            "calendar_data.title",
            "Calendar title",
            title.as_deref(),
        );
        timezone = p
            .str("timezone", &mut errors)
            .filter(|z| !z.trim().is_empty());
        if timezone.as_deref().is_some_and(|z| parse_zone(z).is_none()) {
            errors.add(
                "calendar_data.timezone",
                "timezone",
                "The timezone must be a valid IANA time zone",
            );
        }
        description = p.str("description", &mut errors);
        check_max_len(
            &mut errors,
            "calendar_data.description",
            description.as_deref(),
            MAX_HTML_CHARS,
        );
        for (key, slot) in [
            ("calendar_avatar", &mut avatar),
            ("featured_image", &mut featured),
        ] {
            *slot = p.str(key, &mut errors).map(|u| u.trim().to_string());
            if slot
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
                &mut errors,
                &format!("calendar_data.{key}"),
                slot.as_deref(),
                2048,
            );
        }
        phone = p.str("phone", &mut errors).map(|s| s.trim().to_string());
        check_max_len(&mut errors, "calendar_data.phone", phone.as_deref(), 32);
    }
    let mut enabled = None;
    let mut show_type = None;
    let mut enabled_slots = None;
    if let Some(l) = &landing {
        enabled = l.bool("enabled", &mut errors);
        show_type = l.one_of("show_type", &["all", "selected"], &mut errors);
        enabled_slots = l.int_list("enabled_slots", &mut errors);
    }
    errors.into_result().map_err(ServiceError::invalid)?;

    let mut tx = ctx.store.begin().await?;
    let mut cal = load_calendar(tx.ex(), caller, id, Access::Write).await?;
    let mut settings = calendar_settings(&cal);
    if let Some(slots) = &enabled_slots {
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
    if let Some(enabled) = enabled {
        settings.sharing.enabled = if enabled { "yes" } else { "no" }.into();
    }
    if let Some(show_type) = show_type {
        settings.sharing.show_type = show_type;
    }
    if let Some(slots) = enabled_slots {
        settings.sharing.enabled_slots = slots;
    }
    if settings.sharing.show_type == "all" || !settings.sharing.is_enabled() {
        settings.sharing.enabled_slots.clear();
    }
    if let Some(title) = title {
        cal.title = title.trim().to_string();
    }
    if let Some(slug) = slug.filter(|s| *s != cal.slug) {
        if calendars::slug_taken(tx.ex(), &slug).await? {
            return Err(slug_not_available());
        }
        cal.slug = slug;
    }
    if let Some(description) = description {
        cal.description = clean_html(&description);
    }
    if let Some(avatar) = avatar {
        settings.profile_photo_url = avatar;
    }
    if let Some(featured) = featured {
        settings.featured_image_url = featured;
    }
    if let Some(phone) = phone {
        settings.phone = phone;
    }
    if let Some(zone) = timezone {
        let zone = zone.trim().to_string();
        // A host calendar's schedules are all of its host's; a team calendar's are the ones
        // its events use.
        let schedule_ids: Vec<i64> = if cal.calendar_type == "simple" {
            schedules::list_for_user(tx.ex(), cal.user_id)
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
        schedules::set_timezone(tx.ex(), cal.user_id, &schedule_ids, &zone).await?;
        cal.author_timezone = zone;
    }
    cal.settings = serde_json::to_string(&settings).map_err(StoreError::from)?;
    match calendars::update(tx.ex(), &cal).await {
        // Another calendar took the slug meanwhile.
        Err(StoreError::UniqueViolation) => return Err(slug_not_available()),
        other => other?,
    }
    tx.commit().await?;
    ctx.slot_cache.clear();
    Ok(json!({"message": "Landing Page settings have been updated"}))
}

fn slug_not_available() -> ServiceError {
    ServiceError::field(
        "calendar_data.slug",
        "unique",
        "The provided slug is not available. Please choose a different one",
    )
}
