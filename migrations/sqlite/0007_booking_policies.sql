-- Booking rules beyond the spec (DESIGN 2.8). A series is bookings sharing `series_id` (the
-- id of its first occurrence), numbered from 1 of `series_count`; `video_url` is a booking's
-- own call, made from its event's template. The attendee limit counts an event's open
-- bookings by address.
ALTER TABLE bookings ADD COLUMN series_id BIGINT;
ALTER TABLE bookings ADD COLUMN series_index BIGINT;
ALTER TABLE bookings ADD COLUMN series_count BIGINT;
ALTER TABLE bookings ADD COLUMN video_url TEXT;
CREATE INDEX bookings_series ON bookings(series_id);
CREATE INDEX bookings_event_email ON bookings(event_id, LOWER(email));
