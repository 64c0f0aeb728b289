//! API tests against the real router. They run on SQLite, and on PostgreSQL when
//! `TEST_DATABASE_URL` is set (the README's test command runs both).
#![expect(
    clippy::expect_used,
    clippy::too_many_lines,
    reason = "scenario tests read top to bottom and fail loudly on a broken step"
)]

mod auth;
mod booking_create;
mod booking_self;
mod calendars;
mod connections;
mod credentials;
mod delivery;
mod desk;
mod edges;
mod editor;
mod emails;
mod errors;
mod events;
mod external_calendars;
mod faults;
mod hardening;
mod hosts;
mod integrations;
mod mail_delivery;
mod notifications;
mod page_months;
mod pages;
mod payments;
#[path = "../common/radicale.rs"]
mod radicale;
mod reports;
mod schedules;
mod schedules_pages;
mod settings;
mod settings_page;
mod setup;
mod sharing;
mod slots;
mod sms;
mod snapshots;
mod support;
mod text_rules;
