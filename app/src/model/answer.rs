//! Answers shared by many routes.

use serde::{Deserialize, Serialize};

/// An answer that only says what happened: `{message}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct MessageAnswer {
    #[cfg_attr(feature = "ssr", schema(example = "Data has been updated"))]
    pub message: String,
}

impl MessageAnswer {
    pub fn new(message: impl Into<String>) -> MessageAnswer {
        MessageAnswer {
            message: message.into(),
        }
    }
}
