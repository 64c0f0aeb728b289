//! Pure logic: no I/O and no clock (`now` is always a parameter). Compiles for wasm too.

pub mod access;
pub mod audit;
pub mod brand;
/// iCalendar texts to busy intervals (server only: the parser and expander are not in wasm).
#[cfg(feature = "ssr")]
pub mod calendar_busy;
pub mod chart;
pub mod dates;
pub mod feeds;
pub mod language;
pub mod money;
pub mod policies;
/// ALTCHA: the server checks solutions, the booking page finds them.
#[cfg(any(feature = "ssr", feature = "hydrate"))]
pub mod proof_of_work;
pub mod series;
pub mod slots;
pub mod slug;
pub mod smart_codes;
pub mod sso;
pub mod text;
pub mod transitions;
pub mod user_agent;
pub mod validation;
pub mod values;
pub mod week;
pub mod zone;
