# The dashboard's and the login page's own texts (DESIGN 2.9), English.
# Ids are the English words; a translation keeps each id and its placeholders.

## ui/admin/audit_log.rs
page-not-found = Page not found
there-is-nothing-at-this-address = There is nothing at this address in the dashboard.
audit-log = Audit log
no-entries-match = No entries match.
n-1-entry = 1 entry.
logins-account-and-settings-changes-and = Logins, account and settings changes and data exports. Times in UTC.
action = Action
any-action = Any action
user = User
anyone = Anyone
outcome = Outcome
any-outcome = Any outcome
success = success
failure = failure
from = From
to = To
filter = Filter
export-csv = Export CSV
audit-log-entries = Audit log entries
audit-log-entries-newest-first = Audit log entries, newest first
time = Time
target = Target
ip-address = IP address
pages = Pages
previous-page = Previous page
next-page = Next page

## ui/admin/forms.rs
time-zone = Time zone
hosts = Hosts

## ui/admin/event_editor/notifications.rs
a-time-is-booked-or-you = A time is booked (or you confirm a request)
before-the-meeting = Before the meeting
the-attendee-cancels = The attendee cancels
you-cancel = You cancel
the-attendee-moves-the-time = The attendee moves the time
you-move-the-time = You move the time
a-booking-awaits-your-confirmation-events = A booking awaits your confirmation (events that need it)
the-host-declines-a-request = The host declines a request
moment-to-host = { $moment }; to you (the host).
moment-to-attendee = { $moment }; to the attendee.
send-this-email = Send this email
subject = Subject
message = Message
blind-copies-to = Blind copies to
addresses-separated-by-commas = Addresses separated by commas.
reminder-times = Reminder times
before-the-start-such-as-15 = Before the start, such as "15 minutes, 1 day".
save = Save
back-to-all-emails = Back to all emails
emails-this-event-sends = Emails this event sends
when = When
sent = Sent
actions = Actions
you = You
the-attendee-2 = The attendee
on = On
off = Off
edit = Edit
the-sender-reply-to-address-and = The sender, reply-to address and footer are set under
settings-email = Settings, Email

## ui/admin/event_editor/webhooks.rs
webhook-added-its-signing-secret-shown = Webhook added. Its signing secret, shown only now:
every-delivery-is-signed-with-it = Every delivery is signed with it (headers webhook-id, webhook-timestamp, webhook-signature).
no-webhooks-yet = No webhooks yet.
active = Active
paused = Paused
send-test = Send test
pause = Pause
resume = Resume
remove = Remove
delivery-log = Delivery log
trigger = Trigger
http-status = HTTP status
result = Result
no-deliveries-yet = No deliveries yet.
delivered = Delivered
failed = Failed
add-webhook = Add webhook
url = URL
name-optional = Name (optional)
send-when = Send when

## ui/admin/event_editor/mod.rs
there-is-no-such-event = There is no such event.
test-delivery-queued-it-shows-in = Test delivery queued. It shows in the delivery log within seconds: reload to see it.
webhook-paused = Webhook paused.
webhook-resumed = Webhook resumed.
webhook-removed = Webhook removed.
back-to-the-calendar = Back to the calendar
event = Event
open-the-booking-page = Open the booking page
event-settings = Event settings
saved = Saved.

## ui/admin/event_editor/details.rs
title = Title
duration = Duration
description = Description
colour = Colour
seats-per-time = Seats per time
status = Status
active-bookable = Active: bookable
draft-hidden = Draft: hidden
update-hosts = Update hosts
place-or-title = Place or title
in-person-at-your-address-and = In person at your address, and something else.
address-or-details = Address or details
in-person-at-your-address-required = In person at your address (required), and something else.
your-phone-number = Your phone number
when-the-attendee-calls-you = When the attendee calls you.
meeting-link = Meeting link
for-an-online-meeting-empty-sent = For an online meeting; empty: sent later.
location = Location
another-location = Another location
choose-a-kind-to-offer-one = Choose a kind to offer one more way to meet; with several, the attendee picks one when booking. "None" removes a location.
where = Where

## ui/admin/event_editor/fields.rs
the-booking-form-asks-these-in = The booking form asks these, in this order. The two reasons are asked when an attendee cancels or reschedules.
hidden = Hidden
required = Required
optional = Optional
move-up = Move up
move-down = Move down
add-field = Add field
label = Label
type = Type
options = Options
for-dropdown-radio-buttons-checkboxes-and = For Dropdown, Radio buttons, Checkboxes and Multi-select: one choice per line.
one-choice-per-line = One choice per line.
every-booking-needs-this-field-it = Every booking needs this field: it is always shown and required.
shown-on-the-form = Shown on the form
back-to-the-fields = Back to the fields

