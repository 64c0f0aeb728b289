//! The MCP server at /mcp (DESIGN 2.12), spoken to as a client does: JSON-RPC over Streamable
//! HTTP, a session per `initialize`. (tests/mcp_client.py drives it with the official client.)

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::support::{Creds, TestApp, assert_envelope, daily_event};

/// One MCP session.
struct Session<'a> {
    app: &'a TestApp,
    authorization: Option<String>,
    id: String,
    next: i64,
}

/// How a session authenticates.
enum As<'a> {
    Visitor,
    Bearer(&'a Creds),
    Basic(&'a Creds),
}

fn authorization(who: &As<'_>) -> Option<String> {
    use base64::Engine;
    match who {
        As::Visitor => None,
        As::Bearer(c) => Some(format!("Bearer {}", c.secret)),
        As::Basic(c) => Some(format!(
            "Basic {}",
            base64::engine::general_purpose::STANDARD.encode(format!("{}:{}", c.login, c.secret))
        )),
    }
}

/// POSTs one JSON-RPC message; answers the status, the headers and the JSON-RPC answer (the
/// `data:` of an event stream, or a JSON body).
async fn post(
    app: &TestApp,
    authorization: Option<&str>,
    session: Option<&str>,
    extra: &[(&str, &str)],
    message: Value,
) -> (StatusCode, reqwest::header::HeaderMap, Value) {
    let mut request = app
        .client
        .post(format!("{}/mcp", app.base))
        .header("accept", "application/json, text/event-stream")
        .json(&message);
    if let Some(value) = authorization {
        request = request.header("authorization", value);
    }
    if let Some(id) = session {
        request = request
            .header("mcp-session-id", id)
            .header("mcp-protocol-version", "2025-06-18");
    }
    for (name, value) in extra {
        request = request.header(*name, *value);
    }
    let response = request.send().await.expect("send");
    let status = response.status();
    let headers = response.headers().clone();
    let text = response.text().await.expect("body");
    let answer = text
        .lines()
        .filter_map(|line| line.strip_prefix("data:"))
        .filter_map(|data| serde_json::from_str::<Value>(data.trim()).ok())
        .find(|v| v.get("id").is_some())
        .or_else(|| serde_json::from_str(&text).ok())
        .unwrap_or(Value::Null);
    (status, headers, answer)
}

fn initialize() -> Value {
    json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {},
        "clientInfo": {"name": "slotbook-tests", "version": "1"}}})
}

impl<'a> Session<'a> {
    async fn start(app: &'a TestApp, who: As<'_>) -> (Session<'a>, Value) {
        let authorization = authorization(&who);
        let (status, headers, answer) =
            post(app, authorization.as_deref(), None, &[], initialize()).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        let id = headers
            .get("mcp-session-id")
            .and_then(|v| v.to_str().ok())
            .expect("Mcp-Session-Id")
            .to_string();
        let session = Session {
            app,
            authorization,
            id,
            next: 1,
        };
        let (status, _, _) = post(
            app,
            session.authorization.as_deref(),
            Some(&session.id),
            &[],
            json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
        )
        .await;
        assert_eq!(status, StatusCode::ACCEPTED);
        (session, answer["result"].clone())
    }

