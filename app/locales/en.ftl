# The public pages, the attendee's emails and texts (DESIGN 2.9). Every file has the same keys
# and placeholders (a unit test checks). Quoted names of DESIGN 2.6 are contracts in English.

footer = Booked with slotbook
not-found-title = Page not found
not-found-body = There is nothing at this address. The link may be old, or the page may have been removed.
error-title = Something went wrong
link-gone-title = This link has ended
not-saved = The booking could not be saved. Please try again.
not-loaded = The page could not be loaded. Please try again.

language = Language
change-language = Change language

landing-empty = There is nothing to book here at the moment.
events-heading = Choose a meeting

host = Host
duration = Duration
location = Location
previous-month = Previous month
next-month = Next month
today = today
chosen = chosen
clock-change = clocks change on this day
clock-change-legend = Clocks change on marked days (daylight saving time).
time-zone = Time zone
show-times = Show times
zone-locked = Times are shown in the host's time zone
clock = Clock
clock-12 = 12-hour
clock-24 = 24-hour
duration-choice = Duration
no-times-day = No times are free on this day. Please choose another day.
no-times-month = No times are free in this month.
times-heading = Available times
seats-left = { $count ->
    [one] 1 seat left
   *[other] { $count } seats left
}
times-announcement = { $count ->
    [0] { $month }, { $day }: no times
    [one] { $month }, { $day }: 1 time
   *[other] { $month }, { $day }: { $count } times
}

form-heading = Your details
change-time = Change time
required = required
errors-heading = Please check the form
website = Website
held-until = Held for you until { $time }
confirm-booking = Confirm booking
confirm-new-time = Confirm new time
time-gone = That time is not available any more. Please choose another time.
duration-not-offered = That duration is not offered; showing the default duration.
not-a-date = “{ $text }” is not a date; showing the first day with times.
not-a-month = “{ $text }” is not a month; showing the first month with times.
not-a-zone = “{ $text }” is not a time zone; times are shown in { $zone }.
clocks-change = Clocks change on this day in { $zone }: { $before } to { $after }.
out-of-office = { $host } is out of office from { $start } to { $end }
book-with = Book with { $teammate }

date-span = { $date }, { $start } – { $end }

hours = { $count ->
    [one] 1 hour
   *[other] { $count } hours
}
minutes = { $count ->
    [one] 1 minute
   *[other] { $count } minutes
}
listed = { $first }, { $rest }
hours-minutes = { $hours } { $minutes }

in-person = In person
in-person-guest = In person, at your address
phone-call = Phone call
phone-guest = Phone call: the host calls you
custom-location = Custom location
online-meeting = Online meeting
phone-call-to-host = Phone call: { $number }
phone-call-to-attendee = Phone call to { $number }
payment = Payment
alternatives = { $first } or { $rest }
field-name = Your Name
field-email = Your Email
field-message = What is this meeting about?
field-cancellation-reason = Reason for cancellation
field-cancellation-placeholder = Why are you cancelling?
field-rescheduling-reason = Reason for reschedule
field-rescheduling-placeholder = Let others know why you need to reschedule
field-guests = Additional Guests
field-phone = Your Phone Number
field-payment = Payment Method
field-address = Your Address
guests-help = One email address per line
guests-help-group = One guest per line, as: Name <email@example.org>
reason-word = reason
reason-label = Reason: { $label }

occurrences = Occurrences
series-dates = { $count ->
    [one] 1 date
   *[other] { $count } dates
}
repeats-every = { $unit ->
    [week] { $interval ->
        [one] Repeats every week
       *[other] Repeats every { $interval } weeks
    }
    [month] { $interval ->
        [one] Repeats every month
       *[other] Repeats every { $interval } months
    }
   *[day] { $interval ->
        [one] Repeats every day
       *[other] Repeats every { $interval } days
    }
}

add-google = Add to Google Calendar
add-outlook = Add to Outlook
download-ics = Download .ics
join-video = Join video call
series-heading = Dates in this series
scope-this = Only this date
scope-following = This and all later dates
series-cancelled = Cancelled
reschedule = Reschedule
cancel = Cancel
book-again = Book another time
when = When
event = Event
attendee = Attendee
status-scheduled = Booking confirmed
status-pending = Booking request sent
status-cancelled = Booking cancelled
status-rejected = Booking declined
status-completed = Booking completed
status-no-show = Booking marked as missed
status-other = Booking

