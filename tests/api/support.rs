//! Test harness: the real application on 127.0.0.1:0 with a fresh database per test.
//! SQLite by default; a fresh PostgreSQL database per test when `TEST_DATABASE_URL` is set.

use app::store::Store;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use slotbook::{Application, Config};

/// The secret key every `TestApp` runs with (32 bytes in base64).
pub const TEST_KEY: &str = "c2xvdGJvb2stdGVzdHMtc2VjcmV0LWtleS0zMi1ieXQ=";

pub struct TestApp {
    pub base: String,
    /// Where this app writes its emails (`.eml` files).
    pub mail_dir: String,
    _mail: tempfile::TempDir,
    pub database_url: String,
    pub client: reqwest::Client,
    pub store: Store,
    /// The application's use-case context.
    pub ctx: app::service::Ctx,
    /// The outbox workers' clock: moving it forward makes reminders and retries due.
    pub clock: app::service::Clock,
    _dir: Option<tempfile::TempDir>,
}

/// A user with an application password.
#[derive(Clone, Debug)]
pub struct Creds {
    pub id: i64,
    pub login: String,
    pub secret: String,
}

async fn fresh_database_url() -> (String, Option<tempfile::TempDir>) {
    if let Ok(base) = std::env::var("TEST_DATABASE_URL") {
        let name = format!("slotbook_t_{}", hex(rand::random::<u64>()));
        let admin = sqlx::PgPool::connect(&base)
            .await
            .expect("connect to TEST_DATABASE_URL");
        sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}")))
            .execute(&admin)
            .await
            .expect("create database");
        admin.close().await;
        let (prefix, _) = base.rsplit_once('/').expect("database url has a path");
        return (format!("{prefix}/{name}"), None);
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let url = format!("sqlite://{}/test.db", dir.path().display());
    (url, Some(dir))
}

fn hex(n: u64) -> String {
    format!("{n:016x}")
}

impl TestApp {
    pub async fn spawn() -> TestApp {
        Self::spawn_with(|_| {}).await
    }

    pub async fn spawn_with(adjust: impl FnOnce(&mut Config)) -> TestApp {
        let (database_url, dir) = fresh_database_url().await;
        Self::spawn_on(database_url, dir, adjust).await
    }

    /// A server on an existing database (a restored backup, say).
    pub async fn spawn_on_url(database_url: &str) -> TestApp {
        Self::spawn_on(database_url.to_string(), None, |_| {}).await
    }

    /// [`TestApp::spawn_on_url`] with `adjust` applied to its configuration.
    pub async fn spawn_on_url_with(
        database_url: &str,
        adjust: impl FnOnce(&mut Config),
    ) -> TestApp {
        Self::spawn_on(database_url.to_string(), None, adjust).await
    }

    /// A second server process (own pools, own limits) on the same database as `other`.
    pub async fn spawn_beside(other: &TestApp) -> TestApp {
        Self::spawn_on(other.database_url.clone(), None, |_| {}).await
    }

    async fn spawn_on(
        database_url: String,
        dir: Option<tempfile::TempDir>,
        adjust: impl FnOnce(&mut Config),
    ) -> TestApp {
        let mail = tempfile::tempdir().expect("mail dir");
        let mail_dir = mail.path().display().to_string();
        let mut config = Config {
            bind: "127.0.0.1:0".into(),
            database_url: database_url.clone(),
            rate_limit_create: 0,
            rate_limit_read: 0,
            mail_dir: mail_dir.clone(),
            job_poll_ms: 100,
            // The tests' webhook receivers listen on 127.0.0.1.
            allow_private_targets: true,
            // Tests run side by side, some with two servers each, on one PostgreSQL server
            // that accepts 100 connections in all.
            database_max_connections: Some(8),
            // One key for every process of a test (they share the database).
            secret_key: Some(TEST_KEY.into()),
            ..Config::default()
        };
        adjust(&mut config);
        let application = Application::build(config).await.expect("build application");
        let base = format!("http://{}", application.addr);
        let store = application.store.clone();
        let clock = application.clock.clone();
        let ctx = application.ctx.clone();
        tokio::spawn(application.run_until_stopped(std::future::pending()));
        let client = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .expect("client");
        TestApp {
            base,
            mail_dir,
            _mail: mail,
            database_url,
            client,
            store,
            ctx,
            clock,
            _dir: dir,
        }
    }

