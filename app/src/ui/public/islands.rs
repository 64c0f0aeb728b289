//! The interactive parts of the public pages: the only code of theirs that runs in the browser.

use leptos::prelude::*;

/// Without `tz=` in the address, the first HTML shows the zone the visitor's browser gave on an
/// earlier visit (the `slotbook_tz` cookie), else the event's. Once the page runs in a browser,
/// the browser's zone is remembered in that cookie and written into the address
/// (`history.replaceState`); when it is not the zone shown, the times, grid and zone label are
/// updated in place first. The page is never loaded again for it. Locked zones and zones
/// chosen in the picker stay.
#[island]
pub fn BrowserZone(locked: bool, from_query: bool, shown: String) -> impl IntoView {
    Effect::new(move |_| {
        #[cfg(feature = "hydrate")]
        if !locked && let Some(zone) = browser_zone() {
            remember_zone(&zone);
            if !from_query {
                in_place::show_zone(zone, shown.clone());
            }
        }
        #[cfg(not(feature = "hydrate"))]
        let _ = (locked, from_query, &shown);
    });
}

/// The cookie that carries the browser's zone to the server on the next visit (a year; the
/// pages read it only when the address names no zone).
#[cfg(feature = "hydrate")]
fn remember_zone(zone: &str) {
    use leptos::wasm_bindgen::JsCast;
    // Zone names are cookie-safe (letters, digits, `/`, `_`, `-`, `+`).
    let cookie = format!(
        "{}={zone}; path=/; max-age=31536000; samesite=lax",
        crate::model::public::ZONE_COOKIE
    );
    if let Ok(doc) = document().dyn_into::<web_sys::HtmlDocument>() {
        let _ = doc.set_cookie(&cookie);
    }
}

#[cfg(feature = "hydrate")]
fn browser_zone() -> Option<String> {
    use leptos::web_sys::js_sys::{Array, Intl, Object, Reflect};
    let options = Intl::DateTimeFormat::new(&Array::new(), &Object::new()).resolved_options();
    Reflect::get(&options, &"timeZone".into())
        .ok()?
        .as_string()
        .filter(|z| !z.is_empty())
}

/// Marks the page live once hydration has run: `<body data-hydrated="true">` (tests and
/// embedding pages wait for it).
#[island]
pub fn HydrationMark() -> impl IntoView {
    Effect::new(move |_| {
        #[cfg(feature = "hydrate")]
        if let Some(body) = document().body() {
            let _ = body.set_attribute("data-hydrated", "true");
        }
    });
}

/// In embed mode (inside the iframe `/embed.js` makes), tells the parent page
/// `{type: "slotbook:ready"}` once live, `{type: "slotbook:resize", height}` whenever the page's
/// height changes, and `{type: "slotbook:booked", hash, start_time}` after a booking.
#[island]
pub fn EmbedBridge(booked_hash: Option<String>, booked_start: Option<String>) -> impl IntoView {
    Effect::new(move |_| {
        #[cfg(feature = "hydrate")]
        embed::start(booked_hash.clone(), booked_start.clone());
        #[cfg(not(feature = "hydrate"))]
        let _ = (&booked_hash, &booked_start);
    });
}

#[cfg(feature = "hydrate")]
mod embed {
    use std::cell::Cell;
    use std::rc::Rc;
    use std::time::Duration;

    use leptos::prelude::*;
    use leptos::wasm_bindgen::JsValue;
    use leptos::web_sys::js_sys::{Object, Reflect};

    /// Posts `{type, ...fields}` to the parent page (any origin: the embedding site is unknown).
    fn post(kind: &str, fields: &[(&str, JsValue)]) {
        let Ok(Some(parent)) = window().parent() else {
            return;
        };
        let message = Object::new();
        let _ = Reflect::set(&message, &"type".into(), &kind.into());
        for (key, value) in fields {
            let _ = Reflect::set(&message, &(*key).into(), value);
        }
        let _ = parent.post_message(&message, "*");
    }

