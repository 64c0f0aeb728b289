-- Privacy (DESIGN 2.11): an erased booking keeps its id, event, host, times, status, payment and
-- group; its attendee's data is gone and `erased_at` says when. Its hash routes answer 404.
-- Consent to the privacy notice is a booking document (`booking_meta`, key `privacy_consent`).
ALTER TABLE bookings ADD COLUMN erased_at BIGINT;
CREATE INDEX bookings_retention ON bookings(end_time) WHERE erased_at IS NULL;
CREATE INDEX bookings_email ON bookings(LOWER(email));
