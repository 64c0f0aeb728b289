//! `/admin/settings`: the user's profile, and the site's settings for users who may manage
//! options. Every save goes through the service of its REST route (`POST /settings/general`,
//! `/settings/payment`, `/settings/theme`, `/settings/global-modules`), so the rules and
//! messages are the route's; "Add user" is the command line's `user add`.

use crate::domain::access::Capability;
use crate::domain::validation::FieldErrors;
use crate::model::public::FormState;
use crate::model::settings::{GENERAL, GeneralSettings, MODULES, ModuleSettings};
use crate::model::settings_page::{
    AwayLine, BookingLimits, Member, ModuleLine, Profile, SettingsPage, SiteSettings,
};
use crate::pages::setup::refused_as;
use crate::service::account::{self, PasswordChange, ProfileChange, RoleChange};
use crate::service::settings::general::{
    self, GeneralChanges, PaymentChanges, PaymentTexts, SectionChanges,
};
use crate::service::settings::host_limits;
use crate::service::settings::modules::{self, ModuleSwitches};
use crate::service::settings::out_of_office;
use crate::service::settings::site::{self, MODULE_CATALOGUE};
use crate::service::settings::test_email;
use crate::service::users::{CreateUser, create_user};
use crate::service::{Caller, Ctx, ServiceError, ServiceResult};
use crate::store::users;
use crate::texts::dashboard::{t, tf};

/// Team members listed at most.
const TEAM_SHOWN: i64 = 500;
/// Outbox kind of a test email (delivered by the email worker, tried once).
pub const TEST_EMAIL: &str = crate::service::outbox::TEST_EMAIL_KIND;

pub async fn load(ctx: &Ctx, caller: &Caller) -> ServiceResult<SettingsPage> {
    let user = &caller.user;
    let profile = Profile {
        name: user.full_name(),
        login: user.login.clone(),
        email: user.email.clone(),
        role: caller.role.as_str().to_string(),
        language: user.language.clone().unwrap_or_default(),
    };
    let connections = crate::service::calendars::connections::connections(ctx, caller).await?;
    let limits = booking_limits(ctx, caller).await?;
    let team = {
        let mut conn = ctx.store.conn().await?;
        users::search(conn.ex(), "", TEAM_SHOWN).await?
    };
    let (away, teammates) = days_away(ctx, caller, &team).await?;
    let feeds = crate::service::feeds::list(ctx, caller).await?.feeds;
    if !caller.can(Capability::ManageOptions) {
        return Ok(SettingsPage {
            profile,
            site: None,
            connections,
            limits,
            away,
            teammates,
            feeds,
        });
    }
    let mut conn = ctx.store.conn().await?;
    let general: GeneralSettings = site::load(conn.ex(), GENERAL).await?;
    let modules: ModuleSettings = site::load(conn.ex(), MODULES).await?;
    let protection = crate::service::settings::protection::stored(conn.ex()).await?;
    let security = crate::service::settings::security::stored(conn.ex()).await?;
    let privacy = crate::service::settings::privacy::stored(conn.ex()).await?;
    let e = &general.emailing;
    let p = &general.payments;
    Ok(SettingsPage {
        profile,
        site: Some(SiteSettings {
            time_format: general.time_format.clone(),
            start_day: general.administration.start_day.clone(),
            from_name: e.from_name.clone(),
            from_email: e.from_email.clone(),
            reply_to_name: e.reply_to_name.clone(),
            reply_to_email: e.reply_to_email.clone(),
            footer: e.email_footer.clone(),
            attach_ics: e.attach_ics_on_confirmation == "yes",
            use_host_name: e.use_host_name == "yes",
            payments_active: p.is_active == "yes",
            currency: p.currency.clone(),
            number_format: p.number_format.clone(),
            currency_position: p.currency_position.clone(),
            theme: general.theme.clone(),
            brand_color: general.brand_color.clone(),
            modules: MODULE_CATALOGUE
                .iter()
                .map(|(key, _, title, description)| ModuleLine {
                    key: (*key).to_string(),
                    title: (*title).to_string(),
                    description: (*description).to_string(),
                    enabled: modules.enabled.get(*key).is_some_and(|v| v == "yes"),
                })
                .collect(),
            team: team
                .iter()
                .map(|u| Member {
                    id: u.id,
                    name: u.full_name(),
                    login: u.login.clone(),
                    email: u.email.clone(),
                    role: u.role.clone(),
                    two_factor: u.two_factor,
                    you: u.id == caller.id(),
                })
                .collect(),
            blocklist: protection.blocklist.join("\n"),
            proof_of_work: protection.proof_of_work.enabled,
            require_two_factor: security.requires_two_factor(),
            retention_days: privacy
                .retention_days
                .map(|d| d.to_string())
                .unwrap_or_default(),
            attendee_erasure: privacy.attendee_erasure,
            consent_required: privacy.consent_required,
            consent_text: privacy.consent_text,
            consent_version: privacy.consent_version,
        }),
        connections,
        limits,
        away,
        teammates,
        feeds,
    })
}

