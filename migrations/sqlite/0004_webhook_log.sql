-- Every attempt to deliver a webhook, test deliveries included: the event editor's delivery
-- log. `booking_id` is NULL for a test; `http_status` is NULL when the endpoint never answered.
CREATE TABLE webhook_deliveries (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    integration_id BIGINT NOT NULL REFERENCES integrations(id) ON DELETE CASCADE,
    booking_id BIGINT,
    trigger_name TEXT NOT NULL,
    http_status BIGINT,
    succeeded BOOLEAN NOT NULL,
    detail TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX webhook_deliveries_feed ON webhook_deliveries(integration_id, id);
