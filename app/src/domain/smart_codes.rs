//! Smart codes in message templates: `{{guest.full_name}}` in text and `##booking.cancelation_url##`
//! inside links. Filling is pure: the caller says what each code means; a code it does not
//! know stays as written, so a typo shows in the email instead of failing it.

/// How filled-in values are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Output {
    /// Into HTML: values are escaped (a guest's name cannot inject markup).
    Html,
    /// Into plain text (a subject, an SMS): values as they are.
    Text,
}

/// Replaces every known `{{code}}` and `##code##` in `template` with `lookup(code)`.
pub fn fill(template: &str, output: Output, lookup: impl Fn(&str) -> Option<String>) -> String {
    let mut out = String::with_capacity(template.len());
    let mut rest = template;
    while let Some((at, open, close)) = next_opening(rest) {
        out.push_str(&rest[..at]);
        let after = &rest[at + open.len()..];
        let filled = after.find(close).and_then(|end| {
            let code = &after[..end];
            let plausible = !code.is_empty()
                && code.len() <= 80
                && code
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "._-".contains(c));
            plausible
                .then(|| lookup(code))
                .flatten()
                .map(|value| (value, end))
        });
        match filled {
            Some((value, end)) => {
                match output {
                    Output::Html => out.push_str(&escape_html(&value)),
                    Output::Text => out.push_str(&value),
                }
                rest = &after[end + close.len()..];
            }
            None => {
                out.push_str(open);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The first `{{` or `##` in `text`: (index, opening, closing).
fn next_opening(text: &str) -> Option<(usize, &'static str, &'static str)> {
    let braces = text.find("{{").map(|i| (i, "{{", "}}"));
    let hashes = text.find("##").map(|i| (i, "##", "##"));
    match (braces, hashes) {
        (Some(b), Some(h)) => Some(if b.0 <= h.0 { b } else { h }),
        (one, other) => one.or(other),
    }
}

pub fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// The plain-text part of an HTML email: paragraphs and line breaks kept, links written out
/// as "text (address)", tags dropped, entities decoded.
pub fn html_to_text(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    let mut link: Option<String> = None;
    while let Some(lt) = rest.find('<') {
        out.push_str(&decode_entities(&rest[..lt]));
        let Some(gt) = rest[lt..].find('>') else {
            rest = &rest[lt..];
            break;
        };
        let tag = &rest[lt + 1..lt + gt];
        let name: String = tag
            .trim_start_matches('/')
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect::<String>()
            .to_ascii_lowercase();
        let closing = tag.starts_with('/');
        match (name.as_str(), closing) {
            ("br", _) => out.push('\n'),
            ("p" | "div" | "h1" | "h2" | "h3" | "h4" | "ul" | "ol" | "table" | "tr", true) => {
                out.push_str("\n\n")
            }
            ("li", false) => out.push_str("\n- "),
            ("hr", _) => out.push_str("\n---\n"),
            ("a", false) => link = attribute(tag, "href").map(|h| decode_entities(&h)),
            ("a", true) => {
                if let Some(href) = link.take().filter(|h| !h.is_empty()) {
                    out.push_str(&format!(" ({href})"));
                }
            }
            _ => {}
        }
        rest = &rest[lt + gt + 1..];
    }
    out.push_str(&decode_entities(rest));
    // Collapse the blank lines that nested blocks leave.
    let mut text = String::with_capacity(out.len());
    let mut blank_run = 0;
    for line in out.lines().map(str::trim_end) {
        if line.trim().is_empty() {
            blank_run += 1;
            if blank_run > 1 {
                continue;
            }
        } else {
            blank_run = 0;
        }
        text.push_str(line.trim_start());
        text.push('\n');
    }
    text.trim().to_string() + "\n"
}

fn attribute(tag: &str, name: &str) -> Option<String> {
    let at = tag.find(&format!("{name}="))? + name.len() + 1;
    let value = &tag[at..];
    let quote = value.chars().next()?;
    if quote == '"' || quote == '\'' {
        let end = value[1..].find(quote)?;
        Some(value[1..=end].to_string())
    } else {
        Some(value.split_whitespace().next()?.to_string())
    }
}

fn decode_entities(text: &str) -> String {
    text.replace("&nbsp;", " ")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&#x27;", "'")
        .replace("&amp;", "&")
}

/// The smart codes an email may use, grouped as the editor lists them.
pub fn catalogue() -> serde_json::Value {
    serde_json::json!([
        {"title": "Attendee", "shortcodes": {
            "{{guest.full_name}}": "Attendee name", "{{guest.first_name}}": "Attendee first name",
            "{{guest.last_name}}": "Attendee last name", "{{guest.email}}": "Attendee email",
            "{{guest.note}}": "Attendee note", "{{guest.timezone}}": "Attendee time zone",
            "{{booking.phone}}": "Attendee phone"}},
        {"title": "Booking", "shortcodes": {
            "{{booking.event_name}}": "Event name", "{{booking.description}}": "Event description",
            "{{booking.full_start_end_guest_timezone}}": "Date and time (attendee's zone)",
            "{{booking.full_start_end_host_timezone}}": "Date and time (host's zone)",
            "{{booking.start_date_time_for_attendee}}": "Start (attendee's zone)",
            "{{booking.start_date_time_for_host}}": "Start (host's zone)",
            "{{booking.start_date_time}}": "Start (UTC)",
            "{{booking.location_details_text}}": "Location",
            "{{booking.cancel_reason}}": "Cancellation reason",
            "{{booking.reject_reason}}": "Reason for declining",
            "{{booking.reschedule_reason}}": "Rescheduling reason",
            "{{booking.previous_meeting_date_time_guest_timezone}}": "Previous time (attendee's zone)",
            "{{booking.previous_meeting_date_time_host_timezone}}": "Previous time (host's zone)",
            "{{booking.custom.FIELD}}": "Answer to the booking field FIELD"}},
        {"title": "Links (inside href)", "shortcodes": {
            "##booking.cancelation_url##": "Cancel page", "##booking.reschedule_url##": "Reschedule page",
            "##booking.admin_booking_url##": "The booking in the dashboard",
            "##add_to_g_calendar_url##": "Add to Google Calendar", "##add_to_ol_calendar_url##": "Add to Outlook",
            "##add_to_ics_calendar_url##": "Download .ics"}},
        {"title": "Host", "shortcodes": {
            "{{host.name}}": "Host name", "{{host.email}}": "Host email", "{{host.timezone}}": "Host time zone",
            "{{calendar.title}}": "Calendar title"}}
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(code: &str) -> Option<String> {
        match code {
            "guest.full_name" => Some("Ann <b>& Co</b>".into()),
            "booking.cancelation_url" => Some("https://x.test/booking/abc?a=1&b=2".into()),
            _ => None,
        }
    }

    #[test]
    fn known_codes_are_filled_and_escaped_in_html() {
        let html = fill(
            "<p>Hi {{guest.full_name}}</p><a href=\"##booking.cancelation_url##\">Cancel</a>",
            Output::Html,
            names,
        );
        assert_eq!(
            html,
            "<p>Hi Ann &lt;b&gt;&amp; Co&lt;/b&gt;</p><a href=\"https://x.test/booking/abc?a=1&amp;b=2\">Cancel</a>"
        );
    }

    #[test]
    fn text_output_is_not_escaped() {
        assert_eq!(
            fill("With {{guest.full_name}}", Output::Text, names),
            "With Ann <b>& Co</b>"
        );
    }

    #[test]
    fn unknown_and_malformed_codes_stay_visible() {
        for template in [
            "{{guest.nickname}} stays",
            "{{ unclosed",
            "## not a code ## and ##",
            "{{}} empty",
            "{{guest.full_name",
        ] {
            assert_eq!(fill(template, Output::Text, names), template);
        }
        // One bad code does not stop the next good one.
        assert_eq!(
            fill("{{nope}} {{guest.full_name}}", Output::Text, names),
            "{{nope}} Ann <b>& Co</b>"
        );
    }

    #[test]
    fn html_becomes_readable_text() {
        let text = html_to_text(
            "<p>Hello Ann,</p><p>Your call is <strong>confirmed</strong>.<br>Tuesday &amp; Wednesday</p><p><a href=\"https://x.test/b?a=1&amp;b=2\">Cancel</a></p><ul><li>One</li><li>Two</li></ul>",
        );
        assert_eq!(
            text,
            "Hello Ann,\n\nYour call is confirmed.\nTuesday & Wednesday\n\nCancel (https://x.test/b?a=1&b=2)\n\n- One\n- Two\n"
        );
    }
}
