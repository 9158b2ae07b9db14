//! The large scenarios ([000] A Test of Wills, Border War, and the design notes on large boards:
//! the Valley War, 16x36, 48x72, 120x120): the numbers of the texts, the setup constraints,
//! random legal setups, reinforcement schedules, and a few turns of random play.

mod large_specs;

use std::collections::BTreeMap;
use std::path::Path;
use warlord_rules::movement::{Lines, MoveRule, Passing};
use warlord_rules::notation::parse_action;
use warlord_rules::scenario::generate::{generate, image, spread_terrain, TerrainSpec};
use warlord_rules::warlord::{WarlordRules, Wave};
use warlord_rules::{Action, Phase, Position, Ruleset, Scenario, Side, Square, Terrain};

/// A small seeded random source for the tests (xorshift).
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    fn choose<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        if items.is_empty() {
            None
        } else {
            items.get((self.0 % items.len() as u64) as usize)
        }
    }
}

fn data(id: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("data").join(format!("{id}.toml"))
}

fn scenario(id: &str) -> Scenario {
    let b = warlord_scenarios::get(id).unwrap_or_else(|| panic!("{id} is not shipped"));
    Scenario::parse(b.text, &format!("{id}.toml")).unwrap_or_else(|e| panic!("{e}"))
}

fn options(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
}

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

fn region(text: &str) -> Vec<Square> {
    let (a, b) = text.split_once(':').unwrap();
    let (a, b) = (sq(a), sq(b));
    (a.rank..=b.rank).flat_map(|r| (a.file..=b.file).map(move |f| Square::new(f, r))).collect()
}

fn terrain(s: &Scenario, t: Terrain) -> Vec<Square> {
    let mut v: Vec<Square> = s.board.squares().filter(|&q| s.board.terrain(q) == t).collect();
    v.sort_by_key(|q| (q.file, q.rank));
    v
}

fn density(s: &Scenario) -> f64 {
    let n = [Terrain::Town, Terrain::Trees, Terrain::Hill].iter().map(|&t| terrain(s, t).len()).sum::<usize>();
    n as f64 / (f64::from(s.board.files()) * f64::from(s.board.ranks()))
}

/// A side's pieces, symbol by symbol.
fn army(rules: &dyn Ruleset, pos: &Position, side: Side) -> BTreeMap<String, usize> {
    let mut out = BTreeMap::new();
    for (_, p) in pos.pieces(side) {
        *out.entry(rules.pieces().get(p.kind).symbol.clone()).or_insert(0) += 1;
    }
    out
}

fn counts(list: &[(&str, usize)]) -> BTreeMap<String, usize> {
    list.iter().map(|(k, n)| (k.to_string(), *n)).collect()
}

/// The value of a side's leaders that activate others (the levels, here).
fn leader_points(rules: &dyn Ruleset, pos: &Position, side: Side) -> u32 {
    pos.pieces(side)
        .map(|(_, p)| rules.pieces().get(p.kind))
        .filter(|k| k.command.is_some_and(|c| c.others) && k.is_leader())
        .map(|k| k.value)
        .sum()
}

/// Leaders and other units a side has in each section it uses.
fn section_loads(s: &Scenario, rules: &dyn Ruleset, pos: &Position, side: Side) -> Vec<(usize, usize)> {
    let sections = s.sections.as_ref().expect("the scenario has sections");
    sections.regions[side.index()]
        .iter()
        .map(|r| {
            let on: Vec<_> = pos.pieces(side).filter(|(q, _)| r.contains(q)).collect();
            let leaders = on.iter().filter(|(_, p)| rules.pieces().get(p.kind).is_leader()).count();
            (leaders, on.len() - leaders)
        })
        .filter(|&(l, o)| l + o > 0)
        .collect()
}

/// Both sides' random legal setups.
fn random_setups(rules: &WarlordRules, seed: u64) -> Position {
    let mut pos = rules.start();
    assert_eq!(pos.phase(), &Phase::Setup);
    for k in 0..2 {
        let actions = rules.random_setup(&pos, seed * 2 + k);
        assert_eq!(actions.last(), Some(&Action::EndTurn));
        for a in actions {
            rules.play(&mut pos, a).unwrap_or_else(|e| panic!("seed {seed}: {a:?}: {e}"));
        }
    }
    assert_eq!(pos.phase(), &Phase::Play, "both setups committed");
    pos
}