/// The caller's periods as "Out of office" lists them, and the users who may stand in.
async fn days_away(
    ctx: &Ctx,
    caller: &Caller,
    team: &[users::UserRow],
) -> ServiceResult<(Vec<AwayLine>, Vec<(i64, String)>)> {
    let periods = out_of_office::list(ctx, caller, None).await?.periods;
    let name_of = |id: Option<i64>| {
        id.and_then(|id| team.iter().find(|u| u.id == id))
            .map(users::UserRow::full_name)
            .unwrap_or_default()
    };
    let day = |text: &str| {
        crate::domain::dates::parse_date(text)
            .map(crate::domain::dates::day_month_year)
            .unwrap_or_else(|| text.to_string())
    };
    let lines = periods
        .iter()
        .map(|p| AwayLine {
            id: p.id,
            from: day(&p.start_date),
            to: day(&p.end_date),
            reason: p.reason.clone(),
            teammate: name_of(p.teammate_id),
        })
        .collect();
    let teammates = team
        .iter()
        .filter(|u| u.id != caller.id())
        .map(|u| (u.id, u.full_name()))
        .collect();
    Ok((lines, teammates))
}

/// "Add" of the "Out of office" section: `POST /out-of-office` with the form's fields.
async fn add_away(ctx: &Ctx, caller: &Caller, form: &FormState) -> ServiceResult<()> {
    let mut errors = FieldErrors::new();
    let teammate = form.value("teammate_id");
    let teammate_id = match teammate.trim() {
        "" => None,
        text => text.parse::<i64>().map_or_else(
            |_| {
                errors.add(
                    "teammate_id",
                    "integer",
                    t("choose-a-teammate-from-the-list"),
                );
                None
            },
            Some,
        ),
    };
    let absence = out_of_office::NewAbsence::checked(
        Some(form.value("start_date")),
        Some(form.value("end_date")),
        Some(form.value("reason")),
        teammate_id,
        errors,
    )?;
    out_of_office::add(ctx, caller, None, absence)
        .await
        .map(drop)
}

/// "Delete" of one listed period; one not (or no longer) the caller's is named so.
async fn delete_away(ctx: &Ctx, caller: &Caller, form: &FormState) -> ServiceResult<()> {
    let gone = || ServiceError::Unprocessable {
        code: "not_found",
        message: t("that-period-is-not-in-your").into(),
    };
    let id = form.value("period_id").parse::<i64>().map_err(|_| gone())?;
    match out_of_office::delete(ctx, caller, None, id).await {
        Err(ServiceError::NotFound) => Err(gone()),
        done => done,
    }
}

/// The caller's caps as the "Booking limits" section shows them.
async fn booking_limits(ctx: &Ctx, caller: &Caller) -> ServiceResult<BookingLimits> {
    let stored = host_limits::get(ctx, caller, None).await?.limits;
    let of = |unit: &str| {
        stored
            .iter()
            .find(|l| l.unit == unit)
            .map(|l| l.value.to_string())
            .unwrap_or_default()
    };
    Ok(BookingLimits {
        daily: of("per_day"),
        weekly: of("per_week"),
    })
}

