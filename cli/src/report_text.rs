//! What an accepted action did, in words: captures, combat strength against defence, the end
//! of the game.

use crate::board_text::piece_symbol;
use warlord_rules::{PieceTable, Report};

/// The report of an action as a short phrase, like `captures m on e5`; empty when the action
/// did nothing worth telling.
#[must_use]
pub fn describe(report: &Report, pieces: &PieceTable) -> String {
    let mut parts = Vec::new();
    if let Some(combat) = report.combat {
        let verdict = if combat.success { "succeeds" } else { "fails" };
        parts.push(format!("strength {} against defence {}: {verdict}", combat.offence, combat.defence));
    }
    for (sq, piece) in &report.captured {
        parts.push(format!("captures {} on {sq}", piece_symbol(pieces, piece.kind, piece.side)));
    }
    if let Some(outcome) = report.outcome {
        parts.push(format!("game over: {outcome}"));
    }
    parts.join("; ")
}
