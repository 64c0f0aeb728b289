//! Saving without a reload on the setup pages. Their forms post to the page's own address and
//! answer a page (303 to the saved view, or the form again with its messages), so without
//! JavaScript they work as they are. Once the page runs in a browser, this island posts a form
//! inside `#in-place` with `fetch`, swaps the answer's `#in-place` into the page, updates the
//! address, and moves focus to the answer's status or alert (or heading). While a form holds
//! changes not yet saved, a note under it says so. Anything unexpected falls back to the
//! normal post.

use leptos::prelude::*;

/// Mounted once per dashboard page, beside (not inside) `#in-place`.
#[cfg_attr(feature = "dashboard", island)]
#[cfg_attr(not(feature = "dashboard"), component)]
pub fn SavesInPlace() -> impl IntoView {
    Effect::new(move |_| {
        #[cfg(feature = "hydrate")]
        browser::start();
    });
}

#[cfg(feature = "hydrate")]
mod browser {
    use leptos::prelude::*;
    use leptos::wasm_bindgen::{JsCast, JsValue, closure::Closure};
    use wasm_bindgen_futures::JsFuture;
    use web_sys::{
        DomParser, Element, HtmlElement, HtmlFormElement, RequestInit, Response, SubmitEvent,
        SupportedType, UrlSearchParams,
    };

    const AREA: &str = "in-place";
    const NOTE: &str = "unsaved-note";

    /// The post form inside `#in-place` that `target` belongs to.
    fn form_of(target: Option<web_sys::EventTarget>) -> Option<HtmlFormElement> {
        let el = target?.dyn_into::<Element>().ok()?;
        let form = el
            .closest("form")
            .ok()??
            .dyn_into::<HtmlFormElement>()
            .ok()?;
        let inside = form.closest(&format!("#{AREA}")).ok().flatten().is_some();
        (inside && form.method().eq_ignore_ascii_case("post")).then_some(form)
    }

    pub fn start() {
        let doc = document();
        let on_input = Closure::<dyn Fn(web_sys::Event)>::new(|ev: web_sys::Event| {
            if let Some(form) = form_of(ev.target()) {
                mark_unsaved(&form);
            }
        });
        for kind in ["input", "change"] {
            let _ = doc.add_event_listener_with_callback(kind, on_input.as_ref().unchecked_ref());
        }
        on_input.forget();

        let on_submit = Closure::<dyn Fn(SubmitEvent)>::new(|ev: SubmitEvent| {
            if ev.default_prevented() {
                return;
            }
            let Some(form) = form_of(ev.target()) else {
                return;
            };
            let Ok(data) = web_sys::FormData::new_with_form(&form) else {
                return;
            };
            // The button pressed names the action (`op=save`, `op=add:mon`, ...).
            let pressed = ev
                .submitter()
                .and_then(|b| b.dyn_into::<Element>().ok())
                .and_then(|b| {
                    let name = b.get_attribute("name")?;
                    Some((name, b.get_attribute("value").unwrap_or_default()))
                });
            if let Some((name, value)) = &pressed {
                let _ = data.append_with_str(name, value);
            }
            let Ok(body) = UrlSearchParams::new_with_str_sequence_sequence(&data) else {
                return;
            };
            ev.prevent_default();
            let action = form.action();
            leptos::task::spawn_local(async move {
                if post(&action, &body).await.is_err() {
                    submit_plainly(&form, pressed);
                }
            });
        });
        let _ = doc.add_event_listener_with_callback("submit", on_submit.as_ref().unchecked_ref());
        on_submit.forget();
    }

    /// Posts the form as the browser would have, the pressed button's name and value included.
    fn submit_plainly(form: &HtmlFormElement, pressed: Option<(String, String)>) {
        if let Some((name, value)) = pressed
            && let Ok(input) = document().create_element("input")
        {
            let _ = input.set_attribute("type", "hidden");
            let _ = input.set_attribute("name", &name);
            let _ = input.set_attribute("value", &value);
            let _ = form.append_child(&input);
        }
        let _ = form.submit();
    }

    /// Shows "Unsaved changes" under the form once.
    fn mark_unsaved(form: &HtmlFormElement) {
        if form
            .query_selector(&format!(".{NOTE}"))
            .ok()
            .flatten()
            .is_some()
        {
            return;
        }
        let Ok(note) = document().create_element("p") else {
            return;
        };
        note.set_class_name(&format!(
            "{NOTE} mt-2 text-sm font-medium text-amber-800 dark:text-amber-300"
        ));
        let _ = note.set_attribute("aria-live", "polite");
        let _ = form.append_child(&note);
        // Set after insertion, so screen readers announce it.
        note.set_text_content(Some("Unsaved changes"));
    }

    async fn post(action: &str, body: &UrlSearchParams) -> Result<(), JsValue> {
        let init = RequestInit::new();
        init.set_method("POST");
        init.set_body(body);
        let response: Response = JsFuture::from(window().fetch_with_str_and_init(action, &init))
            .await?
            .dyn_into()?;
        let text = JsFuture::from(response.text()?)
            .await?
            .as_string()
            .unwrap_or_default();
        let parsed = DomParser::new()?.parse_from_string(&text, SupportedType::TextHtml)?;
        let (Some(fresh), Some(current)) = (
            parsed.get_element_by_id(AREA),
            document().get_element_by_id(AREA),
        ) else {
            // Another kind of page (a deletion's list, the login page): go there.
            window().location().assign(&response.url())?;
            return Ok(());
        };
        current.set_inner_html(&fresh.inner_html());
        document().set_title(&parsed.title());
        let url = response.url();
        if url != window().location().href()? {
            window()
                .history()?
                .push_state_with_url(&JsValue::NULL, "", Some(&url))?;
        }
        focus_outcome(&current);
        Ok(())
    }

    /// Focus on what the answer says: its alert, its status, or its heading.
    fn focus_outcome(area: &Element) {
        let target = ["[role=alert]", "[role=status]", "h1"]
            .iter()
            .find_map(|selector| area.query_selector(selector).ok().flatten())
            .and_then(|el| el.dyn_into::<HtmlElement>().ok());
        if let Some(el) = target {
            let _ = el.set_attribute("tabindex", "-1");
            let _ = el.focus();
        }
    }
}
