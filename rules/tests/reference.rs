//! The move generator against a slow, obviously-correct reference written from the rules texts
//! (`reference/model.rs`, with its own square and hex geometry in `reference/grid.rs`), on
//! random scenarios built through `Scenario::parse` (4x4 to 20x20 squares, 4x4 to 14x14 hexes,
//! water, towns, trees and hills, random armies from the catalog, leaders of capacity 1-3 and
//! range 2-3, every option that changes pieces or turns) and random games played in them
//! through `Ruleset::play`.
//!
//! At every step of every game:
//! - `legal_actions` (no duplicates) is exactly the reference's set of legal actions;
//! - `activators` agrees with the reference for every unmoved piece of the side to move;
//! - `play` accepts every action of `legal_actions`, and refuses (leaving the position
//!   unchanged) every other action tried: a sample of near-miss moves, swaps and foreign
//!   actions;
//! - the placement, the moved marks, the turn's cap, whose turn it is, turn ends and game ends
//!   agree with the reference's replay of the turn from its start.
//!
//! And the shipped hex scenarios' perft tables (their starts' depths 1 to 3) are the
//! reference's counts.

#[path = "reference/grid.rs"]
mod grid;
#[path = "reference/model.rs"]
mod model;
#[path = "reference/perft.rs"]
mod perft;
#[path = "reference/spec.rs"]
mod spec;

use model::{ActionKey, Rules, Turn};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use spec::{Cell, KindSpec, OptionSpec, Spec};
use std::collections::BTreeSet;
use warlord_rules::notation::format_action;
use warlord_rules::{Action, Attackers, Piece, Position, Ruleset, Scenario, Side, Square};

/// A small deterministic generator for the sampled illegal actions.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }

    fn offset(&mut self, reach: i32) -> i32 {
        self.below((2 * reach + 1) as u64) as i32 - reach
    }
}

/// The text of a game so far, for failure messages.
struct Context<'a> {
    toml: &'a str,
    history: Vec<String>,
}

impl Context<'_> {
    fn fail(&self, pos: &Position, what: String) -> TestCaseError {
        let mut placement = String::new();
        for (sq, p) in pos.placement() {
            let c = spec::symbol(usize::from(p.kind));
            let c = if p.side == Side::Black { c.to_ascii_lowercase() } else { c };
            placement.push_str(&format!(" {c}{sq}"));
        }
        TestCaseError::fail(format!(
            "{what}\n--- scenario ---\n{}\n--- actions so far ---\n{}\n--- placement now ---\n{placement}\n--- {} to move, this turn: {:?}",
            self.toml,
            self.history.join("\n"),
            pos.to_move(),
            pos.actions_this_turn()
        ))
    }
}

fn shifted(sq: Square, df: i32, dr: i32) -> Option<Square> {
    let (f, r) = (i32::from(sq.file) + df, i32::from(sq.rank) + dr);
    ((0..120).contains(&f) && (0..120).contains(&r)).then(|| Square::new(f as u8, r as u8))
}

/// Near-miss actions to try on `play`: moves of every kind of piece to nearby squares (some off
/// the board), swaps, and actions of other families.
fn candidates(pos: &Position, rng: &mut Rng, n: usize) -> Vec<Action> {
    let pieces: Vec<(Square, Piece)> = pos.placement();
    let board = pos.board();
    let mut out = Vec::new();
    if pieces.is_empty() {
        return out;
    }
    for _ in 0..n {
        let from = if rng.below(8) == 0 {
            Square::new(rng.below(u64::from(board.files()) + 2) as u8, rng.below(u64::from(board.ranks()) + 2) as u8)
        } else {
            pieces[rng.below(pieces.len() as u64) as usize].0
        };
        let action = match rng.below(20) {
            0..=15 => {
                let Some(to) = shifted(from, rng.offset(4), rng.offset(4)) else { continue };
                Action::Move { from, to }
            }
            16 | 17 => {
                let (df, dr) = grid::ORTHOGONAL[rng.below(4) as usize];
                let Some(to) = shifted(from, df, dr) else { continue };
                Action::Swap { from, to }
            }
            18 => Action::Place { kind: rng.below(4) as u8, to: from },
            _ => {
                if rng.below(2) == 0 {
                    Action::Fire { from, target: shifted(from, 1, 1).unwrap_or(from) }
                } else {
                    Action::Attack { target: from, attackers: Attackers { mask: rng.below(256) as u8, exact: false } }
                }
            }
        };
        out.push(action);
    }
    out
}

