//! Form pieces the setup pages share: a labelled input with its message, the refusal
//! summary, and the time-zone select.

use crate::texts::dashboard::t;
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
    #[prop(default = t("time-zone"))] label: &'static str,
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

/// "Hosts": a checkbox per user who may host (`hosts=` ids), with the refusal under it.
#[component]
pub fn HostChecklist(
    choices: Vec<(i64, String)>,
    chosen: Vec<i64>,
    error: Option<String>,
) -> impl IntoView {
    view! {
        <fieldset>
            <legend class="text-sm font-medium">{t("hosts")}</legend>
            <div class="mt-1 grid gap-1">
                {choices.into_iter().map(|(id, name)| view! {
                    <label class="flex min-h-8 items-center gap-2 text-sm">
                        <input type="checkbox" name="hosts" value=id.to_string() checked=chosen.contains(&id) class="size-5" />{name}
                    </label>
                }).collect_view()}
            </div>
            {error.map(|e| view! { <p class=ERROR>{e}</p> })}
        </fieldset>
    }
}
