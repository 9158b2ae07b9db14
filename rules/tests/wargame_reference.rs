//! WarGame 1 and 2 against a slow, obviously-correct reference written from the text (file 003
//! of the seeds), rulings 17-21 and the decisions of docs/RULES.md (`wargame_reference/`): the
//! model reads positions through public accessors only and calls none of the engine's rules.
//!
//! - WarGame 2 on hexes: the hex line of fire (rulings 21) is the model's (`hex.rs`, every
//!   hex of the ball measured); random hex boards with WarGame 2's pieces, the shipped
//!   `wargame-2` after random play, and the teaching scenario are played in lockstep as below,
//!   led moves included.
//!
//! - Line of fire (rulings 17): on random boards and pairs of squares, `Board::line_of_fire`
//!   crosses exactly the cells and pairs of the model's exact rational line; it is the same
//!   from either end, and with random blocking cells A sees B exactly when B sees A, as the
//!   model says.
//! - Legal actions: on random small boards (random terrain, random pieces of both sides) and
//!   in positions of the shipped scenario `wargame-1` reached by random play, the engine and
//!   the model play the same random game in lockstep; at every step the engine's legal actions
//!   equal the model's (as sets, with the differences listed on failure), and the placement,
//!   the marks of pieces that have acted, the tows in progress, the prepared paratroopers and
//!   the pieces each action kills agree. With the option `paratroops` on, random boards have
//!   paratroopers, and their preparations and leaps are compared too.

#[path = "wargame_reference/actions.rs"]
mod actions;
#[path = "wargame_reference/command.rs"]
mod command;
#[path = "wargame_reference/game.rs"]
mod game;
#[path = "wargame_reference/hex.rs"]
mod hex;
#[path = "wargame_reference/line.rs"]
mod line;
#[path = "wargame_reference/spec.rs"]
mod spec;
#[path = "wargame_reference/text.rs"]
mod text;
mod wargame_common;

use game::{Game, Key};
use line::Place;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::collections::BTreeSet;
use warlord_rules::wargame::WarGameRules;
use warlord_rules::{Action, Board, FamilyState, Position, Ruleset, Scenario, Side, Sight, Square, Terrain};

/// The number of cases: `default`, or `PROPTEST_CASES` when set (for long runs).
fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// An engine action as the model's key.
fn key_of(action: &Action) -> Key {
    match *action {
        Action::EndTurn => Key::End,
        Action::Move { from, to } => Key::Move(from, to),
        Action::Fire { from, target } => Key::Fire(from, target),
        Action::Tow { from, to, towed } => Key::Tow(from, to, towed),
        Action::Prep { at } => Key::Prep(at),
        Action::Leap { from, to } => Key::Leap(from, to),
        Action::Lead { from, to, leader, leader_to } => Key::Lead(from, to, leader, leader_to),
        other => panic!("not a WarGame action: {other:?}"),
    }
}

/// The engine's line of fire as the model's places.
fn engine_places(board: &Board, a: Square, b: Square) -> Vec<Place> {
    board
        .line_of_fire(a, b)
        .into_iter()
        .map(|s| match s {
            Sight::Cell(c) => Place::Cell(c),
            Sight::Pair(c, d) => Place::pair(c, d),
        })
        .collect()
}

/// The board and pieces as text, rank 1 at the bottom: terrain codes, pieces as symbols
/// (upper case White, lower case Black), `*` after a piece that has acted.
fn draw(rules: &WarGameRules, game: &Game) -> String {
    let mut out = String::new();
    for r in (0..game.ranks).rev() {
        out.push_str(&format!("{:>3} ", r + 1));
        for f in 0..game.files {
            let sq = Square::new(f, r);
            let cell = match game.unit_at(sq) {
                Some(u) => {
                    let unit = &game.units[u];
                    let s = rules.pieces().get(unit.kind_id).symbol.clone();
                    let s = if unit.side == Side::Black { s.to_lowercase() } else { s };
                    format!("{s}{}", if unit.acted { "*" } else { "" })
                }
                None => game.terrain(sq).code().to_string(),
            };
            out.push_str(&format!("{cell:<4}"));
        }
        out.push('\n');
    }
    out.push_str("    ");
    for f in 0..game.files {
        out.push_str(&format!("{:<4}", warlord_rules::square::file_name(f)));
    }
    out
}

