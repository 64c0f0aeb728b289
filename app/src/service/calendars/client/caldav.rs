//! CalDAV (RFC 4791): discovery of an account's calendars, change tags, event reports, and
//! writing bookings as calendar objects, over the time-limited requests of `client`.

use reqwest::{Method, StatusCode};
use url::Url;

use super::{Account, Discovery, FetchError, FoundCalendar, Reach, request, request_with_body};
use crate::service::support::targets::origin_of;

const DAV: &str = "DAV:";
const CALDAV: &str = "urn:ietf:params:xml:ns:caldav";
const CALSERVER: &str = "http://calendarserver.org/ns/";

const COLLECTION_PROPS: &str = r#"<?xml version="1.0" encoding="utf-8"?>
<d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" xmlns:cs="http://calendarserver.org/ns/">
  <d:prop>
    <d:resourcetype/><d:displayname/><cs:getctag/><d:sync-token/>
    <c:supported-calendar-component-set/><d:current-user-privilege-set/>
    <d:current-user-principal/><c:calendar-home-set/>
  </d:prop>
</d:propfind>"#;

/// One `<d:response>` of a multistatus: its URL and the properties found (status 200).
struct DavResponse<'x, 'i> {
    href: String,
    props: Vec<roxmltree::Node<'x, 'i>>,
}

impl<'x, 'i> DavResponse<'x, 'i> {
    fn prop(&self, ns: &str, name: &str) -> Option<roxmltree::Node<'x, 'i>> {
        self.props
            .iter()
            .find(|p| p.tag_name().namespace() == Some(ns) && p.tag_name().name() == name)
            .copied()
    }

    fn text(&self, ns: &str, name: &str) -> String {
        self.prop(ns, name)
            .and_then(|p| p.text())
            .unwrap_or_default()
            .trim()
            .to_string()
    }

    /// The `<d:href>` inside a property (principal, home set).
    fn href_in(&self, ns: &str, name: &str) -> Option<String> {
        self.prop(ns, name)?
            .descendants()
            .find(|n| is(n, DAV, "href"))
            .and_then(|n| n.text())
            .map(|t| t.trim().to_string())
    }

    fn has_child(&self, ns: &str, name: &str, child_ns: &str, child: &str) -> bool {
        self.prop(ns, name)
            .is_some_and(|p| p.descendants().any(|n| is(&n, child_ns, child)))
    }

    fn is_calendar(&self) -> bool {
        self.has_child(DAV, "resourcetype", CALDAV, "calendar")
    }

    /// Holds events: a calendar whose component set names VEVENT (or is not told).
    fn holds_events(&self) -> bool {
        match self.prop(CALDAV, "supported-calendar-component-set") {
            None => true,
            Some(set) => set.descendants().any(|n| {
                is(&n, CALDAV, "comp")
                    && n.attribute("name")
                        .is_some_and(|v| v.eq_ignore_ascii_case("VEVENT"))
            }),
        }
    }

    /// Writable unless the server lists privileges and none lets us add events.
    fn read_only(&self) -> bool {
        match self.prop(DAV, "current-user-privilege-set") {
            None => false,
            Some(set) => !set.descendants().any(|n| {
                n.tag_name().namespace() == Some(DAV)
                    && matches!(
                        n.tag_name().name(),
                        "write" | "write-content" | "bind" | "all"
                    )
            }),
        }
    }

    fn change_tag(&self) -> String {
        let ctag = self.text(CALSERVER, "getctag");
        if ctag.is_empty() {
            self.text(DAV, "sync-token")
        } else {
            ctag
        }
    }
}

fn is(node: &roxmltree::Node<'_, '_>, ns: &str, name: &str) -> bool {
    node.is_element() && node.tag_name().namespace() == Some(ns) && node.tag_name().name() == name
}

fn responses<'x, 'i>(doc: &'x roxmltree::Document<'i>) -> Vec<DavResponse<'x, 'i>> {
    doc.descendants()
        .filter(|n| is(n, DAV, "response"))
        .map(|response| {
            let href = response
                .children()
                .find(|n| is(n, DAV, "href"))
                .and_then(|n| n.text())
                .unwrap_or_default()
                .trim()
                .to_string();
            let props = response
                .children()
                .filter(|n| is(n, DAV, "propstat"))
                .filter(|ps| {
                    ps.children()
                        .find(|n| is(n, DAV, "status"))
                        .and_then(|n| n.text())
                        .is_some_and(|s| s.contains(" 200"))
                })
                .flat_map(|ps| ps.children().filter(|n| is(n, DAV, "prop")))
                .flat_map(|p| p.children().filter(|n| n.is_element()))
                .collect();
            DavResponse { href, props }
        })
        .collect()
}

