-- Host limits (DESIGN 2.8): a host's cap on bookings across all of its events, per day and
-- per week of its zone. One row per unit; no row, no cap.
CREATE TABLE host_limits (
    user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    unit TEXT NOT NULL,
    value BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, unit)
);
