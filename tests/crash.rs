//! Crash safety: the real server is killed with SIGKILL during a burst of bookings. After a
//! restart every booking that was answered 2xx exists, and its emails are still delivered
//! (at least once: items claimed by the killed process are redone when their lease ends).
#![expect(
    clippy::expect_used,
    clippy::too_many_lines,
    reason = "scenario tests read top to bottom and fail loudly on a broken step"
)]

#[path = "common/cli.rs"]
mod cli;

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use cli::{BIN, cli};
use serde_json::{Value, json};
struct Server {
    child: Child,
    base: String,
}

fn start(db: &str, mail: &str) -> Server {
    let mut child = Command::new(BIN)
        .args(["serve", "--bind", "127.0.0.1:0", "--database-url", db])
        .env("SLOTBOOK_MAIL_DIR", mail)
        .env("SLOTBOOK_RATE_LIMIT_CREATE", "0")
        .env("SLOTBOOK_JOB_POLL_MS", "50")
        .env("SLOTBOOK_OUTBOX_LEASE_SECONDS", "2")
        .env("SLOTBOOK_ADMIN_PASSWORD", "crash-test-admin")
        .env("SLOTBOOK_LOG", "warn")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn serve");
    let mut line = String::new();
    let mut out = BufReader::new(child.stdout.take().expect("stdout"));
    out.read_line(&mut line).expect("read");
    // Keep reading, so the server never writes into a closed pipe.
    std::thread::spawn(move || std::io::copy(&mut out, &mut std::io::sink()));
    let base = line
        .trim()
        .rsplit(' ')
        .next()
        .unwrap_or_default()
        .to_string();
    assert!(base.starts_with("http://127.0.0.1:"), "{line}");
    Server { child, base }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn bookings_answered_before_a_sigkill_survive_and_their_emails_are_delivered() {
    let dir = tempfile::tempdir().expect("dir");
    let db = format!("sqlite://{}/crash.db", dir.path().display());
    let mail = dir.path().join("mail").display().to_string();
    cli(&db, &["migrate"]);
    cli(
        &db,
        &[
            "user",
            "add",
            "--login",
            "jane",
            "--email",
            "jane@example.com",
            "--name",
            "Jane Host",
            "--password",
            "jane-password",
        ],
    );
    let secret = cli(&db, &["app-password", "add", "--login", "jane"]);
    let server = start(&db, &mail);
    let client = reqwest::Client::new();
    let week: Vec<Value> = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
        .iter()
        .map(|d| json!({"day": d, "from": "00:00", "to": "24:00"}))
        .collect();
    let made: Value = client
        .post(format!("{}/api/v2/calendars", server.base))
        .basic_auth("jane", Some(&secret))
        .json(&json!({"calendar": {"author_timezone": "UTC", "slot": {"title": "Quarter", "duration": 15, "event_type": "single",
            "availability_type": "custom", "settings": {"schedule_type": "weekly_schedules", "weekly_schedules": week, "range_days": 60,
            "schedule_conditions": {"value": 0, "unit": "minutes"}}}}}))
        .send().await.expect("create calendar").json().await.expect("json");
    let event = made["slot"]["id"].as_i64().expect("event id");

    // A burst of bookings of distinct slots (16 at a time); the server is killed once 30 were
    // answered, while the rest are under way.
    let first_day = chrono::Utc::now().date_naive() + chrono::Duration::days(2);
    let gate = std::sync::Arc::new(tokio::sync::Semaphore::new(16));
    let done = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let mut tasks = Vec::new();
    for i in 0..240_i64 {
        let url = format!("{}/api/v2/bookings/create/{event}", server.base);
        let start =
            first_day.and_hms_opt(0, 0, 0).unwrap_or_default() + chrono::Duration::minutes(15 * i);
        let body = json!({"name": format!("Attendee {i}"), "email": format!("a{i}@example.org"), "timezone": "UTC",
                          "event_time": start.format("%Y-%m-%d %H:%M:%S").to_string()});
        let (client, gate, done) = (client.clone(), gate.clone(), done.clone());
        tasks.push(tokio::spawn(async move {
            let _permit = gate.acquire().await.ok()?;
            let response = client.post(url).json(&body).send().await.ok()?;
            if !response.status().is_success() {
                return None;
            }
            let answer: Value = response.json().await.ok()?;
            done.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            Some((
                answer["booking"]["id"].as_i64()?,
                format!("a{i}@example.org"),
            ))
        }));
    }
    for _ in 0..600 {
        if done.load(std::sync::atomic::Ordering::SeqCst) >= 30 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    Command::new("kill")
        .args(["-KILL", &server.child.id().to_string()])
        .status()
        .expect("kill");
    let mut answered = Vec::new();
    for task in tasks {
        if let Ok(Some(ok)) = task.await {
            answered.push(ok);
        }
    }
    let mut killed = server.child;
    let _ = killed.wait();
    assert!(
        !answered.is_empty(),
        "some bookings were answered before the kill"
    );
    assert!(answered.len() < 240, "the kill interrupted the burst");

    // Restart on the same database: every answered booking is there.
    let server = start(&db, &mail);
    for (id, _) in &answered {
        let response = client
            .get(format!("{}/api/v2/schedules/{id}", server.base))
            .basic_auth("jane", Some(&secret))
            .send()
            .await
            .expect("get");
        assert_eq!(
            response.status(),
            reqwest::StatusCode::OK,
            "booking {id} was answered 2xx but is missing"
        );
    }
    // And each answered booking's attendee gets an email, at least once.
    let mut missing = answered.clone();
    for _ in 0..600 {
        let texts: Vec<String> = std::fs::read_dir(&mail)
            .map(|d| {
                d.filter_map(|e| e.ok())
                    .filter(|e| e.path().extension().is_some_and(|x| x == "eml"))
                    .filter_map(|e| std::fs::read_to_string(e.path()).ok())
                    .collect()
            })
            .unwrap_or_default();
        missing.retain(|(_, email)| !texts.iter().any(|t| t.contains(&format!("<{email}>"))));
        if missing.is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let mut server = server;
    let _ = server.child.kill();
    let _ = server.child.wait();
    assert!(
        missing.is_empty(),
        "no email for {} answered bookings, e.g. {:?}",
        missing.len(),
        missing.first()
    );
}
