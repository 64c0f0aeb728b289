-- Held times (DESIGN 2.8): a time chosen on a booking page (or held through REST) blocks its
-- hosts like a booking until `expires_at`, for everyone but the holder. Rows, so every
-- process on the database sees them; they stop blocking at `expires_at` without a job (the
-- busy scan compares it with the time of the read). Only the token's digest is stored.
CREATE TABLE holds (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    token_digest TEXT NOT NULL UNIQUE,
    event_id BIGINT NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    start_time BIGINT NOT NULL,
    end_time BIGINT NOT NULL,
    client_ip TEXT NOT NULL,
    expires_at BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX holds_ip ON holds(client_ip, expires_at);
CREATE INDEX holds_expiry ON holds(expires_at);

-- The hosts a hold blocks (the one a create would pick; every member of a collective event),
-- with copies of its times, so hosts' busy times stay one indexed range scan.
CREATE TABLE hold_hosts (
    hold_id BIGINT NOT NULL REFERENCES holds(id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL,
    start_time BIGINT NOT NULL,
    end_time BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    PRIMARY KEY (hold_id, user_id)
);
CREATE INDEX hold_hosts_user_time ON hold_hosts(user_id, start_time);