## ui/admin/event_editor/links.rs
a-private-link-lets-whoever-has = A private link lets whoever has it book this event, as often as it allows and until it expires. A secret event (Advanced tab) can be booked only through one.
uses = Uses
expires = Expires
create-private-link = Create private link
no-private-links-yet = No private links yet.
revoked = Revoked
used-up = Used up
no-end = No end
revoke = Revoke

## ui/admin/event_editor/limits.rs
minimum-notice = Minimum notice
how-long-before-a-time-it = How long before a time it can still be booked.
buffer-before = Buffer before
free-time-kept-before-each-booking = Free time kept before each booking.
buffer-after = Buffer after
free-time-kept-after-each-booking = Free time kept after each booking.
slot-interval = Slot interval
minutes-between-start-times-empty-the = Minutes between start times; empty: the event's duration.
times-in-minutes-the-booking-window = Times in minutes, the booking window in days.
booking-window-days = Booking window (days)
how-many-days-ahead-can-be = How many days ahead can be booked.
time-zone-of-the-booking-page = Time zone of the booking page
show-times-in-one-zone-only = Show times in one zone only (attendees cannot change it)
locked-time-zone = Locked time zone
per-day = Per day
per-week = Per week
per-month = Per month

## ui/admin/event_editor/payment.rs
payments-are-switched-off-for-this = Payments are switched off for this site: bookings stay free until they are switched on.
the-currency-and-number-format-are = The currency and number format are set under
settings-payments = Settings, Payments
bookings-of-this-event-take-payment = Bookings of this event take payment.
bookings-of-this-event-are-free = Bookings of this event are free: no payment is asked for.
take-payment-for-bookings = Take payment for bookings
attendees-pay-offline-you-mark-bookings = Attendees pay offline (you mark bookings paid)
price-name = Price name
this-event-has-a-price-per = This event has a price per duration (set through the REST API); it applies instead of this price.
how-to-pay = How to pay
shown-to-attendees-on-the-booking = Shown to attendees on the booking form, such as bank details or "pay at the front desk".

## ui/admin/event_editor/advanced.rs
allowed = Allowed
any-time-before-the-start = Any time before the start
only-until-a-time-before-the = Only until a time before the start
never = Never
up-to-this-long-before = Up to this long before
unit = Unit
requires-confirmation-bookings-wait-for-the = Requires confirmation: bookings wait for the host to confirm them
attendees-may-cancel = Attendees may cancel
attendees-may-reschedule = Attendees may reschedule
several-durations = Several durations
let-the-attendee-choose-the-duration = Let the attendee choose the duration
durations-minutes = Durations (minutes)
default-duration = Default duration
series = Series
allow-recurring-bookings = Allow recurring bookings
repeat-every = Repeat every
unit-of-the-repeat = Unit of the repeat
maximum-occurrences = Maximum occurrences
always-book-the-maximum-attendees-do = Always book the maximum (attendees do not choose)
who-may-book = Who may book
hold-minutes = Hold minutes
a-chosen-time-is-kept-for = A chosen time is kept for the visitor while they fill the form; 0: not held.
bookings-per-attendee = Bookings per attendee
upcoming-bookings-one-email-address-may = Upcoming bookings one email address may hold; empty: no limit.
secret-event-bookable-only-through-a = Secret event: bookable only through a private link
allow-agents-to-book = Allow agents to book
enable-waitlist = Enable waitlist
offer-minutes = Offer minutes
visitors-may-wait-for-a-taken = Visitors may wait for a taken time. When a place frees up, the first in line gets an email and the place is held for them for the offer minutes.
allowed-email-domains = Allowed email domains
example-com = example.com
blocked-email-domains = Blocked email domains
video-link-template = Video link template

## ui/admin/event_editor/availability.rs
hours = Hours
its-own-hours-below = Its own hours (below)
use = Use
the-event-has-its-own-hours = The event has its own hours. Reusable schedules are made under Availability.
why-is-this-time-not-offered = Why is this time not offered?
date = Date
explain = Explain
offered = Offered

## ui/admin/reports.rs
reports = Reports
utc-days = (UTC days)
period = Period
show = Show
recent-activity = Recent activity
nothing-yet = Nothing yet.
see-these-bookings = See these bookings
bookings-over-time = Bookings over time
chart = Chart
show-the-numbers = Show the numbers
bookings-over-time-as-numbers = Bookings over time, as numbers

