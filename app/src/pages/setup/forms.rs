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
    let lang = crate::texts::dashboard::lang();
    let mut state = form.clone();
    state.errors.clear();
    if let ServiceError::Validation { errors, .. } = &error {
        for (field, rule, message) in errors.with_rules() {
            // REST's English message in another language says what the rule asks; a message
            // the form handler already said in the user's language stays.
            let said = if crate::texts::dashboard::is_own_text(message) {
                message.to_string()
            } else {
                crate::texts::field_refusal(lang, rule, message)
            };
            state.errors.insert(name_of(field), said);
        }
    }
    if matches!(error, ServiceError::Store(_)) {
        tracing::error!(error = %error, "setup form");
    }
    state.message = Some(said(&error));
    state
}

/// A refusal's summary in the dashboard's language: English says REST's message; another
/// language the dashboard's own words for the host's refusals (a slug taken, a schedule in
/// use), else the words the public pages use. A refusal neither has words for (a calendar
/// server's or a payment provider's answer) keeps its message: its detail is what helps.
pub(crate) fn said(error: &ServiceError) -> String {
    let lang = crate::texts::dashboard::lang();
    let own = match error.code() {
        "slug_taken" => Some("refused-slug-taken"),
        "calendar_exists" => Some("refused-calendar-exists"),
        "schedule_in_use" => Some("refused-schedule-in-use"),
        "schedule_default" => Some("refused-schedule-default"),
        "user_exists" => Some("refused-user-exists"),
        "feed_exists" => Some("refused-feed-exists"),
        "rest_forbidden" => Some("refused-forbidden"),
        _ => None,
    };
    match own {
        Some(id) if lang != crate::texts::Lang::En => t(id).to_string(),
        _ if crate::texts::says_refusal(error.code()) => error.said_in(lang),
        _ => error.to_string(),
    }
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
