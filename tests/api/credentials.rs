//! Verified credentials are kept for a few seconds (no database round trip per request), and
//! never outlive a change: a role change applies at once in the process that made it and
//! within `KEEP_FOR` in every other process on the database.

use std::time::Duration;

use reqwest::StatusCode;

use crate::desk::Desk;
use crate::support::TestApp;

#[tokio::test]
async fn a_role_change_applies_at_once_here_and_within_seconds_in_another_process() {
    let app = TestApp::spawn().await;
    let jane = app.host("jane").await;
    let other = TestApp::spawn_beside(&app).await;
    // Both processes verify (and keep) jane as a host.
    assert_eq!(
        app.get("/settings/general", &jane).await.0,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        other.get("/settings/general", &jane).await.0,
        StatusCode::FORBIDDEN
    );
    app.admin().await;
    let admin = Desk::open(&app, "admin").await;
    let change = |role: &'static str| {
        let admin = &admin;
        let id = jane.id.to_string();
        async move {
            let token = admin.token("/admin/settings").await;
            let (status, _, _) = admin
                .post(
                    "/admin/settings",
                    &[
                        ("csrf", &token),
                        ("section", "role"),
                        ("user_id", &id),
                        ("role", role),
                    ],
                )
                .await;
            assert_eq!(status, StatusCode::SEE_OTHER);
        }
    };
    change("administrator").await;
    assert_eq!(app.get("/settings/general", &jane).await.0, StatusCode::OK);
    let mut seen = StatusCode::FORBIDDEN;
    for _ in 0..80 {
        seen = other.get("/settings/general", &jane).await.0;
        if seen == StatusCode::OK {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(
        seen,
        StatusCode::OK,
        "the other process saw the change in time"
    );
    change("host").await;
    assert_eq!(
        app.get("/settings/general", &jane).await.0,
        StatusCode::FORBIDDEN
    );
}
