//! The event editor's booking-fields, webhooks and advanced tabs: each form goes through the
//! REST route's service (same rules and messages), saves all or nothing, and answers 404 for
//! another host's event.

use reqwest::StatusCode;
use serde_json::Value;

use crate::desk::Desk;
use crate::integrations::Receiver;
use crate::support::TestApp;

/// Jane's event and its editor's address.
pub(crate) async fn jane_event(app: &TestApp) -> (crate::support::Creds, i64, i64, String) {
    let jane = app.host("jane").await;
    let (calendar, event) =
        crate::support::daily_event(app, &jane, "UTC", 30, ("09:00", "12:00")).await;
    let editor = format!("/admin/calendars/{calendar}/events/{event}");
    (jane, calendar, event, editor)
}

/// One editor tab's form: posts carry the session's token and the tab's name.
pub(crate) struct TabForm<'a> {
    pub(crate) desk: &'a Desk<'a>,
    pub(crate) url: String,
    pub(crate) name: &'static str,
    pub(crate) token: String,
}

impl TabForm<'_> {
    pub(crate) async fn open<'a>(
        desk: &'a Desk<'a>,
        editor: &str,
        name: &'static str,
    ) -> TabForm<'a> {
        let url = format!("{editor}?tab={name}");
        let token = desk.token(&url).await;
        TabForm {
            desk,
            url,
            name,
            token,
        }
    }

    pub(crate) async fn post(&self, fields: &[(&str, &str)]) -> (StatusCode, String, String) {
        let mut all = vec![("csrf", self.token.as_str()), ("tab", self.name)];
        all.extend_from_slice(fields);
        self.desk.post(&self.url, &all).await
    }
}

fn names(fields: &Value) -> Vec<String> {
    fields["fields"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|f| f["name"].as_str().map(str::to_string))
        .collect()
}

#[tokio::test]
async fn booking_fields_are_added_moved_edited_and_removed_through_the_rest_rules() {
    let app = TestApp::spawn().await;
    let (jane, calendar, event, editor) = jane_event(&app).await;
    let rest = format!("/calendars/{calendar}/events/{event}/booking-fields");
    let desk = Desk::open(&app, "jane").await;
    let form = TabForm::open(&desk, &editor, "booking-fields").await;
    let tab = form.url.clone();
    let (_, before) = app.get(&rest, &jane).await;

    // A choice field without options is the route's message, and nothing is saved.
    let (status, _, html) = form
        .post(&[("op", "add"), ("label", "Size"), ("type", "dropdown")])
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(html.contains("A choice field needs a non-empty list of options."));
    assert!(html.contains("value=\"Size\""), "the typed label is kept");
    let (_, unchanged) = app.get(&rest, &jane).await;
    assert_eq!(unchanged, before);

    let (status, location, _) = form
        .post(&[
            ("op", "add"),
            ("label", "Company <b>size</b>"),
            ("type", "dropdown"),
            ("options", "1-10\n11-50\n"),
            ("required", "on"),
        ])
        .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert!(
        location.ends_with("tab=booking-fields&saved=1"),
        "{location}"
    );
    let (_, after) = app.get(&rest, &jane).await;
    let added = after["fields"]
        .as_array()
        .and_then(|f| f.last())
        .cloned()
        .unwrap_or_default();
    assert_eq!(added["type"], "dropdown");
    assert_eq!(added["required"], true);
    assert_eq!(added["options"], serde_json::json!(["1-10", "11-50"]));
    let name = added["name"].as_str().unwrap_or_default().to_string();
    let (_, html) = desk.page(&tab).await;
    assert!(
        !html.contains("<b>size</b>"),
        "a label is text, never markup"
    );

    // "Move up" swaps it with the field before; "Edit" changes its label and options.
    let last = names(&after).len() - 1;
    let up = format!("up:{last}");
    form.post(&[("op", &up)]).await;
    let (_, moved) = app.get(&rest, &jane).await;
    assert_eq!(names(&moved)[last - 1], name);
    let (status, _, _) = desk
        .post(
            &format!("{tab}&edit={name}"),
            &[
                ("csrf", &form.token),
                ("tab", "booking-fields"),
                ("op", "update"),
                ("field", &name),
                ("label", "Team size"),
                ("options", "Small\nLarge"),
                ("enabled", "on"),
            ],
        )
        .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let (_, edited) = app.get(&rest, &jane).await;
    let field = edited["fields"]
        .as_array()
        .and_then(|f| f.iter().find(|f| f["name"] == name.as_str()))
        .cloned()
        .unwrap_or_default();
    assert_eq!(field["label"], "Team size");
    assert_eq!(field["required"], false);
    assert_eq!(field["options"], serde_json::json!(["Small", "Large"]));

    // A system field is not removed; the custom one is.
    let first = "remove:0";
    form.post(&[("op", first)]).await;
    let (_, kept) = app.get(&rest, &jane).await;
    assert_eq!(names(&kept), names(&edited));
    let remove = format!("remove:{}", last - 1);
    form.post(&[("op", &remove)]).await;
    let (_, removed) = app.get(&rest, &jane).await;
    assert!(!names(&removed).contains(&name));

    // Another host's editor is a 404 for every tab, and changes nothing.
    app.host("bob").await;
    let bob = Desk::open(&app, "bob").await;
    let bob_token = bob.token("/admin/calendars").await;
    for tab_name in ["booking-fields", "webhooks", "advanced"] {
        let (status, html) = bob.page(&format!("{editor}?tab={tab_name}")).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{tab_name}");
        assert!(!html.contains("Add field"));
        let (status, _, _) = bob
            .post(
                &format!("{editor}?tab={tab_name}"),
                &[
                    ("csrf", &bob_token),
                    ("tab", tab_name),
                    ("op", "add"),
                    ("label", "Sneaky"),
                    ("type", "text"),
                    ("url", "https://example.org/hook"),
                    ("requires_confirmation", "on"),
                ],
            )
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{tab_name}");
    }
    let (_, untouched) = app.get(&rest, &jane).await;
    assert_eq!(untouched, removed);
    let feeds = feeds_of(&app, &jane, calendar, event).await;
    assert_eq!(feeds["feeds"], serde_json::json!([]));
}

