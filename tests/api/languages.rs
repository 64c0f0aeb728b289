//! DESIGN 2.9: the visitor's language on the public pages (chosen from `lang`, the cookie, the
//! booking, `Accept-Language`, the calendar), CLDR's dates in it, right to left for Arabic, the
//! booking's and calendar's `language` in REST, and the caller's profile.

use chrono::{Datelike, Duration, NaiveDate};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::pages::{Page, berlin_event, booking_by_hash, held_token, page, post_form};
use crate::support::{TestApp, assert_invalid_field};

/// CLDR's German weekday names, Monday first.
pub(crate) const GERMAN_WEEKDAYS: [&str; 7] = [
    "Montag",
    "Dienstag",
    "Mittwoch",
    "Donnerstag",
    "Freitag",
    "Samstag",
    "Sonntag",
];

/// CLDR's German month names, January first.
const GERMAN_MONTHS: [&str; 12] = [
    "Januar",
    "Februar",
    "März",
    "April",
    "Mai",
    "Juni",
    "Juli",
    "August",
    "September",
    "Oktober",
    "November",
    "Dezember",
];

/// A GET of a page with request headers (a browser's `Accept-Language`, a cookie).
async fn page_with(app: &TestApp, path: &str, headers: &[(&str, &str)]) -> Page {
    let mut request = app.client.get(format!("{}{path}", app.base));
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let response = request.send().await.expect("request");
    Page {
        status: response.status(),
        headers: response.headers().clone(),
        html: response.text().await.expect("body"),
    }
}

/// A day ten days on, and its month as `YYYY-MM`.
fn a_day_ahead() -> (NaiveDate, String) {
    let day = chrono::Utc::now().date_naive() + Duration::days(10);
    (day, day.format("%Y-%m").to_string())
}

/// The weekday of the first cell of the grid's first week that holds a day: the day links'
/// positions tell which weekday each column is.
fn first_column_weekday(html: &str, first_of_month: NaiveDate) -> chrono::Weekday {
    let body = html.split("<tbody>").nth(1).expect("a month grid");
    let first_row = body.split("</tr>").next().unwrap_or_default();
    let empty_cells = first_row
        .split("<td")
        .skip(1)
        .take_while(|cell| cell.starts_with("></td>"))
        .count();
    let mut day = first_of_month;
    for _ in 0..empty_cells {
        day = day.pred_opt().expect("a day");
    }
    day.weekday()
}

/// The attribute values of `name` in `html`.
fn attributes<'a>(html: &'a str, name: &str) -> Vec<&'a str> {
    html.split(&format!(" {name}=\""))
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .collect()
}