/// What a failing game shows: the scenario, the actions played, the board now.
struct Context<'a> {
    rules: &'a WarGameRules,
    origin: String,
    history: Vec<String>,
}

impl Context<'_> {
    fn fail(&self, game: &Game, what: String) -> TestCaseError {
        let turn: Vec<String> = game.turn.iter().map(|(k, _)| k.to_string()).collect();
        TestCaseError::fail(format!(
            "{what}\n--- game ---\n{}\n--- actions (lockstep) ---\n{}\n--- board now ({} to move; this turn: {}) ---\n{}",
            self.origin,
            self.history.join("\n"),
            game.to_move,
            turn.join(", "),
            draw(self.rules, game)
        ))
    }
}

/// Counts of what a lockstep game did, to check that the tests reach every kind of action.
#[derive(Default, Debug, Clone, Copy)]
struct Seen {
    steps: usize,
    moves: usize,
    shots: usize,
    tows: usize,
    preps: usize,
    leaps: usize,
    leads: usize,
    overruns: usize,
    kills: usize,
}

/// Checks the engine's position against the model's.
fn compare(
    rules: &WarGameRules,
    pos: &Position,
    game: &Game,
    cx: &Context,
) -> Result<(BTreeSet<Key>, Vec<Action>), TestCaseError> {
    let engine = rules.legal_action_list(pos);
    let keys: Vec<Key> = engine.iter().map(key_of).collect();
    let set: BTreeSet<Key> = keys.iter().copied().collect();
    if set.len() != keys.len() {
        return Err(cx.fail(game, format!("legal_actions has duplicates: {keys:?}")));
    }
    let model = game.legal();
    if set != model {
        let show = |s: BTreeSet<&Key>| s.into_iter().map(Key::to_string).collect::<Vec<_>>().join(", ");
        return Err(cx.fail(
            game,
            format!(
                "legal actions differ from the model.\n  the engine only: {}\n  the model only: {}",
                show(set.difference(&model).collect()),
                show(model.difference(&set).collect())
            ),
        ));
    }
    let placement: Vec<(Square, u8, Side)> = pos.placement().into_iter().map(|(s, p)| (s, p.kind, p.side)).collect();
    if placement != game.placement() {
        return Err(cx.fail(game, format!("placement differs: the engine has {placement:?}")));
    }
    for u in game.units.iter().filter(|u| u.alive) {
        if pos.has_moved(u.at) != u.acted {
            return Err(cx.fail(game, format!("has_moved({}) is {}, the model says {}", u.at, !u.acted, u.acted)));
        }
    }
    let mut tows: Vec<(Side, Square, Square)> = match pos.family_state() {
        FamilyState::WarGame(state) => state.tows.iter().map(|t| (t.side, t.tower, t.towed)).collect(),
        _ => Vec::new(),
    };
    tows.sort_by_key(|&(side, a, b)| (side == Side::Black, a.rank, a.file, b.rank, b.file));
    if tows != game.tow_squares() {
        return Err(cx.fail(game, format!("tows in progress differ: the engine has {tows:?}")));
    }
    let prepped = pos.family_state().wargame().map(|s| s.prepped.clone()).unwrap_or_default();
    if prepped != game.prepped_squares() {
        return Err(cx.fail(game, format!("prepared paratroopers differ: the engine has {prepped:?}")));
    }
    if pos.outcome().is_some() != game.over || (!game.over && pos.to_move() != game.to_move) {
        return Err(cx.fail(game, format!("the engine has outcome {:?}, {} to move", pos.outcome(), pos.to_move())));
    }
    Ok((set, engine))
}