async fn dav(
    reach: Reach,
    account: &Account,
    method: &str,
    url: &Url,
    depth: &str,
    body: String,
) -> Result<String, FetchError> {
    let method = Method::from_bytes(method.as_bytes()).unwrap_or(Method::GET);
    let answer = request(reach, account, method, url, &[("depth", depth)], Some(body)).await?;
    if answer.status != StatusCode::MULTI_STATUS {
        return Err(FetchError::NotCalendar(format!(
            "{} is not a CalDAV server (HTTP {})",
            origin_of(url),
            answer.status.as_u16()
        )));
    }
    Ok(answer.body)
}

fn parse_xml<'t>(text: &'t str, url: &Url) -> Result<roxmltree::Document<'t>, FetchError> {
    roxmltree::Document::parse(text)
        .map_err(|_| FetchError::NotCalendar(format!("{} answered unreadable XML", origin_of(url))))
}

fn calendars_in(list: &[DavResponse<'_, '_>], base: &Url) -> Vec<FoundCalendar> {
    list.iter()
        .filter(|r| r.is_calendar() && r.holds_events())
        .filter_map(|r| {
            let href = base.join(&r.href).ok()?;
            let name = r.text(DAV, "displayname");
            Some(FoundCalendar {
                name: if name.is_empty() {
                    href.path_segments()
                        .and_then(|mut s| s.rfind(|p| !p.is_empty()))
                        .unwrap_or("Calendar")
                        .to_string()
                } else {
                    name
                },
                href: href.to_string(),
                ctag: r.change_tag(),
                read_only: r.read_only(),
            })
        })
        .collect()
}

/// Finds the account's event calendars: the URL itself when it is a calendar collection,
/// else `current-user-principal` → `calendar-home-set` → its calendar collections.
pub async fn discover(reach: Reach, account: &Account) -> Result<Discovery, FetchError> {
    let url = &account.url;
    let text = dav(
        reach,
        account,
        "PROPFIND",
        url,
        "0",
        COLLECTION_PROPS.into(),
    )
    .await?;
    let (principal, home) = {
        let doc = parse_xml(&text, url)?;
        let list = responses(&doc);
        let Some(first) = list.first() else {
            return Err(FetchError::NotCalendar(format!(
                "{} is not a CalDAV server",
                origin_of(url)
            )));
        };
        if first.is_calendar() {
            return Ok(Discovery {
                home: String::new(),
                calendars: calendars_in(&list[..1], url),
            });
        }
        (
            first.href_in(DAV, "current-user-principal"),
            first.href_in(CALDAV, "calendar-home-set"),
        )
    };
    let home = match home {
        Some(home) => home,
        None => {
            let principal = principal.and_then(|p| url.join(&p).ok()).ok_or_else(|| {
                FetchError::NotCalendar(format!("{} is not a CalDAV server", origin_of(url)))
            })?;
            let text = dav(
                reach,
                account,
                "PROPFIND",
                &principal,
                "0",
                COLLECTION_PROPS.into(),
            )
            .await?;
            let doc = parse_xml(&text, &principal)?;
            responses(&doc)
                .first()
                .and_then(|r| r.href_in(CALDAV, "calendar-home-set"))
                .ok_or_else(|| {
                    FetchError::NotCalendar(format!(
                        "{} shows no calendars for this account",
                        origin_of(url)
                    ))
                })?
        }
    };
    let home = url.join(&home).map_err(|_| {
        FetchError::NotCalendar(format!("{} sent an unusable address", origin_of(url)))
    })?;
    let calendars = home_calendars(reach, account, &home).await?;
    Ok(Discovery {
        home: home.to_string(),
        calendars,
    })
}

/// The calendars of a home with their change tags: one PROPFIND, however many events.
pub async fn home_calendars(
    reach: Reach,
    account: &Account,
    home: &Url,
) -> Result<Vec<FoundCalendar>, FetchError> {
    let text = dav(
        reach,
        account,
        "PROPFIND",
        home,
        "1",
        COLLECTION_PROPS.into(),
    )
    .await?;
    let doc = parse_xml(&text, home)?;
    Ok(calendars_in(&responses(&doc), home))
}

/// One calendar collection's own properties (a connection made to a calendar URL).
pub async fn one_calendar(
    reach: Reach,
    account: &Account,
    href: &Url,
) -> Result<Vec<FoundCalendar>, FetchError> {
    let text = dav(
        reach,
        account,
        "PROPFIND",
        href,
        "0",
        COLLECTION_PROPS.into(),
    )
    .await?;
    let doc = parse_xml(&text, href)?;
    Ok(calendars_in(&responses(&doc), href))
}

