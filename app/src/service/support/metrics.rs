//! What `/metrics` reports (DESIGN 2.11), recorded through the `metrics` facade into a
//! Prometheus recorder of this process (`metrics-exporter-prometheus`, text format 0.0.4).
//!
//! The recorder is the application's own, never installed globally: each server built in one
//! process (the tests build many) counts only its own traffic. While `SLOTBOOK_METRICS_TOKEN`
//! is unset nothing is recorded at all ([`Metrics::off`]).

use std::sync::Arc;

use metrics::{Counter, Key, Label, Level, Metadata, Recorder, SharedString, Unit};
use metrics_exporter_prometheus::{
    Matcher, PrometheusBuilder, PrometheusHandle, PrometheusRecorder,
};

/// The outbox's lanes, as `/metrics` names them.
pub const LANES: [&str; 4] = ["email", "sms", "webhook", "calendar_write"];

const REQUESTS: &str = "slotbook_http_requests_total";
const DURATION: &str = "slotbook_http_request_duration_seconds";
const CREATED: &str = "slotbook_bookings_created_total";
const REFUSED: &str = "slotbook_bookings_refused_total";
const PENDING: &str = "slotbook_outbox_pending";
const OLDEST: &str = "slotbook_outbox_oldest_age_seconds";
const DELIVERY_FAILED: &str = "slotbook_deliveries_failed_total";
const SYNC_ERRORS: &str = "slotbook_calendar_sync_errors_total";
const POOL: &str = "slotbook_db_pool_connections";
const POOL_MAX: &str = "slotbook_db_pool_max_connections";
const BUILD_INFO: &str = "slotbook_build_info";

/// Every family `/metrics` answers.
#[cfg(test)]
const FAMILIES: [&str; 11] = [
    REQUESTS,
    DURATION,
    CREATED,
    REFUSED,
    PENDING,
    OLDEST,
    DELIVERY_FAILED,
    SYNC_ERRORS,
    POOL,
    POOL_MAX,
    BUILD_INFO,
];

/// Upper bounds of the request-duration buckets, in seconds (1 ms to 10 s).
const DURATION_BUCKETS: [f64; 13] = [
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
];

static METADATA: Metadata<'static> = Metadata::new("slotbook", Level::INFO, None);

/// The process's counters, or nothing while metrics are off. Cheap to clone.
#[derive(Clone, Default)]
pub struct Metrics(Option<Arc<Recording>>);

struct Recording {
    recorder: PrometheusRecorder,
    handle: PrometheusHandle,
    created_web: Counter,
    created_admin: Counter,
    sync_errors: Counter,
    delivery_failed: [Counter; 4],
}

impl std::fmt::Debug for Metrics {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Metrics").field(&self.0.is_some()).finish()
    }
}

/// What a scrape reads from the database and the pool, set as gauges before rendering.
#[derive(Debug, Clone, Default)]
pub struct Readings {
    /// Per lane of [`LANES`]: messages not yet delivered, and the oldest one's age in seconds.
    pub outbox: [(i64, i64); 4],
    pub pool_idle: usize,
    pub pool_in_use: usize,
    pub pool_max: u32,
}

impl Metrics {
    /// Records nothing; [`Metrics::render`] answers `None`.
    pub fn off() -> Metrics {
        Metrics(None)
    }

