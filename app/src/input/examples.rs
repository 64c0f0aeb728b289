//! The request examples of the OpenAPI document are bodies integrators copy: each must read
//! as its use case's command without a complaint.

use serde_json::Value;
use utoipa::PartialSchema;

use crate::domain::validation::FieldErrors;
use crate::domain::values::EventType;
use crate::input::calendars::{connect_request, update_connection};
use crate::model::calendar_connection::ConnectBody;
use crate::model::event::EventSettings;
use crate::model::notifications::defaults;
use crate::model::requests::*;
use crate::model::settings::{
    GeneralSettings, GeneralSettingsRequest, PaymentSettingsRequest, SettingsRequest, ThemeRequest,
};
use crate::model::team::InviteRequest;
use crate::service::ServiceResult;
use crate::service::bookings::form;
use crate::service::calendars::connections::check_connect;
use crate::service::events::email_notifications::Posted;
use crate::service::events::integrations::settled;
use crate::service::slots::LoadedEvent;
use crate::store::events::{EventRow, PublicEventRow};

/// The example the document shows for `T`'s body.
fn example<T: PartialSchema>() -> Value {
    let schema = serde_json::to_value(T::schema()).unwrap_or_default();
    let example = schema
        .get("example")
        .or_else(|| schema.get("examples").and_then(|e| e.get(0)))
        .cloned();
    example.unwrap_or_else(|| panic!("no example in {schema}"))
}

fn accepted<C: std::fmt::Debug>(name: &str, read: ServiceResult<C>) {
    if let Err(refusal) = read {
        panic!("the example of {name} was refused: {refusal:?}");
    }
}

fn without_errors(name: &str, errors: FieldErrors) {
    assert!(
        errors.is_empty(),
        "the example of {name} was refused: {errors:?}"
    );
}

/// A one-to-one event met online, as stored.
fn an_event() -> EventRow {
    EventRow {
        id: 1,
        hash: "e1".into(),
        user_id: 1,
        calendar_id: 1,
        parent_id: None,
        duration: 30,
        title: "Intro call".into(),
        slug: "intro-call".into(),
        description: String::new(),
        settings: "{}".into(),
        availability_type: "custom".into(),
        availability_id: None,
        status: "active".into(),
        payment_type: "free".into(),
        color_schema: "#0369a1".into(),
        location_type: String::new(),
        location_heading: String::new(),
        location_settings: r#"[{"type": "online_meeting"}]"#.into(),
        event_type: "single".into(),
        is_display_spots: false,
        max_book_per_slot: 1,
        buffer_before_minutes: 0,
        buffer_after_minutes: 0,
        created_at: 0,
        updated_at: 0,
    }
}

