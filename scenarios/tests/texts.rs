//! The numbers the rules texts give, checked in every shipped scenario: board size, leaders,
//! the moves allowed in the first turn, the army kind by kind, water, and the symmetry of the
//! two sides. Where a number is a reconstruction (the text gives none), the test says so.

use std::collections::BTreeMap;
use warlord_rules::movement::{MoveRule, Passing};
use warlord_rules::warlord::WarlordRules;
use warlord_rules::{Position, Ruleset, Scenario, Side, Square, Terrain};

/// What a scenario must be.
struct Expect {
    id: &'static str,
    files: u8,
    ranks: u8,
    /// Leaders a side (pieces of the leader class).
    leaders: usize,
    /// `moves-per-turn`: the scenario's cap before the leader count is applied.
    moves_per_turn: u8,
    /// The moves White may make in its first turn: min(cap, leaders) (rulings 5).
    first_turn_cap: u8,
    /// The activation range of the leaders.
    range: u8,
    /// Each side's army, symbol by symbol.
    army: &'static [(&'static str, usize)],
    /// Water squares on the board.
    water: usize,
    /// Whether the start is a reconstruction (the published one being lost).
    reconstructed: bool,
}

/// The 32-piece army of the Warlord 2.0 family (6 leaders from the texts; the rest reconstructed).
const ARMY_2_0: &[(&str, usize)] = &[("L", 6), ("H", 4), ("C", 4), ("N", 4), ("I", 14)];

/// The 192 squares of two 8x8 and two 4x8 board sections.
const SECTIONS: usize = 2 * 64 + 2 * 32;

const EXPECT: &[Expect] = &[
    // Chieftain Chess (the parent game; facts from the seeds README): 16x12, 4 Chieftains, range
    // 3, 4 moves; 4 Heroes, 4 Shamans, 4 Knights, 16 Men.
    Expect {
        id: "chieftain",
        files: 16,
        ranks: 12,
        leaders: 4,
        moves_per_turn: 4,
        first_turn_cap: 4,
        range: 3,
        army: &[("C", 4), ("H", 4), ("S", 4), ("N", 4), ("M", 16)],
        water: 0,
        reconstructed: false,
    },
    // Warlord (original): 8 Chieftains, up to 6 moves, never more than Chieftains, range 2.
    Expect {
        id: "warlord-original",
        files: 16,
        ranks: 12,
        leaders: 8,
        moves_per_turn: 6,
        first_turn_cap: 6,
        range: 2,
        army: &[("C", 8), ("H", 4), ("S", 4), ("N", 4), ("W", 12)],
        water: 0,
        reconstructed: true,
    },
    // Warlord 2.0: 6 Leaders, up to 4 moves; the board of 4 sections.
    Expect {
        id: "warlord-2-0",
        files: 16,
        ranks: 12,
        leaders: 6,
        moves_per_turn: 4,
        first_turn_cap: 4,
        range: 2,
        army: ARMY_2_0,
        water: 0,
        reconstructed: true,
    },
    Expect {
        id: "clash-of-arms",
        files: 16,
        ranks: 12,
        leaders: 6,
        moves_per_turn: 4,
        first_turn_cap: 4,
        range: 2,
        army: ARMY_2_0,
        water: 0,
        reconstructed: true,
    },
    Expect {
        id: "battle-line",
        files: 16,
        ranks: 12,
        leaders: 6,
        moves_per_turn: 4,
        first_turn_cap: 4,
        range: 2,
        army: ARMY_2_0,
        water: 0,
        reconstructed: true,
    },
    Expect {
        id: "civil-war",
        files: 16,
        ranks: 12,
        leaders: 6,
        moves_per_turn: 4,
        first_turn_cap: 4,
        range: 2,
        army: ARMY_2_0,
        water: 0,
        reconstructed: true,
    },
    // The ring boards: the four sections (192 squares) around water, inside a rectangle whose
    // squares outside the sections are water too.
    Expect {
        id: "river",
        files: 16,
        ranks: 20,
        leaders: 6,
        moves_per_turn: 4,
        first_turn_cap: 4,
        range: 2,
        army: ARMY_2_0,
        water: 16 * 20 - SECTIONS,
        reconstructed: true,
    },
    Expect {
        id: "lakes",
        files: 16,
        ranks: 18,
        leaders: 6,
        moves_per_turn: 4,
        first_turn_cap: 4,
        range: 2,
        army: ARMY_2_0,
        water: 16 * 18 - SECTIONS,
        reconstructed: true,
    },
    // Lakes 2: two of the six leaders are level 2; they do not raise the turn's limit.
    Expect {
        id: "lakes-2",
        files: 16,
        ranks: 18,
        leaders: 6,
        moves_per_turn: 4,
        first_turn_cap: 4,
        range: 2,
        army: &[("L", 4), ("L2", 2), ("H", 4), ("C", 4), ("N", 4), ("I", 14)],
        water: 16 * 18 - SECTIONS,
        reconstructed: true,
    },
    // Warlord II: 16 chiefs, 6 scouts, 6 shamans, 6 heroes, 4 bishopies, 4 rookish, 30 warriors;
    // 10 activations a turn.
    Expect {
        id: "warlord-2",
        files: 24,
        ranks: 18,
        leaders: 16,
        moves_per_turn: 10,
        first_turn_cap: 10,
        range: 2,
        army: &[("C", 16), ("N", 6), ("S", 6), ("H", 6), ("B", 4), ("R", 4), ("W", 30)],
        water: 0,
        reconstructed: true,
    },
];