## ui/admin/security.rs
back-to-settings = Back to settings
security = Security
session-has-been-ended = Session has been ended.
other-sessions-have-been-ended = Other sessions have been ended.
application-password-has-been-revoked = Application password has been revoked.
two-factor-authentication = Two-factor authentication
manage-two-factor-authentication = Manage two-factor authentication
set-up-two-factor-authentication = Set up two-factor authentication
sessions = Sessions
where-you-are-logged-in-to = Where you are logged in to the dashboard. End any you do not recognise.
browser = Browser
last-seen = Last seen
this-session = This session
end-session = End session
end-all-other-sessions = End all other sessions
application-passwords = Application passwords
for-integrations-that-call-the-rest = For integrations that call the REST API with HTTP Basic. Each is shown once; revoke one to shut it out at once.
copy-it-now-it-is-not = Copy it now: it is not shown again.
none-yet = None yet.
name = Name
created = Created
last-used = Last used
create-application-password = Create application password

## ui/admin/bookings.rs
bookings = Bookings
times-in = Times in
no-bookings-match = No bookings match.
booking-lists = Booking lists
calendar = Calendar
all-calendars = All calendars
all-events = All events
attendee = Attendee
name-or-email = Name or email
select = Select
payment = Payment
with-the-selected-bookings = With the selected bookings
confirm-selected = Confirm selected
reason-for-cancelling = Reason for cancelling
cancel-selected = Cancel selected
previous = Previous
next = Next
## ui/admin/in_place.rs
unsaved-changes = Unsaved changes

## ui/admin/external_calendars.rs
connected-calendars = Connected calendars
times-you-are-busy-in-these = Times you are busy in these calendars are not offered to attendees, and your bookings can be added to one of them.
passwords-and-secret-feed-addresses-are = Passwords and secret feed addresses are stored encrypted and never shown again.
calendar-has-been-connected = Calendar has been connected.
calendar-has-been-synced = Calendar has been synced.
calendar-connection-has-been-deleted = Calendar connection has been deleted.
not-synced-yet = Not synced yet
your-calendars = Your calendars
no-calendar-is-connected-yet-connect = No calendar is connected yet. Connect one below.
do-not-add-bookings-to-any = Do not add bookings to any of these calendars
save-choices = Save choices
ics-feed = ICS feed
caldav-account = CalDAV account
working = Working
not-reachable = Not reachable
check-for-conflicts = Check for conflicts
add-bookings-to-this-calendar = Add bookings to this calendar
sync-now = Sync now
disconnect = Disconnect
connect-calendar = Connect calendar
kind = Kind
caldav-account-icloud-fastmail-nextcloud-and = CalDAV account: iCloud, Fastmail, Nextcloud and others (busy times and your bookings)
ics-feed-a-secret-calendar-address = ICS feed: a secret calendar address from Google, Outlook or iCloud (busy times only)
server-url = Server URL
username = Username
password = Password
feed-url = Feed URL
title-optional = Title (optional)

## ui/admin/two_factor.rs
authentication-code = Authentication code
recovery-codes = Recovery codes
keep-these-codes-somewhere-safe-each = Keep these codes somewhere safe. Each one logs you in once if you lose your phone. They are not shown again.
back-to-security = Back to security
scan-the-code = Scan the code
scan-this-qr-code-with-an = Scan this QR code with an authenticator app (such as Aegis, FreeOTP or Google Authenticator), or type the secret key into it. Then enter the six-digit code it shows.
secret-key = Secret key
open-in-authenticator-app = Open in authenticator app
turn-on-two-factor-authentication = Turn on two-factor authentication
two-factor-authentication-is-on-logging = Two-factor authentication is on: logging in asks for a code from your authenticator app.
new-recovery-codes = New recovery codes
ten-new-codes-replace-the-old = Ten new codes replace the old ones.
turn-off-two-factor-authentication = Turn off two-factor authentication

## ui/admin/feeds.rs
the-feed-has-been-created-subscribe = The feed has been created. Subscribe to its address in your calendar application.
the-feed-has-a-new-address = The feed has a new address; the old one no longer works.
the-feed-has-been-revoked-its = The feed has been revoked; its address no longer works.
bookings-feed = Bookings feed
create-bookings-feed = Create bookings feed
calendar-feeds = Calendar feeds
not-read-by-a-calendar-yet = Not read by a calendar yet.
regenerate = Regenerate

