//! WarGame 1 fire: ranges, lines of fire (rulings 17), the infantry rifle rule and every row of
//! the terrain capture tables.

mod wargame_common;
use wargame_common::*;
use warlord_rules::wargame::{How, Role, TABLES};

const FAR: &[&str] = &["SC@l12"];

#[test]
fn ranges_are_artillery_3_tank_2_leader_1_infantry_0_in_the_open() {
    for (unit, range) in [("A", 3u8), ("T", 2), ("TC", 1), ("I", 0)] {
        for d in 1..=4u8 {
            let target = format!("b{}", 2 + d);
            let black = [FAR[0], &format!("I@{target}")];
            let white = ["SC@a1", &format!("{unit}@b2")];
            let (rules, pos) = game(&[], &white, &black);
            assert_eq!(legal(&rules, &pos, fire("b2", &target)), d <= range, "{unit} at distance {d}");
        }
    }
}

#[test]
fn infantry_in_trees_towns_or_hills_fires_1_at_leaders_infantry_and_artillery_only() {
    for (kind, cover) in [("trees", "b2"), ("towns", "b2"), ("hills", "b2")] {
        let region: &[&str] = &[cover];
        let (rules, pos) = game(&[(kind, region)], &["SC@a1", "I@b2"], &["SC@l12", "I@b3", "A@c3", "T@c1", "IC@a2"]);
        assert!(legal(&rules, &pos, fire("b2", "b3")), "{kind}: infantry");
        assert!(legal(&rules, &pos, fire("b2", "c3")), "{kind}: artillery");
        assert!(legal(&rules, &pos, fire("b2", "a2")), "{kind}: a leader");
        assert!(!legal(&rules, &pos, fire("b2", "c1")), "{kind}: never a tank");
    }
    let (rules, pos) = game(&[], &["SC@a1", "I@b2"], &["SC@l12", "I@b3"]);
    assert!(!legal(&rules, &pos, fire("b2", "b3")), "range 0 in the open");
}

#[test]
fn units_of_either_side_block_a_line_of_fire() {
    let (rules, pos) = game(&[], &["SC@a1", "A@b2"], &["SC@l12", "I@b5"]);
    assert!(legal(&rules, &pos, fire("b2", "b5")));
    let (rules, pos) = game(&[], &["SC@a1", "A@b2", "I@b4"], &["SC@l12", "I@b5"]);
    assert!(!legal(&rules, &pos, fire("b2", "b5")), "an own unit between");
    let (rules, pos) = game(&[], &["SC@a1", "A@b2"], &["SC@l12", "I@b5", "I@b3"]);
    assert!(!legal(&rules, &pos, fire("b2", "b5")), "an enemy unit between");
}

#[test]
fn non_open_terrain_blocks_fire_through_it_but_not_out_of_or_into_it() {
    let trees: &[&str] = &["b4"];
    let (rules, pos) = game(&[("trees", trees)], &["SC@a1", "A@b2"], &["SC@l12", "I@b5"]);
    assert!(!legal(&rules, &pos, fire("b2", "b5")), "through trees");
    let hills: &[&str] = &["b3"];
    let (rules, pos) = game(&[("hills", hills)], &["SC@a1", "A@b2"], &["SC@l12", "I@b5"]);
    assert!(!legal(&rules, &pos, fire("b2", "b5")), "through a hill");
    let towns: &[&str] = &["b2"];
    let (rules, pos) = game(&[("towns", towns)], &["SC@a1", "A@b2"], &["SC@l12", "I@b5"]);
    assert!(legal(&rules, &pos, fire("b2", "b5")), "out of a town");
    // Into trees: the Command Post is in no table, so distant fire may hit it there.
    let trees: &[&str] = &["b5"];
    let (rules, pos) = game(&[("trees", trees)], &["SC@a1", "A@b2"], &["SC@l12", "CP@b5"]);
    assert!(legal(&rules, &pos, fire("b2", "b5")), "into trees");
}

