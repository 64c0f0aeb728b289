//! API tests against the real router. They run on SQLite, and on PostgreSQL when
//! `TEST_DATABASE_URL` is set (the README's test command runs both).
#![expect(
    clippy::expect_used,
    clippy::too_many_lines,
    reason = "scenario tests read top to bottom and fail loudly on a broken step"
)]

mod accounts;
mod auth;
mod booking_create;
mod booking_self;
mod caching;
mod calendar_feeds;
mod calendar_write_back;
mod calendars;
mod connections;
mod credentials;
mod deliveries;
mod desk;
mod edges;
mod editor;
mod editor_tabs;
mod emails;
mod errors;
mod event_options;
mod events;
mod external_calendars;
mod faults;
mod feeds;
mod hardening;
mod holds;
mod host_limits;
mod hosts;
mod input_limits;
mod integrations;
mod languages;
mod mail_delivery;
mod mcp;
mod metrics;
mod notifications;
#[path = "../common/oidc.rs"]
mod oidc;
mod operations;
mod out_of_office;
mod page_forms;
mod page_months;
mod pages;
mod payments;
mod policies;
mod privacy;
mod private_links;
mod proof_of_work;
#[path = "../common/radicale.rs"]
mod radicale;
mod readiness;
mod reminders;
mod reports;
mod schedules;
mod schedules_pages;
mod sealing;
mod series;
mod settings;
mod settings_page;
mod setup;
mod setup_calendar_page;
mod sharing;
mod slots;
mod sms;
mod snapshots;
mod sso;
mod support;
mod text_rules;
mod waitlist;
