//! The command line of DESIGN 2.1, run as a user would run it.
#![expect(
    clippy::expect_used,
    reason = "a failed step of a scenario test fails loudly"
)]

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_slotbook");

fn slotbook(db: &str, args: &[&str]) -> std::process::Output {
    Command::new(BIN)
        .args(args)
        .env("SLOTBOOK_DATABASE_URL", db)
        .env_remove("SLOTBOOK_ADMIN_PASSWORD")
        .output()
        .expect("run slotbook")
}

fn temp_db() -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().expect("temp dir");
    let url = format!("sqlite://{}/nested/cli.db", dir.path().display());
    (dir, url)
}

#[test]
fn user_add_prints_the_new_id_and_login_and_refuses_duplicates() {
    let (_dir, db) = temp_db();
    let migrated = slotbook(&db, &["migrate"]);
    assert!(
        migrated.status.success(),
        "{}",
        String::from_utf8_lossy(&migrated.stderr)
    );
    let out = slotbook(
        &db,
        &[
            "user",
            "add",
            "--login",
            "jane",
            "--email",
            "jane@example.com",
            "--name",
            "Jane Doe",
            "--password",
            "long-enough",
        ],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        r#"{"id":1,"login":"jane"}"#
    );
    let again = slotbook(
        &db,
        &[
            "user",
            "add",
            "--login",
            "jane",
            "--email",
            "jane@example.com",
            "--name",
            "Jane Doe",
        ],
    );
    assert!(!again.status.success());
    assert!(String::from_utf8_lossy(&again.stderr).contains("already exists"));
    let bad = slotbook(
        &db,
        &[
            "user",
            "add",
            "--login",
            "kim",
            "--email",
            "not-an-email",
            "--name",
            "Kim",
            "--role",
            "host",
        ],
    );
    assert!(!bad.status.success());
    let bad_role = slotbook(
        &db,
        &[
            "user",
            "add",
            "--login",
            "kim",
            "--email",
            "kim@example.com",
            "--name",
            "Kim",
            "--role",
            "king",
        ],
    );
    assert!(!bad_role.status.success());
}

#[test]
fn app_password_add_prints_the_password_alone() {
    let (_dir, db) = temp_db();
    slotbook(
        &db,
        &[
            "user",
            "add",
            "--login",
            "jane",
            "--email",
            "jane@example.com",
            "--name",
            "Jane Doe",
        ],
    );
    let out = slotbook(
        &db,
        &["app-password", "add", "--login", "jane", "--name", "ci"],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0].len(), 29, "six groups of four: {}", lines[0]);
    let unknown = slotbook(&db, &["app-password", "add", "--login", "nobody"]);
    assert!(!unknown.status.success());
}

#[test]
fn demo_fills_an_empty_database_once() {
    let (_dir, db) = temp_db();
    let out = slotbook(&db, &["demo"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("demo-admin / ")
            && stdout.contains("alice / ")
            && stdout.contains("/login"),
        "{stdout}"
    );
    let again = slotbook(&db, &["demo"]);
    assert!(!again.status.success());
}

/// `slotbook serve` on `db` with the first administrator's password preset and `env` set; answers
/// the process and its address, once it listens.
fn serve(db: &str, env: &[(&str, &str)]) -> (std::process::Child, String) {
    let mut child = Command::new(BIN)
        .args(["serve", "--bind", "127.0.0.1:0", "--database-url", db])
        .env("SLOTBOOK_ADMIN_PASSWORD", "first-admin-password")
        .env_remove("SLOTBOOK_LOG")
        .envs(env.iter().copied())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn serve");
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
    let mut line = String::new();
    stdout.read_line(&mut line).expect("read");
    let url = line
        .trim()
        .rsplit(' ')
        .next()
        .unwrap_or_default()
        .to_string();
    assert!(url.starts_with("http://127.0.0.1:"), "{line}");
    (child, url)
}

#[test]
fn serve_creates_the_first_administrator_answers_health_and_stops_on_sigterm() {
    let (_dir, db) = temp_db();
    let (mut child, url) = serve(&db, &[]);
    let health = std::process::Command::new("curl")
        .args(["-sf", &format!("{url}/healthz")])
        .output()
        .expect("curl");
    assert_eq!(
        String::from_utf8_lossy(&health.stdout),
        r#"{"status":"ok"}"#
    );
    Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .expect("kill");
    let status = child.wait().expect("wait");
    assert!(
        status.success(),
        "serve must stop cleanly on SIGTERM: {status}"
    );
    let mut stderr = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().expect("stderr"), &mut stderr)
        .expect("stderr");
    assert!(stderr.contains("created administrator 'admin'"), "{stderr}");
    assert!(
        !stderr.contains("first-admin-password"),
        "a preset password is never echoed: {stderr}"
    );
    // The install `scripts/run` makes (its first administrator only) takes the demo data.
    let demo = slotbook(&db, &["demo"]);
    assert!(
        demo.status.success(),
        "{}",
        String::from_utf8_lossy(&demo.stderr)
    );
    assert!(String::from_utf8_lossy(&demo.stdout).contains("demo-admin / "));
    let again = slotbook(&db, &["demo"]);
    assert!(!again.status.success(), "once only");
    assert!(String::from_utf8_lossy(&again.stderr).contains("only fills a fresh install"));
}

