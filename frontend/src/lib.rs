//! The browser entry: hydrates the islands of the server-rendered page (the rest of each page
//! is plain HTML and never runs in the browser).

// The islands are exported by the app crate; linking it in is what makes them available.
use app as _;

#[wasm_bindgen::prelude::wasm_bindgen]
pub fn hydrate() {
    console_error_panic_hook::set_once();
    leptos::mount::hydrate_islands();
}
