//! `/admin/settings`: "Profile" for everyone; "General", "Email", "Payments", "Theme",
//! "Modules" and "Team" only for users who may manage options (for anyone else those sections
//! are not on the page at all). Each section is its own form posted to `/admin/settings`
//! (`src/pages/settings.rs`); a save answers 303 back with `saved=<section>`.

use crate::texts::dashboard::{t, tf, weekday};
use leptos::prelude::*;

use super::feeds::CalendarFeeds;
use super::forms::Refusal;
use super::style::{BUTTON, CARD, ERROR, FIELD, PRIMARY, SAVED};
use crate::model::errors::PageError;
use crate::model::public::FormState;
use crate::model::settings_page::{SECTIONS, SettingsPage, SiteSettings};
use crate::model::setup::WEEKDAYS;

/// A page loader: called while the page renders on the server, never an endpoint.
pub async fn load_settings() -> Result<SettingsPage, PageError> {
    #[cfg(feature = "ssr")]
    {
        let caller = super::signed_in_caller().await?;
        let ctx = super::service_ctx()?;
        crate::pages::settings::load(&ctx, &caller)
            .await
            .map_err(super::page_error)
    }
    #[cfg(not(feature = "ssr"))]
    {
        Err(PageError::rendered_on_the_server())
    }
}

/// A message a save shows once in its section (a new user's password, where the test email
/// went).
#[derive(Debug, Clone)]
pub struct SettingsNotice {
    /// The `section=` of the form that was posted.
    pub section: String,
    pub text: String,
}

/// `/admin/settings`; `saved` names the section just saved.
pub async fn page(saved: Option<String>, csrf: String) -> AnyView {
    // Read before any await: after one, the page's owner no longer reaches the context.
    let form = use_context::<FormState>().unwrap_or_default();
    let notice = use_context::<SettingsNotice>();
    let body = match load_settings().await {
        Ok(page) => view! { <Settings page form notice saved csrf /> }.into_any(),
        Err(e) => super::load_error(e),
    };
    view! {
        <h1 class="text-xl font-semibold" id="section-title">{t("settings")}</h1>
        {body}
    }
    .into_any()
}

