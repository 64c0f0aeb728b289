//! Bookings: how one is made, changed and shown.
//!
//! The write path reads top to bottom:
//! - [`form`] parses an attendee's answers against the event's booking form (nothing written);
//! - [`guard`] re-runs every rule of the slot list for one time inside the writing transaction
//!   (create, reschedule and confirm all pass through it);
//! - [`holds`] keeps a chosen time for its visitor while they type (rows the guard reads);
//! - [`create`] books, in named steps; [`self_service`] is the attendee's cancel and reschedule
//!   by secret hash; [`update`] a host's one change through `PUT /schedules/{id}` (a typed
//!   command; status moves along `domain::transitions`), [`host_actions`] the rest of
//!   `/schedules`, and [`desk`] the dashboard's bookings desk on top of them;
//! - [`notify`] decides which messages a change queues; [`views`] shapes a booking for the wire;
//!   [`lifecycle`] completes past bookings in the background.

pub mod activity_line;
pub mod calendar_links;
pub mod claims;
pub mod confirmations;
pub mod create;
pub mod desk;
pub mod form;
pub mod guard;
pub mod holds;
pub mod host_actions;
pub mod lifecycle;
pub mod location;
pub mod new_booking;
pub mod notify;
pub mod policies;
pub mod proof_of_work;
pub mod self_service;
pub mod update;
pub mod views;
