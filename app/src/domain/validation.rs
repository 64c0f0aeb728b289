//! Field errors in the shape of the error envelope: field -> rule -> message.

use std::collections::BTreeMap;

use serde::Serialize;

/// Collected validation failures; empty means valid.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct FieldErrors(BTreeMap<String, BTreeMap<String, String>>);

/// `key` under `prefix` as errors name it (`settings.range_days`; `key` alone without one).
pub fn field_under(prefix: &str, key: &str) -> String {
    if prefix.is_empty() {
        key.to_string()
    } else {
        format!("{prefix}.{key}")
    }
}

impl FieldErrors {
    pub fn new() -> Self {
        Self::default()
    }

    /// Records that `field` broke `rule`, explained by `message`.
    pub fn add(&mut self, field: impl Into<String>, rule: &str, message: impl Into<String>) {
        self.0
            .entry(field.into())
            .or_default()
            .insert(rule.to_string(), message.into());
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn contains(&self, field: &str) -> bool {
        self.0.contains_key(field)
    }

    /// Whether `field` or a field under it (`field.…`) has an error.
    pub fn contains_under(&self, field: &str) -> bool {
        self.0
            .range(field.to_string()..)
            .take_while(|(key, _)| key.starts_with(field))
            .any(|(key, _)| key.len() == field.len() || key[field.len()..].starts_with('.'))
    }

    /// The first message, used as the envelope's headline when there is one field only.
    pub fn first_message(&self) -> Option<&str> {
        self.0
            .values()
            .next()
            .and_then(|rules| rules.values().next())
            .map(String::as_str)
    }

    /// Moves every error of `other` under `prefix.` (used for nested bodies such as `calendar.slot`).
    pub fn merge_prefixed(&mut self, prefix: &str, other: FieldErrors) {
        for (field, rules) in other.0 {
            let key = field_under(prefix, &field);
            self.0.entry(key).or_default().extend(rules);
        }
    }

    /// Each field with its first message (what a form shows beside the field).
    pub fn messages(&self) -> impl Iterator<Item = (&str, &str)> {
        self.0.iter().filter_map(|(field, rules)| {
            rules.values().next().map(|m| (field.as_str(), m.as_str()))
        })
    }

    /// [`messages`](Self::messages) with the rule each broke: (field, rule, message).
    pub fn with_rules(&self) -> impl Iterator<Item = (&str, &str, &str)> {
        self.0.iter().filter_map(|(field, rules)| {
            rules
                .iter()
                .next()
                .map(|(rule, m)| (field.as_str(), rule.as_str(), m.as_str()))
        })
    }

    pub fn into_result(self) -> Result<(), FieldErrors> {
        if self.is_empty() { Ok(()) } else { Err(self) }
    }
}

/// Longest accepted plain-text field (titles, names); longer input is refused, not truncated.
pub const MAX_TITLE_CHARS: usize = 192;
/// Longest accepted rich-text field (descriptions), in characters before sanitizing.
pub const MAX_HTML_CHARS: usize = 20_000;

/// Checks a required plain-text field: present, not blank, not too long.
pub fn check_title(errors: &mut FieldErrors, field: &str, label: &str, value: Option<&str>) {
    match value.map(str::trim) {
        None | Some("") => errors.add(field, "required", format!("{label} field is required")),
        Some(v) if v.chars().count() > MAX_TITLE_CHARS => errors.add(
            field,
            "max",
            format!("The {field} may not be greater than {MAX_TITLE_CHARS} characters."),
        ),
        Some(_) => {}
    }
}

/// Checks an optional text field's length.
pub fn check_max_len(errors: &mut FieldErrors, field: &str, value: Option<&str>, max: usize) {
    if value.is_some_and(|v| v.chars().count() > max) {
        errors.add(
            field,
            "max",
            format!("The {field} may not be greater than {max} characters."),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_serialize_as_field_rule_message() {
        let mut errors = FieldErrors::new();
        errors.add("email", "email", "Please provide a valid email address");
        assert_eq!(
            serde_json::to_string(&errors).unwrap_or_default(),
            r#"{"email":{"email":"Please provide a valid email address"}}"#
        );
    }

    #[test]
    fn merge_prefixed_nests_field_names() {
        let mut inner = FieldErrors::new();
        inner.add("duration", "min", "The slot.duration must be at least 5.");
        let mut outer = FieldErrors::new();
        outer.merge_prefixed("calendar.slot", inner);
        assert!(outer.contains("calendar.slot.duration"));
    }

    #[test]
    fn check_title_refuses_blank_and_overlong_values() {
        let mut errors = FieldErrors::new();
        check_title(&mut errors, "title", "Event title", Some("   "));
        check_title(
            &mut errors,
            "long",
            "Long",
            Some(&"x".repeat(MAX_TITLE_CHARS + 1)),
        );
        check_title(&mut errors, "ok", "Ok", Some("Intro call"));
        assert!(errors.contains("title") && errors.contains("long") && !errors.contains("ok"));
    }
}
