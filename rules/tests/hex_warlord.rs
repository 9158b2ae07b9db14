//! Warlord on hex boards (issue 14): the pieces' moves translated as docs/RULES.md ("Geometry")
//! decides, and the other Warlord rules (activation range, terrain, swaps, the shorter game)
//! measured in hex steps. Cells are named as on every board; on a hex board every second rank
//! (2, 4, ...) is shifted half a hex towards the higher files (docs/NOTATION.md, "Hex cells").

mod common;
use warlord_rules::warlord::WarlordRules;
use warlord_rules::{EndReason, Ruleset, Scenario, Side, Square};

/// The pieces of Chieftain Chess, and leapers for the leap rules: C chieftain, H hero,
/// S shaman, N knight (light cavalry), M man, A cannon, D a dabbabah `[0, 2]`, E an alfil
/// `[2, 2]`, P a light cavalry that leaps `[0, 2]` (a skirmisher).
const PIECES: &str = r#"
[[pieces]]
like = "chieftain"
[[pieces]]
like = "hero"
[[pieces]]
like = "shaman"
[[pieces]]
like = "knight"
[[pieces]]
like = "man"
[[pieces]]
like = "cannon"
symbol = "A"
[[pieces]]
name = "Dabbabah"
symbol = "D"
class = "other"
value = 2
moves = [{ leap = [0, 2] }]
[[pieces]]
name = "Alfil"
symbol = "E"
class = "other"
value = 2
moves = [{ leap = [2, 2] }]
[[pieces]]
name = "Outrider"
symbol = "P"
class = "light-cavalry"
value = 2
moves = [{ leap = [0, 2] }]
"#;

/// A Warlord game on a 13x13 hex board with `map` (rows from the top; `.` open, `F` trees,
/// `~` water; `None`: all open), the pieces (`"H@g7"`, lower case for Black), and `[options]`.
/// White's Chieftain stands on a1 and Black's on m13, far from the middle.
fn rules(map: Option<[&str; 13]>, pieces: &[&str], options: &str) -> WarlordRules {
    let (white, black): (Vec<&str>, Vec<&str>) =
        pieces.iter().partition(|p| p.starts_with(|c: char| c.is_ascii_uppercase()));
    let list =
        |v: &[&str]| v.iter().map(|p| format!("\"{}{}\", ", p[..1].to_ascii_uppercase(), &p[1..])).collect::<String>();
    let map = map.map_or(String::new(), |m| {
        format!("map = [{}]\n", m.iter().map(|r| format!("\"{r}\"")).collect::<Vec<_>>().join(", "))
    });
    let text = format!(
        "name = \"t\"\nfamily = \"warlord\"\n[board]\ngeometry = \"hex\"\nfiles = 13\nranks = 13\n{map}[rules]\nactivation-range = 3\n[options]\n{options}\n{PIECES}\n[setup]\nwhite = [{}\"C@a1\"]\nblack = [{}\"C@m13\"]\n",
        list(&white),
        list(&black)
    );
    let s = Scenario::parse(&text, "t.toml").unwrap_or_else(|e| panic!("{e}"));
    s.warlord(&[]).unwrap_or_else(|e| panic!("{e}"))
}

/// The destinations of the piece on `at`, sorted by name.
fn dests(map: Option<[&str; 13]>, pieces: &[&str], at: &str) -> Vec<String> {
    let rules = rules(map, pieces, "");
    let mut d: Vec<String> = rules.piece_destinations(&rules.start(), sq(at)).iter().map(ToString::to_string).collect();
    d.sort();
    d
}

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

/// A map of open hexes with `code` on the named cells.
fn map_with(cells: &[&str], code: char) -> [&'static str; 13] {
    let mut rows = vec![vec!['.'; 13]; 13];
    for c in cells {
        let s = sq(c);
        rows[12 - usize::from(s.rank)][usize::from(s.file)] = code;
    }
    let rows: Vec<&'static str> =
        rows.into_iter().map(|r| &*Box::leak(r.into_iter().collect::<String>().into_boxed_str())).collect();
    rows.try_into().unwrap()
}