    fn height() -> i32 {
        document()
            .document_element()
            .map(|root| root.scroll_height())
            .unwrap_or(0)
    }

    pub fn start(booked_hash: Option<String>, booked_start: Option<String>) {
        // Not framed: nobody to talk to.
        let framed = window()
            .parent()
            .ok()
            .flatten()
            .is_some_and(|parent| parent != window());
        if !framed {
            return;
        }
        post("slotbook:ready", &[]);
        let last = Rc::new(Cell::new(-1));
        let announce = {
            let last = last.clone();
            move || {
                let now = height();
                if now != last.get() {
                    last.set(now);
                    post("slotbook:resize", &[("height", now.into())]);
                }
            }
        };
        announce();
        // Polling is simpler than a ResizeObserver here and costs nothing measurable.
        let _ = set_interval_with_handle(announce, Duration::from_millis(250));
        if let (Some(hash), Some(start)) = (booked_hash, booked_start) {
            post(
                "slotbook:booked",
                &[("hash", hash.into()), ("start_time", start.into())],
            );
        }
    }
}

/// Makes the booking page's navigation instant once the page runs in a browser: a day, a month,
/// a time, the clock or duration choice and the zone form fetch the next view's HTML from the
/// server and swap it into `#booking-area` (no reload; the address, "back" and "forward"
/// still work), then move focus to what changed (the day's times, or the form's heading) and
/// announce it in the live region it renders. Without JavaScript the same links and forms
/// simply load the page.
#[island]
pub fn InPlace() -> impl IntoView {
    Effect::new(move |_| {
        #[cfg(feature = "hydrate")]
        in_place::start();
    });
    view! { <div id="live" role="status" aria-live="polite" class="sr-only"></div> }
}

#[cfg(feature = "hydrate")]
mod in_place {
    use leptos::prelude::*;
    use leptos::wasm_bindgen::{JsCast, JsValue, closure::Closure};
    use web_sys::{
        Element, HtmlAnchorElement, HtmlElement, HtmlFormElement, MouseEvent, Url, UrlSearchParams,
    };

    use crate::ui::swap::{self, Address, Ask, Outcome};

    const AREA: &str = "booking-area";

    /// What the visitor asked for, and so where focus goes after the swap.
    #[derive(Clone, Copy)]
    enum Step {
        /// A day: focus the first of its times.
        Day,
        /// A time: focus the form's heading.
        Form,
        /// Anything else (month, zone, clock, duration, back/forward): the view's heading.
        Other,
    }

