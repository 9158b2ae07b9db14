//! The registry of a process's games: the store, the scenarios, the AI's share of the cores,
//! and the hubs of the games loaded now (created, loaded on first use, forgotten when idle).

use super::load::{load, stored, StoredGame};
use super::Hub;
use crate::catalog::Catalog;
use crate::client_ip::ProxyNet;
use crate::error::{ApiError, ErrorCode};
use crate::game::{now_ms, Game, GameMeta};
use crate::limit::{self, CreateLimit};
use crate::protocol::CreateGame;
use crate::scheduler::{AiConfig, AiStats, Scheduler};
use crate::store::{SeatHashes, Store};
use crate::token::{self, Token};
use std::collections::HashMap;
use std::sync::atomic::AtomicI64;
use std::sync::{Arc, Mutex as StdMutex, RwLock};
use tokio::sync::{watch, Mutex};
use warlord_rules::Side;

/// The games of this process: the store, the scenarios, the AI and the loaded hubs.
#[derive(Clone, Debug)]
pub struct Games {
    inner: Arc<Inner>,
}

/// What [`Games`] shares with its hubs (which hold it weakly).
#[derive(Debug)]
pub(super) struct Inner {
    pub(super) store: Store,
    catalog: Catalog,
    hubs: StdMutex<HashMap<String, Arc<Hub>>>,
    /// The AI's fair scheduler: its searches leave one core to the games' own work.
    pub(super) scheduler: Arc<Scheduler>,
    /// AI jobs one user may have waiting before their new AI games are refused.
    ai_waiting_per_user: usize,
    /// How many games each client may create.
    create_limit: RwLock<Arc<CreateLimit>>,
    /// The reverse proxies whose `X-Forwarded-For` names the client (`crate::client_ip`).
    trusted_proxies: RwLock<Arc<[ProxyNet]>>,
}

/// The default of `warlord serve --ai-waiting-per-user`.
pub const DEFAULT_AI_WAITING_PER_USER: usize = 8;

