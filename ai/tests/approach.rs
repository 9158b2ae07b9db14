//! Closing in on a large board: the space term of the evaluation, the advancing turns, and
//! the greedy agent finishing by advancing a turn its budget does not cover. The scenario is
//! the largest with its armies far apart (20x33, 69 pieces a side, 10 actions a turn). And the
//! cheap agents closing in where no single move changes the evaluation (Lakes: two armies
//! behind a lake), instead of passing into a draw.

mod common;

use common::{play_checked, shipped};
use rand::SeedableRng;
use warlord_ai::advance::{advancing_turn, advancing_turns, STANDOFFS};
use warlord_ai::agents::Greedy;
use warlord_ai::eval::features::space;
use warlord_ai::{Agent, Budget, Evaluator, Meter};
use warlord_rules::{Action, Position, Ruleset, Side, Square};

const FAR_APART: &str = "wargame-1";

/// The nearest distance between a square and the pieces of a side.
fn nearest(pos: &Position, side: Side, sq: Square) -> u32 {
    pos.pieces(side).map(|(s, _)| pos.board().distance(s, sq)).min().unwrap()
}

/// The moves and tows of a turn, as (from, to).
fn displacements(turn: &[Action]) -> Vec<(Square, Square)> {
    turn.iter()
        .filter_map(|a| match *a {
            Action::Move { from, to } | Action::Tow { from, to, .. } => Some((from, to)),
            _ => None,
        })
        .collect()
}

#[test]
fn space_is_even_at_a_mirrored_start_and_grows_for_the_side_that_advances() {
    let rules = shipped(FAR_APART, &[]);
    let start = rules.start();
    assert!(space(&start).abs() < 1e-9, "the start is mirrored: {}", space(&start));
    let mut rng = rand::rngs::StdRng::seed_from_u64(1);
    let line = advancing_turn(rules.as_ref(), &start, STANDOFFS[1], &mut rng, &mut Meter::start(Budget::Nodes(1000)));
    let mut pos = start.clone();
    play_checked(rules.as_ref(), &mut pos, &line.actions, "advancing");
    // Black is to move and White holds more of the board: negative for Black.
    assert_eq!(pos.to_move(), Side::Black);
    assert!(space(&pos) < -0.02, "{}", space(&pos));
    // Weighted in, it counts against Black; off by default.
    let plain = Evaluator::default();
    assert_eq!(plain.space_weight(), 0.0);
    let (a, b) = (plain.score(rules.as_ref(), &pos, &mut Meter::start(Budget::Nodes(9))), {
        plain.with_space(2.0).score(rules.as_ref(), &pos, &mut Meter::start(Budget::Nodes(9)))
    });
    assert!(b < a, "{b} {a}");
}

#[test]
fn an_advancing_turn_moves_many_pieces_each_nearer_the_enemy_and_stops_short() {
    let rules = shipped(FAR_APART, &[]);
    let start = rules.start();
    let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    let mut meter = Meter::start(Budget::Nodes(1000));
    for standoff in STANDOFFS {
        let line = advancing_turn(rules.as_ref(), &start, standoff, &mut rng, &mut meter);
        let mut pos = start.clone();
        play_checked(rules.as_ref(), &mut pos, &line.actions, "advancing");
        let moved = displacements(&line.actions);
        assert!(moved.len() >= 8, "an advancing turn moves most of its 10 actions: {:?}", line.actions);
        for (from, to) in moved {
            let (before, after) = (nearest(&start, Side::Black, from), nearest(&start, Side::Black, to));
            assert!(after < before, "{from:?}-{to:?} does not close in");
            assert!(after >= standoff, "{from:?}-{to:?} comes within {after} of the enemy");
        }
    }
    let turns = advancing_turns(rules.as_ref(), &start, &mut rng, &mut meter);
    assert!(!turns.is_empty() && turns.len() <= STANDOFFS.len());
}

#[test]
fn a_greedy_turn_too_large_for_its_budget_still_advances_many_pieces() {
    // 300 evaluations do not cover one greedy step here (856 legal actions); the turn used to
    // be one move and the end of the turn.
    let rules = shipped(FAR_APART, &[]);
    let start = rules.start();
    let turn = Greedy::default().choose_turn(rules.as_ref(), &start, Budget::Nodes(300), 3);
    let mut pos = start.clone();
    play_checked(rules.as_ref(), &mut pos, &turn, "greedy");
    assert!(displacements(&turn).len() >= 5, "{turn:?}");
}

