//! The study database: SQLite (a file, the default) or PostgreSQL (by URL), through sqlx's
//! `any` driver so that both run the same migrations (`lab/migrations`) and nearly the same
//! queries, as the play server's store does.
//!
//! Every game of a study is a row keyed by (study, index), created `open`. A worker claims a
//! batch of open rows (or rows whose claim is older than the timeout: their worker died) by
//! setting `claimed_by` and `claimed_at` in one statement: on PostgreSQL the rows are picked
//! with `FOR UPDATE SKIP LOCKED`, so that workers on many machines never wait for each other
//! nor take the same row; SQLite has one writer at a time, and the same statement in a
//! transaction is enough. A result is stored only while the row is still claimed by the
//! worker that played it, so each game is stored exactly once.

use crate::error::LabError;
use crate::plan::PlannedGame;
use crate::play::{Capture, GameResult, Material};
use crate::study::Study;
use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::{AnyPool, Executor, Row};
use std::path::Path;
use std::str::FromStr;
use std::time::Duration;
use warlord_rules::Side;

/// Rows inserted per statement when a study is registered.
const INSERT_CHUNK: usize = 500;

/// A game claimed by a worker.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Claim {
    /// Its index in the study.
    pub index: u64,
    /// Its cell.
    pub cell: usize,
    /// Its seed.
    pub seed: u64,
}

/// A finished game as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredGame {
    /// Its index in the study.
    pub index: u64,
    /// Its cell.
    pub cell: usize,
    /// The winner; `None` for a draw.
    pub winner: Option<Side>,
    /// How it ended (the rules' end reason, `adjudication` or `abandoned`).
    pub ending: String,
    /// Whether it was decided at the turn limit (or abandoned) rather than by the rules.
    pub adjudicated: bool,
    /// Its length in play turns.
    pub turns: u32,
    /// The material at the start of every play turn and at the end.
    pub material: Vec<Material>,
    /// Its captures.
    pub captures: Vec<Capture>,
}

/// How far a study has got.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    /// Games not yet claimed.
    pub open: u64,
    /// Games claimed and not finished (being played, or left by a killed worker).
    pub claimed: u64,
    /// Games finished and stored.
    pub done: u64,
}

impl Progress {
    /// All the study's games.
    #[must_use]
    pub fn total(&self) -> u64 {
        self.open + self.claimed + self.done
    }
}

/// An open study database. Its methods block (on a small runtime of its own) and may be
/// called from many threads at once.
#[derive(Debug)]
pub struct Lab {
    runtime: tokio::runtime::Runtime,
    pool: AnyPool,
    postgres: bool,
}

impl Lab {
    /// The URL of a SQLite database file (created if missing).
    #[must_use]
    pub fn sqlite_url(path: &Path) -> String {
        format!("sqlite://{}?mode=rwc", path.display())
    }