/// Picks the next action from the legal ones by the roll: below 20 the end of the turn, from
/// 20 to 49 a tow, from 50 to 79 a preparation or a leap, from 120 an action that kills (a
/// shot, or a move the model says kills), else (or when there is none of the sort) any action
/// but the end of the turn.
fn pick(game: &Game, legal: &BTreeSet<Key>, (which, roll): (u16, u8)) -> Key {
    let acts: Vec<Key> = legal.iter().copied().filter(|k| *k != Key::End).collect();
    if roll < 20 || acts.is_empty() {
        return Key::End;
    }
    let mut special: Vec<Key> = Vec::new();
    if roll >= 120 {
        let mut killing_moves = BTreeSet::new();
        let movers: BTreeSet<Square> =
            acts.iter().filter_map(|k| if let Key::Move(from, _) = *k { Some(from) } else { None }).collect();
        for from in movers {
            let u = game.unit_at(from).expect("a mover");
            for (to, victims) in game.moves(u) {
                if !victims.is_empty() {
                    killing_moves.insert(Key::Move(from, to));
                }
            }
        }
        special = acts.iter().copied().filter(|k| matches!(k, Key::Fire(..)) || killing_moves.contains(k)).collect();
    } else if roll < 50 {
        special = acts.iter().copied().filter(|k| matches!(k, Key::Tow(..))).collect();
    } else if roll < 80 {
        special = acts.iter().copied().filter(|k| matches!(k, Key::Prep(..) | Key::Leap(..))).collect();
    }
    let from = if special.is_empty() { &acts } else { &special };
    from[usize::from(which) % from.len()]
}

/// Plays the engine and the model in lockstep from `pos` (at the start of a turn), checking
/// every step.
fn lockstep(
    rules: &WarGameRules,
    mut pos: Position,
    choices: &[(u16, u8)],
    origin: String,
) -> Result<Seen, TestCaseError> {
    let mut game = Game::from_position(rules, &pos);
    let mut cx = Context { rules, origin, history: Vec::new() };
    let mut seen = Seen::default();
    for &choice in choices {
        let (legal, list) = compare(rules, &pos, &game, &cx)?;
        if legal.is_empty() {
            break;
        }
        let key = pick(&game, &legal, choice);
        let action = *list.iter().find(|a| key_of(a) == key).expect("picked from the list");
        cx.history.push(format!("{} {key}", game.to_move));
        seen.steps += 1;
        match key {
            Key::Move(from, to) => {
                seen.moves += 1;
                let u = game.unit_at(from).expect("a mover");
                let victims = game.moves(u).get(&to).cloned().unwrap_or_default();
                seen.overruns += usize::from(victims.first().is_some_and(|&v| v != to));
            }
            Key::Fire(..) => seen.shots += 1,
            Key::Tow(..) => seen.tows += 1,
            Key::Prep(..) => seen.preps += 1,
            Key::Leap(..) => seen.leaps += 1,
            Key::Lead(..) => seen.leads += 1,
            Key::End => {}
        }
        let report = rules.play(&mut pos, action).map_err(|e| cx.fail(&game, format!("play({key}) refused: {e}")))?;
        let mut killed = game.apply(key);
        seen.kills += killed.len();
        let mut captured: Vec<Square> = report.captured.iter().map(|(s, _)| *s).collect();
        for list in [&mut killed, &mut captured] {
            list.sort_by_key(|s| (s.rank, s.file));
        }
        if killed != captured {
            let names = |l: &[Square]| l.iter().map(Square::to_string).collect::<Vec<_>>().join(" ");
            return Err(cx.fail(
                &game,
                format!("after {key} the engine removed [{}], the model [{}]", names(&captured), names(&killed)),
            ));
        }
    }
    compare(rules, &pos, &game, &cx)?;
    Ok(seen)
}

/// The rules and start of a random scenario with `paratroops` paratroopers a side.
fn build(toml: &str, paratroops: u32) -> Result<(WarGameRules, Position), TestCaseError> {
    let scenario = Scenario::parse(toml, "random.toml").map_err(|e| TestCaseError::fail(format!("{e}\n{toml}")))?;
    let options = [("paratroops".to_string(), paratroops.to_string())];
    let rules = scenario.wargame(&options).map_err(|e| TestCaseError::fail(format!("{e}\n{toml}")))?;
    let start = rules.start();
    Ok((rules, start))
}

/// A shipped scenario.
fn shipped(id: &str) -> WarGameRules {
    let bundled = warlord_scenarios::get(id).expect("the scenario is shipped");
    let scenario = Scenario::parse(bundled.text, &format!("{id}.toml")).expect("it parses");
    scenario.wargame(&[]).expect("it builds")
}

