//! What the event editor's later tabs show (booking fields, webhooks, advanced, notifications,
//! payment), and the pure edits of the booking-fields form. Computed by
//! `service::event_tabs`.

use serde::{Deserialize, Serialize};

/// One field of the booking form, as the "Booking fields" tab lists it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct FieldLine {
    /// The answer's key (`email`, `custom_company`).
    pub name: String,
    pub label: String,
    /// The REST `type` (`text`, `dropdown`, ...).
    pub kind: String,
    pub required: bool,
    pub enabled: bool,
    /// A system field (name, email, ...): may be relabelled and toggled, not removed.
    pub system: bool,
    /// A field whose required/shown switches are fixed (name and email).
    pub locked: bool,
    /// The choices of a choice field.
    pub options: Vec<String>,
}

/// The types a new field may have, as (REST `type`, the message id of the name the form
/// shows).
pub const FIELD_TYPES: [(&str, &str); 13] = [
    ("text", "field-type-text"),
    ("textarea", "field-type-textarea"),
    ("email", "field-type-email"),
    ("number", "field-type-number"),
    ("phone", "field-type-phone"),
    ("dropdown", "field-type-dropdown"),
    ("radio", "field-type-radio"),
    ("checkbox-group", "field-type-checkbox-group"),
    ("multi-select", "field-type-multi-select"),
    ("checkbox", "field-type-checkbox"),
    ("date", "field-type-date"),
    ("terms-and-conditions", "field-type-terms-and-conditions"),
    ("hidden", "field-type-hidden"),
];

/// Types whose field needs a list of choices.
pub const CHOICE_TYPES: [&str; 4] = ["dropdown", "radio", "checkbox-group", "multi-select"];

/// The name a type is shown by (system types fall back to their REST name).
pub fn type_name(kind: &str) -> String {
    FIELD_TYPES.iter().find(|(k, _)| *k == kind).map_or_else(
        || kind.replace('-', " "),
        |(_, id)| crate::texts::dashboard::t(id).to_string(),
    )
}

/// What a button of the booking-fields tab asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FieldsOp {
    /// "Add field": a new field from `label`, `type`, `required`, `options`.
    Add,
    /// "Save" of one field's edit form (`field` names it).
    Update,
    Up(usize),
    Down(usize),
    Remove(usize),
}

impl FieldsOp {
    /// `op=add`, `update`, `up:2`, `down:0`, `remove:3`.
    pub fn parse(text: &str) -> Option<FieldsOp> {
        let index = |i: Option<&str>| i.and_then(|i| i.parse::<usize>().ok());
        let mut parts = text.splitn(2, ':');
        match (parts.next()?, parts.next()) {
            ("add", None) => Some(FieldsOp::Add),
            ("update", None) => Some(FieldsOp::Update),
            ("up", i) => index(i).map(FieldsOp::Up),
            ("down", i) => index(i).map(FieldsOp::Down),
            ("remove", i) => index(i).map(FieldsOp::Remove),
            _ => None,
        }
    }
}

/// One choice per line, blank lines dropped.
fn choices(text: &str) -> Vec<String> {
    text.lines()
        .map(str::trim)
        .filter(|o| !o.is_empty())
        .map(str::to_string)
        .collect()
}

/// Applies a move, a removal (system fields stay) or one field's edit (`field`, `label`,
/// `required`, `enabled`, `options`; the switches of a locked field stay). "Add" changes
/// nothing here: the new field comes from [`new_field_from_form`].
pub fn apply_fields_op(
    lines: &mut Vec<FieldLine>,
    op: &FieldsOp,
    form: &crate::model::public::FormState,
) {
    match *op {
        FieldsOp::Up(i) if i > 0 && i < lines.len() => lines.swap(i - 1, i),
        FieldsOp::Down(i) if i + 1 < lines.len() => lines.swap(i, i + 1),
        FieldsOp::Remove(i) if i < lines.len() && !lines[i].system => {
            lines.remove(i);
        }
        FieldsOp::Update => {
            let name = form.value("field");
            if let Some(line) = lines.iter_mut().find(|l| l.name == name) {
                line.label = form.value("label").trim().to_string();
                if !line.locked {
                    line.required = form.value("required") == "on";
                    line.enabled = form.value("enabled") == "on";
                }
                if CHOICE_TYPES.contains(&line.kind.as_str()) {
                    line.options = choices(&form.value("options"));
                }
            }
        }
        _ => {}
    }
}

