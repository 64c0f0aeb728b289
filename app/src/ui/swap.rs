//! The one in-place update of the pages (browser only): ask the server for a view of this page
//! (a link's address, or a form posted), take the answer's element with the area's id and put
//! its content in place of the page's, keep the address in step, and leave everything else of
//! the page as it is. The booking pages (`#booking-area`) and the dashboard's setup pages
//! (`#in-place`) both use it; they differ only in what starts an update and where focus goes.
//!
//! Updates never overlap: one starts when the one before has been applied, so each is asked
//! for from the page as the one before left it (a second "Remove" posts the hours without the
//! window the first removed), and answers cannot arrive out of order.

use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use std::future::Future;
use std::pin::Pin;

use leptos::prelude::*;
use leptos::wasm_bindgen::{JsCast, JsValue};
use leptos::web_sys::js_sys::Promise;
use wasm_bindgen_futures::JsFuture;
use web_sys::{DomParser, RequestInit, Response, SupportedType, UrlSearchParams};

/// What becomes of the address bar after an update.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Address {
    /// A new history entry ("back" returns to the view before).
    Push,
    /// The same entry, with the answer's address.
    Replace,
    /// Unchanged (a view restored by "back" or "forward").
    Keep,
}

/// How an update ended.
pub enum Outcome {
    /// The area now shows the answer's.
    Applied,
    /// The answer is another kind of page (it has no such area, or a link led to an error
    /// page): the caller loads it as a whole, at this address.
    Elsewhere(String),
}

/// What to ask the server for.
pub enum Ask {
    /// A view of the page.
    Get(String),
    /// A form posted (its fields, the pressed button's name and value included), to `action`.
    Post {
        action: String,
        body: UrlSearchParams,
    },
}

type Step = Pin<Box<dyn Future<Output = ()>>>;

thread_local! {
    /// Updates waiting for the one being applied; the first is running.
    static QUEUE: RefCell<VecDeque<Step>> = const { RefCell::new(VecDeque::new()) };
    static RUNNING: Cell<bool> = const { Cell::new(false) };
}

/// Runs `step` once every update queued before it has been applied. `step` builds its request
/// only when it runs, from the page as it is then.
pub fn in_turn(step: impl Future<Output = ()> + 'static) {
    QUEUE.with(|q| q.borrow_mut().push_back(Box::pin(step)));
    if RUNNING.with(|r| r.replace(true)) {
        return;
    }
    leptos::task::spawn_local(async {
        loop {
            let Some(step) = QUEUE.with(|q| q.borrow_mut().pop_front()) else {
                break;
            };
            step.await;
        }
        RUNNING.with(|r| r.set(false));
    });
}

/// Asks the server, and puts the answer's `#area` content into the page's `#area`.
pub async fn update(area: &str, ask: Ask, address: Address) -> Result<Outcome, JsValue> {
    let (request, is_get) = match &ask {
        Ask::Get(url) => (window().fetch_with_str(url), true),
        Ask::Post { action, body } => {
            let init = RequestInit::new();
            init.set_method("POST");
            init.set_body(body);
            (window().fetch_with_str_and_init(action, &init), false)
        }
    };
    let current = document().get_element_by_id(area);
    if let Some(current) = &current {
        let _ = current.set_attribute("aria-busy", "true");
    }
    let answer = fetch_text(request).await;
    if let Some(current) = &current {
        let _ = current.remove_attribute("aria-busy");
    }
    let (response, text) = answer?;
    // A form answered with its messages is a page to show; a link answered 404 is not a view.
    if is_get && !response.ok() {
        return Ok(Outcome::Elsewhere(response.url()));
    }
    let parsed = DomParser::new()?.parse_from_string(&text, SupportedType::TextHtml)?;
    let (Some(fresh), Some(current)) = (parsed.get_element_by_id(area), current) else {
        return Ok(Outcome::Elsewhere(response.url()));
    };
    // An answer in another language (a profile's language just saved) changes the whole page:
    // its frame and `<html lang>` too.
    let lang_of =
        |doc: &web_sys::Document| doc.document_element().and_then(|e| e.get_attribute("lang"));
    if lang_of(&parsed) != lang_of(&document()) {
        return Ok(Outcome::Elsewhere(response.url()));
    }
    current.set_inner_html(&fresh.inner_html());
    document().set_title(&parsed.title());
    let answered = response.url();
    let history = window().history()?;
    match address {
        Address::Push if answered != window().location().href()? => {
            history.push_state_with_url(&JsValue::NULL, "", Some(&answered))?;
        }
        Address::Replace => history.replace_state_with_url(&JsValue::NULL, "", Some(&answered))?,
        Address::Push | Address::Keep => {}
    }
    Ok(Outcome::Applied)
}

async fn fetch_text(request: Promise) -> Result<(Response, String), JsValue> {
    let response: Response = JsFuture::from(request).await?.dyn_into()?;
    let text = JsFuture::from(response.text()?)
        .await?
        .as_string()
        .unwrap_or_default();
    Ok((response, text))
}