#[test]
fn a_line_between_two_cells_is_blocked_only_when_both_block() {
    // b2 to c4 passes between b3 and c3 (rulings 17: a pair).
    let (rules, pos) = game(&[], &["SC@a1", "A@b2", "I@b3"], &["SC@l12", "I@c4"]);
    assert!(legal(&rules, &pos, fire("b2", "c4")), "one of the pair blocks");
    let (rules, pos) = game(&[], &["SC@a1", "A@b2", "I@b3"], &["SC@l12", "I@c4", "I@c3"]);
    assert!(!legal(&rules, &pos, fire("b2", "c4")), "both block");
    let trees: &[&str] = &["c3"];
    let (rules, pos) = game(&[("trees", trees)], &["SC@a1", "A@b2", "I@b3"], &["SC@l12", "I@c4"]);
    assert!(!legal(&rules, &pos, fire("b2", "c4")), "a unit and trees");
}

fn symbol(role: Role) -> &'static str {
    match role {
        Role::Leader => "TC",
        // The tables name tanks; WarGame 2 cavalry stands where they do.
        Role::Tank | Role::Cavalry => "T",
        Role::Infantry => "I",
        Role::Artillery => "A",
        Role::Banner => "CP",
    }
}

/// Whether an `attacker` kills a `defender` on e5 in `terrain` (`open`, `towns`, `trees`,
/// `hills`) in the way `how`: replacement from e4, fire from e4, or fire from e3 (infantry
/// replacement fire is rifle fire from e4 in trees).
fn kills(attacker: Role, how: How, defender: Role, terrain: &str) -> bool {
    let target: &[&str] = &["e5"];
    let rifle: &[&str] = &["e4"];
    // The rifle rule kills "an adjacent enemy leader, infantry, or artillery piece".
    let rifle_fire = attacker == Role::Infantry
        && how == How::Replacement
        && matches!(defender, Role::Leader | Role::Infantry | Role::Artillery);
    let mut terrains: Vec<(&str, &[&str])> = Vec::new();
    if terrain != "open" {
        terrains.push((terrain, target));
    }
    let from = if how == How::DistantFire { "e3" } else { "e4" };
    let white = ["SC@c2", &format!("{}@{from}", symbol(attacker))];
    let black = ["SC@l12", &format!("{}@e5", symbol(defender))];
    let (rules, pos) = game(&terrains, &white, &black);
    let by_move = match how {
        How::Replacement => legal(&rules, &pos, mv(from, "e5")),
        _ => legal(&rules, &pos, fire(from, "e5")),
    };
    if rifle_fire {
        // Rifle capture "instead of replacement", from trees next to the defender.
        terrains.push(("trees", rifle));
        let (rules, pos) = game(&terrains, &white, &black);
        assert_eq!(legal(&rules, &pos, fire("e4", "e5")), by_move, "rifle fire as replacement");
    }
    by_move
}

const TERRAINS: [(&str, warlord_rules::Terrain); 3] = [
    ("towns", warlord_rules::Terrain::Town),
    ("trees", warlord_rules::Terrain::Trees),
    ("hills", warlord_rules::Terrain::Hill),
];

#[test]
fn every_row_of_the_capture_tables_kills_and_nothing_else_does() {
    let attackers = [Role::Leader, Role::Tank, Role::Infantry, Role::Artillery];
    let ways = [How::Replacement, How::AdjacentFire, How::DistantFire];
    for table in TABLES {
        let (name, _) = TERRAINS.iter().find(|(_, t)| *t == table.terrain).unwrap();
        for attacker in attackers {
            for how in ways {
                let listed = table.killers.contains(&(attacker, how));
                assert_eq!(
                    kills(attacker, how, table.defender, name),
                    listed,
                    "{:?} {:?} on {:?} in {name}",
                    attacker,
                    how,
                    table.defender
                );
            }
        }
    }
}

#[test]
fn in_the_open_every_shot_in_range_and_every_replacement_kills() {
    assert!(kills(Role::Artillery, How::DistantFire, Role::Infantry, "open"));
    assert!(kills(Role::Tank, How::DistantFire, Role::Leader, "open"));
    assert!(kills(Role::Leader, How::AdjacentFire, Role::Leader, "open"));
    assert!(kills(Role::Leader, How::Replacement, Role::Tank, "open"));
    assert!(kills(Role::Artillery, How::Replacement, Role::Artillery, "open"));
}

// One test per row of the text, with the ways it names and some it leaves out.

