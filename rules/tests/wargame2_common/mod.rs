//! Positions of WarGame 2 built inline: a hex board and the rules and pieces of the shipped
//! teaching scenario (the text's numbers), with pieces placed by the test.
#![allow(dead_code)]

#[path = "../wargame_common/mod.rs"]
mod shared;

pub use shared::{at, fire, legal, mv, play, sq};
use warlord_rules::wargame::WarGameRules;
use warlord_rules::{Action, Geometry, Position, Ruleset, Scenario, Square};

/// The `[rules]` and `[[pieces]]` of the shipped `wargame-2-skirmish`: everything from its
/// `[rules]` table on.
fn rules_and_pieces() -> &'static str {
    let text = warlord_scenarios::get("wargame-2-skirmish").expect("shipped").text;
    &text[text.find("\n[rules]").expect("the scenario has rules")..]
}

/// A `files` x `ranks` hex board with terrain (`towns`, `trees`, `hills` as region lists),
/// White's and Black's pieces (`SYMBOL@cell`), extra `[rules]` lines (`extra`, replacing the
/// scenario's value of the same key) and option overrides. White moves first.
pub fn hex_game_with(
    size: (u32, u32),
    terrain: &[(&str, &[&str])],
    white: &[&str],
    black: &[&str],
    options: &[(&str, &str)],
) -> (WarGameRules, Position) {
    let list = |items: &[&str]| items.iter().map(|s| format!("\"{s}\"")).collect::<Vec<_>>().join(", ");
    let mut board = format!("[board]\ngeometry = \"hex\"\nfiles = {}\nranks = {}\n", size.0, size.1);
    for (kind, regions) in terrain {
        board.push_str(&format!("{kind} = [{}]\n", list(regions)));
    }
    let text = format!(
        "name = \"test\"\nfamily = \"wargame\"\n{board}\n[setup]\nwhite = [{}]\nblack = [{}]\n{}",
        list(white),
        list(black),
        rules_and_pieces()
    );
    let s = Scenario::parse(&text, "test.toml").unwrap_or_else(|e| panic!("{e}"));
    let overrides: Vec<(String, String)> = options.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    let rules = s.wargame(&overrides).unwrap_or_else(|e| panic!("{e}"));
    let pos = rules.start();
    (rules, pos)
}

/// A 12x13 hex board, no options.
pub fn hex_game(terrain: &[(&str, &[&str])], white: &[&str], black: &[&str]) -> (WarGameRules, Position) {
    hex_game_with((12, 13), terrain, white, black, &[])
}

/// The cell `n` steps from `from` in the hex direction `step` (lattice coordinates), by name.
pub fn along(from: &str, step: (i32, i32), n: i32) -> String {
    let (x, y) = Geometry::Hex.to_lattice(sq(from));
    Geometry::Hex.from_lattice((x + step.0 * n, y + step.1 * n)).expect("on the lattice").to_string()
}

/// A led move: the unit from `from` to `to`, the leader from `leader` to `leader_to`.
pub fn lead(from: &str, to: &str, leader: &str, leader_to: &str) -> Action {
    Action::Lead { from: sq(from), to: sq(to), leader: sq(leader), leader_to: sq(leader_to) }
}

/// The ends of the plain moves of the piece on `from`.
pub fn move_ends(rules: &WarGameRules, pos: &Position, from: &str) -> Vec<Square> {
    rules
        .legal_action_list(pos)
        .into_iter()
        .filter_map(|a| match a {
            Action::Move { from: f, to } if f == sq(from) => Some(to),
            _ => None,
        })
        .collect()
}