#[test]
fn demo_refuses_a_database_with_more_than_its_first_administrator() {
    let (_dir, db) = temp_db();
    let host = slotbook(
        &db,
        &[
            "user",
            "add",
            "--login",
            "kim",
            "--email",
            "kim@example.org",
            "--name",
            "Kim",
        ],
    );
    assert!(
        host.status.success(),
        "{}",
        String::from_utf8_lossy(&host.stderr)
    );
    let demo = slotbook(&db, &["demo"]);
    assert!(!demo.status.success());
    assert!(String::from_utf8_lossy(&demo.stderr).contains("only fills a fresh install"));
}

#[test]
fn two_servers_starting_together_on_an_empty_database_both_come_up() {
    // Both migrate and both try to create the first administrator: neither may fail.
    let (_dir, db) = temp_db();
    let start = || {
        Command::new(BIN)
            .args(["serve", "--bind", "127.0.0.1:0", "--database-url", &db])
            .env("SLOTBOOK_ADMIN_PASSWORD", "first-admin-password")
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawn serve")
    };
    let mut servers = [start(), start()];
    for child in &mut servers {
        let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
        let mut line = String::new();
        stdout.read_line(&mut line).expect("read");
        let mut err = String::new();
        if !line.contains("listening") {
            let _ = std::io::Read::read_to_string(child.stderr.as_mut().expect("stderr"), &mut err);
        }
        assert!(
            line.contains("listening on http://127.0.0.1:"),
            "{line} {err}"
        );
    }
    for child in &mut servers {
        let _ = child.kill();
        let _ = child.wait();
    }
}

#[test]
fn json_logs_are_one_object_per_line_with_one_request_line_per_answer() {
    let (_dir, db) = temp_db();
    let (mut child, url) = serve(&db, &[("SLOTBOOK_LOG_FORMAT", "json")]);
    let hash = "0123456789abcdef0123456789abcdef";
    let curl = |args: &[&str]| {
        Command::new("curl")
            .args(args)
            .output()
            .expect("curl")
            .stdout
    };
    let headers = curl(&[
        "-s",
        "-D",
        "-",
        "-o",
        "/dev/null",
        "-H",
        "X-Request-Id: trace.me-42",
        &format!("{url}/healthz?secret=query-value"),
    ]);
    assert!(
        String::from_utf8_lossy(&headers)
            .to_lowercase()
            .contains("x-request-id: trace.me-42")
    );
    curl(&["-s", "-o", "/dev/null", &format!("{url}/booking/{hash}")]);
    curl(&[
        "-s",
        "-o",
        "/dev/null",
        &format!("{url}/api/v2/bookings/{hash}/cancel"),
        "-X",
        "POST",
    ]);
    Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .expect("kill");
    assert!(child.wait().expect("wait").success());
    let mut stderr = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().expect("stderr"), &mut stderr)
        .expect("stderr");
    let lines: Vec<serde_json::Value> = stderr
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|_| panic!("not one JSON object: {l}")))
        .collect();
    for line in &lines {
        for key in ["timestamp", "level", "target", "message"] {
            assert!(line.get(key).is_some(), "{key} missing: {line}");
        }
        assert!(
            chrono::DateTime::parse_from_rfc3339(line["timestamp"].as_str().unwrap_or_default())
                .is_ok(),
            "{line}"
        );
    }
    assert_request_lines(&lines, &stderr, hash);
}

