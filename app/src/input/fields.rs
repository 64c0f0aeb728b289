//! Reading untyped JSON bodies field by field, so that each wrong type is reported under the
//! field's own name rather than as one opaque parse error.

use serde_json::{Map, Value};

use crate::domain::validation::{FieldErrors, field_under};
use crate::domain::values::TimeZoneId;
use crate::service::{ServiceError, ServiceResult};

/// A JSON object being read; `prefix` is prepended to error field names.
pub struct Fields<'a> {
    pub map: Option<&'a Map<String, Value>>,
    pub prefix: String,
}

impl<'a> Fields<'a> {
    pub fn new(value: Option<&'a Value>, prefix: &str) -> Fields<'a> {
        Fields {
            map: value.and_then(Value::as_object),
            prefix: prefix.to_string(),
        }
    }

    pub fn name(&self, key: &str) -> String {
        field_under(&self.prefix, key)
    }

    pub fn get(&self, key: &str) -> Option<&'a Value> {
        self.map.and_then(|m| m.get(key)).filter(|v| !v.is_null())
    }

    /// An optional IANA zone: absent or blank is `None`; anything else must be a zone the
    /// database knows, else `The {label} must be a valid IANA time zone` under the field's name.
    pub fn time_zone(
        &self,
        key: &str,
        label: &str,
        errors: &mut FieldErrors,
    ) -> Option<TimeZoneId> {
        let text = self.str(key, errors).filter(|z| !z.trim().is_empty())?;
        let zone = TimeZoneId::parse(&text);
        if zone.is_none() {
            errors.add(
                self.name(key),
                "timezone",
                format!("The {label} must be a valid IANA time zone"),
            );
        }
        zone
    }

    /// A string field; numbers are accepted as their text. Wrong types are reported.
    pub fn str(&self, key: &str, errors: &mut FieldErrors) -> Option<String> {
        match self.get(key)? {
            Value::Number(n) => Some(n.to_string()),
            _ => self.string(key, errors),
        }
    }

    /// A text field that must be a JSON string (a number is refused, unlike [`Fields::str`]):
    /// for bodies whose keys are all optional, where a number would otherwise be stored.
    pub fn string(&self, key: &str, errors: &mut FieldErrors) -> Option<String> {
        match self.get(key)? {
            Value::String(s) => Some(s.clone()),
            _ => {
                errors.add(
                    self.name(key),
                    "string",
                    format!("The {} must be a string.", self.name(key)),
                );
                None
            }
        }
    }

    /// An integer field; integer strings are accepted (form posts send them).
    pub fn int(&self, key: &str, errors: &mut FieldErrors) -> Option<i64> {
        let value = self.get(key)?;
        let parsed = match value {
            Value::Number(n) => n.as_i64(),
            Value::String(s) if s.trim().is_empty() => return None,
            Value::String(s) => s.trim().parse::<i64>().ok(),
            _ => None,
        };
        if parsed.is_none() {
            errors.add(
                self.name(key),
                "integer",
                format!("The {} must be an integer.", self.name(key)),
            );
        }
        parsed
    }

    /// A boolean field; also `"yes"/"no"`, `"true"/"false"`, `1/0`.
    pub fn bool(&self, key: &str, errors: &mut FieldErrors) -> Option<bool> {
        let parsed = match self.get(key)? {
            Value::Bool(b) => Some(*b),
            Value::String(s) => match s.as_str() {
                "yes" | "true" | "1" => Some(true),
                "no" | "false" | "0" | "" => Some(false),
                _ => None,
            },
            Value::Number(n) => match n.as_i64() {
                Some(1) => Some(true),
                Some(0) => Some(false),
                _ => None,
            },
            _ => None,
        };
        if parsed.is_none() {
            errors.add(
                self.name(key),
                "boolean",
                format!("The {} field must be true or false.", self.name(key)),
            );
        }
        parsed
    }

