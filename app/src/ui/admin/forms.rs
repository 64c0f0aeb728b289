//! Form pieces the setup pages share: a labelled input with its message, the refusal
//! summary, and the time-zone select.

use leptos::prelude::*;

use super::style::{ALERT, ERROR, FIELD};
use crate::model::public::FormState;

/// A labelled input with its message (`aria-invalid`, `aria-describedby`) when refused.
#[component]
pub fn Field(
    form: FormState,
    name: &'static str,
    label: &'static str,
    #[prop(default = "text")] kind: &'static str,
    #[prop(optional)] value: String,
    #[prop(default = false)] required: bool,
) -> impl IntoView {
    let id = format!("f-{name}");
    let error_id = format!("{id}-error");
    let error = form.errors.get(name).cloned();
    let shown = if form.values.contains_key(name) {
        form.value(name)
    } else {
        value
    };
    view! {
        <div>
            <label for=id.clone() class="block text-sm font-medium">{label}</label>
            <input id=id name=name type=kind value=shown required=required class=FIELD
                aria-invalid=error.as_ref().map(|_| "true")
                aria-describedby=error.as_ref().map(|_| error_id.clone()) />
            {error.map(|e| view! { <p id=error_id class=ERROR>{e}</p> })}
        </div>
    }
}

/// The summary of a refused form.
#[component]
pub fn Refusal(form: FormState) -> impl IntoView {
    form.message.map(|m| {
        view! { <p role="alert" class=ALERT>{m}</p> }
    })
}

/// A select of every IANA zone ("Time zone" unless labelled otherwise), with its message when refused.
#[component]
pub fn ZoneField(
    form: FormState,
    name: &'static str,
    chosen: String,
    #[prop(default = "Time zone")] label: &'static str,
) -> impl IntoView {
    let id = format!("f-{name}");
    let error_id = format!("{id}-error");
    let error = form.errors.get(name).cloned();
    let chosen = if form.values.contains_key(name) {
        form.value(name)
    } else {
        chosen
    };
    view! {
        <div>
            <label for=id.clone() class="block text-sm font-medium">{label}</label>
            <select id=id name=name class=FIELD
                aria-invalid=error.as_ref().map(|_| "true")
                aria-describedby=error.as_ref().map(|_| error_id.clone())
                inner_html=crate::ui::zone_options(&chosen)>
            </select>
            {error.map(|e| view! { <p id=error_id class=ERROR>{e}</p> })}
        </div>
    }
}
