//! The Booking form tab: the fields an attendee fills in, in order.

use crate::texts::dashboard::{t, tf};
use leptos::prelude::*;

use super::form_keys;
use crate::model::event_tabs::{CHOICE_TYPES, FIELD_TYPES, FieldLine, type_name};
use crate::model::public::FormState;
use crate::ui::admin::style::{BUTTON, ERROR, FIELD, PRIMARY};

/// "Booking fields": the form's fields in order, each with "Move up", "Move down", "Edit" and
/// (custom fields) "Remove"; "Add field" below. `edit` opens one field's edit form instead.
#[component]
pub(super) fn FieldsForm(
    fields: Vec<FieldLine>,
    edit: Option<String>,
    form: FormState,
    base: String,
    csrf: String,
) -> impl IntoView {
    let action = format!("{base}?tab=booking-fields");
    let error = |key: &str| form.errors.get(key).cloned();
    if let Some(field) = edit.and_then(|name| fields.iter().find(|f| f.name == name).cloned()) {
        return edit_form(field, &form, &action, &csrf);
    }
    let count = fields.len();
    let adding = form.value("op") == "add";
    let value = |name: &str| {
        if adding {
            form.value(name)
        } else {
            String::new()
        }
    };
    let new_type = if adding {
        form.value("type")
    } else {
        "text".to_string()
    };
    let (label_error, type_error, options_error) =
        (error("label"), error("type"), error("options"));
    view! {
        <p class="text-sm text-slate-600 dark:text-slate-300">{t("the-booking-form-asks-these-in")}</p>
        <ol class="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700" id="fields-list">
            {fields.into_iter().enumerate().map(|(i, field)| {
                let title_id = format!("field-{i}-title");
                let state = match (field.enabled, field.required) {
                    (false, _) => t("hidden"),
                    (true, true) => t("required"),
                    (true, false) => t("optional"),
                };
                view! {
                    <li class="flex flex-wrap items-center gap-x-4 gap-y-2 p-3">
                        <div class="min-w-40 flex-1">
                            <p id=title_id.clone() class="font-medium">{field.label.clone()}</p>
                            <p class="text-xs text-slate-600 dark:text-slate-300">{format!("{} · {state}", type_name(&field.kind))}</p>
                        </div>
                        <form method="post" action=action.clone() class="flex flex-wrap gap-2">
                            {form_keys(&csrf, "booking-fields")}
                            <button type="submit" name="op" value=format!("up:{i}") disabled=i == 0 aria-describedby=title_id.clone() class=BUTTON>{t("move-up")}</button>
                            <button type="submit" name="op" value=format!("down:{i}") disabled=i + 1 == count aria-describedby=title_id.clone() class=BUTTON>{t("move-down")}</button>
                            <a href=format!("{action}&edit={}", field.name) aria-describedby=title_id.clone() class=BUTTON>{t("edit")}</a>
                            {(!field.system).then(|| view! {
                                <button type="submit" name="op" value=format!("remove:{i}") aria-describedby=title_id.clone() class=BUTTON>{t("remove")}</button>
                            })}
                        </form>
                    </li>
                }
            }).collect_view()}
        </ol>
        <form method="post" action=action.clone() class="mt-6 max-w-xl" id="add-field-form">
            {form_keys(&csrf, "booking-fields")}
            <fieldset class="space-y-4 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
                <legend class="px-1 font-semibold">{t("add-field")}</legend>
                <div>
                    <label for="new-label" class="block text-sm font-medium">{t("label")}</label>
                    <input id="new-label" name="label" value=value("label") class=FIELD
                        aria-invalid=label_error.as_ref().map(|_| "true") aria-describedby=label_error.as_ref().map(|_| "new-label-error") />
                    {label_error.map(|e| view! { <p id="new-label-error" class=ERROR>{e}</p> })}
                </div>
                <div>
                    <label for="new-type" class="block text-sm font-medium">{t("type")}</label>
                    <select id="new-type" name="type" class=FIELD aria-invalid=type_error.as_ref().map(|_| "true")>
                        {FIELD_TYPES.iter().map(|(kind, name)| view! {
                            <option value=*kind selected=*kind == new_type>{t(name)}</option>
                        }).collect_view()}
                    </select>
                    {type_error.map(|e| view! { <p class=ERROR>{e}</p> })}
                </div>
                <div>
                    <label for="new-options" class="block text-sm font-medium">{t("options")}</label>
                    <textarea id="new-options" name="options" rows="3" class=FIELD aria-describedby="new-options-hint"
                        aria-invalid=options_error.as_ref().map(|_| "true")>{crate::ui::textarea_text(&value("options"))}</textarea>
                    <p id="new-options-hint" class="mt-1 text-xs text-slate-600 dark:text-slate-300">{t("for-dropdown-radio-buttons-checkboxes-and")}</p>
                    {options_error.map(|e| view! { <p class=ERROR>{e}</p> })}
                </div>
                <label class="inline-flex min-h-10 items-center gap-2 text-sm">
                    <input type="checkbox" name="required" checked=adding && form.value("required") == "on" class="size-5" />{t("required")}
                </label>
                <div><button type="submit" name="op" value="add" class=PRIMARY>{t("add-field")}</button></div>
            </fieldset>
        </form>
    }
    .into_any()
}