/// `POST /settings/booking-protection` as the "Booking protection" section sends it: the
/// "Proof of work" switch and one blocked address or domain per line.
async fn save_protection(ctx: &Ctx, caller: &Caller, form: &FormState) -> ServiceResult<()> {
    let changes = crate::service::settings::protection::ProtectionChanges {
        proof_of_work_enabled: Some(form.value("proof_of_work") == "on"),
        blocklist: Some(
            form.value("blocklist")
                .lines()
                .map(str::trim)
                .filter(|line| !line.is_empty())
                .map(str::to_string)
                .collect(),
        ),
        ..Default::default()
    };
    crate::service::settings::protection::save(ctx, caller, changes)
        .await
        .map(drop)
}

/// A member's row in the Team section (`section=role`): `op=delete` (with the `confirm` box
/// ticked), `op=two_factor_off`, or else the role from its select; through the REST routes'
/// use cases, so rules and audit entries are theirs.
async fn member_change(ctx: &Ctx, caller: &Caller, form: &FormState) -> ServiceResult<()> {
    let id = || form.value("user_id").trim().parse::<i64>().unwrap_or(0);
    match form.value("op").as_str() {
        "delete" if form.value("confirm") != "on" => Err(ServiceError::field(
            "confirm",
            "required",
            t("tick-the-box-to-confirm-the"),
        )),
        "delete" => crate::service::users::delete(ctx, caller, id()).await,
        "two_factor_off" => crate::service::two_factor::disable_for(ctx, caller, id()).await,
        _ => {
            let change = site::permitted_then(caller, Capability::ListUsers, || {
                RoleChange::parse(&form.value("user_id"), &form.value("role"))
            })?;
            account::change_role(ctx, caller, change).await.map(drop)
        }
    }
}

/// The Emailing section's "Send a test email": to the address given (or the caller's own).
async fn send_test_email(ctx: &Ctx, caller: &Caller, form: &FormState) -> ServiceResult<String> {
    let to = site::permitted_then(caller, Capability::ManageOptions, || {
        test_email::recipient(caller, &form.value("to"))
    })?;
    test_email::send(ctx, caller, to).await
}

/// `POST /settings/security` as the Security section sends it: one checkbox.
async fn save_security(ctx: &Ctx, caller: &Caller, form: &FormState) -> ServiceResult<()> {
    let required = if form.value("require_two_factor") == "on" {
        "yes"
    } else {
        "no"
    };
    crate::service::settings::security::save(ctx, caller, Some(required.into()))
        .await
        .map(drop)
}

/// `POST /settings/privacy` as the Privacy section sends it: every key (an empty retention
/// keeps attendee data).
async fn save_privacy(ctx: &Ctx, caller: &Caller, form: &FormState) -> ServiceResult<()> {
    let mut unreadable = FieldErrors::new();
    let days = form.value("retention_days");
    let retention_days = match days.trim() {
        "" => Some(None),
        text => match text.parse::<i64>() {
            Ok(n) => Some(Some(n)),
            Err(_) => {
                unreadable.add(
                    "retention_days",
                    "integer",
                    t("the-retention-days-must-be-an"),
                );
                None
            }
        },
    };
    let changes = crate::service::settings::privacy::PrivacyChanges {
        retention_days,
        attendee_erasure: Some(form.value("attendee_erasure") == "on"),
        consent_required: Some(form.value("consent_required") == "on"),
        consent_text: Some(form.value("consent_text")),
        consent_version: Some(form.value("consent_version")),
        unreadable,
    };
    crate::service::settings::privacy::save(ctx, caller, changes)
        .await
        .map(drop)
}

/// `POST /settings/theme` as the Theme section sends it.
async fn save_theme(ctx: &Ctx, caller: &Caller, form: &FormState) -> ServiceResult<()> {
    let choice = site::ThemeChoice::new(
        Some(form.value("theme")),
        Some(brand_of(form)),
        FieldErrors::new(),
    )?;
    site::save_theme(ctx, caller, choice).await.map(drop)
}

/// `POST /host-limits` as the "Booking limits" section sends it.
async fn save_limits(ctx: &Ctx, caller: &Caller, form: &FormState) -> ServiceResult<()> {
    let limits = limits_of(form)?;
    host_limits::replace(ctx, caller, None, &limits)
        .await
        .map(drop)
}