/// Plays `turns` turns from `pos`: waiting reinforcements first, then random actions, at most
/// `moves` a turn. Every action goes through the checked `play`.
fn play_randomly(rules: &dyn Ruleset, mut pos: Position, turns: u32, moves: usize, seed: u64) -> Position {
    let mut rng = Rng::new(seed);
    let stop = pos.turns_played() + turns;
    let mut actions = Vec::new();
    while pos.turns_played() < stop && pos.outcome().is_none() {
        actions.clear();
        rules.legal_actions(&pos, &mut actions);
        let places: Vec<Action> = actions.iter().copied().filter(|a| matches!(a, Action::Place { .. })).collect();
        let pick = if let Some(&p) = rng.choose(&places) {
            p
        } else if pos.actions_this_turn().len() >= moves {
            Action::EndTurn
        } else {
            *rng.choose(&actions).expect("ending the turn is always legal")
        };
        rules.play(&mut pos, pick).unwrap_or_else(|e| panic!("{pick:?}: {e}"));
    }
    pos
}

/// Checks that every piece could be activated: a leader of its side within range, or itself
/// self-activating.
fn every_piece_is_commanded(rules: &dyn Ruleset, pos: &Position) {
    for side in Side::BOTH {
        for (q, p) in pos.pieces(side) {
            let own = rules.pieces().get(p.kind).command.is_some();
            let near = pos.pieces(side).any(|(l, lp)| {
                rules
                    .pieces()
                    .get(lp.kind)
                    .command
                    .is_some_and(|c| c.others && rules.board().distance(l, q) <= u32::from(c.range))
            });
            assert!(own || near, "{side}'s piece on {q} is out of every leader's range");
        }
    }
}

/// Checks that Black's pieces are White's turned half around the board's centre.
fn half_turn_symmetric(pos: &Position) {
    let (files, ranks) = (pos.board().files(), pos.board().ranks());
    assert_eq!(pos.piece_count(Side::White), pos.piece_count(Side::Black));
    for (q, p) in pos.pieces(Side::White) {
        let twin = pos.piece_at(image(q, files, ranks)).unwrap_or_else(|| panic!("nothing opposite {q}"));
        assert_eq!((twin.side, twin.kind), (Side::Black, p.kind), "opposite {q}");
    }
}

// ---------------------------------------------------------------- A Test of Wills

#[test]
fn test_of_wills_board_army_and_rules_follow_the_text() {
    let s = scenario("test-of-wills");
    assert_eq!((s.board.files(), s.board.ranks()), (20, 12), "12x20, players along the long sides");
    assert!(s.board.squares().all(|q| s.board.terrain(q) == Terrain::Open));
    let rules = s.warlord(&[]).unwrap();
    let c = rules.config();
    assert_eq!((c.moves_per_turn, c.cap_by_leaders, c.collapse_below, c.towns_to_win), (8, false, 8, 0));
    assert!(rules.options().self_activating_knights && rules.options().free_setup && !rules.options().shorter_game);
    let p = rules.pieces();
    for (symbol, level) in [("L3", 3), ("L2", 2), ("L1", 1)] {
        let k = p.get(p.by_symbol(symbol).unwrap());
        assert!(k.is_leader());
        assert_eq!(
            (k.command.unwrap().capacity, k.command.unwrap().others, k.value),
            (level, true, u32::from(level)),
            "{symbol}"
        );
    }
    let n = p.get(p.by_symbol("N").unwrap()).command.expect("skirmishers activate themselves");
    assert!(!n.others);
    let army = s.army.as_ref().unwrap();
    let named: BTreeMap<String, usize> =
        army.fixed.iter().map(|&(k, n)| (p.get(k).symbol.clone(), usize::from(n))).collect();
    assert_eq!(named, counts(&[("L3", 2), ("L2", 3), ("L1", 3), ("H", 4), ("C", 4), ("N", 4), ("I", 12)]));
    assert_eq!(named.values().sum::<usize>(), 32, "32 pieces a side");
    assert!(army.choices.is_empty());
    // 15 = 2x3 + 3x2 + 3x1: the army can lose 7 levels before it cannot activate 8 units.
    let start = s.warlord(&options(&[("free-setup", "false")])).unwrap().start();
    assert_eq!(leader_points(&rules, &start, Side::White), 15);
    // Heavy cavalry of the scenario texts jump any pieces (rulings 8).
    assert_eq!(
        p.get(p.by_symbol("H").unwrap()).moves,
        [MoveRule::Line { lines: Lines::Orthogonal, max: 3, passing: Passing::Jump }]
    );
}

