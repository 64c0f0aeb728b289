//! Every fixed text the public pages show (and the emails share), in one place so that it can be
//! translated. Pages and use cases both import it; it imports nothing of either.
//! Texts in quotes in DESIGN 2.6 ("Show times", "Confirm booking", ...) are contracts.

pub const FOOTER: &str = "Booked with slotbook";
pub const NOT_FOUND_TITLE: &str = "Page not found";
pub const NOT_FOUND_BODY: &str =
    "There is nothing at this address. The link may be old, or the page may have been removed.";
pub const ERROR_TITLE: &str = "Something went wrong";
/// The title of a booking page reached through a private link that no longer works.
pub const LINK_GONE_TITLE: &str = "This link has ended";

pub const LANDING_EMPTY: &str = "There is nothing to book here at the moment.";
pub const EVENTS_HEADING: &str = "Choose a meeting";

pub const HOST: &str = "Host";
pub const DURATION: &str = "Duration";
pub const LOCATION: &str = "Location";
pub const PREVIOUS_MONTH: &str = "Previous month";
pub const NEXT_MONTH: &str = "Next month";
pub const WEEKDAYS: [(&str, &str); 7] = [
    ("Mon", "Monday"),
    ("Tue", "Tuesday"),
    ("Wed", "Wednesday"),
    ("Thu", "Thursday"),
    ("Fri", "Friday"),
    ("Sat", "Saturday"),
    ("Sun", "Sunday"),
];
pub const TODAY: &str = "today";
pub const CHOSEN: &str = "chosen";
pub const CLOCK_CHANGE: &str = "clocks change on this day";
pub const CLOCK_CHANGE_LEGEND: &str = "Clocks change on marked days (daylight saving time).";
pub const TIME_ZONE: &str = "Time zone";
pub const SHOW_TIMES: &str = "Show times";
pub const ZONE_LOCKED: &str = "Times are shown in the host's time zone";
pub const CLOCK: &str = "Clock";
pub const DURATION_CHOICE: &str = "Duration";
pub const NO_TIMES_DAY: &str = "No times are free on this day. Please choose another day.";
pub const NO_TIMES_MONTH: &str = "No times are free in this month.";
pub const TIMES_HEADING: &str = "Available times";
pub const SEATS_LEFT_ONE: &str = "1 seat left";
pub fn seats_left(n: u32) -> String {
    if n == 1 {
        SEATS_LEFT_ONE.into()
    } else {
        format!("{n} seats left")
    }
}

pub const FORM_HEADING: &str = "Your details";
pub const CHANGE_TIME: &str = "Change time";
pub const REQUIRED: &str = "required";
pub const ERRORS_HEADING: &str = "Please check the form";

pub const ADD_GOOGLE: &str = "Add to Google Calendar";
pub const ADD_OUTLOOK: &str = "Add to Outlook";
pub const DOWNLOAD_ICS: &str = "Download .ics";
pub const JOIN_VIDEO: &str = "Join video call";
pub const OCCURRENCES: &str = "Occurrences";
pub const SERIES_HEADING: &str = "Dates in this series";
pub const SCOPE_THIS: &str = "Only this date";
pub const SERIES_CANCELLED: &str = "Cancelled";
pub const SCOPE_FOLLOWING: &str = "This and all later dates";

/// "4 dates" of a fixed series.
pub fn series_dates(count: i64) -> String {
    format!("{count} dates")
}
pub const RESCHEDULE: &str = "Reschedule";
pub const CANCEL: &str = "Cancel";
pub const BOOK_AGAIN: &str = "Book another time";
pub const WHEN: &str = "When";
pub const EVENT: &str = "Event";
pub const ATTENDEE: &str = "Attendee";

pub const CANCEL_HEADING: &str = "Cancel this booking";
pub const REASON: &str = "Reason";
pub const CANCEL_BUTTON: &str = "Cancel booking";
pub const KEEP_BOOKING: &str = "Keep the booking";
/// The manage page's link, the erase page's heading and button (DESIGN 2.11).
pub const ERASE_DATA: &str = "Erase my data";
pub const ERASE_EXPLAINED: &str = "Your name, email address, phone number, notes, answers and guests will be erased from this booking. A booking that has not taken place yet is cancelled first, and its host is told.";
pub const ERASE_CONFIRM: &str = "I understand that this cannot be undone";
pub const DATA_ERASED: &str = "Your data has been erased";
/// The desk's name of a booking whose attendee data was erased.
pub const ERASED_ATTENDEE: &str = "Erased attendee";
pub const DATA_ERASED_EXPLAINED: &str =
    "Nothing of what you entered is kept with this booking any more, and its links no longer work.";
pub const BACK_TO_BOOKING: &str = "Back to your booking";
pub const RESCHEDULE_HEADING: &str = "Choose a new time";
pub const CURRENT_TIME: &str = "Currently booked";

