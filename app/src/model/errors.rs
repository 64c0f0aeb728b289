//! The typed error of the pages' server functions.

use serde::{Deserialize, Serialize};

/// The error of every server function of the pages: the message a person reads and the HTTP
/// status a REST client would get for the same mistake.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[error("{message}")]
pub struct PageError {
    pub status: u16,
    pub message: String,
}

impl PageError {
    pub fn new(status: u16, message: impl Into<String>) -> PageError {
        PageError {
            status,
            message: message.into(),
        }
    }

    pub fn not_signed_in() -> PageError {
        PageError::new(401, "Please log in.")
    }

    pub fn not_found() -> PageError {
        PageError::new(404, "There is no such booking.")
    }
}

impl leptos::server_fn::error::FromServerFnError for PageError {
    type Encoder = leptos::server_fn::codec::JsonEncoding;

    fn from_server_fn_error(error: leptos::server_fn::error::ServerFnErrorErr) -> Self {
        use leptos::server_fn::error::ServerFnErrorErr as E;
        match error {
            E::Args(m) | E::Deserialization(m) | E::MissingArg(m) => PageError::new(400, m),
            other => PageError::new(500, other.to_string()),
        }
    }
}
