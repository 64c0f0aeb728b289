use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::support::{TestApp, assert_envelope};

#[tokio::test]
async fn malformed_bodies_are_400_in_the_envelope() {
    let app = TestApp::spawn().await;
    let jane = app.host("jane").await;
    let url = format!("{}/api/v2/calendars", app.base);
    for (content_type, body, code) in [
        ("application/json", "{not json", "rest_invalid_json"),
        ("application/json", "[1, 2]", "rest_invalid_json"),
        ("application/json", "\"text\"", "rest_invalid_json"),
        ("text/plain", "{}", "rest_invalid_content_type"),
    ] {
        let response = app
            .client
            .post(&url)
            .basic_auth(&jane.login, Some(&jane.secret))
            .header("content-type", content_type)
            .body(body)
            .send()
            .await
            .expect("send");
        let status = response.status();
        let answer: Value = response.json().await.expect("json");
        assert_envelope(status, &answer, 400, code);
    }
}

#[tokio::test]
async fn unknown_routes_methods_and_non_integer_ids_are_404_rest_no_route() {
    let app = TestApp::spawn().await;
    let jane = app.host("jane").await;
    for (method, path) in [
        (reqwest::Method::GET, "/no-such-thing"),
        (reqwest::Method::GET, "/calendars/abc"),
        (reqwest::Method::GET, "/calendars/1.5"),
        (reqwest::Method::PATCH, "/calendars"),
        (reqwest::Method::PUT, "/calendars/check-slug"),
    ] {
        let (status, body) = app.send(method, path, Some(&jane), None).await;
        assert_envelope(status, &body, 404, "rest_no_route");
    }
    let response = app
        .client
        .get(format!("{}/api/v1/calendars", app.base))
        .send()
        .await
        .expect("send");
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    let body: Value = response.json().await.expect("json");
    assert_eq!(body["code"], "rest_no_route");
}

#[tokio::test]
async fn missing_objects_are_404_not_found() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    for path in [
        "/calendars/999",
        "/calendars/-1",
        "/calendars/999/sharing-settings",
        "/calendars/999/event-schema",
    ] {
        let (status, body) = app.get(path, &admin).await;
        assert_envelope(status, &body, 404, "not_found");
    }
}

#[tokio::test]
async fn oversized_bodies_are_refused() {
    let app = TestApp::spawn().await;
    let jane = app.host("jane").await;
    let huge = format!("{{\"slug\": \"{}\"}}", "a".repeat(3 * 1024 * 1024));
    let response = app
        .client
        .post(format!("{}/api/v2/calendars/check-slug", app.base))
        .basic_auth(&jane.login, Some(&jane.secret))
        .header("content-type", "application/json")
        .body(huge)
        .send()
        .await
        .expect("send");
    assert_eq!(response.status(), StatusCode::PAYLOAD_TOO_LARGE);
}

#[tokio::test]
async fn responses_carry_a_request_id() {
    let app = TestApp::spawn().await;
    let response = app
        .client
        .get(format!("{}/healthz", app.base))
        .send()
        .await
        .expect("send");
    assert_eq!(response.status(), StatusCode::OK);
    assert!(
        response
            .headers()
            .get("x-request-id")
            .is_some_and(|v| v.len() == 16)
    );
}

#[tokio::test]
async fn a_clients_request_id_is_kept_only_when_it_is_short_and_plain() {
    let app = TestApp::spawn().await;
    let answered = |sent: String| {
        let request = app.client.get(format!("{}/healthz", app.base));
        async move {
            let response = request
                .header("x-request-id", sent)
                .send()
                .await
                .expect("send");
            response
                .headers()
                .get("x-request-id")
                .and_then(|v| v.to_str().ok())
                .unwrap_or_default()
                .to_string()
        }
    };
    for kept in ["abc.DEF_1-2", "x", &"a".repeat(64)] {
        assert_eq!(answered(kept.to_string()).await, kept);
    }
    for replaced in ["has space", "semi;colon", &"a".repeat(65), "ümlaut"] {
        let id = answered(replaced.to_string()).await;
        assert_ne!(id, replaced);
        assert!(
            id.len() == 16 && id.chars().all(|c| c.is_ascii_hexdigit()),
            "{replaced:?} became {id:?}"
        );
    }
}

#[tokio::test]
async fn openapi_describes_every_route() {
    let app = TestApp::spawn().await;
    let doc = openapi(&app).await;
    let paths = doc["paths"].as_object().cloned().unwrap_or_default();
    for (path, method) in [
        ("/calendars", "get"),
        ("/calendars", "post"),
        ("/calendars/check-slug", "post"),
        ("/calendars/{id}", "get"),
        ("/calendars/{id}", "post"),
        ("/calendars/{id}", "delete"),
        ("/calendars/{id}/event-schema", "get"),
        ("/calendars/{id}/sharing-settings", "get"),
        ("/calendars/{id}/sharing-settings", "post"),
        ("/admin/all-hosts", "get"),
        ("/admin/remaining-hosts", "get"),
        ("/admin/other-hosts", "get"),
        ("/calendars/{id}/events/{event_id}/integrations", "get"),
        (
            "/calendars/{id}/events/{event_id}/integrations/{integration_id}",
            "post",
        ),
        (
            "/calendars/{id}/events/{event_id}/integrations/{integration_id}",
            "delete",
        ),
        ("/settings/general", "get"),
        ("/settings/general", "post"),
        ("/settings/payment", "post"),
        ("/settings/theme", "post"),
        ("/settings/menu", "get"),
        ("/settings/global-modules", "get"),
        ("/settings/global-modules", "post"),
        ("/settings/pages", "get"),
        ("/settings/addons-settings", "post"),
        ("/settings/install-plugin", "post"),
    ] {
        assert!(
            paths.get(path).and_then(|p| p.get(method)).is_some(),
            "{method} {path} missing"
        );
    }
    assert!(doc["components"]["schemas"].get("ErrorEnvelope").is_some());
}

