//! Wire types shared by REST handlers, server functions and the UI.

pub mod agents;
pub mod answer;
pub mod audit;
pub mod availability;
pub mod booking;
pub mod calendar;
pub mod calendar_connection;
pub mod dashboard;
pub mod desk;
pub mod errors;
pub mod event;
pub mod event_tabs;
pub mod feeds;
pub mod integration;
pub mod listing;
pub mod notifications;
pub mod page;
pub mod payment;
pub mod privacy;
pub mod public;
pub mod report;
pub mod requests;
pub mod settings;
pub mod settings_page;
pub mod setup;
pub mod team;
pub mod user;
pub mod waitlist;

/// Reads a field that may be absent (`None`) or sent as `null` (`Some(None)`): serde's own
/// `Option<Option<T>>` reads both as `None`, which would drop a `null` the answer meant.
pub(crate) fn null_kept<'de, D, T>(d: D) -> Result<Option<Option<T>>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: serde::Deserialize<'de>,
{
    <Option<T> as serde::Deserialize>::deserialize(d).map(Some)
}