#[test]
fn every_request_example_reads_as_its_command() {
    accepted(
        "CancelBookingRequest",
        crate::input::bookings::cancel(&example::<CancelBookingRequest>()),
    );
    accepted(
        "NewCalendarRequest",
        crate::input::calendars::create_calendar(&example::<NewCalendarRequest>()),
    );
    accepted(
        "UpdateCalendarRequest",
        crate::input::calendars::update_calendar(&example::<UpdateCalendarRequest>()),
    );
    accepted(
        "EventDetailsRequest",
        crate::input::events::details::event_details(&example::<EventDetailsRequest>())
            .and_then(|details| details.checked(EventType::Single).map(drop)),
    );
    accepted(
        "EventSettingsRequest",
        crate::input::events::limits::read_limits(&example::<EventSettingsRequest>()).and_then(
            |mut changes| {
                let mut errors = std::mem::take(&mut changes.unreadable);
                changes.check("settings", &mut errors);
                errors
                    .into_result()
                    .map_err(crate::service::ServiceError::invalid)
            },
        ),
    );
    accepted(
        "CloneEventRequest",
        crate::input::events::admin::clone_event(&example::<CloneEventRequest>()),
    );
    accepted(
        "CloneNotificationsRequest",
        crate::input::events::notifications::source_event(&example::<CloneNotificationsRequest>()),
    );
    accepted(
        "EventPaymentRequest",
        crate::input::events::payments::event_payment(&example::<EventPaymentRequest>()),
    );
    accepted(
        "SharingRequest",
        crate::input::calendars::save_sharing(&example::<SharingRequest>()),
    );
    accepted(
        "InviteRequest",
        crate::input::team::invitee(&example::<InviteRequest>()),
    );
    accepted(
        "GeneralSettingsRequest",
        crate::input::settings::general_changes(&example::<GeneralSettingsRequest>()),
    );
    accepted(
        "PaymentSettingsRequest",
        crate::input::settings::payment_changes(&example::<PaymentSettingsRequest>()),
    );
    accepted(
        "SettingsRequest",
        crate::input::settings::module_switches(&example::<SettingsRequest>()),
    );

    let changes = crate::input::events::availability::availability_changes(&example::<
        EventAvailabilityRequest,
    >());
    let mut errors = changes.unreadable;
    let mut settings = EventSettings::default();
    changes.schedule.apply("", &mut settings, &mut errors, true);
    without_errors("EventAvailabilityRequest", errors);

    let posted = crate::input::events::notifications::email_notifications(&example::<
        NotificationsRequest,
    >());
    let Ok(Posted {
        changes,
        unreadable: mut errors,
    }) = posted
    else {
        panic!("the example of NotificationsRequest was refused: {posted:?}");
    };
    let mut all = defaults();
    assert!(
        !changes.is_empty(),
        "the example changes a known notification"
    );
    for (key, change) in changes {
        if let Some(n) = all.get_mut(&key) {
            change.apply(&key, n, &mut errors);
        }
    }
    without_errors("NotificationsRequest", errors);

    accepted(
        "BookingFieldsRequest",
        crate::input::events::booking_fields::booking_fields(&example::<BookingFieldsRequest>())
            .and_then(|form| crate::service::events::booking_form::checked_rows(form, &an_event())),
    );

    without_errors(
        "UpdateConnectionRequest",
        update_connection(&example::<UpdateConnectionRequest>()).unreadable,
    );
}

#[test]
fn the_booking_and_connection_examples_read_as_their_commands() {
    accepted(
        "CreateBookingRequest",
        crate::input::bookings::new_booking(&example::<CreateBookingRequest>())
            .and_then(|asked| form::check(asked, &a_loaded_event(), &[]))
            .map(|_| ()),
    );
    accepted(
        "RescheduleBookingRequest",
        crate::input::bookings::reschedule(&example::<RescheduleBookingRequest>()),
    );
    accepted(
        "UpdateBookingRequest",
        crate::input::bookings::update_booking(&example::<UpdateBookingRequest>()),
    );
    accepted(
        "NewEventRequest",
        crate::input::events::admin::new_event(&example::<NewEventRequest>(), false),
    );
    let body = example::<IntegrationRequest>();
    let read = crate::input::events::integrations::save_integration(&body);
    let feed = match read {
        Ok(save) => save.integration.unwrap_or_default(),
        Err(refusal) => panic!("the example of IntegrationRequest was refused: {refusal:?}"),
    };
    accepted("IntegrationRequest.integration", settled(feed, None, false));
    accepted(
        "ConnectBody",
        // Mapped away: the checked request holds the password, which is never printed.
        check_connect(&connect_request(&example::<ConnectBody>()), false).map(|_| ()),
    );
    accepted(
        "ThemeRequest",
        crate::input::settings::theme_choice(&example::<ThemeRequest>()),
    );
    accepted(
        "BookingProtectionRequest",
        crate::input::settings::protection_changes(&example::<
            crate::model::settings::BookingProtectionRequest,
        >()),
    );
}

/// [`an_event`] as the booking form sees it: hosted in Berlin, default settings.
fn a_loaded_event() -> LoadedEvent {
    LoadedEvent {
        row: PublicEventRow {
            event: an_event(),
            cal_title: "Maya Singh".into(),
            cal_slug: "maya".into(),
            cal_type: "simple".into(),
            cal_timezone: "Europe/Berlin".into(),
            cal_settings: "{}".into(),
            cal_language: "en".into(),
            owner_first_name: None,
            owner_last_name: None,
            owner_display_name: None,
            owner_avatar: None,
            general_settings: None,
        },
        settings: EventSettings::default(),
        host_zone: chrono_tz::Europe::Berlin,
        general: GeneralSettings::default(),
        host_limits: Vec::new(),
        away: Vec::new(),
    }
}
