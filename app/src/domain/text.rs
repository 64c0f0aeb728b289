//! Text hygiene for every body and query the service accepts: no NUL anywhere (PostgreSQL cannot
//! store it, and a name or address carrying one can never be mailed), no control characters
//! other than tab and line breaks, and no line breaks in fields that are one line by nature
//! (names, addresses, titles, URLs: a line break there becomes header injection in an email or
//! a webhook request).

use serde_json::Value;

use super::validation::FieldErrors;

/// Keys whose values are single-line text wherever they occur in a body.
const SINGLE_LINE_KEYS: &[&str] = &[
    "author_timezone",
    "color_schema",
    "company_name",
    "country",
    "currency",
    "date",
    "display_name",
    "email",
    "end",
    "event_time",
    "first_name",
    "from",
    "from_email",
    "from_name",
    "key",
    "label",
    "last_name",
    "login",
    "name",
    "person_time_zone",
    "phone",
    "phone_number",
    "placeholder",
    "redirect_url",
    "reply_to",
    "reply_to_email",
    "reply_to_name",
    "request_url",
    "slug",
    "source",
    "source_url",
    "start",
    "timezone",
    "title",
    "to",
    "url",
    "admin_email",
];

/// Longest list any body may carry at one place (booking fields, weekly windows, date
/// overrides, guests, ...): far above real use, low enough that no request can ask for
/// unbounded work.
pub const MAX_LIST_ITEMS: usize = 500;

/// Checks every string (and key) of `value`; field names are dotted paths (`guests.0.email`).
pub fn check_json_text(value: &Value, errors: &mut FieldErrors) {
    walk(value, "", None, errors);
}

fn walk(value: &Value, path: &str, key: Option<&str>, errors: &mut FieldErrors) {
    match value {
        Value::String(text) => check_text(path, text, key.is_some_and(is_single_line), errors),
        Value::Array(items) => {
            if items.len() > MAX_LIST_ITEMS {
                errors.add(
                    field_or_body(path),
                    "max_items",
                    format!(
                        "The {} may not have more than {MAX_LIST_ITEMS} items.",
                        field_or_body(path)
                    ),
                );
                return;
            }
            for (i, item) in items.iter().enumerate() {
                walk(item, &join(path, &i.to_string()), key, errors);
            }
        }
        Value::Object(map) => {
            if map.len() > MAX_LIST_ITEMS {
                errors.add(
                    field_or_body(path),
                    "max_items",
                    format!(
                        "The {} may not have more than {MAX_LIST_ITEMS} entries.",
                        field_or_body(path)
                    ),
                );
                return;
            }
            for (k, v) in map {
                let child = join(path, k);
                check_text(&child, k, true, errors);
                walk(v, &child, Some(k), errors);
            }
        }
        Value::Null | Value::Bool(_) | Value::Number(_) => {}
    }
}

fn field_or_body(path: &str) -> &str {
    if path.is_empty() { "body" } else { path }
}

fn join(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        format!("{path}.{key}")
    }
}

/// Whether values under `key` are one line by nature, wherever the key occurs.
pub fn is_single_line(key: &str) -> bool {
    SINGLE_LINE_KEYS.contains(&key)
}

/// Checks one text value of `field`.
pub fn check_text(field: &str, text: &str, single_line: bool, errors: &mut FieldErrors) {
    let field = field_or_body(field);
    if text.contains('\0') {
        errors.add(
            field,
            "nul",
            format!("The {field} must not contain a NUL character."),
        );
    } else if text
        .chars()
        .any(|c| c.is_control() && !matches!(c, '\t' | '\n' | '\r'))
    {
        errors.add(
            field,
            "control",
            format!("The {field} must not contain control characters."),
        );
    } else if single_line && text.contains(['\r', '\n']) {
        errors.add(
            field,
            "single_line",
            format!("The {field} must be a single line."),
        );
    }
}

/// A CSV cell that a spreadsheet cannot run as a formula: one starting with `= + - @`, a tab
/// or a CR gets a leading `'`.
pub fn spreadsheet_safe(text: &str) -> String {
    if text.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{text}")
    } else {
        text.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn errors_of(value: Value) -> FieldErrors {
        let mut errors = FieldErrors::new();
        check_json_text(&value, &mut errors);
        errors
    }

    #[test]
    fn nul_is_refused_anywhere_and_named_by_its_path() {
        let errors = errors_of(
            json!({"name": "a\u{0}b", "guests": [{"email": "x@y.z"}, {"message": "ok\u{0}"}]}),
        );
        assert!(errors.contains("name"));
        assert!(errors.contains("guests.1.message"));
        assert!(!errors.contains("guests.0.email"));
        assert!(errors_of(json!({"a\u{0}": 1})).contains("a\u{0}"));
    }

    #[test]
    fn line_breaks_are_refused_only_in_single_line_fields() {
        let errors = errors_of(json!({
            "emailing": {"from_name": "Evil\r\nBcc: x@y.z"},
            "message": "line one\nline two",
            "description": "<p>a</p>\r\n<p>b</p>",
            "title": "Two\nlines",
        }));
        assert!(errors.contains("emailing.from_name"));
        assert!(errors.contains("title"));
        assert!(!errors.contains("message") && !errors.contains("description"));
    }

    #[test]
    fn other_control_characters_are_refused_everywhere() {
        let errors = errors_of(json!({"message": "bell\u{7}", "note": "tab\tok"}));
        assert!(errors.contains("message"));
        assert!(!errors.contains("note"));
    }

    #[test]
    fn lists_are_capped() {
        let long: Vec<Value> = (0..=MAX_LIST_ITEMS).map(|i| json!(i)).collect();
        assert!(errors_of(json!({"fields": long})).contains("fields"));
        let ok: Vec<Value> = (0..MAX_LIST_ITEMS).map(|i| json!(i)).collect();
        assert!(errors_of(json!({"fields": ok})).is_empty());
    }

    #[test]
    fn cells_that_look_like_formulas_are_neutralised() {
        assert_eq!(spreadsheet_safe("=HYPERLINK(\"x\")"), "'=HYPERLINK(\"x\")");
        assert_eq!(spreadsheet_safe("+1 555"), "'+1 555");
        assert_eq!(spreadsheet_safe("@SUM(A1)"), "'@SUM(A1)");
        assert_eq!(spreadsheet_safe("-2"), "'-2");
        assert_eq!(spreadsheet_safe("Ann Lee"), "Ann Lee");
    }
}
