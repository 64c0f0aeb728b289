//! In front of `/mcp`: the `Origin` check, the credentials, and the mode each session keeps.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::extract::{Request, State};
use axum::http::{StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::Mode;
use crate::AppState;
use crate::api::auth::{caller_of_authorization, client_key};
use crate::api::error::ApiError;

/// How long a session's mode is remembered (rmcp ends idle sessions well before).
const SESSION_MEMORY: Duration = Duration::from_secs(24 * 3600);

/// Session id -> the user it was started by (`None`: a visitor), and when.
type StartedBy = HashMap<String, (Option<i64>, Instant)>;

#[derive(Clone)]
pub struct Guard {
    state: AppState,
    /// `scheme://host[:port]` of `SLOTBOOK_PUBLIC_URL`, when it is set.
    own_origin: Option<String>,
    sessions: Arc<Mutex<StartedBy>>,
}

impl Guard {
    pub fn new(state: AppState, configured_public_url: Option<String>) -> Guard {
        Guard {
            state,
            own_origin: configured_public_url.as_deref().and_then(origin_of),
            sessions: Arc::default(),
        }
    }

    fn started_by(&self, session: &str) -> Option<Option<i64>> {
        let sessions = self.sessions.lock().unwrap_or_else(|e| e.into_inner());
        sessions.get(session).map(|(user, _)| *user)
    }

    fn remember(&self, session: String, user: Option<i64>) {
        let mut sessions = self.sessions.lock().unwrap_or_else(|e| e.into_inner());
        sessions.retain(|_, (_, at)| at.elapsed() < SESSION_MEMORY);
        sessions.insert(session, (user, Instant::now()));
    }
}

/// `scheme://host[:port]` of a URL, lower-cased (`None` when it has no host).
fn origin_of(url: &str) -> Option<String> {
    let parsed = url::Url::parse(url).ok()?;
    let host = parsed.host_str()?;
    Some(match parsed.port() {
        Some(port) => format!("{}://{host}:{port}", parsed.scheme()),
        None => format!("{}://{host}", parsed.scheme()),
    })
    .map(|o| o.to_ascii_lowercase())
}

const FOREIGN_ORIGIN: &str = "This origin may not use the MCP server.";
const OTHER_CREDENTIALS: &str = "This session was started with other credentials.";

pub async fn check(State(guard): State<Guard>, request: Request, next: Next) -> Response {
    let (mut parts, body) = request.into_parts();
    if let Some(origin) = parts.headers.get(header::ORIGIN) {
        let given = origin.to_str().unwrap_or_default().to_ascii_lowercase();
        let allowed = match &guard.own_origin {
            Some(own) => given == *own,
            // No configured address: the origin must name the host the request was sent to.
            None => parts
                .headers
                .get(header::HOST)
                .and_then(|h| h.to_str().ok())
                .is_some_and(|host| {
                    let host = host.to_ascii_lowercase();
                    given == format!("http://{host}") || given == format!("https://{host}")
                }),
        };
        if !allowed {
            return forbidden(FOREIGN_ORIGIN);
        }
    }
    let mode = match parts.headers.get(header::AUTHORIZATION) {
        Some(value) => {
            let value = value.to_str().unwrap_or_default().to_string();
            match caller_of_authorization(&parts, &guard.state, &value).await {
                Ok(caller) => Mode::Host(Box::new(caller)),
                Err(error) => return error.into_response(),
            }
        }
        None => Mode::Visitor {
            ip: client_key(&parts),
        },
    };
    let user = match &mode {
        Mode::Host(caller) => Some(caller.id()),
        Mode::Visitor { .. } => None,
    };
    let session = parts
        .headers
        .get("mcp-session-id")
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);
    if let Some(session) = &session
        && let Some(started_by) = guard.started_by(session)
        && started_by != user
    {
        return forbidden(OTHER_CREDENTIALS);
    }
    parts.extensions.insert(mode);
    let response = next.run(Request::from_parts(parts, body)).await;
    if session.is_none()
        && let Some(new_session) = response
            .headers()
            .get("mcp-session-id")
            .and_then(|v| v.to_str().ok())
    {
        guard.remember(new_session.to_string(), user);
    }
    response
}

fn forbidden(message: &'static str) -> Response {
    ApiError::Protocol {
        status: StatusCode::FORBIDDEN,
        code: "rest_forbidden",
        message,
    }
    .into_response()
}

#[cfg(test)]
mod tests {
    use super::origin_of;

    #[test]
    fn an_origin_is_scheme_host_and_port() {
        assert_eq!(
            origin_of("https://Book.Example.org/base/").as_deref(),
            Some("https://book.example.org")
        );
        assert_eq!(
            origin_of("http://127.0.0.1:3000").as_deref(),
            Some("http://127.0.0.1:3000")
        );
        assert_eq!(origin_of("not a url"), None);
    }
}
