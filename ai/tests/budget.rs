//! Budgets bound the work of a turn on the largest positions. WarGame 2's start has 2,380 legal
//! actions (2,002 of them led moves), ten actions a turn: a node budget must bound what an
//! agent plays and evaluates there (counted by a wrapper around the rules, not by time), and
//! stay reproducible on one thread as on two.

mod common;

use common::{play_checked, shipped};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use warlord_ai::{by_name, Budget};
use warlord_rules::piece::KindId;
use warlord_rules::{
    Action, ActionInfo, Appearance, Board, Family, Hints, IllegalAction, Outcome, PieceTable, Position, Report,
    Ruleset, Side, Square, Tally,
};

const LARGEST: &str = "wargame-2";

/// Rules that count the work done through them: actions played on copies (`play_unchecked`)
/// and listings of the legal actions (one per evaluation, one per position expanded).
#[derive(Debug)]
struct Counting {
    inner: Arc<dyn Ruleset>,
    plays: AtomicU64,
    listings: AtomicU64,
}

impl Counting {
    fn new(inner: Arc<dyn Ruleset>) -> Counting {
        Counting { inner, plays: AtomicU64::new(0), listings: AtomicU64::new(0) }
    }

    /// Plays and listings so far.
    fn work(&self) -> (u64, u64) {
        (self.plays.load(Ordering::Relaxed), self.listings.load(Ordering::Relaxed))
    }
}

impl Ruleset for Counting {
    fn family(&self) -> Family {
        self.inner.family()
    }
    fn board(&self) -> &Arc<Board> {
        self.inner.board()
    }
    fn pieces(&self) -> &PieceTable {
        self.inner.pieces()
    }
    fn start(&self) -> Position {
        self.inner.start()
    }
    fn legal_actions(&self, pos: &Position, out: &mut Vec<Action>) {
        self.listings.fetch_add(1, Ordering::Relaxed);
        self.inner.legal_actions(pos, out);
    }
    fn play(&self, pos: &mut Position, action: Action) -> Result<Report, IllegalAction> {
        self.inner.play(pos, action)
    }
    fn play_unchecked(&self, pos: &mut Position, action: Action) -> Report {
        self.plays.fetch_add(1, Ordering::Relaxed);
        self.inner.play_unchecked(pos, action)
    }
    fn view(&self, pos: &Position, viewer: Option<Side>) -> Position {
        self.inner.view(pos, viewer)
    }
    fn describe(&self, pos: &Position, action: Action) -> ActionInfo {
        self.inner.describe(pos, action)
    }
    fn capturing_actions(&self, pos: &Position, legal: &[Action]) -> Vec<(Action, Square)> {
        self.inner.capturing_actions(pos, legal)
    }
    fn hints(&self, pos: &Position) -> Hints {
        self.inner.hints(pos)
    }
    fn commanders_of(&self, pos: &Position, sq: Square) -> Vec<Square> {
        self.inner.commanders_of(pos, sq)
    }
    fn tallies(&self, pos: &Position) -> Vec<Tally> {
        self.inner.tallies(pos)
    }
    fn to_place(&self, pos: &Position, side: Side) -> Vec<(KindId, u16)> {
        self.inner.to_place(pos, side)
    }
    fn turn_unit(&self) -> &'static str {
        self.inner.turn_unit()
    }
    fn appearance(&self, kind: KindId) -> Appearance {
        self.inner.appearance(kind)
    }
    fn conclude(&self, pos: &mut Position, outcome: Outcome) {
        self.inner.conclude(pos, outcome);
    }
}

#[test]
fn a_node_budget_bounds_the_work_of_a_turn_on_the_largest_position() {
    let rules = Counting::new(shipped(LARGEST, &[]));
    let start = rules.start();
    let legal = rules.legal_action_list(&start).len();
    assert!(legal > 2000, "{legal} legal actions");
    let budget = Budget::Nodes(3000);
    // A node is an action played or a position of up to 256 legal actions evaluated: here each
    // evaluation counts as 9.
    let Budget::Nodes(nodes) = budget.for_position(legal) else { unreachable!() };
    assert_eq!(nodes, 333);
    for name in ["champion", "oep", "greedy", "novice"] {
        let before = rules.work();
        let turn = by_name(name).unwrap().choose_turn(&rules, &start, budget, 1);
        let (plays, listings) = (rules.work().0 - before.0, rules.work().1 - before.1 - 1);
        let mut pos = start.clone();
        play_checked(rules.inner.as_ref(), &mut pos, &turn, name);
        // Every evaluation lists the legal actions once, and so does every position expanded
        // (at most one per action played): the work is at most twice the nodes, and a turn
        // finished after the budget is spent (ten actions, each played and listed) on top.
        let most = 2 * nodes + 2 * u64::from(start.turn_cap());
        assert!(plays + listings <= most, "{name}: {plays} plays and {listings} listings for {nodes} nodes");
        assert!(plays >= 10 || turn.len() == 1, "{name} did some work: {plays} plays");
    }
}

#[test]
fn the_champion_plays_the_largest_position_reproducibly_under_a_node_budget() {
    let rules = shipped(LARGEST, &[]);
    let start = rules.start();
    let champion = by_name("champion").unwrap();
    let on = |threads: usize| {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
        pool.install(|| champion.choose_turn(rules.as_ref(), &start, Budget::Nodes(3000), 7))
    };
    let a = on(1);
    assert_eq!(a, on(2));
    let mut pos = start.clone();
    play_checked(rules.as_ref(), &mut pos, &a, "champion");
}