#[test]
fn test_of_wills_sections_are_the_three_rows_of_five_4x4s() {
    let s = scenario("test-of-wills");
    let sec = s.sections.as_ref().unwrap();
    assert_eq!((sec.used, sec.leaders, sec.others), (4, 2, 6));
    for (side, ranks) in [(Side::White, 0..4u8), (Side::Black, 8..12u8)] {
        let regions = &sec.regions[side.index()];
        assert_eq!(regions.len(), 5);
        let mut all: Vec<Square> = regions.concat();
        all.sort();
        all.dedup();
        assert_eq!(all.len(), 80, "{side}: 5 disjoint sections of 16");
        for r in regions {
            let files: Vec<u8> = r.iter().map(|q| q.file).collect();
            let (lo, hi) = (files.iter().min().unwrap(), files.iter().max().unwrap());
            assert_eq!((hi - lo, lo % 4), (3, 0), "{side}: a 4x4 section on the board's 4x4 grid");
            assert!(r.iter().all(|q| ranks.contains(&q.rank)), "{side}: sections in front of the player");
        }
        assert_eq!(s.zones[side.index()].len(), 80);
    }
    // The middle row of sections (ranks 5-8) is neutral.
    assert!(s.zones.iter().flatten().all(|q| !(4..8).contains(&q.rank)));
}

#[test]
fn test_of_wills_random_hidden_setups_are_legal_and_complete() {
    let s = scenario("test-of-wills");
    let rules = s.warlord(&[]).unwrap();
    for seed in 0..6 {
        let mut pos = rules.start();
        for a in rules.random_setup(&pos, seed) {
            rules.play(&mut pos, a).unwrap();
        }
        assert_eq!(rules.view(&pos, Some(Side::Black)).piece_count(Side::White), 0, "White's placement is hidden");
        let pos = random_setups(&rules, seed);
        for side in Side::BOTH {
            assert_eq!(
                army(&rules, &pos, side),
                counts(&[("L3", 2), ("L2", 3), ("L1", 3), ("H", 4), ("C", 4), ("N", 4), ("I", 12)])
            );
            assert_eq!(
                section_loads(&s, &rules, &pos, side),
                vec![(2, 6); 4],
                "{side}: 4 sections of 2 leaders and 6 others"
            );
        }
        assert_eq!(pos.turn_cap(), 8);
        let after = play_randomly(&rules, pos, 6, 8, seed);
        assert!(after.turns_played() == 6 || after.outcome().is_some());
    }
}

#[test]
fn test_of_wills_fixed_setup_keeps_the_set_up_rules() {
    let s = scenario("test-of-wills");
    assert!(s.reconstructed && s.reconstruction.contains("Invented"));
    let rules = s.warlord(&options(&[("free-setup", "false")])).unwrap();
    let start = rules.start();
    assert_eq!(start.phase(), &Phase::Play);
    for side in Side::BOTH {
        assert_eq!(
            army(&rules, &start, side),
            counts(&[("L3", 2), ("L2", 3), ("L1", 3), ("H", 4), ("C", 4), ("N", 4), ("I", 12)])
        );
        assert_eq!(section_loads(&s, &rules, &start, side), vec![(2, 6); 4]);
    }
    half_turn_symmetric(&start);
    every_piece_is_commanded(&rules, &start);
    assert_eq!(start.turn_cap(), 8);
    play_randomly(&rules, start, 6, 8, 3);
}

#[test]
fn test_of_wills_a_turn_moves_at_most_8_units() {
    let s = scenario("test-of-wills");
    let rules = s.warlord(&options(&[("free-setup", "false")])).unwrap();
    for seed in 1..4 {
        let mut pos = rules.start();
        let mut rng = Rng::new(seed);
        let mut moves = 0;
        while pos.to_move() == Side::White {
            let legal: Vec<Action> =
                rules.legal_action_list(&pos).into_iter().filter(|a| *a != Action::EndTurn).collect();
            let a = *rng.choose(&legal).expect("White can always move here");
            let report = rules.play(&mut pos, a).unwrap();
            moves += 1;
            assert_eq!(report.turn_ended, moves == 8, "seed {seed}: the 8th move, and only it, ends the turn");
        }
        assert_eq!(pos.turns_played(), 1);
    }
}

// ---------------------------------------------------------------- Border War