fn load(id: &str) -> (Scenario, WarlordRules) {
    let b = warlord_scenarios::get(id).unwrap_or_else(|| panic!("{id} is not shipped"));
    let s = Scenario::parse(b.text, &format!("{id}.toml")).unwrap_or_else(|e| panic!("{e}"));
    let rules = s.warlord(&[]).unwrap();
    (s, rules)
}

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

/// The square across the middle of the board (rank r <-> rank R+1-r).
fn mirror(s: Square, ranks: u8) -> Square {
    Square::new(s.file, ranks - 1 - s.rank)
}

fn army(rules: &WarlordRules, pos: &Position, side: Side) -> BTreeMap<String, usize> {
    let mut out = BTreeMap::new();
    for (_, p) in pos.pieces(side) {
        *out.entry(rules.pieces().get(p.kind).symbol.clone()).or_insert(0) += 1;
    }
    out
}

#[test]
fn boards_leaders_caps_and_armies_follow_the_texts() {
    for e in EXPECT {
        let (s, rules) = load(e.id);
        let start = rules.start();
        assert_eq!((s.board.files(), s.board.ranks()), (e.files, e.ranks), "{}: board", e.id);
        assert_eq!(rules.config().moves_per_turn, e.moves_per_turn, "{}: moves-per-turn", e.id);
        assert!(rules.config().cap_by_leaders, "{}: never more moves than leaders", e.id);
        assert_eq!(start.turn_cap(), e.first_turn_cap, "{}: moves allowed in the first turn", e.id);
        assert_eq!(s.reconstructed, e.reconstructed, "{}: reconstructed flag", e.id);
        if e.reconstructed {
            assert!(s.reconstruction.len() > 200, "{}: the reconstruction must say what it honours and invents", e.id);
        }
        let water = s.board.squares().filter(|&q| s.board.terrain(q) == Terrain::Water).count();
        assert_eq!(water, e.water, "{}: water squares", e.id);
        let expected: BTreeMap<String, usize> = e.army.iter().map(|(k, n)| (k.to_string(), *n)).collect();
        for side in Side::BOTH {
            assert_eq!(army(&rules, &start, side), expected, "{}: {side}'s army", e.id);
            let leaders = start.pieces(side).filter(|(_, p)| rules.pieces().get(p.kind).is_leader()).count();
            assert_eq!(leaders, e.leaders, "{}: {side}'s leaders", e.id);
        }
        for (_, kind) in rules.pieces().iter() {
            if let Some(c) = kind.command {
                assert_eq!(c.range, e.range, "{}: {}'s activation range", e.id, kind.name);
            }
        }
        assert_eq!(
            s.options.get("shorter-game").and_then(|v| v.as_bool()),
            Some(false),
            "{}: the shorter game is optional",
            e.id
        );
    }
}

