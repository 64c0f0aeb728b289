//! A calendar password and a feed's secret address never reach the log or the database file:
//! the real server runs with debug logging while a host connects a CalDAV account (a wrong
//! password first) and a feed, and syncs them.
#![expect(
    clippy::expect_used,
    clippy::too_many_lines,
    reason = "scenario tests read top to bottom and fail loudly on a broken step"
)]

#[path = "common/cli.rs"]
mod cli;

#[path = "common/radicale.rs"]
mod radicale;

use std::process::{Command, Stdio};

use cli::{BIN, cli};
use serde_json::{Value, json};
#[tokio::test]
async fn passwords_and_feed_secrets_stay_out_of_the_log_and_the_database_file() {
    let dav = radicale::Radicale::start().await;
    dav.calendar("alice", "work", "Work").await;
    let dir = tempfile::tempdir().expect("dir");
    let db = format!("sqlite://{}/secrets.db", dir.path().display());
    let log_path = dir.path().join("server.log");
    cli(&db, &["migrate"]);
    cli(
        &db,
        &[
            "user",
            "add",
            "--login",
            "ruth",
            "--email",
            "ruth@example.org",
            "--name",
            "Ruth Host",
        ],
    );
    let secret = cli(&db, &["app-password", "add", "--login", "ruth"]);
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("port");
    let mut server = Command::new(BIN)
        .args([
            "serve",
            "--bind",
            &format!("127.0.0.1:{port}"),
            "--database-url",
            &db,
        ])
        .env("SLOTBOOK_LOG", "debug")
        .env("SLOTBOOK_ALLOW_PRIVATE_TARGETS", "1")
        .env("SLOTBOOK_SECRET_KEY_FILE", dir.path().join("secret.key"))
        .env("SLOTBOOK_ADMIN_PASSWORD", "secrets-test-admin")
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&log_path).expect("log file"))
        .spawn()
        .expect("serve");
    let base = format!("http://127.0.0.1:{port}/api/v2");
    let client = reqwest::Client::new();
    for _ in 0..100 {
        if client
            .get(format!("http://127.0.0.1:{port}/healthz"))
            .send()
            .await
            .is_ok()
        {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let post = |path: &str, body: Value| {
        client
            .post(format!("{base}{path}"))
            .basic_auth("ruth", Some(&secret))
            .json(&body)
            .send()
    };
    let wrong = post("/calendar-connections", json!({"kind": "caldav", "url": dav.base, "username": "alice", "password": "wrong-hunter2"}))
        .await
        .expect("answer");
    assert_eq!(wrong.status().as_u16(), 422);
    let right = post(
        "/calendar-connections",
        json!({"kind": "caldav", "url": dav.base, "username": "alice", "password": "alice-pw"}),
    )
    .await
    .expect("answer");
    assert_eq!(right.status().as_u16(), 201);
    let id = right.json::<Value>().await.expect("json")["connection"]["id"]
        .as_i64()
        .expect("id");
    let synced = post(&format!("/calendar-connections/{id}/sync"), json!({}))
        .await
        .expect("answer");
    assert_eq!(synced.status().as_u16(), 200);
    // A feed whose secret is in its query; unreachable (nothing listens), so it is refused.
    let feed = post("/calendar-connections", json!({"kind": "ics", "url": format!("http://127.0.0.1:{}/cal.ics?token=feed-secret-77", port + 1)}))
        .await
        .expect("answer");
    let feed_status = feed.status().as_u16();
    let feed_body = feed.text().await.expect("text");
    assert_eq!(feed_status, 422, "{feed_body}");
    assert!(!feed_body.contains("feed-secret-77"), "{feed_body}");

    let _ = Command::new("kill").arg(server.id().to_string()).status();
    let _ = server.wait();
    let log = std::fs::read_to_string(&log_path).expect("log");
    assert!(
        log.contains("calendar connected"),
        "the log is the server's: {log}"
    );
    for secret in ["alice-pw", "wrong-hunter2", "feed-secret-77"] {
        assert!(!log.contains(secret), "{secret} is in the log");
    }
    for file in ["secrets.db", "secrets.db-wal"] {
        let bytes = std::fs::read(dir.path().join(file)).unwrap_or_default();
        assert!(
            !String::from_utf8_lossy(&bytes).contains("alice-pw"),
            "{file}"
        );
    }
}
