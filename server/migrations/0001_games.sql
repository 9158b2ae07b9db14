-- The play server's storage: each game is its settings plus the ordered log of accepted events.
-- Portable SQL: the same migration runs on SQLite and PostgreSQL.

CREATE TABLE games (
    id TEXT PRIMARY KEY,
    scenario TEXT NOT NULL,
    -- JSON object of option overrides, {"name": "value"}.
    options TEXT NOT NULL,
    -- "live", "correspondence" or "ai".
    mode TEXT NOT NULL,
    ai_side TEXT,
    ai_level BIGINT,
    clock_initial_ms BIGINT,
    clock_increment_ms BIGINT,
    -- SHA-256 (hex) of each seat's secret token; NULL for a seat nobody holds (the AI's).
    white_hash TEXT,
    black_hash TEXT,
    spectator_hash TEXT NOT NULL,
    public BIGINT NOT NULL,
    -- "setup", "play" or "over", and the score once over: for the lobby.
    status TEXT NOT NULL,
    result TEXT,
    created_ms BIGINT NOT NULL,
    updated_ms BIGINT NOT NULL
);

CREATE INDEX games_lobby ON games (public, updated_ms);

CREATE TABLE events (
    game_id TEXT NOT NULL REFERENCES games (id),
    -- 0, 1, 2, ... per game; the primary key makes concurrent writers of one game conflict.
    seq BIGINT NOT NULL,
    -- "action", "resign", "draw-offer", "draw-accept", "draw-decline" or "timeout".
    kind TEXT NOT NULL,
    side TEXT NOT NULL,
    -- The action in the project notation, for "action" events; empty otherwise.
    body TEXT NOT NULL,
    at_ms BIGINT NOT NULL,
    PRIMARY KEY (game_id, seq)
);
