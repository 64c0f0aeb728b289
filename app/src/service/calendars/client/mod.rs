//! Talking to calendar servers: iCalendar feeds by HTTP GET with ETags (here) and CalDAV
//! (caldav.rs). Every request goes to the address checked by
//! [`crate::service::support::targets::pinned_client`] and has the configured time-out; errors
//! name the server by scheme and host only (never userinfo, path secrets or query).

use std::time::Duration;

use reqwest::{Method, StatusCode};
use url::Url;

use crate::service::support::targets::{TargetError, origin_of, pinned_client};

mod caldav;

pub use caldav::{
    delete_object, discover, events_between, home_calendars, one_calendar, put_object,
};

/// Largest response read (a feed of several years of events is a few megabytes).
const MAX_BODY_BYTES: usize = 32 * 1024 * 1024;
/// Same-host redirects followed (`/.well-known/caldav` and trailing-slash fixes).
const MAX_REDIRECTS: usize = 4;

/// Why a calendar server could not be read.
#[derive(Debug, Clone, thiserror::Error)]
pub enum FetchError {
    /// 401 or 403: the credentials (or a feed's secret address) are refused.
    #[error("{0} refused the credentials")]
    Refused(String),
    /// The server answered, but not as a CalDAV server or an iCalendar feed.
    #[error("{0}")]
    NotCalendar(String),
    #[error("{0}")]
    Unreachable(String),
    #[error("{0} did not answer in time")]
    TimedOut(String),
    #[error("{0}")]
    Target(#[from] TargetError),
}

/// Where and as whom: a server URL (or feed URL) and optional Basic credentials.
#[derive(Clone)]
pub struct Account {
    pub url: Url,
    pub username: String,
    pub password: Option<String>,
}

impl std::fmt::Debug for Account {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Account")
            .field("url", &origin_of(&self.url))
            .finish_non_exhaustive()
    }
}

/// Client settings shared by every call.
#[derive(Debug, Clone, Copy)]
pub struct Reach {
    pub allow_private: bool,
    pub timeout: Duration,
}

/// A calendar collection found on a CalDAV server.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FoundCalendar {
    /// Absolute URL of the collection.
    pub href: String,
    pub name: String,
    /// `getctag` or `sync-token`: changes whenever an event in it changes.
    pub ctag: String,
    pub read_only: bool,
}

/// What a connect finds: the account's calendar home ('' when the URL is one calendar) and
/// its event calendars.
#[derive(Debug, Clone)]
pub struct Discovery {
    pub home: String,
    pub calendars: Vec<FoundCalendar>,
}

/// A feed read: unchanged since `etag`, or its text and new ETag.
#[derive(Debug)]
pub enum FeedRead {
    Unchanged,
    Changed { text: String, etag: String },
}

struct Answer {
    status: StatusCode,
    body: String,
    etag: String,
}

async fn request(
    reach: Reach,
    account: &Account,
    method: Method,
    url: &Url,
    headers: &[(&str, &str)],
    body: Option<String>,
) -> Result<Answer, FetchError> {
    let body = body.map(|b| ("application/xml; charset=utf-8", b));
    send(reach, account, method, url, headers, body).await
}

async fn request_with_body(
    reach: Reach,
    account: &Account,
    method: Method,
    url: &Url,
    content_type: &'static str,
    body: String,
) -> Result<Answer, FetchError> {
    send(reach, account, method, url, &[], Some((content_type, body))).await
}

