//! "Add to Google Calendar" and "Add to Outlook": the addresses that open a booking in those
//! calendars (the manage page and the emails offer them).

use chrono::DateTime;

use crate::store::bookings::BookingRow;

/// "Add to Google Calendar" and "Add to Outlook" addresses of a booking.
pub fn calendar_links(
    booking: &BookingRow,
    title: &str,
    location: Option<&str>,
    public_url: &str,
) -> (String, String) {
    let utc = |t: i64| {
        DateTime::from_timestamp(t, 0)
            .unwrap_or_default()
            .format("%Y%m%dT%H%M%SZ")
            .to_string()
    };
    let iso = |t: i64| {
        DateTime::from_timestamp(t, 0)
            .unwrap_or_default()
            .format("%Y-%m-%dT%H:%M:%SZ")
            .to_string()
    };
    let details = format!("{public_url}/booking/{}", booking.hash);
    let location = location.unwrap_or_default().to_string();
    let google = external_link(
        "https://calendar.google.com/calendar/render",
        &[
            ("action", "TEMPLATE".into()),
            ("text", title.to_string()),
            (
                "dates",
                format!("{}/{}", utc(booking.start_time), utc(booking.end_time)),
            ),
            ("details", details.clone()),
            ("location", location.clone()),
        ],
    );
    let outlook = external_link(
        "https://outlook.live.com/calendar/0/deeplink/compose",
        &[
            ("path", "/calendar/action/compose".into()),
            ("rru", "addevent".into()),
            ("subject", title.to_string()),
            ("startdt", iso(booking.start_time)),
            ("enddt", iso(booking.end_time)),
            ("body", details),
            ("location", location),
        ],
    );
    (google, outlook)
}

pub fn external_link(base: &str, params: &[(&str, String)]) -> String {
    let mut query = url::form_urlencoded::Serializer::new(String::new());
    for (key, value) in params {
        query.append_pair(key, value);
    }
    format!("{base}?{}", query.finish())
}