    async fn request(&mut self, method: &str, params: Value) -> Value {
        self.next += 1;
        let (status, _, answer) = post(
            self.app,
            self.authorization.as_deref(),
            Some(&self.id),
            &[],
            json!({"jsonrpc": "2.0", "id": self.next, "method": method, "params": params}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        answer
    }

    async fn tool_names(&mut self) -> Vec<String> {
        let answer = self.request("tools/list", json!({})).await;
        answer["result"]["tools"]
            .as_array()
            .expect("tools")
            .iter()
            .map(|t| t["name"].as_str().unwrap_or_default().to_string())
            .collect()
    }

    /// Calls a tool: `(isError, structuredContent)`, after checking the text content is the
    /// same JSON.
    async fn call(&mut self, tool: &str, arguments: Value) -> (bool, Value) {
        let answer = self
            .request("tools/call", json!({"name": tool, "arguments": arguments}))
            .await;
        let result = &answer["result"];
        assert!(result.is_object(), "{answer}");
        let structured = result["structuredContent"].clone();
        let text: Value = serde_json::from_str(result["content"][0]["text"].as_str().unwrap_or(""))
            .expect("the text content is JSON");
        assert_eq!(text, structured, "text and structured content agree");
        (result["isError"] == json!(true), structured)
    }
}

async fn open_to_agents(app: &TestApp, host: &Creds, cal: i64, event: i64, open: bool) {
    let (status, saved) = app
        .post(
            &format!("/calendars/{cal}/events/{event}/advanced-settings"),
            host,
            json!({"settings": {"agents_may_book": open}}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!(
        saved["event"]["settings"]["agents_may_book"],
        json!(open),
        "{saved}"
    );
}

async fn calendar_slug(app: &TestApp, host: &Creds, cal: i64) -> String {
    let (_, calendar) = app.get(&format!("/calendars/{cal}"), host).await;
    calendar["calendar"]["slug"]
        .as_str()
        .expect("slug")
        .to_string()
}

fn assert_refused(structured: &Value, status: u16, code: &str) {
    assert_envelope(
        StatusCode::from_u16(status).expect("status"),
        structured,
        status,
        code,
    );
}

#[tokio::test]
async fn initialize_names_the_server_and_a_recent_protocol_and_the_mode_lists_its_tools() {
    let app = TestApp::spawn().await;
    let host = app.host("jane").await;
    let (mut visitor, info) = Session::start(&app, As::Visitor).await;
    assert_eq!(info["serverInfo"]["name"], "slotbook");
    assert!(info["capabilities"]["tools"].is_object(), "{info}");
    let version = info["protocolVersion"].as_str().unwrap_or_default();
    assert!(version >= "2025-06-18", "{version}");
    assert_eq!(
        visitor.tool_names().await,
        [
            "list_event_types",
            "get_event",
            "find_available_times",
            "preview_booking",
            "confirm_booking"
        ]
    );
    let (mut hosting, _) = Session::start(&app, As::Bearer(&host)).await;
    let names = hosting.tool_names().await;
    for name in [
        "list_calendars",
        "list_event_types",
        "get_event",
        "find_available_times",
        "explain_time",
        "list_bookings",
        "get_booking",
    ] {
        assert!(names.contains(&name.to_string()), "{name} in {names:?}");
    }
    let listed = hosting.request("tools/list", json!({})).await;
    for tool in listed["result"]["tools"].as_array().expect("tools") {
        assert_eq!(tool["inputSchema"]["type"], "object", "{tool}");
        assert_eq!(tool["outputSchema"]["type"], "object", "{tool}");
        let writes = tool["name"]
            .as_str()
            .is_some_and(|name| name.starts_with("confirm_"));
        assert_eq!(tool["annotations"]["readOnlyHint"], !writes, "{tool}");
    }
    let get_event = &listed["result"]["tools"]
        .as_array()
        .expect("tools")
        .iter()
        .find(|t| t["name"] == "get_event")
        .cloned()
        .unwrap_or_default();
    assert_eq!(get_event["inputSchema"]["required"], json!(["event_id"]));

    // A tool the visitor's mode does not list: a JSON-RPC error, nothing done.
    let answer = visitor
        .request(
            "tools/call",
            json!({"name": "list_calendars", "arguments": {}}),
        )
        .await;
    assert!(answer["error"].is_object(), "{answer}");
}

#[tokio::test]
async fn a_host_sees_what_it_manages_as_rest_shows_it() {
    let app = TestApp::spawn().await;
    let host = app.host("jane").await;
    let other = app.host("otto").await;
    let (cal, event) = daily_event(&app, &host, "Europe/Berlin", 30, ("09:00", "12:00")).await;
    let (_, foreign) = daily_event(&app, &other, "UTC", 30, ("09:00", "12:00")).await;
    for who in [As::Bearer(&host), As::Basic(&host)] {
        let (mut session, _) = Session::start(&app, who).await;
        let (failed, answer) = session.call("list_calendars", json!({})).await;
        assert!(!failed, "{answer}");
        let calendars = answer["calendars"].as_array().expect("calendars");
        assert_eq!(calendars.len(), 1, "{answer}");
        assert_eq!(calendars[0]["id"], cal);
        assert_eq!(calendars[0]["author_timezone"], "Europe/Berlin");
        assert!(calendars[0]["public_url"].is_string());
    }
    let (mut session, _) = Session::start(&app, As::Bearer(&host)).await;
    let (_, types) = session
        .call("list_event_types", json!({"calendar_id": cal}))
        .await;
    assert_eq!(types["event_types"][0]["id"], event, "{types}");
    assert_eq!(types["event_types"][0]["agents_may_book"], false);
    assert_eq!(types["event_types"][0]["duration"], 30);

    let (failed, detail) = session.call("get_event", json!({"event_id": event})).await;
    assert!(!failed, "{detail}");
    assert_eq!(detail["event"]["timezone"], "Europe/Berlin");
    assert_eq!(detail["event"]["requires_confirmation"], false);
    let required = detail["form_schema"]["required"].clone();
    assert!(
        required
            .as_array()
            .expect("required")
            .contains(&json!("email")),
        "{detail}"
    );

    // Another host's event is as unknown as a missing one.
    let (failed, refused) = session
        .call("get_event", json!({"event_id": foreign}))
        .await;
    assert!(failed);
    assert_refused(&refused, 404, "not_found");
    let (failed, refused) = session.call("get_event", json!({})).await;
    assert!(failed);
    assert_refused(&refused, 422, "validation_failed");
    assert!(refused["errors"]["event_id"].is_object(), "{refused}");

    // The times are the REST slot list's.
    let (_, rest) = app
        .send(
            reqwest::Method::GET,
            &format!("/bookings/slots/{event}?timezone=Asia/Tokyo"),
            None,
            None,
        )
        .await;
    let (failed, times) = session
        .call(
            "find_available_times",
            json!({"event_id": event, "timezone": "Asia/Tokyo"}),
        )
        .await;
    assert!(!failed, "{times}");
    assert_eq!(times["available_slots"], rest["available_slots"]);
    assert_eq!(times["max_lookup_date"], rest["max_lookup_date"]);
    assert_eq!(times["event_id"], event);

    // A longer range runs past the month's end.
    let start = chrono::Utc::now().date_naive();
    let end = start + chrono::Duration::days(40);
    let (_, longer) = session
        .call(
            "find_available_times",
            json!({"event_id": event, "start_date": start.to_string(), "end_date": end.to_string()}),
        )
        .await;
    let days: Vec<&String> = longer["available_slots"]
        .as_object()
        .expect("slots")
        .keys()
        .collect();
    assert!(
        days.iter()
            .any(|d| **d > (start + chrono::Duration::days(32)).to_string()),
        "{days:?}"
    );
    assert!(days.iter().all(|d| **d <= end.to_string()), "{days:?}");
    let (failed, refused) = session
        .call(
            "find_available_times",
            json!({"event_id": event, "start_date": start.to_string(),
                   "end_date": (start + chrono::Duration::days(63)).to_string()}),
        )
        .await;
    assert!(failed);
    assert!(refused["errors"]["end_date"].is_object(), "{refused}");

    // Why a time is not offered, and the host's bookings.
    let day = (chrono::Utc::now() + chrono::Duration::days(2)).format("%Y-%m-%d");
    let (failed, why) = session
        .call(
            "explain_time",
            json!({"event_id": event, "time": format!("{day} 03:00")}),
        )
        .await;
    assert!(!failed, "{why}");
    assert_eq!(why["offered"], false);
    assert!(
        why["reasons"]
            .as_array()
            .expect("reasons")
            .contains(&json!("outside_hours"))
    );

    let booked = app.book_first_offered(event, "ann@example.org").await;
    let booking_id = booked["booking"]["id"].as_i64().expect("id");
    let (_, list) = session
        .call("list_bookings", json!({"period": "upcoming"}))
        .await;
    assert_eq!(list["bookings"]["total"], 1, "{list}");
    assert_eq!(list["bookings"]["data"][0]["id"], booking_id);
    let (failed, one) = session
        .call("get_booking", json!({"booking_id": booking_id}))
        .await;
    assert!(!failed, "{one}");
    assert_eq!(one["booking"]["id"], booking_id);
    assert_eq!(one["booking"]["email"], "ann@example.org");
    let (other_session, _) = Session::start(&app, As::Bearer(&other)).await;
    let mut other_session = other_session;
    let (failed, refused) = other_session
        .call("get_booking", json!({"booking_id": booking_id}))
        .await;
    assert!(failed);
    assert_refused(&refused, 404, "not_found");
}

#[tokio::test]
async fn a_visitor_reaches_only_active_events_open_to_agents() {
    let app = TestApp::spawn().await;
    let host = app.host("jane").await;
    let (cal, event) = daily_event(&app, &host, "UTC", 30, ("09:00", "12:00")).await;
    let slug = calendar_slug(&app, &host, cal).await;
    let (mut visitor, _) = Session::start(&app, As::Visitor).await;

    let (failed, types) = visitor
        .call("list_event_types", json!({"calendar_slug": slug}))
        .await;
    assert!(!failed, "{types}");
    assert_eq!(types["event_types"], json!([]), "not open to agents yet");
    let (failed, refused) = visitor.call("get_event", json!({"event_id": event})).await;
    assert!(failed);
    assert_refused(&refused, 403, "agents_not_allowed");
    assert_eq!(
        refused["message"],
        "This event does not accept bookings through agents."
    );
    let (failed, refused) = visitor
        .call("find_available_times", json!({"event_id": event}))
        .await;
    assert!(failed);
    assert_refused(&refused, 403, "agents_not_allowed");

    open_to_agents(&app, &host, cal, event, true).await;
    let (_, types) = visitor
        .call("list_event_types", json!({"calendar_slug": slug}))
        .await;
    assert_eq!(types["event_types"][0]["id"], event, "{types}");
    assert_eq!(types["event_types"][0]["agents_may_book"], true);
    let (failed, detail) = visitor.call("get_event", json!({"event_id": event})).await;
    assert!(!failed, "{detail}");
    let (failed, times) = visitor
        .call("find_available_times", json!({"event_id": event}))
        .await;
    assert!(!failed, "{times}");
    assert!(
        !times["available_slots"]
            .as_object()
            .expect("slots")
            .is_empty()
    );

    // A draft is as unknown as a missing event; an unknown calendar too.
    let (status, _) = app
        .send(
            reqwest::Method::PUT,
            &format!("/calendars/{cal}/events/{event}"),
            Some(&host),
            Some(json!({"status": "draft"})),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (failed, refused) = visitor.call("get_event", json!({"event_id": event})).await;
    assert!(failed);
    assert_refused(&refused, 404, "not_found");
    let (failed, refused) = visitor
        .call(
            "list_event_types",
            json!({"calendar_slug": "no-such-calendar"}),
        )
        .await;
    assert!(failed);
    assert_refused(&refused, 404, "not_found");
}

#[tokio::test]
async fn origins_credentials_and_sessions_are_checked_before_anything_runs() {
    let app = TestApp::spawn().await;
    let host = app.host("jane").await;
    let (status, _, body) = post(
        &app,
        None,
        None,
        &[("origin", "https://evil.example")],
        initialize(),
    )
    .await;
    assert_envelope(status, &body, 403, "rest_forbidden");
    let own = app.base.clone();
    let (status, headers, _) =
        post(&app, None, None, &[("origin", own.as_str())], initialize()).await;
    assert_eq!(status, StatusCode::OK);
    assert!(headers.contains_key("mcp-session-id"));

    for wrong in ["Bearer not-a-password", "Basic bm9ib2R5Ondyb25n"] {
        let (status, _, body) = post(&app, Some(wrong), None, &[], initialize()).await;
        assert_envelope(status, &body, 401, "incorrect_password");
    }

    // A visitor's session does not become a host's by adding credentials, nor the reverse.
    let (visitor, _) = Session::start(&app, As::Visitor).await;
    let bearer = format!("Bearer {}", host.secret);
    let (status, _, body) = post(
        &app,
        Some(&bearer),
        Some(&visitor.id),
        &[],
        json!({"jsonrpc": "2.0", "id": 5, "method": "tools/list"}),
    )
    .await;
    assert_envelope(status, &body, 403, "rest_forbidden");
    let (hosting, _) = Session::start(&app, As::Bearer(&host)).await;
    let (status, _, body) = post(
        &app,
        None,
        Some(&hosting.id),
        &[],
        json!({"jsonrpc": "2.0", "id": 5, "method": "tools/list"}),
    )
    .await;
    assert_envelope(status, &body, 403, "rest_forbidden");
}

#[tokio::test]
async fn a_visitors_calls_count_against_the_public_read_limit() {
    let app = TestApp::spawn_with(|c| c.rate_limit_read = 3).await;
    let host = app.host("jane").await;
    let (cal, event) = daily_event(&app, &host, "UTC", 30, ("09:00", "12:00")).await;
    open_to_agents(&app, &host, cal, event, true).await;
    let (mut visitor, _) = Session::start(&app, As::Visitor).await;
    let mut refused = None;
    for _ in 0..5 {
        let (failed, answer) = visitor.call("get_event", json!({"event_id": event})).await;
        if failed {
            refused = Some(answer);
            break;
        }
    }
    let refused = refused.expect("limited within five calls");
    assert_refused(&refused, 429, "too_many_requests");
    assert!(
        refused["data"]["retry_after"]
            .as_u64()
            .is_some_and(|s| s >= 1),
        "{refused}"
    );

    // A host's calls are not a visitor's.
    let (mut hosting, _) = Session::start(&app, As::Bearer(&host)).await;
    let (failed, answer) = hosting.call("get_event", json!({"event_id": event})).await;
    assert!(!failed, "{answer}");
}

/// Runs tests/mcp_client.py (the official Python SDK, `scripts/setup --mcp` installs it into
/// target/mcp) with `calls`; answers what it printed.
async fn official_client(app: &TestApp, bearer: Option<&str>, calls: Value) -> Value {
    let root = env!("CARGO_MANIFEST_DIR");
    let python = std::env::var("SLOTBOOK_TEST_MCP_PYTHON")
        .unwrap_or_else(|_| format!("{root}/target/mcp/bin/python"));
    let mut command = tokio::process::Command::new(&python);
    command
        .arg(format!("{root}/tests/mcp_client.py"))
        .arg(format!("{}/mcp", app.base))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    if let Some(secret) = bearer {
        command.arg(secret);
    }
    let mut child = command
        .spawn()
        .unwrap_or_else(|e| panic!("run {python} (scripts/setup --mcp installs it): {e}"));
    {
        use tokio::io::AsyncWriteExt;
        let mut stdin = child.stdin.take().expect("stdin");
        stdin
            .write_all(calls.to_string().as_bytes())
            .await
            .expect("write calls");
    }
    let output = tokio::time::timeout(std::time::Duration::from_secs(60), child.wait_with_output())
        .await
        .expect("the client finishes")
        .expect("output");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_str(&stdout).expect("the client prints JSON")
}

#[tokio::test]
async fn the_official_python_client_calls_every_tool_and_accepts_each_answer() {
    let app = TestApp::spawn().await;
    let host = app.host("jane").await;
    let (cal, event) = daily_event(&app, &host, "UTC", 30, ("09:00", "12:00")).await;
    open_to_agents(&app, &host, cal, event, true).await;
    let slug = calendar_slug(&app, &host, cal).await;
    let booked = app.book_first_offered(event, "ann@example.org").await;
    let booking_id = booked["booking"]["id"].as_i64().expect("id");
    let day = (chrono::Utc::now() + chrono::Duration::days(2)).format("%Y-%m-%d");

    let visitor = official_client(
        &app,
        None,
        json!([
            ["list_event_types", {"calendar_slug": slug}],
            ["get_event", {"event_id": event}],
            ["find_available_times", {"event_id": event, "timezone": "America/New_York"}],
            ["get_event", {"event_id": event + 1000}],
            ["preview_booking", ann_at(event, &format!("{day} 10:00:00"))],
            ["confirm_booking", with(&ann_at(event, &format!("{day} 10:00:00")),
                json!({"confirm_token": "$last", "idempotency_key": "official-client-1"}))],
        ]),
    )
    .await;
    assert!(
        visitor["protocol_version"].as_str().unwrap_or_default() >= "2025-06-18",
        "{visitor}"
    );
    assert_eq!(
        visitor["tools"],
        json!([
            "list_event_types",
            "get_event",
            "find_available_times",
            "preview_booking",
            "confirm_booking"
        ])
    );
    let calls = visitor["calls"].as_array().expect("calls");
    assert_eq!(calls[0]["structuredContent"]["event_types"][0]["id"], event);
    assert_eq!(calls[1]["structuredContent"]["event"]["id"], event);
    assert_eq!(
        calls[2]["structuredContent"]["timezone"],
        "America/New_York"
    );
    assert_eq!(calls[3]["isError"], true);
    assert_eq!(calls[3]["structuredContent"]["code"], "not_found");
    assert_eq!(calls[4]["isError"], false, "{}", calls[4]);
    assert_eq!(calls[5]["isError"], false, "{}", calls[5]);
    assert_eq!(
        calls[5]["structuredContent"]["booking"]["email"],
        "ann@example.org"
    );

    let hosting = official_client(
        &app,
        Some(&host.secret),
        json!([
            ["list_calendars", {}],
            ["list_event_types", {}],
            ["get_event", {"event_id": event}],
            ["find_available_times", {"event_id": event}],
            ["explain_time", {"event_id": event, "time": format!("{day} 09:30")}],
            ["list_bookings", {"period": "all"}],
            ["get_booking", {"booking_id": booking_id}],
            ["preview_booking", with(&ann_at(event, &format!("{day} 11:00:00")), json!({"source": "admin"}))],
            ["preview_cancel", {"booking_id": booking_id, "reason": "Ill"}],
            ["confirm_cancel", {"booking_id": booking_id, "reason": "Ill",
                                "confirm_token": "$last", "idempotency_key": "official-client-2"}],
        ]),
    )
    .await;
    let calls = hosting["calls"].as_array().expect("calls");
    for call in calls {
        assert_eq!(call["isError"], false, "{call}");
    }
    assert_eq!(calls[0]["structuredContent"]["calendars"][0]["id"], cal);
    assert_eq!(
        calls[4]["structuredContent"]["offered"], true,
        "{}",
        calls[4]
    );
    assert_eq!(
        calls[5]["structuredContent"]["bookings"]["total"], 2,
        "the visitor's booking too"
    );
    assert_eq!(calls[7]["structuredContent"]["after"]["event_id"], event);
    assert_eq!(
        calls[9]["structuredContent"]["booking"]["status"],
        "cancelled"
    );
    assert_eq!(calls[6]["structuredContent"]["booking"]["id"], booking_id);
}

/// The create arguments of the attendee Ann at `time` (UTC).
fn ann_at(event: i64, time: &str) -> Value {
    json!({"event_id": event, "name": "Ann Example", "email": "ann@example.org",
           "timezone": "UTC", "event_time": time})
}

fn with(arguments: &Value, extra: Value) -> Value {
    let mut merged = arguments.clone();
    for (k, v) in extra.as_object().cloned().unwrap_or_default() {
        merged[k] = v;
    }
    merged
}

async fn bookings_of(app: &TestApp, host: &Creds) -> Value {
    let (_, list) = app
        .get("/schedules?filters[period]=all&per_page=100", host)
        .await;
    list["schedules"]["data"].clone()
}

#[tokio::test]
async fn a_preview_writes_nothing_and_its_token_books_once() {
    let app = TestApp::spawn().await;
    let host = app.host("jane").await;
    let (cal, event) = daily_event(&app, &host, "UTC", 30, ("09:00", "12:00")).await;
    open_to_agents(&app, &host, cal, event, true).await;
    let (day, times) = app.tomorrows_times(event).await;
    let time = format!("{day} {}:00", times[0]);
    let (mut visitor, _) = Session::start(&app, As::Visitor).await;
    let names = visitor.tool_names().await;
    assert!(names.contains(&"preview_booking".to_string()), "{names:?}");
    assert!(names.contains(&"confirm_booking".to_string()), "{names:?}");

    let ann = ann_at(event, &time);
    let (failed, preview) = visitor.call("preview_booking", ann.clone()).await;
    assert!(!failed, "{preview}");
    assert_eq!(preview["action"], "create");
    assert_eq!(preview["before"], Value::Null);
    assert_eq!(preview["after"]["event_id"], event);
    assert_eq!(preview["after"]["status"], "scheduled");
    assert_eq!(preview["after"]["start_time"], time);
    assert!(
        preview["summary"]
            .as_str()
            .is_some_and(|s| s.contains("Ann Example"))
    );
    assert!(
        preview["expires_at"]
            .as_str()
            .is_some_and(|s| s.ends_with('Z'))
    );
    assert_eq!(
        bookings_of(&app, &host).await,
        json!([]),
        "a preview writes nothing"
    );
    assert!(
        app.offered_on(event, &day).await.contains(&times[0]),
        "and holds nothing"
    );
    let token = preview["confirm_token"]
        .as_str()
        .expect("token")
        .to_string();

    // Refusals before anything is written.
    let confirm = |extra: Value| with(&ann, extra);
    let (_, refused) = visitor
        .call(
            "confirm_booking",
            confirm(json!({"confirm_token": token, "idempotency_key": "short"})),
        )
        .await;
    assert_refused(&refused, 422, "validation_failed");
    assert!(
        refused["errors"]["idempotency_key"].is_object(),
        "{refused}"
    );
    let (_, refused) = visitor
        .call(
            "confirm_booking",
            confirm(
                json!({"confirm_token": format!("{token}0"), "idempotency_key": "key-00000001"}),
            ),
        )
        .await;
    assert_refused(&refused, 400, "confirm_token_invalid");
    assert_eq!(
        refused["message"],
        "This confirmation token is not valid. Preview the action again."
    );
    let (_, refused) = visitor
        .call(
            "confirm_booking",
            confirm(json!({"confirm_token": token, "idempotency_key": "key-00000001", "name": "Someone Else"})),
        )
        .await;
    assert_refused(&refused, 409, "confirm_token_mismatch");
    assert_eq!(
        refused["message"],
        "The details differ from the preview. Preview the action again."
    );
    assert_eq!(bookings_of(&app, &host).await, json!([]));

    // The confirm books; its retry answers the same booking again.
    let arguments = confirm(
        json!({"confirm_token": token, "idempotency_key": "key-00000001", "message": null}),
    );
    let (failed, confirmed) = visitor.call("confirm_booking", arguments.clone()).await;
    assert!(!failed, "{confirmed}");
    assert_eq!(confirmed["message"], "Booking has been created");
    assert_eq!(confirmed["replayed"], false);
    assert_eq!(confirmed["booking"]["email"], "ann@example.org");
    let booking_id = confirmed["booking"]["id"].clone();
    let (failed, again) = visitor.call("confirm_booking", arguments.clone()).await;
    assert!(!failed, "{again}");
    assert_eq!(again["replayed"], true);
    assert_eq!(again["booking"]["id"], booking_id);
    assert_eq!(
        bookings_of(&app, &host).await.as_array().map(Vec::len),
        Some(1)
    );

    let (_, refused) = visitor
        .call(
            "confirm_booking",
            with(&arguments, json!({"idempotency_key": "key-00000002"})),
        )
        .await;
    assert_refused(&refused, 409, "confirm_token_used");
    assert_eq!(
        refused["message"],
        "This confirmation token has already been used."
    );
    let (_, refused) = visitor
        .call(
            "confirm_booking",
            with(&arguments, json!({"email": "bo@example.org"})),
        )
        .await;
    assert_refused(&refused, 409, "idempotency_key_reused");
    assert_eq!(
        refused["message"],
        "This idempotency key was already used for a different request."
    );
    assert_eq!(
        bookings_of(&app, &host).await.as_array().map(Vec::len),
        Some(1)
    );
}

#[tokio::test]
async fn a_preview_is_refused_as_the_create_and_a_confirm_rechecks_time_state_and_expiry() {
    let app = TestApp::spawn().await;
    let host = app.host("jane").await;
    let other = app.host("otto").await;
    let (cal, event) = daily_event(&app, &host, "UTC", 30, ("09:00", "12:00")).await;
    open_to_agents(&app, &host, cal, event, true).await;
    let (day, times) = app.tomorrows_times(event).await;
    let at = |i: usize| format!("{day} {}:00", times[i]);
    let (mut hosting, _) = Session::start(&app, As::Bearer(&host)).await;

    let (_, refused) = hosting
        .call("preview_booking", ann_at(event, &format!("{day} 03:00:00")))
        .await;
    assert_refused(&refused, 409, "slot_unavailable");
    assert!(
        refused["data"]["reasons"]
            .as_array()
            .is_some_and(|r| !r.is_empty()),
        "{refused}"
    );
    let (_, refused) = hosting
        .call(
            "preview_booking",
            with(&ann_at(event, &at(0)), json!({"email": "not-an-email"})),
        )
        .await;
    assert_refused(&refused, 422, "validation_failed");
    assert!(refused["errors"]["email"].is_object(), "{refused}");

    // Taken meanwhile: the confirm is the create's 409.
    let (_, preview) = hosting.call("preview_booking", ann_at(event, &at(0))).await;
    let token = preview["confirm_token"]
        .as_str()
        .expect("token")
        .to_string();
    app.book(event)
        .at(&at(0))
        .email("bo@example.org")
        .booked()
        .await;
    let keyed = |time: String, token: &str, key: &str| {
        with(
            &ann_at(event, &time),
            json!({"confirm_token": token, "idempotency_key": key}),
        )
    };
    let (_, refused) = hosting
        .call("confirm_booking", keyed(at(0), &token, "key-taken-1"))
        .await;
    assert_refused(&refused, 409, "slot_unavailable");

    // Another host's token is no token of this caller.
    let (_, preview) = hosting.call("preview_booking", ann_at(event, &at(1))).await;
    let token = preview["confirm_token"]
        .as_str()
        .expect("token")
        .to_string();
    let (mut others, _) = Session::start(&app, As::Bearer(&other)).await;
    let (_, refused) = others
        .call("confirm_booking", keyed(at(1), &token, "key-other-1"))
        .await;
    assert_refused(&refused, 400, "confirm_token_invalid");

    // The event now asks for confirmation: the booking would be pending, not what was shown.
    let (status, saved) = app
        .post(
            &format!("/calendars/{cal}/events/{event}/advanced-settings"),
            &host,
            json!({"settings": {"requires_confirmation": {"enabled": true}}}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    let (mut visitor, _) = Session::start(&app, As::Visitor).await;
    let (_, refused) = visitor
        .call("confirm_booking", keyed(at(1), &token, "key-visitor-1"))
        .await;
    assert_refused(&refused, 400, "confirm_token_invalid");
    let (_, preview) = visitor.call("preview_booking", ann_at(event, &at(2))).await;
    assert_eq!(preview["after"]["status"], "pending", "{preview}");
    let pending_token = preview["confirm_token"]
        .as_str()
        .expect("token")
        .to_string();
    let (status, _) = app
        .post(
            &format!("/calendars/{cal}/events/{event}/advanced-settings"),
            &host,
            json!({"settings": {"requires_confirmation": {"enabled": false}}}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (_, refused) = visitor
        .call(
            "confirm_booking",
            keyed(at(2), &pending_token, "key-stale-1"),
        )
        .await;
    assert_refused(&refused, 409, "confirm_token_stale");
    assert_eq!(
        refused["message"],
        "The booking has changed since the preview. Preview the action again."
    );

    // Expired, even before any job ran.
    let (_, preview) = visitor.call("preview_booking", ann_at(event, &at(3))).await;
    let token = preview["confirm_token"]
        .as_str()
        .expect("token")
        .to_string();
    app.clock.advance(601);
    let (_, refused) = visitor
        .call("confirm_booking", keyed(at(3), &token, "key-late-01"))
        .await;
    assert_refused(&refused, 410, "confirm_token_expired");
    assert_eq!(
        bookings_of(&app, &host).await.as_array().map(Vec::len),
        Some(1),
        "only Bo's"
    );
}

#[tokio::test]
async fn two_confirms_of_one_token_book_once() {
    let app = TestApp::spawn().await;
    let host = app.host("jane").await;
    let (cal, event) = daily_event(&app, &host, "UTC", 30, ("09:00", "12:00")).await;
    open_to_agents(&app, &host, cal, event, true).await;
    let (day, times) = app.tomorrows_times(event).await;
    let ann = ann_at(event, &format!("{day} {}:00", times[0]));
    let (mut first, _) = Session::start(&app, As::Visitor).await;
    let (mut second, _) = Session::start(&app, As::Visitor).await;
    let (_, preview) = first.call("preview_booking", ann.clone()).await;
    let token = preview["confirm_token"].clone();
    let (a, b) = tokio::join!(
        first.call(
            "confirm_booking",
            with(
                &ann,
                json!({"confirm_token": token, "idempotency_key": "race-key-a"})
            )
        ),
        second.call(
            "confirm_booking",
            with(
                &ann,
                json!({"confirm_token": token, "idempotency_key": "race-key-b"})
            )
        ),
    );
    let outcomes = [a, b];
    assert_eq!(
        outcomes.iter().filter(|(failed, _)| !failed).count(),
        1,
        "{outcomes:?}"
    );
    let (_, refused) = outcomes
        .iter()
        .find(|(failed, _)| *failed)
        .expect("one refused");
    assert_eq!(refused["data"]["status"], 409, "{refused}");
    assert_eq!(
        bookings_of(&app, &host).await.as_array().map(Vec::len),
        Some(1)
    );
}

#[tokio::test]
async fn a_host_sees_why_each_start_within_the_hours_is_not_offered() {
    let app = TestApp::spawn().await;
    let host = app.host("jane").await;
    let other = app.host("otto").await;
    let (cal, event) = daily_event(&app, &host, "UTC", 30, ("09:00", "12:00")).await;
    open_to_agents(&app, &host, cal, event, true).await;
    let (day, times) = app.tomorrows_times(event).await;
    app.book(event)
        .at(&format!("{day} {}:00", times[1]))
        .booked()
        .await;
    let range = json!({"event_id": event, "start_date": day, "end_date": day});
    let (mut hosting, _) = Session::start(&app, As::Bearer(&host)).await;
    let (failed, answer) = hosting.call("find_available_times", range.clone()).await;
    assert!(!failed, "{answer}");
    let offered = answer["available_slots"][&day]
        .as_array()
        .expect("times")
        .clone();
    assert!(!offered.contains(&json!(times[1])), "{answer}");
    assert_eq!(
        answer["not_offered"],
        json!([{"date": day, "time": times[1], "reasons": ["overlap"]}]),
        "only the booked start, and nothing outside 09:00-12:00"
    );

    // In another zone the same start is named in that zone's wall-clock time.
    let (_, tokyo) = hosting
        .call(
            "find_available_times",
            with(&range, json!({"timezone": "Asia/Tokyo"})),
        )
        .await;
    let refused = tokyo["not_offered"].as_array().expect("not_offered");
    assert_eq!(refused.len(), 1, "{tokyo}");
    assert_ne!(refused[0]["time"], json!(times[1]));

    // A visitor is told what is offered, never why not; another host's event is unknown.
    let (mut visitor, _) = Session::start(&app, As::Visitor).await;
    let (_, public) = visitor.call("find_available_times", range.clone()).await;
    assert!(public.get("not_offered").is_none(), "{public}");
    assert_eq!(public["available_slots"], answer["available_slots"]);
    let (mut others, _) = Session::start(&app, As::Bearer(&other)).await;
    let (failed, refused) = others.call("find_available_times", range).await;
    assert!(failed);
    assert_refused(&refused, 404, "not_found");
}

#[tokio::test]
async fn a_host_cancels_and_changes_a_status_in_two_steps() {
    let app = TestApp::spawn().await;
    let host = app.host("jane").await;
    let other = app.host("otto").await;
    let (_, event) = daily_event(&app, &host, "UTC", 30, ("09:00", "12:00")).await;
    let (day, times) = app.tomorrows_times(event).await;
    let booked = app
        .book(event)
        .at(&format!("{day} {}:00", times[0]))
        .booked()
        .await;
    let id = booked["booking"]["id"].as_i64().expect("id");
    let (mut hosting, _) = Session::start(&app, As::Bearer(&host)).await;
    let names = hosting.tool_names().await;
    for name in [
        "preview_cancel",
        "confirm_cancel",
        "preview_status",
        "confirm_status",
    ] {
        assert!(names.contains(&name.to_string()), "{name}");
    }
    let listed = hosting.request("tools/list", json!({})).await;
    let confirm_cancel = listed["result"]["tools"]
        .as_array()
        .expect("tools")
        .iter()
        .find(|t| t["name"] == "confirm_cancel")
        .cloned()
        .unwrap_or_default();
    assert_eq!(confirm_cancel["annotations"]["destructiveHint"], true);

    // A status change: shown, then written once.
    let completed = json!({"booking_id": id, "status": "completed"});
    let (failed, preview) = hosting.call("preview_status", completed.clone()).await;
    assert!(!failed, "{preview}");
    assert_eq!(preview["action"], "status");
    assert_eq!(preview["before"]["status"], "scheduled");
    assert_eq!(preview["after"]["status"], "completed");
    let (_, still) = app.get(&format!("/schedules/{id}"), &host).await;
    assert_eq!(
        still["schedule"]["status"], "scheduled",
        "a preview writes nothing"
    );
    let token = preview["confirm_token"].clone();

    // Meanwhile the booking became a no-show: the preview no longer shows what would change.
    let (status, _) = app
        .send(
            reqwest::Method::PUT,
            &format!("/schedules/{id}"),
            Some(&host),
            Some(json!({"column": "status", "value": "completed"})),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = app
        .send(
            reqwest::Method::PUT,
            &format!("/schedules/{id}"),
            Some(&host),
            Some(json!({"column": "status", "value": "no_show"})),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (_, refused) = hosting
        .call(
            "confirm_status",
            with(
                &completed,
                json!({"confirm_token": token, "idempotency_key": "status-key-1"}),
            ),
        )
        .await;
    assert_refused(&refused, 409, "confirm_token_stale");

    let (_, preview) = hosting.call("preview_status", completed.clone()).await;
    assert_eq!(preview["before"]["status"], "no_show");
    let confirm = with(
        &completed,
        json!({"confirm_token": preview["confirm_token"], "idempotency_key": "status-key-2"}),
    );
    let (failed, done) = hosting.call("confirm_status", confirm.clone()).await;
    assert!(!failed, "{done}");
    assert_eq!(done["message"], "Status has been updated");
    assert_eq!(done["booking"]["status"], "completed");
    assert_eq!(done["replayed"], false);
    let (_, again) = hosting.call("confirm_status", confirm).await;
    assert_eq!(again["replayed"], true, "{again}");

    // A cancel needs its reason; its token confirms a cancel only, of this host only.
    let other_booking = app
        .book(event)
        .at(&format!("{day} {}:00", times[1]))
        .booked()
        .await;
    let other_id = other_booking["booking"]["id"].as_i64().expect("id");
    let (_, refused) = hosting
        .call("preview_cancel", json!({"booking_id": other_id}))
        .await;
    assert_refused(&refused, 422, "validation_failed");
    assert!(refused["errors"]["reason"].is_object(), "{refused}");
    let cancel = json!({"booking_id": other_id, "reason": "The host is ill"});
    let (_, preview) = hosting.call("preview_cancel", cancel.clone()).await;
    assert_eq!(preview["action"], "cancel");
    assert_eq!(preview["after"]["status"], "cancelled");
    let keyed = |key: &str| {
        with(
            &cancel,
            json!({"confirm_token": preview["confirm_token"], "idempotency_key": key}),
        )
    };
    let (_, refused) = hosting
        .call(
            "confirm_status",
            with(&keyed("cancel-key-0"), json!({"status": "rejected"})),
        )
        .await;
    assert_refused(&refused, 400, "confirm_token_invalid");
    let (mut others, _) = Session::start(&app, As::Bearer(&other)).await;
    let (_, refused) = others.call("confirm_cancel", keyed("cancel-key-1")).await;
    assert_refused(&refused, 404, "not_found");
    let (failed, cancelled) = hosting.call("confirm_cancel", keyed("cancel-key-2")).await;
    assert!(!failed, "{cancelled}");
    assert_eq!(cancelled["message"], "The booking has been cancelled");
    assert_eq!(cancelled["booking"]["status"], "cancelled");
    let (_, refused) = hosting.call("confirm_cancel", keyed("cancel-key-3")).await;
    assert_refused(&refused, 409, "confirm_token_used");
}

#[tokio::test]
async fn a_host_moves_a_booking_in_two_steps() {
    let app = TestApp::spawn().await;
    let host = app.host("jane").await;
    let (_, event) = daily_event(&app, &host, "UTC", 30, ("09:00", "12:00")).await;
    let (day, times) = app.tomorrows_times(event).await;
    let at = |i: usize| format!("{day} {}:00", times[i]);
    let booked = app.book(event).at(&at(0)).booked().await;
    let id = booked["booking"]["id"].as_i64().expect("id");
    app.book(event)
        .at(&at(1))
        .email("bo@example.org")
        .booked()
        .await;
    let (mut hosting, _) = Session::start(&app, As::Bearer(&host)).await;

    let (_, refused) = hosting
        .call(
            "preview_reschedule",
            json!({"booking_id": id, "event_time": at(1), "timezone": "UTC", "reason": "Clash"}),
        )
        .await;
    assert_refused(&refused, 409, "slot_unavailable");
    let (_, refused) = hosting
        .call(
            "preview_reschedule",
            json!({"booking_id": id, "event_time": at(0), "timezone": "UTC", "reason": "Clash"}),
        )
        .await;
    assert_refused(&refused, 422, "validation_failed");
    assert!(refused["errors"]["event_time"].is_object(), "{refused}");

    let move_to =
        json!({"booking_id": id, "event_time": at(2), "timezone": "UTC", "reason": "Clash"});
    let (failed, preview) = hosting.call("preview_reschedule", move_to.clone()).await;
    assert!(!failed, "{preview}");
    assert_eq!(preview["action"], "reschedule");
    assert_eq!(preview["before"]["start_time"], at(0));
    assert_eq!(preview["after"]["start_time"], at(2));
    let (_, still) = app.get(&format!("/schedules/{id}"), &host).await;
    assert_eq!(
        still["schedule"]["start_time"],
        at(0),
        "a preview moves nothing"
    );
    assert!(
        app.offered_on(event, &day).await.contains(&times[2]),
        "and holds nothing"
    );

    let confirm = with(
        &move_to,
        json!({"confirm_token": preview["confirm_token"], "idempotency_key": "move-key-1"}),
    );
    let (failed, moved) = hosting.call("confirm_reschedule", confirm.clone()).await;
    assert!(!failed, "{moved}");
    assert_eq!(moved["message"], "Booking has been rescheduled");
    assert_eq!(moved["booking"]["start_time"], at(2));
    let (_, again) = hosting.call("confirm_reschedule", confirm.clone()).await;
    assert_eq!(again["replayed"], true, "{again}");
    let (_, refused) = hosting
        .call(
            "confirm_reschedule",
            with(&confirm, json!({"idempotency_key": "move-key-2"})),
        )
        .await;
    assert_refused(&refused, 409, "confirm_token_used");
}
