//! Storage: SQLite (a file, the default) or PostgreSQL (by URL), through sqlx's `Any` driver so
//! that both run the same queries and the same migrations (`server/migrations`).
//!
//! A game is its settings row plus its event log; `(game_id, seq)` is the primary key, so two
//! writers (two processes, or a process racing its AI) can never both append the same step:
//! the second one's transaction fails and it rereads the log. An event is committed before
//! anyone is told about it. With PostgreSQL each append also sends `NOTIFY warlord_games` with
//! the game's id and new event count, in the same transaction, for the other processes (see [`crate::notify`]).

use crate::game::{AiSeat, ClockConfig, Event, EventKind, GameMeta, Mode, Pin};
use crate::group_commit::{self, Append};
use serde::Serialize;
use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::error::ErrorKind;
use sqlx::{Any, AnyConnection, AnyPool, Connection, Executor, Row};
use std::path::Path;
use std::str::FromStr;
use std::sync::{Arc, Mutex as StdMutex, PoisonError};
use tokio::sync::{oneshot, Mutex};
use warlord_rules::Side;

mod challenges;

pub use challenges::Joined;

/// The PostgreSQL notification channel for "a game changed". The payload is the game's id and
/// its new number of events, like `4f1c2a9e0b7d3c55 17`.
pub const CHANNEL: &str = "warlord_games";

/// The hashed tokens of a game's seats.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatHashes {
    /// White's token hash; `None` if nobody holds the seat (the AI plays it).
    pub white: Option<String>,
    /// Black's token hash, likewise.
    pub black: Option<String>,
    /// The spectator token's hash.
    pub spectator: String,
}

/// A lobby entry.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct LobbyEntry {
    /// The game's id.
    pub id: String,
    /// Its scenario's id.
    pub scenario: String,
    /// How it is played.
    pub mode: Mode,
    /// `setup`, `play` or `over`.
    pub status: String,
    /// The score once over (`1-0`, `0-1`, `1/2-1/2`).
    pub result: Option<String>,
    /// When it was created (Unix milliseconds).
    pub created_ms: i64,
    /// When its last event was stored, to within 10 seconds (written at most once every 10 s,
    /// and with every new status), or it was created (Unix milliseconds).
    pub updated_ms: i64,
    /// Its scenario's name (the id, when the server no longer ships the scenario).
    pub scenario_name: String,
    /// A live game's clock.
    pub clock: Option<ClockConfig>,
    /// For an open challenge: the name of the player waiting for an opponent.
    pub challenger: Option<String>,
    /// For an open challenge: the side offered to whoever joins.
    pub open_side: Option<Side>,
}

/// What a game's row says for the lobby.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LobbyRow {
    /// `setup`, `play` or `over`.
    pub status: String,
    /// When its last event was stored, to within [`LOBBY_TIME_STEP_MS`], or it was created
    /// (Unix milliseconds).
    pub updated_ms: i64,
}

/// The game store.
#[derive(Clone, Debug)]
pub struct Store {
    pool: AnyPool,
    /// SQLite's one connection for writes (every write queues on `write_lock` anyway). A
    /// SQLite connection drops its page cache whenever another connection has written since
    /// its last transaction: with the appends spread over the pool, each one read its pages
    /// again (`pread`, docs/BENCHMARKS.md "Scale"); through one connection they stay cached.
    writer: Option<AnyPool>,
    postgres_url: Option<String>,
    /// SQLite allows one writer at a time; writers queue here rather than in SQLite's
    /// sleeping busy handler, which would add tens of milliseconds under load.
    write_lock: Option<Arc<Mutex<()>>>,
    /// SQLite's appends waiting to be written as a group (`crate::group_commit`).
    pending: Arc<StdMutex<Vec<(Append, Reply)>>>,
}

/// Where the answer to one append of a group goes.
type Reply = oneshot::Sender<Result<bool, sqlx::Error>>;

