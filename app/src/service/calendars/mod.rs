//! Calendars: hosts' and teams' calendars with their sharing settings, and the external
//! calendars a host connects (CalDAV accounts, ICS feeds): sync, the fresh check before a
//! booking, and write-back.

pub mod admin;
pub mod client;
pub mod connections;
pub mod connections_page;
pub mod new_calendar;
pub mod sharing;
pub mod write_back;
