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

#[test]
fn serve_creates_the_first_administrator_answers_health_and_stops_on_sigterm() {
    let (_dir, db) = temp_db();
    let mut child = Command::new(BIN)
        .args(["serve", "--bind", "127.0.0.1:0", "--database-url", &db])
        .env("SLOTBOOK_ADMIN_PASSWORD", "first-admin-password")
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
