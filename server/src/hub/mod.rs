//! The games a server process has in memory, and the one place events are accepted.
//!
//! Each loaded game has a [`Hub`]: the game rebuilt from its log (the process's cache), a lock
//! that serializes this process's writers, and a watch channel carrying the latest snapshot to
//! every connection. Accepting events is: check them on a copy of the game (the rules engine
//! decides), commit them to the store (which refuses if another process appended first), then
//! publish. Nothing is published that is not committed.
//!
//! - `games.rs`: the registry of loaded games ([`Games`]): creating, loading, forgetting.
//! - `load.rs`: rebuilding a stored game from its pinned scenario and its log (read-only when
//!   the log no longer replays).
//! - `commit.rs`: carrying out commands and committing events; catching up with other processes.
//! - `timer.rs`: the flag timer of a running clock.
//! - `ai.rs`: the AI seat's turns, planned by the fair scheduler (`crate::scheduler`) and
//!   cancelled when the game changes.
//! - `retry.rs`: committing the server's own events (AI turns, time forfeits) through storage
//!   failures.
//! - `repair.rs`: the periodic repair of lobby rows written apart from their events.
//! - `views.rs`: the state sent after a change, rendered once per viewer.

mod ai;
mod commit;
mod games;
mod load;
mod repair;
mod retry;
mod timer;
mod views;

pub use games::{user_key, Created, Games, DEFAULT_AI_WAITING_PER_USER};
pub use views::Update;

use crate::game::Game;
use crate::scheduler::Ticket;
use crate::store::SeatHashes;
use std::sync::atomic::AtomicI64;
use std::sync::{Arc, Mutex as StdMutex, Weak};
use tokio::sync::{watch, Mutex};
use tokio::task::JoinHandle;

/// One loaded game.
#[derive(Debug)]
pub struct Hub {
    games: Weak<games::Inner>,
    id: String,
    seats: SeatHashes,
    /// The game as committed (the same `Arc` the watch channel carries, until the next change).
    game: Mutex<Arc<Game>>,
    watch: watch::Sender<Arc<Game>>,
    timer: StdMutex<Option<JoinHandle<()>>>,
    /// The AI's job: the state (sequence number) it plans for, and its cancellation ticket.
    ai_job: StdMutex<Option<(u64, Ticket)>>,
    /// The user the AI's turns are queued under (see `ai.rs`).
    player: StdMutex<Option<String>>,
    /// The latest game's states as sent, once per viewer.
    views: views::Views,
    /// The time in the game's lobby row as this process last read or wrote it (written again
    /// only every `store::LOBBY_TIME_STEP_MS`; changed under the `game` lock).
    lobby_ms: AtomicI64,
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

    fn publish(self: &Arc<Self>, snapshot: Arc<Game>) {
        self.watch.send_replace(snapshot.clone());
        self.schedule(&snapshot);
    }

    /// Starts what the game now waits for: the running clock's flag, the AI's turn (an AI
    /// job planning for an earlier state is cancelled). A game that is over or read-only waits
    /// for nothing.
    fn schedule(self: &Arc<Self>, game: &Arc<Game>) {
        let waits = game.outcome().is_none() && game.read_only().is_none();
        self.arm_flag(game, waits);
        self.start_ai(game, waits);
    }
}
