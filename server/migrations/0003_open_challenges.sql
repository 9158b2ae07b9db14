-- Open challenges: a public game whose creator waits for an opponent. `challenger` is the name
-- the creator gave, `open_side` the seat offered, and `open_token` that seat's token, kept
-- only until someone joins (then handed to them) or the creator cancels; NULL otherwise.
-- Portable SQL: the same migration runs on SQLite and PostgreSQL.

ALTER TABLE games ADD COLUMN challenger TEXT;
ALTER TABLE games ADD COLUMN open_side TEXT;
ALTER TABLE games ADD COLUMN open_token TEXT;