#[test]
fn town_infantry_only_by_artillery_directly_adjacent_shooting() {
    assert!(kills(Role::Artillery, How::AdjacentFire, Role::Infantry, "towns"));
    assert!(!kills(Role::Artillery, How::DistantFire, Role::Infantry, "towns"));
    assert!(!kills(Role::Artillery, How::Replacement, Role::Infantry, "towns"));
    assert!(!kills(Role::Tank, How::Replacement, Role::Infantry, "towns"));
}

#[test]
fn town_artillery_only_by_tanks_directly_adjacent() {
    assert!(kills(Role::Tank, How::AdjacentFire, Role::Artillery, "towns"));
    assert!(!kills(Role::Tank, How::DistantFire, Role::Artillery, "towns"));
    assert!(!kills(Role::Artillery, How::AdjacentFire, Role::Artillery, "towns"));
}

#[test]
fn town_tanks_only_by_infantry_replacement() {
    assert!(kills(Role::Infantry, How::Replacement, Role::Tank, "towns"));
    assert!(!kills(Role::Tank, How::Replacement, Role::Tank, "towns"));
    assert!(!kills(Role::Artillery, How::AdjacentFire, Role::Tank, "towns"));
}

#[test]
fn town_leaders_by_tank_or_infantry_replacement_only() {
    assert!(kills(Role::Tank, How::Replacement, Role::Leader, "towns"));
    assert!(kills(Role::Infantry, How::Replacement, Role::Leader, "towns"));
    assert!(!kills(Role::Tank, How::AdjacentFire, Role::Leader, "towns"));
    assert!(!kills(Role::Leader, How::Replacement, Role::Leader, "towns"));
}

#[test]
fn leaders_in_trees_by_infantry_replacement_adjacent_artillery_or_tank_never_leaders() {
    assert!(kills(Role::Infantry, How::Replacement, Role::Leader, "trees"));
    assert!(kills(Role::Artillery, How::AdjacentFire, Role::Leader, "trees"));
    assert!(kills(Role::Tank, How::AdjacentFire, Role::Leader, "trees"));
    assert!(!kills(Role::Leader, How::Replacement, Role::Leader, "trees"));
    assert!(!kills(Role::Leader, How::AdjacentFire, Role::Leader, "trees"));
}

#[test]
fn artillery_in_trees_by_adjacent_tank_or_artillery_never_infantry_or_leaders() {
    assert!(kills(Role::Tank, How::AdjacentFire, Role::Artillery, "trees"));
    assert!(kills(Role::Artillery, How::AdjacentFire, Role::Artillery, "trees"));
    assert!(!kills(Role::Infantry, How::Replacement, Role::Artillery, "trees"));
    assert!(!kills(Role::Leader, How::Replacement, Role::Artillery, "trees"));
}

#[test]
fn infantry_in_trees_by_adjacent_tank_adjacent_artillery_or_infantry_replacement_never_leaders() {
    assert!(kills(Role::Tank, How::AdjacentFire, Role::Infantry, "trees"));
    assert!(kills(Role::Artillery, How::AdjacentFire, Role::Infantry, "trees"));
    assert!(kills(Role::Infantry, How::Replacement, Role::Infantry, "trees"));
    assert!(!kills(Role::Leader, How::AdjacentFire, Role::Infantry, "trees"));
    assert!(!kills(Role::Leader, How::Replacement, Role::Infantry, "trees"));
}

#[test]
fn tanks_on_hills_by_adjacent_artillery_infantry_or_tank_replacement() {
    assert!(kills(Role::Artillery, How::AdjacentFire, Role::Tank, "hills"));
    assert!(kills(Role::Infantry, How::Replacement, Role::Tank, "hills"));
    assert!(kills(Role::Tank, How::Replacement, Role::Tank, "hills"));
    assert!(!kills(Role::Tank, How::AdjacentFire, Role::Tank, "hills"));
    assert!(!kills(Role::Artillery, How::DistantFire, Role::Tank, "hills"));
}

#[test]
fn leaders_on_hills_by_infantry_or_tank_replacement() {
    assert!(kills(Role::Infantry, How::Replacement, Role::Leader, "hills"));
    assert!(kills(Role::Tank, How::Replacement, Role::Leader, "hills"));
    assert!(!kills(Role::Artillery, How::AdjacentFire, Role::Leader, "hills"));
    assert!(!kills(Role::Leader, How::Replacement, Role::Leader, "hills"));
}

