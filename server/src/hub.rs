//! The games a server process has in memory, and the one place events are accepted.
//!
//! Each loaded game has a [`Hub`]: the game rebuilt from its log (the process's cache), a lock
//! that serializes this process's writers, and a watch channel carrying the latest snapshot to
//! every connection. Accepting events is: check them on a copy of the game (the rules engine
//! decides), commit them to the store (which refuses if another process appended first), then
//! publish. Nothing is published that is not committed.

use crate::agent;
use crate::error::{ApiError, ErrorCode};
use crate::game::{now_ms, Event, EventKind, Game, GameMeta, Viewer};
use crate::protocol::{Command, CreateGame};
use crate::store::{SeatHashes, Store};
use crate::token::{self, Token};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex as StdMutex};
use tokio::sync::{watch, Mutex, Semaphore};
use tokio::task::JoinHandle;
use warlord_rules::notation::format_action;
use warlord_rules::{Phase, Scenario, Side};

/// The games of this process: the store, the scenarios, the AI and the loaded hubs.
#[derive(Clone, Debug)]
pub struct Games {
    inner: Arc<Inner>,
}

#[derive(Debug)]
struct Inner {
    store: Store,
    scenarios: HashMap<String, Arc<Scenario>>,
    hubs: StdMutex<HashMap<String, Arc<Hub>>>,
    /// AI searches running at once: one core is always left to the games' own work.
    thinkers: Arc<Semaphore>,
}

/// The seat links of a new game: each token is shown once and only its hash is kept.
#[derive(Debug)]
pub struct Created {
    /// The game's id.
    pub id: String,
    /// White's token, unless the AI plays White.
    pub white: Option<Token>,
    /// Black's token, unless the AI plays Black.
    pub black: Option<Token>,
    /// The spectator token.
    pub spectator: Token,
}

impl Games {
    /// The games of a store, with the shipped scenarios and the default AI.
    pub fn new(store: Store) -> Games {
        let scenarios = warlord_scenarios::ALL
            .iter()
            .filter_map(|b| match Scenario::parse(b.text, &format!("builtin:{}", b.id)) {
                Ok(s) => Some((s.id.clone(), Arc::new(s))),
                Err(e) => {
                    tracing::error!(scenario = b.id, error = %e, "a shipped scenario does not load");
                    None
                }
            })
            .collect();
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        let thinkers = Arc::new(Semaphore::new(cores.saturating_sub(1).max(1)));
        Games { inner: Arc::new(Inner { store, scenarios, hubs: StdMutex::default(), thinkers }) }
    }

    /// The store.
    #[must_use]
    pub fn store(&self) -> &Store {
        &self.inner.store
    }

    /// The scenarios games may be created from, by id.
    #[must_use]
    pub fn scenarios(&self) -> &HashMap<String, Arc<Scenario>> {
        &self.inner.scenarios
    }

    /// Creates and stores a game; returns its id and seat tokens.
    pub async fn create(&self, request: CreateGame) -> Result<Created, ApiError> {
        let scenario = self.inner.scenarios.get(&request.scenario).cloned().ok_or_else(|| {
            ApiError::new(
                ErrorCode::NotFound,
                format!("no scenario has the id `{}`", crate::error::clip(&request.scenario, 40)),
            )
        })?;
        for name in request.options.keys() {
            if !scenario.option_names().contains(&name.as_str()) {
                return Err(ApiError::bad_request(format!(
                    "`{}` is not an option of this scenario; its options are: {}",
                    crate::error::clip(name, 64),
                    scenario.option_names().join(", ")
                )));
            }
        }
        let meta = GameMeta {
            id: token::random_id(),
            scenario: request.scenario,
            options: request.options,
            mode: request.mode,
            clock: request.clock,
            ai: request.ai,
            public: request.public,
            created_ms: now_ms(),
        };
        let game = Game::new(Arc::new(meta.clone()), scenario)?;
        let ai_side = meta.ai.map(|a| a.side);
        let seat = |side| (ai_side != Some(side)).then(Token::generate);
        let created = Created {
            id: meta.id.clone(),
            white: seat(Side::White),
            black: seat(Side::Black),
            spectator: Token::generate(),
        };
        let hashes = SeatHashes {
            white: created.white.as_ref().map(Token::hash),
            black: created.black.as_ref().map(Token::hash),
            spectator: created.spectator.hash(),
        };
        self.store().insert_game(&meta, &hashes, status(&game)).await.map_err(|e| ApiError::storage(&e))?;
        tracing::info!(game = %meta.id, scenario = %meta.scenario, mode = meta.mode.name(), "game created");
        if meta.ai.is_some() {
            // Loading the game starts the AI if it moves first.
            self.hub(&meta.id).await?;
        }
        Ok(created)
    }