    /// Makes `event` require the host's confirmation (written straight to its settings).
    pub async fn require_confirmation(&self, event: i64) {
        let mut tx = self.store.begin().await.expect("tx");
        let mut row = app::store::events::find(tx.ex(), event)
            .await
            .expect("find")
            .expect("event");
        let mut settings: Value = serde_json::from_str(&row.settings).expect("json");
        settings["requires_confirmation"]["enabled"] = json!(true);
        row.settings = settings.to_string();
        app::store::events::update(tx.ex(), &row)
            .await
            .expect("update");
        tx.commit().await.expect("commit");
    }

    /// Creates a user with `role` and an application password for it.
    pub async fn user(&self, login: &str, role: &str) -> Creds {
        let input = app::service::users::CreateUser {
            login: login.into(),
            email: format!("{login}@example.com"),
            name: format!("{} Tester", capitalised(login)),
            role: role.into(),
            password: Some(format!("{login}-password")),
        };
        let (id, _) = app::service::users::create_user(&self.store, input, None)
            .await
            .expect("create user");
        let (_, secret) =
            app::service::app_passwords::create_for(&self.store, id, login, "tests", None)
                .await
                .expect("app password");
        Creds {
            id,
            login: login.into(),
            secret,
        }
    }

    pub async fn admin(&self) -> Creds {
        self.user("admin", "administrator").await
    }

    pub async fn host(&self, login: &str) -> Creds {
        self.user(login, "host").await
    }

    /// Sends a request with Basic credentials (or none) and answers status and JSON body.
    pub async fn send(
        &self,
        method: Method,
        path: &str,
        creds: Option<&Creds>,
        body: Option<Value>,
    ) -> (StatusCode, Value) {
        let mut request = self
            .client
            .request(method, format!("{}/api/v2{path}", self.base));
        if let Some(c) = creds {
            request = request.basic_auth(&c.login, Some(&c.secret));
        }
        if let Some(body) = body {
            request = request.json(&body);
        }
        let response = request.send().await.expect("request");
        let status = response.status();
        let text = response.text().await.expect("body");
        let value = serde_json::from_str(&text).unwrap_or_else(|_| json!({"raw": text}));
        (status, value)
    }

    /// The text of a page or file outside the REST interface (`/booking/{hash}/ics`, ...).
    pub async fn text(&self, path: &str) -> String {
        let response = self.client.get(format!("{}{path}", self.base)).send().await;
        match response {
            Ok(r) => r.text().await.unwrap_or_default(),
            Err(e) => panic!("GET {path}: {e}"),
        }
    }

    pub async fn get(&self, path: &str, creds: &Creds) -> (StatusCode, Value) {
        self.send(Method::GET, path, Some(creds), None).await
    }

    pub async fn post(&self, path: &str, creds: &Creds, body: Value) -> (StatusCode, Value) {
        self.send(Method::POST, path, Some(creds), Some(body)).await
    }

    pub async fn delete(&self, path: &str, creds: &Creds) -> (StatusCode, Value) {
        self.send(Method::DELETE, path, Some(creds), None).await
    }

    /// Creates `creds`' own calendar with a first 30-minute event; answers the response body.
    pub async fn calendar_for(&self, creds: &Creds, zone: &str) -> Value {
        let (status, body) = self.post("/calendars", creds, calendar_body(zone)).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        body
    }
}

