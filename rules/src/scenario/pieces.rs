//! Piece definitions in scenario files, and the catalog of standard pieces they may start from.

use super::raw::{RawCommand, RawMove, RawPiece};
use crate::movement::{Lines, MoveRule, Passing};
use crate::piece::{Command, PieceKind, PieceTable, UnitClass};
use std::collections::BTreeMap;

/// The catalog of standard pieces (`like = "..."`).
const CATALOG: &str = include_str!("catalog.toml");

type FieldError = (String, String);

fn catalog() -> BTreeMap<String, RawPiece> {
    toml::from_str(CATALOG).expect("the built-in piece catalog is valid")
}

/// Reads the `[[pieces]]` list. `default_range` is the activation range of commanders that do
/// not give one.
pub(super) fn parse_pieces(raw: &[RawPiece], default_range: u8) -> Result<PieceTable, FieldError> {
    if raw.is_empty() {
        return Err(("pieces".into(), "a scenario needs at least one piece kind".into()));
    }
    if raw.len() > 64 {
        return Err(("pieces".into(), "a scenario may have at most 64 piece kinds".into()));
    }
    let catalog = catalog();
    let mut kinds: Vec<PieceKind> = Vec::new();
    for (i, piece) in raw.iter().enumerate() {
        let field = format!("pieces[{i}]");
        let base = match &piece.like {
            Some(name) => Some(catalog.get(name).ok_or_else(|| {
                let names: Vec<&str> = catalog.keys().map(String::as_str).collect();
                (
                    format!("{field}.like"),
                    format!("no standard piece is called `{name}`; the catalog has {}", names.join(", ")),
                )
            })?),
            None => None,
        };
        let pick = |f: fn(&RawPiece) -> Option<String>| f(piece).or_else(|| base.and_then(f));
        let name =
            pick(|p| p.name.clone()).ok_or((format!("{field}.name"), "every piece needs a name (or `like`)".into()))?;
        let symbol =
            pick(|p| p.symbol.clone()).ok_or((format!("{field}.symbol"), "every piece needs a symbol".into()))?;
        if symbol.is_empty()
            || symbol.len() > 3
            || !symbol.starts_with(|c: char| c.is_ascii_uppercase())
            || !symbol.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
        {
            return Err((format!("{field}.symbol"), format!("`{symbol}` must be an upper-case letter, optionally followed by up to two more letters or digits (like `L` or `L2`)")));
        }
        if let Some(other) = kinds.iter().find(|k| k.symbol == symbol) {
            return Err((format!("{field}.symbol"), format!("`{symbol}` is already the symbol of {}", other.name)));
        }
        let class_name = pick(|p| p.class.clone()).unwrap_or_else(|| "other".into());
        let class = parse_class(&class_name).ok_or_else(|| {
            (
                format!("{field}.class"),
                format!(
                    "unknown class `{class_name}`; use leader, heavy-cavalry, cannon, light-cavalry, infantry or other"
                ),
            )
        })?;
        let value = piece.value.or_else(|| base.and_then(|b| b.value)).unwrap_or(1);
        let value = u32::try_from(value).map_err(|_| (format!("{field}.value"), "must be 0 or more".into()))?;
        let command = match piece.command.clone().or_else(|| base.and_then(|b| b.command.clone())) {
            Some(c) => Some(parse_command(&c, default_range).map_err(|m| (format!("{field}.command"), m))?),
            None => None,
        };
        let raw_moves = piece.moves.clone().or_else(|| base.and_then(|b| b.moves.clone())).unwrap_or_default();
        let moves = raw_moves
            .iter()
            .enumerate()
            .map(|(j, m)| parse_move(m).map_err(|msg| (format!("{field}.moves[{j}]"), msg)))
            .collect::<Result<Vec<_>, _>>()?;
        kinds.push(PieceKind { name, symbol, class, moves, command, value });
    }
    Ok(PieceTable::new(kinds))
}

fn parse_class(name: &str) -> Option<UnitClass> {
    Some(match name {
        "leader" => UnitClass::Leader,
        "heavy-cavalry" => UnitClass::HeavyCavalry,
        "cannon" => UnitClass::Cannon,
        "light-cavalry" => UnitClass::LightCavalry,
        "infantry" => UnitClass::Infantry,
        "other" => UnitClass::Other,
        _ => return None,
    })
}

fn parse_command(c: &RawCommand, default_range: u8) -> Result<Command, String> {
    let capacity = c.capacity.unwrap_or(1);
    if !(0..=50).contains(&capacity) {
        return Err("capacity must be from 0 to 50".into());
    }
    let range = c.range.unwrap_or(i64::from(default_range));
    if !(0..=10).contains(&range) {
        return Err("range must be from 0 to 10".into());
    }
    Ok(Command { capacity: capacity as u8, range: range as u8, others: c.others.unwrap_or(true) })
}

fn parse_move(m: &RawMove) -> Result<MoveRule, String> {
    let given = [m.walk.is_some(), m.line.is_some(), m.leap.is_some()].iter().filter(|&&b| b).count();
    if given != 1 {
        return Err(
            "a move has exactly one of `walk = N`, `line = \"orthogonal\"|\"diagonal\"|\"all\"` or `leap = [a, b]`"
                .into(),
        );
    }
    if let Some(steps) = m.walk {
        if m.max.is_some() || m.passing.is_some() {
            return Err("`max` and `passing` belong to line moves, not walks".into());
        }
        if !(1..=3).contains(&steps) {
            return Err("walk must be 1, 2 or 3 steps".into());
        }
        return Ok(MoveRule::Walk { steps: steps as u8 });
    }
    if let Some(lines) = &m.line {
        let lines = match lines.as_str() {
            "orthogonal" => Lines::Orthogonal,
            "diagonal" => Lines::Diagonal,
            "all" => Lines::All,
            other => return Err(format!("unknown line `{other}`; use orthogonal, diagonal or all")),
        };
        let max = m.max.ok_or("a line move needs `max`, its longest distance")?;
        if !(1..=16).contains(&max) {
            return Err("max must be from 1 to 16".into());
        }
        let passing = match m.passing.as_deref().unwrap_or("slide") {
            "slide" => Passing::Slide,
            "jump" => Passing::Jump,
            "step-jump" => Passing::StepJump,
            "charge" => Passing::Charge,
            other => return Err(format!("unknown passing `{other}`; use slide, jump, step-jump or charge")),
        };
        if passing == Passing::StepJump && max > 3 {
            return Err("step-jump (a one-square slide and a two-square jump) reaches at most 3 squares".into());
        }
        return Ok(MoveRule::Line { lines, max: max as u8, passing });
    }
    let leap = m.leap.as_ref().expect("one of the three is present");
    if m.max.is_some() || m.passing.is_some() {
        return Err("`max` and `passing` belong to line moves, not leaps".into());
    }
    match leap.as_slice() {
        &[a, b] if (0..=16).contains(&a) && (1..=16).contains(&b) || (1..=16).contains(&a) && (0..=16).contains(&b) => {
            let (a, b) = (a.min(b) as u8, a.max(b) as u8);
            Ok(MoveRule::Leap { a, b })
        }
        _ => Err("leap is two distances from 0 to 16, not both 0, like [1, 2] for a knight".into()),
    }
}
