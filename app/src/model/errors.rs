//! The typed error of the pages' server functions.

use serde::{Deserialize, Serialize};

/// The error of every server function of the pages: the message a person reads, and the HTTP
/// status and error-envelope `code` a REST client would get for the same mistake.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[error("{message}")]
pub struct PageError {
    pub status: u16,
    /// The REST envelope's `code` (`validation_failed`, `not_found`, `slot_unavailable`, ...).
    #[serde(default)]
    pub code: String,
    pub message: String,
}

impl PageError {
    /// An error with the envelope code the REST routes use for `status`.
    pub fn new(status: u16, message: impl Into<String>) -> PageError {
        PageError::with_code(status, default_code(status), message)
    }

    pub fn with_code(
        status: u16,
        code: impl Into<String>,
        message: impl Into<String>,
    ) -> PageError {
        PageError {
            status,
            code: code.into(),
            message: message.into(),
        }
    }

    pub fn not_signed_in() -> PageError {
        PageError::new(401, "Please log in.")
    }

    pub fn not_found() -> PageError {
        PageError::new(404, "There is no such booking.")
    }

    /// What a page loader answers in the browser build, where it is never called: pages are
    /// rendered on the server, and their loaders are not endpoints.
    pub fn rendered_on_the_server() -> PageError {
        PageError::new(500, "This page is rendered on the server.")
    }
}

/// The REST envelope's code for a status when nothing more specific is known.
fn default_code(status: u16) -> &'static str {
    match status {
        400 => "bad_request",
        401 => "rest_not_logged_in",
        403 => "rest_forbidden",
        404 => "not_found",
        409 => "conflict",
        408 => "request_timeout",
        413 => "payload_too_large",
        422 => "validation_failed",
        429 => "too_many_requests",
        503 => "database_busy",
        507 => "insufficient_storage",
        _ => "internal_error",
    }
}

impl leptos::server_fn::error::FromServerFnError for PageError {
    type Encoder = leptos::server_fn::codec::JsonEncoding;

    fn from_server_fn_error(error: leptos::server_fn::error::ServerFnErrorErr) -> Self {
        use leptos::server_fn::error::ServerFnErrorErr as E;
        match error {
            // A body over the size limit fails while the arguments are read.
            E::Args(m) | E::Deserialization(m) if m.contains("length limit exceeded") => {
                PageError::new(413, "The request body is too large.")
            }
            E::Args(m) | E::Deserialization(m) | E::MissingArg(m) => PageError::new(400, m),
            other => PageError::new(500, other.to_string()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_error_carries_the_envelope_code_of_its_status_unless_given_one() {
        assert_eq!(PageError::new(422, "x").code, "validation_failed");
        assert_eq!(PageError::not_found().code, "not_found");
        assert_eq!(PageError::new(429, "x").code, "too_many_requests");
        assert_eq!(
            PageError::with_code(409, "slot_unavailable", "taken").code,
            "slot_unavailable"
        );
    }
}