#[component]
fn Settings(
    page: SettingsPage,
    form: FormState,
    notice: Option<SettingsNotice>,
    saved: Option<String>,
    csrf: String,
) -> impl IntoView {
    let shown: Vec<(&str, &str)> = SECTIONS
        .iter()
        .copied()
        .filter(|(key, _)| {
            matches!(
                *key,
                "profile" | "password" | "limits" | "away" | "calendars" | "feeds" | "security"
            ) || page.site.is_some()
        })
        .collect();
    // A user without the site's sections still learns why a post was refused.
    let own_section = matches!(
        form.value("section").as_str(),
        "profile" | "password" | "limits" | "away" | "away_delete" | "feeds"
    );
    let refused_here = (page.site.is_none() && !own_section).then(|| form.clone());
    let feeds_done = saved
        .as_deref()
        .and_then(|s| s.strip_prefix("feeds_"))
        .and_then(super::feeds::done_text);
    // Messages belong to the section whose form was posted.
    let posted = form.value("section");
    let for_section = move |key: &str| {
        let refused = if posted == key {
            form.clone()
        } else {
            FormState::default()
        };
        let notice = notice.clone().filter(|n| n.section == key);
        let saved = saved.as_deref() == Some(key);
        (refused, notice, saved)
    };
    let profile = page.profile;
    let profile_state = for_section("profile");
    let limits_state = for_section("limits");
    let limits = page.limits;
    let feeds_refused = for_section("feeds").0;
    // Adding and deleting a period both answer in the "Out of office" section.
    let away_state = match for_section("away_delete") {
        (refused, notice, true) => (refused, notice, true),
        (refused, notice, _) if refused.message.is_some() => (refused, notice, false),
        _ => for_section("away"),
    };
    // Passwords are never written back into a page.
    let mut password_state = for_section("password");
    password_state.0.values.clear();
    let role = if profile.role == "administrator" {
        t("administrator")
    } else {
        t("host")
    };
    view! {
        {refused_here.map(|form| view! { <Refusal form /> })}
        {(shown.len() > 1).then(|| view! {
            <nav aria-label=t("settings-sections") class="mt-3">
                <ul class="flex flex-wrap gap-x-4 gap-y-1 text-sm">
                    {shown.iter().map(|(key, title)| view! {
                        <li><a href=format!("#{key}") class="inline-flex min-h-8 items-center text-sky-800 underline dark:text-sky-300">{t(title)}</a></li>
                    }).collect_view()}
                </ul>
            </nav>
        })}
        <Section key="profile" title=t("profile") state=profile_state.clone() csrf=csrf.clone()>
            <p class="text-sm text-slate-600 dark:text-slate-300">{tf("signed-in-as", &[("login", (&profile.login).into()), ("role", role.into())])}</p>
            <Text state=profile_state.clone() section="profile" name="name" label=t("name") stored=profile.name.clone() />
            <Text state=profile_state.clone() section="profile" name="email" label=t("email-address") kind="email" stored=profile.email.clone() />
            <Select state=profile_state.clone() section="profile" name="language" label=t("language") stored=profile.language.clone() options=language_options() />
        </Section>
        <Section key="password" title=t("password") state=password_state.clone() csrf=csrf.clone()>
            <Text state=password_state.clone() section="password" name="current_password" label=t("current-password") kind="password" stored=String::new() />
            <Text state=password_state.clone() section="password" name="new_password" label=t("new-password") kind="password" stored=String::new() />
        </Section>
        <Section key="limits" title=t("booking-limits") state=limits_state.clone() csrf=csrf.clone()>
            <p class="text-sm text-slate-600 dark:text-slate-300">{t("the-most-bookings-you-take-across")}</p>
            <Text state=limits_state.clone() section="limits" name="daily_limit" label=t("daily-limit") kind="number" stored=limits.daily />
            <Text state=limits_state.clone() section="limits" name="weekly_limit" label=t("weekly-limit") kind="number" stored=limits.weekly />
        </Section>
        <OutOfOffice state=away_state periods=page.away teammates=page.teammates csrf=csrf.clone() />
        <ConnectedCalendars connections=page.connections />
        <CalendarFeeds feeds=page.feeds refused=feeds_refused done=feeds_done csrf=csrf.clone() />
        {page.site.is_none().then(|| view! { <SecurityLinks /> })}
        {page.site.map(|site| view! { <SiteSections site for_section csrf /> })}
    }
}

/// Where sessions, application passwords and two-factor login are: a user without the site's
/// sections gets this card; administrators the "Security" section (with the audit log).
#[component]
fn SecurityLinks() -> impl IntoView {
    view! {
        <section id="security" class=format!("mt-6 {CARD}") aria-labelledby="security-heading">
            <h2 id="security-heading" class="text-lg font-semibold">{t("security")}</h2>
            <p class="mt-2 text-sm text-slate-600 dark:text-slate-300">{t("see-where-you-are-logged-in")}</p>
            <p class="mt-3 flex flex-wrap gap-2">
                <a href="/admin/settings/security" class=BUTTON>{t("sessions-and-application-passwords")}</a>
            </p>
        </section>
    }
}

/// The user's own external calendars at a glance; they are managed on their own page.
#[component]
fn ConnectedCalendars(
    connections: Vec<crate::model::calendar_connection::Connection>,
) -> impl IntoView {
    let summary = match connections.len() {
        0 => t("none-yet-connect-the-calendar-you").to_string(),
        1 => t("one-calendar-account-is-connected").to_string(),
        n => tf("accounts-connected", &[("count", n.into())]),
    };
    view! {
        <section id="calendars" class=format!("mt-6 {CARD}") aria-labelledby="calendars-heading">
            <h2 id="calendars-heading" class="text-lg font-semibold">{t("connected-calendars")}</h2>
            <p class="mt-2 text-sm text-slate-600 dark:text-slate-300">{summary}</p>
            {(!connections.is_empty()).then(|| view! {
                <ul class="mt-2 grid gap-1 text-sm">
                    {connections.into_iter().map(|c| {
                        let state = if c.status == "ok" { t("working-2") } else { t("not-reachable-2") };
                        view! { <li>{format!("{} ({state})", c.title)}</li> }
                    }).collect_view()}
                </ul>
            })}
            <p class="mt-3"><a href="/admin/settings/calendars" class=BUTTON>{t("manage-connected-calendars")}</a></p>
        </section>
    }
}

