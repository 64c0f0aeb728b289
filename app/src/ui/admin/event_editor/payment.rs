//! The Payment tab: the price, paying offline and its instructions.

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
                    format!("Payments are switched on for this site, in {}.", payment.currency)
                } else {
                    "Payments are switched off for this site: bookings stay free until they are switched on.".to_string()
                }}
                " The currency and number format are set under "
                <a href="/admin/settings#payments" class="text-sky-800 underline dark:text-sky-300">"Settings, Payments"</a>"."
            </p>
            <p class="text-sm">{if payment.event_enabled { "Bookings of this event take payment." } else { "Bookings of this event are free: no payment is asked for." }}</p>
            <div class="flex items-center gap-2">
                <input id="p-take" type="checkbox" name="take_payment" checked=take class="h-5 w-5" aria-invalid=invalid("take_payment") />
                <label for="p-take" class="text-sm font-medium">"Take payment for bookings"</label>
            </div>
            {error("take_payment").map(|e| view! { <p class=ERROR>{e}</p> })}
            <div class="flex items-center gap-2">
                <input id="p-offline" type="checkbox" name="offline" checked=offline class="h-5 w-5" aria-invalid=invalid("offline") aria-describedby="p-offline-error" />
                <label for="p-offline" class="text-sm font-medium">"Attendees pay offline (you mark bookings paid)"</label>
            </div>
            {error("offline").map(|e| view! { <p id="p-offline-error" class=ERROR>{e}</p> })}
            <div class="flex flex-wrap gap-3">
                <div>
                    <label for="p-price-title" class="block text-sm font-medium">"Price name"</label>
                    <input id="p-price-title" name="price_title" value=price_title class=FIELD aria-invalid=invalid("price_title") />
                    {error("price_title").map(|e| view! { <p class=ERROR>{e}</p> })}
                </div>
                <div>
                    <label for="p-price" class="block text-sm font-medium">{format!("Price ({})", payment.currency)}</label>
                    <input id="p-price" name="price" value=price inputmode="decimal" class=FIELD aria-invalid=invalid("price") />
                    {error("price").map(|e| view! { <p class=ERROR>{e}</p> })}
                </div>
            </div>
            {payment.per_duration.then(|| view! { <p class="text-sm text-slate-600 dark:text-slate-300">"This event has a price per duration (set through the REST API); it applies instead of this price."</p> })}
            <div>
                <label for="p-instructions" class="block text-sm font-medium">"How to pay"</label>
                <p id="p-instructions-hint" class="text-xs text-slate-600 dark:text-slate-300">"Shown to attendees on the booking form, such as bank details or \"pay at the front desk\"."</p>
                <textarea id="p-instructions" name="instructions" rows="4" class=FIELD aria-describedby="p-instructions-hint">{crate::ui::textarea_text(&instructions)}</textarea>
            </div>
            <button type="submit" class=PRIMARY>"Save"</button>
        </form>
    }
}