async fn send(
    reach: Reach,
    account: &Account,
    method: Method,
    url: &Url,
    headers: &[(&str, &str)],
    body: Option<(&'static str, String)>,
) -> Result<Answer, FetchError> {
    let mut url = url.clone();
    for _ in 0..=MAX_REDIRECTS {
        let client = pinned_client(&url, reach.allow_private, reach.timeout)
            .await?
            .build()
            .map_err(|_| FetchError::Unreachable(format!("{}: no client", origin_of(&url))))?;
        let mut call = client.request(method.clone(), url.clone());
        if !account.username.is_empty() || account.password.is_some() {
            call = call.basic_auth(&account.username, account.password.as_deref());
        }
        for (name, value) in headers {
            call = call.header(*name, *value);
        }
        if let Some((content_type, body)) = &body {
            call = call
                .header("content-type", *content_type)
                .body(body.clone());
        }
        let origin = origin_of(&url);
        let response = call.send().await.map_err(|e| {
            if e.is_timeout() {
                FetchError::TimedOut(origin.clone())
            } else {
                FetchError::Unreachable(format!("{origin} cannot be reached"))
            }
        })?;
        let status = response.status();
        if status.is_redirection() && status != StatusCode::NOT_MODIFIED {
            let next = response
                .headers()
                .get("location")
                .and_then(|l| l.to_str().ok())
                .and_then(|l| url.join(l).ok());
            match next {
                // Only to the same host and port: the checked address stays the one used.
                Some(next)
                    if next.host_str() == url.host_str()
                        && next.port_or_known_default() == url.port_or_known_default() =>
                {
                    url = next;
                    continue;
                }
                _ => {
                    return Err(FetchError::NotCalendar(format!(
                        "{origin} redirects elsewhere"
                    )));
                }
            }
        }
        if status == StatusCode::UNAUTHORIZED || status == StatusCode::FORBIDDEN {
            return Err(FetchError::Refused(origin));
        }
        let etag = response
            .headers()
            .get("etag")
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_string();
        let body = read_limited(response, &origin).await?;
        return Ok(Answer { status, body, etag });
    }
    Err(FetchError::NotCalendar(format!(
        "{} redirects too often",
        origin_of(&url)
    )))
}

async fn read_limited(mut response: reqwest::Response, origin: &str) -> Result<String, FetchError> {
    let mut bytes = Vec::new();
    loop {
        match response.chunk().await {
            Ok(Some(chunk)) => {
                if bytes.len() + chunk.len() > MAX_BODY_BYTES {
                    return Err(FetchError::NotCalendar(format!(
                        "{origin} sent too much data"
                    )));
                }
                bytes.extend_from_slice(&chunk);
            }
            Ok(None) => break,
            Err(e) if e.is_timeout() => return Err(FetchError::TimedOut(origin.to_string())),
            Err(_) => {
                return Err(FetchError::Unreachable(format!(
                    "{origin} broke off the answer"
                )));
            }
        }
    }
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

// ---------------------------------------------------------------------------------------
// iCalendar feeds

/// GETs a feed; `etag` from the last read makes an unchanged feed answer 304 and nothing else.
pub async fn read_feed(
    reach: Reach,
    account: &Account,
    etag: &str,
) -> Result<FeedRead, FetchError> {
    let mut headers = vec![("accept", "text/calendar, */*;q=0.5")];
    if !etag.is_empty() {
        headers.push(("if-none-match", etag));
    }
    let answer = request(reach, account, Method::GET, &account.url, &headers, None).await?;
    let origin = origin_of(&account.url);
    if answer.status == StatusCode::NOT_MODIFIED {
        return Ok(FeedRead::Unchanged);
    }
    if !answer.status.is_success() {
        return Err(FetchError::NotCalendar(format!(
            "{origin} answered HTTP {}",
            answer.status.as_u16()
        )));
    }
    if !crate::domain::calendar_busy::is_icalendar(&answer.body) {
        return Err(FetchError::NotCalendar(format!(
            "{origin} does not answer an iCalendar feed"
        )));
    }
    Ok(FeedRead::Changed {
        text: answer.body,
        etag: answer.etag,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_account_shows_only_its_origin() {
        let account = Account {
            url: Url::parse("https://bob:pw@dav.example.com/secret?token=1").expect("url"),
            username: "bob".into(),
            password: Some("pw".into()),
        };
        let shown = format!("{account:?}");
        assert!(shown.contains("https://dav.example.com"));
        assert!(!shown.contains("pw") && !shown.contains("token") && !shown.contains("secret"));
    }
}