type SectionState = (FormState, Option<SettingsNotice>, bool);

/// The sections only users with `manage_options` get.
#[component]
fn SiteSections(
    site: SiteSettings,
    for_section: impl Fn(&str) -> SectionState + 'static,
    csrf: String,
) -> impl IntoView {
    let general = for_section("general");
    let email = for_section("email");
    let payments = for_section("payments");
    let theme = for_section("theme");
    let modules = for_section("modules");
    let protection = for_section("protection");
    let security = for_section("security");
    let privacy = for_section("privacy");
    let team = match for_section("role") {
        (refused, _, true) => (refused, None, true),
        // The refusal's message only: the Add user form keeps its own (empty) values.
        (refused, _, _) if refused.message.is_some() => (
            FormState {
                message: refused.message,
                ..FormState::default()
            },
            None,
            false,
        ),
        _ => for_section("team"),
    };
    let test_email = for_section("test_email");
    view! {
        <Section key="general" title=t("general") state=general.clone() csrf=csrf.clone()>
            <Select state=general.clone() section="general" name="time_format" label=t("time-format") stored=site.time_format.clone()
                options=vec![("12", t("clock-12-example")), ("24", t("clock-24-example"))] />
            <Select state=general section="general" name="start_day" label=t("week-starts-on") stored=site.start_day.clone()
                options=WEEKDAYS.iter().map(|(key, _)| (*key, weekday(key))).collect() />
        </Section>
        <Section key="email" title=t("email") state=email.clone() csrf=csrf.clone()>
            <Text state=email.clone() section="email" name="from_name" label=t("sender-name") stored=site.from_name.clone() />
            <Text state=email.clone() section="email" name="from_email" label=t("sender-email") kind="email" stored=site.from_email.clone() />
            <Text state=email.clone() section="email" name="reply_to_name" label=t("reply-to-name") stored=site.reply_to_name.clone() />
            <Text state=email.clone() section="email" name="reply_to_email" label=t("reply-to-email") kind="email" stored=site.reply_to_email.clone() />
            <Area state=email.clone() section="email" name="email_footer" label=t("footer") stored=site.footer.clone() />
            <Check state=email.clone() name="attach_ics" label=t("attach-a-calendar-file-ics-to") stored=site.attach_ics />
            <Check state=email.clone() name="use_host_name" label=t("send-as-the-hosts-name") stored=site.use_host_name />
        </Section>
        <TestEmailForm state=test_email csrf=csrf.clone() />
        <Section key="payments" title=t("payments") state=payments.clone() csrf=csrf.clone()>
            <Check state=payments.clone() name="is_active" label=t("take-payments") stored=site.payments_active />
            <Text state=payments.clone() section="payments" name="currency" label=t("currency-iso-code") stored=site.currency.clone() />
            <Select state=payments.clone() section="payments" name="number_format" label=t("number-format") stored=site.number_format.clone()
                options=vec![("comma_separated", "1,234.56"), ("dot_separated", "1.234,56")] />
            <Select state=payments section="payments" name="currency_position" label=t("currency-sign") stored=site.currency_position.clone()
                options=vec![("left", t("currency-before")), ("left_space", t("currency-before-spaced")), ("right", t("currency-after")), ("right_space", t("currency-after-spaced"))] />
        </Section>
        <Section key="security" title=t("security") state=security.clone() csrf=csrf.clone()>
            <p class="text-sm text-slate-600 dark:text-slate-300">{t("see-where-you-are-logged-in")}</p>
            <p class="flex flex-wrap gap-2">
                <a href="/admin/settings/security" class=BUTTON>{t("sessions-and-application-passwords")}</a>
                <a href="/admin/audit-log" class=BUTTON>{t("audit-log")}</a>
            </p>
            <Check state=security.clone() name="require_two_factor" label=t("require-two-factor-authentication-for-everyone") stored=site.require_two_factor />
            <p class="-mt-3 text-sm text-slate-600 dark:text-slate-300">{t("whoever-logs-in-with-a-password")}</p>
        </Section>
        <Section key="protection" title=t("booking-protection") state=protection.clone() csrf=csrf.clone()>
            <Check state=protection.clone() name="proof_of_work" label=t("proof-of-work") stored=site.proof_of_work />
            <p class="-mt-3 text-sm text-slate-600 dark:text-slate-300">{t("the-booking-page-has-the-visitors")}</p>
            <Area state=protection.clone() section="protection" name="blocklist" label=t("blocked-addresses-and-domains") stored=site.blocklist.clone() />
            <p class="-mt-3 text-sm text-slate-600 dark:text-slate-300">{t("one-per-line-an-address-someone")}</p>
        </Section>
        <Section key="privacy" title=t("privacy") state=privacy.clone() csrf=csrf.clone()>
            <p class="text-sm text-slate-600 dark:text-slate-300">{t("what-attendees-are-owed-how-long")}</p>
            <p><a href="/admin/privacy" class=BUTTON>{t("personal-data")}</a></p>
            <Text state=privacy.clone() section="privacy" name="retention_days" label=t("keep-attendee-data-for-days") kind="number" stored=site.retention_days.clone() />
            <p class="-mt-3 text-sm text-slate-600 dark:text-slate-300">{t("days-after-a-booking-has-ended")}</p>
            <Check state=privacy.clone() name="attendee_erasure" label=t("let-attendees-erase-their-data") stored=site.attendee_erasure />
            <p class="-mt-3 text-sm text-slate-600 dark:text-slate-300">{t("the-bookings-page-then-links-erase")}</p>
            <Check state=privacy.clone() name="consent_required" label=t("ask-for-consent-to-a-privacy") stored=site.consent_required />
            <Area state=privacy.clone() section="privacy" name="consent_text" label=t("privacy-notice") stored=site.consent_text.clone() />
            <p class="-mt-3 text-sm text-slate-600 dark:text-slate-300">{t("the-booking-form-shows-it-beside")}</p>
            <Text state=privacy.clone() section="privacy" name="consent_version" label=t("notice-version") stored=site.consent_version.clone() />
        </Section>
        <Section key="theme" title=t("theme") state=theme.clone() csrf=csrf.clone()>
            <Select state=theme.clone() section="theme" name="theme" label=t("colour-scheme-of-the-public-pages") stored=site.theme.clone()
                options=vec![("system-default", t("as-the-visitors-system")), ("light", t("light")), ("dark", t("dark"))] />
            <Check state=theme.clone() name="use_brand" label=t("use-my-brand-colour-for-buttons") stored=!site.brand_color.is_empty() />
            <div>
                <label for="theme-brand_color" class="block text-sm font-medium">{t("brand-colour")}</label>
                <input id="theme-brand_color" name="brand_color" type="color"
                    value=shown(&theme, "brand_color", if site.brand_color.is_empty() { "#0369a1".to_string() } else { site.brand_color.clone() })
                    aria-describedby="theme-brand_color-hint"
                    class="mt-1 block h-10 w-20 rounded-md border border-slate-400 bg-white p-1 dark:border-slate-600 dark:bg-slate-950" />
                <p id="theme-brand_color-hint" class="mt-1 text-xs text-slate-600 dark:text-slate-300">{t("a-colour-too-light-for-white")}</p>
                {theme.0.errors.get("brand_color").cloned().map(|e| view! { <p class=ERROR>{e}</p> })}
            </div>
        </Section>
        <Section key="modules" title=t("modules") state=modules.clone() csrf=csrf.clone()>
            {site.modules.into_iter().map(|m| {
                let name = format!("module_{}", m.key);
                let checked = if modules.0.values.is_empty() { m.enabled } else { modules.0.value(&name) == "on" };
                let (title, description) = module_words(&m.key)
                    .map_or((m.title, m.description), |(t, d)| (t.to_string(), d.to_string()));
                view! {
                    <label class="flex min-h-10 items-start gap-2 text-sm">
                        <input type="checkbox" name=name checked=checked class="mt-0.5 size-5" />
                        <span><span class="font-medium">{title}</span><span class="block text-slate-600 dark:text-slate-300">{description}</span></span>
                    </label>
                }
            }).collect_view()}
        </Section>
        <TeamSection state=team members=site.team csrf />
    }
}

