//! `GET /metrics` (DESIGN 2.11): off without `SLOTBOOK_METRICS_TOKEN`, a bearer token
//! otherwise, and Prometheus text that moves with traffic, read here by the Prometheus
//! project's own text-format parser (`prometheus_client.parser`, installed by
//! `scripts/setup --prometheus` into `target/prometheus`).

use std::collections::HashMap;
use std::io::Write;

use reqwest::StatusCode;
use serde_json::json;

use crate::support::{TestApp, assert_envelope, daily_event};

const TOKEN: &str = "scrape-me-7f3c";

async fn with_metrics() -> TestApp {
    TestApp::spawn_with(|c| c.metrics_token = Some(TOKEN.into())).await
}

/// One sample as the Prometheus parser read it.
#[derive(Debug, serde::Deserialize)]
struct Sample {
    /// The family's type (`counter`, `gauge`, `histogram`).
    kind: String,
    name: String,
    labels: HashMap<String, String>,
    value: f64,
}

/// Every sample of `text`, through `prometheus_client.parser.text_string_to_metric_families`.
fn parse(text: &str) -> Vec<Sample> {
    let python = std::env::var("SLOTBOOK_TEST_PROMETHEUS_PYTHON").unwrap_or_else(|_| {
        format!(
            "{}/target/prometheus/bin/python",
            env!("CARGO_MANIFEST_DIR")
        )
    });
    let program = "import json, sys\n\
from prometheus_client.parser import text_string_to_metric_families\n\
print(json.dumps([{'kind': f.type, 'name': s.name, 'labels': s.labels, 'value': s.value}\n\
  for f in text_string_to_metric_families(sys.stdin.read()) for s in f.samples]))";
    let mut child = std::process::Command::new(&python)
        .args(["-c", program])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{python} ({e}): run scripts/setup --prometheus"));
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(text.as_bytes())
        .expect("write");
    let output = child.wait_with_output().expect("parser");
    assert!(
        output.status.success(),
        "not the Prometheus text format: {}\n{text}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).expect("samples")
}

/// The scrape as parsed samples, after checking the answer's head.
async fn scrape(app: &TestApp) -> (String, Vec<Sample>) {
    let response = app
        .client
        .get(format!("{}/metrics", app.base))
        .bearer_auth(TOKEN)
        .send()
        .await
        .expect("scrape");
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response.headers()["content-type"],
        "text/plain; version=0.0.4; charset=utf-8"
    );
    let text = response.text().await.expect("text");
    let samples = parse(&text);
    (text, samples)
}

/// The sum of the samples `name` whose labels include all of `labels` (0 when none).
fn value(samples: &[Sample], name: &str, labels: &[(&str, &str)]) -> f64 {
    samples
        .iter()
        .filter(|s| s.name == name)
        .filter(|s| {
            labels
                .iter()
                .all(|(k, v)| s.labels.get(*k).map(String::as_str) == Some(*v))
        })
        .map(|s| s.value)
        .sum()
}