/// The `[rules]` and `[[pieces]]` of WarGame 2, as its shipped teaching scenario writes them.
fn second_head() -> &'static str {
    let text = warlord_scenarios::get("wargame-2-skirmish").expect("shipped").text;
    &text[text.find("\n[rules]").expect("the scenario has rules")..]
}

/// Plays `turns` whole turns of random actions from the start of `rules` with the engine
/// alone, so that the armies meet: each action is a shot at a near enemy or a move forward,
/// tried on random pieces until `play` accepts one (cheaper than listing every legal action).
/// Returns the position at the start of the next turn and the actions played.
fn approach(rules: &WarGameRules, turns: u32, seed: u64) -> (Position, Vec<String>) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut pos = rules.start();
    let mut played = Vec::new();
    for _ in 0..turns {
        let mut ended = false;
        for _ in 0..40 {
            if pos.outcome().is_some() {
                return (pos, played);
            }
            let side = pos.to_move();
            let own: Vec<Square> = pos.pieces(side).map(|(s, _)| s).collect();
            let from = *own.choose(&mut rng).expect("a piece");
            let near: Vec<Square> =
                pos.pieces(side.opponent()).map(|(s, _)| s).filter(|&s| pos.board().distance(s, from) <= 3).collect();
            let action = if !near.is_empty() && rng.gen_bool(0.5) {
                Action::Fire { from, target: *near.choose(&mut rng).expect("an enemy") }
            } else {
                let ahead = if side == Side::White { rng.gen_range(1..=3) } else { -rng.gen_range(1..=3) };
                let (f, r) = (i32::from(from.file) + rng.gen_range(-1..=1), i32::from(from.rank) + ahead);
                if f < 0 || r < 0 {
                    continue;
                }
                Action::Move { from, to: Square::new(f as u8, r as u8) }
            };
            if let Ok(report) = rules.play(&mut pos, action) {
                played.push(warlord_rules::notation::format_action(&action, rules.pieces()));
                if report.turn_ended {
                    ended = true;
                    break;
                }
            }
        }
        if !ended && pos.outcome().is_none() {
            rules.play(&mut pos, Action::EndTurn).expect("a turn may end");
            played.push("end".into());
        }
    }
    (pos, played)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(300), ..ProptestConfig::default() })]

    /// Rulings 17: the engine's line of fire is the model's, cell for cell and pair for pair,
    /// and the same from either end.
    #[test]
    fn the_line_of_fire_is_the_models_and_the_same_from_either_end(
        size in (4u8..=20, 4u8..=20),
        ends in (any::<prop::sample::Index>(), any::<prop::sample::Index>(), any::<prop::sample::Index>(), any::<prop::sample::Index>()),
    ) {
        let (files, ranks) = size;
        let board = Board::new(u32::from(files), u32::from(ranks), 2).expect("a board");
        let a = Square::new(ends.0.index(usize::from(files)) as u8, ends.1.index(usize::from(ranks)) as u8);
        let b = Square::new(ends.2.index(usize::from(files)) as u8, ends.3.index(usize::from(ranks)) as u8);
        let there = engine_places(&board, a, b);
        let set: BTreeSet<Place> = there.iter().copied().collect();
        prop_assert_eq!(set.len(), there.len(), "no place twice from {} to {}", a, b);
        prop_assert_eq!(&set, &line::places(a, b), "from {} to {}", a, b);
        let back: BTreeSet<Place> = engine_places(&board, b, a).into_iter().collect();
        prop_assert_eq!(&set, &back, "from {} to {} and back", a, b);
        prop_assert!(set.iter().all(|p| match *p {
            Place::Cell(c) => c != a && c != b && board.contains(c),
            Place::Pair(c, d) => ![a, b].contains(&c) && ![a, b].contains(&d) && board.contains(c) && board.contains(d),
        }), "the ends never block, every place is on the board");
    }

    /// Rulings 17 with blocking cells: A sees B exactly when B sees A, and exactly when the
    /// model says so, on random boards with random blockers near the line.
    #[test]
    fn a_sees_b_exactly_when_b_sees_a_and_the_model_agrees(
        size in (4u8..=12, 4u8..=12),
        ends in (any::<prop::sample::Index>(), any::<prop::sample::Index>(), any::<prop::sample::Index>(), any::<prop::sample::Index>()),
        density in 0u32..=100,
        bits in prop::collection::vec(0u32..100, 144),
    ) {
        let (files, ranks) = size;
        let board = Board::new(u32::from(files), u32::from(ranks), 2).expect("a board");
        let a = Square::new(ends.0.index(usize::from(files)) as u8, ends.1.index(usize::from(ranks)) as u8);
        let b = Square::new(ends.2.index(usize::from(files)) as u8, ends.3.index(usize::from(ranks)) as u8);
        let blocks = |c: Square| bits[usize::from(c.rank) * 12 + usize::from(c.file)] < density;
        let there = board.clear_line(a, b, |c| c != a && c != b && blocks(c));
        let back = board.clear_line(b, a, |c| c != a && c != b && blocks(c));
        prop_assert_eq!(there, back, "{} and {}", a, b);
        prop_assert_eq!(there, line::clear(a, b, blocks), "{} to {}: the model", a, b);
        prop_assert_eq!(line::clear(a, b, blocks), line::clear(b, a, blocks), "the model from {} and {}", a, b);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(150), max_shrink_iters: 400, ..ProptestConfig::default() })]

    /// Random small boards with random terrain and pieces: the engine's legal actions are the
    /// model's at every step of a random game.
    #[test]
    fn legal_actions_match_the_model_on_random_boards(spec in spec::specs(4, 9, 40)) {
        let toml = spec.to_toml(wargame_common::HEAD);
        let (rules, start) = build(&toml, 0)?;
        lockstep(&rules, start, &spec.choices, toml)?;
    }

    /// The same with the option `paratroops` (1 to 3 paratroopers a side): their
    /// preparations, leaps and the end of their preparations are the model's too.
    #[test]
    fn legal_actions_match_the_model_on_random_boards_with_paratroops(
        spec in spec::specs(4, 9, 60),
        paratroops in 1u32..=3,
    ) {
        let toml = spec.to_toml(wargame_common::HEAD);
        let (rules, start) = build(&toml, paratroops)?;
        lockstep(&rules, start, &spec.choices, format!("paratroops = {paratroops}\n{toml}"))?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(10), max_shrink_iters: 50, ..ProptestConfig::default() })]

    /// The shipped scenario: after some turns of random play (the armies closing in), the
    /// engine's legal actions are the model's at every step of a random continuation.
    #[test]
    fn legal_actions_match_the_model_in_the_shipped_scenario(
        seed in any::<u64>(),
        turns in 20u32..=60,
        choices in prop::collection::vec((any::<u16>(), any::<u8>()), 25),
    ) {
        let rules = shipped("wargame-1");
        let (pos, played) = approach(&rules, turns, seed);
        let origin = format!("wargame-1 after {turns} turns (seed {seed}): {}", played.join(", "));
        lockstep(&rules, pos, &choices, origin)?;
    }

    /// The shipped WarGame 2 on its hex board, the same way.
    #[test]
    fn legal_actions_match_the_model_in_the_shipped_wargame_2(
        seed in any::<u64>(),
        turns in 10u32..=40,
        choices in prop::collection::vec((any::<u16>(), any::<u8>()), 25),
    ) {
        let rules = shipped("wargame-2");
        let (pos, played) = approach(&rules, turns, seed);
        let origin = format!("wargame-2 after {turns} turns (seed {seed}): {}", played.join(", "));
        lockstep(&rules, pos, &choices, origin)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(300), ..ProptestConfig::default() })]

    /// Rulings 21: the engine's hex line of fire is the model's, on the board (a place off
    /// the board left out, as a pair with a hex off the board), and the same from either end.
    #[test]
    fn the_hex_line_of_fire_is_the_models(
        size in (4u8..=20, 4u8..=20),
        ends in (any::<prop::sample::Index>(), any::<prop::sample::Index>(), any::<prop::sample::Index>(), any::<prop::sample::Index>()),
    ) {
        let (files, ranks) = size;
        let board = Board::with_geometry(warlord_rules::Geometry::Hex, u32::from(files), u32::from(ranks), 2).expect("a board");
        let a = Square::new(ends.0.index(usize::from(files)) as u8, ends.1.index(usize::from(ranks)) as u8);
        let b = Square::new(ends.2.index(usize::from(files)) as u8, ends.3.index(usize::from(ranks)) as u8);
        let on = |(f, r): (i32, i32)| -> Option<Square> {
            let sq = Square::new(u8::try_from(f).ok()?, u8::try_from(r).ok()?);
            board.contains(sq).then_some(sq)
        };
        let model: BTreeSet<Place> = hex::places(a, b)
            .into_iter()
            .filter_map(|p| match p {
                hex::HexPlace::Cell(c) => on(c).map(Place::Cell),
                hex::HexPlace::Pair(c, d) => Some(Place::pair(on(c)?, on(d)?)),
            })
            .collect();
        let there: BTreeSet<Place> = engine_places(&board, a, b).into_iter().collect();
        prop_assert_eq!(&there, &model, "from {} to {}", a, b);
        let back: BTreeSet<Place> = engine_places(&board, b, a).into_iter().collect();
        prop_assert_eq!(&there, &back, "from {} to {} and back", a, b);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(100), max_shrink_iters: 400, ..ProptestConfig::default() })]

    /// Random small hex boards with random terrain and WarGame 2's pieces: the engine's legal
    /// actions, led moves included, are the model's at every step of a random game.
    #[test]
    fn legal_actions_match_the_model_on_random_hex_boards(spec in spec::hex_specs(4, 8, 40), leaders_overrun in any::<bool>()) {
        let toml = spec.to_toml(second_head());
        let scenario = Scenario::parse(&toml, "random.toml").map_err(|e| TestCaseError::fail(format!("{e}\n{toml}")))?;
        let options = [("leaders-overrun".to_string(), leaders_overrun.to_string())];
        let rules = scenario.wargame(&options).map_err(|e| TestCaseError::fail(format!("{e}\n{toml}")))?;
        let start = rules.start();
        lockstep(&rules, start, &spec.choices, format!("leaders-overrun = {leaders_overrun}\n{toml}"))?;
    }
}

