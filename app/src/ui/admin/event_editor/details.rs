//! The Details tab: title, duration, description, colour, locations, and a team event's hosts.

use crate::texts::dashboard::{t, tf};
use leptos::prelude::*;

use crate::model::public::FormState;
use crate::model::setup::{EventEditor, LOCATION_CHOICES, LocationDraft};
use crate::ui::admin::forms::HostChecklist;
use crate::ui::admin::style::{BUTTON, ERROR, FIELD, PRIMARY};

#[component]
pub(super) fn DetailsForm(
    editor: EventEditor,
    form: FormState,
    action: String,
    csrf: String,
) -> impl IntoView {
    // A refused "Save hosts" belongs to the hosts form, anything else to the details.
    let (form, hosts_form) = if form.value("op") == "hosts" {
        (FormState::default(), form)
    } else {
        (form, FormState::default())
    };
    let (hosts_action, hosts_csrf) = (action.clone(), csrf.clone());
    let value = |name: &str, stored: String| form.shown(name, &stored);
    let title = value("title", editor.title.clone());
    let duration = value("duration", editor.duration.to_string());
    let description = value("description", editor.description.clone());
    let status = value("status", editor.status.clone());
    let error = |name: &str| form.errors.get(name).cloned();
    let described = |name: &str| error(name).map(|_| format!("f-{name}-error"));
    view! {
        <form method="post" action=action class="max-w-xl space-y-4" id="details-form">
            <input type="hidden" name="csrf" value=csrf />
            <input type="hidden" name="tab" value="details" />
            <div>
                <label for="f-title" class="block text-sm font-medium">{t("title")}</label>
                <input id="f-title" name="title" value=title required class=FIELD
                    aria-invalid=error("title").map(|_| "true") aria-describedby=described("title") />
                {error("title").map(|e| view! { <p id="f-title-error" class=ERROR>{e}</p> })}
            </div>
            <div>
                <label for="f-duration" class="block text-sm font-medium">{t("duration")}</label>
                <input id="f-duration" name="duration" type="number" min="5" max="1440" value=duration required class=FIELD
                    aria-invalid=error("duration").map(|_| "true") aria-describedby=described("duration") />
                {error("duration").map(|e| view! { <p id="f-duration-error" class=ERROR>{e}</p> })}
            </div>
            <div>
                <label for="f-description" class="block text-sm font-medium">{t("description")}</label>
                <textarea id="f-description" name="description" rows="4" class=FIELD
                    aria-invalid=error("description").map(|_| "true") aria-describedby=described("description")>
                    {crate::ui::textarea_text(&description)}
                </textarea>
                {error("description").map(|e| view! { <p id="f-description-error" class=ERROR>{e}</p> })}
            </div>
            <div>
                <label for="f-color_schema" class="block text-sm font-medium">{t("colour")}</label>
                <input id="f-color_schema" name="color_schema" type="color" value=value("color_schema", editor.color.clone())
                    class="mt-1 block h-10 w-20 rounded-md border border-slate-400 bg-white p-1 dark:border-slate-600 dark:bg-slate-950"
                    aria-invalid=error("color_schema").map(|_| "true") aria-describedby=described("color_schema") />
                {error("color_schema").map(|e| view! { <p id="f-color_schema-error" class=ERROR>{e}</p> })}
            </div>
            {
                // Every location, then an empty one to add another (up to the limit). A refused
                // form shows as many as were posted (their values come from the form).
                let max = crate::model::setup::MAX_LOCATIONS;
                let posted = (0..max)
                    .filter(|i| form.values.contains_key(&format!("location_type{}", LocationDraft::suffix(*i))))
                    .max()
                    .map_or(0, |last| last + 1);
                let stored = editor.locations.len().max(posted);
                let mut slots = editor.locations.clone();
                slots.resize(stored.min(max), LocationDraft::default());
                if slots.len() < max {
                    slots.push(LocationDraft::default());
                }
                slots.into_iter().enumerate().map(|(index, location)| {
                    let adding = index >= stored.max(1);
                    view! { <LocationFields location index adding form=form.clone() /> }
                }).collect_view()
            }

            {(editor.event_type == "group").then(|| {
                let seats = value("seats", editor.seats.to_string());
                view! {
                    <div>
                        <label for="f-seats" class="block text-sm font-medium">{t("seats-per-time")}</label>
                        <input id="f-seats" name="seats" type="number" min="1" value=seats class=FIELD
                            aria-invalid=error("max_book_per_slot").map(|_| "true") aria-describedby=described("max_book_per_slot") />
                        {error("max_book_per_slot").map(|e| view! { <p id="f-max_book_per_slot-error" class=ERROR>{e}</p> })}
                    </div>
                }
            })}
            <div>
                <label for="f-status" class="block text-sm font-medium">{t("status")}</label>
                <select id="f-status" name="status" class=FIELD>
                    <option value="active" selected=status == "active">{t("active-bookable")}</option>
                    <option value="draft" selected=status == "draft">{t("draft-hidden")}</option>
                </select>
            </div>
            <button type="submit" class=PRIMARY>{t("save")}</button>
        </form>
        {(!editor.host_choices.is_empty()).then(|| view! {
            <HostsForm editor=editor.clone() form=hosts_form.clone() action=hosts_action.clone() csrf=hosts_csrf.clone() />
        })}
    }
}

