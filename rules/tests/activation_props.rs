//! Activation at game level (rulings 2-5): turns that a greedy first-fit assignment of leaders
//! would wrongly refuse, where range is measured, what a moved leader keeps, what a swap
//! spends; and a property comparing the engine with a brute-force enumeration of every
//! assignment of activators to the turn's moves.

#[path = "reference/spec.rs"]
mod spec;

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use spec::{Cell, KindSpec, OptionSpec, Spec};
use std::collections::BTreeSet;
use warlord_rules::warlord::WarlordRules;
use warlord_rules::{Action, Position, Ruleset, Scenario, Side, Square};

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

fn mv(from: &str, to: &str) -> Action {
    Action::Move { from: sq(from), to: sq(to) }
}

/// A Warlord game on a `files` x `ranks` board: pieces `L` (leader, capacity 1, range 2),
/// `K` (leader, capacity 2, range 2), `I` (infantry) and `C` (cannon).
fn game(files: u8, ranks: u8, position: &str, options: &str) -> (WarlordRules, Position) {
    let text = format!(
        r#"name = "t"
family = "warlord"
[board]
files = {files}
ranks = {ranks}
[rules]
moves-per-turn = 4
[options]
{options}
[[pieces]]
like = "leader"
[[pieces]]
like = "leader"
symbol = "K"
command = {{ capacity = 2 }}
[[pieces]]
like = "infantry"
[[pieces]]
like = "cannon"
[setup]
position = "{position}"
"#
    );
    let scenario = Scenario::parse(&text, "t.toml").unwrap_or_else(|e| panic!("{e}"));
    let rules = scenario.warlord(&[]).unwrap();
    let pos = rules.start();
    (rules, pos)
}

fn activators(rules: &WarlordRules, pos: &Position, at: &str) -> Vec<String> {
    rules.commanders_of(pos, sq(at)).iter().map(ToString::to_string).collect()
}

fn legal(rules: &WarlordRules, pos: &Position) -> Vec<Action> {
    rules.legal_action_list(pos)
}

/// Leaders on c3 and g3 (range 2, one activation each). Move 1: the infantry on e3, within
/// range of both. Move 2: an infantry within range of only one of them: on a3 (only c3) or
/// on i3 (only g3). Whichever leader a first-fit assignment gives move 1, one of the two turns
/// needs move 1 reassigned to the other leader: both must be accepted (rulings 4).
#[test]
fn a_turn_that_first_fit_assignment_would_refuse_is_accepted() {
    for (second, only, rank3) in [("a3", "c3", "I1L1I1L3"), ("i3", "g3", "2L1I1L1I1")] {
        let position = format!("9l/10/10/10/10/10/10/{rank3}/10/10");
        let (rules, mut pos) = game(10, 10, &position, "");
        assert_eq!(pos.turn_cap(), 2, "two leaders: two moves");
        assert_eq!(activators(&rules, &pos, "e3"), ["c3", "g3"]);
        rules.play(&mut pos, mv("e3", "e4")).unwrap();
        // Now the piece within range of one leader only: that leader must be freed.
        assert_eq!(activators(&rules, &pos, second), [only], "second move from {second}");
        assert!(legal(&rules, &pos).iter().any(|a| a.origin() == Some(sq(second))));
        let to = if second == "a3" { "a4" } else { "i4" };
        let report = rules.play(&mut pos, mv(second, to)).unwrap_or_else(|e| panic!("{second}: {e}"));
        assert!(report.turn_ended, "the cap of two is reached");
    }
}

/// The same turn with both pieces within range of only the same leader is refused, and a
/// level-2 leader takes both.
#[test]
fn one_activation_per_leader_unless_it_has_more() {
    // Leaders on c3 and i3; infantry on b3 and d3 are near c3 only.
    let (rules, mut pos) = game(10, 10, "9l/10/10/10/10/10/10/1ILI4L1/10/10", "");
    rules.play(&mut pos, mv("b3", "b4")).unwrap();
    let e = rules.play(&mut pos, mv("d3", "d4")).unwrap_err();
    assert!(e.reason.contains("needed for this turn's earlier moves"), "{e}");
    assert!(activators(&rules, &pos, "d3").is_empty());
    assert!(!legal(&rules, &pos).iter().any(|a| a.origin() == Some(sq("d3"))));
    // A level-2 leader (K) activates both.
    let (rules, mut pos) = game(10, 10, "9l/10/10/10/10/10/10/1IKI4L1/10/10", "");
    rules.play(&mut pos, mv("b3", "b4")).unwrap();
    rules.play(&mut pos, mv("d3", "d4")).unwrap();
}