/// Replays the turn in progress in the model and checks that the engine's position agrees.
fn model_turn<'r>(
    model: &'r Rules,
    turn_start: &Position,
    pos: &Position,
    cx: &Context,
) -> Result<Turn<'r>, TestCaseError> {
    let mut turn = Turn::starting(model, turn_start);
    if pos.outcome().is_none() && usize::from(pos.turn_cap()) != turn.cap {
        return Err(cx.fail(pos, format!("turn cap {} but the reference says {}", pos.turn_cap(), turn.cap)));
    }
    for a in pos.actions_this_turn() {
        turn.apply(a).map_err(|e| cx.fail(pos, e))?;
    }
    let mut expected: Vec<(Square, Piece)> =
        turn.units.iter().filter(|u| u.alive).map(|u| (u.at, Piece { kind: u.kind as u8, side: u.side })).collect();
    expected.sort_by_key(|(sq, _)| (sq.rank, sq.file));
    if expected != pos.placement() {
        return Err(cx.fail(pos, format!("placement differs from the reference's replay: {expected:?}")));
    }
    for u in turn.units.iter().filter(|u| u.alive) {
        if pos.has_moved(u.at) != u.moved {
            return Err(cx.fail(
                pos,
                format!("has_moved({}) is {} but the reference says {}", u.at, pos.has_moved(u.at), u.moved),
            ));
        }
    }
    Ok(turn)
}

/// Checks one position against the reference; returns the engine's legal actions.
fn check_step(
    rules: &dyn Ruleset,
    turn: &Turn,
    pos: &Position,
    passes: u32,
    rng: &mut Rng,
    cx: &Context,
) -> Result<Vec<Action>, TestCaseError> {
    let expected = turn.legal(passes);
    let mut fast = Vec::new();
    rules.legal_actions(pos, &mut fast);
    let keys: Vec<ActionKey> = fast.iter().map(|a| ActionKey::of(a).expect("a Warlord action")).collect();
    let set: BTreeSet<ActionKey> = keys.iter().copied().collect();
    if set.len() != keys.len() {
        return Err(cx.fail(pos, format!("legal_actions has duplicates: {keys:?}")));
    }
    if set != expected.actions {
        let extra: Vec<_> = set.difference(&expected.actions).collect();
        let missing: Vec<_> = expected.actions.difference(&set).collect();
        return Err(cx.fail(pos, format!("legal_actions differs from the reference.\n  not legal but generated: {extra:?}\n  legal but missing: {missing:?}")));
    }
    for (&sq, want) in &expected.activators {
        let got: BTreeSet<Square> = rules.commanders_of(pos, sq).into_iter().collect();
        if &got != want {
            return Err(cx.fail(pos, format!("activators({sq}) = {got:?} but the reference says {want:?}")));
        }
    }
    for a in &fast {
        let mut p = pos.clone();
        if let Err(e) = rules.play(&mut p, *a) {
            return Err(cx.fail(pos, format!("play refuses {a:?} from legal_actions: {e}")));
        }
    }
    for a in candidates(pos, rng, 120) {
        let legal = ActionKey::of(&a).is_some_and(|k| set.contains(&k));
        let mut p = pos.clone();
        let result = rules.play(&mut p, a);
        if legal != result.is_ok() {
            return Err(cx.fail(
                pos,
                format!("play({a:?}) = {result:?}, but it is {}in legal_actions", if legal { "" } else { "not " }),
            ));
        }
        if result.is_err() && p != *pos {
            return Err(cx.fail(pos, format!("a refused {a:?} changed the position")));
        }
    }
    Ok(fast)
}

