use reqwest::StatusCode;
use serde_json::json;

use crate::support::{TestApp, assert_envelope};

#[tokio::test]
async fn all_hosts_lists_host_calendars_for_administrators_only() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let jane = app.host("jane").await;
    let made = app.calendar_for(&jane, "UTC").await;
    let (status, body) = app.get("/admin/all-hosts", &admin).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        body["hosts"],
        json!([{
            "id": jane.id, "name": "Jane Tester", "label": "Jane Tester (jane@example.com)", "avatar": "",
            "calendar_id": made["calendar"]["id"], "deleted_user": false
        }])
    );
    let (status, refused) = app.get("/admin/all-hosts", &jane).await;
    assert_envelope(status, &refused, 403, "rest_forbidden");
}

#[tokio::test]
async fn remaining_hosts_marks_users_with_a_calendar_and_honours_search_and_selection() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let jane = app.host("jane").await;
    let bob = app.host("bob").await;
    app.calendar_for(&jane, "UTC").await;
    let (status, body) = app.get("/admin/remaining-hosts", &admin).await;
    assert_eq!(status, StatusCode::OK);
    let hosts = body["hosts"].as_array().cloned().unwrap_or_default();
    assert_eq!(hosts.len(), 3);
    let find = |id: i64| {
        hosts
            .iter()
            .find(|h| h["id"] == id)
            .cloned()
            .unwrap_or_default()
    };
    assert_eq!(find(jane.id)["disabled"], true);
    assert_eq!(find(bob.id)["disabled"], false);
    let (_, searched) = app.get("/admin/remaining-hosts?search=BOB", &admin).await;
    assert_eq!(searched["hosts"].as_array().map(Vec::len), Some(1));
    assert_eq!(searched["hosts"][0]["id"], bob.id);
    let (_, selected) = app
        .get(
            &format!("/admin/remaining-hosts?search=bob&selected_id={}", jane.id),
            &admin,
        )
        .await;
    assert_eq!(selected["hosts"].as_array().map(Vec::len), Some(2));
    let (status, bad) = app
        .get("/admin/remaining-hosts?selected_id=abc", &admin)
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{bad}");
}

#[tokio::test]
async fn without_list_users_a_host_only_sees_itself() {
    let app = TestApp::spawn().await;
    let _admin = app.admin().await;
    let jane = app.host("jane").await;
    let bob = app.host("bob").await;
    app.calendar_for(&bob, "UTC").await;
    let (_, remaining) = app.get("/admin/remaining-hosts?search=bob", &jane).await;
    assert_eq!(
        remaining["hosts"],
        json!([{"id": jane.id, "label": "Jane Tester (jane@example.com)", "avatar": "", "disabled": false, "is_own": true}])
    );
    let (_, others) = app.get("/admin/other-hosts", &jane).await;
    assert_eq!(others, json!({"hosts": []}));
}

#[tokio::test]
async fn other_hosts_lists_calendar_owners_except_the_caller_with_string_ids() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let jane = app.host("jane").await;
    app.calendar_for(&admin, "UTC").await;
    app.calendar_for(&jane, "UTC").await;
    let (status, body) = app.get("/admin/other-hosts", &admin).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        body["hosts"],
        json!([{"id": jane.id.to_string(), "label": "Jane Tester"}])
    );
}