/// A single event open every day between `from` and `to` (the calendar's zone `zone`), booked
/// with no notice up to 120 days ahead; answers (calendar id, event id).
pub async fn daily_event(
    app: &TestApp,
    host: &Creds,
    zone: &str,
    duration: i64,
    (from, to): (&str, &str),
) -> (i64, i64) {
    let week: Vec<Value> = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
        .iter()
        .map(|d| json!({"day": d, "from": from, "to": to}))
        .collect();
    let (status, made) = app.post("/calendars", host, json!({"calendar": {"author_timezone": zone, "slot": {
        "title": "Daily", "duration": duration, "event_type": "single", "availability_type": "custom",
        "settings": {"schedule_type": "weekly_schedules", "weekly_schedules": week, "range_days": 120,
                     "schedule_conditions": {"value": 0, "unit": "minutes"}}}}})).await;
    assert_eq!(status, StatusCode::OK, "{made}");
    (
        made["calendar"]["id"].as_i64().unwrap_or_default(),
        made["slot"]["id"].as_i64().unwrap_or_default(),
    )
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// A valid `POST /calendars` body for a host calendar.
impl TestApp {
    /// The first time the public slot list offers for `event` (UTC, `YYYY-MM-DD HH:mm:ss`),
    /// looking into next month when this one has no slot left.
    pub async fn first_offered_slot(&self, event: i64) -> String {
        let next_month = (chrono::Utc::now().date_naive() + chrono::Duration::days(32))
            .format("%Y-%m-01%%2000:00:00")
            .to_string();
        for start in [String::new(), format!("&start_date={next_month}")] {
            let (_, slots) = self
                .send(
                    reqwest::Method::GET,
                    &format!("/bookings/slots/{event}?timezone=UTC{start}"),
                    None,
                    None,
                )
                .await;
            if let Some((day, times)) = slots["available_slots"]
                .as_object()
                .and_then(|days| days.iter().next())
            {
                return format!("{day} {}:00", times[0].as_str().unwrap_or_default());
            }
        }
        panic!("no slot offered for event {event}");
    }

    /// Tomorrow (UTC) and the times `event` offers then: a whole day of a daily event, whatever
    /// the hour the test runs at (today's list shrinks as the day goes on).
    pub async fn tomorrows_times(&self, event: i64) -> (String, Vec<String>) {
        let day = (chrono::Utc::now() + chrono::Duration::days(1))
            .format("%Y-%m-%d")
            .to_string();
        let times = self.offered_on(event, &day).await;
        (day, times)
    }

    /// The times (`HH:mm`, UTC) the public slot list offers for `event` on `day` (`YYYY-MM-DD`).
    pub async fn offered_on(&self, event: i64, day: &str) -> Vec<String> {
        let (status, list) = self
            .send(
                reqwest::Method::GET,
                &format!("/bookings/slots/{event}?timezone=UTC&start_date={day}%2000:00:00"),
                None,
                None,
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{list}");
        list["available_slots"][day]
            .as_array()
            .map(|times| {
                times
                    .iter()
                    .filter_map(|t| t.as_str().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Books the first time `event` offers for `email`, as the public does; answers the
    /// create's answer.
    pub async fn book_first_offered(&self, event: i64, email: &str) -> Value {
        let slot = self.first_offered_slot(event).await;
        self.book(event)
            .name("Bo Client")
            .email(email)
            .at(&slot)
            .booked()
            .await
    }

    /// A booking of `event` to send (`POST /bookings/create/{event}`), as the public by
    /// default: "Ann Attendee", ann@example.org, in UTC; each builder step changes one field.
    pub fn book(&self, event: i64) -> Booking<'_> {
        let mut body = serde_json::Map::new();
        body.insert("name".into(), json!("Ann Attendee"));
        body.insert("email".into(), json!("ann@example.org"));
        body.insert("timezone".into(), json!("UTC"));
        Booking {
            app: self,
            event,
            body,
            creds: None,
        }
    }
}

/// A booking request being built (see [`TestApp::book`]).
pub struct Booking<'a> {
    app: &'a TestApp,
    event: i64,
    body: serde_json::Map<String, Value>,
    creds: Option<&'a Creds>,
}

impl<'a> Booking<'a> {
    pub fn name(self, name: &str) -> Self {
        self.with(json!({ "name": name }))
    }

    pub fn email(self, email: &str) -> Self {
        self.with(json!({ "email": email }))
    }

    /// The attendee's zone, in which `at` is read.
    pub fn zone(self, zone: &str) -> Self {
        self.with(json!({ "timezone": zone }))
    }

    /// The wall-clock start in the booking's zone, `YYYY-MM-DD HH:mm:ss`.
    pub fn at(self, local: &str) -> Self {
        self.with(json!({ "event_time": local }))
    }

    /// Any other fields of the body (each key of `fields` replaces the one sent so far).
    pub fn with(mut self, fields: Value) -> Self {
        if let Value::Object(map) = fields {
            self.body.extend(map);
        }
        self
    }

    /// Exactly `body`, none of the defaults (for a body that leaves fields out on purpose).
    pub fn body(mut self, body: Value) -> Self {
        self.body = match body {
            Value::Object(map) => map,
            _ => serde_json::Map::new(),
        };
        self
    }

    /// Sent with `creds` (a host's booking may choose status, source and host).
    pub fn by(mut self, creds: &'a Creds) -> Self {
        self.creds = Some(creds);
        self
    }

    /// Sends it; answers status and body.
    pub async fn send(self) -> (StatusCode, Value) {
        self.app
            .send(
                Method::POST,
                &format!("/bookings/create/{}", self.event),
                self.creds,
                Some(Value::Object(self.body)),
            )
            .await
    }

    /// Sends it and answers the body of the booking it made (fails the test otherwise).
    pub async fn booked(self) -> Value {
        let (status, body) = self.send().await;
        assert_eq!(status, StatusCode::OK, "{body}");
        body
    }
}

pub fn calendar_body(zone: &str) -> Value {
    json!({"calendar": {"author_timezone": zone, "slot": {
        "title": "Intro call",
        "duration": 30,
        "event_type": "single",
        "availability_type": "existing_schedule",
        "settings": {"schedule_type": "weekly_schedules", "weekly_schedules": [
            {"day": "mon", "from": "09:00", "to": "17:00"},
            {"day": "tue", "from": "09:00", "to": "12:00"}
        ]}
    }}})
}

/// Asserts the envelope of DESIGN 2.4 with `status` and `code`.
pub fn assert_envelope(status: StatusCode, body: &Value, expected_status: u16, code: &str) {
    assert_eq!(status.as_u16(), expected_status, "{body}");
    assert_eq!(body["code"], code, "{body}");
    assert_eq!(body["data"]["status"], expected_status, "{body}");
    assert!(
        body["message"].as_str().is_some_and(|m| !m.is_empty()),
        "{body}"
    );
}

/// Asserts a 422 validation envelope naming `field`.
pub fn assert_invalid_field(status: StatusCode, body: &Value, field: &str) {
    assert_envelope(status, body, 422, "validation_failed");
    assert!(
        body["errors"].get(field).is_some(),
        "expected an error for {field}: {body}"
    );
}

/// Whether an activity entry is the outbox worker's note of an email, which lands
/// asynchronously, before or after the one a test looks for.
pub fn is_email_note(activity: &Value) -> bool {
    activity["title"]
        .as_str()
        .is_some_and(|t| t.contains("email sent to") || t.contains("email sending failed"))
}

/// The activity log of `body` without the email notes (see [`is_email_note`]).
pub fn activities_by_people(body: &Value) -> Vec<Value> {
    body["activities"]
        .as_array()
        .map(|all| all.iter().filter(|a| !is_email_note(a)).cloned().collect())
        .unwrap_or_default()
}

/// An iCalendar document of `vevents`.
pub fn ics(vevents: &str) -> String {
    format!(
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//slotbook tests//EN\r\n{vevents}END:VCALENDAR\r\n"
    )
}

/// A VEVENT from `start` for `minutes`, in UTC (`YYYYMMDDTHHMMSSZ`), with extra lines.
pub fn vevent(
    uid: &str,
    start: chrono::DateTime<chrono::Utc>,
    minutes: i64,
    extra: &str,
) -> String {
    let f = |t: chrono::DateTime<chrono::Utc>| t.format("%Y%m%dT%H%M%SZ").to_string();
    format!(
        "BEGIN:VEVENT\r\nUID:{uid}\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:{}\r\nDTEND:{}\r\nSUMMARY:Private meeting\r\n{extra}END:VEVENT\r\n",
        f(start),
        f(start + chrono::Duration::minutes(minutes))
    )
}