## ui/admin/mod.rs
overview = Overview
waitlist = Waitlist
calendars = Calendars
availability = Availability
settings = Settings
booking = Booking
personal-data = Personal data
schedule = Schedule
the-database-is-busy-try-again = The database is busy; try again in a moment.
the-servers-storage-is-full-nothing = The server's storage is full; nothing was saved.
something-went-wrong-on-the-server = Something went wrong on the server; nothing was changed.
loading = Loading…
dashboard = Dashboard
menu = Menu
log-out = Log out

## ui/admin/privacy.rs
no-booking-holds-this-address = No booking holds this address.
download-json = Download JSON
names-email-addresses-phone-numbers-notes = Names, email addresses, phone numbers, notes, answers and guests of these bookings are erased. Bookings that have not taken place yet are cancelled first, and their hosts are told.
i-understand-that-this-cannot-be = I understand that this cannot be undone
erase-all-data = Erase all data
everything-held-about-one-attendees-email = Everything held about one attendee's email address: find it, download it, or erase it.
email = Email
find = Find

## ui/admin/waitlist.rs
visitors-waiting-for-a-taken-time = Visitors waiting for a taken time. When a place frees up, the first in line is offered it by email. Times in
waitlist-entry-has-been-removed = Waitlist entry has been removed
nobody-is-waiting = Nobody is waiting.
waitlist-entries = Waitlist entries
waitlist-entries-by-time-and-join = Waitlist entries, by time and join order
position = Position

## ui/admin/overview.rs
get-started = Get started
create-your-calendar = Create your calendar
with-a-first-event = with a first event.
set-the-hours-you-can-be = Set the hours you can be booked in
share-your-calendars-link-bookings-appear = Share your calendar's link; bookings appear here.
today = Today
next-bookings = Next
no-booking-waits-for-your-confirmation = No booking waits for your confirmation
your-booking-links = Your booking links
copied = Copied
copy = Copy

## ui/admin/calendars.rs
there-is-no-such-calendar = There is no such calendar.
back-to-calendars = Back to calendars
no-calendar-yet-make-the-first = No calendar yet: make the first one with “New calendar”.
n-1-event = 1 event
new-calendar = New calendar
slug = Slug
photo-url = Photo URL
the-slug-is-the-calendars-address = The slug is the calendar's address; left empty, one is made from the title. A first 30-minute event is made with it.
create-calendar = Create calendar
event-deleted = Event deleted.
keep-it = Keep it
delete-calendar = Delete calendar
delete-event = Delete event
landing-page = Landing page
link = Link
edit-the-calendar-and-its-landing = Edit the calendar and its landing page
build-a-link-and-preview-the = Build a link and preview the embed
events = Events
in-the-order-the-landing-page = In the order the landing page lists them.
no-event-yet = No event yet.
new-event = New event
duration-in-minutes-the-event-is = Duration in minutes. The event is bookable right away, on your default hours.
create-event = Create event
kind-of-event = Kind of event
share-an-event = Share an event
make-an-event-first = Make an event first.
pre-chosen-date = Pre-chosen date
pre-chosen-length-minutes = Pre-chosen length (minutes)
build-link = Build link
done = Done
link-to-share = Link to share
embed-code-for-this-link = Embed code for this link
preview = Preview
preview-of-the-embedded-booking-page = Preview of the embedded booking page
calendar-settings = Calendar settings
the-calendars-address-changing-it-changes = The calendar's address. Changing it changes every public link of this calendar; links shared before stop working.
show-the-landing-page = Show the landing page
events-on-the-landing-page = Events on the landing page
every-active-event = Every active event
only-the-events-ticked-below = Only the events ticked below
language = Language
the-public-pages-use-it-unless = The public pages use it unless the visitor's browser asks for another language.
embed-code = Embed code
clone = Clone
delete = Delete

