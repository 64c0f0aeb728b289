-- Idempotency keys are bound to the request they were first used with (a digest of its body),
-- and expire after 24 hours.
ALTER TABLE idempotency_keys ADD COLUMN request_hash TEXT NOT NULL DEFAULT '';
CREATE INDEX idempotency_keys_created ON idempotency_keys(created_at);

-- A host may team up with another user only once that user accepted its invitation
-- (administrators, with `invite_team_members`, need none).
CREATE TABLE team_invitations (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    inviter_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    invitee_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    status TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    UNIQUE (inviter_id, invitee_id)
);
CREATE INDEX team_invitations_invitee ON team_invitations(invitee_id);
