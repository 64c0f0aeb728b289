//! OpenAPI document pieces that are not routes: the error envelope and the security schemes.

use utoipa::openapi::security::{ApiKey, ApiKeyValue, HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi, ToSchema};

/// Every non-2xx answer (DESIGN 2.4).
#[derive(ToSchema)]
#[expect(dead_code, reason = "only utoipa's derive reads the fields")]
pub struct ErrorEnvelope {
    /// Stable snake_case code, e.g. `validation_failed`, `not_found`, `slug_taken`.
    code: String,
    message: String,
    /// `{status: <HTTP status>}`
    data: serde_json::Value,
    /// On validation failures only: field -> rule -> message.
    errors: Option<serde_json::Value>,
}

#[derive(OpenApi)]
#[openapi(
    info(title = "slotbook REST API", version = "2", description = "Appointment booking: calendars, events, bookings and more. Base path `/api/v2`."),
    // Schemas reached only through a map's values, which utoipa does not follow.
    components(schemas(ErrorEnvelope, app::model::event::ScheduleChoice)),
    modifiers(&Security)
)]
pub struct ApiDoc;

struct Security;

impl Modify for Security {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "basic",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Basic)
                    .description(Some("login and application password"))
                    .build(),
            ),
        );
        components.add_security_scheme(
            "session",
            SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::with_description(
                "slotbook_session",
                "Dashboard session; changes also need the X-CSRF-Token header",
            ))),
        );
    }
}

/// The error answers any operation may give besides its own (DESIGN 2.4), added to every
/// operation that does not document them itself, so a client generated from the document
/// expects them: a malformed body or parameter (400), missing or wrong credentials (401),
/// a missing capability (403), an id that is not the caller's (404), a body over the size
/// limit (413), a failed validation (422), a throttled client (429) and a database that is
/// briefly unavailable (503).
/// Applied to the merged document (`api::router`), whose operations exist only after the merge.
pub struct CommonErrors;

impl CommonErrors {
    const ANSWERS: [(&'static str, &'static str); 8] = [
        ("400", "Malformed JSON body or parameter"),
        ("401", "Missing or wrong credentials (`rest_forbidden`)"),
        ("403", "The caller lacks the capability"),
        ("404", "No such resource, or not the caller's"),
        ("413", "The body is larger than the limit"),
        ("422", "Validation failed: `errors` names each field"),
        (
            "429",
            "Too many requests from this client; `Retry-After` says when to retry",
        ),
        ("503", "The database is briefly unavailable; retry"),
    ];
}

impl Modify for CommonErrors {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::{ContentBuilder, Ref, ResponseBuilder};
        let envelope = || {
            ContentBuilder::new()
                .schema(Some(Ref::from_schema_name("ErrorEnvelope")))
                .build()
        };
        for operation in operations(openapi) {
            for (status, description) in Self::ANSWERS {
                operation
                    .responses
                    .responses
                    .entry(status.to_string())
                    .or_insert_with(|| {
                        ResponseBuilder::new()
                            .description(description)
                            .content("application/json", envelope())
                            .build()
                            .into()
                    });
            }
        }
    }
}

/// Who may call an operation: every route answers only a host (HTTP Basic with an application
/// password, or the dashboard's session) except the public booking routes (tag `bookings`),
/// and the waitlist's visitor routes (tag `waitlist`), which take no credentials (a route there
/// that needs them says so itself: `GET /bookings`).
/// Said once here instead of on each of the 69 other host routes.
/// Applied to the merged document, like [`CommonErrors`].
pub struct HostCredentials;

impl HostCredentials {
    const PUBLIC_TAGS: [&'static str; 2] = ["bookings", "waitlist"];
}

impl Modify for HostCredentials {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::security::SecurityRequirement;
        for operation in operations(openapi) {
            let public = operation
                .tags
                .as_ref()
                .is_some_and(|tags| tags.iter().any(|t| Self::PUBLIC_TAGS.contains(&t.as_str())));
            if !public && operation.security.is_none() {
                operation.security = Some(vec![
                    SecurityRequirement::new("basic", Vec::<String>::new()),
                    SecurityRequirement::new("session", Vec::<String>::new()),
                ]);
            }
        }
    }
}

/// Every operation of the document.
fn operations(
    openapi: &mut utoipa::openapi::OpenApi,
) -> impl Iterator<Item = &mut utoipa::openapi::path::Operation> {
    openapi.paths.paths.values_mut().flat_map(|item| {
        [
            &mut item.get,
            &mut item.put,
            &mut item.post,
            &mut item.delete,
            &mut item.patch,
        ]
        .into_iter()
        .flatten()
    })
}