#[test]
fn border_war_towns_stand_where_the_text_puts_them() {
    let s = scenario("border-war");
    let (files, ranks) = (s.board.files(), s.board.ranks());
    assert_eq!((files, ranks), (24, 16), "16x24, players along the long sides");
    let towns = terrain(&s, Terrain::Town);
    assert_eq!(towns, ["e7", "i10", "p7", "t10"].map(sq));
    // Between a town and the nearer short edge / long edge: that many squares.
    let from_short = |t: Square| t.file.min(files - 1 - t.file);
    let from_long = |t: Square| t.rank.min(ranks - 1 - t.rank);
    assert_eq!((from_short(towns[0]), from_short(towns[3])), (4, 4), "two towns 4 squares from the short sides");
    assert_eq!(towns[2].file - towns[1].file - 1, 6, "the other two 6 squares apart");
    assert_eq!(towns[1].file + towns[2].file, files - 1, "in the middle of the board");
    assert!(towns.iter().all(|&t| from_long(t) >= 6), "none closer than 6 squares to the long sides");
    let nearer_white: Vec<bool> = towns.iter().map(|t| 2 * t.rank < ranks - 1).collect();
    assert_eq!(nearer_white, [true, false, true, false], "staggered, alternately closer to each player");
    for &t in &towns {
        assert!(towns.contains(&image(t, files, ranks)), "{t}: symmetric");
        assert!((4..12).contains(&t.rank), "{t}: in the disputed rows");
    }
    assert_eq!(s.rules.get("towns-to-win").and_then(|v| v.as_integer()), Some(3), "3 of the 4 towns win");
}

#[test]
fn border_war_forests_and_hills_are_the_seeded_fair_spread_of_the_middle_rows() {
    let s = scenario("border-war");
    let (trees, hills) = (terrain(&s, Terrain::Trees), terrain(&s, Terrain::Hill));
    assert!((7..=8).contains(&trees.len()) && (7..=8).contains(&hills.len()), "about 7-8 forests and 7-8 hills");
    assert!(trees.iter().chain(&hills).all(|q| (4..12).contains(&q.rank)), "only in the middle 8 rows");
    assert!(terrain(&s, Terrain::Water).is_empty());
    let in_half = |side: Side| trees.iter().chain(&hills).filter(|q| (q.rank < 8) == (side == Side::White)).count();
    assert_eq!(in_half(Side::White), in_half(Side::Black), "as many in each side's half of the disputed rows");
    let mirrored = trees.iter().all(|&t| trees.contains(&image(t, 24, 16)));
    assert!(!mirrored, "fake random, not symmetric");
    // Recomputed from the seed the file records.
    assert!(s.reconstruction.contains("seed 4"));
    let sections = |list: [&str; 3]| list.iter().flat_map(|r| region(r)).collect::<Vec<_>>();
    let (w, b) = (sections(["a1:d4", "k1:n4", "u1:x4"]), sections(["a13:d16", "k13:n16", "u13:x16"]));
    let towns = terrain(&s, Terrain::Town);
    let spread = spread_terrain(&TerrainSpec {
        geometry: warlord_rules::Geometry::Square,
        files: 24,
        ranks: 16,
        rows: (4, 11),
        margin: 0,
        towns: &towns,
        fixed_hills: &[],
        keep_clear: &[],
        trees: 8,
        hills: 8,
        entries: [&w, &b],
        seed: 4,
    })
    .unwrap();
    let sorted = |mut v: Vec<Square>| {
        v.sort_by_key(|q| (q.file, q.rank));
        v
    };
    assert_eq!((sorted(spread.trees), sorted(spread.hills)), (trees, hills));
    assert!(spread.unfairness < 0.01, "{}", spread.unfairness);
}