/// One `request` line per answer, with the fields DESIGN 2.11 names and nothing secret.
fn assert_request_lines(lines: &[serde_json::Value], stderr: &str, hash: &str) {
    let requests: Vec<&serde_json::Value> =
        lines.iter().filter(|l| l["message"] == "request").collect();
    assert_eq!(requests.len(), 3, "{stderr}");
    let health = requests
        .iter()
        .find(|l| l["request_id"] == "trace.me-42")
        .expect("the health check's line carries its request id");
    assert_eq!(health["level"], "INFO");
    assert_eq!(health["method"], "GET");
    assert_eq!(health["route"], "/healthz");
    assert_eq!(health["status"], 200);
    assert!(health["duration_ms"].is_number());
    let routes: Vec<&str> = requests
        .iter()
        .filter_map(|l| l["route"].as_str())
        .collect();
    assert!(routes.contains(&"/booking/{hash}"), "{routes:?}");
    assert!(
        routes.contains(&"/api/v2/bookings/{hash}/cancel"),
        "{routes:?}"
    );
    for generated in requests.iter().filter(|l| l["request_id"] != "trace.me-42") {
        let id = generated["request_id"].as_str().unwrap_or_default();
        assert!((16..=64).contains(&id.len()), "{generated}");
    }
    assert!(!stderr.contains(hash), "no booking hash in the logs");
    assert!(
        !stderr.contains("query-value"),
        "no query string in the logs"
    );
    assert!(!stderr.contains("first-admin-password"));
}

#[test]
fn an_unknown_log_format_is_refused_with_its_name() {
    let (_dir, db) = temp_db();
    let output = Command::new(BIN)
        .args(["migrate", "--database-url", &db])
        .env("SLOTBOOK_LOG_FORMAT", "xml")
        .output()
        .expect("run");
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("SLOTBOOK_LOG_FORMAT"), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
}

