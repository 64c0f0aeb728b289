//! Helpers every use case shares: reading request fields, the wire shapes of rows, HTML
//! sanitizing, sealed secrets, rate limits and outgoing request targets.

pub mod checks;
pub mod metrics;
pub mod present;
pub mod sanitize;
pub mod secrets;
pub mod targets;
pub mod throttle;