#[tokio::test]
async fn without_a_token_metrics_is_an_unknown_path() {
    let app = TestApp::spawn().await;
    let response = app
        .client
        .get(format!("{}/metrics", app.base))
        .bearer_auth(TOKEN)
        .send()
        .await
        .expect("answer");
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_missing_or_wrong_token_is_401_asking_for_a_bearer_token() {
    let app = with_metrics().await;
    let url = format!("{}/metrics", app.base);
    let requests = [
        app.client.get(&url),
        app.client.get(&url).bearer_auth("scrape-me-7f3d"),
        app.client.get(&url).bearer_auth(""),
        app.client.get(&url).basic_auth("admin", Some(TOKEN)),
        app.client.get(&url).header("authorization", TOKEN),
    ];
    for request in requests {
        let response = request.send().await.expect("answer");
        let status = response.status();
        assert_eq!(response.headers()["www-authenticate"], "Bearer");
        let body = response.json().await.expect("envelope");
        assert_envelope(status, &body, 401, "rest_not_logged_in");
    }
}

#[tokio::test]
async fn every_family_is_described_and_counts_move_with_traffic() {
    let app = with_metrics().await;
    // The first scrape of a fresh server describes every family.
    let (text, before) = scrape(&app).await;
    for family in [
        "slotbook_http_requests_total",
        "slotbook_http_request_duration_seconds",
        "slotbook_bookings_created_total",
        "slotbook_bookings_refused_total",
        "slotbook_outbox_pending",
        "slotbook_outbox_oldest_age_seconds",
        "slotbook_deliveries_failed_total",
        "slotbook_calendar_sync_errors_total",
        "slotbook_db_pool_connections",
        "slotbook_db_pool_max_connections",
        "slotbook_build_info",
    ] {
        assert!(
            text.contains(&format!("# HELP {family} ")),
            "{family}:\n{text}"
        );
        assert!(
            text.contains(&format!("# TYPE {family} ")),
            "{family}:\n{text}"
        );
    }
    for lane in ["email", "sms", "webhook", "calendar_write"] {
        assert!(
            before.iter().any(|s| s.name == "slotbook_outbox_pending"
                && s.kind == "gauge"
                && s.labels.get("lane").map(String::as_str) == Some(lane)),
            "lane {lane} always present"
        );
    }
    let version = env!("CARGO_PKG_VERSION");
    assert_eq!(
        value(&before, "slotbook_build_info", &[("version", version)]),
        1.0
    );
    assert_eq!(value(&before, "slotbook_db_pool_max_connections", &[]), 8.0);
    assert_eq!(
        value(
            &before,
            "slotbook_bookings_created_total",
            &[("source", "web")]
        ),
        0.0
    );

    let (host, _, id, path) = crate::pages::berlin_event(&app).await;
    let slot = app.first_offered_slot(id).await;
    for _ in 0..2 {
        app.offered_on(id, &slot[..10]).await;
    }
    app.book(id).at(&slot).booked().await;
    let (status, body) = app
        .book(id)
        .at(&slot)
        .email("second@example.com")
        .send()
        .await;
    assert_envelope(status, &body, 409, "slot_unavailable");
    let (status, _) = app
        .post(
            &format!("/bookings/create/{id}"),
            &host,
            json!({"name": ""}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let response = app
        .client
        .get(format!("{}{path}", app.base))
        .send()
        .await
        .expect("page");
    assert_eq!(response.status(), StatusCode::OK);
    let unknown = app
        .client
        .get(format!("{}/no/such/page/here", app.base))
        .send()
        .await
        .expect("404");
    assert_eq!(unknown.status(), StatusCode::NOT_FOUND);

    let (text, after) = scrape(&app).await;
    let slots = [
        ("route", "/api/v2/bookings/slots/{event_id}"),
        ("method", "GET"),
        ("status", "200"),
    ];
    assert!(
        value(&after, "slotbook_http_requests_total", &slots)
            >= value(&before, "slotbook_http_requests_total", &slots) + 2.0,
        "{text}"
    );
    assert_eq!(
        value(
            &after,
            "slotbook_bookings_created_total",
            &[("source", "web")]
        ),
        1.0
    );
    assert_eq!(
        value(
            &after,
            "slotbook_bookings_refused_total",
            &[("reason", "slot_unavailable")]
        ),
        1.0
    );
    assert_eq!(
        value(
            &after,
            "slotbook_bookings_refused_total",
            &[("reason", "validation_failed")]
        ),
        1.0
    );
    let page_route = [
        ("route", "/{calendar_slug}/{event_slug}"),
        ("method", "GET"),
        ("status", "200"),
    ];
    assert_eq!(
        value(&after, "slotbook_http_requests_total", &page_route),
        1.0,
        "{text}"
    );
    let unmatched = [("route", "unmatched"), ("status", "404")];
    assert!(
        value(&after, "slotbook_http_requests_total", &unmatched) >= 1.0,
        "{text}"
    );
    // The duration histogram of the slot list: buckets from 1 ms to 10 s, one sample per request.
    let slot_route = "/api/v2/bookings/slots/{event_id}";
    let buckets: Vec<&Sample> = after
        .iter()
        .filter(|s| s.name == "slotbook_http_request_duration_seconds_bucket")
        .filter(|s| s.labels.get("route").map(String::as_str) == Some(slot_route))
        .collect();
    assert!(buckets.iter().all(|s| s.kind == "histogram"));
    assert!(buckets.len() >= 8, "{buckets:?}");
    let bounds: Vec<f64> = buckets
        .iter()
        .filter_map(|s| s.labels["le"].parse().ok())
        .collect();
    assert!(
        bounds.contains(&0.001) && bounds.contains(&10.0),
        "{bounds:?}"
    );
    let count = value(
        &after,
        "slotbook_http_request_duration_seconds_count",
        &[("route", slot_route)],
    );
    assert_eq!(
        count,
        value(
            &after,
            "slotbook_http_requests_total",
            &[("route", slot_route)]
        )
    );
    // Never a concrete id, slug or query in a label.
    for sample in &after {
        if let Some(route) = sample.labels.get("route") {
            assert!(
                route == "unmatched"
                    || route.starts_with('/')
                        && !route.contains(&id.to_string())
                        && !route.contains('?'),
                "{route}"
            );
        }
    }
}

#[tokio::test]
async fn outbox_gauges_read_every_undelivered_message_by_lane() {
    // An SMTP server that refuses every connection: booking emails stay undelivered.
    let app = TestApp::spawn_with(|c| {
        c.metrics_token = Some(TOKEN.into());
        c.smtp_url = Some("smtp://127.0.0.1:9".into());
    })
    .await;
    let host = app.host("outbox-host").await;
    let (_, id) = daily_event(&app, &host, "UTC", 30, ("09:00", "17:00")).await;
    app.book_first_offered(id, "ann@example.com").await;
    let mut pending = 0.0;
    let mut failed = 0.0;
    for _ in 0..50 {
        let (_, scrape) = scrape(&app).await;
        pending = value(&scrape, "slotbook_outbox_pending", &[("lane", "email")]);
        failed = value(
            &scrape,
            "slotbook_deliveries_failed_total",
            &[("lane", "email")],
        );
        if pending >= 1.0 && failed >= 1.0 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(pending >= 1.0, "the booking's emails are pending");
    assert!(failed >= 1.0, "a failed attempt is counted");
}