/// The harness reaches WarGame 2's actions: from the teaching scenario's start, led moves,
/// jumps, close assaults and shots are played in lockstep with the model.
#[test]
fn the_wargame_2_skirmish_reaches_led_moves_and_kills() {
    let rules = shipped("wargame-2-skirmish");
    let pos = rules.start();
    let game = Game::from_position(&rules, &pos);
    let legal = game.legal();
    // The first line of scenarios/perft/wargame-2-skirmish.txt, counted by the model.
    assert_eq!(legal.len(), 768);
    let s = |name: &str| name.parse::<Square>().expect("a square");
    assert!(legal.contains(&Key::Lead(s("c3"), s("c7"), s("c2"), s("b6"))), "the led move of the description");
    assert!(legal.contains(&Key::Move(s("d3"), s("e6"))), "the jump");
    let cavalry = game.unit_at(s("d3")).expect("the cavalry");
    assert_eq!(game.moves(cavalry).get(&s("e6")), Some(&vec![s("e5")]), "the jump kills e5");
    let mut seen = Seen::default();
    for seed in 0..6u16 {
        let choices: Vec<(u16, u8)> =
            (0..30u16).map(|i| (i.wrapping_mul(7919).wrapping_add(seed), (i * 37 % 256) as u8)).collect();
        let s = lockstep(&rules, pos.clone(), &choices, "wargame-2-skirmish".into()).unwrap_or_else(|e| panic!("{e}"));
        seen.leads += s.leads;
        seen.kills += s.kills;
        seen.shots += s.shots;
    }
    assert!(seen.leads > 0 && seen.kills > 0 && seen.shots > 0, "{seen:?}");
}

