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
