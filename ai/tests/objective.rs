//! Playing for the rules' objective: where a scenario is won by holding towns, the evaluation
//! counts the progress towards them ([`warlord_ai::eval::objective`]), so an agent marches on
//! the towns instead of waiting for the enemy, and takes a town it can hold.

mod common;

use common::play_checked;
use rand::SeedableRng;
use std::sync::Arc;
use warlord_ai::advance::objective_turn;
use warlord_ai::agents::Greedy;
use warlord_ai::eval::objective::{balance, progress};
use warlord_ai::{Agent, Budget, Evaluator, Meter};
use warlord_rules::{Action, Position, Ruleset, Scenario, Side, Square};

/// A 10x10 board with two towns on the left edge (a5, a6); holding both wins. Leaders walk 2
/// and activate within 3, infantry walks 1; two moves a turn.
fn towns(position: &str) -> (Arc<dyn Ruleset>, Position) {
    let mut map = [".........."; 10];
    map[4] = "T.........";
    map[5] = "T.........";
    let map: Vec<String> = map.iter().map(|row| format!("\"{row}\"")).collect();
    let text = format!(
        "name = \"towns\"\nfamily = \"warlord\"\n[board]\nfiles = 10\nranks = 10\nmap = [{}]\n[rules]\n\
         moves-per-turn = 2\nactivation-range = 3\ntowns-to-win = 2\n[[pieces]]\nlike = \"leader\"\n[[pieces]]\nlike = \"infantry\"\n\
         [setup]\nposition = \"{position}\"\n",
        map.join(", ")
    );
    let rules = Scenario::parse(&text, "towns.toml").expect("valid").ruleset(&[]).expect("rules");
    let pos = rules.start();
    (rules, pos)
}

/// The fewest steps from a piece of `side` to a town.
fn to_nearest_town(rules: &dyn Ruleset, pos: &Position, side: Side) -> u32 {
    let towns = &rules.objective().expect("towns").squares;
    pos.pieces(side).flat_map(|(s, _)| towns.iter().map(move |t| pos.board().distance(s, *t))).min().unwrap()
}

/// White's nearest distance to a town after `turns` greedy turns of its own, Black passing.
fn march(eval: Evaluator, turns: usize) -> u32 {
    let (rules, mut pos) = towns("4l5/4ii4/10/10/10/10/10/10/4II4/4L5");
    let greedy = Greedy::new(eval);
    for t in 0..turns {
        let turn = greedy.choose_turn(rules.as_ref(), &pos, Budget::Nodes(2000), t as u64);
        play_checked(rules.as_ref(), &mut pos, &turn, "White");
        if pos.outcome().is_some() {
            break;
        }
        play_checked(rules.as_ref(), &mut pos, &[Action::EndTurn], "Black");
    }
    to_nearest_town(rules.as_ref(), &pos, Side::White)
}

#[test]
fn the_objective_is_the_towns_and_how_many_win() {
    let (rules, pos) = towns("4l5/4ii4/10/10/10/10/10/10/4II4/4L5");
    let objective = rules.objective().expect("a town scenario publishes its towns");
    assert_eq!(objective.squares, vec![Square::new(0, 4), Square::new(0, 5)]);
    assert_eq!(objective.needed, 2);
    assert_eq!(objective.held(&pos, Side::White), 0);
    // At the mirrored start neither side has made progress over the other.
    assert!(balance(&pos, objective).abs() < 1e-9);
}

#[test]
fn progress_counts_towns_held_above_towns_approached() {
    let (rules, far) = towns("4l5/4ii4/10/10/10/10/10/10/4II4/4L5");
    let (_, near) = towns("4l5/4ii4/10/10/10/1I8/10/10/5I4/4L5");
    let (_, holding) = towns("4l5/4ii4/10/10/I9/10/10/10/5I4/4L5");
    let (_, both) = towns("4l5/4ii4/10/10/I9/I9/10/10/10/4L5");
    let objective = rules.objective().expect("towns");
    let p = |pos: &Position| progress(pos, objective, Side::White);
    assert!(p(&far) < p(&near), "a piece next to a town: {} against {}", p(&near), p(&far));
    assert!(p(&near) < p(&holding), "a town held: {} against {}", p(&holding), p(&near));
    assert!((p(&both) - 1.0).abs() < 1e-12, "every town needed held: {}", p(&both));
    assert!(balance(&holding, objective) > 0.0, "White, to move, is ahead");
}

#[test]
fn greedy_marches_on_the_towns_and_without_the_objective_does_not() {
    let with = march(Evaluator::default(), 4);
    let without = march(Evaluator::default().with_objective(0.0), 4);
    assert!(with <= 1, "with the objective White stands next to or on a town after 4 turns: {with} steps");
    assert!(without > with, "without it White is no nearer: {without} steps against {with}");
}

#[test]
fn the_objective_turn_marches_on_the_towns_and_exists_only_where_there_are_towns() {
    let (rules, pos) = towns("4l5/4ii4/10/10/10/10/10/10/4II4/4L5");
    let mut rng = rand::rngs::StdRng::seed_from_u64(1);
    let mut meter = Meter::start(Budget::Nodes(1000));
    let line = objective_turn(rules.as_ref(), &pos, &mut rng, &mut meter).expect("a town scenario");
    // One leader: one move a turn (rulings 5), and the turn ends with it.
    assert!(matches!(line.actions[..], [Action::Move { .. }]), "{:?}", line.actions);
    assert!(
        to_nearest_town(rules.as_ref(), &line.pos, Side::White) < to_nearest_town(rules.as_ref(), &pos, Side::White)
    );
    // A piece on a town stays there: White's leader holds a5 and could step onto the open a6
    // (the nearest end of all), but the infantry on a8 comes down towards it instead.
    let (rules, holding) = towns("4l5/4ii4/I9/10/10/L9/10/10/10/10");
    let line = objective_turn(rules.as_ref(), &holding, &mut rng, &mut meter).expect("a town scenario");
    assert!(matches!(line.actions[0], Action::Move { from, .. } if from == Square::new(0, 7)), "{:?}", line.actions);
    assert!(line.pos.piece_at(Square::new(0, 4)).is_some_and(|p| p.side == Side::White));
    let chieftain = common::shipped("chieftain", &[]);
    assert!(objective_turn(chieftain.as_ref(), &chieftain.start(), &mut rng, &mut meter).is_none());
}