## ui/admin/settings.rs
administrator = Administrator
host = Host
settings-sections = Settings sections
profile = Profile
email-address = Email address
current-password = Current password
new-password = New password
booking-limits = Booking limits
the-most-bookings-you-take-across = The most bookings you take across all of your events. Leave empty for no limit.
daily-limit = Daily limit
weekly-limit = Weekly limit
see-where-you-are-logged-in = See where you are logged in, end sessions, set up two-factor authentication and manage the application passwords of your integrations.
sessions-and-application-passwords = Sessions and application passwords
none-yet-connect-the-calendar-you = None yet. Connect the calendar you already use, so its busy times are not offered and bookings are added to it.
one-calendar-account-is-connected = One calendar account is connected.
not-reachable-2 = not reachable
manage-connected-calendars = Manage connected calendars
general = General
time-format = Time format
week-starts-on = Week starts on
sender-name = Sender name
sender-email = Sender email
reply-to-name = Reply-to name
reply-to-email = Reply-to email
footer = Footer
attach-a-calendar-file-ics-to = Attach a calendar file (.ics) to confirmations
send-as-the-hosts-name = Send as the host's name
payments = Payments
take-payments = Take payments
currency-iso-code = Currency (ISO code)
number-format = Number format
currency-sign = Currency sign
require-two-factor-authentication-for-everyone = Require two-factor authentication for everyone
whoever-logs-in-with-a-password = Whoever logs in with a password and has no two-factor authentication yet must set it up first. Application passwords are not affected.
booking-protection = Booking protection
proof-of-work = Proof of work
the-booking-page-has-the-visitors = The booking page has the visitor's browser solve a small puzzle before a booking is sent (ALTCHA): no images to pick, and costly for robots. Forms sent without it, with JavaScript off, are limited per address and hour.
blocked-addresses-and-domains = Blocked addresses and domains
one-per-line-an-address-someone = One per line: an address (someone@example.org) or a domain (example.org, with its subdomains).
privacy = Privacy
what-attendees-are-owed-how-long = What attendees are owed: how long their data is kept, whether they may erase it, and the notice the booking form asks them to accept.
keep-attendee-data-for-days = Keep attendee data for (days)
days-after-a-booking-has-ended = Days after a booking has ended. Empty: kept until erased by hand; 0: erased once a booking has ended. A daily pass erases what is due.
let-attendees-erase-their-data = Let attendees erase their data
the-bookings-page-then-links-erase = The booking's page then links "Erase my data".
ask-for-consent-to-a-privacy = Ask for consent to a privacy notice
privacy-notice = Privacy notice
the-booking-form-shows-it-beside = The booking form shows it beside a required checkbox; each booking keeps the version it accepted.
notice-version = Notice version
theme = Theme
colour-scheme-of-the-public-pages = Colour scheme of the public pages
as-the-visitors-system = As the visitor's system
light = Light
dark = Dark
use-my-brand-colour-for-buttons = Use my brand colour for buttons and links
brand-colour = Brand colour
a-colour-too-light-for-white = A colour too light for white text is darkened until it reads (WCAG AA).
modules = Modules
no-days-away-planned = No days away planned.
out-of-office = Out of office
on-these-days-none-of-your = On these days none of your events offers times. Your teammate takes your turns in round-robin events, and your booking pages point to their page.
teammate = Teammate
no-one = No one
reason-optional = Reason (optional)
add = Add
send-a-test-email = Send a test email
send-a-test-email-to = Send a test email to
your-own-address-when-empty = Your own address when empty
send-test-email = Send test email
team = Team
users = Users
login = Login
access = Access
change = Change
turn-off-two-factor = Turn off two-factor
delete-user = Delete user
add-user = Add user
full-name = Full name
role = Role
browser-language = Browser language

## ui/admin/hours.rs
unavailable = Unavailable
start = Start
end = End
add-window = Add window
copy-to-weekdays = Copy to weekdays
date-overrides = Date overrides
a-date-with-its-own-hours = A date with its own hours; without a window the date is not bookable.
add-date-override = Add date override

## ui/admin/availability.rs
there-is-no-such-schedule = There is no such schedule.
named-weekly-hours-that-events-can = Named weekly hours that events can follow. New events start with the default.
schedules = Schedules
no-schedule-yet = No schedule yet.
default = Default
new-schedule = New schedule
create-schedule = Create schedule
back-to-availability = Back to availability
no-event-uses-this-schedule = No event uses this schedule.
use-and-remove = Use and remove
set-as-default = Set as default

## ui/admin/booking_detail.rs
back-to-bookings = Back to bookings
phone = Phone
source = Source
for-the-attendee = For the attendee:
answers = Answers
guests = Guests
this-bookings-status-is-final = This booking's status is final.
reason-for-rejecting = Reason for rejecting
refund-the-payment = Refund the payment
resend-confirmation-email = Resend confirmation email
mark-as-paid = Mark as paid
not-delivered = Not delivered
send-again = Send again
reschedule = Reschedule
show-times = Show times
no-time-is-offered-on-this = No time is offered on this date.
offered-times = Offered times
reason-for-the-new-time = Reason for the new time
move-booking = Move booking
internal-note = Internal note
note-only-hosts-see-it = Note (only hosts see it)
save-note = Save note
activity = Activity
nothing-recorded-yet = Nothing recorded yet.