#[tokio::test]
async fn a_german_page_speaks_german_with_cldr_dates_and_keeps_its_language_in_every_link() {
    let app = TestApp::spawn().await;
    let (_, _, _, path) = berlin_event(&app).await;
    let (day, month) = a_day_ahead();
    let german = page(&app, &format!("{path}?month={month}&date={day}&lang=de")).await;
    assert_eq!(german.status, StatusCode::OK);
    assert!(
        german.html.contains(r#"<html lang="de" dir="ltr""#),
        "{}",
        german.html
    );
    assert_eq!(german.header("content-language"), "de");
    let vary = german
        .headers
        .get_all("vary")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .collect::<Vec<_>>()
        .join(", ")
        .to_ascii_lowercase();
    assert!(
        vary.contains("accept-language") && vary.contains("cookie"),
        "{vary}"
    );
    assert!(
        german.header("set-cookie").starts_with("slotbook_lang=de;"),
        "{:?}",
        german.headers
    );
    let caption = format!("{} {}", GERMAN_MONTHS[day.month0() as usize], day.year());
    assert!(german.html.contains(&caption), "caption {caption}");
    assert!(german.html.contains("Freie Zeiten") || german.html.contains("Zeitzone"));
    for english in [
        "Previous month",
        "Next month",
        "Time zone",
        "Show times",
        "Booked with slotbook",
    ] {
        assert!(!german.html.contains(english), "{english} on a German page");
    }
    // Monday first; every day link named with its weekday, day, month and year.
    let first = day.with_day(1).expect("first of month");
    assert_eq!(
        first_column_weekday(&german.html, first),
        chrono::Weekday::Mon
    );
    let weekdays = GERMAN_WEEKDAYS;
    let name = format!(
        "{}, {}. {} {}",
        weekdays[day.weekday().num_days_from_monday() as usize],
        day.day(),
        GERMAN_MONTHS[day.month0() as usize],
        day.year()
    );
    assert!(
        german.html.contains(&format!("aria-label=\"{name}\"")),
        "{name}"
    );
    // Times on the 24-hour clock; every link to a public page carries lang=de.
    assert!(german.html.contains(">09:00<"), "24-hour times");
    let links: Vec<&str> = attributes(&german.html, "href")
        .into_iter()
        .filter(|href| {
            href.starts_with('/') && !href.starts_with("/pkg") && !href.starts_with("/favicon")
        })
        .collect();
    assert!(!links.is_empty());
    for href in links {
        assert!(href.contains("lang=de"), "{href}");
    }
    // The picker: labelled in German, every language, the page's selected, the view kept.
    assert!(german.html.contains(r#"<label for="language-select""#));
    assert!(german.html.contains(">Sprache</label>"));
    assert!(
        german
            .html
            .contains(r#"<option value="de" lang="de" selected"#)
    );
    for option in [
        "English",
        "Deutsch",
        "Français",
        "Español",
        "Português (Brasil)",
        "العربية",
        "日本語",
    ] {
        assert!(
            german.html.contains(&format!(">{option}</option>")),
            "{option}"
        );
    }
    assert!(
        german
            .html
            .contains(&format!(r#"name="date" value="{day}""#))
    );
}

#[tokio::test]
async fn arabic_reads_right_to_left_from_accept_language_with_saturday_first_and_cldr_marks() {
    let app = TestApp::spawn().await;
    let (_, _, _, path) = berlin_event(&app).await;
    let (day, month) = a_day_ahead();
    let arabic = page_with(
        &app,
        &format!("{path}?month={month}&date={day}"),
        &[("accept-language", "xx, ar-EG;q=0.9, de;q=0.5")],
    )
    .await;
    assert!(
        arabic.html.contains(r#"<html lang="ar" dir="rtl""#),
        "{}",
        arabic.html
    );
    assert_eq!(arabic.header("content-language"), "ar");
    // Accept-Language chooses, but only `lang=` sets the cookie.
    assert!(
        arabic.header("set-cookie").is_empty(),
        "{:?}",
        arabic.headers
    );
    let first = day.with_day(1).expect("first of month");
    assert_eq!(
        first_column_weekday(&arabic.html, first),
        chrono::Weekday::Sat
    );
    // 12-hour with CLDR's marks ("9:00 ص"), Latin digits.
    assert!(arabic.html.contains("9:00\u{a0}ص") || arabic.html.contains("9:00 ص"));
    assert!(arabic.html.contains("الأوقات المتاحة") || arabic.html.contains("المنطقة الزمنية"));
}

#[tokio::test]
async fn the_first_source_naming_a_language_wins_and_unknown_ones_fall_through() {
    let app = TestApp::spawn().await;
    let (host, calendar, _, path) = berlin_event(&app).await;
    let french_cookie = [("cookie", "slotbook_lang=fr"), ("accept-language", "de")];
    let by_cookie = page_with(&app, &path, &french_cookie).await;
    assert!(by_cookie.html.contains(r#"<html lang="fr""#));
    let unknown = page_with(&app, &format!("{path}?lang=xx"), &french_cookie).await;
    assert_eq!(unknown.status, StatusCode::OK);
    assert!(unknown.html.contains(r#"<html lang="fr""#));
    let by_tag = page(&app, &format!("{path}?lang=pt-PT")).await;
    assert!(by_tag.html.contains(r#"<html lang="pt-BR""#));
    assert!(
        by_tag
            .header("set-cookie")
            .starts_with("slotbook_lang=pt-BR;")
    );
    // Without any, the calendar's language; without that, English.
    let english = page(&app, &path).await;
    assert!(english.html.contains(r#"<html lang="en" dir="ltr""#));
    let (status, body) = app
        .post(
            &format!("/calendars/{calendar}"),
            &host,
            json!({"language": "ja"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["calendar"]["language"], "ja");
    assert_eq!(body["message"], "Calendar has been updated successfully");
    let japanese = page(&app, &path).await;
    assert!(japanese.html.contains(r#"<html lang="ja""#));
    assert!(japanese.html.contains("年") && japanese.html.contains("月"));
    let not_found = page_with(&app, "/no-such-calendar", &[("accept-language", "es")]).await;
    assert_eq!(not_found.status, StatusCode::NOT_FOUND);
    assert!(not_found.html.contains(r#"<html lang="es""#));
    assert!(not_found.html.contains("Página no encontrada"));
}

#[tokio::test]
async fn a_booking_made_on_a_german_page_is_german_and_its_pages_stay_german() {
    let app = TestApp::spawn().await;
    let (host, _, event, path) = berlin_event(&app).await;
    let (day, _) = a_day_ahead();
    let form_path = format!("{path}?date={day}&time=10%3A00&lang=de");
    let form = page(&app, &form_path).await;
    assert!(form.html.contains("Buchung bestätigen"), "{}", form.html);
    assert!(
        form.html.contains("Ihr Name"),
        "the default field labels are translated"
    );
    let action = attributes(&form.html, "action")
        .into_iter()
        .find(|a| a.contains("time="))
        .expect("the form's action")
        .replace("&amp;", "&");
    assert!(action.contains("lang=de"), "{action}");
    let done = post_form(
        &app,
        &action,
        &[
            ("name", "Jonas Beispiel"),
            ("email", "jonas@example.org"),
            ("hold", &held_token(&form.html)),
        ],
    )
    .await;
    assert_eq!(done.status, StatusCode::SEE_OTHER, "{}", done.html);
    let location = done.location();
    assert!(location.ends_with("?lang=de"), "{location}");
    let hash = location
        .trim_start_matches("/booking/")
        .trim_end_matches("?lang=de")
        .to_string();
    let booking = booking_by_hash(&app, &host, event, &hash).await;
    assert_eq!(booking["language"], "de", "{booking}");
    // Later visits without a choice: the booking's language beats the browser's.
    let manage = page_with(
        &app,
        &format!("/booking/{hash}"),
        &[("accept-language", "fr")],
    )
    .await;
    assert!(manage.html.contains(r#"<html lang="de""#));
    assert!(manage.html.contains("Buchung bestätigt"), "{}", manage.html);
    // Another language asked for shows the page in it and leaves the booking's as it was.
    let spanish = page(&app, &format!("/booking/{hash}/cancel?lang=es")).await;
    assert!(spanish.html.contains("Cancelar esta reserva"));
    let booking = booking_by_hash(&app, &host, event, &hash).await;
    assert_eq!(booking["language"], "de");
}

#[tokio::test]
async fn rest_bookings_take_language_then_accept_language_then_the_calendar_s() {
    let app = TestApp::spawn().await;
    let (host, calendar, event, _) = berlin_event(&app).await;
    let (day, _) = a_day_ahead();
    let book = |time: &str, language: Option<&str>| {
        let mut body = json!({"name": "Ana", "email": format!("ana{}@example.org", time.replace(':', "")),
            "timezone": "Europe/Berlin", "event_time": format!("{day} {time}:00")});
        if let Some(language) = language {
            body["language"] = json!(language);
        }
        body
    };
    let create = |body: Value, accept: Option<&'static str>| {
        let mut request = app
            .client
            .post(format!("{}/api/v2/bookings/create/{event}", app.base))
            .json(&body);
        if let Some(accept) = accept {
            request = request.header("accept-language", accept);
        }
        async move {
            let response = request.send().await.expect("request");
            let status = response.status();
            (status, response.json::<Value>().await.expect("json"))
        }
    };
    let (status, asked) = create(book("09:00", Some("pt-BR")), Some("de")).await;
    assert_eq!(status, StatusCode::OK, "{asked}");
    assert_eq!(asked["booking"]["language"], "pt-BR");
    let (_, by_header) = create(book("09:30", None), Some("fr-CA, de;q=0.5")).await;
    assert_eq!(by_header["booking"]["language"], "fr");
    app.post(
        &format!("/calendars/{calendar}"),
        &host,
        json!({"language": "es"}),
    )
    .await;
    let (_, by_calendar) = create(book("10:00", None), None).await;
    assert_eq!(by_calendar["booking"]["language"], "es");
    for wrong in ["xx", "de-AT", "", "DE"] {
        let (status, refused) = create(book("10:30", Some(wrong)), None).await;
        assert_invalid_field(status, &refused, "language");
        assert!(
            refused["errors"]["language"].get("in").is_some(),
            "{refused}"
        );
    }
    let (_, list) = app.get("/schedules", &host).await;
    let languages: Vec<&str> = list["schedules"]["data"]
        .as_array()
        .expect("rows")
        .iter()
        .filter_map(|b| b["language"].as_str())
        .collect();
    assert_eq!(languages.len(), 3, "{list}");
}

#[tokio::test]
async fn calendars_and_profiles_keep_a_language_and_refuse_any_other_value() {
    let app = TestApp::spawn().await;
    let host = app.host("lena").await;
    let (status, profile) = app.get("/settings/profile", &host).await;
    assert_eq!(status, StatusCode::OK, "{profile}");
    assert_eq!(profile["profile"]["login"], "lena");
    assert!(profile["profile"]["language"].is_null());
    let (status, refused) = app
        .post("/settings/profile", &host, json!({"language": "de-AT"}))
        .await;
    assert_invalid_field(status, &refused, "language");
    let (status, saved) = app
        .post("/settings/profile", &host, json!({"language": "de"}))
        .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!(saved["message"], "Profile has been updated");
    assert_eq!(saved["profile"]["language"], "de");
    // A new calendar takes its creator's language unless it names one.
    let (status, made) = app
        .post(
            "/calendars",
            &host,
            crate::support::calendar_body("Europe/Berlin"),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{made}");
    let id = made["calendar"]["id"].as_i64().expect("id");
    let (_, got) = app.get(&format!("/calendars/{id}"), &host).await;
    assert_eq!(got["calendar"]["language"], "de", "{got}");
    let (status, refused) = app
        .post(
            &format!("/calendars/{id}"),
            &host,
            json!({"language": "xx"}),
        )
        .await;
    assert_invalid_field(status, &refused, "language");
    let (_, unchanged) = app.get(&format!("/calendars/{id}"), &host).await;
    assert_eq!(unchanged["calendar"]["language"], "de");
    let (status, cleared) = app
        .post("/settings/profile", &host, json!({"language": null}))
        .await;
    assert_eq!(status, StatusCode::OK, "{cleared}");
    assert!(cleared["profile"]["language"].is_null());
    let admin = app.admin().await;
    let mut body = crate::support::calendar_body("Europe/Berlin");
    body["calendar"]["language"] = json!("ar");
    let (status, made) = app.post("/calendars", &admin, body).await;
    assert_eq!(status, StatusCode::OK, "{made}");
    assert_eq!(made["calendar"]["language"], "ar", "{made}");
    let (status, _) = app.send(Method::GET, "/settings/profile", None, None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

/// Whether the email's `To:` header names `address`.
fn addressed_to(mail: &str, address: &str) -> bool {
    mail.lines()
        .any(|line| line.starts_with("To:") && line.contains(address))
}

/// An email's `Subject:` with its RFC 2047 encoded words (`=?utf-8?b?...?=`) decoded.
fn subject_of(mail: &str) -> String {
    use base64::Engine;
    let line = mail
        .split("\r\n")
        .skip_while(|l| !l.starts_with("Subject:"))
        .enumerate()
        .take_while(|(i, l)| *i == 0 || l.starts_with(' '))
        .map(|(_, l)| l.trim_start_matches("Subject:").trim())
        .collect::<Vec<_>>()
        .join(" ");
    // Whitespace between two encoded words is not text; beside a plain word it is.
    let mut text = String::new();
    let mut after_encoded = false;
    for word in line.split_whitespace() {
        let encoded = word
            .strip_prefix("=?utf-8?b?")
            .or_else(|| word.strip_prefix("=?UTF-8?B?"))
            .and_then(|w| w.strip_suffix("?="));
        match encoded {
            Some(b64) => {
                let bytes = base64::engine::general_purpose::STANDARD
                    .decode(b64)
                    .unwrap_or_default();
                if !after_encoded && !text.is_empty() {
                    text.push(' ');
                }
                text.push_str(&String::from_utf8_lossy(&bytes));
                after_encoded = true;
            }
            None => {
                if !text.is_empty() {
                    text.push(' ');
                }
                text.push_str(word);
                after_encoded = false;
            }
        }
    }
    text
}

#[tokio::test]
async fn emails_and_the_ics_speak_each_recipient_s_language_and_a_changed_template_is_sent_as_written()
 {
    let app = TestApp::spawn().await;
    let (host, calendar, event, _) = berlin_event(&app).await;
    let (status, _) = app
        .post("/settings/profile", &host, json!({"language": "de"}))
        .await;
    assert_eq!(status, StatusCode::OK);
    let (day, _) = a_day_ahead();
    let (status, booked) = app
        .send(
            Method::POST,
            &format!("/bookings/create/{event}"),
            None,
            Some(json!({"name": "Maya Singh", "email": "maya@example.org", "timezone": "Europe/Berlin",
                "event_time": format!("{day} 10:00:00"), "language": "fr"})),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{booked}");
    // The host's email names the attendee too and may come first: wait for the attendee's.
    let mut to_attendee = None;
    for _ in 0..300 {
        to_attendee = crate::notifications::mails_with(&app, "maya@example.org", 1)
            .await
            .into_iter()
            .find(|m| m.contains("To: \"Maya Singh\"") || m.contains("To: Maya Singh"));
        if to_attendee.is_some() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let attendee = to_attendee.expect("the attendee's email");
    let raw = crate::emails::wait_for_mails(&app, 2).await;
    let attendee_raw = raw
        .iter()
        .find(|m| addressed_to(m, "maya@example.org"))
        .expect("the attendee's email as written");
    assert_eq!(
        subject_of(attendee_raw),
        "Confirmation de réservation : Anna Tester et Maya Singh"
    );
    assert!(attendee.contains("Bonjour Maya,"), "{attendee}");
    let months_fr = [
        "janvier",
        "février",
        "mars",
        "avril",
        "mai",
        "juin",
        "juillet",
        "août",
        "septembre",
        "octobre",
        "novembre",
        "décembre",
    ];
    let date_fr = format!(
        "{} {} {}",
        day.day(),
        months_fr[day.month0() as usize],
        day.year()
    );
    assert!(attendee.contains(&date_fr), "{date_fr} in {attendee}");
    assert!(attendee.contains("10:00"), "24-hour clock");
    // The host reads German, with the German date.
    let to_host = crate::notifications::mails_with(&app, "bei Ihnen gebucht", 1).await;
    assert_eq!(to_host.len(), 1, "the host's email in German");
    let host_raw = raw
        .iter()
        .find(|m| addressed_to(m, "anna@"))
        .expect("the host's email as written");
    assert!(
        subject_of(host_raw).starts_with("Neue Buchung: Maya Singh am "),
        "{host_raw}"
    );
    // The .ics: "{title} with {host}" in the booking's language, or the one asked for.
    let hash = booked["booking"]["hash"].as_str().expect("hash");
    let ics = app.text(&format!("/booking/{hash}/ics")).await;
    assert!(ics.contains("SUMMARY:Daily avec Anna Tester"), "{ics}");
    let ics = app.text(&format!("/booking/{hash}/ics?lang=de")).await;
    assert!(ics.contains("SUMMARY:Daily mit Anna Tester"), "{ics}");
    // A subject the host wrote goes out as written, smart codes filled, in every language.
    let (status, saved) = app
        .post(
            &crate::notifications::base(calendar, event),
            &host,
            json!({"notifications": {"booking_conf_attendee": {"email": {
                "subject": "See you, {{guest.first_name}}"}}}}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    let (status, _) = app
        .send(
            Method::POST,
            &format!("/bookings/create/{event}"),
            None,
            Some(json!({"name": "Léa Martin", "email": "lea@example.org", "timezone": "Europe/Berlin",
                "event_time": format!("{day} 11:00:00"), "language": "fr"})),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let to_lea = crate::notifications::mails_with(&app, "Bonjour L", 1).await;
    let lea = to_lea
        .iter()
        .find(|m| addressed_to(m, "lea@example.org"))
        .expect("Léa's email");
    assert!(
        lea.contains("Bonjour Léa,"),
        "the body stays the catalog's: {lea}"
    );
    // Subjects read from the mail as written (the decoded text joins its header lines).
    let raw = crate::emails::wait_for_mails(&app, 4).await;
    let lea_raw = raw
        .iter()
        .find(|m| addressed_to(m, "lea@example.org"))
        .expect("Léa's email as written");
    assert_eq!(subject_of(lea_raw), "See you, Léa");
}

/// The dashboard page at `path` for the session `cookie`, as a browser asking `accept` would.
async fn dashboard_page(app: &TestApp, cookie: &str, path: &str, accept: &str) -> Page {
    page_with(
        app,
        path,
        &[("cookie", cookie), ("accept-language", accept)],
    )
    .await
}

#[tokio::test]
async fn the_dashboard_speaks_the_profile_s_language_else_the_browser_s_else_english() {
    let app = TestApp::spawn().await;
    let jane = app.host("jane").await;
    let (_, cookie) = crate::auth::dashboard_login(&app, "jane", "jane-password").await;
    let cookie = cookie.expect("session cookie");
    let english_words = [
        ">Overview<",
        ">Settings<",
        ">Log out<",
        ">Save<",
        ">Profile<",
    ];

    let english = dashboard_page(&app, &cookie, "/admin/settings", "en-US,en;q=0.9").await;
    assert_eq!(english.status, StatusCode::OK);
    assert!(english.html.contains(r#"<html lang="en" dir="ltr""#));
    for words in english_words {
        assert!(english.html.contains(words), "{words}");
    }

    // No profile language: the browser's.
    let by_browser =
        dashboard_page(&app, &cookie, "/admin/settings", "de-AT,de;q=0.9,en;q=0.5").await;
    assert!(by_browser.html.contains(r#"<html lang="de" dir="ltr""#));
    for words in [
        ">Übersicht<",
        ">Einstellungen<",
        ">Abmelden<",
        ">Speichern<",
        ">Profil<",
    ] {
        assert!(by_browser.html.contains(words), "{words}");
    }
    for words in english_words {
        assert!(!by_browser.html.contains(words), "{words} on a German page");
    }

    // The profile's language wins over the browser's, on every dashboard page.
    let (status, _) = app
        .post("/settings/profile", &jane, json!({"language": "de"}))
        .await;
    assert_eq!(status, StatusCode::OK);
    for (path, heading) in [
        ("/admin", "Übersicht"),
        ("/admin/bookings", "Buchungen"),
        ("/admin/calendars", "Kalender"),
        ("/admin/availability", "Verfügbarkeit"),
        ("/admin/reports", "Berichte"),
        ("/admin/settings/security", "Sicherheit"),
    ] {
        let german = dashboard_page(&app, &cookie, path, "en-US").await;
        assert_eq!(german.status, StatusCode::OK, "{path}");
        assert!(
            german.html.contains(r#"<html lang="de" dir="ltr""#),
            "{path}"
        );
        assert!(
            german
                .html
                .contains(&format!(r#"font-semibold">{heading}</h1>"#)),
            "{path}: {}",
            german.html
        );
        assert!(
            german
                .html
                .contains(&format!("<title>{heading} · slotbook</title>")),
            "{path}"
        );
    }

    // A form handler's refusal, written before any page, speaks it too.
    let desk = crate::desk::Desk::open_with(&app, cookie.clone());
    let (status, _, html) = desk
        .post(
            "/admin/bookings",
            &[("csrf", "stale"), ("action", "confirm")],
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert!(html.contains("Dieses Formular ist abgelaufen."), "{html}");

    // A booking's status in the list and on its page, in German.
    let (_, event) = crate::support::daily_event(&app, &jane, "UTC", 30, ("00:00", "24:00")).await;
    let (day, times) = app.tomorrows_times(event).await;
    let booked = app
        .book(event)
        .at(&format!("{day} {}:00", times[0]))
        .booked()
        .await;
    let list = dashboard_page(&app, &cookie, "/admin/bookings", "en").await;
    assert!(list.html.contains(">Geplant</td>"), "{}", list.html);
    let id = &booked["booking"]["id"];
    let detail = dashboard_page(&app, &cookie, &format!("/admin/bookings/{id}"), "en").await;
    assert!(detail.html.contains(">Geplant</span>"), "{}", detail.html);
    assert!(detail.html.contains(">Buchung absagen</button>"));

    // Arabic reads right to left (its dashboard texts are English until a catalog has them).
    app.post("/settings/profile", &jane, json!({"language": "ar"}))
        .await;
    let arabic = dashboard_page(&app, &cookie, "/admin", "de").await;
    assert!(arabic.html.contains(r#"<html lang="ar" dir="rtl""#));
}

#[tokio::test]
async fn the_login_pages_speak_the_browser_s_language() {
    let app = TestApp::spawn().await;
    app.host("jane").await;
    let login = page_with(&app, "/login", &[("accept-language", "de-DE,de;q=0.9")]).await;
    assert!(login.html.contains(r#"<html lang="de" dir="ltr""#));
    assert!(login.html.contains("<title>Anmelden · slotbook</title>"));
    assert!(login.html.contains(">Anmeldename oder E-Mail<"));
    assert!(!login.html.contains(">Log in<"));
    let english = page_with(&app, "/login", &[]).await;
    assert!(english.html.contains(r#"<html lang="en" dir="ltr""#));
    assert!(english.html.contains(">Login or email<"));
    let code = page_with(&app, "/login/two-factor", &[("accept-language", "de")]).await;
    assert!(code.html.contains(">Zwei-Faktor-Authentifizierung</h1>"));

    // A refused login answers in the browser's language.
    let refused = app
        .client
        .post(format!("{}/_app/login", app.base))
        .header("origin", &app.base)
        .header("accept-language", "de")
        .form(&[("login", "jane"), ("password", "wrong")])
        .send()
        .await
        .expect("login");
    let location = refused
        .headers()
        .get("location")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_string();
    let body = refused.text().await.expect("body");
    let said = format!("{location} {body}");
    assert!(
        said.contains("nicht korrekt") || said.contains("nicht%20korrekt"),
        "{said}"
    );
}

#[tokio::test]
async fn refusals_speak_the_page_s_language_and_english_keeps_rest_s_words() {
    let app = TestApp::spawn().await;
    let (host, _, event, path) = berlin_event(&app).await;
    let (day, _) = a_day_ahead();
    let form = page(&app, &format!("{path}?date={day}&time=10%3A00&lang=de")).await;
    let action = attributes(&form.html, "action")
        .into_iter()
        .find(|a| a.contains("time="))
        .expect("the form's action")
        .replace("&amp;", "&");
    let hold = held_token(&form.html);
    let bad = [
        ("name", ""),
        ("email", "not-an-address"),
        ("hold", hold.as_str()),
    ];
    // No name and a bad address: the alert and each field in German.
    let german = post_form(&app, &action, &bad).await;
    assert_eq!(german.status, StatusCode::UNPROCESSABLE_ENTITY);
    for words in [
        "Bitte prüfen Sie das Formular",
        "Bitte füllen Sie dieses Feld aus.",
        "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
    ] {
        assert!(german.html.contains(words), "{words}: {}", german.html);
    }
    assert!(!german.html.contains("Please provide a valid email address"));
    // The same form in English shows REST's own messages.
    let english = post_form(&app, &action.replace("lang=de", "lang=en"), &bad).await;
    assert_eq!(english.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        english
            .html
            .contains("Please provide a valid email address")
    );
    assert!(
        english.html.contains("Please enter attendee"),
        "{}",
        english.html
    );
    assert!(!english.html.contains("Bitte"));

    // A time no longer offered: the day's times again, saying so in German.
    let taken = post_form(
        &app,
        &format!("{path}?date={day}&lang=de"),
        &[("name", "Jonas"), ("email", "jonas@example.org")],
    )
    .await;
    assert_eq!(taken.status, StatusCode::CONFLICT);
    assert!(
        taken.html.contains("Diese Zeit ist nicht mehr frei."),
        "{}",
        taken.html
    );

    // A cancelled booking's cancel page says why it cannot be cancelled, in German.
    let booked = app
        .book(event)
        .at(&format!("{day} 11:00:00"))
        .booked()
        .await;
    let hash = booked["booking"]["hash"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    let (status, answer) = app
        .post(
            &format!("/bookings/{hash}/cancel"),
            &host,
            json!({"cancellation_reason": "Ill"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let cancel = page(&app, &format!("/booking/{hash}/cancel?lang=de")).await;
    assert!(
        cancel
            .html
            .contains("Diese Buchung kann nicht mehr geändert werden."),
        "{}",
        cancel.html
    );
}

#[tokio::test]
async fn the_dashboard_s_refusals_and_timestamps_speak_the_user_s_language() {
    let app = TestApp::spawn().await;
    let jane = app.host("jane").await;
    let (_, cookie) = crate::auth::dashboard_login(&app, "jane", "jane-password").await;
    let desk = crate::desk::Desk::open_with(&app, cookie.expect("session cookie"));
    let (status, _) = app
        .post("/settings/profile", &jane, json!({"language": "de"}))
        .await;
    assert_eq!(status, StatusCode::OK);
    let token = desk.token("/admin/calendars").await;
    let new_calendar = [
        ("csrf", token.as_str()),
        ("title", "Jane Studio"),
        ("slug", "jane-studio"),
        ("author_timezone", "UTC"),
        ("photo_url", "ftp://example.org/me.png"),
    ];
    let (status, _, html) = desk.post("/admin/calendars", &new_calendar).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(html.contains("Bitte prüfen Sie das Formular"), "{html}");
    assert!(
        html.contains("Bitte geben Sie eine Webadresse ein, die mit https:// beginnt."),
        "{html}"
    );
    assert!(!html.contains("format is invalid"), "{html}");

    // The sessions list writes its instants in German, in UTC.
    let now = chrono::Utc::now();
    let (_, security) = desk.page("/admin/settings/security").await;
    let today = format!(
        "{}. {} {}, ",
        now.day(),
        GERMAN_MONTHS[now.month0() as usize],
        now.year()
    );
    assert!(security.contains(&today), "{today}: {security}");
    assert!(security.contains(" UTC<"), "{security}");
}