    /// A list of integers.
    pub fn int_list(&self, key: &str, errors: &mut FieldErrors) -> Option<Vec<i64>> {
        let value = self.get(key)?;
        let items = value.as_array().map(|items| {
            items
                .iter()
                .map(|v| match v {
                    Value::Number(n) => n.as_i64(),
                    Value::String(s) => s.trim().parse().ok(),
                    _ => None,
                })
                .collect::<Option<Vec<i64>>>()
        });
        match items.flatten() {
            Some(list) => Some(list),
            None => {
                errors.add(
                    self.name(key),
                    "array",
                    format!("The {} must be a list of integers.", self.name(key)),
                );
                None
            }
        }
    }

    /// A nested object (reported when present with another type).
    pub fn object(&self, key: &str, errors: &mut FieldErrors) -> Option<&'a Value> {
        let value = self.get(key)?;
        if value.is_object() {
            Some(value)
        } else {
            errors.add(
                self.name(key),
                "object",
                format!("The {} must be an object.", self.name(key)),
            );
            None
        }
    }

    /// A string that must be one of `allowed`.
    pub fn one_of(&self, key: &str, allowed: &[&str], errors: &mut FieldErrors) -> Option<String> {
        let value = self.str(key, errors)?;
        if allowed.contains(&value.as_str()) {
            Some(value)
        } else {
            errors.add(
                self.name(key),
                "in",
                format!(
                    "The selected {} is invalid. Allowed: {}.",
                    self.name(key),
                    allowed.join(", ")
                ),
            );
            None
        }
    }
}

/// The text rules every way in applies (`domain::text`: no NUL, no control characters, one
/// line where the field is one line by nature) on a whole body. The REST extractor checks
/// every body before it is read; readers check again so that a body read anywhere else (the
/// OpenAPI examples' test) meets the same rules. Commands built by the pages are checked by
/// their use cases.
pub fn clean_text(body: &Value) -> ServiceResult<()> {
    let mut errors = FieldErrors::new();
    crate::domain::text::check_json_text(body, &mut errors);
    errors.into_result().map_err(ServiceError::invalid)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_time_zone_is_known_to_the_database_or_named_as_refused() {
        let body = json!({"tz": " Asia/Tokyo ", "blank": " ", "bad": "Mars/Base", "list": ["UTC"]});
        let f = Fields::new(Some(&body), "calendar");
        let mut errors = FieldErrors::new();
        let zone = f.time_zone("tz", "timezone", &mut errors);
        assert_eq!(zone.as_ref().map(TimeZoneId::as_str), Some("Asia/Tokyo"));
        assert_eq!(f.time_zone("blank", "timezone", &mut errors), None);
        assert_eq!(f.time_zone("absent", "timezone", &mut errors), None);
        assert!(errors.is_empty());
        assert_eq!(f.time_zone("bad", "author timezone", &mut errors), None);
        assert_eq!(
            errors.messages().collect::<Vec<_>>(),
            vec![(
                "calendar.bad",
                "The author timezone must be a valid IANA time zone"
            )]
        );
        // A wrong type is reported as such, once.
        assert_eq!(f.time_zone("list", "timezone", &mut errors), None);
        assert_eq!(errors.messages().count(), 2);
    }

    #[test]
    fn wrong_types_are_reported_under_the_prefixed_field() {
        let body = json!({"duration": "abc", "team_members": [1, "x"], "enabled": "maybe"});
        let fields = Fields::new(Some(&body), "calendar.slot");
        let mut errors = FieldErrors::new();
        assert_eq!(fields.int("duration", &mut errors), None);
        assert_eq!(fields.int_list("team_members", &mut errors), None);
        assert_eq!(fields.bool("enabled", &mut errors), None);
        assert!(errors.contains("calendar.slot.duration"));
        assert!(errors.contains("calendar.slot.team_members"));
        assert!(errors.contains("calendar.slot.enabled"));
    }

    #[test]
    fn integer_strings_and_yes_no_are_accepted() {
        let body = json!({"duration": "30", "enabled": "yes"});
        let fields = Fields::new(Some(&body), "");
        let mut errors = FieldErrors::new();
        assert_eq!(fields.int("duration", &mut errors), Some(30));
        assert_eq!(fields.bool("enabled", &mut errors), Some(true));
        assert!(errors.is_empty());
    }
}