#[test]
fn border_war_army_choices_and_sections_follow_the_text() {
    let s = scenario("border-war");
    let rules = s.warlord(&[]).unwrap();
    let p = rules.pieces();
    let name = |k| p.get(k).symbol.clone();
    let army = s.army.as_ref().unwrap();
    let fixed: BTreeMap<String, usize> = army.fixed.iter().map(|&(k, n)| (name(k), usize::from(n))).collect();
    assert_eq!(fixed, counts(&[("H", 4), ("C", 4), ("N", 6), ("I", 16)]));
    assert_eq!(army.choices.len(), 2);
    let leaders = &army.choices[0];
    assert_eq!((leaders.count, leaders.points), (12, Some(21)), "exactly 12 leaders worth 21 points");
    let mut kinds: Vec<String> = leaders.kinds.iter().map(|&k| name(k)).collect();
    kinds.sort();
    assert_eq!(kinds, ["L1", "L2", "L3"]);
    assert!(leaders
        .kinds
        .iter()
        .all(|&k| p.get(k).is_leader() && p.get(k).value == u32::from(p.get(k).command.unwrap().capacity)));
    let extra = &army.choices[1];
    assert_eq!((extra.count, extra.points), (6, None), "6 more non-leader units");
    assert!(extra.kinds.iter().all(|&k| !p.get(k).is_leader()));
    assert_eq!(army.fixed.iter().map(|&(_, n)| usize::from(n)).sum::<usize>() + 12 + 6, 48, "48 pieces a side");
    let sec = s.sections.as_ref().unwrap();
    assert_eq!((sec.used, sec.leaders, sec.others), (3, 4, 12), "3 armies of 4 leaders and 12 combat units");
    assert_eq!(sec.regions[0], ["a1:d4", "k1:n4", "u1:x4"].map(region), "each corner 4x4 and the middle 4x4");
    assert_eq!(sec.regions[1], ["a13:d16", "k13:n16", "u13:x16"].map(region));
    let c = rules.config();
    assert_eq!((c.moves_per_turn, c.cap_by_leaders, c.collapse_below, c.towns_to_win), (12, false, 12, 3));
    assert_eq!(c.promote_to.map(name), Some("P".to_string()));
    let promoted = p.get(p.by_symbol("P").unwrap());
    assert!(promoted.is_leader() && !promoted.command.unwrap().others, "promoted leaders activate only themselves");
    let o = rules.options();
    assert!(o.promotion && o.self_activating_knights && o.free_setup && !o.shorter_game);
    assert_eq!(o.leader_losses, 0, "the 6-leader defeat is optional");
    assert!(s.warlord(&options(&[("leader-losses", "6")])).is_ok());
}

#[test]
fn border_war_leader_points_must_total_21() {
    let s = scenario("border-war");
    let rules = s.warlord(&[]).unwrap();
    let mut pos = rules.start();
    let act = |t: &str| parse_action(t, rules.pieces()).unwrap();
    for t in ["L3@a1", "L3@b1", "L3@c1", "L3@d1"] {
        rules.play(&mut pos, act(t)).unwrap_or_else(|e| panic!("{t}: {e}"));
    }
    // A fifth level-3 leader would leave 6 points for the 7 leaders still to choose.
    let why = rules.play(&mut pos, act("L3@k1")).unwrap_err().to_string();
    assert!(why.contains("may not add another"), "{why}");
    rules.play(&mut pos, act("L2@k1")).unwrap();
    rules.play(&mut pos, act("L1@l1")).unwrap();
    let why = rules.play(&mut pos, act("L1@e1")).unwrap_err().to_string();
    assert!(why.contains("outside white's deployment zone"), "{why}");
    let why = rules.play(&mut pos, act("commit")).unwrap_err().to_string();
    assert!(why.contains("still has"), "{why}");
}

#[test]
fn border_war_random_hidden_setups_are_legal_and_complete() {
    let s = scenario("border-war");
    let rules = s.warlord(&[]).unwrap();
    for seed in 0..6 {
        let pos = random_setups(&rules, seed);
        for side in Side::BOTH {
            let a = army(&rules, &pos, side);
            assert_eq!(a.values().sum::<usize>(), 48);
            assert_eq!(a.iter().filter(|(k, _)| k.starts_with('L')).map(|(_, n)| n).sum::<usize>(), 12, "{a:?}");
            assert_eq!(leader_points(&rules, &pos, side), 21, "{a:?}");
            for (kind, least) in [("H", 4), ("C", 4), ("N", 6), ("I", 16)] {
                assert!(a.get(kind).copied().unwrap_or(0) >= least, "{side}: {a:?}");
            }
            assert_eq!(section_loads(&s, &rules, &pos, side), vec![(4, 12); 3]);
            assert!(pos.pieces(side).all(|(q, _)| s.board.terrain(q) == Terrain::Open && !(4..12).contains(&q.rank)));
        }
        assert_eq!(pos.turn_cap(), 12);
        play_randomly(&rules, pos, 4, 12, seed);
    }
}

#[test]
fn border_war_fixed_setup_keeps_the_set_up_rules() {
    let s = scenario("border-war");
    let rules = s.warlord(&options(&[("free-setup", "false")])).unwrap();
    let start = rules.start();
    for side in Side::BOTH {
        assert_eq!(
            army(&rules, &start, side),
            counts(&[("L3", 3), ("L2", 3), ("L1", 6), ("H", 6), ("C", 6), ("N", 6), ("I", 18)])
        );
        assert_eq!(leader_points(&rules, &start, side), 21);
        assert_eq!(section_loads(&s, &rules, &start, side), vec![(4, 12); 3]);
    }
    half_turn_symmetric(&start);
    every_piece_is_commanded(&rules, &start);
    play_randomly(&rules, start, 6, 12, 8);
}

// ---------------------------------------------------------------- the large games

