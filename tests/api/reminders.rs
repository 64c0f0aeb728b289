//! Reminders: due at their times, moved with the booking, stopped by a cancel.

use serde_json::json;

use crate::notifications::{
    base, book_at, by_attendee, day_at, event_in, mails_with, reminder_dues, settle, titles_when,
};
use crate::support::TestApp;

#[tokio::test]
async fn reminders_go_out_on_time_move_with_the_booking_and_stop_on_cancel() {
    let app = TestApp::spawn().await;
    let host = app.host("jane").await;
    let (cal, event) = event_in(&app, &host, "UTC").await;
    app.post(
        &base(cal, event),
        &host,
        json!({"notifications": {
            "reminder_to_attendee": {"enabled": true, "email": {"times": [{"unit": "hours", "value": 1}, {"unit": "days", "value": 1}]}},
            "reminder_to_host": {"enabled": true, "email": {"times": [{"unit": "minutes", "value": 30}]}}}}),
    )
    .await;
    let booking = book_at(&app, event, 3, "10:00", "UTC").await;
    let start = chrono::NaiveDateTime::parse_from_str(
        booking["start_time"].as_str().unwrap_or_default(),
        "%Y-%m-%d %H:%M:%S",
    )
    .expect("start")
    .and_utc()
    .timestamp();
    assert_eq!(
        reminder_dues(&app).await,
        [start - 86_400, start - 3600, start - 1800]
    );
    settle(&app).await;
    assert!(mails_with(&app, "Meeting Reminder", 0).await.is_empty());

    // The attendee's reschedule moves every reminder to the new time.
    let later = day_at(4, "12:00");
    by_attendee(
        &app,
        &booking["hash"],
        "reschedule",
        json!({"event_time": later, "timezone": "UTC", "rescheduling_reason": "Clash"}),
    )
    .await;
    let new_start = chrono::NaiveDateTime::parse_from_str(&later, "%Y-%m-%d %H:%M:%S")
        .expect("later")
        .and_utc()
        .timestamp();
    assert_eq!(
        reminder_dues(&app).await,
        [new_start - 86_400, new_start - 3600, new_start - 1800]
    );

    // A day before: the attendee's first reminder, in the attendee's words.
    let now = chrono::Utc::now().timestamp();
    app.clock.advance(new_start - 86_400 - now + 5);
    let first = mails_with(&app, "Subject: Meeting Reminder with Jane Tester", 1).await;
    assert_eq!(first.len(), 1, "exactly one reminder is due");
    assert!(first[0].contains("ann@example.org"));
    // Half an hour before, the hour's and the host's have gone too.
    app.clock.advance(86_400 - 1800);
    let all = mails_with(&app, "Subject: Meeting Reminder with", 3).await;
    assert_eq!(all.len(), 3, "{all:?}");
    assert!(
        all.iter()
            .any(|m| m.contains("To: Jane Tester") || m.contains("jane@example.com"))
    );
    assert!(reminder_dues(&app).await.is_empty());
    let id = booking["id"].as_i64().unwrap_or_default();
    let sent = |t: &[String]| {
        t.iter()
            .filter(|x| x.starts_with("Booking reminder email sent"))
            .count()
    };
    let reminders = sent(&titles_when(&app, &host, id, |t| sent(t) >= 3).await);
    assert_eq!(reminders, 3, "an activity entry per reminder");

    // A cancelled booking's reminders are dropped.
    let other = book_at(&app, event, 6, "09:00", "UTC").await;
    assert_eq!(reminder_dues(&app).await.len(), 3);
    by_attendee(
        &app,
        &other["hash"],
        "cancel",
        json!({"cancellation_reason": "No"}),
    )
    .await;
    assert!(reminder_dues(&app).await.is_empty());
}