    /// Opens a database by URL (`sqlite://...` or `postgres://...`) and brings its schema up
    /// to date.
    pub fn open(url: &str) -> Result<Lab, LabError> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .thread_name("lab-db")
            .enable_all()
            .build()
            .map_err(LabError::Runtime)?;
        let postgres = url.starts_with("postgres:") || url.starts_with("postgresql:");
        let pool = runtime.block_on(async {
            sqlx::any::install_default_drivers();
            let options = AnyConnectOptions::from_str(url)?;
            let pool = AnyPoolOptions::new()
                .max_connections(if postgres { 8 } else { 4 })
                .acquire_timeout(Duration::from_secs(30))
                .after_connect(|conn, _| {
                    Box::pin(async move {
                        if conn.backend_name() == "SQLite" {
                            // Several worker processes may share a file: wait for the writer.
                            conn.execute("PRAGMA busy_timeout = 30000").await?;
                        }
                        Ok(())
                    })
                })
                .connect_with(options)
                .await?;
            if !postgres {
                pool.execute("PRAGMA journal_mode = WAL").await?;
            }
            let mut migrator = sqlx::migrate!("./migrations");
            migrator.set_ignore_missing(true);
            migrator.run(&pool).await?;
            Ok::<AnyPool, LabError>(pool)
        })?;
        Ok(Lab { runtime, pool, postgres })
    }

    /// Stores a study and creates its games (the first time), or checks that the study stored
    /// under its name is the same one. Any number of workers may do this at once.
    pub fn register(&self, study: &Study, games: &[PlannedGame]) -> Result<(), LabError> {
        let definition = serde_json::to_string(study).map_err(|e| LabError::Stored(e.to_string()))?;
        self.runtime.block_on(async {
            sqlx::query(
                "INSERT INTO lab_studies (name, definition, created_ms) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING",
            )
            .bind(&study.name)
            .bind(&definition)
            .bind(now_ms())
            .execute(&self.pool)
            .await?;
            let stored: String = sqlx::query("SELECT definition FROM lab_studies WHERE name = $1")
                .bind(&study.name)
                .fetch_one(&self.pool)
                .await?
                .try_get(0)?;
            if stored != definition {
                return Err(LabError::StudyChanged(study.name.clone()));
            }
            let mut tx = self.pool.begin().await?;
            for chunk in games.chunks(INSERT_CHUNK) {
                let mut sql = String::from("INSERT INTO lab_games (study, idx, cell, seed, state) VALUES ");
                for i in 0..chunk.len() {
                    let p = 4 * i;
                    sql.push_str(&format!(
                        "{}(${}, ${}, ${}, ${}, 'open')",
                        if i == 0 { "" } else { ", " },
                        p + 1,
                        p + 2,
                        p + 3,
                        p + 4
                    ));
                }
                sql.push_str(" ON CONFLICT (study, idx) DO NOTHING");
                let mut query = sqlx::query(&sql);
                for g in chunk {
                    query = query.bind(&study.name).bind(g.index as i64).bind(g.cell as i64).bind(g.seed as i64);
                }
                query.execute(&mut *tx).await?;
            }
            tx.commit().await?;
            Ok(())
        })
    }

    /// Claims up to `count` games for `worker` at time `now_ms` (Unix milliseconds): open ones,
    /// or ones claimed before `stale_before_ms` and never finished. Returns them by index.
    pub fn claim(
        &self,
        study: &str,
        worker: &str,
        count: u32,
        now_ms: i64,
        stale_before_ms: i64,
    ) -> Result<Vec<Claim>, LabError> {
        // The rows are picked once, in a materialised step: PostgreSQL may otherwise run a
        // `LIMIT` subquery of an `UPDATE` more than once and claim more rows than asked.
        let sql = if self.postgres {
            "WITH picked AS MATERIALIZED (SELECT idx FROM lab_games WHERE study = $3 \
             AND (state = 'open' OR (state = 'claimed' AND claimed_at < $4)) ORDER BY idx LIMIT $5 \
             FOR UPDATE SKIP LOCKED) \
             UPDATE lab_games SET state = 'claimed', claimed_by = $1, claimed_at = $2 FROM picked \
             WHERE lab_games.study = $3 AND lab_games.idx = picked.idx \
             RETURNING lab_games.idx, lab_games.cell, lab_games.seed"
        } else {
            "UPDATE lab_games SET state = 'claimed', claimed_by = $1, claimed_at = $2 \
             WHERE study = $3 AND idx IN (SELECT idx FROM lab_games WHERE study = $3 \
             AND (state = 'open' OR (state = 'claimed' AND claimed_at < $4)) ORDER BY idx LIMIT $5) \
             RETURNING idx, cell, seed"
        };
        self.runtime.block_on(async {
            let mut tx = self.pool.begin().await?;
            let rows = sqlx::query(sql)
                .bind(worker)
                .bind(now_ms)
                .bind(study)
                .bind(stale_before_ms)
                .bind(i64::from(count))
                .fetch_all(&mut *tx)
                .await?;
            tx.commit().await?;
            let mut claims = rows
                .iter()
                .map(|r| {
                    Ok(Claim {
                        index: r.try_get::<i64, _>(0)? as u64,
                        cell: r.try_get::<i64, _>(1)? as usize,
                        seed: r.try_get::<i64, _>(2)? as u64,
                    })
                })
                .collect::<Result<Vec<Claim>, sqlx::Error>>()?;
            claims.sort_by_key(|c| c.index);
            Ok(claims)
        })
    }

    /// Stores a finished game if `worker` still holds its claim; returns whether it was stored
    /// (`false`: the claim had expired and another worker took the game).
    pub fn finish(&self, study: &str, index: u64, worker: &str, result: &GameResult) -> Result<bool, LabError> {
        let material = to_json(&result.material)?;
        let captures = to_json(&result.captures)?;
        self.runtime.block_on(async {
            let done = sqlx::query(
                "UPDATE lab_games SET state = 'done', winner = $1, ending = $2, adjudicated = $3, turns = $4, \
                 record = $5, material = $6, captures = $7, finished_by = $8, finished_ms = $9 \
                 WHERE study = $10 AND idx = $11 AND state = 'claimed' AND claimed_by = $8",
            )
            .bind(result.winner.map(side_name))
            .bind(&result.ending)
            .bind(i64::from(result.adjudicated))
            .bind(i64::from(result.turns))
            .bind(&result.record)
            .bind(material)
            .bind(captures)
            .bind(worker)
            .bind(now_ms())
            .bind(study)
            .bind(index as i64)
            .execute(&self.pool)
            .await?;
            Ok(done.rows_affected() == 1)
        })
    }

    /// How far a study has got.
    pub fn progress(&self, study: &str) -> Result<Progress, LabError> {
        self.runtime.block_on(async {
            let rows = sqlx::query("SELECT state, COUNT(*) FROM lab_games WHERE study = $1 GROUP BY state")
                .bind(study)
                .fetch_all(&self.pool)
                .await?;
            let mut p = Progress::default();
            for r in rows {
                let n = r.try_get::<i64, _>(1)? as u64;
                match r.try_get::<String, _>(0)?.as_str() {
                    "open" => p.open = n,
                    "claimed" => p.claimed = n,
                    _ => p.done += n,
                }
            }
            Ok(p)
        })
    }

    /// The study of this name, or with `None` the database's only study.
    pub fn study(&self, name: Option<&str>) -> Result<Study, LabError> {
        self.runtime.block_on(async {
            let rows =
                sqlx::query("SELECT name, definition FROM lab_studies ORDER BY name").fetch_all(&self.pool).await?;
            let mut studies = Vec::new();
            for r in rows {
                studies.push((r.try_get::<String, _>(0)?, r.try_get::<String, _>(1)?));
            }
            let names = || studies.iter().map(|(n, _)| n.as_str()).collect::<Vec<_>>().join(", ");
            let found = match name {
                Some(n) => studies.iter().find(|(s, _)| s == n),
                None if studies.len() == 1 => studies.first(),
                None => {
                    return Err(LabError::NoStudy(format!(
                        "the database holds {} studies ({}); name one",
                        studies.len(),
                        names()
                    )))
                }
            };
            let (_, definition) = found.ok_or_else(|| {
                LabError::NoStudy(format!(
                    "the database holds no study `{}` (it holds: {})",
                    name.unwrap_or(""),
                    names()
                ))
            })?;
            serde_json::from_str(definition).map_err(|e| LabError::Stored(format!("the study's definition: {e}")))
        })
    }

    /// The finished games of a study, by index.
    pub fn games(&self, study: &str) -> Result<Vec<StoredGame>, LabError> {
        self.runtime.block_on(async {
            let rows = sqlx::query(
                "SELECT idx, cell, winner, ending, adjudicated, turns, material, captures FROM lab_games \
                 WHERE study = $1 AND state = 'done' ORDER BY idx",
            )
            .bind(study)
            .fetch_all(&self.pool)
            .await?;
            rows.iter().map(stored_game).collect()
        })
    }

    /// The record of a finished game, if it is stored.
    pub fn record(&self, study: &str, index: u64) -> Result<Option<String>, LabError> {
        self.runtime.block_on(async {
            let row = sqlx::query("SELECT record FROM lab_games WHERE study = $1 AND idx = $2 AND state = 'done'")
                .bind(study)
                .bind(index as i64)
                .fetch_optional(&self.pool)
                .await?;
            Ok(row.map(|r| r.try_get::<String, _>(0)).transpose()?)
        })
    }
}