    /// The hub of a game, loading it from the store on first use.
    pub async fn hub(&self, id: &str) -> Result<Arc<Hub>, ApiError> {
        if let Some(hub) = self.loaded(id) {
            return Ok(hub);
        }
        if id.is_empty() || id.len() > 64 {
            return Err(ApiError::no_game(id));
        }
        let (meta, seats, stored_status) =
            self.store().game(id).await.map_err(|e| ApiError::storage(&e))?.ok_or_else(|| ApiError::no_game(id))?;
        let scenario = self.inner.scenarios.get(&meta.scenario).cloned().ok_or_else(|| {
            ApiError::new(
                ErrorCode::Internal,
                format!("game {id} uses the scenario `{}`, which this server does not have", meta.scenario),
            )
        })?;
        let mut game = Game::new(Arc::new(meta), scenario)?;
        let events = self.store().events_from(id, 0).await.map_err(|e| ApiError::storage(&e))?;
        replay(&mut game, events)?;
        if stored_status != status(&game) {
            // An append whose status update was cut short (SQLite writes the two apart).
            let at_ms = game.events().last().map_or(game.meta.created_ms, |e| e.at_ms);
            let result = game.outcome().map(|o| o.score());
            self.store().set_status(id, status(&game), result, at_ms).await.map_err(|e| ApiError::storage(&e))?;
        }
        let (watch, _) = watch::channel(Arc::new(game.clone()));
        let hub = Arc::new(Hub {
            games: Arc::downgrade(&self.inner),
            id: id.to_string(),
            seats,
            game: Mutex::new(game),
            watch,
            timer: StdMutex::new(None),
            ai_busy: AtomicBool::new(false),
        });
        let hub = {
            let mut hubs = self.inner.hubs.lock().expect("hub map");
            hubs.entry(id.to_string()).or_insert(hub).clone()
        };
        let game = hub.snapshot();
        hub.schedule(&game);
        Ok(hub)
    }

    /// The hub of a game if this process has it loaded.
    #[must_use]
    pub fn loaded(&self, id: &str) -> Option<Arc<Hub>> {
        self.inner.hubs.lock().expect("hub map").get(id).cloned()
    }

    /// Forgets the loaded games nobody uses now (no connection, clock timer or AI turn holds
    /// them); they are reloaded from the store when next asked for. Returns how many.
    pub fn evict_idle(&self) -> usize {
        let mut hubs = self.inner.hubs.lock().expect("hub map");
        let before = hubs.len();
        // The map's lock is held, so nobody can take a new reference meanwhile.
        hubs.retain(|_, hub| Arc::strong_count(hub) > 1);
        before - hubs.len()
    }

    /// Rereads the log of every loaded game (after missed notifications).
    pub async fn refresh_all(&self) {
        let hubs: Vec<_> = self.inner.hubs.lock().expect("hub map").values().cloned().collect();
        for hub in hubs {
            hub.refresh().await;
        }
    }
}

/// Applies stored events to a game; a stored event the rules refuse means the store and the
/// rules disagree, which is reported rather than hidden.
fn replay(game: &mut Game, events: Vec<Event>) -> Result<(), ApiError> {
    for (i, event) in events.into_iter().enumerate() {
        let seq = game.seq();
        game.apply(event).map_err(|e| {
            tracing::error!(game = %game.meta.id, seq, index = i, error = %e.message, "a stored event does not replay");
            ApiError::new(
                ErrorCode::Internal,
                format!("stored event {seq} of this game does not replay: {}", e.message),
            )
        })?;
    }
    Ok(())
}