impl Store {
    /// The URL of a SQLite database file (created if missing).
    #[must_use]
    pub fn sqlite_url(path: &Path) -> String {
        format!("sqlite://{}?mode=rwc", path.display())
    }

    /// Connects to a database by URL (`sqlite://...` or `postgres://...`) and brings its schema
    /// up to date.
    pub async fn open(url: &str) -> Result<Store, sqlx::Error> {
        sqlx::any::install_default_drivers();
        let options = AnyConnectOptions::from_str(url)?;
        let postgres = url.starts_with("postgres:") || url.starts_with("postgresql:");
        // One connection first, used once: a database that cannot be opened (a missing or
        // read-only folder, a file that is not a database, a refused login) fails here at once
        // with its real cause, instead of the pool retrying until it times out.
        let mut probe = AnyConnection::connect_with(&options).await?;
        probe.execute(if postgres { "SELECT 1" } else { "PRAGMA schema_version" }).await?;
        probe.close().await?;
        let pool = pool_options(if postgres { 16 } else { 4 }, None).connect_with(options.clone()).await?;
        let mut writer = None;
        if !postgres {
            pool.execute("PRAGMA journal_mode = WAL").await?;
            let checkpointer = pool.clone();
            tokio::spawn(async move {
                let mut every = tokio::time::interval(std::time::Duration::from_secs(1));
                loop {
                    every.tick().await;
                    if let Err(e) = checkpointer.execute("PRAGMA wal_checkpoint(PASSIVE)").await {
                        tracing::warn!(error = %e, "SQLite checkpoint failed");
                    }
                }
            });
            writer = Some(pool_options(1, Some(WRITER_CACHE_KIB)).connect_with(options).await?);
        }
        sqlx::migrate!("./migrations").run(&pool).await?;
        Ok(Store {
            pool,
            writer,
            postgres_url: postgres.then(|| url.to_string()),
            write_lock: (!postgres).then(|| Arc::new(Mutex::new(()))),
            pending: Arc::default(),
        })
    }

    /// The PostgreSQL URL, when the store is PostgreSQL (for listening to notifications).
    #[must_use]
    pub fn postgres_url(&self) -> Option<&str> {
        self.postgres_url.as_deref()
    }

    /// Stores a new game, with the scenario text and rules version it is pinned to.
    pub async fn insert_game(&self, meta: &GameMeta, seats: &SeatHashes, status: &str) -> Result<(), sqlx::Error> {
        let options = serde_json::to_string(&meta.options).unwrap_or_else(|_| "{}".into());
        let _guard = self.write_guard().await;
        sqlx::query(
            "INSERT INTO games (id, scenario, options, mode, ai_side, ai_level, clock_initial_ms, \
             clock_increment_ms, white_hash, black_hash, spectator_hash, public, status, result, \
             created_ms, updated_ms, scenario_text, scenario_sha256, rules_version) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, NULL, $14, $15, $16, $17, $18)",
        )
        .bind(&meta.id)
        .bind(&meta.scenario)
        .bind(options)
        .bind(meta.mode.name())
        .bind(meta.ai.map(|a| a.side.name()))
        .bind(meta.ai.map(|a| i64::from(a.level)))
        .bind(meta.clock.map(|c| c.initial_ms))
        .bind(meta.clock.map(|c| c.increment_ms))
        .bind(seats.white.as_deref())
        .bind(seats.black.as_deref())
        .bind(&seats.spectator)
        .bind(i64::from(meta.public))
        .bind(status)
        .bind(meta.created_ms)
        .bind(meta.created_ms)
        .bind(meta.pin.as_ref().map(|p| &*p.scenario_text))
        .bind(meta.pin.as_ref().map(|p| &p.scenario_sha256))
        .bind(meta.pin.as_ref().map(|p| i64::from(p.rules_version)))
        .execute(self.writer())
        .await?;
        Ok(())
    }