/// "Out of office": the user's periods, each with "Delete", and a form to add one.
#[component]
fn OutOfOffice(
    state: SectionState,
    periods: Vec<crate::model::settings_page::AwayLine>,
    teammates: Vec<(i64, String)>,
    csrf: String,
) -> impl IntoView {
    let chosen = state.0.value("teammate_id");
    let teammate_error = state.0.errors.get("teammate_id").cloned();
    let listed = if periods.is_empty() {
        view! { <p class="mt-3 text-sm">{t("no-days-away-planned")}</p> }.into_any()
    } else {
        view! {
            <ul class="mt-3 grid gap-2 text-sm">
                {periods.into_iter().map(|p| view! { <AwayItem period=p csrf=csrf.clone() /> }).collect_view()}
            </ul>
        }
        .into_any()
    };
    view! {
        <section id="away" class=format!("mt-6 {CARD}") aria-labelledby="away-heading">
            <h2 id="away-heading" class="text-lg font-semibold">{t("out-of-office")}</h2>
            {state.2.then(|| view! { <p role="status" class=SAVED>{t("saved")}</p> })}
            <Refusal form=state.0.clone() />
            <p class="mt-2 text-sm text-slate-600 dark:text-slate-300">{t("on-these-days-none-of-your")}</p>
            {listed}
            <form method="post" action="/admin/settings#away" class="mt-4 grid max-w-xl gap-4">
                <input type="hidden" name="csrf" value=csrf />
                <input type="hidden" name="section" value="away" />
                <div class="grid gap-4 sm:grid-cols-2">
                    <Text state=state.clone() section="away" name="start_date" label=t("from") kind="date" stored=String::new() />
                    <Text state=state.clone() section="away" name="end_date" label=t("to") kind="date" stored=String::new() />
                </div>
                <div>
                    <label for="away-teammate_id" class="block text-sm font-medium">{t("teammate")}</label>
                    <select id="away-teammate_id" name="teammate_id" class=FIELD
                        aria-invalid=teammate_error.as_ref().map(|_| "true")
                        aria-describedby=teammate_error.as_ref().map(|_| "away-teammate_id-error")>
                        <option value="" selected=chosen.is_empty()>{t("no-one")}</option>
                        {teammates.into_iter().map(|(id, name)| {
                            let value = id.to_string();
                            let selected = chosen == value;
                            view! { <option value=value selected=selected>{name}</option> }
                        }).collect_view()}
                    </select>
                    {teammate_error.map(|e| view! { <p id="away-teammate_id-error" class=ERROR>{e}</p> })}
                </div>
                <Text state=state section="away" name="reason" label=t("reason-optional") stored=String::new() />
                <div><button type="submit" class=PRIMARY>{t("add")}</button></div>
            </form>
        </section>
    }
}