    /// A fresh recorder with every family described, the counters of fixed labels at 0 (so a
    /// dashboard sees them before the first event) and `slotbook_build_info` set.
    pub fn on(version: &str) -> Metrics {
        let builder = PrometheusBuilder::new()
            .set_buckets_for_metric(Matcher::Full(DURATION.to_string()), &DURATION_BUCKETS);
        // Only an empty bucket list fails, and ours has thirteen.
        let recorder = match builder {
            Ok(builder) => builder.build_recorder(),
            Err(_) => PrometheusBuilder::new().build_recorder(),
        };
        describe(&recorder);
        let handle = recorder.handle();
        let counter = |name: &'static str, labels: &[(&'static str, &'static str)]| {
            recorder.register_counter(&key(name, labels), &METADATA)
        };
        let recording = Recording {
            created_web: counter(CREATED, &[("source", "web")]),
            created_admin: counter(CREATED, &[("source", "admin")]),
            sync_errors: counter(SYNC_ERRORS, &[]),
            delivery_failed: LANES.map(|lane| counter(DELIVERY_FAILED, &[("lane", lane)])),
            handle,
            recorder,
        };
        for counter in [
            &recording.created_web,
            &recording.created_admin,
            &recording.sync_errors,
        ]
        .into_iter()
        .chain(recording.delivery_failed.iter())
        {
            counter.increment(0);
        }
        // Every family has a sample from the start, so the first scrape describes them all: the
        // scrape's own route (it counts itself once answered) and the usual refusals at 0.
        let scrape = [("route", "/metrics"), ("method", "GET")];
        recording
            .recorder
            .register_counter(
                &key(REQUESTS, &[scrape[0], scrape[1], ("status", "200")]),
                &METADATA,
            )
            .increment(0);
        // Registered without a sample: its buckets show at 0 until the first answer.
        drop(
            recording
                .recorder
                .register_histogram(&key(DURATION, &scrape), &METADATA),
        );
        for reason in ["slot_unavailable", "validation_failed", "too_many_requests"] {
            recording
                .recorder
                .register_counter(&key(REFUSED, &[("reason", reason)]), &METADATA)
                .increment(0);
        }
        recording
            .recorder
            .register_gauge(
                &Key::from_parts(BUILD_INFO, vec![Label::new("version", version.to_string())]),
                &METADATA,
            )
            .set(1.0);
        Metrics(Some(Arc::new(recording)))
    }

    pub fn is_on(&self) -> bool {
        self.0.is_some()
    }

    /// One answered request: `route` is the matched route's template (or `unmatched`).
    pub fn request(&self, route: &str, method: &str, status: u16, seconds: f64) {
        let Some(r) = &self.0 else { return };
        let route = SharedString::from(route.to_string());
        let method = SharedString::from(method.to_string());
        let requests = Key::from_parts(
            REQUESTS,
            vec![
                Label::new("route", route.clone()),
                Label::new("method", method.clone()),
                Label::new("status", status.to_string()),
            ],
        );
        r.recorder
            .register_counter(&requests, &METADATA)
            .increment(1);
        let duration = Key::from_parts(
            DURATION,
            vec![Label::new("route", route), Label::new("method", method)],
        );
        r.recorder
            .register_histogram(&duration, &METADATA)
            .record(seconds);
    }

    /// Bookings written by one create (each occurrence of a series, each attendee).
    pub fn bookings_created(&self, source: &str, count: usize) {
        let Some(r) = &self.0 else { return };
        let counter = if source == "admin" {
            &r.created_admin
        } else {
            &r.created_web
        };
        counter.increment(count as u64);
    }

    /// A refused create; `code` is its answer's envelope code.
    pub fn booking_refused(&self, code: &str) {
        let Some(r) = &self.0 else { return };
        let key = Key::from_parts(REFUSED, vec![Label::new("reason", code.to_string())]);
        r.recorder.register_counter(&key, &METADATA).increment(1);
    }

    /// A failed delivery attempt of an outbox item of `kind` (a retry counts again).
    pub fn delivery_failed(&self, kind: &str) {
        let Some(r) = &self.0 else { return };
        let lane = lane_of(kind);
        if let Some(i) = LANES.iter().position(|l| *l == lane) {
            r.delivery_failed[i].increment(1);
        }
    }

    /// A failed read of a connected calendar.
    pub fn calendar_sync_error(&self) {
        if let Some(r) = &self.0 {
            r.sync_errors.increment(1);
        }
    }

    /// The text a scrape answers, after setting the gauges from `readings`; `None` while off.
    pub fn render(&self, readings: &Readings) -> Option<String> {
        let r = self.0.as_ref()?;
        for (lane, (pending, oldest)) in LANES.iter().zip(readings.outbox) {
            r.recorder
                .register_gauge(&key(PENDING, &[("lane", lane)]), &METADATA)
                .set(pending as f64);
            r.recorder
                .register_gauge(&key(OLDEST, &[("lane", lane)]), &METADATA)
                .set(oldest.max(0) as f64);
        }
        for (state, count) in [
            ("idle", readings.pool_idle),
            ("in_use", readings.pool_in_use),
        ] {
            r.recorder
                .register_gauge(&key(POOL, &[("state", state)]), &METADATA)
                .set(count as f64);
        }
        r.recorder
            .register_gauge(&key(POOL_MAX, &[]), &METADATA)
            .set(f64::from(readings.pool_max));
        Some(r.handle.render())
    }

    /// Drains the histograms' recent samples into their buckets, so memory stays bounded
    /// between scrapes (the server calls it every few seconds while metrics are on).
    pub fn upkeep(&self) {
        if let Some(r) = &self.0 {
            r.handle.run_upkeep();
        }
    }
}

/// The lane an outbox item's kind goes by: every kind of email (booking messages, test
/// emails, booking links) is `email`.
pub fn lane_of(kind: &str) -> &str {
    match kind {
        "sms" | "webhook" | "calendar_write" => kind,
        _ => "email",
    }
}

fn key(name: &'static str, labels: &[(&'static str, &'static str)]) -> Key {
    Key::from_parts(
        name,
        labels
            .iter()
            .map(|(k, v)| Label::new(*k, *v))
            .collect::<Vec<_>>(),
    )
}