/// Rulings 2: range is measured when the activated piece starts its move, with the earlier
/// moves of the turn made. Rulings 3: a leader moved by another keeps its own activation.
#[test]
fn range_is_measured_where_the_leader_stands_when_the_move_starts() {
    // Leaders on b2 and c2 (the first two activations); a third leader far away (cap 3).
    // The infantry on f4 is out of range of both at the start of the turn.
    let (rules, mut pos) = game(10, 10, "9l/10/10/10/10/10/5I4/10/1LL6L/10", "");
    assert!(activators(&rules, &pos, "f4").is_empty());
    // The leader on b2 moves the leader on c2 (or c2 moves itself) to d3...
    rules.play(&mut pos, mv("c2", "d3")).unwrap();
    // ... and from there, within 2 squares of f4, it activates it.
    assert_eq!(activators(&rules, &pos, "f4"), ["d3"]);
    rules.play(&mut pos, mv("f4", "f5")).unwrap();
    assert_eq!(pos.actions_this_turn().len(), 2, "the turn goes on: the cap is 3");
    // The matching must have given c2's move to b2: only b2 could, once d3 activates f4. With
    // b2 spent, nothing near b2 can move now.
    let (rules, mut pos) = game(10, 10, "9l/10/10/10/10/10/5I4/10/ILL6L/10", "");
    rules.play(&mut pos, mv("c2", "d3")).unwrap();
    rules.play(&mut pos, mv("f4", "f5")).unwrap();
    assert!(activators(&rules, &pos, "a2").is_empty(), "b2 and d3 are both spent");
}

/// A leader that moved away no longer reaches the pieces it left behind, even though it was
/// in range of them when the turn began.
#[test]
fn a_leader_that_moved_away_cannot_activate_what_it_left() {
    // Leader K (two activations) on c3 with an infantry on a3; the K moves itself to e5.
    let (rules, mut pos) = game(10, 10, "9l/10/10/10/10/10/10/I1K6L/10/10", "");
    assert_eq!(activators(&rules, &pos, "a3"), ["c3"]);
    rules.play(&mut pos, mv("c3", "e5")).unwrap();
    assert!(activators(&rules, &pos, "a3").is_empty(), "e5 is 4 squares from a3");
    assert!(rules.play(&mut pos, mv("a3", "a4")).is_err());
}

/// "Neither piece may do anything else that turn": after a cannon-leader swap that the leader
/// itself activated, the leader activates nothing else, even if another leader could take
/// over the swap; pieces near the swapped leader only are not movable.
#[test]
fn a_swapped_leader_activates_nothing_else() {
    // White: leader d4, cannon d3 (orthogonally adjacent), leader f5 (2 squares from d3),
    // infantry b1 (2 squares from d3, 4 from f5). Black leader h8.
    let (rules, mut pos) = game(8, 8, "7l/8/8/5L2/3L4/3C4/8/1I6", "cannon-leader-swap = true");
    assert!(legal(&rules, &pos).contains(&Action::Swap { from: sq("d3"), to: sq("d4") }));
    rules.play(&mut pos, Action::Swap { from: sq("d3"), to: sq("d4") }).unwrap();
    assert_eq!(pos.piece_at(sq("d3")).map(|p| p.kind), Some(0), "the leader now stands on d3");
    // The infantry on b1 is 2 squares from the swapped leader, 4 from f5.
    assert!(activators(&rules, &pos, "b1").is_empty());
    let generated: Vec<Action> = legal(&rules, &pos).into_iter().filter(|a| a.origin() == Some(sq("b1"))).collect();
    assert!(generated.is_empty(), "legal_actions offers {generated:?}");
    assert!(rules.play(&mut pos, mv("b1", "b2")).is_err());
    // The leader on f5 may still move.
    rules.play(&mut pos, mv("f5", "f6")).unwrap();
}

/// The other side of the swap rule: the swapped leader may activate its own swap, so a level-2
/// leader that the matching first gave the swap is freed for another move (found by the
/// reference property: `legal_actions` missed the move that `play` accepted).
#[test]
fn a_swap_may_be_activated_by_its_own_leader_to_free_another() {
    // White: K (two activations) on c4, infantry b4, cannon a5 next to leader b5, leader h1
    // (three leaders: three moves). Black leader h8.
    let (rules, mut pos) = game(8, 8, "7l/8/8/CL6/1IK5/8/8/7L", "cannon-leader-swap = true");
    // K moves itself to c3 (only K or b5 could activate it).
    rules.play(&mut pos, mv("c4", "c3")).unwrap();
    // The swap: the cannon is within range of b5 and of K on c3.
    rules.play(&mut pos, Action::Swap { from: sq("a5"), to: sq("b5") }).unwrap();
    // b4 is near K (c3) and the swapped leader (a5). K can take it if b5 activates its own
    // swap: K's own move and b4's move.
    assert_eq!(activators(&rules, &pos, "b4"), ["c3"]);
    assert!(legal(&rules, &pos).contains(&mv("b4", "b3")));
    rules.play(&mut pos, mv("b4", "b3")).unwrap();
}