    /// A game's settings (with its pin, if stored with one), seat hashes and stored lobby
    /// row, if it exists.
    pub async fn game(&self, id: &str) -> Result<Option<(GameMeta, SeatHashes, LobbyRow)>, sqlx::Error> {
        let row = sqlx::query(
            "SELECT scenario, options, mode, ai_side, ai_level, clock_initial_ms, clock_increment_ms, \
             white_hash, black_hash, spectator_hash, public, created_ms, status, updated_ms, scenario_text, \
             scenario_sha256, rules_version FROM games WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        let Some(row) = row else { return Ok(None) };
        let corrupt = |what: &str| sqlx::Error::Decode(format!("game {id}: bad {what} in the database").into());
        let options: String = row.try_get("options")?;
        let mode: String = row.try_get("mode")?;
        let ai_side: Option<String> = row.try_get("ai_side")?;
        let ai_level: Option<i64> = row.try_get("ai_level")?;
        let ai = match (ai_side, ai_level) {
            (Some(side), Some(level)) => Some(AiSeat {
                side: side_from(&side).ok_or_else(|| corrupt("ai_side"))?,
                level: u8::try_from(level).map_err(|_| corrupt("ai_level"))?,
            }),
            _ => None,
        };
        let initial: Option<i64> = row.try_get("clock_initial_ms")?;
        let increment: Option<i64> = row.try_get("clock_increment_ms")?;
        let public: i64 = row.try_get("public")?;
        let scenario_text: Option<String> = row.try_get("scenario_text")?;
        let scenario_sha256: Option<String> = row.try_get("scenario_sha256")?;
        let rules_version: Option<i64> = row.try_get("rules_version")?;
        // Games stored before pins have none of the three; newer games have all three.
        let pin = match (scenario_text, scenario_sha256, rules_version) {
            (None, None, None) => None,
            (Some(text), Some(sha256), Some(version)) => Some(Pin {
                scenario_text: Arc::from(text),
                scenario_sha256: sha256,
                rules_version: u32::try_from(version).map_err(|_| corrupt("rules_version"))?,
            }),
            _ => return Err(corrupt("pin (scenario_text, scenario_sha256 and rules_version are not all set)")),
        };
        let meta = GameMeta {
            id: id.to_string(),
            scenario: row.try_get("scenario")?,
            options: serde_json::from_str(&options).map_err(|_| corrupt("options"))?,
            mode: Mode::from_name(&mode).ok_or_else(|| corrupt("mode"))?,
            clock: initial.zip(increment).map(|(initial_ms, increment_ms)| ClockConfig { initial_ms, increment_ms }),
            ai,
            public: public != 0,
            created_ms: row.try_get("created_ms")?,
            pin,
        };
        let seats = SeatHashes {
            white: row.try_get("white_hash")?,
            black: row.try_get("black_hash")?,
            spectator: row.try_get("spectator_hash")?,
        };
        let lobby = LobbyRow { status: row.try_get("status")?, updated_ms: row.try_get("updated_ms")? };
        Ok(Some((meta, seats, lobby)))
    }

    /// A game's events from sequence number `from` on, in order.
    pub async fn events_from(&self, id: &str, from: u64) -> Result<Vec<Event>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT seq, kind, side, body, at_ms FROM events WHERE game_id = $1 AND seq >= $2 ORDER BY seq",
        )
        .bind(id)
        .bind(from as i64)
        .fetch_all(&self.pool)
        .await?;
        let mut events = Vec::with_capacity(rows.len());
        for (i, row) in rows.iter().enumerate() {
            let corrupt =
                |what: &str| sqlx::Error::Decode(format!("game {id}: bad {what} in event {}", from + i as u64).into());
            let seq: i64 = row.try_get("seq")?;
            if seq != (from + i as u64) as i64 {
                return Err(corrupt("sequence number"));
            }
            let kind: String = row.try_get("kind")?;
            let side: String = row.try_get("side")?;
            let body: String = row.try_get("body")?;
            events.push(Event {
                kind: EventKind::from_name(&kind).ok_or_else(|| corrupt("kind"))?,
                side: side_from(&side).ok_or_else(|| corrupt("side"))?,
                body: Arc::from(body),
                at_ms: row.try_get("at_ms")?,
            });
        }
        Ok(events)
    }

    /// Appends events at sequence numbers `from`, `from + 1`, ... and makes the change `lobby`
    /// to the game's lobby row (the time of the last event, with or without a new status and
    /// result, or nothing) in one transaction: both are stored or neither. `Ok(false)` if
    /// another writer got there first (nothing was written). With PostgreSQL, the
    /// notification goes in the same transaction.
    pub async fn append(&self, id: &str, from: u64, events: &[Event], lobby: LobbyWrite) -> Result<bool, sqlx::Error> {
        let updated_ms = events.last().map_or(0, |e| e.at_ms);
        if let (Some(lock), true) = (&self.write_lock, events.len() <= INSERT_BATCH) {
            let append = Append { id: id.to_string(), from, events: events.to_vec(), lobby, updated_ms };
            return self.append_grouped(lock.clone(), append).await;
        }
        let _guard = self.write_guard().await;
        let mut tx = self.writer().begin().await?;
        for (i, chunk) in events.chunks(INSERT_BATCH).enumerate() {
            if !insert_events(&mut *tx, id, from + (i * INSERT_BATCH) as u64, chunk).await? {
                return Ok(false);
            }
        }
        let status = match lobby {
            LobbyWrite::Nothing => None,
            LobbyWrite::Time => Some(None),
            LobbyWrite::Status(status, result) => Some(Some((status, result))),
        };
        if let Some(status) = status {
            lobby_query(id, status, updated_ms).execute(&mut *tx).await?;
        }
        if self.postgres_url.is_some() {
            let payload = format!("{id} {}", from + events.len() as u64);
            sqlx::query("SELECT 1 FROM pg_notify($1, $2)").bind(CHANNEL).bind(payload).execute(&mut *tx).await?;
        }
        tx.commit().await?;
        Ok(true)
    }

    /// [`Store::append`] on SQLite: queued, then written with the appends of other games that
    /// queued meanwhile (`crate::group_commit`), by a task of its own, so that a caller that
    /// goes away (a closed connection) cancels nobody's commit, its own included.
    async fn append_grouped(&self, lock: Arc<Mutex<()>>, append: Append) -> Result<bool, sqlx::Error> {
        let (reply, answer) = oneshot::channel();
        self.pending.lock().unwrap_or_else(PoisonError::into_inner).push((append, reply));
        let store = self.clone();
        tokio::spawn(async move {
            let _guard = lock.lock_owned().await;
            let queued = std::mem::take(&mut *store.pending.lock().unwrap_or_else(PoisonError::into_inner));
            for group in group_commit::split(queued) {
                store.commit_group(group).await;
            }
        });
        answer.await.map_err(|_| sqlx::Error::Protocol("the append's commit task ended without an answer".into()))?
    }

    /// Writes a group in one transaction; if that fails, rolls it back and writes each of its
    /// appends alone, each with its own answer.
    async fn commit_group(&self, group: Vec<(Append, Reply)>) {
        let (appends, replies): (Vec<Append>, Vec<Reply>) = group.into_iter().unzip();
        if appends.len() > 1 && self.write_group(&appends).await.is_ok() {
            for reply in replies {
                let _ = reply.send(Ok(true));
            }
            return;
        }
        for (append, reply) in appends.into_iter().zip(replies) {
            let result = match self.write_group(std::slice::from_ref(&append)).await {
                Ok(()) => Ok(true),
                Err(sqlx::Error::Database(e)) if e.kind() == ErrorKind::UniqueViolation => Ok(false),
                Err(e) => Err(e),
            };
            let _ = reply.send(result);
        }
    }

    /// One transaction of appends sent as one command, rolled back on any error.
    async fn write_group(&self, group: &[Append]) -> Result<(), sqlx::Error> {
        let sql = group_commit::group_sql(group);
        let query = group_commit::bind_group(sqlx::query(&sql), group);
        let mut conn = self.writer().acquire().await?;
        let outcome = query.execute(&mut *conn).await;
        if outcome.is_err() && conn.execute("ROLLBACK").await.is_err() {
            // The connection's state is unknown: it is closed, not given back to the pool.
            let _ = conn.close().await;
        }
        outcome.map(|_| ())
    }

    /// Repairs a game's lobby row: its time of last change, and with `status` its status and
    /// result.
    pub async fn set_lobby(
        &self,
        id: &str,
        status: Option<(&str, Option<&str>)>,
        at_ms: i64,
    ) -> Result<(), sqlx::Error> {
        let _guard = self.write_guard().await;
        lobby_query(id, status, at_ms).execute(self.writer()).await?;
        Ok(())
    }

    /// Up to `limit` unfinished games whose lobby row trails their last event by more than
    /// [`LOBBY_TIME_STEP_MS`] (written by a server before appends and lobby rows shared one
    /// transaction), oldest first.
    pub async fn stale_lobby(&self, limit: u32) -> Result<Vec<String>, sqlx::Error> {
        let rows = sqlx::query(
            // The last event by the primary key: one index lookup per game.
            "SELECT id FROM games WHERE status <> 'over' AND updated_ms < \
             (SELECT at_ms FROM events WHERE events.game_id = games.id ORDER BY seq DESC LIMIT 1) - $1 \
             ORDER BY updated_ms LIMIT $2",
        )
        .bind(LOBBY_TIME_STEP_MS)
        .bind(i64::from(limit))
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(|row| row.try_get("id")).collect()
    }

    /// The public games still listed at `now_ms` (see [`LOBBY_OVER_MS`], [`LOBBY_IDLE_MS`]),
    /// the most recently changed first; with `open_only`, only the open challenges, the
    /// longest waiting first. Each entry's `scenario_name` is its scenario's id: the route
    /// names it from the catalog.
    pub async fn lobby(&self, limit: u32, now_ms: i64, open_only: bool) -> Result<Vec<LobbyEntry>, sqlx::Error> {
        let (filter, order) =
            if open_only { ("AND open_side IS NOT NULL", "created_ms ASC") } else { ("", "updated_ms DESC") };
        let sql = format!(
            "SELECT id, scenario, mode, status, result, created_ms, updated_ms, clock_initial_ms, \
             clock_increment_ms, challenger, open_side FROM games \
             WHERE public = 1 AND updated_ms >= CASE WHEN status = 'over' THEN $1 ELSE $2 END {filter} \
             ORDER BY {order} LIMIT $3"
        );
        let rows = sqlx::query(&sql)
            .bind(now_ms - LOBBY_OVER_MS)
            .bind(now_ms - LOBBY_IDLE_MS)
            .bind(i64::from(limit))
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|row| {
                let mode: String = row.try_get("mode")?;
                let scenario: String = row.try_get("scenario")?;
                let initial: Option<i64> = row.try_get("clock_initial_ms")?;
                let increment: Option<i64> = row.try_get("clock_increment_ms")?;
                let open_side: Option<String> = row.try_get("open_side")?;
                Ok(LobbyEntry {
                    id: row.try_get("id")?,
                    scenario_name: scenario.clone(),
                    scenario,
                    mode: Mode::from_name(&mode)
                        .ok_or_else(|| sqlx::Error::Decode("bad mode in the database".into()))?,
                    status: row.try_get("status")?,
                    result: row.try_get("result")?,
                    created_ms: row.try_get("created_ms")?,
                    updated_ms: row.try_get("updated_ms")?,
                    clock: initial
                        .zip(increment)
                        .map(|(initial_ms, increment_ms)| ClockConfig { initial_ms, increment_ms }),
                    challenger: row.try_get("challenger")?,
                    open_side: open_side.as_deref().and_then(side_from),
                })
            })
            .collect()
    }

    /// The pool writes go through: SQLite's writer connection, or PostgreSQL's pool.
    pub(crate) fn writer(&self) -> &AnyPool {
        self.writer.as_ref().unwrap_or(&self.pool)
    }

    async fn write_guard(&self) -> Option<tokio::sync::MutexGuard<'_, ()>> {
        match &self.write_lock {
            Some(lock) => Some(lock.lock().await),
            None => None,
        }
    }
}

