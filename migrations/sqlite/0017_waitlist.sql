-- Waitlist (DESIGN 2.12): a visitor waits for a taken time of an event. When a place frees,
-- the first waiting entry is offered it: the place is held for it by a row of `holds` whose
-- token digest is the offer's, until `offer_expires_at`. Only digests of the leave and offer
-- tokens are stored.
CREATE TABLE waitlist_entries (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    event_id BIGINT NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    start_time BIGINT NOT NULL,
    end_time BIGINT NOT NULL,
    name TEXT NOT NULL,
    email TEXT NOT NULL,
    person_time_zone TEXT NOT NULL,
    status TEXT NOT NULL,
    leave_digest TEXT NOT NULL UNIQUE,
    offer_digest TEXT UNIQUE,
    offer_expires_at BIGINT,
    booking_id BIGINT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX waitlist_entries_time ON waitlist_entries(event_id, start_time, status, id);
CREATE INDEX waitlist_entries_offers ON waitlist_entries(status, offer_expires_at);