/// The harness reaches every kind of action: a fixed board with terrain where the model lists
/// tows, shots, a replacement and an overrun, played in lockstep with several choices.
#[test]
fn a_fixed_board_reaches_every_kind_of_action() {
    let (rules, pos) = wargame_common::game(
        &[("towns", &["c5"]), ("trees", &["e4"]), ("hills", &["f6"])],
        &["SC@d1", "TC@c3", "IC@e2", "A@c2", "T@d3", "I@d4", "I@e3", "A@f3", "T@b4", "T@g2"],
        &["SC@l12", "TC@d7", "I@d6", "I@b6", "A@e7", "T@g6", "IC@c6", "I@g4"],
    );
    let game = Game::from_position(&rules, &pos);
    let legal = game.legal();
    let s = |f: u8, r: u8| Square::new(f, r);
    assert!(legal.iter().any(|k| matches!(k, Key::Tow(..))), "tows: {legal:?}");
    assert!(legal.iter().any(|k| matches!(k, Key::Fire(..))), "shots: {legal:?}");
    // The tank on b4 ends on the infantry on b6 (replacement); the tank on g2 runs through
    // the infantry on g4 to g5 (an overrun).
    let tank = |sq: Square| game.moves(game.unit_at(sq).expect("a tank"));
    assert_eq!(tank(s(1, 3)).get(&s(1, 5)), Some(&vec![s(1, 5)]), "a replacement");
    assert_eq!(tank(s(6, 1)).get(&s(6, 4)), Some(&vec![s(6, 3)]), "an overrun");
    let mut seen = Seen::default();
    for seed in 0..6u16 {
        let choices: Vec<(u16, u8)> =
            (0..30u16).map(|i| (i.wrapping_mul(7919).wrapping_add(seed), (i * 37 % 256) as u8)).collect();
        let s = lockstep(&rules, pos.clone(), &choices, "fixed board".into()).unwrap_or_else(|e| panic!("{e}"));
        seen.shots += s.shots;
        seen.tows += s.tows;
        seen.kills += s.kills;
        seen.overruns += s.overruns;
    }
    assert!(seen.shots > 0 && seen.tows > 0 && seen.kills > 0 && seen.overruns > 0, "{seen:?}");
}