#[test]
fn both_sides_start_as_mirror_images() {
    for e in EXPECT {
        let (s, rules) = load(e.id);
        let start = rules.start();
        let ranks = s.board.ranks();
        for (q, p) in start.pieces(Side::White) {
            let m = start.piece_at(mirror(q, ranks));
            assert_eq!(
                m,
                Some(warlord_rules::Piece { kind: p.kind, side: Side::Black }),
                "{}: {q} and its mirror",
                e.id
            );
        }
        assert_eq!(start.piece_count(Side::White), start.piece_count(Side::Black), "{}", e.id);
        for q in s.board.squares() {
            assert_eq!(
                s.board.terrain(q),
                s.board.terrain(mirror(q, ranks)),
                "{}: terrain of {q} and its mirror",
                e.id
            );
        }
        let mut white: Vec<Square> = s.zones[0].iter().map(|&q| mirror(q, ranks)).collect();
        let mut black = s.zones[1].clone();
        white.sort();
        black.sort();
        assert_eq!(white, black, "{}: deployment zones", e.id);
    }
}

#[test]
fn every_piece_starts_within_range_of_a_leader() {
    // The reconstructions place every piece where some leader can activate it, so no piece is
    // stranded at the start. (Chieftain Chess's own array, not a reconstruction, leaves some
    // Men out of range at first.)
    for e in EXPECT.iter().filter(|e| e.reconstructed) {
        let (_, rules) = load(e.id);
        let start = rules.start();
        for (q, _) in start.pieces(Side::White) {
            assert!(!rules.commanders_of(&start, q).is_empty(), "{}: nothing can activate the piece on {q}", e.id);
        }
    }
}

fn passing_of(rules: &WarlordRules, symbol: &str) -> Passing {
    let kind = rules.pieces().by_symbol(symbol).unwrap();
    match rules.pieces().get(kind).moves[0] {
        MoveRule::Line { passing, .. } => passing,
        other => panic!("{symbol} moves as {other:?}"),
    }
}

#[test]
fn heavy_cavalry_follows_the_version_of_its_text() {
    // Rulings 8: Warlord 2.0 as first published (file 001) limits the charge; the scenarios of
    // file 000 let heavy cavalry jump any pieces.
    assert_eq!(passing_of(&load("warlord-2-0").1, "H"), Passing::Charge);
    for id in ["clash-of-arms", "battle-line", "civil-war", "river", "lakes", "lakes-2"] {
        assert_eq!(passing_of(&load(id).1, "H"), Passing::Jump, "{id}");
    }
}

#[test]
fn the_warlord_2_0_charge_stops_after_one_enemy_unless_extended() {
    // A heavy cavalry walks up the a-file to a9 while Black passes; Black's infantry stands on
    // b9, c9, d9.
    let (s, rules) = load("warlord-2-0");
    let mut pos = rules.start();
    for turn in
        ["b1-b3, pass", "b3-a3, pass", "c2-b3, pass", "a3-a6, pass", "b3-a5, pass", "a6-a9, pass", "a5-a7, pass"]
    {
        for text in [turn, "pass"] {
            for a in warlord_rules::notation::parse_turn(text, rules.pieces()).unwrap() {
                rules.play(&mut pos, a).unwrap_or_else(|e| panic!("{text}: {e}"));
            }
        }
    }
    let along_rank_9 = |r: &WarlordRules| {
        let mut d: Vec<String> =
            r.piece_destinations(&pos, sq("a9")).into_iter().filter(|q| q.rank == 8).map(|q| q.to_string()).collect();
        d.sort();
        d
    };
    assert_eq!(along_rank_9(&rules), ["b9", "c9"]);
    let extended = s.warlord(&[("extended-charge".to_string(), "true".to_string())]).unwrap();
    assert_eq!(along_rank_9(&extended), ["b9", "c9", "d9"]);
}

#[test]
fn the_warlord_2_0_options_are_available_and_off() {
    let (s, _) = load("warlord-2-0");
    for name in ["extended-charge", "light-cavalry-extra-move", "cannon-leader-swap"] {
        assert_eq!(s.options.get(name).and_then(|v| v.as_bool()), Some(false), "{name} is off by default");
        let on = s.ruleset(&[(name.to_string(), "true".to_string())]);
        assert!(on.is_ok(), "{name} can be chosen");
    }
}