## pages/dashboard/reports.rs
the-start-came-after-the-end = The start came after the end; the two were swapped.
reports-span-three-years-at-most = Reports span three years at most; the range was shortened.
last-30-days = Last 30 days
this-week = This week
this-month = This month
last-month = Last month
booked = Booked
completed = Completed
cancelled = Cancelled

## pages/dashboard/bookings.rs
upcoming = Upcoming
pending = Pending
past = Past
all = All

## pages/event_tabs/notifications.rs
the-price-must-be-an-amount = The price must be an amount such as 49.50.
write-the-times-as-15-minutes = Write the times as "15 minutes, 1 day": whole numbers of minutes, hours or days.
the-reminder-times-could-not-be = The reminder times could not be read.

## pages/event_tabs/webhooks.rs
test = Test

## pages/event_tabs/fields.rs
unknown-action = Unknown action.

## pages/event_tabs/links.rs
the-max-uses-must-be-between = The max uses must be between 1 and 1000.
enter-a-date-and-time = Enter a date and time.

## pages/event_tabs/advanced.rs
each-duration-must-be-a-whole = Each duration must be a whole number of minutes.
the-default-duration-must-be-a = The default duration must be a whole number of minutes.
repeat-interval = repeat interval
maximum-of-occurrences = maximum of occurrences
hold-minutes-2 = hold minutes
bookings-per-attendee-2 = bookings per attendee
offer-minutes-2 = offer minutes

## pages/setup/forms.rs
nothing-was-saved-the-database-could = Nothing was saved: the database could not be reached. Try again.

## pages/setup/editor.rs
the-minimum-notice-value-is-required = The minimum notice value is required.
not-offered = Not offered

## pages/setup/mod.rs
the-title-field-is-required = The title field is required.
choose-events-from-the-list = Choose events from the list.

## ui/login.rs
log-in-to-manage-your-calendars = Log in to manage your calendars and bookings.
or = or
login-or-email = Login or email
log-in = Log in
enter-the-code-your-authenticator-app = Enter the code your authenticator app shows, or one of your recovery codes.
verify = Verify
log-in-again = Log in again

## ui/mod.rs
there-is-nothing-at-this-address-2 = There is nothing at this address.
go-to-the-dashboard = Go to the dashboard

## pages/settings.rs
choose-a-teammate-from-the-list = Choose a teammate from the list.
that-period-is-not-in-your = That period is not in your list (any more).
tick-the-box-to-confirm-the = Tick the box to confirm the deletion.
the-retention-days-must-be-an = The retention days must be an integer.
enter-a-whole-number-of-at = Enter a whole number of at least 1, or leave it empty.
unknown-settings-section = Unknown settings section.

## pages/security.rs
this-form-is-not-one-of = This form is not one of this page's.

## tabs and sections
details = Details
limits = Limits
booking-fields = Booking fields
notifications = Notifications
webhooks = Webhooks
advanced = Advanced
private-links = Private links
no-show = No-show

## login
log-in-with = Log in with { $provider }
working-2 = working

## messages with values
not-a-list = “{ $text }” is not a list; showing Upcoming.
not-a-calendar = “{ $text }” is not a calendar; showing all.
not-an-event = “{ $text }” is not an event; showing all.
not-a-date-left-out = “{ $text }” is not a date; it was left out.
series-of = Series { $index } of { $count }
must-be-whole-number = The { $label } must be a whole number.
test-email-sent = A test email is on its way to { $address }.
must-be-integer = The { $field } must be an integer.
schedule-hours-note = The hours are wall-clock times in the schedule's time zone. A day without a window is not bookable.
used-by = Used by: { $events }.
series-of-dates = Series of { $count } dates
send-again-what = Send again: { $what }
select-booking = Select { $attendee }, { $when }
page-of = Page { $page } of { $pages }
bookings-count = { $count ->
    [one] 1 booking
   *[other] { $count } bookings
}
bulk-changed = Changed { $count ->
    [one] 1 booking
   *[other] { $count } bookings
}: { $names }
bulk-refused = { $count ->
    [one] 1 booking was not changed:
   *[other] { $count } bookings were not changed:
}
delete-event-question = Delete { $title }? Its bookings stay in the bookings list. This cannot be undone.
open-booking-page-of = Open the booking page of { $title }
video-link-help = Each booking gets its own call: {"{"}uid{"}"} is replaced by a random code.
schedule-named = Schedule: { $title }
follows-schedule = Follows the schedule { $title }; the hours below are its hours. Saving them makes them the event's own.
no-hours-on = No hours on { $date }: every time that day is outside hours.
location-number = Location { $number }
edit-field = Edit field: { $label }
field-type = Type: { $type }
expiry-help = In { $zone }. Empty: no end.
expires-at = Expires { $time } UTC
link-number = Link { $number }
revoke-link-number = Revoke link { $number }
date-format-needed = The date must be in YYYY-MM-DD format
event-hours-note = Hours in { $zone }, the calendar's time zone. A day without a window is not bookable.
back-to = Back to { $title }
edit-named = Edit: { $name }
payments-on-in = Payments are switched on for this site, in { $currency }.
price-in = Price ({ $currency })
sends-on = Sends on: { $triggers }
delivery-log-of = Delivery log of { $name }