#[test]
fn the_generated_scenarios_are_exactly_what_their_specs_generate() {
    let texts: Vec<(String, String)> = large_specs::all()
        .iter()
        .map(|spec| (spec.id.clone(), generate(spec).unwrap_or_else(|e| panic!("{}: {e}", spec.id))))
        .collect();
    if std::env::var_os("WARLORD_REGENERATE").is_some() {
        for (id, text) in &texts {
            std::fs::write(data(id), text).unwrap();
        }
    }
    for (id, text) in &texts {
        let file = std::fs::read_to_string(data(id)).unwrap_or_default();
        assert!(
            file == *text,
            "scenarios/data/{id}.toml is not what its spec generates: run WARLORD_REGENERATE=1 cargo test -p warlord-scenarios --test large"
        );
        // (After regenerating, the next build ships the new text.)
        assert!(warlord_scenarios::get(id).is_some_and(|b| b.text == file), "{id} is shipped as generated");
    }
}

/// A side's waves: (turn, region, pieces by symbol).
fn waves(s: &Scenario, side: Side) -> Vec<(u32, Vec<Square>, BTreeMap<String, usize>)> {
    s.waves
        .iter()
        .filter(|w: &&Wave| w.side == side)
        .map(|w| {
            (
                w.turn,
                w.region.clone(),
                w.pieces.iter().map(|&(k, n)| (s.pieces.get(k).symbol.clone(), usize::from(n))).collect(),
            )
        })
        .collect()
}

fn wave_leaders(s: &Scenario, pieces: &BTreeMap<String, usize>) -> (usize, u32) {
    pieces
        .iter()
        .filter_map(|(k, &n)| {
            let kind = s.pieces.get(s.pieces.by_symbol(k)?);
            let capacity = u32::from(kind.command?.capacity);
            kind.is_leader().then_some((n, n as u32 * capacity))
        })
        .fold((0, 0), |(a, b), (n, c)| (a + n, b + c))
}

/// What every large game shares: an empty start, symmetric towns and entries, 10-30% terrain.
fn check_large_game(id: &str) -> Scenario {
    let s = scenario(id);
    let (files, ranks) = (s.board.files(), s.board.ranks());
    let d = density(&s);
    assert!((0.10..=0.30).contains(&d), "{id}: {d}");
    let towns = terrain(&s, Terrain::Town);
    for &t in &towns {
        let twin = image(t, files, ranks);
        let near_centre = warlord_rules::Geometry::Square.distance(twin, t) <= 1;
        assert!(towns.contains(&twin) || near_centre, "{id}: {t} is not symmetric");
    }
    let (w, b) = (waves(&s, Side::White), waves(&s, Side::Black));
    assert_eq!(w.len(), b.len(), "{id}");
    for ((wt, wr, wp), (bt, br, bp)) in w.iter().zip(&b) {
        assert_eq!((wt, wp), (bt, bp), "{id}: Black's waves mirror White's");
        let mut twin: Vec<Square> = wr.iter().map(|&q| image(q, files, ranks)).collect();
        let mut br = br.clone();
        twin.sort();
        br.sort();
        assert_eq!(twin, br, "{id}: entry blocks are symmetric");
        assert_eq!(wr.len(), 16, "{id}: a 4x4 block");
        assert!(wp.values().sum::<usize>() <= 16);
    }
    let rules = s.warlord(&[]).unwrap();
    let start = rules.start();
    assert_eq!(start.phase(), &Phase::Play, "{id}");
    assert_eq!(start.piece_count(Side::White) + start.piece_count(Side::Black), 0, "{id}: the board starts empty");
    let mut legal = Vec::new();
    rules.legal_actions(&start, &mut legal);
    assert!(legal.contains(&Action::EndTurn), "{id}: a side with no leaders on the board may pass");
    assert!(legal.iter().any(|a| matches!(a, Action::Place { .. })), "{id}: the first army may enter");
    assert_eq!(rules.config().towns_to_win as usize, towns.len() / 2 + 1, "{id}: more than half the towns win");
    assert!(s.reconstructed && s.reconstruction.contains("Invented"), "{id}");
    s
}

