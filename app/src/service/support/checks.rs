//! Small checks and helpers the use cases share: URLs, colours, and applying a change's
//! fields.

use crate::domain::validation::FieldErrors;
use crate::domain::values::Slug;

/// An optional slug: `None` when absent or blank, else the slug, or an error named `field`.
pub fn optional_slug(given: Option<&str>, field: &str, errors: &mut FieldErrors) -> Option<Slug> {
    let text = given.map(str::trim).filter(|s| !s.is_empty())?;
    Slug::parse(text)
        .map_err(|problem| errors.add(field, "slug", problem.message()))
        .ok()
}

/// Whether `text` is an absolute http(s) URL.
pub fn is_http_url(text: &str) -> bool {
    url::Url::parse(text)
        .is_ok_and(|u| matches!(u.scheme(), "http" | "https") && u.host().is_some())
}

/// Whether `text` is `#rgb` or `#rrggbb`.
pub fn is_hex_color(text: &str) -> bool {
    let digits = text.strip_prefix('#').unwrap_or("x");
    matches!(digits.len(), 3 | 6) && digits.chars().all(|c| c.is_ascii_hexdigit())
}

/// A `...Changes` field applied: what was sent replaces the stored value; `None` keeps it.
pub fn set_if_sent<T>(field: &mut T, sent: Option<T>) {
    if let Some(value) = sent {
        *field = value;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_and_colours_are_checked() {
        assert!(is_http_url("https://example.com/a.png"));
        assert!(!is_http_url("javascript:alert(1)"));
        assert!(!is_http_url("not a url"));
        assert!(is_hex_color("#0099ff") && is_hex_color("#fff"));
        assert!(!is_hex_color("0099ff") && !is_hex_color("#zzzzzz"));
    }
}
