//! Booking policies as pure rules (DESIGN 2.8): which attendee addresses an event takes, and
//! the video link a booking gets from its event's template.

/// A domain name as the lists keep it: lower case, no surrounding dots or `@`; `None` when it
/// is not a domain name (labels of letters, digits and hyphens, at least two labels).
pub fn domain_name(given: &str) -> Option<String> {
    let name = given.trim().trim_start_matches('@').trim_matches('.');
    let name = name.to_ascii_lowercase();
    let labels: Vec<&str> = name.split('.').collect();
    let label_ok = |l: &&str| {
        !l.is_empty()
            && l.len() <= 63
            && !l.starts_with('-')
            && !l.ends_with('-')
            && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
    };
    (labels.len() >= 2 && name.len() <= 253 && labels.iter().all(label_ok)).then_some(name)
}

/// An entry of the site's blocklist: a whole address or a domain, lower case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Blocked {
    Address(String),
    Domain(String),
}

impl Blocked {
    /// An address (`a@b.c`) or a domain name; `None` for anything else.
    pub fn parse(given: &str) -> Option<Blocked> {
        let text = given.trim().to_ascii_lowercase();
        match text.split_once('@') {
            Some((local, domain)) if !local.is_empty() => {
                domain_name(domain).map(|d| Blocked::Address(format!("{local}@{d}")))
            }
            _ => domain_name(&text).map(Blocked::Domain),
        }
    }

    /// How it is written back (settings answers, the settings page).
    pub fn text(&self) -> &str {
        match self {
            Blocked::Address(a) | Blocked::Domain(a) => a,
        }
    }
}

/// Whether `domain` is `list_entry` or one of its subdomains.
fn covered_by(domain: &str, list_entry: &str) -> bool {
    domain == list_entry || domain.ends_with(&format!(".{list_entry}"))
}

/// Whether an attendee's address may book: inside a non-empty `allow`, outside `deny` and not
/// on the site's blocklist (all case-insensitive; a domain covers its subdomains).
pub fn email_allowed(email: &str, allow: &[String], deny: &[String], blocklist: &[String]) -> bool {
    let email = email.trim().to_ascii_lowercase();
    let Some((_, domain)) = email.rsplit_once('@') else {
        return true;
    };
    let domain = domain.trim_end_matches('.');
    let in_list = |list: &[String]| {
        list.iter()
            .filter_map(|d| domain_name(d))
            .any(|d| covered_by(domain, &d))
    };
    if !allow.is_empty() && !in_list(allow) {
        return false;
    }
    if in_list(deny) {
        return false;
    }
    !blocklist.iter().any(|entry| match Blocked::parse(entry) {
        Some(Blocked::Address(a)) => a == email,
        Some(Blocked::Domain(d)) => covered_by(domain, &d),
        None => false,
    })
}

/// The placeholder a video link template must contain.
pub const VIDEO_UID: &str = "{uid}";

/// Whether a template is empty or an http(s) URL containing `{uid}`.
pub fn video_template_ok(template: &str) -> bool {
    let t = template.trim();
    if t.is_empty() {
        return true;
    }
    let rest = t
        .strip_prefix("https://")
        .or_else(|| t.strip_prefix("http://"));
    rest.is_some_and(|r| {
        !r.is_empty()
            && !r.starts_with(VIDEO_UID)
            && !r.starts_with('/')
            && !r.chars().any(char::is_whitespace)
            && t.contains(VIDEO_UID)
    })
}

/// The booking's video link: the template with `{uid}` replaced; `None` without a template.
pub fn video_url(template: &str, uid: &str) -> Option<String> {
    let t = template.trim();
    (!t.is_empty()).then(|| t.replace(VIDEO_UID, uid))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(items: &[&str]) -> Vec<String> {
        items.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn domain_names_are_lower_case_and_need_two_labels() {
        assert_eq!(domain_name(" @Example.COM. "), Some("example.com".into()));
        assert_eq!(domain_name("localhost"), None);
        assert_eq!(domain_name("bad_domain.com"), None);
        assert_eq!(domain_name("-a.com"), None);
    }

    #[test]
    fn an_allow_list_admits_its_domains_and_their_subdomains_only() {
        let allow = list(&["example.com"]);
        assert!(email_allowed("Ann@Example.com", &allow, &[], &[]));
        assert!(email_allowed("ann@mail.example.com", &allow, &[], &[]));
        assert!(!email_allowed("ann@badexample.com", &allow, &[], &[]));
        assert!(!email_allowed("ann@other.org", &allow, &[], &[]));
    }

    #[test]
    fn deny_and_the_blocklist_refuse_domains_and_addresses() {
        let deny = list(&["spam.test"]);
        assert!(!email_allowed("x@eu.spam.test", &[], &deny, &[]));
        assert!(email_allowed("x@spam.testing.org", &[], &deny, &[]));
        let blocklist = list(&["Troll@Example.org", "junk.net"]);
        assert!(!email_allowed("troll@example.org", &[], &[], &blocklist));
        assert!(email_allowed("friend@example.org", &[], &[], &blocklist));
        assert!(!email_allowed("a@b.junk.net", &[], &[], &blocklist));
    }

    #[test]
    fn blocklist_entries_are_addresses_or_domains() {
        assert_eq!(
            Blocked::parse("A@B.com"),
            Some(Blocked::Address("a@b.com".into()))
        );
        assert_eq!(
            Blocked::parse("b.com"),
            Some(Blocked::Domain("b.com".into()))
        );
        assert_eq!(Blocked::parse("@"), None);
        assert_eq!(Blocked::parse("nothing"), None);
    }

    #[test]
    fn video_templates_are_http_urls_with_the_uid() {
        assert!(video_template_ok(""));
        assert!(video_template_ok("https://meet.jit.si/{uid}"));
        assert!(video_template_ok("http://video.test/room?id={uid}"));
        assert!(!video_template_ok("https://meet.jit.si/room"));
        assert!(!video_template_ok("ftp://x.test/{uid}"));
        assert!(!video_template_ok("https://{uid}"));
        assert!(!video_template_ok("javascript:alert(1)//{uid}"));
        assert_eq!(
            video_url("https://meet.jit.si/{uid}", "abc"),
            Some("https://meet.jit.si/abc".into())
        );
        assert_eq!(video_url(" ", "abc"), None);
    }
}
