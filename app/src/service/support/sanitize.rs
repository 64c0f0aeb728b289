//! HTML input is sanitized on write (ammonia's allow-list: no scripts, no event handlers, no
//! `javascript:` links) and escaped again by the renderer.

/// Cleans rich text from a user.
pub fn clean_html(input: &str) -> String {
    ammonia::clean(input)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scripts_and_handlers_are_removed_and_formatting_kept() {
        let cleaned = clean_html(
            r#"<p onclick="x()">Hi <b>there</b><script>alert(1)</script><a href="javascript:alert(2)">l</a></p>"#,
        );
        assert!(
            !cleaned.contains("script")
                && !cleaned.contains("onclick")
                && !cleaned.contains("javascript")
        );
        assert!(cleaned.contains("<b>there</b>"));
    }
}
