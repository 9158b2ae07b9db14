//! A scenario's rules for people (the rules page): each piece kind with its picture, its moves
//! in words generated from its move rules, its command powers and value; the family's turn and
//! victory rules generated from the scenario's configuration; and the options with their help.
//! Each family writes its own part (`warlord/guide.rs`, `medieval/guide.rs`,
//! `wargame/guide.rs`); nothing here is restated by a client.

use crate::adjudication::Adjudication;
use crate::geometry::Geometry;
use crate::movement::{Lines, MoveRule, Passing};
use crate::piece::{Command, KindId, PieceKind, UnitClass};
use crate::ruleset::{Appearance, Ruleset};
use crate::scenario::ScenarioError;
use crate::{Family, Scenario, Side};
use serde::Serialize;

/// A scenario's rules, described for people.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RulesGuide {
    /// The scenario's id.
    pub scenario: String,
    /// The scenario's name.
    pub name: String,
    /// The family's name for people (`Warlord family`).
    pub family_title: String,
    /// The scenario's description.
    pub description: String,
    /// The board: its files, ranks and cell shape.
    pub board: String,
    /// How a turn goes, in sentences.
    pub turn: Vec<String>,
    /// How the game is won, in sentences.
    pub victory: Vec<String>,
    /// Every piece kind.
    pub pieces: Vec<PieceGuide>,
    /// Every option with the value these rules use and its help.
    pub options: Vec<OptionGuide>,
}

/// One piece kind, described.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PieceGuide {
    /// Its kind (index into the game's pieces).
    pub kind: KindId,
    /// Its name.
    pub name: String,
    /// Its symbol (White's spelling).
    pub symbol: String,
    /// Its role.
    pub class: UnitClass,
    /// How a board draws it.
    pub appearance: Appearance,
    /// How it moves, one sentence per way.
    pub moves: Vec<String>,
    /// Its command powers, if it orders pieces.
    pub command: Option<Command>,
    /// What else the family's rules say of it (strength, fire, movement points ...).
    pub notes: Vec<String>,
    /// Its points value.
    pub value: u32,
}

/// An option of the scenario, with the value the guide's rules use.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OptionGuide {
    /// Its name (`shorter-game`).
    pub name: String,
    /// Its label.
    pub label: String,
    /// Its value in these rules, as written.
    pub value: String,
    /// Its default.
    pub default: String,
    /// What it does.
    pub help: String,
}

/// What a family adds to the generic description: its turn and victory sentences, and, per
/// piece kind, its own notes and (where its pieces do not move by their move rules) the
/// sentences of their moves.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FamilyGuide {
    /// How a turn goes.
    pub turn: Vec<String>,
    /// How the game is won.
    pub victory: Vec<String>,
    /// For each piece kind, in kind order: the family's notes on it.
    pub notes: Vec<Vec<String>>,
    /// For each piece kind, in kind order, when the family moves pieces otherwise than by
    /// their move rules: the sentences of their moves.
    pub moves: Option<Vec<Vec<String>>>,
}

impl Scenario {
    /// The scenario's rules for people, with these option overrides; an error if the options
    /// do not fit the scenario.
    pub fn guide(&self, overrides: &[(String, String)]) -> Result<RulesGuide, ScenarioError> {
        let (rules, family): (std::sync::Arc<dyn Ruleset>, FamilyGuide) = match self.family {
            Family::Warlord => {
                let rules = self.warlord(overrides)?;
                let guide = rules.family_guide();
                (std::sync::Arc::new(rules), guide)
            }
            Family::Medieval => {
                let rules = self.medieval(overrides)?;
                let guide = rules.family_guide();
                (std::sync::Arc::new(rules), guide)
            }
            Family::WarGame => {
                let rules = self.wargame(overrides)?;
                let guide = rules.family_guide();
                (std::sync::Arc::new(rules), guide)
            }
        };
        let geometry = self.board.geometry();
        let pieces = rules
            .pieces()
            .iter()
            .map(|(kind, piece)| PieceGuide {
                kind,
                name: piece.name.clone(),
                symbol: piece.symbol.clone(),
                class: piece.class,
                appearance: rules.appearance(kind),
                moves: match &family.moves {
                    Some(moves) => moves.get(usize::from(kind)).cloned().unwrap_or_default(),
                    None => move_sentences(piece, geometry),
                },
                command: piece.command,
                notes: family.notes.get(usize::from(kind)).cloned().unwrap_or_default(),
                value: piece.value,
            })
            .collect();
        let options = self
            .option_schema()
            .into_iter()
            .map(|spec| OptionGuide {
                value: overrides.iter().find(|(n, _)| *n == spec.name).map_or(spec.default.clone(), |(_, v)| v.clone()),
                name: spec.name,
                label: spec.label,
                default: spec.default,
                help: spec.help,
            })
            .collect();
        Ok(RulesGuide {
            scenario: self.id.clone(),
            name: self.name.clone(),
            family_title: self.family_title().to_string(),
            description: self.description.clone(),
            board: format!("{} files by {} ranks, {} cells", self.board.files(), self.board.ranks(), geometry),
            turn: family.turn,
            victory: family.victory,
            pieces,
            options,
        })
    }
}

