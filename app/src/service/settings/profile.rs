//! `/settings/profile` (DESIGN 2.9): the caller's own profile and its language, for every
//! logged-in user (no `manage_options`).

use crate::domain::language::Lang;
use crate::model::settings::{Profile, ProfileAnswer, SavedProfile};
use crate::service::{Caller, Ctx, ServiceError, ServiceResult};
use crate::store::{Ex, users};

/// The profile's language to set: a code, or `None` for the browser's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProfileChange {
    pub language: Option<Lang>,
}

async fn profile_of(ex: Ex<'_>, id: i64) -> ServiceResult<Profile> {
    let user = users::find(ex, id).await?.ok_or(ServiceError::NotFound)?;
    Ok(Profile {
        id: user.id,
        login: user.login.clone(),
        name: user.full_name(),
        email: user.email.clone(),
        language: user.language.clone(),
    })
}

/// `GET /settings/profile`.
pub async fn get(ctx: &Ctx, caller: &Caller) -> ServiceResult<ProfileAnswer> {
    let mut conn = ctx.store.conn().await?;
    Ok(ProfileAnswer {
        profile: profile_of(conn.ex(), caller.id()).await?,
    })
}

/// `POST /settings/profile`.
pub async fn save(
    ctx: &Ctx,
    caller: &Caller,
    change: ProfileChange,
) -> ServiceResult<SavedProfile> {
    let mut tx = ctx.store.begin().await?;
    users::set_language(tx.ex(), caller.id(), change.language.map(Lang::code)).await?;
    let profile = profile_of(tx.ex(), caller.id()).await?;
    tx.commit().await?;
    // Kept sessions hold the user as it was: the dashboard speaks the new language at once.
    ctx.credentials.clear();
    Ok(SavedProfile {
        message: "Profile has been updated".into(),
        profile,
    })
}

/// The language a user's own pages and emails speak: the profile's, else the browser's
/// (`Accept-Language`), else English.
pub fn user_language(profile: Option<&str>, accept_language: Option<&str>) -> Lang {
    profile
        .and_then(Lang::from_code)
        .or_else(|| accept_language.and_then(Lang::from_accept_language))
        .unwrap_or_default()
}
