//! One action's cost on the play server but the sockets: the action checked and committed
//! (SQLite, a file), then the state each seat is sent after it (a delta), rendered and
//! encoded as the WebSocket sends it. The loopback load test (`warlord loadtest`) measures the
//! whole server under load, but its figures move by a tenth from run to run; this one moves
//! by a few percent, so that a change of the rendering can be measured
//! (docs/BENCHMARKS.md, "Scale").

// criterion's macros define undocumented functions.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use std::time::{Duration, Instant};
use warlord_rules::notation::format_action;
use warlord_rules::Side;
use warlord_server::game::{Mode, Viewer};
use warlord_server::hub::{Games, Hub};
use warlord_server::protocol::{Command, CreateGame};
use warlord_server::store::Store;
use warlord_server::ws::encode_update;

/// The server's allocator (`warlord serve` runs with it), so that allocations cost here what
/// they cost there.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The games measured: scenario, and actions played (60: about as far as a load-test game
/// gets in a minute; 300: a long game, whose move list is five times longer).
const CASES: [(&str, usize); 4] =
    [("chieftain", 60), ("chieftain", 300), ("warlord-2", 60), ("wargame-2-skirmish", 60)];

/// A new live game of `scenario`, its seats sent their first whole states.
async fn new_game(games: &Games, scenario: &str) -> std::sync::Arc<Hub> {
    let request = CreateGame {
        scenario: scenario.into(),
        options: Default::default(),
        mode: Mode::Live,
        clock: None,
        ai: None,
        public: false,
        challenge: None,
    };
    let created = games.create(request).await.expect("the game is created");
    let hub = games.hub(&created.id).await.expect("the game is open");
    let game = hub.snapshot();
    for side in Side::BOTH {
        black_box(hub.state_text(&game, Viewer::Seat(side), None, encode_update));
    }
    hub
}

/// Plays `actions` actions (the side to move's legal actions in turn, spread by a prime), each
/// followed by both seats' deltas; the time it took.
async fn play(hub: &std::sync::Arc<Hub>, actions: usize) -> Duration {
    let started = Instant::now();
    let mut sent = hub.snapshot().seq();
    for n in 0..actions {
        let game = hub.snapshot();
        let legal = game.rules.legal_action_list(game.position());
        let Some(action) = legal.get(n * 7919 % legal.len().max(1)) else { break };
        let text = format_action(action, game.rules.pieces());
        let seat = Viewer::Seat(game.position().to_move());
        hub.command(seat, Command::Act { actions: vec![text], seq: None }).await.expect("a legal action is accepted");
        let now = hub.snapshot();
        for side in Side::BOTH {
            black_box(hub.state_text(&now, Viewer::Seat(side), Some(sent), encode_update));
        }
        sent = now.seq();
    }
    started.elapsed()
}

fn publish(c: &mut Criterion) {
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("a runtime");
    let dir = tempfile::tempdir().expect("a temporary folder");
    let url = Store::sqlite_url(&dir.path().join("games.db"));
    let games = runtime.block_on(async { Games::new(Store::open(&url).await.expect("the store opens")) });
    let games = games.expect("the games start");
    let mut group = c.benchmark_group("publish");
    group.sample_size(20);
    for (scenario, actions) in CASES {
        group.bench_function(format!("{scenario}/{actions} actions"), |b| {
            b.iter_custom(|games_played| {
                runtime.block_on(async {
                    let mut total = Duration::ZERO;
                    for _ in 0..games_played {
                        let hub = new_game(&games, scenario).await;
                        total += play(&hub, actions).await;
                    }
                    total
                })
            });
        });
    }
    group.finish();
}

criterion_group!(benches, publish);
criterion_main!(benches);
