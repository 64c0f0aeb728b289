//! `/admin/settings/security`: the signed-in user's sessions and application passwords, and
//! the forms that end sessions and create or revoke passwords (through the REST routes' use
//! cases, so rules, messages and audit entries are theirs).

use crate::model::public::FormState;
use crate::model::user::{
    AppPasswordLine, EnrolmentView, NewAppPassword, RecoveryCodes, SecurityPage, SessionLine,
    TwoFactorPage,
};
use crate::pages::setup::refused_as;
use crate::service::{
    Caller, Ctx, ServiceError, ServiceResult, app_passwords, sessions, two_factor,
};
use crate::texts::dashboard::t;

pub async fn load(ctx: &Ctx, caller: &Caller) -> ServiceResult<SecurityPage> {
    let listed = sessions::list(ctx, caller).await?;
    let passwords = app_passwords::list(ctx, caller).await?;
    Ok(SecurityPage {
        two_factor: caller.user.two_factor,
        sessions: listed
            .sessions
            .into_iter()
            .map(|s| SessionLine {
                id: s.id,
                current: s.current,
                browser: s.browser,
                ip: s.ip,
                last_seen: shown(&s.last_seen_at),
            })
            .collect(),
        app_passwords: passwords
            .application_passwords
            .into_iter()
            .map(|p| AppPasswordLine {
                id: p.id,
                name: p.name,
                created: shown(&p.created_at),
                last_used: p.last_used_at.as_deref().map_or(t("never").into(), shown),
            })
            .collect(),
    })
}

/// What a successful post did.
pub enum Done {
    /// Back to the page with `done=` naming it.
    Said(&'static str),
    /// A password was made: the page shows it this once.
    Created(NewAppPassword),
}

/// One of the page's forms (`op=end|end_others|create|revoke`).
pub async fn save(ctx: &Ctx, caller: &Caller, form: &FormState) -> Result<Done, FormState> {
    let id = || form.value("id").trim().parse::<i64>().unwrap_or(0);
    let plain = |e: ServiceError| refused_as(form, e, str::to_string);
    match form.value("op").as_str() {
        "end" => sessions::end(ctx, caller, id())
            .await
            .map(|()| Done::Said("ended"))
            .map_err(plain),
        "end_others" => sessions::end_others(ctx, caller)
            .await
            .map(|_| Done::Said("ended_others"))
            .map_err(plain),
        "revoke" => app_passwords::revoke(ctx, caller, id())
            .await
            .map(|()| Done::Said("revoked"))
            .map_err(plain),
        "create" => app_passwords::create(ctx, caller, &form.value("name"))
            .await
            .map(|made| {
                Done::Created(NewAppPassword {
                    name: made.application_password.name,
                    password: made.password,
                })
            })
            .map_err(plain),
        _ => Err(FormState {
            message: Some(t("this-form-is-not-one-of").into()),
            ..form.clone()
        }),
    }
}

/// `/admin/settings/security/two-factor`.
pub async fn load_two_factor(ctx: &Ctx, caller: &Caller) -> ServiceResult<TwoFactorPage> {
    let enrolment = two_factor::enrolment(ctx, caller).await?;
    Ok(TwoFactorPage {
        enrolment: enrolment.map(|e| EnrolmentView {
            secret: e
                .secret
                .as_bytes()
                .chunks(4)
                .map(|c| String::from_utf8_lossy(c).into_owned())
                .collect::<Vec<_>>()
                .join(" "),
            url: e.url,
            qr_svg: e.qr_svg,
        }),
    })
}

/// What a two-factor form did.
pub enum TwoFactorDone {
    /// Turned on, or new codes: the codes are shown once.
    Codes(RecoveryCodes),
    /// Turned off: back to the security page.
    Off,
}

/// The two-factor page's forms (`op=enable|disable|renew`, each with `code`).
pub async fn save_two_factor(
    ctx: &Ctx,
    caller: &Caller,
    form: &FormState,
) -> Result<TwoFactorDone, FormState> {
    let code = form.value("code");
    let plain = |e: ServiceError| refused_as(form, e, str::to_string);
    match form.value("op").as_str() {
        "enable" => two_factor::enable(ctx, caller, &code)
            .await
            .map(|codes| TwoFactorDone::Codes(RecoveryCodes(codes)))
            .map_err(plain),
        "renew" => two_factor::renew_codes(ctx, caller, &code)
            .await
            .map(|codes| TwoFactorDone::Codes(RecoveryCodes(codes)))
            .map_err(plain),
        "disable" => two_factor::disable(ctx, caller, &code)
            .await
            .map(|()| TwoFactorDone::Off)
            .map_err(plain),
        _ => Err(FormState {
            message: Some(t("this-form-is-not-one-of").into()),
            ..form.clone()
        }),
    }
}

/// An instant of the lists, in UTC and the dashboard's language.
fn shown(at: &str) -> String {
    crate::texts::dashboard::utc_stamp(at, false)
}