#[test]
fn the_level_2_leaders_activate_two_but_do_not_raise_the_cap() {
    let (_, rules) = load("lakes-2");
    let start = rules.start();
    let capacity: u32 = start
        .pieces(Side::White)
        .filter_map(|(_, p)| rules.pieces().get(p.kind).command)
        .map(|c| u32::from(c.capacity))
        .sum();
    assert_eq!(capacity, 4 + 2 * 2, "four level-1 and two level-2 leaders");
    assert_eq!(start.turn_cap(), 4, "still 4 moves a turn");
    let l2 = rules.pieces().get(rules.pieces().by_symbol("L2").unwrap());
    assert!(l2.is_leader());
    assert_eq!(l2.command.map(|c| c.capacity), Some(2));
}

/// The files e..l, where the homes and the water between them lie on the ring boards.
fn home_files() -> impl Iterator<Item = u8> {
    4..12
}

#[test]
fn the_ring_boards_are_four_sections_around_water() {
    for (id, across) in [("river", 4u8), ("lakes", 2), ("lakes-2", 2)] {
        let (s, _) = load(id);
        let land = s.board.squares().filter(|&q| s.board.terrain(q) != Terrain::Water).count();
        assert_eq!(land, SECTIONS, "{id}: the land is the four board sections");
        // Between the two 8x8 homes (files e-l, ranks 1-8 and the top 8 ranks) lies the water.
        let ranks = s.board.ranks();
        assert_eq!(ranks, 16 + across, "{id}");
        for f in home_files() {
            for r in 0..ranks {
                let water = s.board.terrain(Square::new(f, r)) == Terrain::Water;
                assert_eq!(water, (8..8 + across).contains(&r), "{id}: {}", Square::new(f, r));
            }
        }
        // The flanks (files a-d, m-p) are land for 8 ranks across the middle: the crossings.
        for f in (0..4).chain(12..16) {
            let land_ranks: Vec<u8> =
                (0..ranks).filter(|&r| s.board.terrain(Square::new(f, r)) != Terrain::Water).collect();
            let lo = (ranks - 8) / 2;
            assert_eq!(land_ranks, (lo..lo + 8).collect::<Vec<_>>(), "{id}: file {f}");
        }
    }
}

/// A heavy cavalry walked up to the near shore of the water (e8), with its leader on f6.
fn on_the_shore(rules: &WarlordRules) -> Position {
    let mut pos = rules.start();
    let turns = ["f4-f6, e4-e7, pass", "pass", "e7-e8, pass", "pass"];
    for turn in turns {
        for a in warlord_rules::notation::parse_turn(turn, rules.pieces()).unwrap() {
            rules.play(&mut pos, a).unwrap_or_else(|e| panic!("{turn}: {e}"));
        }
    }
    pos
}

#[test]
fn the_lakes_water_can_be_crossed_with_the_option_and_the_river_cannot() {
    let crossing = [("water-crossing".to_string(), "true".to_string())];
    for (id, far_shore) in [("lakes", "e11"), ("lakes-2", "e11"), ("river", "e13")] {
        let (s, rules) = load(id);
        let pos = on_the_shore(&rules);
        let without = rules.piece_destinations(&pos, sq("e8"));
        assert!(!without.contains(&sq(far_shore)), "{id}: no crossing by default");
        let with = s.warlord(&crossing).unwrap().piece_destinations(&pos, sq("e8"));
        assert_eq!(with.contains(&sq(far_shore)), id != "river", "{id}: the far shore with the crossing option");
        // Leaders never cross water, with or without the option.
        let leader = s.warlord(&crossing).unwrap().piece_destinations(&pos, sq("f6"));
        assert!(leader.iter().all(|q| s.board.terrain(*q) != Terrain::Water && q.rank < 8), "{id}: {leader:?}");
    }
}

