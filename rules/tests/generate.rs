//! The scenario generator ([000] design notes on large boards): every generated scenario parses,
//! builds and plays; its terrain density is the one asked for, within 10-30%; towns and entry
//! blocks are symmetric under a half turn of the board; terrain is even but not symmetric and
//! passes the fairness check; the same seed always gives the same text; the text parses back to
//! the board, terrain, pieces, armies, rules and options generated.

use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use std::collections::BTreeMap;
use warlord_rules::scenario::generate::{
    generate, image, layout, ArmySpec, GenerateSpec, Layout, Towns, FAIRNESS_TOLERANCE,
};
use warlord_rules::warlord::WarlordOptions;
use warlord_rules::{Action, Geometry, Phase, Ruleset, Scenario, Side, Square, Terrain, UnitClass};

fn parse(spec: &GenerateSpec) -> Scenario {
    let text = generate(spec).unwrap_or_else(|e| panic!("{}x{} seed {}: {e}", spec.files, spec.ranks, spec.seed));
    Scenario::parse(&text, "generated.toml")
        .unwrap_or_else(|e| panic!("{}x{} seed {}: {e}\n{text}", spec.files, spec.ranks, spec.seed))
}

fn count(s: &Scenario, t: Terrain) -> usize {
    s.board.squares().filter(|&q| s.board.terrain(q) == t).count()
}

/// Plays `turns` turns: every waiting reinforcement is placed, then random moves.
fn play_randomly(rules: &dyn Ruleset, turns: u32, seed: u64) -> warlord_rules::Position {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut pos = rules.start();
    let mut actions = Vec::new();
    while pos.turns_played() < turns && pos.outcome().is_none() {
        actions.clear();
        rules.legal_actions(&pos, &mut actions);
        let places: Vec<Action> = actions.iter().copied().filter(|a| matches!(a, Action::Place { .. })).collect();
        let pick = if let Some(&p) = places.choose(&mut rng) {
            p
        } else if pos.actions_this_turn().len() >= 6 {
            Action::EndTurn
        } else {
            *actions.choose(&mut rng).expect("a pass is always legal")
        };
        rules.play(&mut pos, pick).unwrap_or_else(|e| panic!("{pick:?}: {e}"));
    }
    pos
}

const SIZES: [(u8, u8); 6] = [(16, 16), (24, 16), (24, 24), (36, 16), (40, 30), (72, 48)];