#[test]
fn infantry_on_hills_by_infantry_replacement() {
    assert!(kills(Role::Infantry, How::Replacement, Role::Infantry, "hills"));
    assert!(!kills(Role::Tank, How::Replacement, Role::Infantry, "hills"));
    assert!(!kills(Role::Artillery, How::AdjacentFire, Role::Infantry, "hills"));
}

/// Whether fire passes between the two ends of a drawn board, the first row drawn being the
/// top. `a` and `b` are the ends (artillery of range 9 on open ground), `S` White's
/// commanders (a Supreme Commander, then a Tank Commander), `x` a unit, `F` trees, `^` a hill,
/// `T` a town, `.` open ground; rank 1 and file a at the bottom left. The shot is tried both
/// ways, each end in turn being White's artillery shooting Black's, and must agree ("A sees B
/// exactly when B sees A").
fn sees(picture: &str) -> bool {
    let rows: Vec<&str> = picture.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    let (mut ends, mut commanders, mut units) = (Vec::new(), Vec::new(), Vec::new());
    let mut terrain: Vec<(&str, Vec<String>)> = vec![("trees", vec![]), ("hills", vec![]), ("towns", vec![])];
    for (i, row) in rows.iter().enumerate() {
        let rank = rows.len() - i;
        for (file, c) in row.chars().enumerate() {
            let name = format!("{}{rank}", char::from(b'a' + file as u8));
            match c {
                'a' | 'b' => ends.push((c, name)),
                'S' => commanders.push(name),
                'x' => units.push(format!("I@{name}")),
                'F' => terrain[0].1.push(name),
                '^' => terrain[1].1.push(name),
                'T' => terrain[2].1.push(name),
                '.' => {}
                other => panic!("unknown cell `{other}` in the picture"),
            }
        }
    }
    ends.sort();
    let [(_, a), (_, b)] = <[(char, String); 2]>::try_from(ends).expect("two ends, a and b");
    let mut shots = Vec::new();
    for (shooter, target) in [(&a, &b), (&b, &a)] {
        let mut white: Vec<String> = commanders.iter().zip(["SC", "TC"]).map(|(sq, s)| format!("{s}@{sq}")).collect();
        white.push(format!("A@{shooter}"));
        white.extend(units.iter().cloned());
        let list = |items: &[String]| items.iter().map(|s| format!("\"{s}\"")).collect::<Vec<_>>().join(", ");
        let mut board = String::from("[board]\nfiles = 12\nranks = 12\n");
        for (kind, squares) in &terrain {
            if !squares.is_empty() {
                board.push_str(&format!("{kind} = [{}]\n", list(squares)));
            }
        }
        let text = format!(
            "name = \"drawn\"\nfamily = \"wargame\"\n{board}{HEAD}\n[rules.fire-range]\nA = 9\n[setup]\nwhite = [{}]\nblack = [\"SC@l12\", \"A@{target}\"]\n",
            list(&white)
        );
        let scenario = warlord_rules::Scenario::parse(&text, "drawn.toml").unwrap_or_else(|e| panic!("{e}\n{text}"));
        let rules = scenario.wargame(&[]).unwrap_or_else(|e| panic!("{e}"));
        let start = warlord_rules::Ruleset::start(&rules);
        shots.push(legal(&rules, &start, fire(shooter, target)));
    }
    assert_eq!(shots[0], shots[1], "{a} to {b} and back:\n{picture}");
    shots[0]
}

// Rulings 17: "If t is exactly half-way between two rows, the two cells (i, t - 1/2) and
// (i, t + 1/2) are a pair, as on a knight's-move line: fire passes unless both block."
// Slope 1/2 over 4 columns: a pair, a cell, a pair.
#[test]
fn a_half_way_pair_blocks_only_when_both_cells_block() {
    assert!(sees(
        "S...b
         .....
         a...S"
    ));
    assert!(sees(
        "S...b
         .x...
         a...S"
    ));
    assert!(sees(
        "S...b
         .....
         ax..S"
    ));
    assert!(!sees(
        "S...b
         .x...
         ax..S"
    ));
    // One cell of each pair: both pairs still let fire through.
    assert!(sees(
        "S..xb
         .x...
         a...S"
    ));
    assert!(!sees(
        "S..xb
         ...x.
         a...S"
    ));
    // Trees and a unit make a pair block too ("a unit (either side) or non-open terrain").
    assert!(!sees(
        "S...b
         .F...
         ax..S"
    ));
    // "If t is a whole number, cell (i, t) lies on the line and blocks by itself."
    assert!(!sees(
        "S...b
         ..x..
         a...S"
    ));
    assert!(!sees(
        "S...b
         ..^..
         a...S"
    ));
}

