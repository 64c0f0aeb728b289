//! The one error envelope (DESIGN 2.4) and its mapping from service errors and rejections.

use std::time::Duration;

use app::domain::validation::FieldErrors;
use app::service::ServiceError;
use app::service::StoreError;
use axum::extract::rejection::{BytesRejection, FailedToBufferBody, JsonRejection, PathRejection};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::json;

/// Every non-2xx answer of the REST API.
#[derive(Debug)]
pub enum ApiError {
    /// 400: the body or query could not be read at all.
    BadRequest { code: &'static str, message: String },
    /// 401: no credentials.
    NotLoggedIn,
    /// 401: credentials that do not match.
    IncorrectPassword,
    /// 403: the caller lacks a capability.
    Forbidden(String),
    /// 403: a cookie-authenticated change without the session's CSRF token.
    CsrfFailed,
    /// 404: an object the caller cannot see.
    NotFound,
    /// 404: no such route (or method).
    NoRoute,
    /// 409.
    Conflict { code: &'static str, message: String },
    /// 409 `slot_unavailable`, with the slot engine's reasons in `data.reasons`.
    SlotUnavailable {
        message: String,
        reasons: Vec<serde_json::Value>,
    },
    /// 409 `series_unavailable`, with the refused dates and their reasons.
    SeriesUnavailable {
        message: String,
        dates: Vec<String>,
        reasons: Vec<serde_json::Value>,
    },
    /// 410 with a stable code (`link_invalid`).
    Gone { code: &'static str, message: String },
    /// 413: body over the size limit.
    PayloadTooLarge,
    /// 422 `validation_failed`.
    Validation {
        message: String,
        errors: FieldErrors,
    },
    /// 422 with another code.
    Unprocessable { code: &'static str, message: String },
    /// 429.
    TooManyRequests { retry_after: Duration },
    /// 429 with its own code (`too_many_holds`).
    TooMany {
        code: &'static str,
        message: String,
        retry_after: Duration,
    },
    /// 503: the database is momentarily busy; the client may retry.
    Busy,
    /// 503 `database_unavailable` with `Retry-After`: the database cannot be reached.
    Unavailable,
    /// 507 `insufficient_storage`: the database's disk is full; nothing was written.
    StorageFull,
    /// 503 `not_ready` (`GET /readyz`), with each check's outcome in `data.checks`.
    NotReady { checks: serde_json::Value },
    /// 500: the detail goes to the log, never to the client.
    Internal,
    /// A refusal at the HTTP level (408, 414, 431, a body that could not be read, ...).
    Protocol {
        status: StatusCode,
        code: &'static str,
        message: &'static str,
    },
}

impl ApiError {
    /// The envelope for a bare HTTP-level refusal of `status` (from hyper, tower or axum).
    pub fn for_status(status: StatusCode) -> ApiError {
        let (code, message) = match status.as_u16() {
            400 => ("rest_bad_request", "The request could not be read."),
            408 => ("request_timeout", "The request took too long."),
            413 => return ApiError::PayloadTooLarge,
            414 => ("uri_too_long", "The request URL is too long."),
            415 => (
                "rest_invalid_content_type",
                "This content type is not supported.",
            ),
            431 => ("headers_too_large", "The request headers are too large."),
            404 | 405 => return ApiError::NoRoute,
            500..=599 => return ApiError::Internal,
            _ => ("rest_bad_request", "The request was refused."),
        };
        ApiError::Protocol {
            status,
            code,
            message,
        }
    }

    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::BadRequest { .. } => StatusCode::BAD_REQUEST,
            ApiError::NotLoggedIn | ApiError::IncorrectPassword => StatusCode::UNAUTHORIZED,
            ApiError::Forbidden(_) | ApiError::CsrfFailed => StatusCode::FORBIDDEN,
            ApiError::NotFound | ApiError::NoRoute => StatusCode::NOT_FOUND,
            ApiError::Conflict { .. }
            | ApiError::SlotUnavailable { .. }
            | ApiError::SeriesUnavailable { .. } => StatusCode::CONFLICT,
            ApiError::Gone { .. } => StatusCode::GONE,
            ApiError::PayloadTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::Validation { .. } | ApiError::Unprocessable { .. } => {
                StatusCode::UNPROCESSABLE_ENTITY
            }
            ApiError::TooManyRequests { .. } | ApiError::TooMany { .. } => {
                StatusCode::TOO_MANY_REQUESTS
            }
            ApiError::Busy | ApiError::Unavailable | ApiError::NotReady { .. } => {
                StatusCode::SERVICE_UNAVAILABLE
            }
            ApiError::StorageFull => StatusCode::INSUFFICIENT_STORAGE,
            ApiError::Internal => StatusCode::INTERNAL_SERVER_ERROR,
            ApiError::Protocol { status, .. } => *status,
        }
    }

    pub fn code(&self) -> &'static str {
        match self {
            ApiError::BadRequest { code, .. } => code,
            ApiError::NotLoggedIn => "rest_not_logged_in",
            ApiError::IncorrectPassword => "incorrect_password",
            ApiError::Forbidden(_) => "rest_forbidden",
            ApiError::CsrfFailed => "rest_cookie_invalid_nonce",
            ApiError::NotFound => "not_found",
            ApiError::NoRoute => "rest_no_route",
            ApiError::Conflict { code, .. } => code,
            ApiError::SlotUnavailable { .. } => "slot_unavailable",
            ApiError::SeriesUnavailable { .. } => "series_unavailable",
            ApiError::Gone { code, .. } => code,
            ApiError::PayloadTooLarge => "payload_too_large",
            ApiError::Validation { .. } => "validation_failed",
            ApiError::Unprocessable { code, .. } => code,
            ApiError::TooManyRequests { .. } => "too_many_requests",
            ApiError::TooMany { code, .. } => code,
            ApiError::Busy => "database_busy",
            ApiError::Unavailable => "database_unavailable",
            ApiError::NotReady { .. } => "not_ready",
            ApiError::StorageFull => "insufficient_storage",
            ApiError::Internal => "internal_error",
            ApiError::Protocol { code, .. } => code,
        }
    }

    pub fn message(&self) -> String {
        match self {
            ApiError::BadRequest { message, .. }
            | ApiError::Conflict { message, .. }
            | ApiError::Validation { message, .. }
            | ApiError::Unprocessable { message, .. }
            | ApiError::SlotUnavailable { message, .. }
            | ApiError::SeriesUnavailable { message, .. }
            | ApiError::TooMany { message, .. }
            | ApiError::Gone { message, .. }
            | ApiError::Forbidden(message) => message.clone(),
            ApiError::NotLoggedIn => "You are not currently logged in.".into(),
            ApiError::IncorrectPassword => {
                "The provided password is an invalid application password.".into()
            }
            ApiError::CsrfFailed => {
                "Cookie check failed: send the X-CSRF-Token header of your session.".into()
            }
            ApiError::NotFound => "The requested item could not be found.".into(),
            ApiError::NoRoute => "No route was found matching the URL and request method.".into(),
            ApiError::PayloadTooLarge => "The request body is too large.".into(),
            ApiError::TooManyRequests { .. } => {
                "Too many requests. Please wait and try again.".into()
            }
            ApiError::Busy => "The service is busy. Please try again.".into(),
            ApiError::Unavailable => {
                "The database is unavailable at the moment. Please try again shortly.".into()
            }
            ApiError::StorageFull => {
                "The server has no room to store this. Nothing was saved; please try again later."
                    .into()
            }
            ApiError::NotReady { .. } => "The service is not ready".into(),
            ApiError::Internal => "An internal error occurred.".into(),
            ApiError::Protocol { message, .. } => (*message).into(),
        }
    }

    /// The envelope's JSON body.
    pub fn body(&self) -> serde_json::Value {
        let mut body = json!({
            "code": self.code(),
            "message": self.message(),
            "data": {"status": self.status().as_u16()},
        });
        if let ApiError::Validation { errors, .. } = self {
            body["errors"] = json!(errors);
        }
        if let ApiError::SlotUnavailable { reasons, .. } = self {
            body["data"]["reasons"] = json!(reasons);
        }
        if let ApiError::NotReady { checks } = self {
            body["data"]["checks"] = checks.clone();
        }
        if let ApiError::SeriesUnavailable { dates, reasons, .. } = self {
            body["data"]["dates"] = json!(dates);
            body["data"]["reasons"] = json!(reasons);
        }
        body
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut response = (self.status(), axum::Json(self.body())).into_response();
        let retry_after = match &self {
            ApiError::TooManyRequests { retry_after } | ApiError::TooMany { retry_after, .. } => {
                Some(retry_after.as_secs().max(1))
            }
            ApiError::Busy | ApiError::Unavailable => Some(2),
            ApiError::StorageFull => Some(60),
            _ => None,
        };
        if let Some(seconds) = retry_after
            && let Ok(value) = HeaderValue::from_str(&seconds.to_string())
        {
            response.headers_mut().insert(header::RETRY_AFTER, value);
        }
        response
    }
}

impl From<ServiceError> for ApiError {
    fn from(err: ServiceError) -> Self {
        match err {
            ServiceError::Validation { message, errors } => {
                ApiError::Validation { message, errors }
            }
            ServiceError::Unprocessable { code, message } => {
                ApiError::Unprocessable { code, message }
            }
            ServiceError::NotFound => ApiError::NotFound,
            ServiceError::Forbidden(message) => ApiError::Forbidden(message),
            ServiceError::BadRequest { code, message } => ApiError::BadRequest {
                code,
                message: message.into(),
            },
            ServiceError::Refused { code, message } => ApiError::Protocol {
                status: StatusCode::FORBIDDEN,
                code,
                message,
            },
            ServiceError::Conflict { code, message } => ApiError::Conflict { code, message },
            ServiceError::SlotUnavailable { message, reasons } => {
                ApiError::SlotUnavailable { message, reasons }
            }
            ServiceError::SeriesUnavailable {
                message,
                dates,
                reasons,
            } => ApiError::SeriesUnavailable {
                message,
                dates,
                reasons,
            },
            ServiceError::Gone { code, message } => ApiError::Gone { code, message },
            ServiceError::TooMany {
                code,
                message,
                retry_after,
            } => ApiError::TooMany {
                code,
                message,
                retry_after: Duration::from_secs(retry_after),
            },
            ServiceError::Store(store) => store.into(),
            ServiceError::Internal(detail) => {
                tracing::error!(error = %detail, "internal error");
                ApiError::Internal
            }
        }
    }
}

impl From<StoreError> for ApiError {
    fn from(err: StoreError) -> Self {
        match err {
            StoreError::NotFound => ApiError::NotFound,
            StoreError::Busy => {
                tracing::warn!(error = %err, "database busy");
                ApiError::Busy
            }
            StoreError::Unavailable(_) => {
                tracing::error!(error = %err, "database unavailable");
                ApiError::Unavailable
            }
            StoreError::Full(_) => {
                tracing::error!(error = %err, "database storage full");
                ApiError::StorageFull
            }
            other => {
                tracing::error!(error = %other, "storage error");
                ApiError::Internal
            }
        }
    }
}

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> Self {
        match rejection {
            JsonRejection::MissingJsonContentType(_) => ApiError::BadRequest {
                code: "rest_invalid_content_type",
                message: "Send the body as JSON with Content-Type: application/json.".into(),
            },
            JsonRejection::BytesRejection(BytesRejection::FailedToBufferBody(
                FailedToBufferBody::LengthLimitError(_),
            )) => ApiError::PayloadTooLarge,
            // Cut off, timed out, or a broken connection: not a size problem.
            JsonRejection::BytesRejection(other) => {
                tracing::info!(error = %other, "request body could not be read");
                ApiError::Protocol {
                    status: StatusCode::BAD_REQUEST,
                    code: "rest_body_incomplete",
                    message: "The request body could not be read completely.",
                }
            }
            other => ApiError::BadRequest {
                code: "rest_invalid_json",
                message: format!("Invalid JSON body: {}", other.body_text()),
            },
        }
    }
}