#[test]
fn valley_war_follows_the_account() {
    let s = check_large_game("valley-war");
    assert_eq!((s.board.files(), s.board.ranks()), (24, 24));
    let towns = terrain(&s, Terrain::Town);
    assert_eq!(towns.len(), 8, "8 cities");
    let corner = |t: &Square| t.file.min(23 - t.file) <= 2 && t.rank.min(23 - t.rank) <= 2;
    let middle = |t: &Square| (9..15).contains(&t.file) && (9..15).contains(&t.rank);
    assert_eq!(towns.iter().filter(|t| corner(t)).count(), 4, "4 in the corners");
    assert_eq!(towns.iter().filter(|t| middle(t)).count(), 4, "4 clumped in the middle");
    let c = s.warlord(&[]).unwrap().config().clone();
    assert_eq!((c.towns_to_win, c.moves_per_turn, c.cap_by_leaders), (5, 18, false));
    for (side, corner_block) in [(Side::White, "a1:d4"), (Side::Black, "u21:x24")] {
        let w = waves(&s, side);
        assert_eq!(w.iter().map(|x| x.0).collect::<Vec<_>>(), [1, 6, 12, 20], "{side}: the turns of the account");
        for (_, r, p) in &w {
            assert_eq!(r, &region(corner_block), "{side}: diagonally opposite corners");
            assert_eq!(p.values().sum::<usize>(), 16);
            assert_eq!(wave_leaders(&s, p).0, 3, "3 leaders in each block of 16");
        }
        assert_eq!(w.iter().map(|x| x.2.values().sum::<usize>()).sum::<usize>(), 64, "64 pieces a side");
        assert_eq!(w.iter().map(|x| wave_leaders(&s, &x.2).0).sum::<usize>(), 12, "12 leaders");
        let command: Vec<u32> = w.iter().map(|x| wave_leaders(&s, &x.2).1).collect();
        assert_eq!((command[0], command[0] + command[1]), (9, 18), "9 activations, then 18");
        assert_eq!(command.iter().sum::<u32>() * 6 / 10, 18, "about 60% of the total leader value");
        assert!(towns.iter().any(|t| region(corner_block).contains(t)), "{side}'s entry corner holds a city");
    }
    // The 2-square mountain range between two cities.
    let hills = terrain(&s, Terrain::Hill);
    let (a, b) = (sq("k12"), sq("k13"));
    assert!(hills.contains(&a) && hills.contains(&b));
    assert!(towns.contains(&sq("k11")) && towns.contains(&sq("k14")));
}

/// The most moves a side makes in a turn from `pos` by random choices, over several tries.
fn most_moves(rules: &dyn Ruleset, pos: &Position, tries: u64) -> usize {
    let mut best = 0;
    for seed in 0..tries {
        let mut rng = Rng::new(seed);
        let mut p = pos.clone();
        let side = p.to_move();
        let mut moves = 0;
        let mut actions = Vec::new();
        while p.to_move() == side && p.outcome().is_none() {
            actions.clear();
            rules.legal_actions(&p, &mut actions);
            let m: Vec<Action> = actions.iter().copied().filter(|a| matches!(a, Action::Move { .. })).collect();
            let Some(&a) = rng.choose(&m) else { break };
            rules.play(&mut p, a).unwrap();
            moves += 1;
        }
        best = best.max(moves);
    }
    best
}

#[test]
fn valley_war_first_army_activates_9_and_a_side_without_leaders_may_pass() {
    let s = scenario("valley-war");
    let rules = s.warlord(&[]).unwrap();
    let mut pos = rules.start();
    // White passes its first turn without bringing its army on: allowed, and the army waits.
    rules.play(&mut pos, Action::EndTurn).unwrap();
    assert_eq!(
        pos.family_state()
            .warlord()
            .unwrap()
            .arrivals()
            .iter()
            .filter(|a| a.side == Side::White)
            .map(|a| a.count)
            .sum::<u16>(),
        16
    );
    // Black brings its army on; White brings its on in its second turn.
    let pos = play_randomly(&rules, pos, 2, 0, 1);
    assert_eq!((pos.piece_count(Side::White), pos.piece_count(Side::Black)), (16, 16));
    assert_eq!(pos.to_move(), Side::Black);
    assert_eq!(pos.turn_cap(), 18, "the scenario's cap: the leaders' levels bind first");
    assert_eq!(most_moves(&rules, &pos, 12), 9, "three level-3 leaders: 9 activations");
}

