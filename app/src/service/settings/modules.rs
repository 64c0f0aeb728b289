//! `/settings/global-modules`, `/settings/addons-settings` and `/settings/install-plugin`:
//! which integrations are switched on, the attendee portal and coupons.

use serde_json::{Map, json};

use super::general::SectionChanges;
use super::site::{MODULE_CATALOGUE, YES_NO, check_choice, load, require, update};
use crate::domain::access::Capability;
use crate::domain::validation::FieldErrors;
use crate::model::answer::MessageAnswer;
use crate::model::settings::{
    FEATURES, FeatureModules, FeatureModulesView, GlobalModules, MODULES, ModuleSettings,
    SavedFeatureModules,
};
use crate::service::{Caller, Ctx, ServiceError, ServiceResult};

/// `GET /settings/global-modules`.
pub async fn global_modules(ctx: &Ctx, caller: &Caller) -> ServiceResult<GlobalModules> {
    require(caller, Capability::ManageOptions)?;
    let mut conn = ctx.store.conn().await?;
    let stored: ModuleSettings = load(conn.ex(), MODULES).await?;
    let features: FeatureModules = load(conn.ex(), FEATURES).await?;
    let mut switches = Map::new();
    let mut modules = Map::new();
    for (key, plugin, title, description) in MODULE_CATALOGUE {
        let state = stored.enabled.get(key).map_or("no", String::as_str);
        switches.insert(key.into(), json!(state));
        modules.insert(
            key.into(),
            json!({"title": title, "description": description, "plugin_id": plugin}),
        );
    }
    Ok(GlobalModules {
        settings: switches,
        modules,
        feature_modules: feature_modules(ctx, features),
    })
}

fn feature_modules(ctx: &Ctx, features: FeatureModules) -> FeatureModulesView {
    FeatureModulesView {
        frontend: features.frontend,
        coupon: features.coupon,
        panel_url: format!("{}/admin", ctx.public_url),
    }
}

/// `POST /settings/global-modules`'s body, read once: `settings` (required), a known module's
/// key -> `yes`/`no`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ModuleSwitches(pub Vec<(String, String)>);

/// `POST /settings/global-modules`: the modules sent are switched; the others keep their state.
pub async fn save_global_modules(
    ctx: &Ctx,
    caller: &Caller,
    switches: ModuleSwitches,
) -> ServiceResult<MessageAnswer> {
    require(caller, Capability::ManageOptions)?;
    set_modules(ctx, caller, switches.0).await?;
    Ok(MessageAnswer::new(super::site::SAVED))
}

async fn set_modules(
    ctx: &Ctx,
    caller: &Caller,
    changes: Vec<(String, String)>,
) -> ServiceResult<()> {
    update(
        ctx,
        caller,
        MODULES,
        "global_modules",
        |stored: &mut ModuleSettings| {
            stored.enabled.extend(changes);
            Ok(())
        },
    )
    .await?;
    Ok(())
}

/// `POST /settings/addons-settings`'s body, read once: `settings` (required) with the fields
/// sent of `frontend` and `coupon`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct AddonChanges {
    pub frontend: SectionChanges,
    pub coupon: SectionChanges,
}

/// `POST /settings/addons-settings`: the changes over the stored features, checked whole.
pub async fn save_addons(
    ctx: &Ctx,
    caller: &Caller,
    changes: AddonChanges,
) -> ServiceResult<SavedFeatureModules> {
    require(caller, Capability::ManageOptions)?;
    let features = update(
        ctx,
        caller,
        FEATURES,
        "addons",
        |features: &mut FeatureModules| {
            features.frontend = changes.frontend.applied_to(&features.frontend);
            features.coupon = changes.coupon.applied_to(&features.coupon);
            validate_features(features)
        },
    )
    .await?;
    Ok(SavedFeatureModules {
        message: "Settings are saved".into(),
        feature_modules: feature_modules(ctx, features),
    })
}

fn validate_features(features: &mut FeatureModules) -> ServiceResult<()> {
    let mut errors = FieldErrors::new();
    let fe = &mut features.frontend;
    fe.slug = fe.slug.trim().trim_matches('/').to_lowercase();
    check_choice(
        &mut errors,
        "settings.frontend.enabled",
        &fe.enabled,
        &YES_NO,
    );
    check_choice(
        &mut errors,
        "settings.frontend.render_type",
        &fe.render_type,
        &["standalone", "shortcode"],
    );
    let slug_ok = !fe.slug.is_empty()
        && fe.slug.len() <= 100
        && fe
            .slug
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    if !slug_ok {
        errors.add(
            "settings.frontend.slug",
            "slug",
            "The settings.frontend.slug may contain only letters, digits and dashes.",
        );
    }
    if !fe.page_id.is_empty() && fe.page_id.parse::<i64>().is_err() {
        errors.add(
            "settings.frontend.page_id",
            "integer",
            "The settings.frontend.page_id must be a page id.",
        );
    }
    check_choice(
        &mut errors,
        "settings.coupon.enabled",
        &features.coupon.enabled,
        &YES_NO,
    );
    errors.into_result().map_err(ServiceError::invalid)
}

/// A plugin slotbook knows: itself or one of its modules' integrations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PluginId(pub &'static str);

/// `POST /settings/install-plugin`: `plugin_id` (required). slotbook runs no third-party code:
/// installing an integration switches its module on (`GET /settings/global-modules` shows it).
pub async fn install_plugin(
    ctx: &Ctx,
    caller: &Caller,
    plugin: PluginId,
) -> ServiceResult<MessageAnswer> {
    require(caller, Capability::InstallPlugins)?;
    if let Some(module) = MODULE_CATALOGUE.iter().find(|m| m.1 == plugin.0) {
        set_modules(ctx, caller, vec![(module.0.to_string(), "yes".to_string())]).await?;
    }
    Ok(MessageAnswer::new("Plugin has been installed successfully"))
}