/// The page cache of SQLite's writer connection, in KiB (SQLite's default is 2,000): it holds
/// the pages appends touch (the events' index, the games' rows and the lobby's index) for
/// thousands of games at once.
const WRITER_CACHE_KIB: u32 = 32 * 1024;

/// A pool's settings: at most `max` connections, and on SQLite a page cache of `cache_kib`
/// (SQLite's default when `None`).
fn pool_options(max: u32, cache_kib: Option<u32>) -> AnyPoolOptions {
    AnyPoolOptions::new()
        .max_connections(max)
        .acquire_timeout(std::time::Duration::from_secs(10))
        // No ping before each use (a round trip per statement); a broken connection fails
        // its statement, which the callers report or retry, and the pool replaces it.
        .test_before_acquire(false)
        .after_connect(move |conn, _| {
            Box::pin(async move {
                if conn.backend_name() == "SQLite" {
                    // With WAL, NORMAL keeps every commit through a crash or kill of the
                    // process; only a power cut may lose the last commits.
                    conn.execute("PRAGMA synchronous = NORMAL").await?;
                    // Checkpoints (copying the log into the database, with an fsync) run in
                    // the background task of `Store::open`, never inside a player's commit.
                    conn.execute("PRAGMA wal_autocheckpoint = 0").await?;
                    if let Some(kib) = cache_kib {
                        conn.execute(format!("PRAGMA cache_size = -{kib}").as_str()).await?;
                    }
                }
                Ok(())
            })
        })
}

