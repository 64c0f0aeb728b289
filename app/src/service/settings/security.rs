//! `/settings/security` (DESIGN 2.10): whether every user who logs in with a password must use
//! two-factor authentication.

use super::site::{SAVED, load, require, update};
use crate::domain::access::Capability;
use crate::model::settings::{
    SECURITY, SavedSecuritySettings, SecuritySettings, SecuritySettingsAnswer,
};
use crate::service::{Caller, Ctx, ServiceError, ServiceResult};
use crate::store::Ex;

/// The stored settings (defaults when none are stored).
pub async fn stored(ex: Ex<'_>) -> ServiceResult<SecuritySettings> {
    load(ex, SECURITY).await
}

/// `GET /settings/security` (`manage_options`).
pub async fn get(ctx: &Ctx, caller: &Caller) -> ServiceResult<SecuritySettingsAnswer> {
    require(caller, Capability::ManageOptions)?;
    let mut conn = ctx.store.conn().await?;
    Ok(SecuritySettingsAnswer {
        settings: stored(conn.ex()).await?,
    })
}

/// `POST /settings/security`: `require_two_factor` (`yes`/`no`; `None`: keep). Sessions that
/// must now set up two-factor login are asked at their next request in this process, within
/// seconds in the others.
pub async fn save(
    ctx: &Ctx,
    caller: &Caller,
    require_two_factor: Option<String>,
) -> ServiceResult<SavedSecuritySettings> {
    require(caller, Capability::ManageOptions)?;
    if let Some(value) = &require_two_factor
        && value != "yes"
        && value != "no"
    {
        return Err(ServiceError::field(
            "require_two_factor",
            "in",
            "The require two factor must be yes or no.",
        ));
    }
    let settings = update(
        ctx,
        caller,
        SECURITY,
        "security",
        |stored: &mut SecuritySettings| {
            if let Some(value) = require_two_factor {
                stored.require_two_factor = value;
            }
            Ok(())
        },
    )
    .await?;
    ctx.credentials.clear();
    Ok(SavedSecuritySettings {
        message: SAVED.into(),
        settings,
    })
}
