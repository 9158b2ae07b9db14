//! Positions of WarGame 1 built inline: a 12x12 board, the text's pieces and numbers.
#![allow(dead_code)]

use warlord_rules::wargame::WarGameRules;
use warlord_rules::{Action, Position, Ruleset, Scenario, Square};

/// The pieces and rules of the text, as the shipped scenario writes them.
pub const HEAD: &str = r#"
[rules]
actions-per-turn = 10
[rules.levels]
SC = 3
TC = 2
IC = 1
AC = 1
[rules.communication]
SC = 9
TC = 6
IC = 3
AC = 3

[[pieces]]
name = "Command Post"
symbol = "CP"
class = "other"
[[pieces]]
name = "Supreme Commander"
symbol = "SC"
class = "leader"
[[pieces]]
name = "Tank Commander"
symbol = "TC"
class = "leader"
[[pieces]]
name = "Infantry Commander"
symbol = "IC"
class = "leader"
[[pieces]]
name = "Artillery Commander"
symbol = "AC"
class = "leader"
[[pieces]]
name = "Tank"
symbol = "T"
class = "heavy-cavalry"
[[pieces]]
name = "Infantry"
symbol = "I"
class = "infantry"
[[pieces]]
name = "Artillery"
symbol = "A"
class = "cannon"
"#;

/// A 12x12 board with terrain (`towns`, `trees`, `hills` as region lists), White's and
/// Black's pieces (`SYMBOL@square`), and option overrides. White moves first.
pub fn game_with(
    terrain: &[(&str, &[&str])],
    white: &[&str],
    black: &[&str],
    options: &[(&str, &str)],
) -> (WarGameRules, Position) {
    let list = |items: &[&str]| items.iter().map(|s| format!("\"{s}\"")).collect::<Vec<_>>().join(", ");
    let mut board = String::from("[board]\nfiles = 12\nranks = 12\n");
    let mut kinds: Vec<(&str, Vec<&str>)> = Vec::new();
    for (kind, regions) in terrain {
        match kinds.iter_mut().find(|(k, _)| k == kind) {
            Some((_, all)) => all.extend_from_slice(regions),
            None => kinds.push((kind, regions.to_vec())),
        }
    }
    for (kind, regions) in &kinds {
        board.push_str(&format!("{kind} = [{}]\n", list(regions)));
    }
    let text = format!(
        "name = \"test\"\nfamily = \"wargame\"\n{board}{HEAD}\n[setup]\nwhite = [{}]\nblack = [{}]\n",
        list(white),
        list(black)
    );
    let s = Scenario::parse(&text, "test.toml").unwrap_or_else(|e| panic!("{e}"));
    let overrides: Vec<(String, String)> = options.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    let rules = s.wargame(&overrides).unwrap_or_else(|e| panic!("{e}"));
    let pos = rules.start();
    (rules, pos)
}

/// [`game_with`] without options.
pub fn game(terrain: &[(&str, &[&str])], white: &[&str], black: &[&str]) -> (WarGameRules, Position) {
    game_with(terrain, white, black, &[])
}

/// A square by name.
pub fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

/// A move.
pub fn mv(from: &str, to: &str) -> Action {
    Action::Move { from: sq(from), to: sq(to) }
}

/// A shot.
pub fn fire(from: &str, target: &str) -> Action {
    Action::Fire { from: sq(from), target: sq(target) }
}

/// A tow.
pub fn tow(from: &str, to: &str, towed: &str) -> Action {
    Action::Tow { from: sq(from), to: sq(to), towed: sq(towed) }
}

/// Whether `action` is legal in `pos`: `play` accepts it on a copy, and `legal_actions`
/// agrees.
pub fn legal(rules: &WarGameRules, pos: &Position, action: Action) -> bool {
    let listed = rules.legal_action_list(pos).contains(&action);
    let accepted = rules.play(&mut pos.clone(), action).is_ok();
    assert_eq!(listed, accepted, "legal_actions and play disagree on {action:?}");
    accepted
}

/// Plays an action that must be legal.
pub fn play(rules: &WarGameRules, pos: &mut Position, action: Action) -> warlord_rules::Report {
    rules.play(pos, action).unwrap_or_else(|e| panic!("{action:?}: {e}"))
}

/// The symbol of the piece on a square, upper case for White, lower for Black.
pub fn at(rules: &WarGameRules, pos: &Position, name: &str) -> Option<String> {
    pos.piece_at(sq(name)).map(|p| {
        let s = rules.pieces().get(p.kind).symbol.clone();
        if p.side == warlord_rules::Side::White {
            s
        } else {
            s.to_lowercase()
        }
    })
}
