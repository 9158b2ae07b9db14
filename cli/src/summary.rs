//! The state of a game in a few lines: whose move, the phase, the turn's progress, captured
//! leaders and the result.

use std::io::{self, Write};
use warlord_rules::{Phase, PieceTable, Position, Side};

/// Writes the summary of a position.
pub fn write_summary(out: &mut dyn Write, pieces: &PieceTable, pos: &Position) -> io::Result<()> {
    let side = pos.to_move();
    match pos.phase() {
        Phase::Setup => {
            let reserve: Vec<String> =
                pos.reserve(side).map(|(kind, n)| format!("{} x{n}", pieces.get(kind).symbol)).collect();
            let left =
                if reserve.is_empty() { "nothing; `commit` ends the setup".to_string() } else { reserve.join(", ") };
            writeln!(out, "setup: {side} to place {left}")?;
        }
        Phase::Play => {
            writeln!(out, "play: {side} to move; turns played {}", pos.turns_played())?;
            writeln!(out, "this turn: {} of at most {} actions taken", pos.actions_this_turn().len(), pos.turn_cap())?;
        }
        Phase::Over(outcome) => writeln!(out, "game over after {} turns: {outcome}", pos.turns_played())?,
    }
    let captured: Vec<String> = Side::BOTH.iter().map(|&s| format!("by {s} {}", pos.leaders_captured_by(s))).collect();
    writeln!(out, "leaders captured: {}", captured.join(", "))
}
