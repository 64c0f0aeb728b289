//! The pages' data: what each public page and dashboard page shows, read through the use
//! cases, and each dashboard form read into the use case's command (a refusal comes back as
//! the form with each message beside its field). Beside `service/`, never under it: `service`
//! imports nothing from here, and `ui` renders what these build.

pub mod availability;
pub mod calendar_connections;
pub mod dashboard;
pub mod event_tabs;
pub mod feeds;
pub mod public;
pub mod security;
pub mod settings;
pub mod setup;
