-- slotbook schema (SQLite). Instants are epoch seconds in UTC (BIGINT) so that the
-- SQLite and PostgreSQL schemas compare and index them the same way.
-- JSON documents (settings) are TEXT: the service owns their typed shape.

CREATE TABLE users (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    login TEXT NOT NULL UNIQUE,
    email TEXT NOT NULL UNIQUE,
    first_name TEXT NOT NULL DEFAULT '',
    last_name TEXT NOT NULL DEFAULT '',
    display_name TEXT NOT NULL DEFAULT '',
    password_hash TEXT NOT NULL,
    role TEXT NOT NULL DEFAULT 'host',
    avatar_url TEXT NOT NULL DEFAULT '',
    phone TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

CREATE TABLE app_passwords (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    name TEXT NOT NULL DEFAULT '',
    secret_hash TEXT NOT NULL UNIQUE,
    created_at BIGINT NOT NULL,
    last_used_at BIGINT
);
CREATE INDEX app_passwords_user ON app_passwords(user_id);

CREATE TABLE sessions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    token_hash TEXT NOT NULL UNIQUE,
    csrf_token TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE INDEX sessions_user ON sessions(user_id);

CREATE TABLE calendars (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    hash TEXT NOT NULL UNIQUE,
    user_id BIGINT NOT NULL,
    parent_id BIGINT,
    title TEXT NOT NULL,
    slug TEXT NOT NULL UNIQUE,
    description TEXT NOT NULL DEFAULT '',
    settings TEXT NOT NULL DEFAULT '{}',
    status TEXT NOT NULL DEFAULT 'active',
    type TEXT NOT NULL DEFAULT 'simple',
    event_type TEXT NOT NULL DEFAULT 'scheduling',
    account_type TEXT NOT NULL DEFAULT 'free',
    visibility TEXT NOT NULL DEFAULT 'public',
    author_timezone TEXT NOT NULL DEFAULT 'UTC',
    max_book_per_slot BIGINT NOT NULL DEFAULT 1,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX calendars_user ON calendars(user_id);
CREATE INDEX calendars_type ON calendars(type);

CREATE TABLE availability_schedules (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id BIGINT NOT NULL,
    title TEXT NOT NULL,
    is_default BOOLEAN NOT NULL DEFAULT FALSE,
    timezone TEXT NOT NULL DEFAULT 'UTC',
    weekly_schedules TEXT NOT NULL DEFAULT '{}',
    date_overrides TEXT NOT NULL DEFAULT '{}',
    status TEXT NOT NULL DEFAULT 'active',
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX availability_schedules_user ON availability_schedules(user_id);

CREATE TABLE events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    hash TEXT NOT NULL UNIQUE,
    user_id BIGINT NOT NULL,
    calendar_id BIGINT NOT NULL REFERENCES calendars(id) ON DELETE CASCADE,
    parent_id BIGINT,
    duration BIGINT NOT NULL,
    title TEXT NOT NULL,
    slug TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    settings TEXT NOT NULL DEFAULT '{}',
    availability_type TEXT NOT NULL DEFAULT 'existing_schedule',
    availability_id BIGINT,
    status TEXT NOT NULL DEFAULT 'active',
    type TEXT NOT NULL DEFAULT 'free',
    color_schema TEXT NOT NULL DEFAULT '#0099ff',
    location_type TEXT NOT NULL DEFAULT '',
    location_heading TEXT NOT NULL DEFAULT '',
    location_settings TEXT NOT NULL DEFAULT '[]',
    event_type TEXT NOT NULL DEFAULT 'single',
    is_display_spots BOOLEAN NOT NULL DEFAULT FALSE,
    max_book_per_slot BIGINT NOT NULL DEFAULT 1,
    -- Copies of settings.buffer_time_*: read for every busy booking by the slot engine.
    buffer_before_minutes BIGINT NOT NULL DEFAULT 0,
    buffer_after_minutes BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    UNIQUE (calendar_id, slug)
);
CREATE INDEX events_user ON events(user_id);

-- Hosts of an event: the owner for single/group events, every team member for team events.
-- Kept in step with events.settings.team_members by the service; used for access checks.
CREATE TABLE event_hosts (
    event_id BIGINT NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL,
    PRIMARY KEY (event_id, user_id)
);
CREATE INDEX event_hosts_user ON event_hosts(user_id);

CREATE TABLE event_meta (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    event_id BIGINT NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    meta_key TEXT NOT NULL,
    value TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    UNIQUE (event_id, meta_key)
);

CREATE TABLE booking_fields (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    event_id BIGINT NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    position BIGINT NOT NULL,
    name TEXT NOT NULL,
    type TEXT NOT NULL,
    label TEXT NOT NULL DEFAULT '',
    required BOOLEAN NOT NULL DEFAULT FALSE,
    enabled BOOLEAN NOT NULL DEFAULT TRUE,
    system_defined BOOLEAN NOT NULL DEFAULT FALSE,
    disable_alter BOOLEAN NOT NULL DEFAULT FALSE,
    is_visible BOOLEAN NOT NULL DEFAULT TRUE,
    placeholder TEXT NOT NULL DEFAULT '',
    help_text TEXT NOT NULL DEFAULT '',
    config TEXT NOT NULL DEFAULT '{}',
    UNIQUE (event_id, name)
);

CREATE TABLE bookings (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    hash TEXT NOT NULL UNIQUE,
    calendar_id BIGINT NOT NULL,
    event_id BIGINT NOT NULL,
    group_id BIGINT,
    parent_id BIGINT,
    host_user_id BIGINT NOT NULL,
    person_user_id BIGINT,
    person_time_zone TEXT NOT NULL DEFAULT 'UTC',
    start_time BIGINT NOT NULL,
    end_time BIGINT NOT NULL,
    slot_minutes BIGINT NOT NULL,
    first_name TEXT NOT NULL DEFAULT '',
    last_name TEXT NOT NULL DEFAULT '',
    email TEXT NOT NULL DEFAULT '',
    message TEXT NOT NULL DEFAULT '',
    internal_note TEXT NOT NULL DEFAULT '',
    phone TEXT NOT NULL DEFAULT '',
    country TEXT NOT NULL DEFAULT '',
    ip_address TEXT NOT NULL DEFAULT '',
    location_details TEXT NOT NULL DEFAULT '{}',
    cancelled_by BIGINT,
    status TEXT NOT NULL DEFAULT 'scheduled',
    source TEXT NOT NULL DEFAULT 'web',
    booking_type TEXT NOT NULL DEFAULT 'scheduling',
    event_type TEXT NOT NULL DEFAULT 'single',
    payment_status TEXT,
    payment_method TEXT,
    source_url TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX bookings_host_time ON bookings(host_user_id, start_time);
CREATE INDEX bookings_event_time ON bookings(event_id, start_time);
CREATE INDEX bookings_calendar ON bookings(calendar_id);
CREATE INDEX bookings_group ON bookings(group_id);
CREATE INDEX bookings_status_end ON bookings(status, end_time);

CREATE TABLE booking_hosts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    booking_id BIGINT NOT NULL REFERENCES bookings(id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL,
    status TEXT NOT NULL DEFAULT 'confirmed',
    -- Copies of the booking's times and status, so a host's busy times are one indexed range scan.
    start_time BIGINT NOT NULL,
    end_time BIGINT NOT NULL,
    booking_status TEXT NOT NULL DEFAULT 'scheduled',
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    UNIQUE (booking_id, user_id)
);
CREATE INDEX booking_hosts_user_time ON booking_hosts(user_id, start_time);

CREATE TABLE booking_meta (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    booking_id BIGINT NOT NULL REFERENCES bookings(id) ON DELETE CASCADE,
    meta_key TEXT NOT NULL,
    value TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX booking_meta_booking ON booking_meta(booking_id, meta_key);

CREATE TABLE activities (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    booking_id BIGINT NOT NULL REFERENCES bookings(id) ON DELETE CASCADE,
    parent_id BIGINT,
    created_by BIGINT,
    status TEXT NOT NULL DEFAULT 'open',
    type TEXT NOT NULL DEFAULT 'activity',
    title TEXT NOT NULL DEFAULT '',
    description TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX activities_booking ON activities(booking_id);
CREATE INDEX activities_created ON activities(created_at);

CREATE TABLE settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL,
    updated_at BIGINT NOT NULL
);

CREATE TABLE integrations (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    event_id BIGINT NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    integration_key TEXT NOT NULL,
    title TEXT NOT NULL DEFAULT '',
    enabled BOOLEAN NOT NULL DEFAULT TRUE,
    settings TEXT NOT NULL DEFAULT '{}',
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX integrations_event ON integrations(event_id);

CREATE TABLE outbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL,
    payload TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'pending',
    attempts BIGINT NOT NULL DEFAULT 0,
    run_after BIGINT NOT NULL,
    locked_until BIGINT,
    last_error TEXT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX outbox_due ON outbox(status, run_after);

CREATE TABLE idempotency_keys (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    scope TEXT NOT NULL,
    idempotency_key TEXT NOT NULL,
    response_status BIGINT NOT NULL,
    response_body TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    UNIQUE (scope, idempotency_key)
);

CREATE TABLE orders (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    booking_id BIGINT NOT NULL REFERENCES bookings(id) ON DELETE CASCADE,
    status TEXT NOT NULL DEFAULT 'draft',
    order_number TEXT NOT NULL DEFAULT '',
    type TEXT NOT NULL DEFAULT 'sale',
    payment_method TEXT NOT NULL DEFAULT '',
    payment_mode TEXT NOT NULL DEFAULT '',
    currency TEXT NOT NULL DEFAULT 'USD',
    subtotal_cents BIGINT NOT NULL DEFAULT 0,
    discount_cents BIGINT NOT NULL DEFAULT 0,
    tax_cents BIGINT NOT NULL DEFAULT 0,
    total_cents BIGINT NOT NULL DEFAULT 0,
    paid_cents BIGINT NOT NULL DEFAULT 0,
    note TEXT NOT NULL DEFAULT '',
    uuid TEXT NOT NULL DEFAULT '',
    completed_at BIGINT,
    refunded_at BIGINT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX orders_booking ON orders(booking_id);

CREATE TABLE order_items (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    order_id BIGINT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
    booking_id BIGINT,
    item_name TEXT NOT NULL DEFAULT '',
    type TEXT NOT NULL DEFAULT 'single',
    quantity BIGINT NOT NULL DEFAULT 1,
    item_price_cents BIGINT NOT NULL DEFAULT 0,
    item_total_cents BIGINT NOT NULL DEFAULT 0,
    line_meta TEXT NOT NULL DEFAULT '{}',
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

CREATE TABLE transactions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    order_id BIGINT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
    transaction_type TEXT NOT NULL DEFAULT 'online',
    status TEXT NOT NULL DEFAULT 'pending',
    total_cents BIGINT NOT NULL DEFAULT 0,
    payment_method TEXT NOT NULL DEFAULT '',
    vendor_charge_id TEXT NOT NULL DEFAULT '',
    card_last_4 TEXT NOT NULL DEFAULT '',
    card_brand TEXT NOT NULL DEFAULT '',
    uuid TEXT NOT NULL DEFAULT '',
    meta TEXT NOT NULL DEFAULT '{}',
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX transactions_order ON transactions(order_id);