#[test]
fn on_an_open_hex_board_each_piece_reaches_its_translated_count() {
    // g7 is in the middle of the 13x13 board, with room for every move.
    for (piece, count) in [("M", 6), ("C", 18), ("H", 18), ("S", 18), ("N", 12), ("D", 6), ("E", 6), ("P", 6)] {
        let piece_at = format!("{piece}@g7");
        assert_eq!(dests(None, &[&piece_at], "g7").len(), count, "{piece}");
    }
    // The Man steps to the six neighbours; g7 is on an unshifted (odd-named) rank.
    assert_eq!(dests(None, &["M@g7"], "g7"), ["f6", "f7", "f8", "g6", "g8", "h7"]);
}

#[test]
fn the_knight_leaps_to_the_twelve_glinski_hexes_at_distance_three() {
    let to = dests(None, &["N@g7"], "g7");
    assert_eq!(to, ["d6", "d8", "e5", "e9", "f10", "f4", "g10", "g4", "i5", "i6", "i8", "i9"]);
    for t in &to {
        assert_eq!(warlord_rules::Geometry::Hex.distance(sq("g7"), sq(t)), 3, "{t}");
    }
}

#[test]
fn a_hero_line_is_stopped_as_the_text_says() {
    // "slide 1; or jump 2; or slide 1 and jump 2; or jump 2 and slide 1": east of g7 lie h7,
    // i7 and j7. With h7 and i7 both taken, j7 is out of reach.
    let east = |pieces: &[&str]| -> Vec<String> {
        dests(None, pieces, "g7").into_iter().filter(|d| d.ends_with('7') && d.as_str() > "g7").collect()
    };
    assert_eq!(east(&["H@g7"]), ["h7", "i7", "j7"]);
    assert_eq!(east(&["H@g7", "M@h7"]), ["i7", "j7"], "jump 2, and jump 2 then slide 1");
    assert_eq!(east(&["H@g7", "M@i7"]), ["h7", "j7"], "slide 1 and jump 2");
    assert!(east(&["H@g7", "M@h7", "M@i7"]).is_empty(), "two pieces in a row stop the line");
    assert_eq!(east(&["H@g7", "m@h7", "M@i7"]), ["h7"], "a capture on the first hex only");
}

#[test]
fn a_knight_passes_between_the_two_hexes_its_line_crosses() {
    // g7 to i9 is one edge step (to g8) and one vertex step (to h8): trees on both stop it,
    // trees on one do not.
    assert!(dests(Some(map_with(&["g8"], 'F')), &["N@g7"], "g7").contains(&"i9".to_string()));
    assert!(dests(Some(map_with(&["h8"], 'F')), &["N@g7"], "g7").contains(&"i9".to_string()));
    assert!(!dests(Some(map_with(&["g8", "h8"], 'F')), &["N@g7"], "g7").contains(&"i9".to_string()));
    // Water between never stops a knight's leap.
    assert!(dests(Some(map_with(&["g8", "h8"], '~')), &["N@g7"], "g7").contains(&"i9".to_string()));
}

#[test]
fn a_straight_leap_passes_over_the_cells_of_its_line() {
    let lands = |map: [&str; 13], piece: &str, to: &str| {
        dests(Some(map), &[&format!("{piece}@g7")], "g7").contains(&to.to_string())
    };
    // The dabbabah leaps g7 to i7 over h7: trees or water there stop it.
    assert!(lands(map_with(&[], 'F'), "D", "i7"));
    assert!(!lands(map_with(&["h7"], 'F'), "D", "i7"));
    assert!(!lands(map_with(&["h7"], '~'), "D", "i7"));
    // The alfil leaps two vertex steps, g7 to j9 over h8; the pair it grazes (g8, h7) is not
    // passed over.
    assert!(!lands(map_with(&["h8"], 'F'), "E", "j9"));
    assert!(lands(map_with(&["g8", "h7"], 'F'), "E", "j9"));
    // A skirmisher goes around one terrain hex but not two side by side: h7 with g8 or g6 (the
    // hexes touching both g7 and h7) blocks it; h7 with a hex beyond does not.
    assert!(lands(map_with(&["h7"], 'F'), "P", "i7"));
    assert!(!lands(map_with(&["h7", "g8"], 'F'), "P", "i7"));
    assert!(!lands(map_with(&["h7", "g6"], 'F'), "P", "i7"));
    assert!(lands(map_with(&["h7", "h8"], 'F'), "P", "i7"));
}

#[test]
fn a_line_stops_at_terrain_but_may_end_on_it() {
    // Heroes (class other) are stopped by trees on h7 and may land there.
    let to = dests(Some(map_with(&["h7"], 'F')), &["H@g7"], "g7");
    assert!(to.contains(&"h7".to_string()));
    assert!(!to.contains(&"i7".to_string()) && !to.contains(&"j7".to_string()));
}