#[test]
fn backup_restore_export_import_refuse_a_wrong_key_or_a_full_target_in_one_line() {
    let dir = tempfile::tempdir().expect("dir");
    let db = format!("sqlite://{}/source.db", dir.path().display());
    let key = "c2xvdGJvb2stY2xpLXRlc3Qta2V5LTMyLWJ5dGVzISE=";
    let other = "b3RoZXItY2xpLWtleS1vdGhlci1jbGkta2V5LTMyLSE=";
    let run = |key: &str, args: &[&str]| {
        Command::new(BIN)
            .args(args)
            .env("SLOTBOOK_SECRET_KEY", key)
            .env_remove("SLOTBOOK_ADMIN_PASSWORD")
            .output()
            .expect("run slotbook")
    };
    let backup = dir.path().join("a.backup").display().to_string();
    let export = dir.path().join("a.export").display().to_string();
    assert!(run(key, &["demo", "--database-url", &db]).status.success());
    // The database learns its key's fingerprint when it is first served; the import below
    // records it too. Here: serve once, briefly.
    let mut server = Command::new(BIN)
        .args(["serve", "--bind", "127.0.0.1:0", "--database-url", &db])
        .env("SLOTBOOK_SECRET_KEY", key)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("serve");
    let mut line = String::new();
    BufReader::new(server.stdout.take().expect("stdout"))
        .read_line(&mut line)
        .expect("read");
    Command::new("kill")
        .args(["-TERM", &server.id().to_string()])
        .status()
        .expect("kill");
    server.wait().expect("wait");
    for args in [["backup", &backup], ["export", &export]] {
        let out = run(key, &[args[0], args[1], "--database-url", &db]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let summary: serde_json::Value =
            serde_json::from_slice(&out.stdout).expect("one JSON line");
        assert!(
            summary["rows"].as_u64().unwrap_or_default() > 0,
            "{summary}"
        );
    }
    // A wrong key: serve, restore and import refuse with one line naming SLOTBOOK_SECRET_KEY.
    let fresh = format!("sqlite://{}/fresh.db", dir.path().display());
    for args in [
        vec!["serve", "--bind", "127.0.0.1:0", "--database-url", &db],
        vec!["restore", &backup, "--database-url", &fresh],
        vec!["import", &export, "--database-url", &fresh],
    ] {
        let out = run(other, &args);
        assert!(!out.status.success(), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("SLOTBOOK_SECRET_KEY"), "{args:?}: {stderr}");
        assert_eq!(stderr.trim().lines().count(), 1, "{args:?}: {stderr}");
    }
    // A full target: refused, one line, `not empty`.
    let out = run(key, &["restore", &backup, "--database-url", &db]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("not empty"));
    // The right key: the backup restores into a new file, the export into another.
    let out = run(key, &["restore", &backup, "--database-url", &fresh]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let imported = format!("sqlite://{}/imported.db", dir.path().display());
    let out = run(key, &["import", &export, "--database-url", &imported]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let again = run(key, &["demo", "--database-url", &imported]);
    assert!(
        !again.status.success(),
        "the imported database holds the demo already"
    );
}

#[test]
fn rotate_key_needs_the_new_key_then_writes_it_to_the_key_file() {
    let dir = tempfile::tempdir().expect("dir");
    let db = format!("sqlite://{}/rotate.db", dir.path().display());
    let key_file = dir.path().join("secret.key");
    let old = "b2xkLWtleS1vbGQta2V5LW9sZC1rZXktb2xkLWtleS0=";
    let new = "bmV3LWtleS1uZXcta2V5LW5ldy1rZXktbmV3LWtleS0=";
    std::fs::write(&key_file, old).expect("key file");
    let run = |args: &[&str], env: &[(&str, &str)]| {
        Command::new(BIN)
            .args(args)
            .env_remove("SLOTBOOK_SECRET_KEY")
            .env_remove("SLOTBOOK_NEW_SECRET_KEY")
            .env("SLOTBOOK_SECRET_KEY_FILE", &key_file)
            .envs(env.iter().copied())
            .output()
            .expect("run slotbook")
    };
    assert!(run(&["demo", "--database-url", &db], &[]).status.success());
    let missing = run(&["rotate-key", "--database-url", &db], &[]);
    assert!(!missing.status.success());
    let stderr = String::from_utf8_lossy(&missing.stderr);
    assert!(stderr.contains("SLOTBOOK_NEW_SECRET_KEY"), "{stderr}");
    assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
    let rotated = run(
        &["rotate-key", "--database-url", &db],
        &[("SLOTBOOK_NEW_SECRET_KEY", new)],
    );
    assert!(
        rotated.status.success(),
        "{}",
        String::from_utf8_lossy(&rotated.stderr)
    );
    let printed: serde_json::Value =
        serde_json::from_slice(&rotated.stdout).expect("one JSON line");
    assert!(printed["resealed"].is_u64(), "{printed}");
    assert_eq!(std::fs::read_to_string(&key_file).expect("key").trim(), new);
    // The database now refuses the old key.
    let served = run(
        &["serve", "--bind", "127.0.0.1:0", "--database-url", &db],
        &[("SLOTBOOK_SECRET_KEY", old)],
    );
    assert!(!served.status.success());
    assert!(String::from_utf8_lossy(&served.stderr).contains("SLOTBOOK_SECRET_KEY"));
}

#[test]
fn single_sign_on_variables_that_cannot_work_stop_the_start_naming_them() {
    let (_dir, db) = temp_db();
    let start = |env: &[(&str, &str)]| {
        let mut command = Command::new(BIN);
        command
            .args(["serve", "--bind", "127.0.0.1:0", "--database-url", &db])
            .env_remove("SLOTBOOK_ADMIN_PASSWORD");
        for (name, value) in env {
            command.env(name, value);
        }
        let out = command.output().expect("run slotbook");
        assert!(!out.status.success(), "{env:?} must not start");
        String::from_utf8_lossy(&out.stderr).to_string()
    };
    let stderr = start(&[("SLOTBOOK_PASSWORD_LOGIN", "off")]);
    assert!(stderr.contains("SLOTBOOK_PASSWORD_LOGIN"), "{stderr}");
    let stderr = start(&[("SLOTBOOK_OIDC_ISSUER", "https://id.example.com")]);
    assert!(
        stderr.contains("SLOTBOOK_OIDC_CLIENT_ID")
            && stderr.contains("SLOTBOOK_OIDC_CLIENT_SECRET"),
        "{stderr}"
    );
    let full = [
        ("SLOTBOOK_OIDC_ISSUER", "https://id.example.com"),
        ("SLOTBOOK_OIDC_CLIENT_ID", "slotbook"),
        ("SLOTBOOK_OIDC_CLIENT_SECRET", "cli-test-client-secret"),
    ];
    let mut bad_domains = full.to_vec();
    bad_domains.push(("SLOTBOOK_OIDC_CREATE_USERS", "example.com, not a domain"));
    let stderr = start(&bad_domains);
    assert!(stderr.contains("SLOTBOOK_OIDC_CREATE_USERS"), "{stderr}");
    assert!(
        !stderr.contains("cli-test-client-secret"),
        "the secret is never printed"
    );
    let mut bad_issuer = full.to_vec();
    bad_issuer[0] = ("SLOTBOOK_OIDC_ISSUER", "id.example.com");
    let stderr = start(&bad_issuer);
    assert!(stderr.contains("SLOTBOOK_OIDC_ISSUER"), "{stderr}");
}

#[test]
fn migrate_seals_the_clear_attendee_data_of_an_older_database_with_the_servers_key() {
    let dir = tempfile::tempdir().expect("dir");
    let db = format!("sqlite://{}/older.db", dir.path().display());
    let key = "b2xkLWtleS1vbGQta2V5LW9sZC1rZXktb2xkLWtleS0=";
    let run = |args: &[&str], key: &str| {
        Command::new(BIN)
            .args(args)
            .args(["--database-url", &db])
            .env("SLOTBOOK_SECRET_KEY", key)
            .output()
            .expect("run slotbook")
    };
    assert!(run(&["migrate"], key).status.success());
    // A booking as a database from before sealing holds it: in clear, without lookup hashes.
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    let read = |sql: &'static str| {
        runtime.block_on(async {
            let pool = sqlx::SqlitePool::connect(&db).await.expect("open");
            let row: (String, String, String) =
                sqlx::query_as(sql).fetch_one(&pool).await.expect("row");
            pool.close().await;
            row
        })
    };
    runtime.block_on(async {
        let pool = sqlx::SqlitePool::connect(&db).await.expect("open");
        for clear in [
            "INSERT INTO bookings (id, hash, calendar_id, event_id, host_user_id, start_time, end_time,
                slot_minutes, created_at, updated_at) VALUES (1, 'h', 1, 1, 1, 0, 1800, 30, 0, 0)",
            "INSERT INTO booking_attendees (booking_id, first_name, last_name, email, phone)
             VALUES (1, 'Ann', 'Quokka', 'Ann@Example.org', '+4930123')",
        ] {
            sqlx::query(clear).execute(&pool).await.expect("clear row");
        }
        pool.close().await;
    });
    // Another key than the one it is sealed with is refused; the server's key seals it.
    let sealed = run(&["migrate"], key);
    assert!(
        sealed.status.success(),
        "{}",
        String::from_utf8_lossy(&sealed.stderr)
    );
    let (name, email, hash) = read(
        "SELECT a.first_name, a.email, b.email_hash FROM bookings b JOIN booking_attendees a ON a.booking_id = b.id",
    );
    assert!(
        name.starts_with("v1:") && email.starts_with("v1:"),
        "{name} {email}"
    );
    assert_eq!(hash.len(), 32);
    let (phone, last, words) = read("SELECT phone, last_name, name_words FROM booking_attendees");
    assert!(words.starts_with('<'), "{words}");
    assert!(phone.starts_with("v1:") && last.starts_with("v1:"));
    let other = run(&["migrate"], "bmV3LWtleS1uZXcta2V5LW5ldy1rZXktbmV3LWtleS0=");
    assert!(!other.status.success());
    assert!(String::from_utf8_lossy(&other.stderr).contains("SLOTBOOK_SECRET_KEY"));
}
