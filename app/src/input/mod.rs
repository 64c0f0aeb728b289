//! The REST edge's readers: each request body is read into its use case's command here, with
//! every wrong type refused under its field's name in the words integrators know. The use cases
//! take commands only; page forms build the same commands themselves (`pages`).
//!
//! Layer: `input` -> `service` -> `store` -> `domain`, `model` (README, "Architecture").

pub mod audit;
pub mod bookings;
pub mod calendars;
pub mod events;
pub mod feeds;
pub mod fields;
pub mod settings;
pub mod team;
pub mod users;

#[cfg(test)]
mod examples;