/// Plays the random game of a spec, checking every step.
fn check_game(spec: &Spec) -> Result<(), TestCaseError> {
    let toml = spec.to_toml();
    let mut cx = Context { toml: &toml, history: Vec::new() };
    let scenario = Scenario::parse(&toml, "random.toml").map_err(|e| TestCaseError::fail(format!("{e}\n{toml}")))?;
    let rules = scenario.ruleset(&[]).map_err(|e| TestCaseError::fail(format!("{e}\n{toml}")))?;
    let model = Rules::from_spec(spec);
    let mut pos = rules.start();
    let mut turn_start = pos.clone();
    let mut mover = model.first;
    let mut passes = 0u32;
    let mut rng = Rng(spec.seed);
    let mut steps = spec.choices.iter();
    loop {
        if pos.outcome().is_none() && pos.to_move() != mover {
            return Err(cx.fail(&pos, format!("{} to move, but turns alternate from {}", pos.to_move(), model.first)));
        }
        let turn = model_turn(&model, &turn_start, &pos, &cx)?;
        let legal = check_step(&*rules, &turn, &pos, passes, &mut rng, &cx)?;
        let Some(&(pick, roll)) = steps.next() else { return Ok(()) };
        if legal.is_empty() {
            return Ok(());
        }
        let moves: Vec<Action> = legal.iter().copied().filter(|a| *a != Action::EndTurn).collect();
        let swaps: Vec<Action> = moves.iter().copied().filter(|a| matches!(a, Action::Swap { .. })).collect();
        // Mostly moves; a turn end now and then; swaps whenever the roll is high and one exists.
        let action = if roll < 40 || moves.is_empty() {
            Action::EndTurn
        } else if roll >= 200 && !swaps.is_empty() {
            swaps[usize::from(pick) % swaps.len()]
        } else {
            moves[usize::from(pick) % moves.len()]
        };
        cx.history.push(format!("{} {}", pos.to_move(), format_action(&action, rules.pieces())));
        let report = rules.play(&mut pos, action).map_err(|e| cx.fail(&pos, format!("play({action:?}): {e}")))?;
        let mut after = turn.clone();
        after.apply(&action).map_err(TestCaseError::fail)?;
        let ends = !after.over && (action == Action::EndTurn || after.cap_reached());
        if report.turn_ended != ends {
            return Err(cx.fail(
                &pos,
                format!("turn_ended is {} after {action:?}; the reference says {ends}", report.turn_ended),
            ));
        }
        let passes_after = if after.moves.is_empty() { passes + 1 } else { 0 };
        let over = after.over || (ends && passes_after >= 2);
        if report.outcome.is_some() != over || pos.outcome().is_some() != over {
            return Err(cx.fail(
                &pos,
                format!("outcome {:?} after {action:?}; the reference says over = {over}", report.outcome),
            ));
        }
        if ends {
            passes = passes_after;
            turn_start = pos.clone();
            mover = mover.opponent();
        }
    }
}

/// The number of cases: `default`, or `PROPTEST_CASES` when set (for long runs).
fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(40), max_shrink_iters: 2000, ..ProptestConfig::default() })]

    /// Small and mid-sized boards, games of up to 24 actions.
    #[test]
    fn legal_actions_match_the_reference(spec in spec::specs(4, 12, 24, false)) {
        check_game(&spec)?;
    }

    /// Small and mid-sized hex boards, games of up to 24 actions.
    #[test]
    fn legal_actions_match_the_reference_on_hexes(spec in spec::specs(4, 12, 24, true)) {
        check_game(&spec)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(8), max_shrink_iters: 1000, ..ProptestConfig::default() })]

    /// Large boards (up to 20x20), shorter games.
    #[test]
    fn legal_actions_match_the_reference_on_large_boards(spec in spec::specs(13, 20, 10, false)) {
        check_game(&spec)?;
    }

    /// Larger hex boards (up to 14x14), shorter games.
    #[test]
    fn legal_actions_match_the_reference_on_large_hex_boards(spec in spec::specs(13, 14, 10, true)) {
        check_game(&spec)?;
    }
}