## messages with values 2
caldav-hint = iCloud: https://caldav.icloud.com with an app-specific password. Fastmail: https://caldav.fastmail.com. Nextcloud: https://cloud.example.com/remote.php/dav.
ics-feed-hint = Google Calendar: Settings, your calendar, "Secret address in iCal format".
last-read = Last read by a calendar { $time }.
regenerate-named = Regenerate { $name }
revoke-named = Revoke { $name }
set-up-two-factor-first = Set up two-factor authentication first.
no-bookings-today = No bookings today.
nothing-booked-after-today = Nothing booked after today yet.
bookings-wait = { $count ->
    [one] 1 booking waits for your confirmation
   *[other] { $count } bookings wait for your confirmation
}
bookings-of = Bookings of { $email }
data-erased = Personal data has been erased ({ $count ->
    [one] 1 booking
   *[other] { $count } bookings
}).
change-up = Up { $percent }% on { $days ->
    [one] the day before
   *[other] the { $days } days before
}
change-down = Down { $percent }% on { $days ->
    [one] the day before
   *[other] the { $days } days before
}
change-same = Same as { $days ->
    [one] the day before
   *[other] the { $days } days before
}
two-factor-turned-off = Two-factor authentication has been turned off.
end-session-of = End session ({ $browser }, { $ip })
app-password-is = The application password “{ $name }” is:
set-up-two-factor = Set up two-factor authentication
remove-from-waitlist = Remove { $name } from the waitlist
signed-in-as = Signed in as { $login } ({ $role }).
accounts-connected = { $count } calendar accounts are connected.
dates-from-to = { $from } to { $to }
teammate-named = Teammate: { $name }
delete-named = Delete { $name }
access-for = Access for { $login }
two-factor-off-for = Turn off two-factor authentication for { $login }
delete-user-named = Delete user { $login }
bookings-per-period = Bookings per period
limit-the-number-of-bookings = Limit the number of bookings
booked-time-per-period = Booked time per period (minutes)
limit-the-booked-time = Limit the booked time

## messages with values 3
uses-of = { $uses } of { $count } used
body-help = HTML; smart codes such as {"{{"}guest.full_name{"}}"} are filled in when it is sent.

## restored
not-a-start-date = The start date “{ $text }” is not a date (YYYY-MM-DD); the default is shown.
not-an-end-date = The end date “{ $text }” is not a date (YYYY-MM-DD); the default is shown.
user-made = { $login } can sign in with the password { $password } (shown only now: pass it on and ask them to keep it safe).
entries-page = { $count } entries, page { $page } of { $pages }.
delete-calendar-question = Delete { $title } with its { $count ->
    [one] 1 event
   *[other] { $count } events
} and all their bookings? This cannot be undone.
last-synced = Last synced { $time } UTC
chart-summary-days = Bookings per day from { $from } to { $to }: { $totals }.
chart-summary-months = Bookings per month from { $from } to { $to }: { $totals }.
the-server-cannot-reach-its-database = The server cannot reach its database; try again in a moment.

## login refusals
cross-site-refused = Cross-site request refused
too-many-logins = Too many failed logins. Try again in { $seconds } seconds.
login-not-correct = The login or password is not correct.
password-login-off = Password login is turned off.
code-not-correct = The code is not correct.
login-expired = The login has expired. Log in again.

## form handlers
form-expired = This form has expired. Reload the page and try again.
choose-a-button = Choose one of the page's buttons.
choose-confirm-or-cancel = Choose “Confirm selected” or “Cancel selected”.
there-is-no-such-webhook = There is no such webhook.
there-is-no-such-link = There is no such link.