/// The document's `security` says who may call each operation, and the server agrees: every
/// operation that names credentials answers 401 without them, and the public booking routes
/// (no `security`) never do.
#[tokio::test]
async fn the_documented_credentials_are_the_ones_the_server_asks_for() {
    let app = TestApp::spawn().await;
    let doc = openapi(&app).await;
    let placeholder = regex::Regex::new(r"\{[a-z_]+\}").expect("regex");
    let mut public = Vec::new();
    for (path, item) in doc["paths"].as_object().cloned().unwrap_or_default() {
        for (method, operation) in item.as_object().cloned().unwrap_or_default() {
            let concrete = placeholder.replace_all(&path, |c: &regex::Captures<'_>| {
                if &c[0] == "{hash}" {
                    "0".repeat(32)
                } else {
                    "1".to_string()
                }
            });
            let url = format!("{}/api/v2{concrete}", app.base);
            let request = match method.as_str() {
                "get" => app.client.get(&url),
                "post" => app.client.post(&url).json(&json!({})),
                "put" => app.client.put(&url).json(&json!({})),
                "delete" => app.client.delete(&url),
                other => panic!("unexpected method {other} on {path}"),
            };
            let status = request.send().await.expect("send").status();
            if operation.get("security").is_some() {
                assert_eq!(
                    status,
                    StatusCode::UNAUTHORIZED,
                    "{method} {path} documents credentials"
                );
            } else {
                assert_ne!(
                    status,
                    StatusCode::UNAUTHORIZED,
                    "{method} {path} is public"
                );
                public.push(format!("{method} {path}"));
            }
        }
    }
    public.sort();
    assert_eq!(
        public,
        [
            "delete /bookings/holds/{token}",
            "get /bookings/challenge",
            "get /bookings/event/{event_id}",
            "get /bookings/holds/{token}",
            "get /bookings/slots/{event_id}",
            "get /waitlist/offers/{token}",
            "post /bookings/create/{event_id}",
            "post /bookings/holds/{event_id}",
            "post /bookings/{hash}/cancel",
            "post /bookings/{hash}/erase",
            "post /bookings/{hash}/reschedule",
            "post /waitlist/entries/{hash}/leave",
            "post /waitlist/join/{event_id}",
            "post /waitlist/offers/{token}/claim",
        ]
    );
}

/// Integrators copy the document's examples: every request body and every success answer
/// shows one, whole on its schema or on each of its fields (a switch needs none).
#[tokio::test]
async fn every_body_in_the_document_shows_an_example() {
    let app = TestApp::spawn().await;
    let doc = openapi(&app).await;
    let schemas = &doc["components"]["schemas"];
    let resolved = |schema: &Value| -> Value {
        match schema["$ref"].as_str() {
            Some(reference) => {
                schemas[reference.trim_start_matches("#/components/schemas/")].clone()
            }
            None => schema.clone(),
        }
    };
    let field_shown = |field: &Value| {
        !field["example"].is_null()
            || field["type"] == "boolean"
            || field["type"] == json!(["boolean", "null"])
    };
    let mut without = Vec::new();
    for (path, item) in doc["paths"].as_object().cloned().unwrap_or_default() {
        for (method, operation) in item.as_object().cloned().unwrap_or_default() {
            let requests = operation["requestBody"]["content"].as_object().cloned();
            let answers = operation["responses"]
                .as_object()
                .into_iter()
                .flatten()
                .filter(|(status, _)| status.starts_with('2'))
                .filter_map(|(_, answer)| answer["content"].as_object().cloned());
            for content in requests.into_iter().chain(answers) {
                for (media, body) in content {
                    let schema = resolved(&body["schema"]);
                    let fields = schema["properties"].as_object();
                    let shown = !schema["example"].is_null()
                        || schema["examples"].as_array().is_some_and(|e| !e.is_empty())
                        || fields.is_some_and(|f| !f.is_empty() && f.values().all(field_shown));
                    if !shown {
                        without.push(format!("{method} {path} ({media})"));
                    }
                }
            }
        }
    }
    assert!(
        without.is_empty(),
        "bodies without an example: {without:#?}"
    );
}

async fn openapi(app: &TestApp) -> Value {
    app.client
        .get(format!("{}/api/v2/openapi.json", app.base))
        .send()
        .await
        .expect("send")
        .json()
        .await
        .expect("json")
}