/// How long a finished public game stays in the lobby after its end: one day.
pub const LOBBY_OVER_MS: i64 = 24 * 3600 * 1000;

/// How long an unfinished public game stays in the lobby with no new event: seven days.
pub const LOBBY_IDLE_MS: i64 = 7 * 24 * 3600 * 1000;

/// How far a game's lobby time (`updated_ms`, the lobby's order) may trail its last event: an
/// append writes the time only once the stored one is this much older, or with a new status,
/// so that most appends leave the game's row and the lobby's index alone (two of the five or
/// so pages an append wrote; docs/BENCHMARKS.md "Scale"). A row that trails by more is stale.
pub const LOBBY_TIME_STEP_MS: i64 = 10_000;

/// What an append changes in its game's lobby row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LobbyWrite {
    /// Nothing: the stored time trails the events by less than [`LOBBY_TIME_STEP_MS`].
    Nothing,
    /// The time of the last event.
    Time,
    /// A new status (`setup`, `play`, `over`) and result, with the time of the last event.
    Status(&'static str, Option<&'static str>),
}

impl LobbyWrite {
    /// The change for an append at `at_ms` to a row whose time was written as `written_ms`:
    /// the status if it changed (`status`), else the time if it is due.
    #[must_use]
    pub fn for_append(status: Option<(&'static str, Option<&'static str>)>, written_ms: i64, at_ms: i64) -> LobbyWrite {
        match status {
            Some((status, result)) => LobbyWrite::Status(status, result),
            None if at_ms - written_ms >= LOBBY_TIME_STEP_MS => LobbyWrite::Time,
            None => LobbyWrite::Nothing,
        }
    }
}