/// The "Booking limits" form as `POST /host-limits` takes it: an empty field is no cap.
fn limits_of(form: &FormState) -> ServiceResult<Vec<(String, i64)>> {
    let mut errors = FieldErrors::new();
    let mut limits = Vec::new();
    for (field, unit) in [("daily_limit", "per_day"), ("weekly_limit", "per_week")] {
        let text = form.value(field);
        let text = text.trim();
        if text.is_empty() {
            continue;
        }
        match text.parse::<i64>() {
            Ok(value) if (1..=10_000).contains(&value) => limits.push((unit.to_string(), value)),
            _ => errors.add(field, "between", t("enter-a-whole-number-of-at")),
        }
    }
    errors.into_result().map_err(ServiceError::invalid)?;
    Ok(limits)
}

/// The Theme section's colour: empty (the built-in accent) unless "Use my brand colour" is on.
fn brand_of(form: &FormState) -> String {
    if form.value("use_brand") == "on" {
        form.value("brand_color")
    } else {
        String::new()
    }
}

/// A section's fields as the settings use cases take them.
fn section(fields: &[(&str, String)]) -> SectionChanges {
    SectionChanges(
        fields
            .iter()
            .map(|(name, value)| (name.to_string(), value.clone()))
            .collect(),
    )
}

/// `POST /settings/general` as the page sends it: the same checks as the REST route.
async fn general_save(
    ctx: &Ctx,
    caller: &Caller,
    emailing: SectionChanges,
    administration: SectionChanges,
    time_format: Option<String>,
) -> ServiceResult<()> {
    let changes = site::permitted_then(caller, Capability::ManageOptions, || {
        GeneralChanges::new(emailing, administration, time_format, FieldErrors::new())
    })?;
    general::save_general(ctx, caller, changes)
        .await
        .map(|_| ())
}

/// `POST /settings/payment` as the page sends it.
async fn save_payments(ctx: &Ctx, caller: &Caller, form: &FormState) -> ServiceResult<()> {
    let is_active = if form.value("is_active") == "on" {
        "yes"
    } else {
        "no"
    };
    let changes = site::permitted_then(caller, Capability::ManageOptions, || {
        let texts = PaymentTexts {
            currency: Some(form.value("currency")),
            is_active: Some(is_active.to_string()),
            number_format: Some(form.value("number_format")),
            currency_position: Some(form.value("currency_position")),
        };
        PaymentChanges::new(texts, FieldErrors::new())
    })?;
    general::save_payment(ctx, caller, changes).await.map(drop)
}

/// The Email section: sender, reply-to, footer and the two switches.
async fn save_emailing(ctx: &Ctx, caller: &Caller, form: &FormState) -> ServiceResult<()> {
    let yes_no = |name: &str| {
        if form.value(name) == "on" {
            "yes"
        } else {
            "no"
        }
    };
    let emailing = section(&[
        ("from_name", form.value("from_name")),
        ("from_email", form.value("from_email")),
        ("reply_to_name", form.value("reply_to_name")),
        ("reply_to_email", form.value("reply_to_email")),
        ("email_footer", form.value("email_footer")),
        ("attach_ics_on_confirmation", yes_no("attach_ics").into()),
        ("use_host_name", yes_no("use_host_name").into()),
    ]);
    general_save(ctx, caller, emailing, SectionChanges::default(), None).await
}

