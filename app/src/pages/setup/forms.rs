//! Between the setup forms and the use cases: form text into command values, and a
//! refusal back onto the form's own fields.

use crate::domain::validation::FieldErrors;
use crate::model::public::FormState;
use crate::service::ServiceError;
use crate::texts::dashboard::{t, tf};

/// The form again with the refusal: each field message under its form name (the REST field
/// without `prefix`), the first one as the summary.
pub(super) fn refused(form: &FormState, error: ServiceError, prefix: &str) -> FormState {
    refused_as(form, error, |field| {
        field.strip_prefix(prefix).unwrap_or(field).to_string()
    })
}

/// [`refused`] with each REST field renamed to its form name by `name_of`.
pub(crate) fn refused_as(
    form: &FormState,
    error: ServiceError,
    name_of: impl Fn(&str) -> String,
) -> FormState {
    let mut state = form.clone();
    state.errors.clear();
    if let ServiceError::Validation { errors, .. } = &error {
        for (field, message) in errors.messages() {
            state.errors.insert(name_of(field), message.to_string());
        }
    }
    if matches!(error, ServiceError::Store(_)) {
        tracing::error!(error = %error, "setup form");
    }
    state.message = Some(error.to_string());
    state
}

/// The form's `name` as a whole number, `None` when left empty; text that is not one is
/// refused as `field` (the REST name, which the form maps back to `name`).
pub(super) fn form_int(
    form: &FormState,
    name: &str,
    field: &str,
    errors: &mut FieldErrors,
) -> Option<i64> {
    let text = form.value(name);
    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    let parsed = text.parse::<i64>().ok();
    if parsed.is_none() {
        errors.add(
            field,
            "integer",
            tf("must-be-integer", &[("field", field.into())]),
        );
    }
    parsed
}

/// A failure of the database while reading: nothing was saved.
pub(super) fn failed(form: &FormState, error: ServiceError) -> FormState {
    tracing::error!(error = %error, "setup form");
    let mut state = form.clone();
    state.message = Some(t("nothing-was-saved-the-database-could").into());
    state
}
