//! A short, readable name for a User-Agent ("Firefox on Linux"), for the sessions list. Only
//! the common families are told apart; the full text is shown beside it.

/// "Browser on System", or the part that is known, or "Unknown browser".
pub fn browser_name(user_agent: &str) -> String {
    let ua = user_agent.to_ascii_lowercase();
    // Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari".
    let browser = [
        ("edg/", "Edge"),
        ("opr/", "Opera"),
        ("firefox/", "Firefox"),
        ("chromium/", "Chromium"),
        ("chrome/", "Chrome"),
        ("safari/", "Safari"),
        ("curl/", "curl"),
        ("python", "Python"),
    ]
    .into_iter()
    .find(|(needle, _)| ua.contains(needle))
    .map(|(_, name)| name);
    let system = [
        ("android", "Android"),
        ("iphone", "iOS"),
        ("ipad", "iPadOS"),
        ("windows", "Windows"),
        ("mac os", "macOS"),
        ("cros", "ChromeOS"),
        ("linux", "Linux"),
    ]
    .into_iter()
    .find(|(needle, _)| ua.contains(needle))
    .map(|(_, name)| name);
    match (browser, system) {
        (Some(b), Some(s)) => format!("{b} on {s}"),
        (Some(b), None) => b.to_string(),
        (None, Some(s)) => format!("Browser on {s}"),
        (None, None) => "Unknown browser".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::browser_name;

    #[test]
    fn common_browsers_are_named() {
        let cases = [
            (
                "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
                "Firefox on Linux",
            ),
            (
                "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
                "Edge on Windows",
            ),
            (
                "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
                "Safari on macOS",
            ),
            (
                "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36",
                "Chrome on Android",
            ),
            ("curl/8.5.0", "curl"),
            ("", "Unknown browser"),
        ];
        for (ua, name) in cases {
            assert_eq!(browser_name(ua), name, "{ua}");
        }
    }
}