cancel-heading = Cancel this booking
reason = Reason
cancel-button = Cancel booking
keep-booking = Keep the booking
reschedule-heading = Choose a new time
current-time = Currently booked
erase-data = Erase my data
erase-explained = Your name, email address, phone number, notes, answers and guests will be erased from this booking. A booking that has not taken place yet is cancelled first, and its host is told.
erase-confirm = I understand that this cannot be undone
data-erased = Your data has been erased
data-erased-explained = Nothing of what you entered is kept with this booking any more, and its links no longer work.
back-to-booking = Back to your booking

waitlist-heading = Full? Wait for a place
join-waitlist = Join the waitlist
name = Name
email = Email
waitlist-note = If one of these times frees up, the first in line gets an email and the place is held for them.
offer-heading = A place is free
book-this-time = Book this time
offer-expired = This offer has expired
offer-used = This offer has already been used.
offer-gone = This place is no longer held for you.
leave-waitlist = Leave the waitlist
joined-heading = You have joined the waitlist
left-heading = You have left the waitlist
waitlist-place-heading = Your place on the waitlist
offered-line = A place is held for you: the email we sent has the link to book it.
booked-line = You booked this time from the waitlist.
expired-line = The place offered to you was not booked in time.
removed-line = The host took this entry off the waitlist.
waitlist-position = You are number { $position } in line.

# The emails, SMS texts and .ics summary (DESIGN 2.9): smart codes are the variables the
# sender fills in; a template the host changed is sent as written.
email-booking-conf-attendee-subject = Booking Confirmation between { $host_name } & { $guest_full_name }
email-booking-conf-attendee-body = <p>Hello { $guest_first_name },</p><p>Your { $event_name } with { $host_name } is confirmed.</p><p><strong>When:</strong> { $when_guest }<br><strong>Where:</strong> { $where }</p><p><a href="{ $reschedule_url }">Reschedule</a> or <a href="{ $cancel_url }">cancel</a></p>
sms-booking-conf-attendee = Confirmed: { $event_name } with { $host_name }, { $start_guest }. Change or cancel: { $manage_url }
email-booking-conf-host-subject = New Booking: { $guest_full_name } @ { $start_host }
email-booking-conf-host-body = <p>{ $guest_full_name } ({ $guest_email }) booked { $event_name } with you.</p><p><strong>When:</strong> { $when_host }</p><p>Note: { $guest_note }</p><p><a href="{ $admin_url }">Open the booking</a></p>
sms-booking-conf-host = New booking: { $guest_full_name }, { $event_name }, { $start_host }
email-reminder-to-attendee-subject = Meeting Reminder with { $host_name } @ { $start_guest }
email-reminder-to-attendee-body = <p>Hello { $guest_first_name },</p><p>A reminder: your { $event_name } with { $host_name } starts { $when_guest }.</p><p><strong>Where:</strong> { $where }</p><p><a href="{ $reschedule_url }">Reschedule</a> or <a href="{ $cancel_url }">cancel</a></p>
sms-reminder-to-attendee = Reminder: { $event_name } with { $host_name }, { $start_guest }
email-reminder-to-host-subject = Meeting Reminder with { $guest_full_name } @ { $start_host }
email-reminder-to-host-body = <p>A reminder: { $event_name } with { $guest_full_name } starts { $when_host }.</p><p><a href="{ $admin_url }">Open the booking</a></p>
sms-reminder-to-host = Reminder: { $event_name } with { $guest_full_name }, { $start_host }
email-cancelled-by-attendee-subject = A booking was cancelled with { $guest_full_name }
email-cancelled-by-attendee-body = <p>{ $guest_full_name } cancelled { $event_name } of { $when_host }.</p><p>Reason: { $cancel_reason }</p>
sms-cancelled-by-attendee = { $guest_full_name } cancelled { $event_name } of { $start_host }
email-cancelled-by-host-subject = Your booking was cancelled with { $host_name }
email-cancelled-by-host-body = <p>Hello { $guest_first_name },</p><p>{ $host_name } cancelled your { $event_name } of { $when_guest }.</p><p>Reason: { $cancel_reason }</p>
sms-cancelled-by-host = { $host_name } cancelled your { $event_name } of { $start_guest }
email-rescheduled-by-attendee-subject = A booking was rescheduled with { $guest_full_name }
email-rescheduled-by-attendee-body = <p>{ $guest_full_name } moved { $event_name } to { $when_host } (was { $previous_host }).</p><p>Reason: { $reschedule_reason }</p>
sms-rescheduled-by-attendee = { $guest_full_name } moved { $event_name } to { $start_host }
email-rescheduled-by-host-subject = Your booking was rescheduled with { $host_name }
email-rescheduled-by-host-body = <p>Hello { $guest_first_name },</p><p>{ $host_name } moved your { $event_name } to { $when_guest } (was { $previous_guest }).</p><p><a href="{ $reschedule_url }">Reschedule</a> or <a href="{ $cancel_url }">cancel</a></p>
sms-rescheduled-by-host = { $host_name } moved your { $event_name } to { $start_guest }
email-booking-request-host-subject = Awaiting Approval: { $guest_full_name } @ { $start_host }
email-booking-request-host-body = <p>{ $guest_full_name } ({ $guest_email }) asks to book { $event_name } on { $when_host }.</p><p><a href="{ $confirm_url }">Confirm</a> or <a href="{ $reject_url }">decline</a></p>
sms-booking-request-host = { $guest_full_name } asks to book { $event_name } on { $start_host }
email-booking-request-attendee-subject = Booking Submitted: Meeting between { $host_name } & { $guest_full_name }
email-booking-request-attendee-body = <p>Hello { $guest_first_name },</p><p>Your request for { $event_name } with { $host_name } on { $when_guest } awaits the host's confirmation. You will get an email either way.</p><p><a href="{ $cancel_url }">Withdraw the request</a></p>
sms-booking-request-attendee = Request sent: { $event_name } with { $host_name }, { $start_guest }. You will hear back.
email-declined-by-host-subject = Booking Declined: Your booking was declined with { $host_name }
email-declined-by-host-body = <p>Hello { $guest_first_name },</p><p>{ $host_name } declined your request for { $event_name } on { $when_guest }.</p><p>Reason: { $reject_reason }</p>
sms-declined-by-host = { $host_name } declined your request for { $event_name } on { $start_guest }
ics-summary = { $event } with { $host }
ics-summary-group = { $event } ({ $count ->
    [one] 1 attendee
   *[other] { $count } attendees
})

