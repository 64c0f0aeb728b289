//! `/admin/settings/security/two-factor`: while off, the set-up (QR code drawn on the server,
//! the secret as text, a link for authenticator apps on this device, and the first code);
//! while on, "Turn off two-factor authentication" and "New recovery codes", each asking a code.
//! Recovery codes are shown once, on the answer to the post that made them.

use crate::texts::dashboard::t;
use leptos::prelude::*;

use super::style::{ALERT, BUTTON, CARD, ERROR, FIELD, PRIMARY, SAVED};
use crate::model::errors::PageError;
use crate::model::public::FormState;
use crate::model::user::{RecoveryCodes, TwoFactorPage};

const ACTION: &str = "/admin/settings/security/two-factor";

/// A page loader: called while the page renders on the server, never an endpoint.
pub async fn load_two_factor() -> Result<TwoFactorPage, PageError> {
    #[cfg(feature = "ssr")]
    {
        let caller = super::signed_in_caller_setting_up().await?;
        let ctx = super::service_ctx()?;
        crate::pages::security::load_two_factor(&ctx, &caller)
            .await
            .map_err(super::page_error)
    }
    #[cfg(not(feature = "ssr"))]
    {
        Err(PageError::rendered_on_the_server())
    }
}

pub async fn page(csrf: String) -> AnyView {
    // Read before any await: after one, the page's owner no longer reaches the context.
    let form = use_context::<FormState>().unwrap_or_default();
    let codes = use_context::<RecoveryCodes>();
    match load_two_factor().await {
        Ok(page) => view! { <TwoFactor page form codes csrf /> }.into_any(),
        Err(e) => super::load_error(e),
    }
}

/// The "Authentication code" field of a form, with its message when refused.
#[component]
fn CodeField(id: &'static str, error: Option<String>) -> impl IntoView {
    let error_id = format!("{id}-error");
    view! {
        <div>
            <label for=id class="block text-sm font-medium">{t("authentication-code")}</label>
            <input id=id name="code" type="text" required autocomplete="one-time-code" spellcheck="false"
                class=format!("{FIELD} max-w-xs font-mono")
                aria-invalid=error.is_some().then_some("true")
                aria-describedby=error.is_some().then_some(error_id.clone()) />
            {error.map(|e| view! { <p id=error_id class=ERROR>{e}</p> })}
        </div>
    }
}

#[component]
fn TwoFactor(
    page: TwoFactorPage,
    form: FormState,
    codes: Option<RecoveryCodes>,
    csrf: String,
) -> impl IntoView {
    let message = form.message.clone();
    let refused_op = form.value("op");
    let error_for = move |op: &str| {
        (refused_op == op)
            .then(|| form.errors.get("code").cloned())
            .flatten()
    };
    let hidden = |op: &'static str| {
        view! {
            <input type="hidden" name="csrf" value=csrf.clone() />
            <input type="hidden" name="op" value=op />
        }
    };
    let codes_view = codes.map(|RecoveryCodes(codes)| view! {
        <section class=format!("mt-4 {CARD}") aria-labelledby="codes-heading" id="recovery-codes">
            <h2 id="codes-heading" class="text-lg font-semibold">{t("recovery-codes")}</h2>
            <p role="status" class=SAVED>{t("keep-these-codes-somewhere-safe-each")}</p>
            <ul class="mt-3 grid grid-cols-2 gap-2 font-mono text-base">
                {codes.into_iter().map(|c| view! { <li><code>{c}</code></li> }).collect_view()}
            </ul>
        </section>
    });
    let heading = if page.enrolment.is_some() {
        t("set-up-two-factor")
    } else {
        t("two-factor-authentication")
    };
    view! {
        <p class="text-sm"><a href="/admin/settings/security" class="text-sky-800 underline dark:text-sky-300">{t("back-to-security")}</a></p>
        <h1 class="mt-2 text-xl font-semibold" id="section-title">{heading}</h1>
        {message.map(|m| view! { <p role="alert" class=ALERT>{m}</p> })}
        {codes_view}
        {match page.enrolment {
            Some(enrolment) => view! {
                <section class=format!("mt-4 {CARD}") aria-labelledby="setup-heading">
                    <h2 id="setup-heading" class="text-lg font-semibold">{t("scan-the-code")}</h2>
                    <p class="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("scan-this-qr-code-with-an")}</p>
                    <div class="mt-4 w-52 bg-white p-2" inner_html=enrolment.qr_svg></div>
                    <h3 class="mt-4 text-sm font-medium">{t("secret-key")}</h3>
                    <p class="mt-1 font-mono text-base break-words" id="totp-secret">{enrolment.secret}</p>
                    <p class="mt-2"><a href=enrolment.url class="text-sm text-sky-800 underline dark:text-sky-300">{t("open-in-authenticator-app")}</a></p>
                    <form method="post" action=ACTION class="mt-4 space-y-3">
                        {hidden("enable")}
                        <CodeField id="enable-code" error=error_for("enable") />
                        <button type="submit" class=PRIMARY>{t("turn-on-two-factor-authentication")}</button>
                    </form>
                </section>
            }.into_any(),
            None => view! {
                <p class="mt-2 text-sm">{t("two-factor-authentication-is-on-logging")}</p>
                <section class=format!("mt-4 {CARD}") aria-labelledby="renew-heading">
                    <h2 id="renew-heading" class="text-lg font-semibold">{t("new-recovery-codes")}</h2>
                    <p class="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("ten-new-codes-replace-the-old")}</p>
                    <form method="post" action=ACTION class="mt-3 space-y-3">
                        {hidden("renew")}
                        <CodeField id="renew-code" error=error_for("renew") />
                        <button type="submit" class=BUTTON>{t("new-recovery-codes")}</button>
                    </form>
                </section>
                <section class=format!("mt-4 {CARD}") aria-labelledby="off-heading">
                    <h2 id="off-heading" class="text-lg font-semibold">{t("turn-off-two-factor-authentication")}</h2>
                    <form method="post" action=ACTION class="mt-3 space-y-3">
                        {hidden("disable")}
                        <CodeField id="disable-code" error=error_for("disable") />
                        <button type="submit" class=BUTTON>{t("turn-off-two-factor-authentication")}</button>
                    </form>
                </section>
            }.into_any(),
        }}
    }
}
