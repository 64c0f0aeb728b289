-- A preview's confirm token (MCP, DESIGN 2.12): stored as its digest, bound to the tool pair,
-- the caller, the preview's arguments and the state it showed; spent by the one confirm that
-- writes, in the write's transaction.
CREATE TABLE agent_confirmations (
    token_hash TEXT PRIMARY KEY,
    tool TEXT NOT NULL,
    caller TEXT NOT NULL,
    arguments_hash TEXT NOT NULL,
    state TEXT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at BIGINT
);
CREATE INDEX agent_confirmations_expiry ON agent_confirmations(expires_at);
