-- Privacy (DESIGN 2.11): an erased booking keeps its id, event, host, times, status, payment and
-- group; its attendee's data is gone and `erased_at` says when. Its hash routes answer 404.
-- Consent to the privacy notice is a booking document (`booking_meta`, key `privacy_consent`).
-- No index of its own: every one is kept up by each create, under SQLite's one writer (an
-- index on LOWER(email) and one for retention cost the create about 10 %), while the lookups
-- by address and the daily retention pass are rare administrators' and background reads.
ALTER TABLE bookings ADD COLUMN erased_at BIGINT;
