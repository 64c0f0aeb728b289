//! `GET /readyz` (DESIGN 2.11): ready when the database answers and carries every migration
//! this binary knows; otherwise 503 `not_ready` naming each check, within 5 s, and ready again
//! by itself once the cause is gone.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::support::{TestApp, assert_envelope};

/// `GET /readyz` without credentials; the 5 s time-out is DESIGN's bound on the answer.
async fn readyz(app: &TestApp) -> (StatusCode, Value) {
    let response = app
        .client
        .get(format!("{}/readyz", app.base))
        .timeout(Duration::from_secs(5))
        .send()
        .await
        .expect("an answer within 5 s");
    let status = response.status();
    (status, response.json().await.expect("json"))
}

async fn latest_migration(app: &TestApp) -> i64 {
    let sql = "SELECT MAX(version) FROM _sqlx_migrations";
    match &app.store {
        app::store::Store::Sqlite(pool, ..) => sqlx::query_scalar(sql).fetch_one(pool).await,
        app::store::Store::Postgres(pool, ..) => sqlx::query_scalar(sql).fetch_one(pool).await,
    }
    .expect("latest migration")
}

/// Marks a migration as (not) applied, as a failed or half-run migration leaves it.
async fn mark_applied(app: &TestApp, version: i64, success: bool) {
    let sql = "UPDATE _sqlx_migrations SET success = $1 WHERE version = $2";
    match &app.store {
        app::store::Store::Sqlite(pool, ..) => sqlx::query(sql)
            .bind(success)
            .bind(version)
            .execute(pool)
            .await
            .map(drop),
        app::store::Store::Postgres(pool, ..) => sqlx::query(sql)
            .bind(success)
            .bind(version)
            .execute(pool)
            .await
            .map(drop),
    }
    .expect("marked");
}

#[tokio::test]
async fn ready_while_the_database_answers_with_every_migration() {
    let app = TestApp::spawn().await;
    let (status, body) = readyz(&app).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body, json!({"status": "ready"}));
}

#[tokio::test]
async fn a_missing_migration_is_not_ready_until_it_is_back() {
    let app = TestApp::spawn().await;
    let latest = latest_migration(&app).await;
    mark_applied(&app, latest, false).await;
    let (status, body) = readyz(&app).await;
    assert_envelope(status, &body, 503, "not_ready");
    assert_eq!(body["message"], "The service is not ready");
    assert_eq!(
        body["data"]["checks"],
        json!({"database": "ok", "migrations": "1 not applied"})
    );
    mark_applied(&app, latest, true).await;
    let (status, body) = readyz(&app).await;
    assert_eq!(status, StatusCode::OK, "ready again: {body}");
}

#[tokio::test]
async fn a_database_that_does_not_answer_is_not_ready_within_five_seconds_then_ready_again() {
    let app = TestApp::spawn().await;
    // Every pooled connection taken: the readiness check cannot reach the database.
    let mut held = Vec::new();
    while let Ok(Ok(conn)) =
        tokio::time::timeout(Duration::from_millis(300), app.store.conn()).await
    {
        held.push(conn);
    }
    assert!(!held.is_empty());
    let (status, body) = readyz(&app).await;
    assert_envelope(status, &body, 503, "not_ready");
    assert_eq!(
        body["data"]["checks"],
        json!({"database": "no answer within 2 s", "migrations": "not checked: no database"})
    );
    drop(held);
    let (status, body) = readyz(&app).await;
    assert_eq!(status, StatusCode::OK, "ready again by itself: {body}");
}

#[tokio::test]
async fn a_lost_database_is_not_ready() {
    let app = TestApp::spawn().await;
    app.store.close().await;
    let (status, body) = readyz(&app).await;
    assert_envelope(status, &body, 503, "not_ready");
    assert_eq!(body["data"]["checks"]["database"], "unreachable");
}
