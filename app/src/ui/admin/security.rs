//! `/admin/settings/security`: the user's sessions ("This session" marked, "End session" on
//! the others, "End all other sessions") and application passwords ("Revoke", and a form to
//! create one, shown once). Plain forms posted to this address (`src/pages/settings.rs`).

use crate::texts::dashboard::{t, tf};
use leptos::prelude::*;

use super::forms::Refusal;
use super::style::{BUTTON, CARD, ERROR, FIELD, PRIMARY, SAVED};
use crate::model::errors::PageError;
use crate::model::public::FormState;
use crate::model::user::{NewAppPassword, SecurityPage};

const ACTION: &str = "/admin/settings/security";

/// A page loader: called while the page renders on the server, never an endpoint.
pub async fn load_security() -> Result<SecurityPage, PageError> {
    #[cfg(feature = "ssr")]
    {
        let caller = super::signed_in_caller().await?;
        let ctx = super::service_ctx()?;
        crate::pages::security::load(&ctx, &caller)
            .await
            .map_err(super::page_error)
    }
    #[cfg(not(feature = "ssr"))]
    {
        Err(PageError::rendered_on_the_server())
    }
}

/// The page; `done` names what the last post did.
pub async fn page(done: Option<String>, csrf: String) -> AnyView {
    // Read before any await: after one, the page's owner no longer reaches the context.
    let form = use_context::<FormState>().unwrap_or_default();
    let created = use_context::<NewAppPassword>();
    let body = match load_security().await {
        Ok(page) => view! { <Security page form created done csrf /> }.into_any(),
        Err(e) => super::load_error(e),
    };
    view! {
        <p class="text-sm"><a href="/admin/settings" class="text-sky-800 underline dark:text-sky-300">{t("back-to-settings")}</a></p>
        <h1 class="mt-2 text-xl font-semibold" id="section-title">{t("security")}</h1>
        {body}
    }
    .into_any()
}

fn done_text(done: &str) -> Option<&'static str> {
    Some(match done {
        "ended" => t("session-has-been-ended"),
        "ended_others" => t("other-sessions-have-been-ended"),
        "revoked" => t("application-password-has-been-revoked"),
        "two_factor_off" => t("two-factor-turned-off"),
        _ => return None,
    })
}

