-- Attendee data sealed at rest (DESIGN 2.11): names, address, phone, notes, location, IP,
-- booking documents, activity texts, outbox payloads, webhook details, saved answers and
-- waitlist entries hold text sealed with the secret key (`v1:...`); `migrate`/`serve` seal
-- what an older database holds in clear. Lookups use keyed hashes instead of the values:
-- `email_hash` (of the trimmed, lower-case address) and `name_words` (`<h1><h2>...`, one hash
-- per lower-case word of the name, sorted).
ALTER TABLE bookings ADD COLUMN email_hash TEXT NOT NULL DEFAULT '';
ALTER TABLE bookings ADD COLUMN name_words TEXT NOT NULL DEFAULT '';
-- The attendee limit's lookup moves from the clear address to its hash (one index for one).
DROP INDEX bookings_event_email;
CREATE INDEX bookings_event_email ON bookings(event_id, email_hash);
ALTER TABLE waitlist_entries ADD COLUMN email_hash TEXT NOT NULL DEFAULT '';
-- A saved answer names the booking it showed, so an erasure finds it without reading it.
ALTER TABLE idempotency_keys ADD COLUMN booking_id BIGINT;
