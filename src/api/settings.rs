//! `/settings/…`: global settings (emailing, administration, payments, theme, modules).
//! Every route needs `manage_options` (`profile`: any logged-in user); `install-plugin` needs
//! `install_plugins`.

use app::domain::access::Capability;
use app::model::answer::MessageAnswer;
use app::model::listing::{PageList, SettingsMenu};
use app::model::settings::{
    BookingProtectionAnswer, BookingProtectionRequest, GeneralSettingsAnswer,
    GeneralSettingsRequest, GlobalModules, InstallPluginRequest, PaymentSettingsRequest,
    PrivacySettingsAnswer, PrivacySettingsRequest, ProfileAnswer, ProfileRequest,
    SavedBookingProtection, SavedFeatureModules, SavedGeneralSettings, SavedPrivacySettings,
    SavedProfile, SavedSecuritySettings, SecuritySettingsAnswer, SecuritySettingsRequest,
    SettingsRequest, ThemeRequest,
};
use app::service::settings::general;
use app::service::settings::modules;
use app::service::settings::privacy;
use app::service::settings::profile;
use app::service::settings::protection;
use app::service::settings::security;
use app::service::settings::site;
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::auth::Authenticated;
use super::extract::ApiJson;
use super::handler::{Answer, Host, IntoAnswer};
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_general, save_general))
        .routes(routes!(save_payment))
        .routes(routes!(save_theme))
        .routes(routes!(get_menu))
        .routes(routes!(get_global_modules, save_global_modules))
        .routes(routes!(get_pages))
        .routes(routes!(save_addons))
        .routes(routes!(install_plugin))
        .routes(routes!(get_booking_protection, save_booking_protection))
        .routes(routes!(get_security_settings, save_security_settings))
        .routes(routes!(get_privacy_settings, save_privacy_settings))
        .routes(routes!(get_profile, save_profile))
}

#[utoipa::path(get, path = "/settings/profile", tag = "settings",
    description = "The caller's own profile (any logged-in user).",
    responses((status = 200, description = "`{profile: {id, login, name, email, language}}`", body = ProfileAnswer)))]
pub async fn get_profile(host: Host) -> Answer<ProfileAnswer> {
    profile::get(&host.ctx, &host.caller).await.json()
}

#[utoipa::path(post, path = "/settings/profile", tag = "settings",
    description = "Sets the caller's language: a code (`en`, `de`, `fr`, `es`, `pt-BR`, `ar`, `ja`) or `null` for the browser's. Anything else: 422 on `language` (rule `in`); nothing is stored.",
    request_body(content = ProfileRequest, description = "`{language}`"),
    responses((status = 200, description = "`{message: 'Profile has been updated', profile}`", body = SavedProfile)))]
pub async fn save_profile(host: Host, ApiJson(body): ApiJson) -> Answer<SavedProfile> {
    let change = app::input::settings::profile_change(&body)?;
    profile::save(&host.ctx, &host.caller, change).await.json()
}

#[utoipa::path(get, path = "/settings/privacy", tag = "settings",
    description = "Retention, attendees' own erasure and the booking form's consent (`manage_options`).",
    responses((status = 200, description = "`{settings: {retention_days, attendee_erasure, consent_required, consent_text, consent_version}}`", body = PrivacySettingsAnswer)))]
pub async fn get_privacy_settings(host: Host) -> Answer<PrivacySettingsAnswer> {
    privacy::get(&host.ctx, &host.caller).await.json()
}

#[utoipa::path(post, path = "/settings/privacy", tag = "settings",
    description = "The keys sent change, the others keep their value. 422 on the key: `retention_days` (0-3650 or null), `consent_text` (at most 2000 characters; not blank while `consent_required`), `consent_version` (1-40 characters), a wrong type on any key.",
    request_body(content = PrivacySettingsRequest, description = "`{settings: {retention_days?, attendee_erasure?, consent_required?, consent_text?, consent_version?}}`"),
    responses((status = 200, description = "`{message: 'Settings updated successfully', settings}`", body = SavedPrivacySettings)))]
