-- Attendee data sealed at rest (DESIGN 2.11). What the attendee typed or sent moves out of
-- `bookings` into `booking_attendees`, one row per booking, sealed with the secret key
-- (`v1:...`): sealed text is several times longer than the clear text, and in `bookings` it
-- made every scan of the bookings desk (its counts, its pages) read twice the pages. The desk
-- filters and counts `bookings` alone and opens the attendee rows of the page it shows.
-- Lookups use keyed hashes: `bookings.email_hash` (of the trimmed, lower-case address; the
-- attendee limit's index) and `booking_attendees.name_words` (`<h1><h2>...`, one hash per
-- lower-case word of the name, sorted: the desk's search). `migrate`/`serve` seal the clear
-- values copied here from an older database, and those of the other tables holding attendee
-- data (booking documents, activities, outbox, webhook log, saved answers, waitlist).
CREATE TABLE booking_attendees (
    booking_id INTEGER PRIMARY KEY REFERENCES bookings(id) ON DELETE CASCADE,
    first_name TEXT NOT NULL DEFAULT '',
    last_name TEXT NOT NULL DEFAULT '',
    email TEXT NOT NULL DEFAULT '',
    message TEXT NOT NULL DEFAULT '',
    internal_note TEXT NOT NULL DEFAULT '',
    phone TEXT NOT NULL DEFAULT '',
    ip_address TEXT NOT NULL DEFAULT '',
    location_details TEXT NOT NULL DEFAULT '{}',
    name_words TEXT NOT NULL DEFAULT ''
);
INSERT INTO booking_attendees (booking_id, first_name, last_name, email, message, internal_note,
    phone, ip_address, location_details)
SELECT id, first_name, last_name, email, message, internal_note, phone, ip_address, location_details
FROM bookings;
-- The attendee limit's lookup moves from the clear address to its hash.
DROP INDEX bookings_event_email;
ALTER TABLE bookings DROP COLUMN first_name;
ALTER TABLE bookings DROP COLUMN last_name;
ALTER TABLE bookings DROP COLUMN email;
ALTER TABLE bookings DROP COLUMN message;
ALTER TABLE bookings DROP COLUMN internal_note;
ALTER TABLE bookings DROP COLUMN phone;
ALTER TABLE bookings DROP COLUMN ip_address;
ALTER TABLE bookings DROP COLUMN location_details;
ALTER TABLE bookings ADD COLUMN email_hash TEXT NOT NULL DEFAULT '';
CREATE INDEX bookings_event_email ON bookings(event_id, email_hash);
ALTER TABLE waitlist_entries ADD COLUMN email_hash TEXT NOT NULL DEFAULT '';
-- A saved answer names the booking it showed, so an erasure finds it without reading it.
ALTER TABLE idempotency_keys ADD COLUMN booking_id BIGINT;
