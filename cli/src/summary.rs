//! The state of a game in a few lines: whose move, the phase, the turn's progress, the rules'
//! tallies (captured leaders, ...) and the result.

use std::io::{self, Write};
use warlord_rules::{Phase, Position, Ruleset};

/// Writes the summary of a position.
pub fn write_summary(out: &mut dyn Write, rules: &dyn Ruleset, pos: &Position) -> io::Result<()> {
    let side = pos.to_move();
    let pieces = rules.pieces();
    match pos.phase() {
        Phase::Setup => {
            let reserve: Vec<String> = rules
                .to_place(pos, side)
                .into_iter()
                .map(|(kind, n)| format!("{} x{n}", pieces.get(kind).symbol))
                .collect();
            let left =
                if reserve.is_empty() { "nothing; `commit` ends the setup".to_string() } else { reserve.join(", ") };
            writeln!(out, "setup: {side} to place {left}")?;
        }
        Phase::Play => {
            writeln!(out, "play: {side} to move; turns played {}", pos.turns_played())?;
            writeln!(out, "this turn: {} of at most {} actions taken", pos.actions_this_turn().len(), pos.turn_cap())?;
        }
        Phase::Over(outcome) => writeln!(out, "game over after {}: {outcome}", count(pos.turns_played(), "turn"))?,
    }
    for tally in rules.tallies(pos) {
        let [white, black] = tally.values;
        writeln!(out, "{}: by white {white}, by black {black}", tally.label.to_lowercase())?;
    }
    Ok(())
}

/// `n` and the noun, plural unless `n` is 1: `1 turn`, `40 turns`.
#[must_use]
pub fn count(n: impl Into<u64>, noun: &str) -> String {
    let n = n.into();
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}