/// Whether a lobby row whose time is `updated_ms` is stale for a game whose last event was at
/// `last_ms` (it trails by more than [`LOBBY_TIME_STEP_MS`]).
#[must_use]
pub fn lobby_trails(updated_ms: i64, last_ms: i64) -> bool {
    updated_ms < last_ms - LOBBY_TIME_STEP_MS
}

/// The most events one INSERT statement carries (6 parameters each, well under SQLite's limit).
const INSERT_BATCH: usize = 1000;

/// Inserts events in one statement; `Ok(false)` if one of their sequence numbers is taken.
async fn insert_events<'e, E: Executor<'e, Database = Any>>(
    executor: E,
    id: &str,
    from: u64,
    events: &[Event],
) -> Result<bool, sqlx::Error> {
    let sql = insert_sql(events.len());
    match bind_events(sqlx::query(&sql), id, from, events).execute(executor).await {
        Ok(_) => Ok(true),
        Err(sqlx::Error::Database(e)) if e.kind() == ErrorKind::UniqueViolation => Ok(false),
        Err(e) => Err(e),
    }
}

/// The statement inserting `count` events, with parameters `$1` to `$6count`.
fn insert_sql(count: usize) -> String {
    let mut sql = String::from("INSERT INTO events (game_id, seq, kind, side, body, at_ms) VALUES ");
    for i in 0..count {
        let p = 6 * i;
        let sep = if i == 0 { "" } else { ", " };
        sql.push_str(&format!("{sep}(${}, ${}, ${}, ${}, ${}, ${})", p + 1, p + 2, p + 3, p + 4, p + 5, p + 6));
    }
    sql
}

