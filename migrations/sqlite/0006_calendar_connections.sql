-- External calendars (DESIGN 2.7). A user's connections (CalDAV accounts, ICS feeds), the
-- calendars found in each, the busy intervals last read from them, and the events slotbook
-- wrote into them. Credentials and feed URLs are stored sealed (service::secrets); only the
-- URL without userinfo and query is stored in the clear.
CREATE TABLE calendar_connections (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    title TEXT NOT NULL,
    shown_url TEXT NOT NULL,
    sealed_url TEXT NOT NULL,
    username TEXT NOT NULL DEFAULT '',
    sealed_password TEXT,
    -- CalDAV: the calendar-home-set found at connect ('' when the URL is one calendar).
    home_url TEXT NOT NULL DEFAULT '',
    status TEXT NOT NULL DEFAULT 'ok',
    last_error TEXT NOT NULL DEFAULT '',
    last_synced_at BIGINT,
    -- When the background sync is next due, and until when one process holds it.
    sync_after BIGINT NOT NULL DEFAULT 0,
    sync_lease_until BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX calendar_connections_user ON calendar_connections(user_id);
CREATE INDEX calendar_connections_due ON calendar_connections(sync_after);

CREATE TABLE external_calendars (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    connection_id BIGINT NOT NULL REFERENCES calendar_connections(id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL,
    href TEXT NOT NULL,
    name TEXT NOT NULL DEFAULT '',
    check_conflicts BOOLEAN NOT NULL DEFAULT TRUE,
    is_destination BOOLEAN NOT NULL DEFAULT FALSE,
    read_only BOOLEAN NOT NULL DEFAULT FALSE,
    -- The server's change tag (CalDAV getctag or sync-token, a feed's ETag) at the last read.
    ctag TEXT NOT NULL DEFAULT '',
    UNIQUE (connection_id, href)
);
CREATE INDEX external_calendars_user ON external_calendars(user_id);

-- Busy intervals of a calendar, one row per UTC day (epoch seconds / 86400), packed as
-- 'start,end;start,end;…' (epoch seconds, each event's interval as it is, in order); an
-- interval is in the row of every day it touches. The slot list reads a few rows per calendar
-- instead of one per meeting, with no look-back.
CREATE TABLE calendar_busy (
    calendar_id BIGINT NOT NULL REFERENCES external_calendars(id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL,
    day BIGINT NOT NULL,
    intervals TEXT NOT NULL,
    PRIMARY KEY (calendar_id, day)
);
CREATE INDEX calendar_busy_user ON calendar_busy(user_id, day);

-- Events slotbook put into a destination calendar: where, under which UID, and their
-- SEQUENCE; a sync skips these UIDs (a booking is not busy against itself).
CREATE TABLE calendar_writes (
    calendar_id BIGINT NOT NULL REFERENCES external_calendars(id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL,
    uid TEXT NOT NULL,
    href TEXT NOT NULL,
    sequence BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (calendar_id, uid)
);
CREATE INDEX calendar_writes_user ON calendar_writes(user_id, uid);
