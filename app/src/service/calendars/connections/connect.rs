//! `POST /calendar-connections`: a CalDAV account or an ICS feed, checked (its address, then
//! the server itself) before anything is stored.

use url::Url;

use super::sync::{feed_calendar, record_outcome, store_feed, sync_caldav};
use super::{CONNECTED, FEED_HREF, changed, own, reach};
use crate::domain::validation::FieldErrors;
use crate::model::calendar_connection::{ConnectBody, ConnectionChanged, KINDS};
use crate::service::calendars::client::{self, Account, FeedRead, FetchError, FoundCalendar};
use crate::service::support::targets::{TargetError, is_public_ip, literal_ip, redacted_url};
use crate::service::{Caller, Ctx, ServiceError, ServiceResult};
use crate::store::calendar_connections as store;
use crate::store::now_epoch;

/// What `POST /calendar-connections` takes.
pub type ConnectRequest = ConnectBody;

/// The checked parts of a connect request.
pub(crate) struct Checked {
    kind: &'static str,
    url: Url,
    username: String,
    password: Option<String>,
    title: Option<String>,
}

pub(crate) fn check_connect(req: &ConnectRequest, allow_private: bool) -> ServiceResult<Checked> {
    let mut errors = FieldErrors::new();
    let kind = match req.kind.as_deref().map(str::trim) {
        None | Some("") => {
            errors.add("kind", "required", "The kind field is required.");
            None
        }
        Some(k) => match KINDS.iter().find(|known| **known == k) {
            Some(known) => Some(*known),
            None => {
                errors.add("kind", "in", "The kind must be caldav or ics.");
                None
            }
        },
    };
    let url = match req.url.as_deref().map(str::trim) {
        None | Some("") => {
            errors.add("url", "required", "The url field is required.");
            None
        }
        Some(text) => check_url(text, allow_private, &mut errors),
    };
    if let Some(title) = &req.title
        && title.chars().count() > 190
    {
        errors.add(
            "title",
            "max",
            "The title may not be greater than 190 characters.",
        );
    }
    errors.into_result().map_err(ServiceError::invalid)?;
    let (Some(kind), Some(mut url)) = (kind, url) else {
        return Err(ServiceError::field(
            "url",
            "required",
            "The url field is required.",
        ));
    };
    // Credentials written into the URL count as given, and leave it.
    let mut username = req.username.clone().unwrap_or_default().trim().to_string();
    let mut password = req.password.clone().filter(|p| !p.is_empty());
    if kind == "caldav" {
        if username.is_empty() && !url.username().is_empty() {
            username = percent_decode(url.username());
        }
        if password.is_none() {
            password = url.password().map(percent_decode);
        }
        let _ = url.set_username("");
        let _ = url.set_password(None);
    }
    Ok(Checked {
        kind,
        url,
        username,
        password,
        title: req
            .title
            .as_deref()
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .map(str::to_string),
    })
}

fn percent_decode(text: &str) -> String {
    url::form_urlencoded::parse(format!("x={text}").as_bytes())
        .next()
        .map(|(_, v)| v.into_owned())
        .unwrap_or_else(|| text.to_string())
}

fn check_url(text: &str, allow_private: bool, errors: &mut FieldErrors) -> Option<Url> {
    // `webcal://` is how calendar programs advertise a feed: it is plain HTTPS.
    let text = match text.strip_prefix("webcal://") {
        Some(rest) => format!("https://{rest}"),
        None => text.to_string(),
    };
    let Ok(url) = Url::parse(&text) else {
        errors.add(
            "url",
            "url",
            "The url must be a valid http or https address.",
        );
        return None;
    };
    if !matches!(url.scheme(), "http" | "https") || url.host_str().is_none() {
        errors.add(
            "url",
            "url",
            "The url must be a valid http or https address.",
        );
        return None;
    }
    if !allow_private && literal_ip(&url).is_some_and(|ip| !is_public_ip(ip)) {
        errors.add(
            "url",
            "public",
            "The url must be a public internet address.",
        );
        return None;
    }
    Some(url)
}

/// A refused connect: which field the user should fix, and why.
pub(super) fn connect_error(kind: &str, error: &FetchError) -> ServiceError {
    match error {
        FetchError::Refused(_) if kind == "caldav" => ServiceError::field(
            "password",
            "credentials",
            "The calendar server did not accept this username and password.",
        ),
        FetchError::Refused(_) => ServiceError::field(
            "url",
            "credentials",
            "The feed refused access: check that the address is the full secret address.",
        ),
        FetchError::Target(TargetError::Private(_)) => ServiceError::field(
            "url",
            "public",
            "The url must be a public internet address.",
        ),
        FetchError::NotCalendar(why) if kind == "caldav" => ServiceError::field(
            "url",
            "caldav",
            &format!("This address is not a CalDAV calendar or account: {why}."),
        ),
        FetchError::NotCalendar(why) => ServiceError::field(
            "url",
            "ics",
            &format!("This address does not answer an iCalendar feed: {why}."),
        ),
        other => ServiceError::field(
            "url",
            "reachable",
            &format!("The calendar server cannot be reached: {other}."),
        ),
    }
}

