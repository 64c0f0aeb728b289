//! `backup`, `restore`, `export`, `import` and the secret key's fingerprint (DESIGN 2.11), on
//! the backend of the run; the export/import round trip goes from SQLite to PostgreSQL and back.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use app::service::operations;
use app::service::support::secrets::SecretBox;
use app::store::Store;
use app::store::transfer;
use serde_json::Value;

use crate::pages::berlin_event;
use crate::support::TestApp;

/// The key every `TestApp` runs with.
const TEST_KEY: &str = "c2xvdGJvb2stdGVzdHMtc2VjcmV0LWtleS0zMi1ieXQ=";

fn test_key() -> SecretBox {
    SecretBox::load(Some(TEST_KEY), Path::new("unused")).expect("key")
}

/// A new, empty PostgreSQL database (under `TEST_DATABASE_URL`'s server, else the local one).
async fn fresh_postgres() -> String {
    let base = std::env::var("TEST_DATABASE_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".into());
    let name = format!("slotbook_t_{:016x}", rand::random::<u64>());
    let admin = sqlx::PgPool::connect(&base).await.expect("PostgreSQL");
    sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}")))
        .execute(&admin)
        .await
        .expect("create database");
    admin.close().await;
    let (prefix, _) = base.rsplit_once('/').expect("a database in the URL");
    format!("{prefix}/{name}")
}

/// A new database of the run's backend.
async fn fresh_target(dir: &Path) -> String {
    if std::env::var("TEST_DATABASE_URL").is_ok() {
        fresh_postgres().await
    } else {
        format!("sqlite://{}/restored.db", dir.display())
    }
}

/// Every table's rows, each row as column → value, tables by name.
async fn contents(url: &str) -> BTreeMap<String, Vec<BTreeMap<String, Value>>> {
    let store = Store::connect(url).await.expect("connect");
    let mut conn = store.conn().await.expect("conn");
    let tables = transfer::tables(conn.ex()).await.expect("tables");
    let mut all = BTreeMap::new();
    for table in tables {
        let mut rows = Vec::new();
        transfer::each_row(conn.ex(), &table, |row| {
            rows.push(
                table
                    .columns
                    .iter()
                    .map(|(c, _)| c.clone())
                    .zip(row)
                    .collect(),
            );
            Ok(())
        })
        .await
        .expect("rows");
        all.insert(table.name.clone(), rows);
    }
    drop(conn);
    store.close().await;
    all
}

async fn booking_ids(url: &str) -> Vec<i64> {
    contents(url).await["bookings"]
        .iter()
        .filter_map(|row| row["id"].as_i64())
        .collect()
}

#[tokio::test]
async fn a_backup_taken_while_bookings_are_written_restores_every_acknowledged_one() {
    let app = Arc::new(TestApp::spawn().await);
    let (_, _, event, _) = berlin_event(&app).await;
    let acknowledged = Arc::new(std::sync::Mutex::new(Vec::<i64>::new()));
    let stop = Arc::new(AtomicBool::new(false));
    let writer = {
        let (app, acknowledged, stop) = (app.clone(), acknowledged.clone(), stop.clone());
        tokio::spawn(async move {
            let start = chrono::Utc::now().date_naive() + chrono::Duration::days(2);
            'days: for day in 0..60 {
                let date = start + chrono::Duration::days(day);
                for hour in 9..17 {
                    if stop.load(Ordering::Acquire) {
                        break 'days;
                    }
                    let (status, body) = app
                        .book(event)
                        .zone("Europe/Berlin")
                        .email(&format!("load-{day}-{hour}@example.org"))
                        .at(&format!("{date} {hour:02}:00:00"))
                        .send()
                        .await;
                    if status == reqwest::StatusCode::OK {
                        let id = body["booking"]["id"].as_i64().expect("id");
                        acknowledged.lock().expect("lock").push(id);
                    }
                }
            }
        })
    };
    while acknowledged.lock().expect("lock").len() < 10 {
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    let before: Vec<i64> = acknowledged.lock().expect("lock").clone();
    let dir = tempfile::tempdir().expect("dir");
    let file = dir.path().join("slotbook.backup");
    let source = Store::connect(&app.database_url).await.expect("connect");
    let summary = operations::backup(&source, &test_key(), &file)
        .await
        .expect("backup");
    source.close().await;
    assert!(summary.rows > 0);
    assert!(!dir.path().join("slotbook.backup.partial").exists());
    // Writers went on during the backup.
    let during = acknowledged.lock().expect("lock").len();
    stop.store(true, Ordering::Release);
    writer.await.expect("writer");
    assert!(acknowledged.lock().expect("lock").len() >= during);

    let target = fresh_target(dir.path()).await;
    operations::restore(&target, &test_key(), &file)
        .await
        .expect("restore");
    let restored = booking_ids(&target).await;
    for id in &before {
        assert!(
            restored.contains(id),
            "booking {id} acknowledged before the backup is restored"
        );
    }
    let all = acknowledged.lock().expect("lock").clone();
    assert!(
        restored.iter().all(|id| all.contains(id)),
        "nothing restored that was not written"
    );
    // The restored database serves, with the same key.
    let served = TestApp::spawn_on_url(&target).await;
    let (status, _) = served
        .send(
            reqwest::Method::GET,
            &format!("/bookings/slots/{event}?timezone=UTC"),
            None,
            None,
        )
        .await;
    assert_eq!(status, reqwest::StatusCode::OK);
}