/// Binds the parameters of [`insert_sql`]: events at sequence numbers `from`, `from + 1`, ...
fn bind_events<'q>(
    mut query: sqlx::query::Query<'q, Any, sqlx::any::AnyArguments<'q>>,
    id: &'q str,
    from: u64,
    events: &'q [Event],
) -> sqlx::query::Query<'q, Any, sqlx::any::AnyArguments<'q>> {
    for (i, event) in events.iter().enumerate() {
        query = query
            .bind(id)
            .bind((from + i as u64) as i64)
            .bind(event.kind.name())
            .bind(event.side.name())
            .bind(&*event.body)
            .bind(event.at_ms);
    }
    query
}

/// The update of a game's lobby row: the time of its last change, and with `status` its status
/// and result.
fn lobby_query<'q>(
    id: &'q str,
    status: Option<(&'q str, Option<&'q str>)>,
    at_ms: i64,
) -> sqlx::query::Query<'q, Any, sqlx::any::AnyArguments<'q>> {
    match status {
        Some((status, result)) => {
            sqlx::query("UPDATE games SET status = $1, result = $2, updated_ms = $3 WHERE id = $4")
                .bind(status)
                .bind(result)
        }
        None => sqlx::query("UPDATE games SET updated_ms = $1 WHERE id = $2"),
    }
    .bind(at_ms)
    .bind(id)
}

fn side_from(name: &str) -> Option<Side> {
    Side::BOTH.into_iter().find(|s| s.name() == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_append_writes_the_lobby_time_once_a_step_and_a_new_status_always() {
        let step = LOBBY_TIME_STEP_MS;
        assert_eq!(LobbyWrite::for_append(None, 1000, 1000 + step - 1), LobbyWrite::Nothing);
        assert_eq!(LobbyWrite::for_append(None, 1000, 1000 + step), LobbyWrite::Time);
        let over = Some(("over", Some("1-0")));
        assert_eq!(LobbyWrite::for_append(over, 1000, 1001), LobbyWrite::Status("over", Some("1-0")));
    }

    #[test]
    fn a_row_is_stale_only_when_it_trails_by_more_than_a_step() {
        let step = LOBBY_TIME_STEP_MS;
        assert!(!lobby_trails(1000, 1000 + step), "within a step, as appends leave it");
        assert!(lobby_trails(1000, 1000 + step + 1));
        assert!(!lobby_trails(5000, 1000), "ahead of its events");
    }
}
