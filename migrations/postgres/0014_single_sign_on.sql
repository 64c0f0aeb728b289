-- Single sign-on through OpenID Connect (DESIGN 2.10).

-- The provider's subject a user is linked to (issuer and `sub`); it goes with the user's row.
ALTER TABLE users ADD COLUMN oidc_issuer TEXT;
ALTER TABLE users ADD COLUMN oidc_subject TEXT;
CREATE UNIQUE INDEX users_oidc_subject ON users(oidc_issuer, oidc_subject);

-- A login on its way through the provider: usable once for 10 minutes, bound to one browser
-- by the digest of its cookie's token. The PKCE verifier is sealed with the secret key.
CREATE TABLE sso_logins (
    state_hash TEXT PRIMARY KEY,
    browser_hash TEXT NOT NULL,
    nonce TEXT NOT NULL,
    verifier_sealed TEXT NOT NULL,
    next_path TEXT NOT NULL DEFAULT '',
    expires_at BIGINT NOT NULL
);
CREATE INDEX sso_logins_expiry ON sso_logins(expires_at);