pub async fn save_privacy_settings(
    host: Host,
    ApiJson(body): ApiJson,
) -> Answer<SavedPrivacySettings> {
    site::require(&host.caller, Capability::ManageOptions)?;
    let changes = app::input::settings::privacy_changes(&body)?;
    privacy::save(&host.ctx, &host.caller, changes).await.json()
}

#[utoipa::path(get, path = "/settings/security", tag = "settings",
    description = "Whether every user who logs in with a password must use two-factor authentication (`manage_options`).",
    responses((status = 200, description = "`{settings: {require_two_factor: 'yes'|'no'}}`", body = SecuritySettingsAnswer)))]
pub async fn get_security_settings(host: Host) -> Answer<SecuritySettingsAnswer> {
    security::get(&host.ctx, &host.caller).await.json()
}

#[utoipa::path(post, path = "/settings/security", tag = "settings",
    description = "With `require_two_factor: 'yes'`, a user without two-factor login who logs in with a password must set it up before anything else: dashboard pages lead to the set-up page and REST calls with that session answer 403 `two_factor_required`. Application passwords are not affected. 422 on `require_two_factor`.",
    request_body(content = SecuritySettingsRequest, description = "`{settings: {require_two_factor}}`"),
    responses((status = 200, description = "`{message: 'Settings updated successfully', settings}`", body = SavedSecuritySettings)))]
pub async fn save_security_settings(
    host: Host,
    ApiJson(body): ApiJson,
) -> Answer<SavedSecuritySettings> {
    site::require(&host.caller, Capability::ManageOptions)?;
    let change = app::input::settings::security_change(&body)?;
    security::save(&host.ctx, &host.caller, change).await.json()
}

#[utoipa::path(get, path = "/settings/booking-protection", tag = "settings",
    responses((status = 200, description = "`{settings: {proof_of_work: {enabled, max_number}, blocklist}}`", body = BookingProtectionAnswer)))]
pub async fn get_booking_protection(host: Host) -> Answer<BookingProtectionAnswer> {
    protection::get(&host.ctx, &host.caller).await.json()
}

#[utoipa::path(post, path = "/settings/booking-protection", tag = "settings",
    request_body(content = BookingProtectionRequest, description = "`{proof_of_work?: {enabled?, max_number?}, blocklist?}`; the keys sent change"),
    responses((status = 200, description = "`{message: 'Settings updated successfully', settings}`", body = SavedBookingProtection)))]
pub async fn save_booking_protection(
    host: Host,
    ApiJson(body): ApiJson,
) -> Answer<SavedBookingProtection> {
    site::require(&host.caller, Capability::ManageOptions)?;
    let changes = app::input::settings::protection_changes(&body)?;
    protection::save(&host.ctx, &host.caller, changes)
        .await
        .json()
}

#[utoipa::path(get, path = "/settings/general", tag = "settings",
    responses((status = 200, description = "`{emailing, administration, time_format, payments, theme, emailingFields, all_countries: [{code, name}], all_currencies: [{code, name, sign}]}`", body = GeneralSettingsAnswer)))]
pub async fn get_general(host: Host) -> Answer<GeneralSettingsAnswer> {
    site::general(&host.ctx, &host.caller).await.json()
}

#[utoipa::path(post, path = "/settings/general", tag = "settings",
    request_body(content = GeneralSettingsRequest, description = "`{emailing?, administration?, timeFormat?: '12'|'24'}`; a section sent in part keeps its other fields"),
    responses((status = 200, description = "`{message: 'Settings updated successfully', settings: {emailing, administration, time_format}}`", body = SavedGeneralSettings)))]
pub async fn save_general(host: Host, ApiJson(body): ApiJson) -> Answer<SavedGeneralSettings> {
    site::require(&host.caller, Capability::ManageOptions)?;
    let changes = app::input::settings::general_changes(&body)?;
    general::save_general(&host.ctx, &host.caller, changes)
        .await
        .json()
}

#[utoipa::path(post, path = "/settings/payment", tag = "settings",
    request_body(content = PaymentSettingsRequest, description = "`{payments: {currency?, is_active?, number_format?, currency_position?}}`"),
    responses((status = 200, description = "`{message: 'Settings updated successfully'}`", body = MessageAnswer)))]