/// One listed period: its dates, teammate and reason, and "Delete".
#[component]
fn AwayItem(period: crate::model::settings_page::AwayLine, csrf: String) -> impl IntoView {
    let dates = tf(
        "dates-from-to",
        &[("from", (&period.from).into()), ("to", (&period.to).into())],
    );
    let about = [
        (!period.teammate.is_empty())
            .then(|| tf("teammate-named", &[("name", (&period.teammate).into())])),
        (!period.reason.is_empty()).then_some(period.reason),
    ]
    .into_iter()
    .flatten()
    .collect::<Vec<_>>()
    .join(" \u{b7} ");
    view! {
        <li class="flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 px-3 py-2 dark:border-slate-700">
            <span>
                <span class="font-medium">{dates.clone()}</span>
                {(!about.is_empty()).then(|| view! { <span class="block text-slate-600 dark:text-slate-300">{about}</span> })}
            </span>
            <form method="post" action="/admin/settings#away">
                <input type="hidden" name="csrf" value=csrf />
                <input type="hidden" name="section" value="away_delete" />
                <input type="hidden" name="period_id" value=period.id.to_string() />
                <button type="submit" class=BUTTON aria-label=tf("delete-named", &[("name", (&dates).into())])>{t("delete")}</button>
            </form>
        </li>
    }
}

