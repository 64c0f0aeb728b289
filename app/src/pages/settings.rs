//! `/admin/settings`: the user's profile, and the site's settings for users who may manage
//! options. Every save goes through the service of its REST route (`POST /settings/general`,
//! `/settings/payment`, `/settings/theme`, `/settings/global-modules`), so the rules and
//! messages are the route's; "Add user" is the command line's `user add`.

use crate::domain::access::Capability;
use crate::domain::validation::{FieldErrors, MAX_TITLE_CHARS};
use crate::domain::values::is_valid_email;
use crate::model::public::FormState;
use crate::model::settings::{GENERAL, GeneralSettings, MODULES, ModuleSettings};
use crate::model::settings_page::{Member, ModuleLine, Profile, SettingsPage, SiteSettings};
use crate::pages::setup::refused_as;
use crate::service::auth::{hash_password, verify_password};
use crate::service::outbox::{Message, Outgoing, TestEmail};
use crate::service::settings::general::{
    self, GeneralChanges, PaymentChanges, PaymentTexts, SectionChanges,
};
use crate::service::settings::modules::{self, ModuleSwitches};
use crate::service::settings::site::{self, MODULE_CATALOGUE};
use crate::service::users::{CreateUser, create_user};
use crate::service::{Caller, Ctx, ServiceError, ServiceResult};
use crate::store::{StoreError, users};

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
    };
    let connections = crate::service::calendars::connections::connections(ctx, caller).await?;
    if !caller.can(Capability::ManageOptions) {
        return Ok(SettingsPage {
            profile,
            site: None,
            connections,
        });
    }
    let mut conn = ctx.store.conn().await?;
    let general: GeneralSettings = site::load(conn.ex(), GENERAL).await?;
    let modules: ModuleSettings = site::load(conn.ex(), MODULES).await?;
    let team = users::search(conn.ex(), "", TEAM_SHOWN).await?;
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
                })
                .collect(),
        }),
        connections,
    })
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
        "test_email" => send_test_email(ctx, caller, &form.value("to"))
            .await
            .map(Saved::Shown)
            .map_err(|e| refused_as(form, e, str::to_string)),
        "payments" => done(save_payments(ctx, caller, form).await)
            .map_err(|e| refused_as(form, e, strip("payments."))),
        "theme" => done(
            match site::ThemeChoice::new(
                Some(form.value("theme")),
                Some(brand_of(form)),
                FieldErrors::new(),
            ) {
                Ok(choice) => site::save_theme(ctx, caller, choice).await,
                Err(refusal) => Err(refusal),
            },
        )
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
        "profile" => save_profile(ctx, caller, form)
            .await
            .map(|()| Saved::Done)
            .map_err(|e| refused_as(form, e, str::to_string)),
        "password" => change_password(ctx, caller, form)
            .await
            .map(|()| Saved::Done)
            .map_err(|e| refused_as(form, e, str::to_string)),
        "role" => change_role(ctx, caller, form)
            .await
            .map(|()| Saved::Done)
            .map_err(|e| refused_as(form, e, str::to_string)),
        "team" => add_user(ctx, caller, form)
            .await
            .map(Saved::Shown)
            .map_err(|e| refused_as(form, e, str::to_string)),
        _ => Err(FormState {
            message: Some("Unknown settings section.".into()),
            ..form.clone()
        }),
    }
}

