//! The bodies of the event routes (`/calendars/{id}/events/...`): the editor's tabs, a new
//! event, its status and copies.

pub mod admin;
pub mod availability;
pub mod booking_fields;
pub mod details;
pub mod integrations;
pub mod limits;
pub mod new_event;
pub mod notifications;
pub mod payments;
pub mod settings;