/// "Send a test email" under the Email section.
#[component]
fn TestEmailForm(state: SectionState, csrf: String) -> impl IntoView {
    let test_email = state;
    let to_error = test_email.0.errors.get("to").cloned();
    view! {
        <form method="post" action="/admin/settings#email" class=format!("mt-2 {CARD}") aria-label=t("send-a-test-email")>
            <input type="hidden" name="csrf" value=csrf.clone() />
            <input type="hidden" name="section" value="test_email" />
            {test_email.1.map(|n| view! { <p role="status" class=SAVED>{n.text}</p> })}
            {to_error.is_none().then(|| view! { <Refusal form=test_email.0.clone() /> })}
            <div class="flex flex-wrap items-end gap-2">
                <div class="min-w-56 flex-1">
                    <label for="email-to" class="block text-sm font-medium">{t("send-a-test-email-to")}</label>
                    <input id="email-to" name="to" type="email" value=test_email.0.value("to") placeholder=t("your-own-address-when-empty") class=FIELD
                        aria-invalid=to_error.as_ref().map(|_| "true") aria-describedby=to_error.as_ref().map(|_| "email-to-error") />
                </div>
                <button type="submit" class=BUTTON>{t("send-test-email")}</button>
            </div>
            {to_error.clone().map(|e| view! { <p id="email-to-error" class=ERROR>{e}</p> })}
        </form>
    }
}

