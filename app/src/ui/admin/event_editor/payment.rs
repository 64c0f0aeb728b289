//! The Payment tab: the price, paying offline and its instructions.

use crate::texts::dashboard::{t, tf};
use leptos::prelude::*;

use super::form_keys;
use crate::model::event_tabs::PaymentTab;
use crate::model::public::FormState;
use crate::ui::admin::style::{ERROR, FIELD, PRIMARY};

/// "Payment": whether bookings of this event are paid, the price and how to pay offline.
#[component]
pub(super) fn PaymentForm(
    payment: PaymentTab,
    form: FormState,
    action: String,
    csrf: String,
) -> impl IntoView {
    let checked = |name: &str, stored: bool| form.ticked(name, stored);
    let text = |name: &str, stored: &str| form.shown(name, stored);
    let take = checked("take_payment", payment.event_enabled);
    let offline = checked("offline", payment.offline_enabled);
    let price_title = text("price_title", &payment.price_title);
    let price = text("price", &payment.price);
    let instructions = text("instructions", &payment.instructions);
    let error = |key: &str| form.errors.get(key).cloned();
    let invalid = |id: &str| form.errors.contains_key(id).then_some("true");
    view! {
        <form method="post" action=action class="max-w-2xl space-y-4" id="payment-form">
            {form_keys(&csrf, "payment")}
            <p class="text-sm text-slate-600 dark:text-slate-300">
                {if payment.payments_active {
                    tf("payments-on-in", &[("currency", (&payment.currency).into())])
                } else {
                    t("payments-are-switched-off-for-this").to_string()
                }}
                " "{t("the-currency-and-number-format-are")}" "
                <a href="/admin/settings#payments" class="text-sky-800 underline dark:text-sky-300">{t("settings-payments")}</a>"."
            </p>
            <p class="text-sm">{if payment.event_enabled { t("bookings-of-this-event-take-payment") } else { t("bookings-of-this-event-are-free") }}</p>
            <div class="flex items-center gap-2">
                <input id="p-take" type="checkbox" name="take_payment" checked=take class="h-5 w-5" aria-invalid=invalid("take_payment") />
                <label for="p-take" class="text-sm font-medium">{t("take-payment-for-bookings")}</label>
            </div>
            {error("take_payment").map(|e| view! { <p class=ERROR>{e}</p> })}
            <div class="flex items-center gap-2">
                <input id="p-offline" type="checkbox" name="offline" checked=offline class="h-5 w-5" aria-invalid=invalid("offline") aria-describedby="p-offline-error" />
                <label for="p-offline" class="text-sm font-medium">{t("attendees-pay-offline-you-mark-bookings")}</label>
            </div>
            {error("offline").map(|e| view! { <p id="p-offline-error" class=ERROR>{e}</p> })}
            <div class="flex flex-wrap gap-3">
                <div>
                    <label for="p-price-title" class="block text-sm font-medium">{t("price-name")}</label>
                    <input id="p-price-title" name="price_title" value=price_title class=FIELD aria-invalid=invalid("price_title") />
                    {error("price_title").map(|e| view! { <p class=ERROR>{e}</p> })}
                </div>
                <div>
                    <label for="p-price" class="block text-sm font-medium">{tf("price-in", &[("currency", (&payment.currency).into())])}</label>
                    <input id="p-price" name="price" value=price inputmode="decimal" class=FIELD aria-invalid=invalid("price") />
                    {error("price").map(|e| view! { <p class=ERROR>{e}</p> })}
                </div>
            </div>
            {payment.per_duration.then(|| view! { <p class="text-sm text-slate-600 dark:text-slate-300">{t("this-event-has-a-price-per")}</p> })}
            <div>
                <label for="p-instructions" class="block text-sm font-medium">{t("how-to-pay")}</label>
                <p id="p-instructions-hint" class="text-xs text-slate-600 dark:text-slate-300">{t("shown-to-attendees-on-the-booking")}</p>
                <textarea id="p-instructions" name="instructions" rows="4" class=FIELD aria-describedby="p-instructions-hint">{crate::ui::textarea_text(&instructions)}</textarea>
            </div>
            <button type="submit" class=PRIMARY>{t("save")}</button>
        </form>
    }
}