#[test]
fn the_arrays_have_the_character_of_their_names() {
    // Battle Line: two unbroken ranks of 16 a side.
    let (_, rules) = load("battle-line");
    let start = rules.start();
    for rank in [2u8, 3] {
        let n = start.pieces(Side::White).filter(|(q, _)| q.rank == rank).count();
        assert_eq!(n, 16, "battle-line: rank {} is a full line", rank + 1);
    }
    // Civil War: each side is split into two wings of 16 in opposite corners.
    let (s, rules) = load("civil-war");
    let start = rules.start();
    let in_region = |side: Side, a: &str, b: &str| {
        let (a, b) = (sq(a), sq(b));
        start
            .pieces(side)
            .filter(|(q, _)| (a.file..=b.file).contains(&q.file) && (a.rank..=b.rank).contains(&q.rank))
            .count()
    };
    assert_eq!((in_region(Side::White, "a1", "g4"), in_region(Side::White, "j9", "p12")), (16, 16));
    assert_eq!((in_region(Side::Black, "a9", "g12"), in_region(Side::Black, "j1", "p4")), (16, 16));
    for side in Side::BOTH {
        let leaders = |a, b| {
            start
                .pieces(side)
                .filter(|(q, p)| {
                    rules.pieces().get(p.kind).is_leader() && {
                        let (a, b): (Square, Square) = (sq(a), sq(b));
                        (a.file..=b.file).contains(&q.file) && (a.rank..=b.rank).contains(&q.rank)
                    }
                })
                .count()
        };
        let (lo, hi) = if side == Side::White { (("a1", "g4"), ("j9", "p12")) } else { (("a9", "g12"), ("j1", "p4")) };
        assert_eq!((leaders(lo.0, lo.1), leaders(hi.0, hi.1)), (3, 3), "civil-war: {side}'s leaders per wing");
    }
    assert_eq!(s.zones[0].len(), 2 * 28, "civil-war: White deploys in two corners");
    // A Clash of Arms: the fronts are 2 empty ranks apart.
    let (_, rules) = load("clash-of-arms");
    let start = rules.start();
    let front = start.pieces(Side::White).map(|(q, _)| q.rank).max().unwrap();
    let enemy = start.pieces(Side::Black).map(|(q, _)| q.rank).min().unwrap();
    assert_eq!(enemy - front - 1, 2, "clash-of-arms: empty ranks between the fronts");
}

/// A ring board's scenario with its own pieces instead of its start: `white` and `black` are
/// placement lists (`"C@c7"`).
fn ring_with(id: &str, white: &[&str], black: &[&str], options: &[(String, String)]) -> (WarlordRules, Position) {
    let list = |v: &[&str]| v.iter().map(|p| format!("\"{p}\"")).collect::<Vec<_>>().join(", ");
    let text: String = warlord_scenarios::get(id)
        .unwrap_or_else(|| panic!("{id} is not shipped"))
        .text
        .lines()
        .map(|line| {
            if line.starts_with("position = ") {
                format!("white = [{}]\nblack = [{}]\n", list(white), list(black))
            } else {
                format!("{line}\n")
            }
        })
        .collect();
    let rules =
        Scenario::parse(&text, &format!("{id}.toml")).unwrap_or_else(|e| panic!("{e}")).warlord(options).unwrap();
    let start = rules.start();
    (rules, start)
}

#[test]
fn no_move_passes_over_the_corners_outside_the_ring_boards() {
    // The squares outside the four sections (a1:d6 on the River, a1:d5 on the Lakes boards) are
    // no squares at all: a cannon on the flank next to the corner's inner square may not cut
    // diagonally across it into the home field, with or without the water-crossing option.
    let crossing = [("water-crossing".to_string(), "true".to_string())];
    for (id, corner_top, top) in [("river", 6u8, 20u8), ("lakes", 5, 18), ("lakes-2", 5, 18)] {
        let (cannon, inner, beyond) =
            (format!("c{}", corner_top + 1), format!("d{corner_top}"), format!("e{}", corner_top - 1));
        for options in [&[][..], &crossing[..]] {
            let white = [format!("L@b{}", corner_top + 2), format!("C@{cannon}")];
            let white: Vec<&str> = white.iter().map(String::as_str).collect();
            let black = format!("L@h{top}");
            let (rules, pos) = ring_with(id, &white, &[black.as_str()], options);
            assert_eq!(rules.board().terrain(sq(&inner)), Terrain::Water, "{id}: {inner} is outside the sections");
            let dests = rules.piece_destinations(&pos, sq(&cannon));
            assert!(!dests.is_empty(), "{id}: the cannon has moves along the flank");
            assert!(
                !dests.contains(&sq(&beyond)),
                "{id} {options:?}: the cannon on {cannon} passed over {inner} to {beyond}"
            );
        }
    }
}