/// "Team": each user's access, and "Add user".
#[component]
fn TeamSection(
    state: SectionState,
    members: Vec<crate::model::settings_page::Member>,
    csrf: String,
) -> impl IntoView {
    let team = state;
    view! {
        <section id="team" class=format!("mt-6 {CARD}") aria-labelledby="team-heading">
            <h2 id="team-heading" class="text-lg font-semibold">{t("team")}</h2>
            {team.2.then(|| view! { <p role="status" class=SAVED>{t("saved")}</p> })}
            {team.1.clone().map(|n| view! { <p role="status" class=SAVED>{n.text}</p> })}
            <Refusal form=team.0.clone() />
            <div class="mt-3 overflow-x-auto" tabindex="0" role="region" aria-label=t("users")>
                <table class="w-full text-left rtl:text-right text-sm">
                    <caption class="sr-only">{t("users")}</caption>
                    <thead><tr class="border-b border-slate-200 dark:border-slate-700">
                        <th scope="col" class="py-2 pe-3">{t("name")}</th><th scope="col" class="py-2 pe-3">{t("login")}</th>
                        <th scope="col" class="py-2 pe-3">{t("email")}</th><th scope="col" class="py-2">{t("access")}</th>
                    </tr></thead>
                    <tbody>
                        {members.into_iter().map(|m| {
                            let select_id = format!("access-{}", m.id);
                            view! {
                                <tr class="border-b border-slate-100 dark:border-slate-800">
                                    <td class="py-2 pe-3">{m.name}</td><td class="py-2 pe-3">{m.login.clone()}</td>
                                    <td class="py-2 pe-3 break-all">{m.email}</td>
                                    <td class="py-2">
                                        <form method="post" action="/admin/settings#team" class="flex flex-wrap items-center gap-2">
                                            <input type="hidden" name="csrf" value=csrf.clone() />
                                            <input type="hidden" name="section" value="role" />
                                            <input type="hidden" name="user_id" value=m.id.to_string() />
                                            <label for=select_id.clone() class="sr-only">{tf("access-for", &[("login", (&m.login).into())])}</label>
                                            <select id=select_id name="role" class="min-h-10 rounded-md border border-slate-400 bg-white px-2 text-sm dark:border-slate-600 dark:bg-slate-950">
                                                <option value="host" selected=m.role != "administrator">{t("host")}</option>
                                                <option value="administrator" selected=m.role == "administrator">{t("administrator")}</option>
                                            </select>
                                            <button type="submit" class=BUTTON>{t("change")}</button>
                                        </form>
                                        {m.two_factor.then(|| view! {
                                            <form method="post" action="/admin/settings#team" class="mt-2">
                                                <input type="hidden" name="csrf" value=csrf.clone() />
                                                <input type="hidden" name="section" value="role" />
                                                <input type="hidden" name="op" value="two_factor_off" />
                                                <input type="hidden" name="user_id" value=m.id.to_string() />
                                                <button type="submit" class=BUTTON aria-label=tf("two-factor-off-for", &[("login", (&m.login).into())])>{t("turn-off-two-factor")}</button>
                                            </form>
                                        })}
                                        {(!m.you).then(|| {
                                            view! {
                                                <form method="post" action="/admin/settings#team" class="mt-2 flex flex-wrap items-center gap-2">
                                                    <input type="hidden" name="csrf" value=csrf.clone() />
                                                    <input type="hidden" name="section" value="role" />
                                                    <input type="hidden" name="op" value="delete" />
                                                    <input type="hidden" name="user_id" value=m.id.to_string() />
                                                    <label class="flex min-h-10 items-center gap-2">
                                                        <input type="checkbox" name="confirm" required class="h-5 w-5" />
                                                        {tf("delete-named", &[("name", (&m.login).into())])}
                                                    </label>
                                                    <button type="submit" class=BUTTON aria-label=tf("delete-user-named", &[("login", (&m.login).into())])>{t("delete-user")}</button>
                                                </form>
                                            }
                                        })}
                                    </td>
                                </tr>
                            }
                        }).collect_view()}
                    </tbody>
                </table>
            </div>
            <form method="post" action="/admin/settings#team" class="mt-4 max-w-xl">
                <input type="hidden" name="csrf" value=csrf />
                <input type="hidden" name="section" value="team" />
                <fieldset class="grid gap-4 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
                    <legend class="px-1 font-semibold">{t("add-user")}</legend>
                    <Text state=team.clone() section="team" name="login" label=t("login") stored=String::new() />
                    <Text state=team.clone() section="team" name="name" label=t("full-name") stored=String::new() />
                    <Text state=team.clone() section="team" name="email" label=t("email") kind="email" stored=String::new() />
                    <Select state=team section="team" name="role" label=t("role") stored="host".to_string()
                        options=vec![("host", t("host")), ("administrator", t("administrator"))] />
                    <div><button type="submit" class=PRIMARY>{t("add-user")}</button></div>
                </fieldset>
            </form>
        </section>
    }
}

/// A module's name and description in the dashboard's language (REST answers keep the
/// service's English words).
fn module_words(key: &str) -> Option<(&'static str, &'static str)> {
    Some(match key {
        "smtp" => (t("module-smtp"), t("module-smtp-about")),
        "form" => (t("module-form"), t("module-form-about")),
        "crm" => (t("module-crm"), t("module-crm-about")),
        "boards" => (t("module-boards"), t("module-boards-about")),
        "cart" => (t("module-cart"), t("module-cart-about")),
        _ => return None,
    })
}

