//! The interactive parts of the public pages: the only code of theirs that runs in the browser.

use leptos::prelude::*;

/// Without `tz=` in the address, the page shows the event's zone; once the page runs in a
/// browser, the visitor's own zone is put into the address (keeping everything else), so the
/// times are shown in their zone. Locked zones and zones chosen in the picker stay.
#[island]
pub fn BrowserZone(locked: bool, from_query: bool) -> impl IntoView {
    Effect::new(move |_| {
        #[cfg(feature = "hydrate")]
        if !locked
            && !from_query
            && let Some(zone) = browser_zone()
        {
            let location = window().location();
            let (Ok(path), Ok(search)) = (location.pathname(), location.search()) else {
                return;
            };
            let separator = if search.is_empty() { "?" } else { "&" };
            let zone = zone.replace('/', "%2F").replace('+', "%2B");
            let _ = location.replace(&format!("{path}{search}{separator}tz={zone}"));
        }
        #[cfg(not(feature = "hydrate"))]
        let _ = (locked, from_query);
    });
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
    use wasm_bindgen_futures::JsFuture;
    use web_sys::{
        DomParser, Element, HtmlAnchorElement, HtmlElement, HtmlFormElement, MouseEvent, Response,
        SupportedType, Url, UrlSearchParams,
    };

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
            leptos::task::spawn_local(swap(href, step, true));
        });
        let _ = doc.add_event_listener_with_callback("click", on_click.as_ref().unchecked_ref());
        on_click.forget();

        let on_submit = Closure::<dyn Fn(web_sys::Event)>::new(|ev: web_sys::Event| {
            let Some(form) = ev
                .target()
                .and_then(|t| t.dyn_into::<HtmlFormElement>().ok())
                .filter(|f| f.id() == "zone-form")
            else {
                return;
            };
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
            leptos::task::spawn_local(swap(url.href(), Step::Other, true));
        });
        let _ = doc.add_event_listener_with_callback("submit", on_submit.as_ref().unchecked_ref());
        on_submit.forget();

        let on_pop = Closure::<dyn Fn(web_sys::Event)>::new(|_| {
            if let Ok(href) = window().location().href() {
                leptos::task::spawn_local(swap(href, Step::Other, false));
            }
        });
        let _ =
            window().add_event_listener_with_callback("popstate", on_pop.as_ref().unchecked_ref());
        on_pop.forget();
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

    /// Fetches `url`, swaps its `#booking-area` into the page, then focuses and announces.
    /// Anything unexpected falls back to loading the page.
    async fn swap(url: String, step: Step, push: bool) {
        if replace(&url, push).await.is_err() {
            let _ = window().location().assign(&url);
            return;
        }
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
    }

    async fn replace(url: &str, push: bool) -> Result<(), JsValue> {
        let response: Response = JsFuture::from(window().fetch_with_str(url))
            .await?
            .dyn_into()?;
        if !response.ok() {
            return Err(JsValue::NULL);
        }
        let text = JsFuture::from(response.text()?)
            .await?
            .as_string()
            .unwrap_or_default();
        let parsed = DomParser::new()?.parse_from_string(&text, SupportedType::TextHtml)?;
        let (Some(fresh), Some(current)) = (
            parsed.get_element_by_id(AREA),
            document().get_element_by_id(AREA),
        ) else {
            return Err(JsValue::NULL);
        };
        current.set_inner_html(&fresh.inner_html());
        document().set_title(&parsed.title());
        if push {
            window()
                .history()?
                .push_state_with_url(&JsValue::NULL, "", Some(url))?;
        }
        Ok(())
    }

    /// Tells screen readers what is shown now: the day and how many times it has, or the form.
    fn announce(doc: &web_sys::Document) {
        let text = |id: &str| {
            doc.get_element_by_id(id)
                .and_then(|e| e.text_content())
                .unwrap_or_default()
        };
        let message = if doc.get_element_by_id("booking-form").is_some() {
            format!("{}: {}", text("times-heading"), text("booking-summary"))
        } else {
            let count = doc
                .query_selector_all("#slots a")
                .map(|list| list.length())
                .unwrap_or(0);
            crate::texts::times_announcement(&text("times-heading"), &text("day-heading"), count)
        };
        if let Some(live) = doc.get_element_by_id("live") {
            live.set_text_content(Some(&message));
        }
    }
}