// ----- the property: the engine's matching against brute-force enumeration -----

/// Activation-heavy random scenarios: leaders of capacity 0-3 and range 1-3 (some activating
/// only themselves), infantry, knights (self-activating or not), on open boards.
fn activation_specs() -> impl Strategy<Value = Spec> {
    let leader = (prop::sample::select(vec!["leader", "chieftain"]), 0u8..=3, 1u8..=3, prop::bool::weighted(0.85))
        .prop_map(|(like, c, r, others)| KindSpec { like, command: Some((c, Some(r), others)) });
    (
        prop::collection::vec(leader, 1..=3),
        (5u8..=9, 5u8..=9, 1u8..=5, any::<bool>(), any::<bool>()),
        prop::collection::vec((0u8..100, 0usize..16, any::<bool>()), 81),
        prop::collection::vec(any::<(u16, u8)>(), 1..=16),
    )
        .prop_map(|(mut kinds, (files, ranks, moves_per_turn, cap_by_leaders, knights), rolls, choices)| {
            let leaders = kinds.len();
            kinds.push(KindSpec { like: "infantry", command: None });
            kinds.push(KindSpec { like: "knight", command: None });
            let area = usize::from(files) * usize::from(ranks);
            let mut cells: Vec<Cell> = rolls[..area]
                .iter()
                .map(|&(roll, k, black)| match roll {
                    0..=14 => Cell::Piece(k % leaders, black),
                    15..=44 => Cell::Piece(leaders + k % 2, black),
                    _ => Cell::Open,
                })
                .collect();
            cells[0] = Cell::Piece(0, false);
            cells[area - 1] = Cell::Piece(0, true);
            Spec {
                hex: false,
                files,
                ranks,
                kinds,
                moves_per_turn,
                cap_by_leaders,
                default_range: None,
                black_first: false,
                options: OptionSpec { self_activating_knights: knights, ..OptionSpec::default() },
                cells,
                terrain: Vec::new(),
                water_as_map: false,
                choices,
                seed: 0,
            }
        })
}

/// A commander's (capacity, range, only-itself) in a spec, after the options.
fn command_of(spec: &Spec, kind: usize) -> Option<(usize, u8, bool)> {
    let k = &spec.kinds[kind];
    match k.command {
        Some((c, r, others)) => Some((usize::from(c), r.unwrap_or(2), !others)),
        None if k.like == "knight" && spec.options.self_activating_knights => Some((1, 0, true)),
        None => None,
    }
}

/// The activators (squares) within range of the piece on `at` in `pos` (rulings 1, 2), by the
/// spec's numbers.
fn eligible_now(spec: &Spec, pos: &Position, at: Square) -> Vec<Square> {
    pos.pieces(pos.to_move())
        .filter(|&(a, p)| match command_of(spec, usize::from(p.kind)) {
            Some((capacity, range, only_itself)) => {
                capacity > 0 && (a == at || (!only_itself && king_steps(a, at) <= range))
            }
            None => false,
        })
        .map(|(a, _)| a)
        .collect()
}

/// Every assignment of an activator to each move, enumerated in full like an odometer; true if
/// one keeps every activator within its capacity. Activators are named by an id each.
fn some_assignment(eligible: &[Vec<usize>], capacity: &dyn Fn(usize) -> usize) -> bool {
    if eligible.iter().any(Vec::is_empty) {
        return false;
    }
    let mut digits = vec![0usize; eligible.len()];
    loop {
        let chosen: Vec<usize> = digits.iter().zip(eligible).map(|(&d, e)| e[d]).collect();
        if chosen.iter().all(|&a| chosen.iter().filter(|&&b| b == a).count() <= capacity(a)) {
            return true;
        }
        // Next assignment.
        let mut i = 0;
        loop {
            if i == digits.len() {
                return false;
            }
            digits[i] += 1;
            if digits[i] < eligible[i].len() {
                break;
            }
            digits[i] = 0;
            i += 1;
        }
    }
}