/// A team event's "Hosts", saved on their own ("Update hosts"; not "Save", which is the tab's).
#[component]
pub(super) fn HostsForm(
    editor: EventEditor,
    form: FormState,
    action: String,
    csrf: String,
) -> impl IntoView {
    let error = form.errors.get("hosts").cloned();
    let chosen: Vec<i64> = if form.values.is_empty() {
        editor.hosts.clone()
    } else {
        form.numbers("hosts")
    };
    view! {
        <form method="post" action=action class="mt-6 max-w-xl rounded-lg border border-slate-200 p-3 dark:border-slate-700" id="hosts-form">
            <input type="hidden" name="csrf" value=csrf />
            <input type="hidden" name="tab" value="details" />
            <HostChecklist choices=editor.host_choices.clone() chosen error />
            <button type="submit" name="op" value="hosts" class=format!("mt-3 {BUTTON}")>{t("update-hosts")}</button>
        </form>
    }
}

/// Where the meeting happens: a kind, and the texts that kind uses (all shown, so the form
/// needs no script; each says which kinds use it). `index` 0 is the first location (names
/// without a suffix); `adding` marks the empty slot that adds one more.
#[component]
pub(super) fn LocationFields(
    location: LocationDraft,
    index: usize,
    adding: bool,
    form: FormState,
) -> impl IntoView {
    let suffix = LocationDraft::suffix(index);
    let value = |name: &str, stored: &str| form.shown(name, stored);
    let named = |base: &str| format!("{base}{suffix}");
    // Only the first location's labels are plain; the others say which one they are.
    let tagged = |label: &str| {
        if index == 0 {
            label.to_string()
        } else {
            format!("{label} (location {})", index + 1)
        }
    };
    let kind_name = named("location_type");
    let kind = value(&kind_name, &location.kind);
    let texts = [
        (
            named("location_title"),
            tagged(t("place-or-title")),
            t("in-person-at-your-address-and"),
            location.title.clone(),
        ),
        (
            named("location_description"),
            tagged(t("address-or-details")),
            t("in-person-at-your-address-required"),
            location.description.clone(),
        ),
        (
            named("location_phone"),
            tagged(t("your-phone-number")),
            t("when-the-attendee-calls-you"),
            location.phone.clone(),
        ),
        (
            named("location_link"),
            tagged(t("meeting-link")),
            t("for-an-online-meeting-empty-sent"),
            location.link.clone(),
        ),
    ];
    let legend = match (index, adding) {
        (0, _) => t("location").to_string(),
        (_, true) => t("another-location").to_string(),
        (n, false) => tf("location-number", &[("number", (n + 1).into())]),
    };
    let kind_id = format!("f-{kind_name}");
    let kind_error = form.errors.get(&kind_name).cloned();
    view! {
        <fieldset class="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
            <legend class="px-1 text-sm font-semibold">{legend}</legend>
            {adding.then(|| view! {
                <p class="mb-2 text-xs text-slate-600 dark:text-slate-300">{t("choose-a-kind-to-offer-one")}</p>
            })}
            <div>
                <label for=kind_id.clone() class="block text-sm font-medium">{tagged(t("where"))}</label>
                <select id=kind_id name=kind_name.clone() class=FIELD
                    aria-invalid=kind_error.as_ref().map(|_| "true")>
                    {LOCATION_CHOICES.iter().map(|(value, label)| view! {
                        <option value=*value selected=kind == *value>{t(label)}</option>
                    }).collect_view()}
                </select>
                {kind_error.map(|e| view! { <p class=ERROR>{e}</p> })}
            </div>
            {texts.into_iter().map(|(name, label, hint, stored)| {
                let id = format!("f-{name}");
                let (hint_id, error_id) = (format!("{id}-hint"), format!("{id}-error"));
                let error = form.errors.get(&name).cloned();
                let described = match &error {
                    Some(_) => format!("{hint_id} {error_id}"),
                    None => hint_id.clone(),
                };
                let shown = value(&name, &stored);
                view! {
                    <div class="mt-3">
                        <label for=id.clone() class="block text-sm font-medium">{label}</label>
                        <input id=id name=name value=shown class=FIELD
                            aria-invalid=error.as_ref().map(|_| "true") aria-describedby=described />
                        <p id=hint_id class="mt-1 text-xs text-slate-600 dark:text-slate-300">{hint}</p>
                        {error.map(|e| view! { <p id=error_id class=ERROR>{e}</p> })}
                    </div>
                }
            }).collect_view()}
        </fieldset>
    }
}