impl From<PathRejection> for ApiError {
    fn from(_: PathRejection) -> Self {
        // Ids in paths are integers; anything else matches no route (as the reference does).
        ApiError::NoRoute
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_variant_has_its_status_code_and_envelope() {
        let mut errors = FieldErrors::new();
        errors.add("email", "email", "Please provide a valid email address");
        let cases: Vec<(ApiError, u16, &str)> = vec![
            (
                ApiError::BadRequest {
                    code: "rest_invalid_json",
                    message: "x".into(),
                },
                400,
                "rest_invalid_json",
            ),
            (ApiError::NotLoggedIn, 401, "rest_not_logged_in"),
            (ApiError::IncorrectPassword, 401, "incorrect_password"),
            (
                ApiError::Forbidden("Sorry, you are not allowed to do that.".into()),
                403,
                "rest_forbidden",
            ),
            (ApiError::CsrfFailed, 403, "rest_cookie_invalid_nonce"),
            (ApiError::NotFound, 404, "not_found"),
            (ApiError::NoRoute, 404, "rest_no_route"),
            (
                ApiError::Conflict {
                    code: "slug_taken",
                    message: "x".into(),
                },
                409,
                "slug_taken",
            ),
            (ApiError::PayloadTooLarge, 413, "payload_too_large"),
            (
                ApiError::Validation {
                    message: "Please fill up the required data".into(),
                    errors,
                },
                422,
                "validation_failed",
            ),
            (
                ApiError::TooManyRequests {
                    retry_after: Duration::from_secs(3),
                },
                429,
                "too_many_requests",
            ),
            (ApiError::Busy, 503, "database_busy"),
            (ApiError::Unavailable, 503, "database_unavailable"),
            (ApiError::StorageFull, 507, "insufficient_storage"),
            (ApiError::Internal, 500, "internal_error"),
        ];
        for (error, status, code) in cases {
            let body = error.body();
            assert_eq!(body["code"], code);
            assert_eq!(body["data"]["status"], status);
            assert!(body["message"].as_str().is_some_and(|m| !m.is_empty()));
            assert_eq!(body.get("errors").is_some(), code == "validation_failed");
        }
    }

    #[test]
    fn validation_envelope_pins_the_documented_json() {
        let mut errors = FieldErrors::new();
        errors.add("email", "email", "Please provide a valid email address");
        let body = ApiError::Validation {
            message: "Please fill up the required data".into(),
            errors,
        }
        .body();
        assert_eq!(
            body,
            json!({"code":"validation_failed","message":"Please fill up the required data","data":{"status":422},
                   "errors":{"email":{"email":"Please provide a valid email address"}}})
        );
    }

    #[test]
    fn too_many_requests_carries_retry_after() {
        let response = ApiError::TooManyRequests {
            retry_after: Duration::from_secs(7),
        }
        .into_response();
        assert_eq!(
            response
                .headers()
                .get(header::RETRY_AFTER)
                .and_then(|v| v.to_str().ok()),
            Some("7")
        );
    }
}