fn check_activation_game(spec: &Spec) -> Result<(), TestCaseError> {
    let toml = spec.to_toml();
    let scenario = Scenario::parse(&toml, "random.toml").map_err(|e| TestCaseError::fail(format!("{e}\n{toml}")))?;
    let rules = scenario.warlord(&[]).map_err(|e| TestCaseError::fail(format!("{e}\n{toml}")))?;
    let mut pos = rules.start();
    // Activators are identified by the piece, followed through its moves: (square now) -> id.
    let mut ids: Vec<(Square, usize)> = Vec::new();
    let mut capacities: Vec<usize> = Vec::new();
    // The eligible activator ids of each move made this turn, recorded when it started.
    let mut made: Vec<Vec<usize>> = Vec::new();
    let mut history: Vec<Action> = Vec::new();
    for &(pick, roll) in &spec.choices {
        if pos.outcome().is_some() {
            break;
        }
        if pos.actions_this_turn().is_empty() {
            // A new turn: number the activators of the side to move.
            ids.clear();
            capacities.clear();
            made.clear();
            for (at, p) in pos.pieces(pos.to_move()) {
                if let Some((capacity, _, _)) = command_of(spec, usize::from(p.kind)) {
                    ids.push((at, capacities.len()));
                    capacities.push(capacity);
                }
            }
        }
        let id_of = |at: Square| ids.iter().find(|(s, _)| *s == at).map(|&(_, id)| id).expect("an activator");
        let capacity = |id: usize| capacities[id];
        let room = made.len() < usize::from(pos.turn_cap());
        let legal = rules.legal_action_list(&pos);
        let origins: BTreeSet<Square> = legal.iter().filter_map(Action::origin).collect();
        let fail = |what: String| TestCaseError::fail(format!("{what}\nscenario:\n{toml}\nactions: {history:?}"));
        let fail = &fail;
        for (at, _) in pos.pieces(pos.to_move()) {
            let unmoved = !pos.has_moved(at);
            let mut want = BTreeSet::new();
            if unmoved && room {
                for a in eligible_now(spec, &pos, at) {
                    let mut eligible = made.clone();
                    eligible.push(vec![id_of(a)]);
                    if some_assignment(&eligible, &capacity) {
                        want.insert(a);
                    }
                }
            }
            let got: BTreeSet<Square> = rules.commanders_of(&pos, at).into_iter().collect();
            if got != want {
                return Err(fail(format!("activators({at}) = {got:?}; enumeration says {want:?}")));
            }
            let movable = !want.is_empty() && !rules.piece_destinations(&pos, at).is_empty();
            if origins.contains(&at) != movable {
                return Err(fail(format!(
                    "legal_actions {} moves of {at}; enumeration says movable = {movable}",
                    if movable { "lacks" } else { "has" }
                )));
            }
        }
        let moves: Vec<Action> = legal.iter().copied().filter(|a| *a != Action::EndTurn).collect();
        let action =
            if roll < 30 || moves.is_empty() { Action::EndTurn } else { moves[usize::from(pick) % moves.len()] };
        if let Action::Move { from, to } = action {
            let eligible: Vec<usize> = eligible_now(spec, &pos, from).into_iter().map(id_of).collect();
            made.push(eligible);
            // Follow the moving piece if it is an activator.
            if let Some(entry) = ids.iter_mut().find(|(s, _)| *s == from) {
                entry.0 = to;
            }
        }
        if let Err(e) = rules.play(&mut pos, action) {
            return Err(fail(format!("play({action:?}): {e}")));
        }
        history.push(action);
    }
    Ok(())
}

/// The number of cases: `default`, or `PROPTEST_CASES` when set (for long runs).
fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(128), ..ProptestConfig::default() })]

    /// The engine's activators and movable pieces equal those of a brute-force enumeration of
    /// every assignment of activators to the turn's moves.
    #[test]
    fn matching_equals_brute_force_enumeration(spec in activation_specs()) {
        check_activation_game(&spec)?;
    }
}

#[test]
fn brute_force_enumeration_finds_the_reassignment() {
    // The first-fit trap in miniature: move 0 may use 0 or 1, move 1 only 0.
    let one = |_: usize| 1;
    assert!(some_assignment(&[vec![0, 1], vec![0]], &one));
    assert!(!some_assignment(&[vec![0], vec![0]], &one));
    assert!(some_assignment(&[vec![0], vec![0]], &|_| 2));
    assert!(!some_assignment(&[vec![0, 1], vec![0, 1], vec![1, 0]], &one));
    assert_eq!(Side::White.opponent(), Side::Black);
}

/// King steps between two squares (rulings 1), computed here, not by the engine.
fn king_steps(a: Square, b: Square) -> u8 {
    a.file.abs_diff(b.file).max(a.rank.abs_diff(b.rank))
}
