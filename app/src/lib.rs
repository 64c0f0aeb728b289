//! The slotbook application crate: wire types, pure domain logic, and (with `ssr`) storage and
//! use cases; the Leptos UI renders on the server and hydrates in the browser.
#![recursion_limit = "256"]

pub mod domain;
#[cfg(feature = "ssr")]
pub mod input;
pub mod model;
#[cfg(feature = "ssr")]
pub mod pages;
#[cfg(feature = "ssr")]
pub mod service;
#[cfg(feature = "ssr")]
pub mod store;
pub mod texts;
pub mod ui;

pub use ui::{App, shell};