#[tokio::test]
async fn a_webhook_added_in_the_editor_sends_a_signed_test_and_logs_each_attempt() {
    let app = TestApp::spawn().await;
    let (jane, calendar, event, editor) = jane_event(&app).await;
    let desk = Desk::open(&app, "jane").await;
    let form = TabForm::open(&desk, &editor, "webhooks").await;
    let tab = form.url.clone();

    let (status, _, html) = form
        .post(&[("op", "add"), ("url", "ftp://example.org/x")])
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(html.contains("id=\"hook-url-error\""), "{html}");

    let ok = Receiver::start(200).await;
    let (status, _, html) = form
        .post(&[
            ("op", "add"),
            ("url", &ok.url),
            ("triggers", "booking_schedule_cancelled"),
        ])
        .await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        html.contains("id=\"signing-secret\"") && html.contains(">whsec_"),
        "the secret is shown once"
    );
    let feeds = feeds_of(&app, &jane, calendar, event).await;
    let feed = &feeds["feeds"][0];
    assert_eq!(
        feed["feed"]["event_triggers"],
        serde_json::json!(["booking_schedule_cancelled"])
    );
    let id = feed["id"].as_i64().unwrap_or_default();
    let (_, html) = desk.page(&tab).await;
    assert!(!html.contains("whsec_"), "the secret is not shown again");

    let test = format!("test:{id}");
    let (status, location, _) = form.post(&[("op", &test)]).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert!(location.ends_with("done=test"));
    let seen = ok.wait_for(1).await;
    assert_eq!(seen.len(), 1);
    let (headers, _, body) = &seen[0];
    assert!(
        headers
            .get("webhook-signature")
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.starts_with("v1,"))
    );
    let body: Value = serde_json::from_str(body).unwrap_or_default();
    assert_eq!(body["trigger"], "test");
    assert_eq!(body["event"]["id"], event);
    let logged = wait_for_log(&desk, &tab, "Delivered").await;
    assert!(
        logged.contains(">200</td>"),
        "the log shows the HTTP status"
    );

    // A failing endpoint: one attempt, logged with its status, not retried.
    let failing = Receiver::start(503).await;
    let (_, _, _) = form
        .post(&[("op", "add"), ("url", &failing.url), ("name", "Failing")])
        .await;
    let feeds = feeds_of(&app, &jane, calendar, event).await;
    let failing_id = feeds["feeds"][1]["id"].as_i64().unwrap_or_default();
    let test = format!("test:{failing_id}");
    form.post(&[("op", &test)]).await;
    let logged = wait_for_log(&desk, &tab, "Failed").await;
    assert!(logged.contains(">503</td>"));
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
    assert_eq!(failing.wait_for(1).await.len(), 1, "a test is tried once");

    // Pause and remove; a feed of another event is not found.
    let pause = format!("pause:{id}");
    form.post(&[("op", &pause)]).await;
    let feeds = feeds_of(&app, &jane, calendar, event).await;
    assert_eq!(feeds["feeds"][0]["enabled"], false);
    let (status, _, html) = form.post(&[("op", "remove:999999")]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(html.contains("There is no such webhook."));
    let remove = format!("remove:{id}");
    form.post(&[("op", &remove)]).await;
    let feeds = feeds_of(&app, &jane, calendar, event).await;
    assert_eq!(feeds["feeds"].as_array().map(Vec::len), Some(1));
}

/// `GET …/integrations` of jane's event.
async fn feeds_of(app: &TestApp, jane: &crate::support::Creds, calendar: i64, event: i64) -> Value {
    app.get(
        &format!("/calendars/{calendar}/events/{event}/integrations"),
        jane,
    )
    .await
    .1
}

