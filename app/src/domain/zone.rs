//! IANA time zones, parsed at the edge.

use chrono_tz::Tz;

/// Parses an IANA zone name such as `Europe/Berlin`; `UTC` is accepted too.
pub fn parse_zone(name: &str) -> Option<Tz> {
    name.trim().parse::<Tz>().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_zone_accepts_iana_names_and_refuses_others() {
        assert_eq!(
            parse_zone("Asia/Kathmandu"),
            Some(chrono_tz::Asia::Kathmandu)
        );
        assert_eq!(parse_zone("UTC"), Some(chrono_tz::UTC));
        assert_eq!(parse_zone("Mars/Olympus"), None);
        assert_eq!(parse_zone(""), None);
    }
}