/// Whole-answer examples for the answers whose types carry none: real answers (of the API
/// tests' snapshots with the masked values filled in, or of a `slotbook demo` server) with
/// lists cut to two items; a few are written by hand. A test reads each into its model type and back, so an
/// example cannot drift from the answer it shows.
macro_rules! answer_examples {
    ($($name:ident => $model:ty),* $(,)?) => {
        const ANSWER_EXAMPLES: &[(&str, &str)] = &[
            $((stringify!($name), include_str!(concat!("examples/", stringify!($name), ".json")))),*
        ];

        /// Each example read as its model and written back (the test compares the two).
        #[cfg(test)]
        fn examples_as_models() -> Vec<(&'static str, Result<serde_json::Value, serde_json::Error>)> {
            vec![$((
                stringify!($name),
                serde_json::from_str::<$model>(include_str!(concat!("examples/", stringify!($name), ".json")))
                    .and_then(serde_json::to_value),
            )),*]
        }
    };
}

answer_examples! {
    ActivityList => app::model::listing::ActivityList,
    AvailabilityAnswer => app::model::event::AvailabilityAnswer,
    BookingAnswer => app::model::booking::BookingAnswer,
    BookingExtras => app::model::booking::BookingExtras,
    BookingFieldList => app::model::event::BookingFieldList,
    BookingPageAnswer => app::model::booking::BookingPageAnswer,
    BusyList => app::model::calendar_connection::BusyList,
    CalendarAnswer => app::model::calendar::CalendarAnswer,
    CalendarList => app::model::calendar::CalendarList,
    ConnectionAnswer => app::model::calendar_connection::ConnectionAnswer,
    ConnectionChanged => app::model::calendar_connection::ConnectionChanged,
    ConnectionList => app::model::calendar_connection::ConnectionList,
    DeliveryList => app::model::listing::DeliveryList,
    EmailNotificationsAnswer => app::model::notifications::EmailNotificationsAnswer,
    EventAnswer => app::model::event::EventAnswer,
    EventCreated => app::model::event::EventCreated,
    EventSchemaAnswer => app::model::calendar::EventSchemaAnswer,
    EventSettingsSaved => app::model::event::EventSettingsSaved,
    EventUpdated => app::model::event::EventUpdated,
    Explanation => app::model::event::Explanation,
    GeneralSettingsAnswer => app::model::settings::GeneralSettingsAnswer,
    GlobalModules => app::model::settings::GlobalModules,
    GraphReport => app::model::report::GraphReport,
    GroupAttendees => app::model::booking::GroupAttendees,
    HoldAnswer => app::model::booking::HoldAnswer,
    HostCalendarList => app::model::listing::HostCalendarList,
    HostCandidateList => app::model::listing::HostCandidateList,
    IntegrationSaved => app::model::integration::IntegrationSaved,
    IntegrationsAnswer => app::model::integration::IntegrationsAnswer,
    InvitationAnswer => app::model::team::InvitationAnswer,
    InvitationList => app::model::team::InvitationList,
    NewCalendarAnswer => app::model::calendar::NewCalendarAnswer,
    NotificationsCloned => app::model::notifications::NotificationsCloned,
    OtherHostList => app::model::listing::OtherHostList,
    OwnBookingList => app::model::listing::OwnBookingList,
    PageList => app::model::listing::PageList,
    PaymentSettingsAnswer => app::model::payment::PaymentSettingsAnswer,
    PrivateLinkAnswer => app::model::event::PrivateLinkAnswer,
    PrivateLinkList => app::model::event::PrivateLinkList,
    ReportsOverview => app::model::report::ReportsOverview,
    SavedFeatureModules => app::model::settings::SavedFeatureModules,
    SavedGeneralSettings => app::model::settings::SavedGeneralSettings,
    ScheduleAnswer => app::model::booking::ScheduleAnswer,
    ScheduleList => app::model::booking::ScheduleList,
    SettingsMenu => app::model::listing::SettingsMenu,
    SharingAnswer => app::model::calendar::SharingAnswer,
    SlotList => app::model::booking::SlotList,
    SmsNotificationsAnswer => app::model::notifications::SmsNotificationsAnswer,
}

/// Puts [`ANSWER_EXAMPLES`] on their schemas. Applied to the merged document.
pub struct AnswerExamples;

impl Modify for AnswerExamples {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::RefOr;
        use utoipa::openapi::schema::Schema;
        let Some(components) = openapi.components.as_mut() else {
            return;
        };
        for (name, text) in ANSWER_EXAMPLES {
            if let (Some(RefOr::T(Schema::Object(schema))), Ok(example)) = (
                components.schemas.get_mut(*name),
                serde_json::from_str::<serde_json::Value>(text),
            ) {
                schema.examples = vec![example];
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_answer_example_reads_as_its_model_unchanged() {
        for ((name, text), (model, read)) in ANSWER_EXAMPLES.iter().zip(examples_as_models()) {
            assert_eq!(*name, model);
            let written: serde_json::Value =
                serde_json::from_str(text).expect("the example is JSON");
            match read {
                Ok(read) => assert_eq!(
                    read, written,
                    "{name}: the model reads the example differently"
                ),
                Err(e) => panic!("{name}: the example is not a {name}: {e}"),
            }
        }
    }
}