/// One stored row read back.
fn stored_game(r: &sqlx::any::AnyRow) -> Result<StoredGame, LabError> {
    let index = r.try_get::<i64, _>(0)? as u64;
    let bad = |what: &str, e: String| LabError::Stored(format!("game {index}: {what}: {e}"));
    let winner = match r.try_get::<Option<String>, _>(2)?.as_deref() {
        None => None,
        Some("white") => Some(Side::White),
        Some("black") => Some(Side::Black),
        Some(other) => return Err(bad("winner", format!("`{other}` is not a side"))),
    };
    let material: String = r.try_get(6)?;
    let captures: String = r.try_get(7)?;
    Ok(StoredGame {
        index,
        cell: r.try_get::<i64, _>(1)? as usize,
        winner,
        ending: r.try_get(3)?,
        adjudicated: r.try_get::<i64, _>(4)? != 0,
        turns: r.try_get::<i64, _>(5)? as u32,
        material: serde_json::from_str(&material).map_err(|e| bad("material", e.to_string()))?,
        captures: serde_json::from_str(&captures).map_err(|e| bad("captures", e.to_string()))?,
    })
}

/// A value as stored JSON.
fn to_json<T: serde::Serialize>(value: &T) -> Result<String, LabError> {
    serde_json::to_string(value).map_err(|e| LabError::Stored(e.to_string()))
}

/// A side as stored.
fn side_name(side: Side) -> &'static str {
    match side {
        Side::White => "white",
        Side::Black => "black",
    }
}

/// Now, in Unix milliseconds.
#[must_use]
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}
