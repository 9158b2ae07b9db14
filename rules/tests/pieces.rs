//! Per-piece moves from the texts: destination counts on an empty board, blocking, jumping,
//! water, and the optional rules that change pieces.

use warlord_rules::warlord::WarlordRules;
use warlord_rules::{Ruleset, Scenario, Square};

/// A scenario with the given pieces and setup on a `files` x `ranks` board.
fn scenario(pieces: &str, position: &str, extra: &str) -> Scenario {
    let text = format!(
        "name = \"t\"\nfamily = \"warlord\"\n{extra}\n[board]\nfiles = 9\nranks = 9\n{}\n[rules]\nmoves-per-turn = 4\ncap-by-leaders = false\n{pieces}\n[setup]\nposition = \"{position}\"\n",
        ""
    );
    Scenario::parse(&text, "t.toml").unwrap_or_else(|e| panic!("{e}"))
}

const PIECES: &str = r#"
[[pieces]]
like = "leader"
[[pieces]]
like = "heavy-cavalry-charge"
[[pieces]]
like = "cannon"
symbol = "A"
[[pieces]]
like = "light-cavalry"
[[pieces]]
like = "infantry"
[[pieces]]
like = "hero"
symbol = "E"
[[pieces]]
like = "shaman"
[[pieces]]
like = "bishopy"
[[pieces]]
like = "rookish"
[[pieces]]
like = "heavy-cavalry"
symbol = "F"
"#;

fn warlord(s: &Scenario, overrides: &[(&str, &str)]) -> WarlordRules {
    let o: Vec<(String, String)> = overrides.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect();
    s.warlord(&o).unwrap()
}

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

fn count(position: &str, at: &str, overrides: &[(&str, &str)]) -> usize {
    let s = scenario(PIECES, position, "");
    let rules = warlord(&s, overrides);
    rules.piece_destinations(&rules.start(), sq(at)).len()
}

/// A 9x9 board with one piece in the centre (e5).
fn alone(symbol: char) -> String {
    format!("9/9/9/9/4{symbol}4/9/9/9/9")
}

#[test]
fn destination_counts_on_an_empty_board_match_the_texts() {
    // "This piece may move to (up to) 24 squares" (Leader), 12 (Heavy Cavalry), 12 (Cannon),
    // 8 (Light Cavalry); Infantry steps to the 8 adjacent squares.
    for (symbol, expected) in
        [('L', 24), ('H', 12), ('F', 12), ('A', 12), ('N', 8), ('I', 8), ('E', 12), ('S', 12), ('B', 20), ('R', 20)]
    {
        assert_eq!(count(&alone(symbol), "e5", &[]), expected, "piece {symbol}");
    }
}

#[test]
fn the_extra_light_cavalry_move_adds_four_squares() {
    assert_eq!(count(&alone('N'), "e5", &[("light-cavalry-extra-move", "true")]), 12);
}

#[test]
fn a_leader_may_not_pass_through_pieces_but_may_turn_around_them() {
    // Leader on a1 boxed by own infantry on a2, b1, b2: it cannot move at all.
    assert_eq!(count("9/9/9/9/9/9/9/II7/LI7", "a1", &[]), 0);
    // With b2 empty it reaches b2 and, turning there, every empty square 2 steps away
    // through b2: a3? no (a2 holds a piece and a3 is reached via b2) -> a3, b3, c3, c2, c1.
    assert_eq!(count("9/9/9/9/9/9/9/I8/LI7", "a1", &[]), 6);
}

#[test]
fn a_leader_capture_ends_its_move() {
    // An enemy on e6 is captured; e7 is still reached around it, through d6 or f6.
    assert_eq!(count("9/9/9/4i4/4L4/9/9/9/9", "e5", &[]), 24);
    // Boxed in by own pieces on b1 and b2, the leader may take a2 but not go on through it.
    assert_eq!(count("9/9/9/9/9/9/9/iI7/LI7", "a1", &[]), 1);
}

fn file_a(pos: &str, over: &[(&str, &str)]) -> Vec<String> {
    let s = scenario(PIECES, pos, "");
    let rules = warlord(&s, over);
    let mut d: Vec<String> = rules
        .piece_destinations(&rules.start(), sq("a1"))
        .iter()
        .filter(|s| s.file == 0)
        .map(ToString::to_string)
        .collect();
    d.sort();
    d
}

#[test]
fn charge_limited_heavy_cavalry_stops_right_after_an_enemy() {
    // An enemy on a2: capture it, or land on a3 right after it; never a4.
    assert_eq!(file_a("9/9/9/9/9/9/9/i8/H8", &[]), ["a2", "a3"]);
    // Two enemies in a row: only the first can be passed, unless the extended charge is used.
    assert_eq!(file_a("9/9/9/9/9/9/i8/i8/H8", &[]), ["a2", "a3"]);
    assert_eq!(file_a("9/9/9/9/9/9/i8/i8/H8", &[("extended-charge", "true")]), ["a2", "a3", "a4"]);
    // Friendly pieces are jumped freely; after an enemy, a friend blocks the landing.
    assert_eq!(file_a("9/9/9/9/9/9/I8/I8/H8", &[]), ["a4"]);
    assert_eq!(file_a("9/9/9/9/9/9/I8/i8/H8", &[]), ["a2"]);
    // The heavy cavalry of the scenario texts jumps anything.
    assert_eq!(file_a("9/9/9/9/9/9/i8/i8/F8", &[]), ["a2", "a3", "a4"]);
}

#[test]
fn the_cannon_jumps_up_to_two_pieces() {
    assert_eq!(count("9/9/9/9/9/9/2i6/1i7/A8", "a1", &[]), 3);
    assert_eq!(count("9/9/9/9/9/3I5/2I6/1I7/A8", "a1", &[]), 0);
}

#[test]
fn hero_reaches_the_third_square_when_either_of_the_first_two_is_empty() {
    assert!(file_a("9/9/9/9/9/9/I8/I8/E8", &[]).is_empty());
    assert_eq!(file_a("9/9/9/9/9/9/9/I8/E8", &[]), ["a3", "a4"]);
    assert_eq!(file_a("9/9/9/9/9/9/I8/9/E8", &[]), ["a2", "a4"]);
}

#[test]
fn sliders_stop_at_the_first_piece() {
    // Rookish on a1 with an enemy on a3: a2, a3 (capture); plus the alfil leap to c3.
    let s = scenario(PIECES, "9/9/9/9/9/9/i8/9/R8", "");
    let rules = warlord(&s, &[]);
    let mut d: Vec<String> =
        rules.piece_destinations(&rules.start(), sq("a1")).iter().map(ToString::to_string).collect();
    d.sort();
    assert_eq!(d, ["a2", "a3", "b1", "c1", "c3", "d1", "e1"]);
}