// Rulings 17: "Where the line passes exactly through a corner of four cells (diagonals, and
// slopes like 1/3 or 3/5), the two cells beside the corner that the line does not enter are a
// pair too."
#[test]
fn a_diagonal_passes_a_corner_unless_both_cells_beside_it_block() {
    // From a1 to d4: the cells b2 and c3 lie on the line; the corners between them have the
    // pairs b1 and a2, c2 and b3, d3 and c4.
    assert!(sees(
        "...b
         S...
         ....
         a..S"
    ));
    assert!(sees(
        "...b
         S...
         ....
         ax.S"
    ));
    assert!(!sees(
        "...b
         S...
         x...
         ax.S"
    ));
    // One cell beside each of two corners: clear.
    assert!(sees(
        "...b
         Sx.x
         ....
         a..S"
    ));
    // Both beside the middle corner (trees and a unit): blocked.
    assert!(!sees(
        "...b
         Sx..
         ..F.
         a..S"
    ));
    // The cells on the diagonal block by themselves.
    assert!(!sees(
        "...b
         S.x.
         ....
         a..S"
    ));
    assert!(!sees(
        "...b
         S...
         .T..
         a..S"
    ));
}

#[test]
fn a_slope_of_one_third_passes_one_corner() {
    // From a1 to d2: t = 1/3 and 2/3, the nearest cells b1 and c2 block by themselves; the
    // line passes the corner between b1, c1, b2 and c2, so c1 and b2 are a pair.
    assert!(sees(
        "S..b
         a..S"
    ));
    assert!(!sees(
        "S..b
         ax.S"
    ));
    assert!(!sees(
        "S.xb
         a..S"
    ));
    assert!(sees(
        "S..b
         a.xS"
    ));
    assert!(sees(
        "Sx.b
         a..S"
    ));
    assert!(!sees(
        "Sx.b
         a.xS"
    ));
    assert!(!sees(
        "S^.b
         a.FS"
    ));
}

#[test]
fn a_slope_of_three_fifths_passes_one_corner_between_nearest_cells() {
    // From a1 to f4: t = 0.6, 1.2, 1.8, 2.4: the nearest cells b2, c2, d3 and e3 block by
    // themselves; the line passes the corner at (2.5, 1.5), so d2 and c3 are a pair.
    assert!(sees(
        "S....b
         ......
         ......
         a....S"
    ));
    for cell in ["b2", "c2", "d3", "e3"] {
        let mut rows = [*b"S....b", *b"......", *b"......", *b"a....S"];
        let (file, rank) = (usize::from(cell.as_bytes()[0] - b'a'), usize::from(cell.as_bytes()[1] - b'1'));
        rows[3 - rank][file] = b'x';
        let picture = rows.iter().map(|r| String::from_utf8_lossy(r).into_owned()).collect::<Vec<_>>().join("\n");
        assert!(!sees(&picture), "{cell} is on the line:\n{picture}");
    }
    assert!(sees(
        "S....b
         ..x...
         ......
         a....S"
    ));
    assert!(sees(
        "S....b
         ......
         ...x..
         a....S"
    ));
    assert!(!sees(
        "S....b
         ..x...
         ...x..
         a....S"
    ));
}

// Rulings 17: "Otherwise the nearest cell (i, round(t)) blocks by itself." The line from a1
// to f3 (slope 2/5) also grazes b2 (t = 0.4 in column b) and e2, which do not block; b1 and
// e3 do.
#[test]
fn only_the_nearest_cell_of_a_column_blocks() {
    assert!(sees(
        "S....b
         .x..x.
         a....S"
    ));
    assert!(!sees(
        "S....b
         ......
         ax...S"
    ));
    assert!(!sees(
        "S...xb
         ......
         a....S"
    ));
}
