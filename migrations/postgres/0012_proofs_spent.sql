-- Proof of work (DESIGN 2.8): the ALTCHA challenges already accepted, each kept until its
-- salt's expiry so that no solution books twice.
CREATE TABLE proofs_spent (
    challenge TEXT PRIMARY KEY,
    expires_at BIGINT NOT NULL
);
CREATE INDEX proofs_spent_expiry ON proofs_spent(expires_at);