#[tokio::test]
async fn export_then_import_moves_every_table_from_sqlite_to_postgresql_and_back() {
    let dir = tempfile::tempdir().expect("dir");
    let sqlite = format!("sqlite://{}/source.db", dir.path().display());
    let store = Store::connect(&sqlite).await.expect("connect");
    store.migrate().await.expect("migrate");
    store.seal_with(test_key().keys());
    slotbook::demo::fill(&store, "http://127.0.0.1:3000")
        .await
        .expect("demo data");
    store.close().await;
    let key = test_key();
    let source = Store::connect(&sqlite).await.expect("connect");
    operations::check_key(&source, &key)
        .await
        .expect("fingerprint recorded");
    let export = dir.path().join("slotbook.export");
    let summary = operations::export(&source, &key, &export)
        .await
        .expect("export");
    source.close().await;
    assert!(summary.rows > 20, "{summary:?}");
    let text = std::fs::read_to_string(&export).expect("read");
    assert!(
        !text.contains("\"table\":\"sessions\""),
        "sessions stay out of an export"
    );
    assert!(!text.contains(TEST_KEY), "the key stays out of an export");

    let postgres = fresh_postgres().await;
    operations::import(&postgres, &key, &export)
        .await
        .expect("import into PostgreSQL");
    let mut expected = contents(&sqlite).await;
    expected.remove("sessions");
    let mut moved = contents(&postgres).await;
    moved.remove("sessions");
    assert_eq!(
        expected.keys().collect::<Vec<_>>(),
        moved.keys().collect::<Vec<_>>()
    );
    for (table, rows) in &expected {
        assert_eq!(rows, &moved[table], "table {table}");
    }
    // New rows continue after the highest imported ids.
    let pg = Store::connect(&postgres).await.expect("connect");
    let highest = expected["users"]
        .iter()
        .filter_map(|r| r["id"].as_i64())
        .max()
        .unwrap_or_default();
    let (id, _) = app::service::users::create_user(
        &pg,
        app::service::users::CreateUser {
            login: "after-import".into(),
            email: "after-import@example.org".into(),
            name: "After Import".into(),
            role: "host".into(),
            password: Some("after-import-password".into()),
        },
        None,
    )
    .await
    .expect("a new user");
    assert!(id > highest, "{id} after {highest}");
    let back_file = dir.path().join("back.export");
    operations::export(&pg, &key, &back_file)
        .await
        .expect("export from PostgreSQL");
    pg.close().await;
    let back = format!("sqlite://{}/back.db", dir.path().display());
    operations::import(&back, &key, &back_file)
        .await
        .expect("import into SQLite");
    let returned = contents(&back).await;
    for (table, rows) in &moved {
        let mut rows = rows.clone();
        // The user made after the import (and its audit entry) went along too.
        if table == "users" || table == "audit_log" {
            rows = contents(&postgres).await[table].clone();
        }
        assert_eq!(&rows, &returned[table], "table {table} back in SQLite");
    }
}

#[tokio::test]
async fn a_wrong_key_is_refused_by_serve_restore_and_import_and_a_full_target_by_restore() {
    let app = TestApp::spawn().await;
    berlin_event(&app).await;
    let dir = tempfile::tempdir().expect("dir");
    let source = Store::connect(&app.database_url).await.expect("connect");
    let backup = dir.path().join("a.backup");
    let export = dir.path().join("a.export");
    operations::backup(&source, &test_key(), &backup)
        .await
        .expect("backup");
    operations::export(&source, &test_key(), &export)
        .await
        .expect("export");
    source.close().await;

    let other = SecretBox::ephemeral();
    let target = fresh_target(dir.path()).await;
    for refusal in [
        operations::restore(&target, &other, &backup).await,
        operations::import(&target, &other, &export).await,
    ] {
        let why = refusal.expect_err("another key").to_string();
        assert!(why.contains("SLOTBOOK_SECRET_KEY"), "{why}");
    }
    let served = slotbook::Application::build(slotbook::Config {
        bind: "127.0.0.1:0".into(),
        database_url: app.database_url.clone(),
        secret_key: Some("b3RoZXIta2V5LW90aGVyLWtleS1vdGhlci1rZXktMzI=".into()),
        ..slotbook::Config::default()
    })
    .await;
    let why = served.err().expect("serve refuses another key").to_string();
    assert!(why.contains("SLOTBOOK_SECRET_KEY"), "{why}");

    // The source itself holds users and calendars: refused, and left as it was.
    let before = contents(&app.database_url).await;
    for refusal in [
        operations::restore(&app.database_url, &test_key(), &backup).await,
        operations::import(&app.database_url, &test_key(), &export).await,
    ] {
        let why = refusal.expect_err("not empty").to_string();
        assert!(why.contains("not empty"), "{why}");
    }
    assert_eq!(before, contents(&app.database_url).await);
    // A backup of one backend is not restored into the other; a file cut short loads nothing.
    let cut = dir.path().join("cut.export");
    let text = std::fs::read_to_string(&export).expect("read");
    std::fs::write(&cut, text.lines().take(5).collect::<Vec<_>>().join("\n")).expect("write");
    let fresh = fresh_target(dir.path()).await;
    let why = operations::import(&fresh, &test_key(), &cut)
        .await
        .expect_err("cut short")
        .to_string();
    assert!(why.contains("cut short"), "{why}");
    operations::import(&fresh, &test_key(), &export)
        .await
        .expect("the whole file loads");
}

