//! `/settings/privacy` (DESIGN 2.11): retention, attendees' own erasure and the consent the
//! booking form asks for.

use super::site::{SAVED, load, require, update};
use crate::domain::access::Capability;
use crate::domain::validation::FieldErrors;
use crate::model::settings::{
    PRIVACY, PrivacySettings, PrivacySettingsAnswer, SavedPrivacySettings,
};
use crate::service::{Caller, Ctx, ServiceError, ServiceResult};
use crate::store::Ex;

/// `POST /settings/privacy`'s keys, read once (`None`: keep).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PrivacyChanges {
    /// `Some(None)`: `null` was sent (keep attendee data).
    pub retention_days: Option<Option<i64>>,
    pub attendee_erasure: Option<bool>,
    pub consent_required: Option<bool>,
    pub consent_text: Option<String>,
    pub consent_version: Option<String>,
    /// What the way in could not read.
    pub unreadable: FieldErrors,
}

impl PrivacyChanges {
    /// Applies what was sent; a bad value is refused on its key, judged with the stored rest
    /// (consent cannot be required with a blank text).
    fn apply(self, stored: &mut PrivacySettings) -> ServiceResult<()> {
        let mut errors = self.unreadable;
        if let Some(days) = self.retention_days {
            if days.is_some_and(|d| !(0..=3650).contains(&d)) {
                errors.add(
                    "retention_days",
                    "between",
                    "The retention days must be between 0 and 3650.",
                );
            }
            stored.retention_days = days;
        }
        if let Some(on) = self.attendee_erasure {
            stored.attendee_erasure = on;
        }
        if let Some(on) = self.consent_required {
            stored.consent_required = on;
        }
        if let Some(text) = self.consent_text {
            if text.chars().count() > 2000 {
                errors.add(
                    "consent_text",
                    "max",
                    "The consent text may not be greater than 2000 characters.",
                );
            }
            stored.consent_text = text.trim().to_string();
        }
        if let Some(version) = self.consent_version {
            let version = version.trim().to_string();
            if version.is_empty() || version.chars().count() > 40 {
                errors.add(
                    "consent_version",
                    "between",
                    "The consent version must be between 1 and 40 characters.",
                );
            }
            stored.consent_version = version;
        }
        if stored.consent_required
            && stored.consent_text.is_empty()
            && !errors.contains("consent_text")
        {
            errors.add(
                "consent_text",
                "required",
                "The consent text is required when consent is required.",
            );
        }
        errors.into_result().map_err(ServiceError::invalid)
    }
}

/// The stored settings (defaults when none are stored).
pub async fn stored(ex: Ex<'_>) -> ServiceResult<PrivacySettings> {
    load(ex, PRIVACY).await
}

/// `GET /settings/privacy` (`manage_options`).
pub async fn get(ctx: &Ctx, caller: &Caller) -> ServiceResult<PrivacySettingsAnswer> {
    require(caller, Capability::ManageOptions)?;
    let mut conn = ctx.store.conn().await?;
    Ok(PrivacySettingsAnswer {
        settings: stored(conn.ex()).await?,
    })
}

/// `POST /settings/privacy`: the keys sent change.
pub async fn save(
    ctx: &Ctx,
    caller: &Caller,
    changes: PrivacyChanges,
) -> ServiceResult<SavedPrivacySettings> {
    require(caller, Capability::ManageOptions)?;
    let settings = update(
        ctx,
        caller,
        PRIVACY,
        "privacy",
        |stored: &mut PrivacySettings| changes.apply(stored),
    )
    .await?;
    Ok(SavedPrivacySettings {
        message: SAVED.into(),
        settings,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sent_keys_change_and_consent_needs_a_text() {
        let mut stored = PrivacySettings::default();
        PrivacyChanges {
            retention_days: Some(Some(30)),
            attendee_erasure: Some(true),
            ..PrivacyChanges::default()
        }
        .apply(&mut stored)
        .unwrap();
        assert_eq!(stored.retention_days, Some(30));
        assert!(stored.attendee_erasure);
        assert_eq!(stored.consent_version, "1");
        let refused = PrivacyChanges {
            retention_days: Some(Some(3651)),
            consent_required: Some(true),
            consent_version: Some(" ".into()),
            ..PrivacyChanges::default()
        }
        .apply(&mut stored.clone());
        let Err(ServiceError::Validation { errors, .. }) = refused else {
            panic!("expected a refusal")
        };
        assert!(errors.contains("retention_days"));
        assert!(errors.contains("consent_text"));
        assert!(errors.contains("consent_version"));
        PrivacyChanges {
            retention_days: Some(None),
            ..PrivacyChanges::default()
        }
        .apply(&mut stored)
        .unwrap();
        assert_eq!(stored.retention_days, None);
    }
}