/// The iCalendar texts of a calendar's events that touch `[from, to)` (UTC, the server
/// filters by time range; recurring events come whole, the caller expands them).
pub async fn events_between(
    reach: Reach,
    account: &Account,
    calendar: &Url,
    from: i64,
    to: i64,
) -> Result<Vec<String>, FetchError> {
    let stamp = |t: i64| {
        chrono::DateTime::from_timestamp(t, 0)
            .unwrap_or_default()
            .format("%Y%m%dT%H%M%SZ")
            .to_string()
    };
    let body = format!(
        r#"<?xml version="1.0" encoding="utf-8"?>
<c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
  <d:prop><d:getetag/><c:calendar-data/></d:prop>
  <c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VEVENT">
    <c:time-range start="{}" end="{}"/>
  </c:comp-filter></c:comp-filter></c:filter>
</c:calendar-query>"#,
        stamp(from),
        stamp(to)
    );
    let text = dav(reach, account, "REPORT", calendar, "1", body).await?;
    let doc = parse_xml(&text, calendar)?;
    Ok(responses(&doc)
        .iter()
        .filter_map(|r| r.prop(CALDAV, "calendar-data").and_then(|n| n.text()))
        .map(str::to_string)
        .collect())
}

/// Writes one event into a calendar (`PUT`, created or replaced).
pub async fn put_object(
    reach: Reach,
    account: &Account,
    object: &Url,
    ics: &str,
) -> Result<(), FetchError> {
    let answer = request_with_body(
        reach,
        account,
        Method::PUT,
        object,
        "text/calendar; charset=utf-8",
        ics.to_string(),
    )
    .await?;
    if answer.status.is_success() {
        Ok(())
    } else {
        Err(FetchError::NotCalendar(format!(
            "{} refused the event (HTTP {})",
            origin_of(object),
            answer.status.as_u16()
        )))
    }
}

/// Removes one event from a calendar; one that is already gone counts as removed.
pub async fn delete_object(
    reach: Reach,
    account: &Account,
    object: &Url,
) -> Result<(), FetchError> {
    let answer = request(reach, account, Method::DELETE, object, &[], None).await?;
    if answer.status.is_success()
        || answer.status == StatusCode::NOT_FOUND
        || answer.status == StatusCode::GONE
    {
        Ok(())
    } else {
        Err(FetchError::NotCalendar(format!(
            "{} refused to remove the event (HTTP {})",
            origin_of(object),
            answer.status.as_u16()
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HOME: &str = r#"<?xml version="1.0"?>
<multistatus xmlns="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav" xmlns:CS="http://calendarserver.org/ns/">
 <response><href>/alice/</href><propstat><prop><resourcetype><collection/></resourcetype></prop><status>HTTP/1.1 200 OK</status></propstat></response>
 <response><href>/alice/work/</href><propstat><prop>
   <resourcetype><collection/><C:calendar/></resourcetype><displayname>Work</displayname>
   <CS:getctag>"abc"</CS:getctag>
   <C:supported-calendar-component-set><C:comp name="VEVENT"/></C:supported-calendar-component-set>
   <current-user-privilege-set><privilege><read/></privilege><privilege><write/></privilege></current-user-privilege-set>
  </prop><status>HTTP/1.1 200 OK</status></propstat>
  <propstat><prop><sync-token/></prop><status>HTTP/1.1 404 Not Found</status></propstat></response>
 <response><href>/alice/tasks/</href><propstat><prop>
   <resourcetype><collection/><C:calendar/></resourcetype><displayname>Tasks</displayname>
   <C:supported-calendar-component-set><C:comp name="VTODO"/></C:supported-calendar-component-set>
  </prop><status>HTTP/1.1 200 OK</status></propstat></response>
 <response><href>/alice/holidays/</href><propstat><prop>
   <resourcetype><collection/><C:calendar/></resourcetype>
   <sync-token>http://x/sync/7</sync-token>
   <current-user-privilege-set><privilege><read/></privilege></current-user-privilege-set>
  </prop><status>HTTP/1.1 200 OK</status></propstat></response>
</multistatus>"#;

    #[test]
    fn a_home_lists_its_event_calendars_with_change_tags_and_rights() {
        let doc = roxmltree::Document::parse(HOME).expect("xml");
        let base = Url::parse("https://dav.example.com/alice/").expect("url");
        let found = calendars_in(&responses(&doc), &base);
        assert_eq!(
            found,
            vec![
                FoundCalendar {
                    href: "https://dav.example.com/alice/work/".into(),
                    name: "Work".into(),
                    ctag: "\"abc\"".into(),
                    read_only: false,
                },
                FoundCalendar {
                    href: "https://dav.example.com/alice/holidays/".into(),
                    name: "holidays".into(),
                    ctag: "http://x/sync/7".into(),
                    read_only: true,
                },
            ]
        );
    }
}