#[tokio::test]
async fn rotate_key_seals_every_value_again_under_the_new_key_in_one_go() {
    let app = TestApp::spawn().await;
    let (host, cal, event, _) = berlin_event(&app).await;
    let links = format!("/calendars/{cal}/events/{event}/private-links");
    let (status, made) = app.post(&links, &host, serde_json::json!({})).await;
    assert_eq!(status, reqwest::StatusCode::CREATED, "{made}");
    let token = made["link"]["token"].clone();
    assert!(token.as_str().is_some_and(|t| t.len() >= 32), "{made}");
    let sealed_before =
        contents(&app.database_url).await["private_links"][0]["token_sealed"].clone();
    let (status, feed) = app
        .post("/feeds", &host, serde_json::json!({"kind": "bookings"}))
        .await;
    assert_eq!(status, reqwest::StatusCode::CREATED, "{feed}");

    let new_key = "bmV3LWtleS1uZXcta2V5LW5ldy1rZXktbmV3LWtleS0=";
    let new = SecretBox::load(Some(new_key), Path::new("unused")).expect("new key");
    let store = Store::connect(&app.database_url).await.expect("connect");
    // A wrong old key is refused and changes nothing.
    let why = operations::rotate_key(&store, &SecretBox::ephemeral(), &new)
        .await
        .expect_err("not the database's key")
        .to_string();
    assert!(why.contains("SLOTBOOK_SECRET_KEY"), "{why}");
    let resealed = operations::rotate_key(&store, &test_key(), &new)
        .await
        .expect("rotated");
    store.close().await;
    assert_eq!(resealed, 2, "the private link's token and the feed's");
    let sealed_after =
        contents(&app.database_url).await["private_links"][0]["token_sealed"].clone();
    assert_ne!(sealed_before, sealed_after);

    // The old key no longer serves the database; the new one does, and opens the link.
    let old = slotbook::Application::build(slotbook::Config {
        bind: "127.0.0.1:0".into(),
        database_url: app.database_url.clone(),
        secret_key: Some(TEST_KEY.into()),
        ..slotbook::Config::default()
    })
    .await;
    assert!(
        old.err()
            .is_some_and(|e| e.to_string().contains("SLOTBOOK_SECRET_KEY"))
    );
    let served =
        TestApp::spawn_on_url_with(&app.database_url, |c| c.secret_key = Some(new_key.into()))
            .await;
    let (status, list) = served.get(&links, &host).await;
    assert_eq!(status, reqwest::StatusCode::OK, "{list}");
    assert_eq!(list["links"][0]["token"], token, "{list}");
    let (_, feeds) = served.get("/feeds", &host).await;
    let token_of = |url: &serde_json::Value| {
        url.as_str()
            .and_then(|u| u.split_once("/feeds/"))
            .map(|(_, token)| token.to_string())
    };
    assert_eq!(
        token_of(&feeds["feeds"][0]["url"]),
        token_of(&feed["feed"]["url"]),
        "the same address after the rotation: {feeds}"
    );
    assert!(token_of(&feed["feed"]["url"]).is_some());
}

#[tokio::test]
async fn a_table_of_more_rows_than_one_batch_imports_whole() {
    let dir = tempfile::tempdir().expect("dir");
    let source = format!("sqlite://{}/many.db", dir.path().display());
    let store = Store::connect(&source).await.expect("connect");
    store.migrate().await.expect("migrate");
    if let Store::Sqlite(pool, ..) = &store {
        for n in 0..1_200 {
            sqlx::query("INSERT INTO settings (key, value, updated_at) VALUES ($1, 'x', 0)")
                .bind(format!("bulk-{n}"))
                .execute(pool)
                .await
                .expect("insert");
        }
    }
    operations::check_key(&store, &test_key())
        .await
        .expect("fingerprint recorded");
    let file = dir.path().join("many.export");
    operations::export(&store, &test_key(), &file)
        .await
        .expect("export");
    store.close().await;
    let target = format!("sqlite://{}/many-imported.db", dir.path().display());
    operations::import(&target, &test_key(), &file)
        .await
        .expect("import");
    let (imported, exported) = (contents(&target).await, contents(&source).await);
    assert_eq!(
        imported["settings"].len(),
        1_201,
        "every row and the fingerprint"
    );
    assert!(
        imported["settings"] == exported["settings"],
        "the same rows"
    );
}