/// One field's edit form: its label, its choices (choice fields) and, unless every booking
/// needs it, whether it is required and shown.
fn edit_form(field: FieldLine, form: &FormState, action: &str, csrf: &str) -> AnyView {
    let error = |key: &str| form.errors.get(key).cloned();
    let posted = form.value("op") == "update";
    let label = if posted {
        form.value("label")
    } else {
        field.label.clone()
    };
    let required = if posted {
        form.value("required") == "on"
    } else {
        field.required
    };
    let shown = if posted {
        form.value("enabled") == "on"
    } else {
        field.enabled
    };
    let options = if posted {
        form.value("options")
    } else {
        field.options.join("\n")
    };
    let label_error = error("label");
    let options_error = error("options");
    let choice = CHOICE_TYPES.contains(&field.kind.as_str());
    view! {
        <form method="post" action=format!("{action}&edit={}", field.name) class="max-w-xl space-y-4" id="field-edit-form">
            {form_keys(csrf, "booking-fields")}
            <input type="hidden" name="field" value=field.name.clone() />
            <h2 class="text-lg font-semibold">{tf("edit-field", &[("label", (&field.label).into())])}</h2>
            <p class="text-sm text-slate-600 dark:text-slate-300">{tf("field-type", &[("type", (&type_name(&field.kind)).into())])}</p>
            <div>
                <label for="f-label" class="block text-sm font-medium">{t("label")}</label>
                <input id="f-label" name="label" value=label class=FIELD
                    aria-invalid=label_error.as_ref().map(|_| "true") aria-describedby=label_error.as_ref().map(|_| "f-label-error") />
                {label_error.map(|e| view! { <p id="f-label-error" class=ERROR>{e}</p> })}
            </div>
            {choice.then(|| view! {
                <div>
                    <label for="f-options" class="block text-sm font-medium">{t("options")}</label>
                    <textarea id="f-options" name="options" rows="4" class=FIELD aria-describedby="f-options-hint"
                        aria-invalid=options_error.as_ref().map(|_| "true")>{crate::ui::textarea_text(&options)}</textarea>
                    <p id="f-options-hint" class="mt-1 text-xs text-slate-600 dark:text-slate-300">{t("one-choice-per-line")}</p>
                    {options_error.map(|e| view! { <p class=ERROR>{e}</p> })}
                </div>
            })}
            {if field.locked {
                view! { <p class="text-sm text-slate-600 dark:text-slate-300">{t("every-booking-needs-this-field-it")}</p> }.into_any()
            } else {
                view! {
                    <div class="flex flex-wrap gap-6">
                        <label class="inline-flex min-h-10 items-center gap-2 text-sm"><input type="checkbox" name="required" checked=required class="size-5" />{t("required")}</label>
                        <label class="inline-flex min-h-10 items-center gap-2 text-sm"><input type="checkbox" name="enabled" checked=shown class="size-5" />{t("shown-on-the-form")}</label>
                    </div>
                }.into_any()
            }}
            <div class="flex flex-wrap items-center gap-3">
                <button type="submit" name="op" value="update" class=PRIMARY>{t("save")}</button>
                <a href=action.to_string() class="text-sm text-sky-800 underline dark:text-sky-300">{t("back-to-the-fields")}</a>
            </div>
        </form>
    }
    .into_any()
}