/// The lobby status of a game.
fn status(game: &Game) -> &'static str {
    match game.position().phase() {
        Phase::Setup => "setup",
        Phase::Play => "play",
        Phase::Over(_) => "over",
    }
}

/// One loaded game.
#[derive(Debug)]
pub struct Hub {
    games: std::sync::Weak<Inner>,
    id: String,
    seats: SeatHashes,
    game: Mutex<Game>,
    watch: watch::Sender<Arc<Game>>,
    timer: StdMutex<Option<JoinHandle<()>>>,
    ai_busy: AtomicBool,
}

impl Hub {
    /// The hashes of the game's seat and spectator tokens.
    #[must_use]
    pub fn seats(&self) -> &SeatHashes {
        &self.seats
    }

    /// The latest published game.
    #[must_use]
    pub fn snapshot(&self) -> Arc<Game> {
        self.watch.borrow().clone()
    }

    /// A receiver of every published game.
    #[must_use]
    pub fn subscribe(&self) -> watch::Receiver<Arc<Game>> {
        self.watch.subscribe()
    }

    /// Carries out a client's command for a viewer; returns the new sequence number.
    pub async fn command(self: &Arc<Self>, viewer: Viewer, command: Command) -> Result<u64, ApiError> {
        let Viewer::Seat(side) = viewer else {
            return Err(ApiError::new(ErrorCode::Forbidden, "spectators can watch but not act"));
        };
        let (kind, actions, seq) = match command {
            Command::Act { actions, seq } => (EventKind::Action, actions, seq),
            Command::Resign {} => (EventKind::Resign, Vec::new(), None),
            Command::OfferDraw {} => (EventKind::DrawOffer, Vec::new(), None),
            Command::AcceptDraw {} => (EventKind::DrawAccept, Vec::new(), None),
            Command::DeclineDraw {} => (EventKind::DrawDecline, Vec::new(), None),
            Command::Ping {} => return Ok(self.snapshot().seq()),
        };
        let snapshot = self.snapshot();
        let events = if kind == EventKind::Action {
            actions
                .iter()
                .map(|text| Ok(Event { kind, side, body: Arc::from(snapshot.canonical_action(text)?), at_ms: 0 }))
                .collect::<Result<Vec<_>, ApiError>>()?
        } else {
            vec![Event::bare(kind, side, 0)]
        };
        self.commit(events, seq).await
    }

    /// Checks events on a copy of the game, commits them, then publishes the new game. With
    /// `expected`, refuses with `stale` unless the game has exactly that many events. If the
    /// side to act has run out of time, its time forfeit is recorded instead.
    async fn commit(self: &Arc<Self>, mut events: Vec<Event>, expected: Option<u64>) -> Result<u64, ApiError> {
        let games =
            self.games.upgrade().ok_or_else(|| ApiError::new(ErrorCode::Internal, "the server is shutting down"))?;
        let mut game = self.game.lock().await;
        if expected.is_some_and(|s| s != game.seq()) {
            return Err(stale(game.seq()));
        }
        let now = now_ms();
        let mover = game.position().to_move();
        let forfeit = game.outcome().is_none() && game.clock().is_some_and(|c| c.flagged(mover, now));
        if forfeit {
            events = vec![Event::bare(EventKind::Timeout, mover, now)];
        }
        let mut next = game.clone();
        for mut event in events.iter().cloned() {
            event.at_ms = now;
            next.apply(event)?;
        }
        let new_events = next.events()[game.events().len()..].to_vec();
        let changed = (status(&next) != status(&game)).then(|| (status(&next), next.outcome().map(|o| o.score())));
        match games.store.append(&self.id, game.seq(), &new_events, changed).await {
            Ok(true) => {}
            Ok(false) => {
                // Another process appended first: catch up; the client decides again.
                self.catch_up(&mut game, &games.store).await;
                return Err(stale(game.seq()));
            }
            Err(e) => return Err(ApiError::storage(&e)),
        }
        *game = next;
        let seq = game.seq();
        self.publish(&game);
        drop(game);
        if forfeit {
            return Err(ApiError::new(ErrorCode::GameOver, format!("{mover} has run out of time; the game is over")));
        }
        Ok(seq)
    }