/// What a saved section answers: nothing, or a message to show once (a new user's password).
pub enum Saved {
    Done,
    Shown(String),
    /// A "Calendar feeds" form: what it did (`created`, `regenerated`, `revoked`).
    Feeds(&'static str),
}

/// "Profile": name, email and language, checked together and saved in one transaction.
async fn save_profile(ctx: &Ctx, caller: &Caller, form: &FormState) -> ServiceResult<()> {
    let change = ProfileChange::checked(
        &form.value("name"),
        &form.value("email"),
        &form.value("language"),
    )?;
    account::save_profile(ctx, caller, change).await
}

/// Saves the section the form names (`section=`). A user without `manage_options` is refused
/// with the REST routes' 403 message.
pub async fn save(ctx: &Ctx, caller: &Caller, form: &FormState) -> Result<Saved, FormState> {
    let yes_no = |name: &str| {
        if form.value(name) == "on" {
            "yes"
        } else {
            "no"
        }
    };
    let strip = |prefix: &'static str| {
        move |field: &str| field.strip_prefix(prefix).unwrap_or(field).to_string()
    };
    // Any answer of the REST use case: the page only needs to know it was saved.
    fn done<T>(r: ServiceResult<T>) -> ServiceResult<Saved> {
        r.map(|_| Saved::Done)
    }
    match form.value("section").as_str() {
        "general" => done(
            general_save(
                ctx,
                caller,
                SectionChanges::default(),
                section(&[("start_day", form.value("start_day"))]),
                Some(form.value("time_format")),
            )
            .await,
        )
        .map_err(|e| {
            refused_as(form, e, |field| match field {
                "timeFormat" => "time_format".to_string(),
                other => other
                    .strip_prefix("administration.")
                    .unwrap_or(other)
                    .to_string(),
            })
        }),
        "email" => done(save_emailing(ctx, caller, form).await)
            .map_err(|e| refused_as(form, e, strip("emailing."))),
        "test_email" => send_test_email(ctx, caller, form)
            .await
            .map(|to| Saved::Shown(tf("test-email-sent", &[("address", (&to).into())])))
            .map_err(|e| refused_as(form, e, str::to_string)),
        "payments" => done(save_payments(ctx, caller, form).await)
            .map_err(|e| refused_as(form, e, strip("payments."))),
        "theme" => done(save_theme(ctx, caller, form).await)
            .map_err(|e| refused_as(form, e, str::to_string)),
        "modules" => {
            // Every module is on the form, as a checkbox: the switches need no reading.
            let switches = ModuleSwitches(
                MODULE_CATALOGUE
                    .iter()
                    .map(|(key, ..)| (key.to_string(), yes_no(&format!("module_{key}")).into()))
                    .collect(),
            );
            done(modules::save_global_modules(ctx, caller, switches).await)
                .map_err(|e| refused_as(form, e, str::to_string))
        }
        "profile" => done(save_profile(ctx, caller, form).await)
            .map_err(|e| refused_as(form, e, str::to_string)),
        "protection" => done(save_protection(ctx, caller, form).await)
            .map_err(|e| refused_as(form, e, str::to_string)),
        "security" => done(save_security(ctx, caller, form).await)
            .map_err(|e| refused_as(form, e, str::to_string)),
        "privacy" => done(save_privacy(ctx, caller, form).await)
            .map_err(|e| refused_as(form, e, str::to_string)),
        "limits" => done(save_limits(ctx, caller, form).await)
            .map_err(|e| refused_as(form, e, str::to_string)),
        "away" => {
            done(add_away(ctx, caller, form).await).map_err(|e| refused_as(form, e, str::to_string))
        }
        "away_delete" => done(delete_away(ctx, caller, form).await)
            .map_err(|e| refused_as(form, e, str::to_string)),
        "password" => {
            let change = PasswordChange {
                current: form.value("current_password"),
                new: form.value("new_password"),
            };
            account::change_password(ctx, caller, change)
                .await
                .map(|()| Saved::Done)
        }
        .map_err(|e| refused_as(form, e, str::to_string)),
        "role" => member_change(ctx, caller, form)
            .await
            .map(|()| Saved::Done)
            .map_err(|e| refused_as(form, e, str::to_string)),
        "feeds" => crate::pages::feeds::save(ctx, caller, form)
            .await
            .map(Saved::Feeds),
        "team" => add_user(ctx, caller, form)
            .await
            .map(Saved::Shown)
            .map_err(|e| refused_as(form, e, str::to_string)),
        _ => Err(FormState {
            message: Some(t("unknown-settings-section").into()),
            ..form.clone()
        }),
    }
}

/// "Add user": Login, Name, Email and Role; the password is generated and shown once.
async fn add_user(ctx: &Ctx, caller: &Caller, form: &FormState) -> ServiceResult<String> {
    if !caller.can(Capability::ListUsers) {
        return Err(ServiceError::forbidden());
    }
    let login = form.value("login").trim().to_string();
    let (_, password) = create_user(
        &ctx.store,
        CreateUser {
            login: login.clone(),
            email: form.value("email"),
            name: form.value("name"),
            role: form.value("role"),
            password: None,
        },
        Some(caller),
    )
    .await?;
    Ok(tf(
        "user-made",
        &[("login", (&login).into()), ("password", (&password).into())],
    ))
}
