-- Out of office (DESIGN 2.8): inclusive local dates (`YYYY-MM-DD`, the user's zone) on which
-- no time is offered with the user as host; round robin gives its turn to `teammate_id`.
CREATE TABLE out_of_office (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    start_date TEXT NOT NULL,
    end_date TEXT NOT NULL,
    reason TEXT NOT NULL DEFAULT '',
    teammate_id BIGINT REFERENCES users(id) ON DELETE SET NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX out_of_office_user ON out_of_office(user_id, end_date);
