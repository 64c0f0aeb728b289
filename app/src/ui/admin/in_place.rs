//! Saving without a reload on the setup pages. Their forms post to the page's own address and
//! answer a page (303 to the saved view, or the form again with its messages), so without
//! JavaScript they work as they are. Once the page runs in a browser, this island posts a form
//! inside `#in-place` through the pages' one in-place update (`ui::swap`: one post at a time,
//! each from the page as the one before left it), and moves focus to the answer's status or
//! alert (or heading). While a form holds changes not yet saved, a note under it says so.
//! Anything unexpected falls back to the normal post.

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
    use leptos::wasm_bindgen::{JsCast, closure::Closure};
    use web_sys::{Element, HtmlElement, HtmlFormElement, SubmitEvent, UrlSearchParams};

    use crate::ui::swap::{self, Address, Ask, Outcome};

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

    /// A form as submitted: the element, its id and the pressed button's name and value (which
    /// name the action: `op=save`, `op=add:mon`, ...).
    struct Submitted {
        form: HtmlFormElement,
        id: String,
        /// Its place among the area's forms (for a form without an id).
        index: u32,
        pressed: Option<(String, String)>,
    }

    impl Submitted {
        /// The form as the page holds it now: an update before this one may have replaced it
        /// with the server's answer (same id), whose fields then say what is current.
        fn current_form(&self) -> Option<HtmlFormElement> {
            if self.form.is_connected() {
                return Some(self.form.clone());
            }
            let found = if self.id.is_empty() {
                forms_in_area()?.item(self.index)?
            } else {
                document().get_element_by_id(&self.id)?.into()
            };
            found.dyn_into::<HtmlFormElement>().ok()
        }

        /// The form's fields and the pressed button, as the browser would post them.
        fn body(&self, form: &HtmlFormElement) -> Option<UrlSearchParams> {
            let data = web_sys::FormData::new_with_form(form).ok()?;
            if let Some((name, value)) = &self.pressed {
                let _ = data.append_with_str(name, value);
            }
            UrlSearchParams::new_with_str_sequence_sequence(&data).ok()
        }
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
            let pressed = ev
                .submitter()
                .and_then(|b| b.dyn_into::<Element>().ok())
                .and_then(|b| {
                    let name = b.get_attribute("name")?;
                    Some((name, b.get_attribute("value").unwrap_or_default()))
                });
            ev.prevent_default();
            let index = forms_in_area()
                .and_then(|forms| {
                    (0..forms.length()).find(|&i| {
                        forms
                            .item(i)
                            .is_some_and(|f| f.dyn_ref::<HtmlFormElement>() == Some(&form))
                    })
                })
                .unwrap_or(0);
            let submitted = Submitted {
                id: form.id(),
                index,
                form,
                pressed,
            };
            swap::in_turn(post(submitted));
        });
        let _ = doc.add_event_listener_with_callback("submit", on_submit.as_ref().unchecked_ref());
        on_submit.forget();
    }

    fn forms_in_area() -> Option<web_sys::NodeList> {
        document().query_selector_all(&format!("#{AREA} form")).ok()
    }

    /// Posts the form (as the page holds it once the updates before are applied) and shows the
    /// answer in place; another kind of answer (a deletion's list, the login page) is loaded.
    async fn post(submitted: Submitted) {
        // Its form is gone (the update before led elsewhere): nothing left to post.
        let Some(form) = submitted.current_form() else {
            return;
        };
        let Some(body) = submitted.body(&form) else {
            submit_plainly(&form, submitted.pressed);
            return;
        };
        let ask = Ask::Post {
            action: form.action(),
            body,
        };
        match swap::update(AREA, ask, Address::Push).await {
            Ok(Outcome::Applied) => {
                if let Some(area) = document().get_element_by_id(AREA) {
                    focus_outcome(&area);
                }
            }
            Ok(Outcome::Elsewhere(url)) => {
                let _ = window().location().assign(&url);
            }
            Err(_) => submit_plainly(&form, submitted.pressed),
        }
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
        // Set after insertion, so screen readers announce it; the words are the page's
        // (`data-unsaved` of the area), in the dashboard's language.
        let words = document()
            .get_element_by_id(AREA)
            .and_then(|area| area.get_attribute("data-unsaved"))
            .unwrap_or_default();
        note.set_text_content(Some(&words));
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