/// One section: heading, "Saved." or the refusal, the form and its "Save".
#[component]
fn Section(
    key: &'static str,
    title: &'static str,
    state: SectionState,
    csrf: String,
    children: Children,
) -> impl IntoView {
    let heading = format!("{key}-heading");
    let labelled = heading.clone();
    view! {
        <section id=key class=format!("mt-6 {CARD}") aria-labelledby=labelled>
            <h2 id=heading class="text-lg font-semibold">{title}</h2>
            {state.2.then(|| view! { <p role="status" class=SAVED>{t("saved")}</p> })}
            {state.1.map(|n| view! { <p role="status" class=SAVED>{n.text}</p> })}
            <Refusal form=state.0 />
            <form method="post" action=format!("/admin/settings#{key}") class="mt-3 grid max-w-xl gap-4">
                <input type="hidden" name="csrf" value=csrf />
                <input type="hidden" name="section" value=key />
                {children()}
                <div><button type="submit" class=PRIMARY>{t("save")}</button></div>
            </form>
        </section>
    }
}

/// The value to show: as posted when this section was refused, else as stored.
fn shown(state: &SectionState, name: &str, stored: String) -> String {
    if state.0.values.is_empty() {
        stored
    } else {
        state.0.value(name)
    }
}

#[component]
fn Text(
    state: SectionState,
    section: &'static str,
    name: &'static str,
    label: &'static str,
    #[prop(default = "text")] kind: &'static str,
    stored: String,
) -> impl IntoView {
    let id = format!("{section}-{name}");
    let error = state.0.errors.get(name).cloned();
    let error_id = format!("{id}-error");
    view! {
        <div>
            <label for=id.clone() class="block text-sm font-medium">{label}</label>
            <input id=id name=name type=kind value=shown(&state, name, stored) class=FIELD
                aria-invalid=error.as_ref().map(|_| "true") aria-describedby=error.as_ref().map(|_| error_id.clone()) />
            {error.map(|e| view! { <p id=error_id class=ERROR>{e}</p> })}
        </div>
    }
}

#[component]
fn Area(
    state: SectionState,
    section: &'static str,
    name: &'static str,
    label: &'static str,
    stored: String,
) -> impl IntoView {
    let id = format!("{section}-{name}");
    let error = state.0.errors.get(name).cloned();
    let error_id = format!("{id}-error");
    let text = shown(&state, name, stored);
    view! {
        <div>
            <label for=id.clone() class="block text-sm font-medium">{label}</label>
            <textarea id=id name=name rows="3" class=FIELD
                aria-invalid=error.as_ref().map(|_| "true") aria-describedby=error.as_ref().map(|_| error_id.clone())>
                {crate::ui::textarea_text(&text)}
            </textarea>
            {error.map(|e| view! { <p id=error_id class=ERROR>{e}</p> })}
        </div>
    }
}

#[component]
fn Select(
    state: SectionState,
    section: &'static str,
    name: &'static str,
    label: &'static str,
    stored: String,
    options: Vec<(&'static str, &'static str)>,
) -> impl IntoView {
    let id = format!("{section}-{name}");
    let error = state.0.errors.get(name).cloned();
    let error_id = format!("{id}-error");
    let chosen = shown(&state, name, stored);
    view! {
        <div>
            <label for=id.clone() class="block text-sm font-medium">{label}</label>
            <select id=id name=name class=FIELD
                aria-invalid=error.as_ref().map(|_| "true") aria-describedby=error.as_ref().map(|_| error_id.clone())>
                {options.into_iter().map(|(value, text)| view! {
                    <option value=value selected=chosen == value>{text}</option>
                }).collect_view()}
            </select>
            {error.map(|e| view! { <p id=error_id class=ERROR>{e}</p> })}
        </div>
    }
}

/// The profile's "Language": the browser's (no code), or one of the languages by its own name.
fn language_options() -> Vec<(&'static str, &'static str)> {
    std::iter::once(("", t("browser-language")))
        .chain(
            crate::domain::language::Lang::ALL
                .into_iter()
                .map(|l| (l.code(), l.own_name())),
        )
        .collect()
}

#[component]
fn Check(
    state: SectionState,
    name: &'static str,
    label: &'static str,
    stored: bool,
) -> impl IntoView {
    let checked = if state.0.values.is_empty() {
        stored
    } else {
        state.0.value(name) == "on"
    };
    view! {
        <label class="flex min-h-10 items-center gap-2 text-sm">
            <input type="checkbox" name=name checked=checked class="size-5" />{label}
        </label>
    }
}