# The waitlist's emails and the link to a booking already made (DESIGN 2.12).
waitlist-joined-subject = You are on the waitlist for { $event }
waitlist-joined-lead = You are on the waitlist for { $event }: { $when }.
waitlist-joined-next = If a place frees up, we will email you a link to book it.
waitlist-joined-leave = To leave the waitlist:
waitlist-offer-subject = A place is free: { $event }
waitlist-offer-lead = A place is free for { $event }: { $when }.
waitlist-offer-held = It is held for you until { $until }. Book it here:
booking-link-subject = Your booking for { $event }
booking-link-lead = You already have a booking for { $event }: { $when }.
booking-link-follow = You can see, reschedule or cancel it here:

# Refusals of a posted form, by the field's rule and the refusal's code (English pages keep the
# interface's own messages).
rule-required = This field is required.
rule-email = Please enter a valid email address.
rule-blocked = This email address can not be used for bookings.
rule-too-long = This text is too long.
rule-choice = Please choose one of the options offered.
rule-number = Please enter a number.
rule-range = This value is outside the allowed range.
rule-date = Please enter a valid date or time.
rule-url = Please enter a web address starting with https://.
rule-slug = Use only lowercase letters, digits and hyphens.
rule-incorrect = This is not correct.
rule-accepted = Please confirm this.
rule-invalid = This value is not valid.
refused-slot-taken = This selected time slot is not available. Maybe someone booked the spot just a few seconds ago.
refused-series = Some dates of this series are not available: { $dates }
refused-spam = Your booking could not be accepted.
refused-too-many = Too many bookings from your address. Please wait a moment and try again.
refused-too-many-holds = Too many times are held from this address. Please wait for one to end and try again.
refused-link-gone = This private link is no longer valid.
refused-already-waitlisted = You are already on the waitlist for this time.
refused-no-waitlist = This time has no waitlist.
refused-slot-free = This time is available. Book it instead.
refused-attendee-limit = You already have a booking for this event. We have sent its link to your email address.
refused-not-accepting = Sorry, the host is not accepting any new bookings at the moment.
refused-cannot-cancel = Sorry! you can not cancel this
refused-cannot-reschedule = Sorry! you can not reschedule this
refused-changed = This booking can no longer be changed.
refused-other = That did not work. Please try again.
