-- Published calendar feeds (DESIGN 2.12): one secret address per user and kind, found by the
-- digest of its token; the token itself sealed with the secret key so that its owner can copy
-- the address again.
CREATE TABLE calendar_feeds (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    token_digest TEXT NOT NULL UNIQUE,
    token_sealed TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    last_fetched_at BIGINT
);
CREATE UNIQUE INDEX calendar_feeds_kind ON calendar_feeds(user_id, kind);

-- How often a booking moved to another time: its feed entry's SEQUENCE.
ALTER TABLE bookings ADD COLUMN reschedules BIGINT NOT NULL DEFAULT 0;