/// The harness reaches the paratroopers' actions: with rolls that favour them, paratroopers
/// are prepared on one turn and leap on a later one, in lockstep with the model.
#[test]
fn a_fixed_board_with_paratroops_reaches_preparations_and_leaps() {
    let (rules, pos) = wargame_common::game_with(
        &[("trees", &["e8"]), ("hills", &["f6"])],
        &["SC@d1", "IC@c3", "I@c2", "I@e2", "T@f2"],
        &["SC@l12", "TC@h10", "I@g10", "I@i11", "I@d9"],
        &[("paratroops", "2")],
    );
    let mut seen = Seen::default();
    for seed in 0..6u16 {
        // Two actions favouring preparations and leaps, then the end of the turn.
        let choices: Vec<(u16, u8)> = (0..40u16)
            .map(|i| (i.wrapping_mul(7919).wrapping_add(seed), if i % 3 == 2 { 10 } else { 60 + (i % 20) as u8 }))
            .collect();
        let s =
            lockstep(&rules, pos.clone(), &choices, "fixed board, paratroops".into()).unwrap_or_else(|e| panic!("{e}"));
        seen.preps += s.preps;
        seen.leaps += s.leaps;
    }
    assert!(seen.preps > 0 && seen.leaps > 0, "{seen:?}");
}

/// An overrun through two enemies is one move: a Tank Commander (4 points) runs through an
/// infantry unit and an artillery piece on open ground, each followed by an empty square.
#[test]
fn an_overrun_through_two_enemies_is_one_move() {
    let (rules, pos) = wargame_common::game(&[], &["SC@a1", "TC@a3"], &["SC@l12", "I@b3", "A@d3"]);
    let game = Game::from_position(&rules, &pos);
    let leader = game.unit_at(Square::new(0, 2)).expect("the leader");
    let moves = game.moves(leader);
    let s = |f: u8, r: u8| Square::new(f, r);
    assert_eq!(moves.get(&s(2, 2)), Some(&vec![s(1, 2)]), "through one");
    assert_eq!(moves.get(&s(4, 2)), Some(&vec![s(1, 2), s(3, 2)]), "through both");
    assert!(!moves.contains_key(&s(5, 2)), "out of points");
    // And the engine agrees, and kills both.
    let report = rules.play(&mut pos.clone(), Action::Move { from: s(0, 2), to: s(4, 2) }).expect("legal");
    assert_eq!(report.captured.len(), 2);
    lockstep(&rules, pos, &[(0, 255), (1, 255), (2, 10)], "overrun".into()).unwrap_or_else(|e| panic!("{e}"));
}