/// The "Add field" form: `label`, `type`, `required`, `options` (one choice per line).
pub fn new_field_from_form(form: &crate::model::public::FormState) -> FieldLine {
    FieldLine {
        name: String::new(),
        label: form.value("label").trim().to_string(),
        kind: form.value("type"),
        required: form.value("required") == "on",
        enabled: true,
        system: false,
        locked: false,
        options: choices(&form.value("options")),
    }
}

/// The "Webhooks" tab: the event's feeds with their recent deliveries.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct WebhooksTab {
    pub feeds: Vec<WebhookLine>,
    /// (trigger key, label) a feed may subscribe to.
    pub triggers: Vec<(String, String)>,
    /// The zone the log's times are in (the calendar's).
    pub zone: String,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct WebhookLine {
    pub id: i64,
    pub name: String,
    /// The target without userinfo and query (they may hold secrets).
    pub url: String,
    pub enabled: bool,
    /// Labels of the subscribed triggers.
    pub triggers: Vec<String>,
    /// Newest first.
    pub deliveries: Vec<DeliveryLine>,
}

/// One delivery attempt of a feed.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct DeliveryLine {
    /// "2026-11-24 09:30" in the calendar's zone.
    pub at: String,
    /// The trigger's label, or "Test".
    pub trigger: String,
    /// The endpoint's HTTP status, when it answered.
    pub status: Option<u16>,
    pub ok: bool,
    /// Why it failed, or where it went.
    pub detail: String,
}

/// The "Advanced" tab.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct AdvancedTab {
    pub requires_confirmation: bool,
    pub cancel: Policy,
    pub reschedule: Policy,
    pub multi_duration: bool,
    /// "15, 30, 60".
    pub durations: String,
    pub default_duration: String,
    pub recurring: bool,
    /// `daily`, `weekly` or `monthly`.
    pub frequency: String,
    pub interval: String,
    pub max_count: String,
    pub is_count_fixed: bool,
    pub hold_minutes: String,
    /// Empty: no per-attendee limit.
    pub attendee_limit: String,
    pub secret: bool,
    pub agents_may_book: bool,
    pub waitlist: bool,
    pub offer_minutes: String,
    /// One domain per line.
    pub allowed_domains: String,
    pub blocked_domains: String,
    pub video_link_template: String,
}

/// When an attendee may cancel or reschedule.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Policy {
    /// `allowed`, `never` or `before` (not within `value` `unit` of the start).
    pub mode: String,
    pub value: String,
    /// `minutes`, `hours` or `days`.
    pub unit: String,
}

/// The "Payment" tab: the event's price and how attendees pay, and the site's switch.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct PaymentTab {
    pub event_enabled: bool,
    pub payments_active: bool,
    pub currency: String,
    pub offline_enabled: bool,
    /// The first price line: its title and amount as typed ("49.50").
    pub price_title: String,
    pub price: String,
    /// Plain text shown to attendees who pay offline.
    pub instructions: String,
    /// The price depends on the duration (edited through the REST route only).
    pub per_duration: bool,
}

/// One email notification as the "Notifications" tab lists and edits it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct NotificationLine {
    /// `booking_conf_attendee`, ….
    pub key: String,
    pub title: String,
    /// Goes to the host (else to the attendee).
    pub to_host: bool,
    pub enabled: bool,
    pub subject: String,
    pub body: String,
    pub copies: String,
    /// Reminders: their times as the form writes them ("15 minutes, 1 day").
    pub times: Option<String>,
}

