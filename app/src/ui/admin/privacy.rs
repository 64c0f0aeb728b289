//! `/admin/privacy` ("Personal data", DESIGN 2.11): a GET form for the address, the bookings
//! found, "Download JSON", and "Erase all data" as a plain POST form behind a confirmation box
//! (works without JavaScript).

use crate::texts::dashboard::{t, tf};
use leptos::prelude::*;

use super::style::{ALERT, BUTTON, CARD, FIELD, SAVED};
use crate::model::errors::PageError;
use crate::model::privacy::PersonalDataPage;

/// A page loader: called while the page renders on the server, never an endpoint.
pub async fn load_personal_data(email: String) -> Result<PersonalDataPage, PageError> {
    #[cfg(feature = "ssr")]
    {
        let caller = super::signed_in_caller().await?;
        let ctx = super::service_ctx()?;
        crate::pages::dashboard::personal_data(&ctx, &caller, &email)
            .await
            .map_err(super::page_error)
    }
    #[cfg(not(feature = "ssr"))]
    {
        let _ = email;
        Err(PageError::rendered_on_the_server())
    }
}

/// Why a posted erasure was refused (the page is shown again with it).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PrivacyRefusal(pub String);

/// The page for `email=`; `erased=N` after an erasure.
pub async fn page(email: String, erased: Option<String>, csrf: String) -> AnyView {
    let refused = use_context::<PrivacyRefusal>();
    let body = match load_personal_data(email).await {
        Ok(page) => view! { <Found page erased refused csrf /> }.into_any(),
        Err(e) => super::load_error(e),
    };
    view! {
        <h1 class="text-xl font-semibold" id="section-title">{t("personal-data")}</h1>
        {body}
    }
    .into_any()
}

#[component]
fn Found(
    page: PersonalDataPage,
    erased: Option<String>,
    refused: Option<PrivacyRefusal>,
    csrf: String,
) -> impl IntoView {
    let PersonalDataPage {
        email,
        searched,
        error,
        rows,
        json_href,
        erase_action,
    } = page;
    let results = (searched && error.is_none()).then(|| {
        if rows.is_empty() {
            return view! { <p class=format!("{CARD} mt-4 text-sm") id="privacy-empty">{t("no-booking-holds-this-address")}</p> }.into_any();
        }
        view! {
            <section class=format!("{CARD} mt-4") aria-labelledby="privacy-found">
                <h2 id="privacy-found" class="text-lg font-semibold">{tf("bookings-of", &[("email", (&email).into())])}</h2>
                <ul class="mt-2 grid gap-1 text-sm" id="privacy-bookings">
                    {rows.into_iter().map(|r| view! {
                        <li><a class="text-sky-800 underline dark:text-sky-300" href=format!("/admin/bookings/{}", r.id)>{format!("{} \u{00b7} {}", r.when, r.event)}</a>{format!(" \u{00b7} {}", r.status)}</li>
                    }).collect_view()}
                </ul>
                <p class="mt-4"><a href=json_href class=BUTTON download="personal-data.json">{t("download-json")}</a></p>
                <form method="post" action=erase_action novalidate class="mt-4 grid gap-3 border-t border-slate-200 pt-4 dark:border-slate-700">
                    <input type="hidden" name="csrf" value=csrf />
                    <input type="hidden" name="email" value=email.clone() />
                    <p id="privacy-erase-what" class="text-sm">{t("names-email-addresses-phone-numbers-notes")}</p>
                    <div class="flex min-h-6 items-center gap-2">
                        <input type="checkbox" id="privacy-confirm" name="confirm" value="yes" required aria-describedby="privacy-erase-what" class="h-5 w-5 accent-sky-700" />
                        <label for="privacy-confirm" class="text-sm">{t("i-understand-that-this-cannot-be")}</label>
                    </div>
                    <p><button type="submit" class="min-h-11 rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700">{t("erase-all-data")}</button></p>
                </form>
            </section>
        }.into_any()
    });
    view! {
        <p class="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("everything-held-about-one-attendees-email")}</p>
        {erased.map(|n| {
            let count: i64 = n.parse().unwrap_or(0);
            view! { <p role="status" class=SAVED>{tf("data-erased", &[("count", count.into())])}</p> }
        })}
        {refused.map(|r| view! { <p role="alert" class=ALERT>{r.0}</p> })}
        <form method="get" action="/admin/privacy" id="privacy-find" class="mt-4 flex flex-wrap items-end gap-3">
            <div>
                <label for="privacy-email" class="block text-sm font-medium">{t("email")}</label>
                <input id="privacy-email" type="email" name="email" value=email.clone() autocomplete="off" class=FIELD
                    aria-invalid=error.as_ref().map(|_| "true")
                    aria-describedby=error.as_ref().map(|_| "privacy-email-error") />
            </div>
            <button type="submit" class=BUTTON>{t("find")}</button>
        </form>
        {error.map(|e| view! { <p id="privacy-email-error" role="alert" class=ALERT>{e}</p> })}
        {results}
    }
}
