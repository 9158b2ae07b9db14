//! Perft in the reference model: the number of action sequences of a given length, counted with
//! the model's own moves and turns, for the shipped scenarios' perft tables. The model's rules
//! come from the scenario file read as plain TOML here (board, map, turn rules, pieces by their
//! catalog names), not through the engine's scenario parser; only the start position is the
//! engine's (the model reads it through the public API, as everywhere).

#![allow(dead_code)]

use super::model::{Rules, Turn};
use super::spec::{Cell, KindSpec, OptionSpec, Spec};

/// The model's rules of a shipped Warlord scenario file with its default options, for the
/// pieces and options the model knows (leaders as the catalog's: capacity 1, activating
/// others within the scenario's activation range).
pub fn rules_of_scenario(text: &str) -> Result<Rules, String> {
    let doc: toml::Table = toml::from_str(text).map_err(|e| e.to_string())?;
    let table = |name: &str| doc.get(name).and_then(toml::Value::as_table);
    let board = table("board").ok_or("no [board]")?;
    let int = |t: &toml::Table, key: &str| t.get(key).and_then(toml::Value::as_integer);
    let files = u8::try_from(int(board, "files").ok_or("no board.files")?).map_err(|e| e.to_string())?;
    let ranks = u8::try_from(int(board, "ranks").ok_or("no board.ranks")?).map_err(|e| e.to_string())?;
    let hex = board.get("geometry").and_then(toml::Value::as_str) == Some("hex");
    // The map's rows from the top rank down; `.` open, `~` water, `T`, `F`, `^` terrain.
    let mut codes = vec!['.'; usize::from(files) * usize::from(ranks)];
    if let Some(rows) = board.get("map").and_then(toml::Value::as_array) {
        for (i, row) in rows.iter().enumerate() {
            let rank = usize::from(ranks) - 1 - i;
            for (file, code) in row.as_str().ok_or("a map row is not a string")?.chars().enumerate() {
                codes[rank * usize::from(files) + file] = code;
            }
        }
    }
    if let Some((name, _)) = table("options").into_iter().flatten().find(|(_, v)| v.as_bool() != Some(false)) {
        return Err(format!("the option `{name}` is on: the model reads scenarios with every option off"));
    }
    let rules = table("rules").ok_or("no [rules]")?;
    let pieces = doc.get("pieces").and_then(toml::Value::as_array).ok_or("no [[pieces]]")?;
    let kinds = pieces
        .iter()
        .map(|p| {
            let like = p.get("like").and_then(toml::Value::as_str).ok_or("a piece without `like`")?;
            let like = super::spec::NON_LEADERS
                .iter()
                .chain(&["leader", "chieftain"])
                .find(|&&name| name == like)
                .ok_or(format!("the model does not know `{like}`"))?;
            let command = matches!(*like, "leader" | "chieftain").then_some((1, None, true));
            Ok(KindSpec { like, command })
        })
        .collect::<Result<Vec<_>, String>>()?;
    let spec = Spec {
        hex,
        files,
        ranks,
        kinds,
        moves_per_turn: u8::try_from(int(rules, "moves-per-turn").unwrap_or(1)).map_err(|e| e.to_string())?,
        cap_by_leaders: rules.get("cap-by-leaders").and_then(toml::Value::as_bool).unwrap_or(false),
        default_range: int(rules, "activation-range").map(|r| r as u8),
        black_first: rules.get("first").and_then(toml::Value::as_str) == Some("black"),
        options: OptionSpec::default(),
        cells: codes.iter().map(|&c| if c == '~' { Cell::Water } else { Cell::Open }).collect(),
        terrain: codes.iter().map(|&c| if c == '~' { '.' } else { c }).collect(),
        water_as_map: true,
        choices: Vec::new(),
        seed: 0,
    };
    Ok(Rules::from_spec(&spec))
}

/// The number of sequences of `depth` actions from a turn in progress (`passes`: the turns
/// ended without a move just before it), as the engine's perft counts them: a finished game
/// counts once.
pub fn perft(turn: &Turn, passes: u32, depth: u32) -> u64 {
    if depth == 0 || turn.over || passes >= 2 {
        return 1;
    }
    let legal = turn.legal(passes);
    if depth == 1 {
        return legal.actions.len() as u64;
    }
    legal
        .actions
        .iter()
        .map(|key| {
            let action = key.action();
            let mut after = turn.clone();
            after.apply(&action).expect("a legal action of the model");
            if after.over || !(action == warlord_rules::Action::EndTurn || after.cap_reached()) {
                return perft(&after, passes, depth - 1);
            }
            let passes_after = if after.moves.is_empty() { passes + 1 } else { 0 };
            perft(&after.following(), passes_after, depth - 1)
        })
        .sum()
}