    /// Reads events other processes appended and publishes the result.
    pub async fn refresh(self: &Arc<Self>) {
        let Some(games) = self.games.upgrade() else {
            return;
        };
        let mut game = self.game.lock().await;
        self.catch_up(&mut game, &games.store).await;
    }

    async fn catch_up(self: &Arc<Self>, game: &mut Game, store: &Store) {
        match store.events_from(&self.id, game.seq()).await {
            Ok(events) if events.is_empty() => {}
            Ok(events) => {
                if let Err(e) = replay(game, events) {
                    tracing::error!(game = %self.id, error = %e.message, "could not catch up");
                }
                self.publish(game);
            }
            Err(e) => tracing::error!(game = %self.id, error = %e, "could not read new events"),
        }
    }

    fn publish(self: &Arc<Self>, game: &Game) {
        let snapshot = Arc::new(game.clone());
        self.watch.send_replace(snapshot.clone());
        self.schedule(&snapshot);
    }

    /// Starts what the game now waits for: the AI's turn, the running clock's flag.
    fn schedule(self: &Arc<Self>, game: &Arc<Game>) {
        let mut timer = self.timer.lock().expect("timer");
        if let Some(old) = timer.take() {
            old.abort();
        }
        if game.outcome().is_some() {
            return;
        }
        if let Some((side, flag_ms)) = game.clock().and_then(|c| c.flag_at()) {
            let hub = self.clone();
            *timer = Some(tokio::spawn(async move {
                let wait = u64::try_from(flag_ms - now_ms()).unwrap_or(0);
                tokio::time::sleep(std::time::Duration::from_millis(wait + 1)).await;
                let _ = hub.commit(vec![Event::bare(EventKind::Timeout, side, 0)], None).await;
            }));
        }
        drop(timer);
        if let Some(ai) = game.meta.ai {
            if game.position().to_move() == ai.side && !self.ai_busy.swap(true, Ordering::AcqRel) {
                let hub = self.clone();
                let game = game.clone();
                tokio::spawn(async move { hub.play_ai(game, ai.side, ai.level).await });
            }
        }
    }

    /// Plans the AI's turn on a blocking thread (never on the async runtime) and plays it.
    async fn play_ai(self: Arc<Self>, game: Arc<Game>, side: Side, level: u8) {
        let seq = game.seq();
        let seed = seq ^ u64::from_str_radix(&self.id, 16).unwrap_or(0);
        // The AI sees what its seat may see: during setup, not the other side's placement.
        let view = game.visible_position(Viewer::Seat(side));
        let rules = game.rules.clone();
        let Some(thinkers) = self.games.upgrade().map(|g| g.thinkers.clone()) else { return };
        let Ok(permit) = thinkers.acquire_owned().await else { return };
        let turn = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            let (agent, budget) = agent::for_level(level);
            agent.choose_turn(&*rules, &view, budget, seed)
        })
        .await;
        self.ai_busy.store(false, Ordering::Release);
        let turn = match turn {
            Ok(turn) if !turn.is_empty() => turn,
            _ => {
                tracing::error!(game = %self.id, "the AI found no turn to play");
                return;
            }
        };
        let pieces = game.rules.pieces();
        let events = turn
            .iter()
            .map(|a| Event { kind: EventKind::Action, side, body: Arc::from(format_action(a, pieces)), at_ms: 0 })
            .collect();
        if let Err(e) = self.commit(events, Some(seq)).await {
            tracing::warn!(game = %self.id, error = %e.message, "the AI's turn was not played");
        }
    }
}

fn stale(seq: u64) -> ApiError {
    ApiError::new(ErrorCode::Stale, format!("the game has changed (it is at event {seq}); nothing was applied"))
}