pub const CONFIRM_BOOKING: &str = "Confirm booking";
pub const CONFIRM_NEW_TIME: &str = "Confirm new time";
/// Above the booking form: until when the chosen time is kept for the visitor.
pub fn held_until(time: &str) -> String {
    format!("Held for you until {time}")
}
/// DESIGN 2.8: a host out of office in the month shown.
pub fn out_of_office(host: &str, start: &str, end: &str) -> String {
    format!("{host} is out of office from {start} to {end}")
}
pub fn book_with(teammate: &str) -> String {
    format!("Book with {teammate}")
}
pub const TIME_GONE: &str = "That time is not available any more. Please choose another time.";
pub const DURATION_NOT_OFFERED: &str =
    "That duration is not offered; showing the default duration.";
pub fn not_a_date(text: &str) -> String {
    format!("\u{201c}{text}\u{201d} is not a date; showing the first day with times.")
}
pub fn not_a_month(text: &str) -> String {
    format!("\u{201c}{text}\u{201d} is not a month; showing the first month with times.")
}
pub fn not_a_zone(text: &str, used: &str) -> String {
    format!("\u{201c}{text}\u{201d} is not a time zone; times are shown in {used}.")
}
pub fn clocks_change(zone: &str, before: &str, after: &str) -> String {
    format!("Clocks change on this day in {zone}: {before} to {after}.")
}

/// "30 minutes", "1 hour", "1 hour 30 minutes".
pub fn duration(minutes: i64) -> String {
    let (h, m) = (minutes / 60, minutes % 60);
    let hours = match h {
        0 => String::new(),
        1 => "1 hour".into(),
        n => format!("{n} hours"),
    };
    let mins = match m {
        0 => String::new(),
        1 => "1 minute".into(),
        n => format!("{n} minutes"),
    };
    [hours, mins]
        .into_iter()
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

pub const IN_PERSON: &str = "In person";
pub const IN_PERSON_GUEST: &str = "In person, at your address";
pub const PHONE_CALL: &str = "Phone call";
pub const PHONE_GUEST: &str = "Phone call: the host calls you";
pub const CUSTOM_LOCATION: &str = "Custom location";
pub const ONLINE_MEETING: &str = "Online meeting";
pub fn phone_call_to_host(number: &str) -> String {
    format!("Phone call: {number}")
}
pub fn phone_call_to_attendee(number: &str) -> String {
    format!("Phone call to {number}")
}
pub const GUESTS_HELP: &str = "One email address per line";
pub const GUESTS_HELP_GROUP: &str = "One guest per line, as: Name <email@example.org>";
/// A reason field's label; DESIGN wants "Reason" in it.
pub fn reason_label(label: &str) -> String {
    if label.to_lowercase().contains("reason") {
        label.to_string()
    } else {
        format!("Reason: {label}")
    }
}

/// The manage page's heading for a booking status.
pub fn status_heading(status: &str) -> &'static str {
    match status {
        "scheduled" => "Booking confirmed",
        "pending" => "Booking request sent",
        "cancelled" => "Booking cancelled",
        "rejected" => "Booking declined",
        "completed" => "Booking completed",
        "no_show" => "Booking marked as missed",
        _ => "Booking",
    }
}

pub fn too_many_bookings(seconds: u64) -> String {
    format!("Too many bookings from your address. Please try again in {seconds} seconds.")
}
pub const NOT_SAVED: &str = "The booking could not be saved. Please try again.";
pub const NOT_LOADED: &str = "The page could not be loaded. Please try again.";
/// The live region's announcement of a day's times.
pub fn times_announcement(month: &str, day: &str, count: u32) -> String {
    match count {
        0 => format!("{month}, {day}: no times"),
        1 => format!("{month}, {day}: 1 time"),
        n => format!("{month}, {day}: {n} times"),
    }
}

// The waitlist (DESIGN 2.12).
pub const WAITLIST_HEADING: &str = "Full? Wait for a place";
pub const JOIN_WAITLIST: &str = "Join the waitlist";
pub const NAME: &str = "Name";
pub const EMAIL: &str = "Email";
pub const WAITLIST_NOTE: &str = "If one of these times frees up, the first in line gets an email and the place is held for them.";
pub const OFFER_HEADING: &str = "A place is free";
pub const BOOK_THIS_TIME: &str = "Book this time";
pub const OFFER_EXPIRED: &str = "This offer has expired";
pub const OFFER_USED: &str = "This offer has already been used.";
pub const OFFER_GONE: &str = "This place is no longer held for you.";
pub const LEAVE_WAITLIST: &str = "Leave the waitlist";
pub const JOINED_HEADING: &str = "You have joined the waitlist";
pub const LEFT_HEADING: &str = "You have left the waitlist";
pub const WAITLIST_PLACE_HEADING: &str = "Your place on the waitlist";
pub const OFFERED_LINE: &str =
    "A place is held for you: the email we sent has the link to book it.";
pub const BOOKED_LINE: &str = "You booked this time from the waitlist.";
pub const EXPIRED_LINE: &str = "The place offered to you was not booked in time.";
pub const REMOVED_LINE: &str = "The host took this entry off the waitlist.";

/// "You are number 2 in line."
pub fn waitlist_position(position: i64) -> String {
    format!("You are number {position} in line.")
}