#[test]
fn the_16x36_game_has_9_zigzag_towns_5_leaders_and_small_armies() {
    let s = check_large_game("zigzag-16x36");
    assert_eq!((s.board.files(), s.board.ranks()), (36, 16), "16x36, players along the long sides");
    let towns = terrain(&s, Terrain::Town);
    assert_eq!(towns.len(), 9);
    // Lengthwise, alternately nearer each side, the middle one next to the centre.
    let sides: Vec<Option<Side>> = towns.iter().map(|t| warlord_rules::scenario::generate::half(*t, 16)).collect();
    let w = Some(Side::White);
    let b = Some(Side::Black);
    assert_eq!(sides, [w, b, w, b, b, w, b, w, b]);
    assert!(towns.windows(2).all(|p| p[0].file < p[1].file));
    assert_eq!(towns[4], sq("s9"));
    let rules = s.warlord(&[]).unwrap();
    for side in Side::BOTH {
        let w = waves(&s, side);
        assert_eq!(w.iter().map(|x| wave_leaders(&s, &x.2).0).sum::<usize>(), 5, "5 leaders a side");
        let pieces: usize = w.iter().map(|x| x.2.values().sum::<usize>()).sum();
        assert!(pieces < 32, "small armies: {pieces}");
        let total: u32 = w.iter().map(|x| wave_leaders(&s, &x.2).1).sum();
        assert_eq!(u32::from(rules.config().moves_per_turn), total, "the total leader value as activations");
    }
    let pos = play_randomly(&rules, rules.start(), 12, 6, 4);
    assert!(pos.piece_count(Side::White) > 0);
}

#[test]
fn the_48x72_game_is_two_countries_with_a_garrison_at_every_town() {
    let s = check_large_game("two-countries-48x72");
    assert_eq!((s.board.files(), s.board.ranks()), (72, 48));
    let towns = terrain(&s, Terrain::Town);
    assert_eq!(towns.len(), 16);
    let rules = s.warlord(&[]).unwrap();
    for side in Side::BOTH {
        let own: Vec<Square> =
            towns.iter().copied().filter(|t| warlord_rules::scenario::generate::half(*t, 48) == Some(side)).collect();
        assert_eq!(own.len(), 8, "{side}: a country of 8 towns");
        let first: Vec<_> = waves(&s, side).into_iter().filter(|w| w.0 == 1).collect();
        for t in &own {
            assert!(
                first.iter().any(|(_, r, p)| r.contains(t) && p.values().sum::<usize>() == 4),
                "{side}: a tiny army at {t}"
            );
        }
        let all = waves(&s, side);
        assert_eq!(all.iter().map(|x| x.2.values().sum::<usize>()).sum::<usize>(), 96);
        let total: u32 = all.iter().map(|x| wave_leaders(&s, &x.2).1).sum();
        assert_eq!(u32::from(rules.config().moves_per_turn), (f64::from(total) * 0.6).round() as u32);
    }
    // After the first turns, every town is held by its country.
    let pos = play_randomly(&rules, rules.start(), 2, 0, 7);
    assert_eq!(pos.piece_count(Side::White), 8 * 4 + 16);
}

#[test]
fn the_120x120_game_enters_its_armies_on_schedule() {
    let s = check_large_game("fanatics-120x120");
    assert_eq!((s.board.files(), s.board.ranks()), (120, 120));
    assert_eq!(terrain(&s, Terrain::Town).len(), 40);
    let rules = s.warlord(&[]).unwrap();
    let w = waves(&s, Side::White);
    assert_eq!(w.iter().map(|x| x.2.values().sum::<usize>()).sum::<usize>(), 208);
    let mut turns: Vec<u32> = w.iter().map(|x| x.0).collect();
    turns.sort_unstable();
    turns.dedup();
    assert_eq!(turns, [1, 6, 12, 20, 28, 36, 44, 52]);
    assert_eq!(rules.config().moves_per_turn, 56);
    let pos = play_randomly(&rules, rules.start(), 4, 12, 5);
    assert_eq!(pos.piece_count(Side::White), 20 * 4 + 16);
}

#[test]
fn the_120x120_hex_game_is_the_same_spec_on_hexes() {
    let s = check_large_game("fanatics-120x120-hex");
    let square = scenario("fanatics-120x120");
    assert_eq!(s.board.geometry(), warlord_rules::Geometry::Hex);
    assert_eq!((s.board.files(), s.board.ranks()), (120, 120));
    assert_eq!(terrain(&s, Terrain::Town).len(), 40);
    assert!(s.description.contains("not the designer's"));
    for side in Side::BOTH {
        let armies = |s: &Scenario| waves(s, side).into_iter().map(|(t, _, p)| (t, p)).collect::<Vec<_>>();
        assert_eq!(armies(&s), armies(&square), "{side}: the same armies on the same turns");
    }
    let rules = s.warlord(&[]).unwrap();
    assert_eq!(rules.config().moves_per_turn, 56);
    let pos = play_randomly(&rules, rules.start(), 4, 12, 5);
    assert_eq!(pos.piece_count(Side::White), 20 * 4 + 16);
}