/// The sentences of a piece's moves, one per move rule, from the rules themselves.
#[must_use]
pub fn move_sentences(piece: &PieceKind, geometry: Geometry) -> Vec<String> {
    piece.moves.iter().map(|rule| move_sentence(*rule, geometry)).collect()
}

/// One move rule in words.
#[must_use]
pub fn move_sentence(rule: MoveRule, geometry: Geometry) -> String {
    let cells = |n: u8| match (n, geometry) {
        (1, Geometry::Square) => "1 square".to_string(),
        (1, Geometry::Hex) => "1 cell".to_string(),
        (n, Geometry::Square) => format!("{n} squares"),
        (n, Geometry::Hex) => format!("{n} cells"),
    };
    match rule {
        MoveRule::Walk { steps: 1 } => "Steps 1 square in any direction (a king's step).".into(),
        MoveRule::Walk { steps } => {
            format!("Walks up to {steps} king steps, turning at will, never through a piece; a capture ends the move.")
        }
        MoveRule::Line { lines, max, passing } => {
            let along = match (lines, geometry) {
                (Lines::Orthogonal, Geometry::Square) => "along files and ranks",
                (Lines::Diagonal, Geometry::Square) => "along diagonals",
                (Lines::All, Geometry::Square) => "along files, ranks and diagonals",
                (Lines::Orthogonal, Geometry::Hex) => "in straight lines through the sides of the cells",
                (Lines::Diagonal, Geometry::Hex) => "in straight lines through the corners of the cells",
                (Lines::All, Geometry::Hex) => "in straight lines through the sides or the corners of the cells",
            };
            let how = match passing {
                Passing::Slide => "over empty squares only".to_string(),
                Passing::Jump => "jumping any pieces on the way".to_string(),
                Passing::StepJump => {
                    "as a one-square step and a two-square jump, in either order (the far square is reached when the first or the second is empty)".to_string()
                }
                Passing::Charge => {
                    "charging: it may jump friendly pieces and one enemy, and then must land right after that enemy".to_string()
                }
            };
            format!("Moves 1 to {} {along}, {how}.", cells(max))
        }
        MoveRule::Leap { a, b } => {
            let name = match (a.min(b), a.max(b)) {
                (1, 2) => " (like a chess knight)",
                (0, 2) => " (two squares straight)",
                (2, 2) => " (two squares diagonally)",
                _ => "",
            };
            format!("Leaps {a} and {b} squares away in any direction{name}, over anything in between.")
        }
    }
}

/// A side's name for people (`White`).
#[must_use]
pub fn side_title(side: Side) -> &'static str {
    match side {
        Side::White => "White",
        Side::Black => "Black",
    }
}

/// The turn limit's sentence, if the game has one.
#[must_use]
pub fn turn_limit_sentence(limit: u32, how: Adjudication) -> Option<String> {
    let decided = match how {
        Adjudication::Draw => "it is a draw",
        Adjudication::Material => {
            "the side with more material (the sum of its pieces' values) wins, equal material a draw"
        }
    };
    (limit > 0).then(|| format!("After {limit} turns the game ends: {decided}."))
}

#[cfg(test)]
mod tests;
