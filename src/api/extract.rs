//! Extractors whose failures answer in the error envelope.

use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use serde_json::Value;

use super::error::ApiError;
use app::domain::validation::FieldErrors;
use app::service::ServiceError;

/// A JSON object body. Anything that is not a JSON object is a 400. Text hygiene (no NUL, no
/// control characters, single-line fields on one line, bounded lists) is checked here for every
/// route at once (422 naming the field); other field-level checks belong to the use case.
pub struct ApiJson(pub Value);

impl<S: Send + Sync> FromRequest<S> for ApiJson {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let axum::Json(value) = axum::Json::<Value>::from_request(req, state).await?;
        if !value.is_object() {
            return Err(ApiError::BadRequest {
                code: "rest_invalid_json",
                message: "The request body must be a JSON object.".into(),
            });
        }
        let mut errors = FieldErrors::new();
        app::domain::text::check_json_text(&value, &mut errors);
        if !errors.is_empty() {
            return Err(ServiceError::invalid(errors).into());
        }
        Ok(ApiJson(value))
    }
}

/// Path parameters. Ids (`{id}`, `{event_id}`, ...) are plain ASCII digits (a negative number
/// is read, and names nothing): `+4`, ` 4` or `4x` match no route, as any other non-id would.
pub struct ApiPath<T>(pub T);

impl<S: Send + Sync, T> FromRequestParts<S> for ApiPath<T>
where
    T: serde::de::DeserializeOwned + Send,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let raw = axum::extract::RawPathParams::from_request_parts(parts, state)
            .await
            .map_err(|_| ApiError::NoRoute)?;
        let plain_ids = raw.iter().all(|(name, value)| {
            let digits = value.strip_prefix('-').unwrap_or(value);
            !(name == "id" || name.ends_with("_id"))
                || (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()))
        });
        if !plain_ids {
            return Err(ApiError::NoRoute);
        }
        let axum::extract::Path(value) =
            axum::extract::Path::<T>::from_request_parts(parts, state).await?;
        Ok(ApiPath(value))
    }
}

/// The query string as ordered pairs: the API uses PHP-style keys (`query[search]`, `with[]`)
/// that a flat struct cannot describe.
pub struct QueryParams(pub Vec<(String, String)>);

impl<S: Send + Sync> FromRequestParts<S> for QueryParams {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        let query = parts.uri.query().unwrap_or_default();
        let pairs: Vec<(String, String)> = form_urlencoded::parse(query.as_bytes())
            .into_owned()
            .collect();
        let mut errors = FieldErrors::new();
        for (key, value) in &pairs {
            app::domain::text::check_text(key, key, true, &mut errors);
            app::domain::text::check_text(key, value, true, &mut errors);
        }
        if !errors.is_empty() {
            return Err(ServiceError::invalid(errors).into());
        }
        Ok(QueryParams(pairs))
    }
}

impl QueryParams {
    /// The last value of `key`.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.0
            .iter()
            .rev()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// Every value of `key[]` (and of `key[N]`, and of a plain repeated `key`).
    pub fn list(&self, key: &str) -> Vec<&str> {
        let bracket = format!("{key}[");
        self.0
            .iter()
            .filter(|(k, _)| k == key || (k.starts_with(&bracket) && k.ends_with(']')))
            .map(|(_, v)| v.as_str())
            .collect()
    }

    /// An integer in `range`, or `default` when absent. Sent empty (`?per_page=`), it is not an
    /// integer, as the document declares: 422, not a silent default.
    pub fn int_in(
        &self,
        key: &str,
        range: std::ops::RangeInclusive<i64>,
        default: i64,
    ) -> Result<i64, ApiError> {
        let Some(text) = self.get(key).map(str::trim) else {
            return Ok(default);
        };
        match text.parse::<i64>() {
            Ok(n) if range.contains(&n) => Ok(n),
            _ => Err(invalid_param(
                key,
                &format!(
                    "The {key} must be an integer from {} to {}.",
                    range.start(),
                    range.end()
                ),
            )),
        }
    }

    /// An optional integer (sent empty, it is not one: 422).
    pub fn opt_int(&self, key: &str) -> Result<Option<i64>, ApiError> {
        let Some(text) = self.get(key).map(str::trim) else {
            return Ok(None);
        };
        text.parse::<i64>()
            .map(Some)
            .map_err(|_| invalid_param(key, &format!("The {key} must be an integer.")))
    }

    /// One of `allowed`, or `default` when absent or empty.
    pub fn one_of<'a>(
        &'a self,
        key: &str,
        allowed: &[&'a str],
        default: &'a str,
    ) -> Result<&'a str, ApiError> {
        match self.get(key).map(str::trim).filter(|t| !t.is_empty()) {
            None => Ok(default),
            Some(v) if allowed.contains(&v) => Ok(v),
            Some(_) => Err(invalid_param(
                key,
                &format!("The {key} must be one of: {}.", allowed.join(", ")),
            )),
        }
    }
}

/// A 422 naming one query parameter.
pub fn invalid_param(key: &str, message: &str) -> ApiError {
    let mut errors = FieldErrors::new();
    errors.add(key, "invalid", message);
    ApiError::Validation {
        message: message.to_string(),
        errors,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(query: &str) -> QueryParams {
        QueryParams(
            form_urlencoded::parse(query.as_bytes())
                .into_owned()
                .collect(),
        )
    }

    #[test]
    fn php_style_keys_are_read() {
        let q = params("query%5Bsearch%5D=intro&with[]=a&with[]=b&page=2");
        assert_eq!(q.get("query[search]"), Some("intro"));
        assert_eq!(q.list("with"), vec!["a", "b"]);
        assert!(matches!(q.int_in("page", 1..=10, 1), Ok(2)));
    }

    #[test]
    fn out_of_range_and_malformed_numbers_are_422() {
        for query in ["page=-1", "page=0", "page=99999999999999999999", "page=abc"] {
            let err = params(query).int_in("page", 1..=1000, 1).err();
            assert!(matches!(err, Some(ApiError::Validation { .. })), "{query}");
        }
    }
}
