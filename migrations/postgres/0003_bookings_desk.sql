-- The bookings desk lists every tab in start-time order: an index in that order lets a page be
-- read without sorting all of a host's bookings.
CREATE INDEX bookings_start ON bookings(start_time);