## more
agents-help = AI assistants (through this site's MCP server at /mcp) may find times and book for people. They always show the booking first and book only once it is confirmed.
feeds-help = Subscribe to your bookings from any calendar application. The bookings feed shows who booked; the free/busy feed shows only when you are busy, for sharing with colleagues. Keep the addresses private: anyone who has one can read its feed.
minutes-short = { $minutes } min
draft = draft

## feeds
free-busy-feed = Free/busy feed
create-free-busy-feed = Create free/busy feed

## settings choices
clock-12-example = 12-hour (9:00am)
clock-24-example = 24-hour (09:00)
currency-before = Before: $10
currency-before-spaced = Before, spaced: $ 10
currency-after = After: 10$
currency-after-spaced = After, spaced: 10 $

## schedules
no-hours = No hours

## modules
module-smtp = SMTP delivery
module-smtp-about = Send booking emails through your own SMTP server.
module-form = Forms
module-form-about = Use booking fields from your form builder.
module-crm = CRM
module-crm-about = Add attendees to your contact lists and tag them.
module-boards = Boards
module-boards-about = Create a task on a board for each booking.
module-cart = Cart
module-cart-about = Sell paid events through your store's checkout.

## editor choices
field-type-text = Text
field-type-textarea = Paragraph
field-type-email = Email
field-type-number = Number
field-type-phone = Phone
field-type-dropdown = Dropdown
field-type-radio = Radio buttons
field-type-checkbox-group = Checkboxes
field-type-multi-select = Multi-select
field-type-checkbox = Checkbox
field-type-date = Date
field-type-terms-and-conditions = Terms and conditions
field-type-hidden = Hidden
location-kind-none = None
location-kind-in-person-organizer = In person, at your address
location-kind-in-person-guest = In person, where the attendee says
location-kind-phone-organizer = Phone: the attendee calls you
location-kind-phone-guest = Phone: you call the attendee
location-kind-online-meeting = Online meeting
location-kind-custom = Something else
unit-minutes = minutes
unit-hours = hours
unit-days = days
unit-weeks = weeks
unit-months = months
email-title-booking-conf-attendee = Booking Confirmation Email to Attendee
email-title-booking-conf-host = Booking Confirmation Email to Organizer (You)
email-title-reminder-to-attendee = Configure Meeting Reminder to Attendee
email-title-reminder-to-host = Configure Meeting Reminder to Organizer (You)
email-title-cancelled-by-attendee = Booking Cancelled by Attendee (email to Organizer)
email-title-cancelled-by-host = Booking Cancelled by Organizer (email to Attendee)
email-title-rescheduled-by-attendee = Booking Rescheduled by Attendee (email to Organizer)
email-title-rescheduled-by-host = Booking Rescheduled by Organizer (email to Attendee)
email-title-booking-request-host = Booking Approval Request to Host (email to Organizer)
email-title-booking-request-attendee = Booking Submission Confirmation (email to Attendee)
email-title-declined-by-host = Booking Declined by Organizer (email to Attendee)
trigger-scheduled = Booking Confirmed
trigger-cancelled = Booking Canceled
trigger-completed = Booking Completed
trigger-rescheduled = Booking Rescheduled
trigger-rejected = Booking Rejected

## reminders
times-before = { $times } before

## booking desk
action-cancel-following = Cancel this and later dates
status-scheduled = Scheduled
status-pending = Pending
status-cancelled = Cancelled
status-completed = Completed
status-rejected = Rejected
status-no-show = No Show
action-confirm = Confirm
action-reject = Reject
action-cancel = Cancel booking
action-no-show = Mark as no-show
action-complete = Mark as completed

## report widgets
widget-total-bookings = Total Bookings
widget-completed-bookings = Completed Bookings
widget-cancelled-bookings = Cancelled Bookings
widget-total-guests = Total Guests

there-is-no-such-booking = There is no such booking.

## pages/setup/forms.rs: refusals of the host's own forms (other refusals: the public catalogs)
refused-slug-taken = The provided slug is not available. Please choose a different one
refused-calendar-exists = The user already has a calendar. Please delete it first to create a new one
refused-schedule-in-use = This schedule cannot be deleted while an event uses it. Give those events other hours first.
refused-schedule-default = The default schedule cannot be deleted: set another schedule as default first.
refused-user-exists = A user with this login or email already exists
refused-feed-exists = A feed of this kind already exists.
refused-forbidden = You are not allowed to do this.

## texts/dashboard.rs: an instant in the technical lists (audit log, sessions, personal data)
utc-stamp = { $date }, { $time } UTC