#[test]
fn activation_range_is_counted_in_hex_steps() {
    // From the Chieftain on e5, c8 is 3 hex steps away and h6 is 4, though both are within 3
    // files and ranks.
    let rules = rules(None, &["C@e5", "M@c8", "M@h6"], "");
    let start = rules.start();
    assert_eq!(warlord_rules::Geometry::Hex.distance(sq("e5"), sq("c8")), 3);
    assert_eq!(warlord_rules::Geometry::Hex.distance(sq("e5"), sq("h6")), 4);
    assert!(!rules.commanders_of(&start, sq("c8")).is_empty());
    assert!(rules.commanders_of(&start, sq("h6")).is_empty());
}

#[test]
fn a_cannon_swaps_with_a_leader_on_a_neighbouring_hex_only() {
    // "orthogonally next to each other": on hexes, across an edge (the six neighbours).
    let swap_legal = |leader: &str, swap: &str| {
        let rules = rules(None, &["A@g7", leader], "cannon-leader-swap = true");
        common::is_legal(&rules, &rules.start(), swap)
    };
    assert!(swap_legal("C@g8", "g7<>g8"));
    assert!(swap_legal("C@f8", "g7<>f8"));
    // h8 is a vertex step away (two hexes), not a neighbour.
    assert!(!swap_legal("C@h8", "g7<>h8"));
}

#[test]
fn the_shorter_game_is_won_on_a_hex_board() {
    // Men on b7, d7 and f7 take the Black Chieftains on the neighbouring b8, d8 and f8, each
    // activated by a Chieftain two hex steps away; Black's last Chieftain cannot take back.
    let pieces = ["C@c6", "C@e6", "C@g6", "M@b7", "M@d7", "M@f7", "c@b8", "c@d8", "c@f8"];
    let rules = rules(None, &pieces, "shorter-game = true");
    let mut pos = rules.start();
    for a in ["b7xb8", "d7xd8", "f7xf8"] {
        common::play(&rules, &mut pos, a);
    }
    let report = common::play(&rules, &mut pos, "pass");
    assert_eq!(report.outcome.map(|o| (o.winner, o.reason)), Some((Some(Side::White), EndReason::ShorterGame)));
}

#[test]
fn chieftain_hex_is_chieftain_chess_row_by_row_and_its_half_turn_is_a_symmetry() {
    let load = |id: &str| {
        let b = warlord_scenarios::get(id).unwrap_or_else(|| panic!("{id} is not shipped"));
        Scenario::parse(b.text, &format!("{id}.toml")).unwrap_or_else(|e| panic!("{e}"))
    };
    let (square, hex) = (load("chieftain"), load("chieftain-hex"));
    assert_eq!(hex.board.geometry(), warlord_rules::Geometry::Hex);
    assert!(hex.reconstructed && hex.description.contains("not the designer's"));
    let (square_rules, hex_rules) = (square.ruleset(&[]).unwrap(), hex.ruleset(&[]).unwrap());
    let (square_start, hex_start) = (square_rules.start(), hex_rules.start());
    let (files, ranks) = (hex.board.files(), hex.board.ranks());
    assert_eq!((files, ranks), (square.board.files(), square.board.ranks()));
    for side in Side::BOTH {
        let cells = |pos: &warlord_rules::Position| pos.pieces(side).collect::<Vec<_>>();
        assert_eq!(cells(&hex_start), cells(&square_start), "{side}: the same setup, cell for cell");
    }
    // The half turn maps White's army onto Black's and keeps hex distances.
    let turn = |s: Square| Square::new(files - 1 - s.file, ranks - 1 - s.rank);
    for (s, p) in hex_start.pieces(Side::White) {
        assert_eq!(hex_start.piece_at(turn(s)).map(|q| (q.kind, q.side)), Some((p.kind, Side::Black)), "{s}");
    }
    let g = warlord_rules::Geometry::Hex;
    for (a, b) in [("a1", "p12"), ("b2", "c3"), ("e4", "h9"), ("a2", "a3"), ("p1", "a12")] {
        assert_eq!(g.distance(sq(a), sq(b)), g.distance(turn(sq(a)), turn(sq(b))), "{a}-{b}");
    }
}
