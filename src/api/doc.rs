//! OpenAPI document pieces that are not routes: the error envelope and the security schemes.

use utoipa::openapi::security::{ApiKey, ApiKeyValue, HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi, ToSchema};

/// Every non-2xx answer (DESIGN 2.4).
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct ErrorEnvelope {
    /// Stable snake_case code, e.g. `validation_failed`, `not_found`, `slug_taken`.
    code: String,
    message: String,
    /// `{status: <HTTP status>}`
    data: serde_json::Value,
    /// On validation failures only: field -> rule -> message.
    errors: Option<serde_json::Value>,
}

#[derive(OpenApi)]
#[openapi(
    info(title = "slotbook REST API", version = "2", description = "Appointment booking: calendars, events, bookings and more. Base path `/api/v2`."),
    components(schemas(ErrorEnvelope)),
    modifiers(&Security)
)]
pub struct ApiDoc;

struct Security;

impl Modify for Security {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "basic",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Basic)
                    .description(Some("login and application password"))
                    .build(),
            ),
        );
        components.add_security_scheme(
            "session",
            SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::with_description(
                "slotbook_session",
                "Dashboard session; changes also need the X-CSRF-Token header",
            ))),
        );
    }
}
