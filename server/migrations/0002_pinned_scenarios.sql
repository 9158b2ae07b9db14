-- Games are pinned to what they were created with: the scenario file's text, its SHA-256 (hex)
-- and the rules version (warlord_rules::RULES_VERSION), so that a later change to the shipped
-- file or to the rules never changes a stored game. Games stored before this migration keep
-- NULL in all three and use the shipped scenario of their id.
-- Portable SQL: the same migration runs on SQLite and PostgreSQL.

ALTER TABLE games ADD COLUMN scenario_text TEXT;
ALTER TABLE games ADD COLUMN scenario_sha256 TEXT;
ALTER TABLE games ADD COLUMN rules_version BIGINT;
