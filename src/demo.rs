//! `slotbook demo`: an empty database filled with something to look at.

use app::domain::values::BookingStatus;
use app::domain::week::week_from_text;
use app::service::bookings::create::{CreateRequest, create};
use app::service::bookings::new_booking::{HostRequest, NewBooking};
use app::service::calendars::new_calendar::{self as calendars, CalendarGiven, CreateCalendar};
use app::service::events::locations::LocationInput;
use app::service::events::new_event::EventBasics;
use app::service::slots::{SlotRequest, public_slots};
use app::service::{Ctx, Store, users};
use chrono::{Duration, Utc};

/// Creates an administrator, two hosts with calendars, a team calendar, events and bookings,
/// then prints how to log in. Fills an empty database, or the one `scripts/run` made (only its
/// first administrator, who is kept); refuses anything more.
pub async fn fill(store: &Store, public_url: &str) -> anyhow::Result<()> {
    if !users::is_fresh_install(store)
        .await
        .map_err(service_error)?
    {
        anyhow::bail!(
            "the database already has data besides its first administrator; `slotbook demo` only fills a fresh install"
        );
    }
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
        let (id, password) = users::create_user(store, input, None)
            .await
            .map_err(service_error)?;
        created.push((id, login, password));
    }
    let caller_for = |id: i64| async move {
        users::caller_by_id(store, id)
            .await
            .map_err(service_error)?
            .ok_or_else(|| anyhow::anyhow!("user {id} vanished"))
    };
    let window = |end: &str| vec![("09:00".to_string(), end.to_string())];
    let days: Vec<(String, Vec<(String, String)>)> = ["mon", "tue", "wed", "thu", "fri"]
        .into_iter()
        .map(|day| {
            (
                day.to_string(),
                window(if day == "fri" { "15:00" } else { "17:00" }),
            )
        })
        .collect();
    let week = week_from_text(&days).map_err(|e| anyhow::anyhow!("demo hours: {e:?}"))?;
    let mut events = Vec::new();
    for ((id, _, _), zone) in created.iter().skip(1).zip(["Europe/Berlin", "Asia/Tokyo"]) {
        let caller = caller_for(*id).await?;
        let given = CalendarGiven {
            zone: Some(zone.into()),
            ..CalendarGiven::default()
        };
        let intro = EventBasics {
            title: "Intro call".into(),
            duration: Some(30),
            event_type: "single".into(),
            description: "<p>A first conversation to see how we can help.</p>".into(),
            locations: vec![LocationInput {
                kind: "online_meeting".into(),
                title: "Online meeting".into(),
                ..LocationInput::default()
            }],
            ..EventBasics::default()
        };
        let made = calendars::create(&ctx, &caller, new_calendar(given, intro)?)
            .await
            .map_err(service_error)?;
        events.push((made.calendar.id, made.slot.id, *id));
    }
    let admin = caller_for(created[0].0).await?;
    let team = CalendarGiven {
        calendar_type: Some("team".into()),
        title: Some("Support Team".into()),
        zone: Some("America/New_York".into()),
        requested_user: Some(created[1].0),
        ..CalendarGiven::default()
    };
    let support = EventBasics {
        title: "Support session".into(),
        duration: Some(45),
        event_type: "round_robin".into(),
        hosts: vec![created[1].0, created[2].0],
        own_hours: Some(week),
        ..EventBasics::default()
    };
    calendars::create(&ctx, &admin, new_calendar(team, support)?)
        .await
        .map_err(service_error)?;

    book_demo_meetings(&ctx, store, &events).await?;
    println!("Demo data created. Log in at {public_url}/login with:");
    for (_, login, password) in &created {
        println!("  {login} / {password}");
    }
    Ok(())
}

/// A calendar and its first event, checked.
fn new_calendar(given: CalendarGiven, event: EventBasics) -> anyhow::Result<CreateCalendar> {
    let mut errors = app::domain::validation::FieldErrors::new();
    let event = event.checked(given.is_team(), "calendar.slot", &mut errors);
    CreateCalendar::new(given, event, errors).map_err(service_error)
}

/// A service refusal as a one-line error.
fn service_error(e: app::service::ServiceError) -> anyhow::Error {
    anyhow::anyhow!("{e}")
}

/// Four attendees book the hosts' events through the real create service, each on a later
/// day at the first time offered then (the last one awaits confirmation).
async fn book_demo_meetings(
    ctx: &Ctx,
    store: &Store,
    events: &[(i64, i64, i64)],
) -> anyhow::Result<()> {
    let attendees = ["Maya Singh", "Tom Becker", "Lea Rossi", "Omar Haddad"];
    let london = chrono_tz::Europe::London;
    let now = Utc::now();
    for (i, name) in attendees.iter().enumerate() {
        let (_, event_id, host) = events[i % events.len()];
        let host = users::caller_by_id(store, host)
            .await
            .map_err(service_error)?
            .ok_or_else(|| anyhow::anyhow!("host {host} vanished"))?;
        let Some(start) =
            first_offered_after(ctx, event_id, now + Duration::days(i as i64 + 1)).await?
        else {
            continue;
        };
        let first = name.split(' ').next().unwrap_or(name).to_lowercase();
        let booking = NewBooking {
            name: name.to_string(),
            email: format!("{first}@example.org"),
            timezone: "Europe/London".into(),
            event_time: Some(start.with_timezone(&london).naive_local()),
            message: "Looking forward to it.".into(),
            asked: HostRequest {
                status: Some(if i == 3 {
                    BookingStatus::Pending
                } else {
                    BookingStatus::Scheduled
                }),
                ..HostRequest::default()
            },
            ..NewBooking::default()
        };
        let request = CreateRequest {
            event_id,
            booking,
            caller: Some(&host),
            idempotency: None,
            ip: "127.0.0.1",
            unverified: Default::default(),
            dry_run: false,
            confirmation: None,
            waitlist_claim: None,
        };
        create(ctx, request).await.map_err(service_error)?;
    }
    Ok(())
}

/// The first start the event offers on or after `from`'s day, looking up to two weeks on.
async fn first_offered_after(
    ctx: &Ctx,
    event_id: i64,
    from: chrono::DateTime<Utc>,
) -> anyhow::Result<Option<chrono::DateTime<Utc>>> {
    for day in 0..14 {
        let date = (from + Duration::days(day)).date_naive();
        let request = SlotRequest {
            event_id,
            start: date.and_hms_opt(0, 0, 0),
            zone: chrono_tz::UTC,
            duration: None,
            host_id: None,
            own_hold: None,
            access: app::service::slots::SlotAccess::Checked,
            waitlist: false,
        };
        let answer = public_slots(ctx, request, Utc::now().timestamp())
            .await
            .map_err(service_error)?;
        if let Some(slot) = answer.slots.first() {
            return Ok(chrono::DateTime::from_timestamp(slot.start, 0));
        }
    }
    Ok(None)
}
