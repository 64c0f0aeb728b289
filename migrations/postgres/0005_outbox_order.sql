-- The outbox learns which booking an item is about, so that a booking's reminders can be moved
-- or dropped and a host can list (and retry) its deliveries; `sequence_key` orders delivery:
-- items that share one are delivered strictly in id order (a booking's webhooks to one feed,
-- its emails to one recipient); `purpose` tells reminders apart from immediate messages.
ALTER TABLE outbox ADD COLUMN booking_id BIGINT;
ALTER TABLE outbox ADD COLUMN sequence_key TEXT;
ALTER TABLE outbox ADD COLUMN purpose TEXT;
CREATE INDEX outbox_booking ON outbox(booking_id) WHERE booking_id IS NOT NULL;
CREATE INDEX outbox_sequence ON outbox(sequence_key, id) WHERE sequence_key IS NOT NULL;