    pub fn start() {
        let doc = document();
        // A refused form came back: start at its summary of what to fix.
        if let Some(alert) = doc
            .get_element_by_id("form-alert")
            .and_then(|e| e.dyn_into::<HtmlElement>().ok())
        {
            let _ = alert.focus();
        }
        let on_click = Closure::<dyn Fn(MouseEvent)>::new(|ev: MouseEvent| {
            if ev.default_prevented()
                || ev.button() != 0
                || ev.meta_key()
                || ev.ctrl_key()
                || ev.shift_key()
                || ev.alt_key()
            {
                return;
            }
            let Some(link) = ev
                .target()
                .and_then(|t| t.dyn_into::<Element>().ok())
                .and_then(|el| el.closest(&format!("#{AREA} a[href]")).ok().flatten())
                .and_then(|el| el.dyn_into::<HtmlAnchorElement>().ok())
            else {
                return;
            };
            let href = link.href();
            if !same_page(&href) {
                return;
            }
            ev.prevent_default();
            let step = if link.closest("#slots").ok().flatten().is_some() {
                Step::Form
            } else if link.closest("table").ok().flatten().is_some() {
                Step::Day
            } else {
                Step::Other
            };
            show(href, step, Address::Push);
        });
        let _ = doc.add_event_listener_with_callback("click", on_click.as_ref().unchecked_ref());
        on_click.forget();

        let on_submit = Closure::<dyn Fn(web_sys::Event)>::new(|ev: web_sys::Event| {
            let Some(form) = ev
                .target()
                .and_then(|t| t.dyn_into::<HtmlFormElement>().ok())
            else {
                return;
            };
            if form.has_attribute("data-language-picker") {
                ev.prevent_default();
                change_language();
                return;
            }
            if form.id() != "zone-form" {
                return;
            }
            let (Ok(data), Ok(url)) = (
                web_sys::FormData::new_with_form(&form),
                Url::new(&form.action()),
            ) else {
                return;
            };
            let Ok(params) = UrlSearchParams::new_with_str_sequence_sequence(&data) else {
                return;
            };
            url.set_search(&String::from(params.to_string()));
            ev.prevent_default();
            show(url.href(), Step::Other, Address::Push);
        });
        let _ = doc.add_event_listener_with_callback("submit", on_submit.as_ref().unchecked_ref());
        on_submit.forget();

        // A language picked applies at once (DESIGN 2.9).
        let on_change = Closure::<dyn Fn(web_sys::Event)>::new(|ev: web_sys::Event| {
            let picked = ev
                .target()
                .and_then(|t| t.dyn_into::<Element>().ok())
                .is_some_and(|el| el.id() == "language-select");
            if picked {
                change_language();
            }
        });
        let _ = doc.add_event_listener_with_callback("change", on_change.as_ref().unchecked_ref());
        on_change.forget();

        let on_pop = Closure::<dyn Fn(web_sys::Event)>::new(|_| {
            if let Ok(href) = window().location().href() {
                show(href, Step::Other, Address::Keep);
            }
        });
        let _ =
            window().add_event_listener_with_callback("popstate", on_pop.as_ref().unchecked_ref());
        on_pop.forget();
        super::proof::solve_form();
    }

    /// The view shown now (its address may have moved on in place since the page loaded, so
    /// the picker's hidden inputs are stale) in the picked language, as a new document: its
    /// words, `<html lang>` and `dir` change together.
    fn change_language() {
        let picked = document()
            .get_element_by_id("language-select")
            .and_then(|e| e.dyn_into::<web_sys::HtmlSelectElement>().ok())
            .map(|select| select.value());
        let (Some(picked), Ok(here)) = (picked, window().location().href()) else {
            return;
        };
        if let Ok(url) = Url::new(&here) {
            url.search_params().set("lang", &picked);
            let _ = window().location().assign(&url.href());
        }
    }

    /// A link to another view of this same page (only the query differs).
    fn same_page(href: &str) -> bool {
        let (Ok(target), Ok(here)) = (Url::new(href), window().location().href()) else {
            return false;
        };
        let Ok(here) = Url::new(&here) else {
            return false;
        };
        target.origin() == here.origin() && target.pathname() == here.pathname()
    }

    /// Shows the view at `url` in place (after the updates before it), then focuses and
    /// announces it. Anything unexpected loads the page instead.
    fn show(url: String, step: Step, address: Address) {
        swap::in_turn(async move {
            match swap::update(AREA, Ask::Get(url.clone()), address).await {
                Ok(Outcome::Applied) => {}
                Ok(Outcome::Elsewhere(there)) => {
                    let _ = window().location().assign(&there);
                    return;
                }
                Err(_) => {
                    let _ = window().location().assign(&url);
                    return;
                }
            }
            super::proof::solve_form();
            let doc = document();
            let heading = |id: &str| {
                doc.get_element_by_id(id)
                    .and_then(|e| e.dyn_into::<HtmlElement>().ok())
            };
            let target: Option<HtmlElement> = match step {
                Step::Day => doc
                    .query_selector("#slots a")
                    .ok()
                    .flatten()
                    .and_then(|e| e.dyn_into::<HtmlElement>().ok())
                    .or_else(|| heading("day-heading")),
                Step::Form => heading("times-heading"),
                Step::Other => heading("day-heading").or_else(|| heading("times-heading")),
            };
            if let Some(el) = &target {
                let _ = el.focus();
            }
            announce(&doc);
        });
    }