/// The user a client's address stands for (its IPv4 address, or its IPv6 /64 network): the
/// AI's turns are queued under it.
#[must_use]
pub fn user_key(client: std::net::IpAddr) -> String {
    limit::network(client).to_string()
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
    /// The games of a store, with the shipped scenarios, the default AI and the default limit
    /// on creating games.
    pub fn new(store: Store) -> anyhow::Result<Games> {
        Games::with_ai(store, AiConfig::default(), DEFAULT_AI_WAITING_PER_USER)
    }

    /// The games of a store, with the AI's threads and searches of `ai` and
    /// `ai_waiting_per_user` AI jobs one user may have waiting before their new AI games are
    /// refused (0: no limit).
    pub fn with_ai(store: Store, ai: AiConfig, ai_waiting_per_user: usize) -> anyhow::Result<Games> {
        let create_limit = RwLock::new(Arc::new(CreateLimit::per_minute(limit::DEFAULT_PER_MINUTE)));
        let inner = Inner {
            store,
            catalog: Catalog::shipped(),
            hubs: StdMutex::default(),
            scheduler: Scheduler::new(ai)?,
            ai_waiting_per_user,
            create_limit,
            trusted_proxies: RwLock::new(Arc::from(Vec::new())),
        };
        Ok(Games { inner: Arc::new(inner) })
    }

    /// The counts of the AI's work (queued, running, finished, cancelled).
    #[must_use]
    pub fn ai_stats(&self) -> AiStats {
        self.inner.scheduler.stats()
    }

    /// The AI's threads and searches.
    #[must_use]
    pub fn ai_config(&self) -> AiConfig {
        self.inner.scheduler.config()
    }

    /// How many games each client may create.
    #[must_use]
    pub fn create_limit(&self) -> Arc<CreateLimit> {
        self.inner.create_limit.read().expect("create limit").clone()
    }

    /// Lets each client create `per_minute` games a minute (0: no limit), counting afresh.
    pub fn set_create_limit(&self, per_minute: u32) {
        *self.inner.create_limit.write().expect("create limit") = Arc::new(CreateLimit::per_minute(per_minute));
    }

    /// The reverse proxies trusted to name the client in `X-Forwarded-For`.
    #[must_use]
    pub fn trusted_proxies(&self) -> Arc<[ProxyNet]> {
        self.inner.trusted_proxies.read().map_or_else(|poisoned| poisoned.into_inner().clone(), |list| list.clone())
    }

    /// Trusts these reverse proxies (replacing the earlier list; empty: none).
    pub fn set_trusted_proxies(&self, proxies: &[ProxyNet]) {
        let mut list = self.inner.trusted_proxies.write().unwrap_or_else(std::sync::PoisonError::into_inner);
        *list = Arc::from(proxies.to_vec());
    }

    /// The store.
    #[must_use]
    pub fn store(&self) -> &Store {
        &self.inner.store
    }

    /// The scenarios games may be created from.
    #[must_use]
    pub fn scenarios(&self) -> &Catalog {
        &self.inner.catalog
    }

    /// Creates and stores a game, pinned to the scenario's text and the rules version of now;
    /// returns its id and seat tokens.
    pub async fn create(&self, request: CreateGame) -> Result<Created, ApiError> {
        self.create_by(request, None).await
    }

    /// Creates a game for a user (the key of a client's address, see [`user_key`]): the AI's
    /// turns in it are queued under that user, and a new AI game is refused with `busy` while
    /// the user already has too many AI jobs waiting.
    pub async fn create_by(&self, request: CreateGame, user: Option<String>) -> Result<Created, ApiError> {
        if let (Some(_), Some(user)) = (&request.ai, &user) {
            let limit = self.inner.ai_waiting_per_user;
            if limit > 0 && self.inner.scheduler.waiting(user) >= limit {
                let mut error = ApiError::new(
                    ErrorCode::Busy,
                    format!("the AI already has {limit} of your games to think about; try again in a moment"),
                );
                error.retry_after_s = Some(5);
                return Err(error);
            }
        }
        let (scenario, pin) = self.inner.catalog.for_new_game(&request.scenario)?;
        let names: Vec<String> = scenario.option_schema().into_iter().map(|o| o.name).collect();
        for name in request.options.keys() {
            if !names.contains(name) {
                return Err(ApiError::bad_request(format!(
                    "`{}` is not an option of this scenario; its options are: {}",
                    crate::error::clip(name, 64),
                    names.join(", ")
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
            pin: Some(pin),
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
        self.store().insert_game(&meta, &hashes, game.status()).await.map_err(|e| ApiError::storage(&e))?;
        tracing::info!(game = %meta.id, scenario = %meta.scenario, mode = meta.mode.name(), "game created");
        if meta.ai.is_some() {
            // Loading the game starts the AI if it moves first.
            let row = stored(&self.inner.store, &meta.id).await?;
            self.install(&meta.id, row, user).await?;
        }
        Ok(created)
    }

    /// The hub of a game, loading it from the store on first use.
    pub async fn hub(&self, id: &str) -> Result<Arc<Hub>, ApiError> {
        self.open(id, |_, _| Ok(())).await.map(|(hub, ())| hub)
    }

    /// The hub of a game if `admit` accepts its seats and whether it is public, with what
    /// `admit` answers. A game not loaded yet is asked about from its stored row first, and
    /// rebuilt from its log only if `admit` accepts: a refusal never costs a replay.
    pub async fn open<T>(
        &self,
        id: &str,
        admit: impl FnOnce(&SeatHashes, bool) -> Result<T, ApiError>,
    ) -> Result<(Arc<Hub>, T), ApiError> {
        if let Some(hub) = self.loaded(id) {
            let admitted = admit(hub.seats(), hub.snapshot().meta.public)?;
            return Ok((hub, admitted));
        }
        if id.is_empty() || id.len() > 64 {
            return Err(ApiError::no_game(id));
        }
        let row = stored(&self.inner.store, id).await?;
        let admitted = admit(&row.1, row.0.public)?;
        Ok((self.install(id, row, None).await?, admitted))
    }

    /// Rebuilds a game from its stored row and log and registers its hub (unless another
    /// request registered it meanwhile), noting its player if known.
    async fn install(&self, id: &str, row: StoredGame, player: Option<String>) -> Result<Arc<Hub>, ApiError> {
        let (game, seats, lobby_ms) = load(&self.inner.store, &self.inner.catalog, id, row).await?;
        let game = Arc::new(game);
        let (watch, _) = watch::channel(game.clone());
        let hub = Arc::new(Hub {
            games: Arc::downgrade(&self.inner),
            id: id.to_string(),
            seats,
            game: Mutex::new(game),
            watch,
            timer: StdMutex::new(None),
            ai_job: StdMutex::new(None),
            player: StdMutex::new(player),
            views: Default::default(),
            lobby_ms: AtomicI64::new(lobby_ms),
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