pub async fn save_payment(host: Host, ApiJson(body): ApiJson) -> Answer<MessageAnswer> {
    site::require(&host.caller, Capability::ManageOptions)?;
    let changes = app::input::settings::payment_changes(&body)?;
    general::save_payment(&host.ctx, &host.caller, changes)
        .await
        .json()
}

#[utoipa::path(post, path = "/settings/theme", tag = "settings",
    request_body(content = ThemeRequest, description = "`{theme: 'system-default'|'light'|'dark'}`"),
    responses((status = 200, description = "`{message: 'Settings updated successfully'}`", body = MessageAnswer)))]
pub async fn save_theme(host: Host, ApiJson(body): ApiJson) -> Answer<MessageAnswer> {
    site::require(&host.caller, Capability::ManageOptions)?;
    let choice = app::input::settings::theme_choice(&body)?;
    site::save_theme(&host.ctx, &host.caller, choice)
        .await
        .json()
}

#[utoipa::path(get, path = "/settings/menu", tag = "settings",
    responses((status = 200, description = "`{menu_items: [{key, title, route}]}`", body = SettingsMenu)))]
pub async fn get_menu(Authenticated(caller): Authenticated) -> Answer<SettingsMenu> {
    Ok(Json(site::menu(&caller)?))
}

#[utoipa::path(get, path = "/settings/global-modules", tag = "settings",
    responses((status = 200, description = "`{settings: {module: 'yes'|'no'}, modules: {module: {title, description, plugin_id}}, featureModules: {frontend, coupon, panel_url}}`", body = GlobalModules)))]
pub async fn get_global_modules(host: Host) -> Answer<GlobalModules> {
    modules::global_modules(&host.ctx, &host.caller)
        .await
        .json()
}

#[utoipa::path(post, path = "/settings/global-modules", tag = "settings",
    request_body(content = SettingsRequest, description = "`{settings: {module: 'yes'|'no'}}`"),
    responses((status = 200, description = "`{message: 'Settings updated successfully'}`", body = MessageAnswer)))]
pub async fn save_global_modules(host: Host, ApiJson(body): ApiJson) -> Answer<MessageAnswer> {
    site::require(&host.caller, Capability::ManageOptions)?;
    let switches = app::input::settings::module_switches(&body)?;
    modules::save_global_modules(&host.ctx, &host.caller, switches)
        .await
        .json()
}

#[utoipa::path(get, path = "/settings/pages", tag = "settings",
    responses((status = 200, description = "`{pages: [{id, name, title}]}`: each calendar's public landing page", body = PageList)))]
pub async fn get_pages(host: Host) -> Answer<PageList> {
    site::pages(&host.ctx, &host.caller).await.json()
}

#[utoipa::path(post, path = "/settings/addons-settings", tag = "settings",
    request_body(content = SettingsRequest, description = "`{settings: {frontend?: {enabled, slug, render_type, page_id}, coupon?: {enabled}}}`"),
    responses((status = 200, description = "`{message: 'Settings are saved', featureModules}`", body = SavedFeatureModules)))]
pub async fn save_addons(host: Host, ApiJson(body): ApiJson) -> Answer<SavedFeatureModules> {
    site::require(&host.caller, Capability::ManageOptions)?;
    let changes = app::input::settings::addon_changes(&body)?;
    modules::save_addons(&host.ctx, &host.caller, changes)
        .await
        .json()
}

#[utoipa::path(post, path = "/settings/install-plugin", tag = "settings",
    request_body(content = InstallPluginRequest, description = "`{plugin_id: 'plugin-smtp'|'plugin-booking'|'plugin-form'|'plugin-crm'|'plugin-boards'|'plugin-cart'}`"),
    responses((status = 200, description = "`{message: 'Plugin has been installed successfully'}`", body = MessageAnswer)))]
pub async fn install_plugin(host: Host, ApiJson(body): ApiJson) -> Answer<MessageAnswer> {
    site::require(&host.caller, Capability::InstallPlugins)?;
    let plugin = app::input::settings::plugin_id(&body)?;
    modules::install_plugin(&host.ctx, &host.caller, plugin)
        .await
        .json()
}
