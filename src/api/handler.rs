//! What every host route's handler is made of, said once: [`Host`] (the service context and the
//! authenticated caller, one extractor) and [`Answer`] (a service result as JSON or the error
//! envelope). A handler reads its path and body, calls one use case and answers:
//!
//! ```ignore
//! pub async fn get_calendar(host: Host, ApiPath(id): ApiPath<i64>) -> Answer<CalendarAnswer> {
//!     admin::get(&host.ctx, &host.caller, id).await.json()
//! }
//! ```
//!
//! Error responses common to every operation are documented once too (`doc::CommonErrors`), so
//! a `#[utoipa::path]` lists only its success body and the errors peculiar to it.

use app::service::{Caller, Ctx, ServiceResult};
use axum::Json;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;

use super::auth::Authenticated;
use super::error::ApiError;
use crate::AppState;

/// A host route's caller (401 without credentials, as [`Authenticated`]) with the context the
/// use cases take.
pub struct Host {
    pub ctx: Ctx,
    pub caller: Caller,
}

impl FromRequestParts<AppState> for Host {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let Authenticated(caller) = Authenticated::from_request_parts(parts, state).await?;
        Ok(Host {
            ctx: state.ctx.clone(),
            caller,
        })
    }
}

/// A route's answer: the model serialised, or the error envelope.
pub type Answer<T> = Result<Json<T>, ApiError>;

/// Turns a use case's result into a route's [`Answer`].
pub trait IntoAnswer<T> {
    fn json(self) -> Answer<T>;
}

impl<T> IntoAnswer<T> for ServiceResult<T> {
    fn json(self) -> Answer<T> {
        self.map(Json).map_err(ApiError::from)
    }
}