/// A fixed scenario with every catalog piece, every option and water, played for a while, on
/// squares and on hexes: the same checks on a dense, known position (and a test that the
/// harness itself can fail: the reference must see moves here).
#[test]
fn every_piece_and_option_on_a_fixed_board() {
    for hex in [false, true] {
        every_piece_and_option_on(hex);
    }
}

fn every_piece_and_option_on(hex: bool) {
    let mut kinds = vec![
        KindSpec { like: "leader", command: Some((2, Some(3), true)) },
        KindSpec { like: "chieftain", command: Some((1, None, true)) },
        KindSpec { like: "leader", command: Some((1, Some(2), false)) },
    ];
    kinds.extend(spec::NON_LEADERS.iter().map(|&like| KindSpec { like, command: None }));
    let (files, ranks) = (12u8, 10u8);
    let mut cells = vec![Cell::Open; usize::from(files) * usize::from(ranks)];
    let n = kinds.len();
    for (i, cell) in cells.iter_mut().enumerate() {
        let (f, r) = (i % usize::from(files), i / usize::from(files));
        *cell = match (f, r) {
            (5 | 6, 4 | 5) => Cell::Water,
            (_, 0 | 1) => Cell::Piece((f + r * 3) % n, false),
            (_, 8 | 9) => Cell::Piece((f + r * 5) % n, true),
            (_, 2) if f % 3 == 0 => Cell::Piece(f % 3, false),
            (_, 7) if f % 4 == 1 => Cell::Piece((f + 1) % 3, true),
            _ => Cell::Open,
        };
    }
    for options in [
        OptionSpec::default(),
        OptionSpec {
            self_activating_knights: true,
            extended_charge: true,
            water_crossing: true,
            light_cavalry_extra_move: true,
            cannon_leader_swap: true,
        },
    ] {
        let spec = Spec {
            hex,
            files,
            ranks,
            kinds: kinds.clone(),
            moves_per_turn: 4,
            cap_by_leaders: true,
            default_range: Some(3),
            black_first: false,
            options,
            cells: cells.clone(),
            // A town, trees and a hill in the middle, among the water.
            terrain: (0..cells.len())
                .map(|i| match (i % usize::from(files), i / usize::from(files)) {
                    (3, 4) => 'T',
                    (8, 5) => 'F',
                    (4, 5) | (9, 4) => '^',
                    _ => '.',
                })
                .collect(),
            water_as_map: true,
            choices: (0..40u16).map(|i| (i.wrapping_mul(7919), if i % 9 == 8 { 0 } else { 200 })).collect(),
            seed: 7,
        };
        let model = Rules::from_spec(&spec);
        let scenario = Scenario::parse(&spec.to_toml(), "fixed.toml").unwrap();
        let start = scenario.ruleset(&[]).unwrap().start();
        let legal = Turn::starting(&model, &start).legal(0);
        assert!(legal.actions.len() > 20, "the reference sees moves: {:?}", legal.actions);
        check_game(&spec).unwrap_or_else(|e| panic!("{e}"));
    }
}

/// The shipped hex scenarios' perft tables against the reference model: every depth of the
/// lines before the first `options` or `play` (the start with the default options: depths 1
/// and 2, and 3 for `hex-skirmish`).
#[test]
fn hex_perft_tables_are_the_reference_counts() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join("scenarios");
    for name in ["chieftain-hex", "hex-skirmish"] {
        let text = std::fs::read_to_string(root.join("data").join(format!("{name}.toml"))).unwrap();
        let table = std::fs::read_to_string(root.join("perft").join(format!("{name}.txt"))).unwrap();
        let model = perft::rules_of_scenario(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(model.grid, grid::Grid::Hex, "{name} is a hex scenario");
        let start = Scenario::parse(&text, name).unwrap().ruleset(&[]).unwrap().start();
        let turn = Turn::starting(&model, &start);
        let mut checked = 0;
        for line in table.lines().take_while(|l| !l.starts_with("options") && !l.starts_with("play")) {
            let words: Vec<&str> = line.split_whitespace().collect();
            let ["depth", depth, count] = words[..] else { continue };
            let depth: u32 = depth.parse().unwrap();
            let count: u64 = count.parse().unwrap();
            assert_eq!(perft::perft(&turn, 0, depth), count, "{name}: perft {depth} of the reference model");
            checked += 1;
        }
        assert!(checked >= 2, "{name}: the table has depths 1 and 2");
    }
}