#[test]
fn the_champion_and_oep_open_by_moving_many_pieces() {
    let rules = shipped(FAR_APART, &[]);
    let start = rules.start();
    for name in ["champion", "oep"] {
        let agent = warlord_ai::by_name(name).unwrap();
        let turn = agent.choose_turn(rules.as_ref(), &start, Budget::Nodes(400), 5);
        let mut pos = start.clone();
        play_checked(rules.as_ref(), &mut pos, &turn, name);
        assert!(displacements(&turn).len() >= 5, "{name}: {turn:?}");
    }
}

#[test]
fn long_turns_are_judged_with_space_and_short_ones_without() {
    let far = shipped(FAR_APART, &[]).start();
    let short = shipped("chieftain", &[]).start();
    assert!(
        far.turn_cap() >= warlord_ai::eval::LONG_TURN_MOVES && short.turn_cap() < warlord_ai::eval::LONG_TURN_MOVES
    );
    let eval = Evaluator::default();
    assert_eq!(eval.for_turn(&far).space_weight(), warlord_ai::eval::LONG_TURN_SPACE);
    assert_eq!(eval.for_turn(&short).space_weight(), 0.0);
}

/// The pieces the side to move could capture now.
fn captures(rules: &dyn Ruleset, pos: &Position) -> usize {
    rules.capturing_actions(pos, &rules.legal_action_list(pos)).len()
}

#[test]
fn the_cheap_agents_close_in_where_the_armies_stand_apart_and_leave_nothing_to_take() {
    // On Lakes both greedy players used to pass at once on their first turns (no single move
    // changes the evaluation while a lake stands between the armies): a draw at turn 2.
    let rules = shipped("lakes", &[]);
    for name in ["greedy", "novice"] {
        let agent = warlord_ai::by_name(name).unwrap();
        let mut pos = rules.start();
        for turn in 0..6 {
            let actions = agent.choose_turn(rules.as_ref(), &pos, Budget::Nodes(200), turn);
            assert!(!displacements(&actions).is_empty(), "{name}, turn {turn}: {actions:?}");
            play_checked(rules.as_ref(), &mut pos, &actions, name);
            assert!(pos.outcome().is_none(), "{name}, turn {turn}");
            assert_eq!(captures(rules.as_ref(), &pos), 0, "{name}, turn {turn}: {actions:?} leaves a piece to take");
        }
    }
}

/// A board four files wide, White's leader on b1 and infantry on b3 (White to move), Black's
/// leader on b7 and a line of infantry `black_rank` ranks up, among `ranks`.
fn narrow(ranks: u8, black_rank: u8) -> (std::sync::Arc<dyn Ruleset>, Position) {
    let rows: Vec<String> = (1..=ranks)
        .rev()
        .map(|r| match r {
            _ if r == black_rank => "iiii".to_string(),
            _ if r == ranks - 1 => "1l2".to_string(),
            3 => "1I2".to_string(),
            1 => "1L2".to_string(),
            _ => "4".to_string(),
        })
        .collect();
    let text = format!(
        "name = \"t\"\nfamily = \"warlord\"\n[board]\nfiles = 4\nranks = {ranks}\n[rules]\nmoves-per-turn = 2\n\
         [[pieces]]\nlike = \"leader\"\nmoves = []\n[[pieces]]\nlike = \"infantry\"\n[setup]\nposition = \"{}\"\n",
        rows.join("/")
    );
    let rules = warlord_rules::Scenario::parse(&text, "t.toml").unwrap().ruleset(&[]).unwrap();
    let pos = rules.start();
    (rules, pos)
}

#[test]
fn greedy_closes_in_only_where_the_enemy_cannot_take_the_piece() {
    let greedy = Greedy::default();
    let turn = |ranks: u8, black_rank: u8| {
        let (rules, pos) = narrow(ranks, black_rank);
        let line = greedy.turn(
            rules.as_ref(),
            &pos,
            &mut rand::rngs::StdRng::seed_from_u64(1),
            &mut Meter::start(Budget::Nodes(u64::MAX)),
        );
        let mut after = pos.clone();
        play_checked(rules.as_ref(), &mut after, &line.actions, "greedy");
        (displacements(&line.actions), captures(rules.as_ref(), &after))
    };
    // Black's infantry two ranks above b3: every step forward (a4, b4, c4) stands beside it.
    let (moved, hanging) = turn(8, 5);
    assert_eq!(hanging, 0, "it leaves nothing to take: {moved:?}");
    assert!(moved.iter().all(|&(_, to)| to.rank < 3), "it does not step up to the enemy: {moved:?}");
    // The same infantry far away: the same turn closes in.
    let (moved, hanging) = turn(16, 14);
    assert_eq!(hanging, 0);
    assert!(moved.iter().any(|&(from, to)| to.rank > from.rank), "it closes in: {moved:?}");
}