/// `POST /calendar-connections`: checks the credentials and discovers the calendars before
/// anything is stored (a refused connect stores nothing), then stores the connection and
/// reads its busy times.
#[tracing::instrument(skip_all)]
pub async fn connect(
    ctx: &Ctx,
    caller: &Caller,
    req: &ConnectRequest,
) -> ServiceResult<ConnectionChanged> {
    let checked = check_connect(req, ctx.allow_private_targets)?;
    let account = Account {
        url: checked.url.clone(),
        username: checked.username.clone(),
        password: checked.password.clone(),
    };
    let reach = reach(ctx);
    // What the server holds now: CalDAV calendars, or the feed's text (read once, used twice).
    let (home, found, feed) = match checked.kind {
        "caldav" => {
            let d = client::discover(reach, &account)
                .await
                .map_err(|e| connect_error("caldav", &e))?;
            if d.calendars.is_empty() {
                return Err(ServiceError::field(
                    "url",
                    "caldav",
                    "This account has no calendar with events.",
                ));
            }
            (d.home, d.calendars, None)
        }
        _ => match client::read_feed(reach, &account, "").await {
            Ok(FeedRead::Changed { text, etag }) => {
                let name = feed_name(&text).unwrap_or_else(|| host_of(&checked.url));
                let found = vec![FoundCalendar {
                    href: FEED_HREF.into(),
                    name,
                    ctag: String::new(),
                    read_only: true,
                }];
                (String::new(), found, Some((text, etag)))
            }
            Ok(FeedRead::Unchanged) => {
                return Err(connect_error(
                    "ics",
                    &FetchError::NotCalendar("it answered 304 to a first read".into()),
                ));
            }
            Err(e) => return Err(connect_error("ics", &e)),
        },
    };
    let title = checked.title.clone().unwrap_or_else(|| match checked.kind {
        "ics" => found[0].name.clone(),
        _ => host_of(&checked.url),
    });
    let sealed_url = ctx.secrets.seal(checked.url.as_str());
    let sealed_password = checked.password.as_deref().map(|p| ctx.secrets.seal(p));
    let shown_url = redacted_url(checked.url.as_str());
    let now = now_epoch();
    let mut tx = ctx.store.begin().await?;
    let id = store::insert(
        tx.ex(),
        &store::NewConnection {
            user_id: caller.id(),
            kind: checked.kind,
            title: &title,
            shown_url: &shown_url,
            sealed_url: &sealed_url,
            username: &checked.username,
            sealed_password: sealed_password.as_deref(),
            home_url: &home,
            sync_after: now + ctx.calendars.sync_seconds,
        },
    )
    .await?;
    for calendar in &found {
        store::upsert_calendar(
            tx.ex(),
            id,
            caller.id(),
            &calendar.href,
            &calendar.name,
            calendar.read_only,
        )
        .await?;
    }
    tx.commit().await?;
    tracing::info!(connection = id, kind = checked.kind, server = %crate::service::support::targets::origin_of(&checked.url), "calendar connected");
    let row = {
        let mut conn = ctx.store.conn().await?;
        own(conn.ex(), caller, id).await?
    };
    // Busy times now: the feed's text is already here; CalDAV reads each calendar's events.
    let outcome = match feed {
        Some((text, etag)) => match feed_calendar(ctx, &row).await? {
            (Some(calendar), window) => store_feed(ctx, &calendar, &window, &text, &etag).await,
            (None, _) => Ok(()),
        },
        // The calendars and their tags were just read: only their events remain to read.
        None => sync_caldav(ctx, &row, Some(found)).await,
    };
    record_outcome(ctx, id, outcome).await?;
    changed(ctx, caller, id, CONNECTED).await
}

fn host_of(url: &Url) -> String {
    url.host_str().unwrap_or("Calendar").to_string()
}

/// A feed's own name (`X-WR-CALNAME`), if it has one.
fn feed_name(text: &str) -> Option<String> {
    text.lines()
        .find_map(|l| l.strip_prefix("X-WR-CALNAME:"))
        .map(|n| n.trim().replace("\\,", ",").replace("\\;", ";"))
        .filter(|n| !n.is_empty())
        .map(|n| n.chars().take(190).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn connect_requests_are_checked_field_by_field() {
        let req = |kind: &str, url: &str| ConnectRequest {
            kind: Some(kind.into()),
            url: Some(url.into()),
            ..ConnectRequest::default()
        };
        let field_of = |r: ServiceResult<Checked>| match r {
            Err(ServiceError::Validation { errors, .. }) => serde_json::to_value(&errors)
                .expect("json")
                .as_object()
                .expect("map")
                .keys()
                .cloned()
                .collect::<Vec<_>>(),
            _ => vec![],
        };
        assert_eq!(
            field_of(check_connect(&req("exchange", "https://x.example/"), false)),
            ["kind"]
        );
        assert_eq!(
            field_of(check_connect(&req("ics", "ftp://x.example/a.ics"), false)),
            ["url"]
        );
        assert_eq!(
            field_of(check_connect(&req("ics", "http://127.0.0.1/a.ics"), false)),
            ["url"]
        );
        assert!(check_connect(&req("ics", "http://127.0.0.1/a.ics"), true).is_ok());
        let feed =
            check_connect(&req("ics", "webcal://cal.example/x.ics?token=1"), false).expect("ok");
        assert_eq!(feed.url.as_str(), "https://cal.example/x.ics?token=1");
        let dav =
            check_connect(&req("caldav", "https://ann:p%40ss@dav.example/"), false).expect("ok");
        assert_eq!(
            (dav.username.as_str(), dav.password.as_deref()),
            ("ann", Some("p@ss"))
        );
        assert_eq!(dav.url.as_str(), "https://dav.example/");
    }
}