/// The webhooks tab once its log shows `word` (the worker delivers within a second or two).
async fn wait_for_log(desk: &Desk<'_>, tab: &str, word: &str) -> String {
    let mut html = String::new();
    for _ in 0..100 {
        html = desk.page(tab).await.1;
        if html.contains(word) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(html.contains(word), "the log never showed {word}");
    html
}

#[tokio::test]
async fn the_payment_tab_sets_the_price_and_the_offline_method() {
    let app = TestApp::spawn().await;
    let (jane, calendar, event, editor) = jane_event(&app).await;
    let rest = format!("/calendars/{calendar}/events/{event}/payment-settings");
    let desk = Desk::open(&app, "jane").await;
    let form = TabForm::open(&desk, &editor, "payment").await;
    let (status, _, html) = form
        .post(&[
            ("take_payment", "on"),
            ("price_title", "Session"),
            ("price", "40"),
        ])
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        html.contains("Please enable at least one payment method"),
        "{html}"
    );
    // A price that is no amount, and a title over two lines, are refused with their reasons.
    let (status, _, html) = form
        .post(&[
            ("take_payment", "on"),
            ("offline", "on"),
            ("price_title", "Session"),
            ("price", "forty"),
        ])
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        html.contains("The price must be an amount such as 49.50."),
        "{html}"
    );
    let (status, _, html) = form
        .post(&[
            ("take_payment", "on"),
            ("offline", "on"),
            ("price_title", "Session\r\nBcc: x@example.org"),
            ("price", "40"),
        ])
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(html.contains("must be a single line"), "{html}");
    let (status, _, _) = form
        .post(&[
            ("take_payment", "on"),
            ("offline", "on"),
            ("price_title", "Session"),
            ("price", "40.50"),
            ("instructions", "Pay at the front desk."),
        ])
        .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let (_, saved) = app.get(&rest, &jane).await;
    assert_eq!(saved["settings"]["enabled"], "yes");
    assert_eq!(saved["settings"]["items"][0]["title"], "Session");
    assert_eq!(saved["settings"]["items"][0]["value"], 40.5);
    assert_eq!(
        saved["settings"]["offline_instructions"],
        "<p>Pay at the front desk.</p>"
    );
    let (_, page) = desk.page(&format!("{editor}?tab=payment")).await;
    assert!(page.contains("Bookings of this event take payment."));
    assert!(
        page.contains(r#"value="40.50""#),
        "the price in the currency's places"
    );
}

#[tokio::test]
async fn an_event_offers_several_locations_and_the_attendee_picks_one() {
    let app = TestApp::spawn().await;
    let (jane, calendar, event, editor) = jane_event(&app).await;
    let desk = Desk::open(&app, "jane").await;
    let form = TabForm::open(&desk, &editor, "details").await;
    let details = |second_phone: &'static str| {
        [
            ("title", "Consultation"),
            ("duration", "30"),
            ("status", "active"),
            ("description", ""),
            ("location_type", "in_person_organizer"),
            ("location_title", "Studio"),
            ("location_description", "12 Mill Lane"),
            ("location_phone", ""),
            ("location_link", ""),
            ("location_type_2", "phone_organizer"),
            ("location_title_2", ""),
            ("location_description_2", ""),
            ("location_phone_2", second_phone),
            ("location_link_2", ""),
        ]
    };
    // The second location's refusal is shown beside the second location's field.
    let (status, _, html) = form.post(&details("")).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(html.contains("id=\"f-location_phone_2-error\""), "{html}");
    let (status, _, _) = form.post(&details("+49 30 1234567")).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let (_, rest) = app
        .get(&format!("/calendars/{calendar}/events/{event}"), &jane)
        .await;
    let kinds: Vec<&str> = rest["calendar_event"]["location_settings"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|l| l["type"].as_str())
        .collect();
    assert_eq!(kinds, ["in_person_organizer", "phone_organizer"]);
    // The editor shows both and one more, empty, to add a third.
    let (_, html) = desk.page(&form.url).await;
    assert!(html.contains("name=\"location_type_2\"") && html.contains("name=\"location_type_3\""));
    assert!(html.contains("Another location"));
    // The attendee chooses between them on the booking form.
    let (_, booking) = app
        .send(
            reqwest::Method::GET,
            &format!("/bookings/event/{event}"),
            None,
            None,
        )
        .await;
    let text = booking.to_string();
    assert!(
        text.contains("12 Mill Lane") || text.contains("Studio"),
        "{text}"
    );
    // "None" on the first removes it; the other stays.
    let mut fields = details("+49 30 1234567").to_vec();
    fields[4] = ("location_type", "");
    form.post(&fields).await;
    let (_, rest) = app
        .get(&format!("/calendars/{calendar}/events/{event}"), &jane)
        .await;
    assert_eq!(
        rest["calendar_event"]["location_settings"][0]["type"],
        "phone_organizer"
    );
    assert_eq!(
        rest["calendar_event"]["location_settings"]
            .as_array()
            .map(Vec::len),
        Some(1)
    );
}