/// Reminder times as the form writes them: "15 minutes, 2 hours, 1 day".
pub fn times_text(times: &[(i64, String)]) -> String {
    times
        .iter()
        .map(|(value, unit)| {
            let unit = if *value == 1 {
                unit.trim_end_matches('s').to_string()
            } else {
                unit.clone()
            };
            format!("{value} {unit}")
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Reads "15 minutes, 2 hours, 1 day" back as (value, `minutes|hours|days`); `None` when a
/// part is not a whole number and one of those units.
pub fn parse_times_text(text: &str) -> Option<Vec<(i64, String)>> {
    text.split(',')
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(|part| {
            let (value, unit) = part.split_once(' ')?;
            let value: i64 = value.trim().parse().ok()?;
            let unit = match unit.trim().to_lowercase().trim_end_matches('s') {
                "minute" | "min" => "minutes",
                "hour" => "hours",
                "day" => "days",
                _ => return None,
            };
            Some((value, unit.to_string()))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::public::FormState;

    #[test]
    fn reminder_times_read_back_what_they_write() {
        let times = vec![(15, "minutes".to_string()), (1, "days".to_string())];
        assert_eq!(times_text(&times), "15 minutes, 1 day");
        assert_eq!(parse_times_text("15 minutes, 1 day"), Some(times));
        assert_eq!(
            parse_times_text("2 Hours"),
            Some(vec![(2, "hours".to_string())])
        );
        assert_eq!(parse_times_text("soon"), None);
        assert_eq!(parse_times_text("3 weeks"), None);
    }

    fn line(name: &str, system: bool) -> FieldLine {
        FieldLine {
            name: name.into(),
            label: name.into(),
            kind: "text".into(),
            enabled: true,
            system,
            ..FieldLine::default()
        }
    }

    #[test]
    fn an_edit_changes_one_field_and_keeps_a_locked_fields_switches() {
        let mut lines = vec![line("name", true), line("custom_a", false)];
        lines[0].locked = true;
        lines[0].required = true;
        lines[1].kind = "dropdown".into();
        let pairs = |list: &[(&str, &str)]| {
            let owned: Vec<(String, String)> = list
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect();
            FormState::from_pairs(&owned)
        };
        let edit = pairs(&[
            ("field", "custom_a"),
            ("label", " Company size "),
            ("required", "on"),
            ("options", "1-10\n\n11-50\n"),
        ]);
        apply_fields_op(&mut lines, &FieldsOp::Update, &edit);
        assert_eq!(lines[1].label, "Company size");
        assert!(lines[1].required && !lines[1].enabled);
        assert_eq!(lines[1].options, ["1-10", "11-50"]);
        let edit_locked = pairs(&[("field", "name"), ("label", "Full name")]);
        apply_fields_op(&mut lines, &FieldsOp::Update, &edit_locked);
        assert_eq!(lines[0].label, "Full name");
        assert!(lines[0].required, "a locked field stays required");
        let new = new_field_from_form(&pairs(&[("label", "Phone"), ("type", "phone")]));
        assert_eq!((new.kind.as_str(), new.required), ("phone", false));
    }

    #[test]
    fn moves_stay_in_bounds_and_system_fields_are_not_removed() {
        let none = FormState::default();
        let mut lines = vec![line("name", true), line("a", false), line("b", false)];
        apply_fields_op(&mut lines, &FieldsOp::parse("up:0").expect("op"), &none);
        assert_eq!(lines[0].name, "name");
        apply_fields_op(&mut lines, &FieldsOp::parse("down:0").expect("op"), &none);
        assert_eq!(lines[1].name, "name");
        apply_fields_op(&mut lines, &FieldsOp::parse("down:2").expect("op"), &none);
        assert_eq!(lines[2].name, "b");
        apply_fields_op(&mut lines, &FieldsOp::Remove(1), &none);
        assert_eq!(lines.len(), 3, "a system field stays");
        apply_fields_op(&mut lines, &FieldsOp::Remove(2), &none);
        assert_eq!(
            lines.iter().map(|l| l.name.as_str()).collect::<Vec<_>>(),
            ["a", "name"]
        );
        assert_eq!(FieldsOp::parse("up:x"), None);
        assert_eq!(FieldsOp::parse("add"), Some(FieldsOp::Add));
    }

    #[test]
    fn field_types_have_their_names() {
        assert_eq!(type_name("textarea"), "Paragraph");
    }
}