/// The model's hex geometry against the examples of docs/NOTATION.md ("Hex cells") and the
/// counts of docs/RULES.md ("On hex boards"), so that the reference is checked against the
/// docs and not only against the engine.
#[test]
fn the_reference_hex_geometry_follows_the_docs() {
    let hex = grid::Grid::Hex;
    let sq = |name: &str| name.parse::<Square>().unwrap();
    let around = |name: &str| {
        let mut names: Vec<String> = hex
            .neighbours()
            .into_iter()
            .filter_map(|n| hex.cell(grid::plus(hex.coords(sq(name)), n), 16, 16))
            .map(|s| s.to_string())
            .collect();
        names.sort();
        names
    };
    assert_eq!(around("c3"), ["b2", "b3", "b4", "c2", "c4", "d3"]);
    assert_eq!(around("c2"), ["b2", "c1", "c3", "d1", "d2", "d3"]);
    assert_eq!(hex.distance(sq("a1"), sq("h1")), 7);
    assert_eq!(hex.distance(sq("c1"), sq("c3")), 2);
    for (a, b) in [(0, 1), (1, 1), (0, 2), (2, 2), (1, 2)] {
        let n = if 0 < a && a < b { 12 } else { 6 };
        assert_eq!(hex.leaps(a, b).len(), n, "[{a}, {b}]");
    }
    // The knight lands 3 hex steps away, on no straight line; it passes between a neighbour and
    // a vertex step.
    for step in hex.leaps(1, 2) {
        assert_eq!(hex.length(step), 3);
        assert!(hex.straight(step).is_none(), "{step:?}");
        assert!(hex.decomposition(1, 2, step).is_some(), "{step:?}");
    }
    // The two cells a knight passes between are exactly the two hexes its straight line
    // crosses: the hexes holding the points 1/3 and 2/3 of the way (cube rounding).
    let round = |(x, y, z): (f64, f64, f64)| {
        let (rx, ry, rz) = (x.round(), y.round(), z.round());
        let (dx, dy, dz) = ((rx - x).abs(), (ry - y).abs(), (rz - z).abs());
        let c = if dx > dy && dx > dz {
            (-ry - rz, ry, rz)
        } else if dy > dz {
            (rx, -rx - rz, rz)
        } else {
            (rx, ry, -rx - ry)
        };
        (c.0 as i32, c.1 as i32, c.2 as i32)
    };
    for step in hex.leaps(1, 2) {
        let (corner, edge) = hex.decomposition(1, 2, step).unwrap();
        let at =
            |k: f64| round((f64::from(step.0) * k / 3.0, f64::from(step.1) * k / 3.0, f64::from(step.2) * k / 3.0));
        assert_eq!((at(1.0), at(2.0)), (edge, corner), "{step:?}");
    }
    // A skirmisher's edge leap goes around the hex passed over by the two hexes touching both
    // it and the start; a vertex step passes between two neighbours.
    for u in hex.edges().into_iter().chain(hex.corners()) {
        for b in hex.beside(u) {
            assert_eq!(hex.length(b), 1, "{u:?}");
            assert_eq!(hex.length((u.0 - b.0, u.1 - b.1, u.2 - b.2)), 1, "{u:?}");
        }
    }
    // Range 3 is the 37 hexes around a leader.
    let centre = sq("h8");
    let ball = (0..16u8).flat_map(|f| (0..16u8).map(move |r| Square::new(f, r)));
    assert_eq!(ball.filter(|&s| hex.distance(centre, s) <= 3).count(), 37);
}