#[component]
fn Security(
    page: SecurityPage,
    form: FormState,
    created: Option<NewAppPassword>,
    done: Option<String>,
    csrf: String,
) -> impl IntoView {
    let done = done.as_deref().and_then(done_text);
    let others = page.sessions.iter().filter(|s| !s.current).count();
    let name_error = form.errors.get("name").cloned();
    let hidden = |csrf: &String, op: &'static str| {
        view! {
            <input type="hidden" name="csrf" value=csrf.clone() />
            <input type="hidden" name="op" value=op />
        }
    };
    view! {
        {done.map(|text| view! { <p role="status" class=SAVED>{text}</p> })}
        <Refusal form=form.clone() />
        <section id="two-factor" class=format!("mt-4 {CARD}") aria-labelledby="two-factor-heading">
            <h2 id="two-factor-heading" class="text-lg font-semibold">{t("two-factor-authentication")}</h2>
            <p class="mt-1 text-sm" id="two-factor-state">{if page.two_factor { t("on") } else { t("off") }}</p>
            <p class="mt-2">
                {if page.two_factor {
                    view! { <a href="/admin/settings/security/two-factor" class=BUTTON>{t("manage-two-factor-authentication")}</a> }.into_any()
                } else {
                    view! { <a href="/admin/settings/security/two-factor" class=BUTTON>{t("set-up-two-factor-authentication")}</a> }.into_any()
                }}
            </p>
        </section>
        <section id="sessions" class=format!("mt-6 {CARD}") aria-labelledby="sessions-heading">
            <h2 id="sessions-heading" class="text-lg font-semibold">{t("sessions")}</h2>
            <p class="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("where-you-are-logged-in-to")}</p>
            <div class="relative mt-3 overflow-x-auto">
                <table class="w-full min-w-[32rem] text-left rtl:text-right text-sm" id="sessions-table">
                    <thead>
                        <tr class="border-b border-slate-200 dark:border-slate-700">
                            <th scope="col" class="py-2 pe-3">{t("browser")}</th>
                            <th scope="col" class="py-2 pe-3">{t("ip-address")}</th>
                            <th scope="col" class="py-2 pe-3">{t("last-seen")}</th>
                            <th scope="col" class="py-2"><span class="sr-only">{t("action")}</span></th>
                        </tr>
                    </thead>
                    <tbody>
                        {page.sessions.into_iter().map(|s| {
                            let csrf = csrf.clone();
                            let label = tf("end-session-of", &[("browser", (&s.browser).into()), ("ip", (&s.ip).into())]);
                            view! {
                                <tr class="border-b border-slate-100 dark:border-slate-800">
                                    <td class="py-2 pe-3">{s.browser}</td>
                                    <td class="py-2 pe-3">{s.ip}</td>
                                    <td class="py-2 pe-3">{s.last_seen}</td>
                                    <td class="py-2">
                                        {if s.current {
                                            view! { <strong>{t("this-session")}</strong> }.into_any()
                                        } else {
                                            view! {
                                                <form method="post" action=ACTION>
                                                    {hidden(&csrf, "end")}
                                                    <input type="hidden" name="id" value=s.id.to_string() />
                                                    <button type="submit" class=BUTTON aria-label=label>{t("end-session")}</button>
                                                </form>
                                            }.into_any()
                                        }}
                                    </td>
                                </tr>
                            }
                        }).collect_view()}
                    </tbody>
                </table>
            </div>
            {(others > 0).then(|| view! {
                <form method="post" action=ACTION class="mt-3">
                    {hidden(&csrf, "end_others")}
                    <button type="submit" class=BUTTON>{t("end-all-other-sessions")}</button>
                </form>
            })}
        </section>
        <section id="app-passwords" class=format!("mt-6 {CARD}") aria-labelledby="app-passwords-heading">
            <h2 id="app-passwords-heading" class="text-lg font-semibold">{t("application-passwords")}</h2>
            <p class="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("for-integrations-that-call-the-rest")}</p>
            {created.map(|made| view! {
                <div role="status" class=SAVED id="new-app-password">
                    <p>{tf("app-password-is", &[("name", (&made.name).into())])}</p>
                    <p class="mt-1 font-mono text-base"><code>{made.password}</code></p>
                    <p class="mt-1">{t("copy-it-now-it-is-not")}</p>
                </div>
            })}
            {if page.app_passwords.is_empty() {
                view! { <p class="mt-3 text-sm">{t("none-yet")}</p> }.into_any()
            } else {
                view! {
                    <div class="relative mt-3 overflow-x-auto">
                        <table class="w-full min-w-[32rem] text-left rtl:text-right text-sm" id="app-passwords-table">
                            <thead>
                                <tr class="border-b border-slate-200 dark:border-slate-700">
                                    <th scope="col" class="py-2 pe-3">{t("name")}</th>
                                    <th scope="col" class="py-2 pe-3">{t("created")}</th>
                                    <th scope="col" class="py-2 pe-3">{t("last-used")}</th>
                                    <th scope="col" class="py-2"><span class="sr-only">{t("action")}</span></th>
                                </tr>
                            </thead>
                            <tbody>
                                {page.app_passwords.into_iter().map(|p| {
                                    let csrf = csrf.clone();
                                    let label = tf("revoke-named", &[("name", (&p.name).into())]);
                                    view! {
                                        <tr class="border-b border-slate-100 dark:border-slate-800">
                                            <td class="py-2 pe-3">{p.name}</td>
                                            <td class="py-2 pe-3">{p.created}</td>
                                            <td class="py-2 pe-3">{p.last_used}</td>
                                            <td class="py-2">
                                                <form method="post" action=ACTION>
                                                    {hidden(&csrf, "revoke")}
                                                    <input type="hidden" name="id" value=p.id.to_string() />
                                                    <button type="submit" class=BUTTON aria-label=label>{t("revoke")}</button>
                                                </form>
                                            </td>
                                        </tr>
                                    }
                                }).collect_view()}
                            </tbody>
                        </table>
                    </div>
                }.into_any()
            }}
            <form method="post" action=ACTION class="mt-4 flex flex-wrap items-end gap-3" id="new-app-password-form">
                {hidden(&csrf, "create")}
                <div class="min-w-[14rem] grow">
                    <label for="app-password-name" class="block text-sm font-medium">{t("name")}</label>
                    <input id="app-password-name" name="name" type="text" maxlength="100" required
                        value=form.value("name") class=FIELD
                        aria-invalid=name_error.is_some().then_some("true")
                        aria-describedby=name_error.is_some().then_some("app-password-name-error") />
                    {name_error.map(|e| view! { <p id="app-password-name-error" class=ERROR>{e}</p> })}
                </div>
                <button type="submit" class=PRIMARY>{t("create-application-password")}</button>
            </form>
        </section>
    }
}
