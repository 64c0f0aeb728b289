-- Accounts and audit (DESIGN 2.10).

-- Who did what: append-only; only the retention job deletes. Written in the transaction of
-- the change it records. Never a secret in any column.
CREATE TABLE audit_log (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    created_at BIGINT NOT NULL,
    action TEXT NOT NULL,
    outcome TEXT NOT NULL,
    method TEXT,
    actor_id BIGINT,
    actor_login TEXT,
    target_type TEXT,
    target_id BIGINT,
    target_label TEXT,
    ip TEXT,
    user_agent TEXT,
    details TEXT NOT NULL DEFAULT '{}'
);
CREATE INDEX audit_log_created ON audit_log(created_at);
CREATE INDEX audit_log_action ON audit_log(action, id);
CREATE INDEX audit_log_actor ON audit_log(actor_id, id);

-- A session's list entry and its idle limit.
ALTER TABLE sessions ADD COLUMN last_seen_at BIGINT NOT NULL DEFAULT 0;
ALTER TABLE sessions ADD COLUMN ip TEXT NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN user_agent TEXT NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN method TEXT NOT NULL DEFAULT 'password';
UPDATE sessions SET last_seen_at = created_at;

ALTER TABLE app_passwords ADD COLUMN last_used_ip TEXT;
ALTER TABLE users ADD COLUMN last_login_at BIGINT;

-- Failed logins in a row per account ('user:<id>', or 'text:<digest of the typed login>' when
-- no account matches, so the typed text, which may be a password, is never stored).
CREATE TABLE login_failures (
    account TEXT PRIMARY KEY,
    failures BIGINT NOT NULL,
    wait_until BIGINT NOT NULL DEFAULT 0,
    updated_at BIGINT NOT NULL
);

-- Two-factor login (TOTP): the secret in use and the one being set up, both sealed with the
-- secret key; the last time step accepted (that one and every earlier one never again).
ALTER TABLE users ADD COLUMN totp_sealed TEXT;
ALTER TABLE users ADD COLUMN totp_pending_sealed TEXT;
ALTER TABLE users ADD COLUMN totp_last_step BIGINT NOT NULL DEFAULT 0;

-- Ten single-use recovery codes per user, as SHA-256 digests.
CREATE TABLE recovery_codes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    code_hash TEXT NOT NULL,
    used_at BIGINT
);
CREATE INDEX recovery_codes_user ON recovery_codes(user_id);

-- A right password of a user with two-factor login, waiting for the code (5 minutes), bound
-- to one browser by a cookie whose token is stored as its digest.
CREATE TABLE pending_logins (
    token_hash TEXT PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    next_path TEXT NOT NULL DEFAULT '',
    expires_at BIGINT NOT NULL
);
