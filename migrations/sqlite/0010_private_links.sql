-- Private links (DESIGN 2.8): a token that lets its holder book an event up to `max_uses`
-- times until `expires_at` (NULL: no end), revocable. Found by the token's digest; the token
-- itself is kept sealed with the server's key so its host can copy the link again.
CREATE TABLE private_links (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    event_id BIGINT NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    token_digest TEXT NOT NULL UNIQUE,
    token_sealed TEXT NOT NULL,
    max_uses BIGINT NOT NULL,
    uses BIGINT NOT NULL DEFAULT 0,
    expires_at BIGINT,
    revoked BOOLEAN NOT NULL DEFAULT FALSE,
    created_at BIGINT NOT NULL
);
CREATE INDEX private_links_event ON private_links(event_id);
