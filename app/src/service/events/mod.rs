//! Events (event types) and everything an event carries: its details, availability and
//! limits, booking form, notifications, integrations and payment settings.

pub mod admin;
pub mod availability;
pub mod booking_fields;
pub mod booking_form;
pub mod details;
pub mod email_notifications;
pub mod integrations;
pub mod limits;
pub mod locations;
pub mod new_event;
pub mod payments;
pub mod policies;
pub mod private_links;
pub mod settings;
pub mod sms_notifications;