/// The model's line of fire on the cases of rulings 17 (the engine's are drawn in
/// `wargame_fire.rs`): the model itself must get them right.
#[test]
fn the_models_line_follows_rulings_17() {
    let s = |f: u8, r: u8| Square::new(f, r);
    // "If t is exactly half-way between two rows, the two cells ... are a pair, as on a
    // knight's-move line."
    assert_eq!(line::places(s(0, 0), s(2, 1)), BTreeSet::from([Place::pair(s(1, 0), s(1, 1))]));
    // A diagonal: the cell on it, and beside each corner "the two cells beside the corner
    // that the line does not enter are a pair".
    assert_eq!(
        line::places(s(0, 0), s(2, 2)),
        BTreeSet::from([Place::Cell(s(1, 1)), Place::pair(s(1, 0), s(0, 1)), Place::pair(s(2, 1), s(1, 2))])
    );
    // Slope 1/3: the nearest cells (1, 0) and (2, 1), and the corner at (1.5, 0.5).
    assert_eq!(
        line::places(s(0, 0), s(3, 1)),
        BTreeSet::from([Place::Cell(s(1, 0)), Place::Cell(s(2, 1)), Place::pair(s(2, 0), s(1, 1))])
    );
    // "If t is a whole number, cell (i, t) lies on the line and blocks by itself."
    assert_eq!(line::places(s(0, 0), s(0, 3)), BTreeSet::from([Place::Cell(s(0, 1)), Place::Cell(s(0, 2))]));
    // Mirrored: the same places from the other end and in another octant.
    assert_eq!(line::places(s(3, 1), s(0, 0)), line::places(s(0, 0), s(3, 1)));
    assert_eq!(
        line::places(s(5, 5), s(4, 2)),
        BTreeSet::from([Place::Cell(s(5, 4)), Place::Cell(s(4, 3)), Place::pair(s(5, 3), s(4, 4))])
    );
    assert!(line::clear(s(0, 0), s(2, 1), |c| c == s(1, 0)), "one of a pair");
    assert!(!line::clear(s(0, 0), s(2, 1), |c| c == s(1, 0) || c == s(1, 1)), "both of a pair");
    assert!(line::clear(s(0, 0), s(2, 1), |c| c == s(0, 0) || c == s(2, 1)), "never the ends");
}

/// Terrain and units block a shot in the model as rulings 17 say, and the towed rule: a towed
/// unit dies only to distant fire.
#[test]
fn the_model_knows_what_blocks_and_what_is_towed() {
    let (rules, pos) =
        wargame_common::game(&[("hills", &["b3"])], &["SC@a1", "A@b2", "A@d2"], &["SC@l12", "I@b5", "I@d5"]);
    let game = Game::from_position(&rules, &pos);
    let shots = |sq: Square| game.shots(game.unit_at(sq).expect("a unit"));
    assert!(!shots(Square::new(1, 1)).contains(&Square::new(1, 4)), "through a hill");
    assert!(shots(Square::new(3, 1)).contains(&Square::new(3, 4)), "over open ground");
    // A leader on a hill tows no artillery: the artillery would move onto the hill.
    let (rules, pos) =
        wargame_common::game(&[("hills", &["c3"])], &["SC@a1", "IC@c3", "A@b2", "IC@e5", "A@f5"], &["SC@l12"]);
    let game = Game::from_position(&rules, &pos);
    let tows: Vec<Key> = game.legal().into_iter().filter(|k| matches!(k, Key::Tow(..))).collect();
    assert!(tows.iter().all(|k| matches!(k, Key::Tow(from, ..) if *from == Square::new(4, 4))), "{tows:?}");
    assert!(tows.contains(&Key::Tow(Square::new(4, 4), Square::new(3, 4), Square::new(5, 4))), "{tows:?}");
    assert_eq!(game.terrain(Square::new(2, 2)), Terrain::Hill);
}