#[test]
fn generated_scenarios_parse_build_and_play_with_the_density_asked() {
    for (i, &(files, ranks)) in SIZES.iter().enumerate() {
        for seed in 0..4u64 {
            let mut spec = GenerateSpec::new(files, ranks, seed * 7919 + i as u64);
            spec.density = [0.10, 0.17, 0.23, 0.30][seed as usize];
            let s = parse(&spec);
            let area = usize::from(files) * usize::from(ranks);
            let terrain = count(&s, Terrain::Town) + count(&s, Terrain::Trees) + count(&s, Terrain::Hill);
            let density = terrain as f64 / area as f64;
            assert!(
                (density - spec.density).abs() <= 1.0 / area as f64,
                "{files}x{ranks}: asked {} got {density}",
                spec.density
            );
            assert!((0.10 - 1.0 / area as f64..=0.30 + 1.0 / area as f64).contains(&density));
            assert_eq!(count(&s, Terrain::Water), 0);
            let rules = s.ruleset(&[]).unwrap();
            let start = rules.start();
            assert_eq!(start.phase(), &Phase::Play);
            assert_eq!(start.piece_count(Side::White) + start.piece_count(Side::Black), 0, "the board starts empty");
            let pos = play_randomly(rules.as_ref(), 8, seed);
            assert!(
                pos.piece_count(Side::White) > 0 && pos.piece_count(Side::Black) > 0,
                "{files}x{ranks}: the first armies entered"
            );
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_scenario_and_another_seed_another() {
    for &(files, ranks) in &SIZES {
        let a = generate(&GenerateSpec::new(files, ranks, 11)).unwrap();
        assert_eq!(a, generate(&GenerateSpec::new(files, ranks, 11)).unwrap());
        let mut other = GenerateSpec::new(files, ranks, 12);
        other.id = GenerateSpec::new(files, ranks, 11).id;
        other.name = GenerateSpec::new(files, ranks, 11).name;
        assert_ne!(a, generate(&other).unwrap(), "{files}x{ranks}: seeds 11 and 12 give the same board");
    }
}

#[test]
fn towns_and_entries_are_symmetric_and_terrain_is_fair_but_not_symmetric() {
    for &(files, ranks) in &SIZES {
        for seed in 0..3u64 {
            let spec = GenerateSpec::new(files, ranks, seed);
            let l = layout(&spec).unwrap();
            assert_eq!(l.towns.len(), spec.towns.count());
            for &t in &l.towns {
                assert!(l.towns.contains(&image(t, files, ranks)), "{files}x{ranks} seed {seed}: {t} has no twin");
            }
            let corners = |side: Side| {
                l.entries.iter().filter(|e| e.side == side).map(|e| (e.army.turn, e.corner)).collect::<Vec<_>>()
            };
            let white: Vec<(u32, Square)> = corners(Side::White)
                .into_iter()
                .map(|(t, c)| (t, Square::new(files - 4 - c.file, ranks - 4 - c.rank)))
                .collect();
            assert_eq!(white, corners(Side::Black), "entry blocks map onto each other");
            assert_eq!(corners(Side::White)[0], (1, Square::new(0, 0)), "the first army enters at White's corner");
            let mirrored = l.trees.iter().all(|&t| l.trees.contains(&image(t, files, ranks)));
            assert!(!mirrored, "{files}x{ranks} seed {seed}: the trees are symmetric, not fake random");
            assert!(l.unfairness <= FAIRNESS_TOLERANCE, "{files}x{ranks} seed {seed}: unfairness {}", l.unfairness);
            // Even: each quarter of the board holds a fair share of the trees and hills.
            let total = (l.trees.len() + l.hills.len()) as f64;
            for (fq, rq) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
                let inside = l
                    .trees
                    .iter()
                    .chain(&l.hills)
                    .filter(|s| (s.file >= files / 2) as u8 == fq && (s.rank >= ranks / 2) as u8 == rq)
                    .count();
                assert!(
                    (inside as f64) > total * 0.15,
                    "{files}x{ranks} seed {seed}: quarter {fq},{rq} has {inside} of {total}"
                );
            }
            // Entry blocks hold no random terrain.
            for e in &l.entries {
                if e.army.turn > 0 && Some(&e.army) != spec.garrison.as_ref() {
                    for q in e.squares() {
                        assert!(!l.trees.contains(&q) && !l.hills.contains(&q), "{q} in an entry block");
                    }
                }
            }
        }
    }
}

#[test]
fn a_zigzag_of_nine_towns_alternates_sides_with_the_middle_town_on_the_second_players_side() {
    let mut spec = GenerateSpec::new(36, 16, 3);
    spec.towns = Towns::Zigzag(9);
    let l = layout(&spec).unwrap();
    let ranks: Vec<u8> = l.towns.iter().map(|t| t.rank).collect();
    assert_eq!(ranks, [6, 9, 6, 9, 8, 6, 9, 6, 9]);
    let files: Vec<u8> = l.towns.iter().map(|t| t.file).collect();
    assert!(files.windows(2).all(|w| w[0] < w[1]), "lengthwise: {files:?}");
    assert_eq!(l.neutral, Some(Square::new(18, 8)));
}

#[test]
fn garrisons_hold_each_sides_towns_from_turn_one() {
    let mut spec = GenerateSpec::new(72, 48, 5);
    spec.towns = Towns::Spread(12);
    spec.garrison = Some(ArmySpec::garrison(1));
    spec.armies = vec![ArmySpec { turn: 6, ..ArmySpec::field(0) }];
    let s = parse(&spec);
    let w = s.warlord(&[]).unwrap();
    let pos = play_randomly(&w, 1, 1);
    assert_eq!(pos.piece_count(Side::White), 6 * 4, "six garrisons of four entered on White's first turn");
    let l = layout(&spec).unwrap();
    assert_eq!(l.entries.iter().filter(|e| e.army.turn == 1).count(), 12);
    for e in l.entries.iter().filter(|e| e.army.turn == 1) {
        let town = l.towns.iter().find(|t| e.squares().contains(t)).expect("a garrison block holds its town");
        assert_eq!(warlord_rules::scenario::generate::half(*town, 48), Some(e.side));
    }
}

#[test]
fn the_half_turn_of_a_hex_board_of_even_ranks_is_a_symmetry_of_its_hexes() {
    let hex = Geometry::Hex;
    for (files, ranks) in [(9u8, 8u8), (16, 12), (13, 20)] {
        let cells: Vec<Square> = (0..ranks).flat_map(|r| (0..files).map(move |f| Square::new(f, r))).collect();
        for &a in &cells {
            for &b in cells.iter().step_by(7) {
                let (ia, ib) = (image(a, files, ranks), image(b, files, ranks));
                assert_eq!(hex.distance(a, b), hex.distance(ia, ib), "{files}x{ranks}: {a}-{b}");
            }
        }
    }
    // With an odd number of ranks it is not: on a 9x9 board a1 and b2 are two steps apart, but
    // their images i9 and h8 touch.
    let (a1, b2) = (Square::new(0, 0), Square::new(1, 1));
    assert_eq!((image(a1, 9, 9).to_string(), image(b2, 9, 9).to_string()), ("i9".into(), "h8".into()));
    assert_eq!(hex.distance(a1, b2), 2);
    assert_eq!(hex.distance(image(a1, 9, 9), image(b2, 9, 9)), 1);
}

#[test]
fn hex_maps_are_symmetric_fair_and_valid_scenarios() {
    for (i, &(files, ranks)) in [(16u8, 16u8), (24, 24), (40, 30)].iter().enumerate() {
        for seed in 0..2u64 {
            let mut spec = GenerateSpec::new(files, ranks, seed * 31 + i as u64);
            spec.geometry = Geometry::Hex;
            let l = layout(&spec).unwrap_or_else(|e| panic!("{files}x{ranks} hex seed {seed}: {e}"));
            for &t in &l.towns {
                assert!(l.towns.contains(&image(t, files, ranks)), "{files}x{ranks} hex seed {seed}: {t} has no twin");
            }
            let corners =
                |side: Side| l.entries.iter().filter(|e| e.side == side).map(|e| e.corner).collect::<Vec<_>>();
            let white: Vec<Square> =
                corners(Side::White).into_iter().map(|c| Square::new(files - 4 - c.file, ranks - 4 - c.rank)).collect();
            assert_eq!(white, corners(Side::Black), "entry blocks map onto each other");
            assert!(l.unfairness <= FAIRNESS_TOLERANCE, "{files}x{ranks} hex seed {seed}: unfairness {}", l.unfairness);
            let s = parse(&spec);
            assert_eq!(s.board.geometry(), Geometry::Hex);
            let text = generate(&spec).unwrap();
            assert!(text.contains("geometry = \"hex\""), "the file says it is a hex board");
            let rules = s.ruleset(&[]).unwrap();
            let pos = play_randomly(rules.as_ref(), 6, seed);
            assert!(pos.piece_count(Side::White) > 0 && pos.piece_count(Side::Black) > 0);
        }
    }
    let mut odd = GenerateSpec::new(24, 23, 1);
    odd.geometry = Geometry::Hex;
    assert!(generate(&odd).unwrap_err().to_string().contains("even number of ranks"));
}

#[test]
fn bad_specs_are_refused_with_a_reason() {
    let mut spec = GenerateSpec::new(24, 24, 1);
    spec.density = 0.05;
    assert!(generate(&spec).unwrap_err().to_string().contains("0.10 to 0.30"));
    spec.density = 0.31;
    assert!(generate(&spec).is_err());
    spec.density = f64::NAN;
    assert!(generate(&spec).is_err());
    let mut spec = GenerateSpec::new(8, 8, 1);
    spec.density = 0.10;
    spec.towns = Towns::Spread(8);
    assert!(generate(&spec).unwrap_err().to_string().contains("fewer than the 8 towns"));
    let spec = GenerateSpec::new(7, 40, 1);
    assert!(generate(&spec).unwrap_err().to_string().contains("8 to 120"));
    let mut spec = GenerateSpec::new(24, 24, 1);
    spec.armies = vec![ArmySpec { infantry: 12, ..ArmySpec::field(0) }];
    assert!(generate(&spec).unwrap_err().to_string().contains("4x4 block"));
}

/// An army's pieces by symbol, as the spec asks for them.
fn asked(army: &ArmySpec) -> BTreeMap<String, u16> {
    let mut out = BTreeMap::new();
    for &level in &army.leaders {
        *out.entry(format!("L{level}")).or_insert(0) += 1;
    }
    for (symbol, n) in [("H", army.heavy_cavalry), ("C", army.cannon), ("N", army.light_cavalry), ("I", army.infantry)]
    {
        if n > 0 {
            out.insert(symbol.to_string(), n);
        }
    }
    out
}

/// Checks that `text` parses back to the spec and layout it was written from.
fn assert_round_trip(spec: &GenerateSpec, l: &Layout, text: &str) -> Result<(), TestCaseError> {
    let s = Scenario::parse(text, "generated.toml").map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
    prop_assert_eq!((&s.id, &s.name), (&spec.id, &spec.name));
    prop_assert_eq!(s.reconstructed, spec.reconstruction.is_some());
    prop_assert_eq!((s.board.files(), s.board.ranks()), (spec.files, spec.ranks));
    for q in s.board.squares() {
        let want = if l.towns.contains(&q) {
            Terrain::Town
        } else if l.trees.contains(&q) {
            Terrain::Trees
        } else if l.hills.contains(&q) {
            Terrain::Hill
        } else {
            Terrain::Open
        };
        prop_assert_eq!(s.board.terrain(q), want, "{}", q);
    }
    let kinds: Vec<(String, UnitClass, u32, Option<u8>)> =
        s.pieces.iter().map(|(_, k)| (k.symbol.clone(), k.class, k.value, k.command.map(|c| c.capacity))).collect();
    let leader = |level: u8| (format!("L{level}"), UnitClass::Leader, u32::from(level), Some(level));
    let unit = |symbol: &str, class, value| (symbol.to_string(), class, value, None);
    prop_assert_eq!(
        kinds,
        vec![
            leader(3),
            leader(2),
            leader(1),
            unit("H", UnitClass::HeavyCavalry, 4),
            unit("C", UnitClass::Cannon, 4),
            unit("N", UnitClass::LightCavalry, 3),
            unit("I", UnitClass::Infantry, 1),
        ]
    );
    prop_assert!(s.placement.is_empty(), "the board starts empty");
    prop_assert_eq!(s.waves.len(), l.entries.len());
    for (w, e) in s.waves.iter().zip(&l.entries) {
        prop_assert_eq!((w.side, w.turn, &w.region), (e.side, e.army.turn, &e.squares()));
        let pieces: BTreeMap<String, u16> =
            w.pieces.iter().map(|&(k, n)| (s.pieces.get(k).symbol.clone(), n)).collect();
        prop_assert_eq!(pieces, asked(&e.army));
    }
    let rules = s.warlord(&[]).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let garrisons =
        l.entries.iter().filter(|e| e.side == Side::White && Some(&e.army) == spec.garrison.as_ref()).count();
    let c = rules.config();
    prop_assert_eq!(u32::from(c.moves_per_turn), spec.moves_per_turn(garrisons));
    prop_assert!(!c.cap_by_leaders);
    let towns_to_win = if l.towns.is_empty() { 0 } else { l.towns.len() / 2 + 1 };
    prop_assert_eq!(usize::from(c.towns_to_win), towns_to_win);
    prop_assert_eq!(
        rules.options(),
        &WarlordOptions { self_activating_knights: spec.self_activating_knights, ..WarlordOptions::default() }
    );
    Ok(())
}

#[test]
fn the_shipped_shapes_round_trip_through_the_file() {
    let mut zigzag = GenerateSpec::new(36, 16, 3);
    zigzag.towns = Towns::Zigzag(9);
    zigzag.entries = 2;
    zigzag.reconstruction = Some("rebuilt from \"notes\"\nover two lines".into());
    let mut garrisons = GenerateSpec::new(48, 32, 4872);
    garrisons.garrison = Some(ArmySpec::garrison(1));
    garrisons.entries = 3;
    garrisons.self_activating_knights = true;
    let mut fixed = GenerateSpec::new(24, 24, 2408);
    fixed.towns = Towns::At(["b2", "w23", "k11", "n14"].map(|n| n.parse().unwrap()).to_vec());
    fixed.hills = vec!["k12".parse().unwrap()];
    for spec in [GenerateSpec::new(16, 16, 1), zigzag, garrisons, fixed] {
        let (text, l) = (generate(&spec).unwrap(), layout(&spec).unwrap());
        assert_round_trip(&spec, &l, &text).unwrap_or_else(|e| panic!("{}: {e}", spec.id));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    #[test]
    fn generated_files_parse_back_to_what_was_generated(
        files in 8u8..=32,
        ranks in 8u8..=32,
        seed in any::<u64>(),
        density in 0.10f64..=0.30,
        towns in 0u16..=7,
        armies in 1usize..=4,
        entries in 1u16..=2,
        garrisons in any::<bool>(),
        knights in any::<bool>(),
    ) {
        let mut spec = GenerateSpec::new(files, ranks, seed);
        spec.density = density;
        spec.towns = Towns::Spread(towns);
        spec.armies = (0..armies).map(ArmySpec::field).collect();
        spec.entries = entries;
        spec.garrison = garrisons.then(|| ArmySpec::garrison(1));
        spec.self_activating_knights = knights;
        // Some specs do not fit their board; those are refused with a reason, not a panic.
        let Ok(text) = generate(&spec) else {
            prop_assert!(layout(&spec).is_err());
            return Ok(());
        };
        assert_round_trip(&spec, &layout(&spec).unwrap(), &text)?;
    }
}