/// "Profile": the user's own name and email, with the rules of `user add`.
async fn save_profile(ctx: &Ctx, caller: &Caller, form: &FormState) -> ServiceResult<()> {
    let name = form.value("name").trim().to_string();
    let email = form.value("email").trim().to_string();
    let mut errors = FieldErrors::new();
    if name.is_empty() {
        errors.add("name", "required", "The name field is required.");
    } else if name.chars().count() > MAX_TITLE_CHARS {
        errors.add("name", "max", "The name is too long");
    }
    // The name becomes an email sender's display name: one line, no control characters.
    crate::domain::text::check_text("name", &name, true, &mut errors);
    if !is_valid_email(&email) {
        errors.add("email", "email", "Please provide a valid email address");
    }
    errors.into_result().map_err(ServiceError::invalid)?;
    let (first, last) = name.split_once(' ').unwrap_or((&name, ""));
    let mut tx = ctx.store.begin().await?;
    match users::update_profile(tx.ex(), caller.id(), first.trim(), last.trim(), &email).await {
        Err(StoreError::UniqueViolation) => {
            return Err(ServiceError::field(
                "email",
                "unique",
                "A user with this login or email already exists",
            ));
        }
        other => other?,
    }
    tx.commit().await?;
    // Credentials verified before the change may no longer stand.
    ctx.credentials.clear();
    Ok(())
}

/// "Change password": the current one, then a new one of at least 8 characters.
async fn change_password(ctx: &Ctx, caller: &Caller, form: &FormState) -> ServiceResult<()> {
    let (current, new) = (form.value("current_password"), form.value("new_password"));
    if !verify_password(&current, &caller.user.password_hash) {
        return Err(ServiceError::field(
            "current_password",
            "incorrect",
            "The current password is not correct.",
        ));
    }
    if new.chars().count() < 8 {
        return Err(ServiceError::field(
            "new_password",
            "min",
            "The password must be at least 8 characters",
        ));
    }
    let hash = hash_password(&new)?;
    if hash.is_empty() {
        return Err(ServiceError::field(
            "new_password",
            "hash",
            "The password could not be stored. Try another one.",
        ));
    }
    let mut tx = ctx.store.begin().await?;
    users::set_password_hash(tx.ex(), caller.id(), &hash).await?;
    tx.commit().await?;
    // Credentials verified before the change may no longer stand.
    ctx.credentials.clear();
    Ok(())
}

/// A team member's access (`administrator` or `host`). Nobody changes their own, so an
/// administrator cannot lock themselves (or the last administrator) out.
async fn change_role(ctx: &Ctx, caller: &Caller, form: &FormState) -> ServiceResult<()> {
    if !caller.can(Capability::ListUsers) {
        return Err(ServiceError::forbidden());
    }
    let Ok(id) = form.value("user_id").parse::<i64>() else {
        return Err(ServiceError::NotFound);
    };
    if id == caller.id() {
        return Err(ServiceError::field(
            "role",
            "own",
            "You cannot change your own role.",
        ));
    }
    let Some(role) = crate::domain::access::Role::parse(&form.value("role")) else {
        return Err(ServiceError::field(
            "role",
            "in",
            "The role must be administrator or host",
        ));
    };
    let mut tx = ctx.store.begin().await?;
    if !users::set_role(tx.ex(), id, role.as_str()).await? {
        return Err(ServiceError::NotFound);
    }
    tx.commit().await?;
    // Credentials verified before the change may no longer stand.
    ctx.credentials.clear();
    Ok(())
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
    )
    .await?;
    Ok(format!(
        "{login} can sign in with the password {password} (shown only now: pass it on and ask them to keep it safe)."
    ))
}

/// "Send test email": queues a test message to `to` (the caller's address when empty) with
/// the sender, reply-to and footer as saved.
async fn send_test_email(ctx: &Ctx, caller: &Caller, to: &str) -> ServiceResult<String> {
    if !caller.can(Capability::ManageOptions) {
        return Err(ServiceError::forbidden());
    }
    let to = match to.trim() {
        "" => caller.user.email.clone(),
        given => given.to_string(),
    };
    if !is_valid_email(&to) {
        return Err(ServiceError::field(
            "to",
            "email",
            "Please provide a valid email address",
        ));
    }
    let mut tx = ctx.store.begin().await?;
    let outgoing = Outgoing {
        message: Message::TestEmail(TestEmail { to: to.to_string() }),
        booking_id: None,
        due_at: None,
    };
    crate::service::outbox::enqueue(tx.ex(), &outgoing).await?;
    tx.commit().await?;
    Ok(format!("A test email is on its way to {to}."))
}
