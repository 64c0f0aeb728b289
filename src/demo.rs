//! `slotbook demo`: an empty database filled with something to look at.

use app::service::{Caller, Ctx, calendars, random_hash, users};
use app::store::{Store, bookings, users as user_store};
use chrono::{Duration, Timelike, Utc};
use serde_json::json;

/// Creates an administrator, two hosts with calendars, a team calendar, events and bookings,
/// then prints how to log in. Refuses a database that already has users.
pub async fn fill(store: &Store, public_url: &str) -> anyhow::Result<()> {
    let mut conn = store.conn().await?;
    if user_store::count(conn.ex()).await? > 0 {
        anyhow::bail!("the database already has users; `slotbook demo` only fills an empty one");
    }
    drop(conn);
    let ctx = Ctx::new(store.clone(), public_url);
    let mut created = Vec::new();
    for (login, name, role) in [
        ("demo-admin", "Dana Admin", "administrator"),
        ("alice", "Alice Moreau", "host"),
        ("bob", "Bob Tanaka", "host"),
    ] {
        let input = users::CreateUser {
            login: login.into(),
            email: format!("{login}@example.com"),
            name: name.into(),
            role: role.into(),
            password: None,
        };
        let (id, password) = users::create_user(store, input)
            .await
            .map_err(|e| anyhow::anyhow!("{e}"))?;
        created.push((id, login, password));
    }
    let caller_for = |id: i64| async move {
        let mut conn = store.conn().await?;
        let user = user_store::find(conn.ex(), id)
            .await?
            .ok_or_else(|| anyhow::anyhow!("user {id} vanished"))?;
        anyhow::Ok(Caller::from_user(user))
    };
    let week = json!([
        {"day": "mon", "from": "09:00", "to": "17:00"}, {"day": "tue", "from": "09:00", "to": "17:00"},
        {"day": "wed", "from": "09:00", "to": "17:00"}, {"day": "thu", "from": "09:00", "to": "17:00"},
        {"day": "fri", "from": "09:00", "to": "15:00"}
    ]);
    let mut events = Vec::new();
    for ((id, _, _), zone) in created.iter().skip(1).zip(["Europe/Berlin", "Asia/Tokyo"]) {
        let caller = caller_for(*id).await?;
        let body = json!({"calendar": {"author_timezone": zone, "slot": {
            "title": "Intro call", "duration": 30, "event_type": "single", "availability_type": "existing_schedule",
            "description": "<p>A first conversation to see how we can help.</p>",
            "location_settings": [{"type": "online_meeting", "title": "Online meeting"}],
            "settings": {"schedule_type": "weekly_schedules", "weekly_schedules": week}
        }}});
        let made = calendars::create(&ctx, &caller, &body)
            .await
            .map_err(|e| anyhow::anyhow!("{e}"))?;
        events.push((
            made["calendar"]["id"].as_i64().unwrap_or_default(),
            made["slot"]["id"].as_i64().unwrap_or_default(),
            *id,
        ));
    }
    let admin = caller_for(created[0].0).await?;
    let team = json!({"calendar": {"type": "team", "title": "Support Team", "author_timezone": "America/New_York",
    "user_id": created[1].0, "slot": {
        "title": "Support session", "duration": 45, "event_type": "round_robin", "availability_type": "custom",
        "settings": {"schedule_type": "weekly_schedules", "weekly_schedules": week, "team_members": [created[1].0, created[2].0]}
    }}});
    calendars::create(&ctx, &admin, &team)
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;

    let start_of_hour = Utc::now()
        .with_minute(0)
        .and_then(|t| t.with_second(0))
        .unwrap_or_else(Utc::now);
    let attendees = [
        ("Maya", "Singh"),
        ("Tom", "Becker"),
        ("Lea", "Rossi"),
        ("Omar", "Haddad"),
    ];
    let mut tx = store.begin().await?;
    for (i, (first, last)) in attendees.iter().enumerate() {
        let (calendar_id, event_id, host) = events[i % events.len()];
        let start = start_of_hour + Duration::days(i as i64 + 1);
        let email = format!("{}@example.org", first.to_lowercase());
        bookings::insert(
            tx.ex(),
            &bookings::NewBooking {
                hash: &random_hash(),
                calendar_id,
                event_id,
                host_user_id: host,
                person_time_zone: "Europe/London",
                start_time: start.timestamp(),
                end_time: (start + Duration::minutes(30)).timestamp(),
                first_name: first,
                last_name: last,
                email: &email,
                message: "Looking forward to it.",
                status: if i == 3 { "pending" } else { "scheduled" },
                source: "web",
                event_type: "single",
            },
        )
        .await?;
    }
    tx.commit().await?;
    println!("Demo data created. Log in at {public_url}/login with:");
    for (_, login, password) in &created {
        println!("  {login} / {password}");
    }
    Ok(())
}