/// `# HELP` of every family (the exporter writes `# TYPE` on its own).
fn describe(recorder: &PrometheusRecorder) {
    let counters = [
        (
            REQUESTS,
            "Answered HTTP requests by route template, method and status.",
        ),
        (
            CREATED,
            "Bookings created (each occurrence and attendee), by source.",
        ),
        (
            REFUSED,
            "Refused booking creates, by the answer's error code.",
        ),
        (
            DELIVERY_FAILED,
            "Failed delivery attempts of outbox messages, by lane (each retry counts).",
        ),
        (SYNC_ERRORS, "Failed reads of connected calendars."),
    ];
    for (name, help) in counters {
        recorder.describe_counter(name.into(), None, help.into());
    }
    let gauges = [
        (
            PENDING,
            "Outbox messages not yet delivered (due or waiting for a retry), by lane.",
        ),
        (
            OLDEST,
            "Age in seconds of the oldest undelivered outbox message, by lane; 0 when none.",
        ),
        (
            POOL,
            "Database connections of this process's pool, by state.",
        ),
        (POOL_MAX, "The most connections this process's pool opens."),
        (
            BUILD_INFO,
            "Always 1; the version label says which build answers.",
        ),
    ];
    for (name, help) in gauges {
        recorder.describe_gauge(name.into(), None, help.into());
    }
    recorder.describe_histogram(
        DURATION.into(),
        Some(Unit::Seconds),
        "Seconds from a request's arrival to its answer's head, by route template and method."
            .into(),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(text: &str, line_start: &str) -> Option<f64> {
        text.lines()
            .find(|l| l.starts_with(line_start))
            .and_then(|l| l.rsplit(' ').next())
            .and_then(|v| v.parse().ok())
    }

    #[test]
    fn off_records_and_renders_nothing() {
        let metrics = Metrics::off();
        metrics.request("/healthz", "GET", 200, 0.001);
        assert!(metrics.render(&Readings::default()).is_none());
    }

    #[test]
    fn counts_move_and_every_family_has_help_and_type() {
        let metrics = Metrics::on("slotbook 1.2.3");
        metrics.request("/api/v2/bookings/slots/{event_id}", "GET", 200, 0.004);
        metrics.request("/api/v2/bookings/slots/{event_id}", "GET", 200, 0.2);
        metrics.bookings_created("web", 3);
        metrics.booking_refused("slot_unavailable");
        metrics.delivery_failed("test_email");
        metrics.calendar_sync_error();
        let readings = Readings {
            outbox: [(2, 30), (0, 0), (1, 5), (0, 0)],
            pool_idle: 1,
            pool_in_use: 2,
            pool_max: 8,
        };
        let text = metrics.render(&readings).unwrap_or_default();
        let route = r#"route="/api/v2/bookings/slots/{event_id}""#;
        assert!(text.contains(route), "{text}");
        assert_eq!(
            sample(&text, r#"slotbook_bookings_created_total{source="web"}"#),
            Some(3.0)
        );
        assert_eq!(
            sample(&text, r#"slotbook_bookings_created_total{source="admin"}"#),
            Some(0.0)
        );
        assert_eq!(
            sample(
                &text,
                r#"slotbook_bookings_refused_total{reason="slot_unavailable"}"#
            ),
            Some(1.0)
        );
        assert_eq!(
            sample(&text, r#"slotbook_deliveries_failed_total{lane="email"}"#),
            Some(1.0)
        );
        assert_eq!(
            sample(&text, "slotbook_calendar_sync_errors_total"),
            Some(1.0)
        );
        assert_eq!(
            sample(&text, r#"slotbook_outbox_pending{lane="email"}"#),
            Some(2.0)
        );
        assert_eq!(sample(&text, "slotbook_db_pool_max_connections"), Some(8.0));
        assert_eq!(
            sample(&text, r#"slotbook_build_info{version="slotbook 1.2.3"}"#),
            Some(1.0)
        );
        assert!(
            text.contains(r#"le="0.001""#) && text.contains(r#"le="10""#),
            "{text}"
        );
        for name in FAMILIES {
            assert!(text.contains(&format!("# HELP {name} ")), "{name}: {text}");
            assert!(text.contains(&format!("# TYPE {name} ")), "{name}: {text}");
        }
    }

    #[test]
    fn a_fresh_recorder_describes_every_family() {
        let text = Metrics::on("0.1.0")
            .render(&Readings::default())
            .unwrap_or_default();
        for name in FAMILIES {
            assert!(text.contains(&format!("# HELP {name} ")), "{name}: {text}");
            assert!(text.contains(&format!("# TYPE {name} ")), "{name}: {text}");
        }
    }

    #[test]
    fn every_kind_of_email_is_the_email_lane() {
        assert_eq!(lane_of("booking_link"), "email");
        assert_eq!(lane_of("calendar_write"), "calendar_write");
    }
}