    /// The browser's zone: written into the address, and when it is not the one shown, the
    /// view in that zone replaces this one (focus stays where it is; nothing was asked for).
    pub fn show_zone(zone: String, shown: String) {
        let Ok(here) = window().location().href() else {
            return;
        };
        let Ok(url) = Url::new(&here) else {
            return;
        };
        url.search_params().set("tz", &zone);
        let url = url.href();
        if zone == shown {
            if let Ok(history) = window().history() {
                let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&url));
            }
            return;
        }
        swap::in_turn(async move {
            // On failure the page stays in the zone it shows, which it names.
            let _ = swap::update(AREA, Ask::Get(url), Address::Replace).await;
        });
    }

    /// Tells screen readers what is shown now: the day and how many times it has, or the form.
    fn announce(doc: &web_sys::Document) {
        let text = |id: &str| {
            doc.get_element_by_id(id)
                .and_then(|e| e.text_content())
                .unwrap_or_default()
        };
        // The words are the page's, in its language: the server wrote the day's announcement.
        let message = if doc.get_element_by_id("booking-form").is_some() {
            format!("{}: {}", text("times-heading"), text("booking-summary"))
        } else {
            doc.get_element_by_id("day-heading")
                .and_then(|e| e.get_attribute("data-announce"))
                .unwrap_or_default()
        };
        if let Some(live) = doc.get_element_by_id("live") {
            live.set_text_content(Some(&message));
        }
    }
}

/// The booking form's proof of work (DESIGN 2.8, ALTCHA): when the form carries the hidden
/// `altcha`, fetch a challenge and try numbers in slices between which the page stays
/// responsive, then write ALTCHA's payload (base64 JSON) into the input. A form sent before
/// that still books, within the address's allowance of forms without one.
#[cfg(feature = "hydrate")]
mod proof {
    use leptos::prelude::*;
    use leptos::wasm_bindgen::{JsCast, JsValue};
    use wasm_bindgen_futures::{JsFuture, js_sys};
    use web_sys::{HtmlInputElement, Response};

    use crate::domain::proof_of_work::{Solution, search};
    use crate::model::booking::AltchaChallenge;

    /// Numbers tried before the page gets a turn (a few milliseconds each).
    const SLICE: u64 = 2_000;

    pub fn solve_form() {
        let Some(input) = document()
            .query_selector("#booking-form input[name=altcha][data-challenge]")
            .ok()
            .flatten()
            .and_then(|e| e.dyn_into::<HtmlInputElement>().ok())
        else {
            return;
        };
        if !input.value().is_empty() {
            return;
        }
        let url = input.get_attribute("data-challenge").unwrap_or_default();
        wasm_bindgen_futures::spawn_local(async move {
            if let Ok(Some(payload)) = solve(&url).await {
                input.set_value(&payload);
            }
        });
    }

    async fn solve(url: &str) -> Result<Option<String>, JsValue> {
        let response: Response = JsFuture::from(window().fetch_with_str(url))
            .await?
            .dyn_into()?;
        if !response.ok() {
            return Ok(None);
        }
        let text = JsFuture::from(response.text()?).await?;
        let Some(challenge) = text
            .as_string()
            .and_then(|t| serde_json::from_str::<AltchaChallenge>(&t).ok())
        else {
            return Ok(None);
        };
        let mut from = 0;
        while from <= challenge.maxnumber {
            let to = (from + SLICE).min(challenge.maxnumber + 1);
            if let Some(number) = search(&challenge.salt, &challenge.challenge, from, to) {
                let solution = Solution {
                    algorithm: challenge.algorithm,
                    challenge: challenge.challenge,
                    number,
                    salt: challenge.salt,
                    signature: challenge.signature,
                };
                let json = serde_json::to_string(&solution).unwrap_or_default();
                return window().btoa(&json).map(Some);
            }
            from = to;
            next_turn().await;
        }
        Ok(None)
    }

    /// Lets the browser handle input and paint before the next slice.
    async fn next_turn() {
        let wait = js_sys::Promise::new(&mut |resolve, _| {
            let _ = window().set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 0);
        });
        let _ = JsFuture::from(wait).await;
    }
}
