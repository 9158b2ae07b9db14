-- The playtest lab's storage (docs/LAB.md): studies, their cells and one row per game.
-- Portable SQL: the same migration runs on SQLite and PostgreSQL. Versions are dated so that
-- they never collide with another tool's migrations; keep the lab in its own database anyway.

CREATE TABLE lab_studies (
    name TEXT PRIMARY KEY,
    -- The checked study as JSON (scenario texts inlined): workers need nothing else.
    definition TEXT NOT NULL,
    created_ms BIGINT NOT NULL
);

CREATE TABLE lab_games (
    study TEXT NOT NULL REFERENCES lab_studies (name),
    idx BIGINT NOT NULL,
    cell BIGINT NOT NULL,
    -- The game's 64-bit seed, stored bit for bit as a signed integer.
    seed BIGINT NOT NULL,
    -- "open", "claimed" or "done".
    state TEXT NOT NULL,
    claimed_by TEXT,
    claimed_at BIGINT,
    -- Once done: "white", "black" or NULL for a draw; the ending's name; 1 if decided by
    -- the turn limit or abandoned; play turns; the record; material and captures as JSON.
    winner TEXT,
    ending TEXT,
    adjudicated BIGINT,
    turns BIGINT,
    record TEXT,
    material TEXT,
    captures TEXT,
    finished_by TEXT,
    finished_ms BIGINT,
    PRIMARY KEY (study, idx)
);

CREATE INDEX lab_games_state ON lab_games (study, state, idx);
