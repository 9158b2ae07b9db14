//! The shipped WarGame 1 scenario follows the text's numbers and is mirror-symmetric.

use std::collections::BTreeMap;
use warlord_rules::{Ruleset, Scenario, Side, Square, Terrain};

fn scenario() -> Scenario {
    let b = warlord_scenarios::get("wargame-1").unwrap();
    Scenario::parse(b.text, "wargame-1.toml").unwrap()
}

fn mirror(sq: Square) -> Square {
    Square::new(sq.file, 32 - sq.rank)
}

#[test]
fn the_board_and_the_armies_are_the_texts() {
    let s = scenario();
    assert!(s.reconstructed);
    assert_eq!((s.board.files(), s.board.ranks()), (20, 33));
    let rules = s.ruleset(&[]).unwrap();
    let pos = rules.start();
    let expected: BTreeMap<String, usize> = [
        ("Artillery", 14),
        ("Artillery Commander", 3),
        ("Command Post", 1),
        ("Infantry", 24),
        ("Infantry Commander", 4),
        ("Supreme Commander", 1),
        ("Tank", 16),
        ("Tank Commander", 6),
    ]
    .iter()
    .map(|(n, c)| (n.to_string(), *c))
    .collect();
    for side in Side::BOTH {
        let mut army: BTreeMap<String, usize> = BTreeMap::new();
        for (_, p) in pos.pieces(side) {
            *army.entry(rules.pieces().get(p.kind).name.clone()).or_default() += 1;
        }
        assert_eq!(army, expected, "{side}");
        for (sq, _) in pos.pieces(side) {
            assert!(s.zones[side.index()].contains(&sq), "{side}'s piece on {sq} is in its zone");
        }
    }
}

#[test]
fn both_halves_mirror_each_other_with_every_terrain_on_each() {
    let s = scenario();
    for sq in s.board.squares() {
        assert_eq!(s.board.terrain(sq), s.board.terrain(mirror(sq)), "{sq}");
    }
    for terrain in [Terrain::Town, Terrain::Trees, Terrain::Hill] {
        assert!(s.board.squares().any(|sq| sq.rank < 16 && s.board.terrain(sq) == terrain), "{terrain:?}");
    }
    let pos = s.ruleset(&[]).unwrap().start();
    for (sq, p) in pos.pieces(Side::White) {
        let other = pos.piece_at(mirror(sq)).unwrap();
        assert_eq!((other.kind, other.side), (p.kind, Side::Black), "{sq}");
    }
}

#[test]
fn every_leader_starts_in_command_and_every_unit_within_3_of_a_leader() {
    let s = scenario();
    let rules = s.wargame(&[]).unwrap();
    let pos = rules.start();
    for side in Side::BOTH {
        let leaders: Vec<Square> =
            pos.pieces(side).filter(|(_, p)| rules.pieces().get(p.kind).is_leader()).map(|(sq, _)| sq).collect();
        assert_eq!(rules.leaders_in_command(&pos, side).len(), leaders.len(), "{side}");
        for (sq, _) in pos.pieces(side) {
            assert!(leaders.iter().any(|&l| s.board.distance(l, sq) <= 3), "{side}: {sq}");
        }
    }
}
