-- DESIGN 2.9 and 2.12: the language a visitor joined a waitlist in; its emails speak it.
ALTER TABLE waitlist_entries ADD COLUMN language TEXT NOT NULL DEFAULT 'en';
