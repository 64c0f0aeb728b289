-- DESIGN 2.9: the language a calendar's pages default to, the one a booking was made in
-- (its emails and pages speak it), and a user's own (the dashboard and the host's emails).
ALTER TABLE calendars ADD COLUMN language TEXT NOT NULL DEFAULT 'en';
ALTER TABLE bookings ADD COLUMN language TEXT NOT NULL DEFAULT 'en';
ALTER TABLE users ADD COLUMN language TEXT;
