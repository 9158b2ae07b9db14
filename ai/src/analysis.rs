//! Computer analysis of a played game: for every turn, the winning chance of the side that
//! played it before and after its turn, the best turn an agent finds in the same position, and
//! how much the played turn lost against it, marked as lichess marks moves (inaccuracy,
//! mistake, blunder). See docs/AI.md, "Analysis".

use crate::agent::Agent;
use crate::budget::{Budget, Meter};
use crate::eval::Evaluator;
use serde::Serialize;
use warlord_rules::notation::format_action;
use warlord_rules::{Action, Phase, Position, Ruleset, Side};

/// How bad a turn was: the winning chance it gave away against the best turn found.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Judgement {
    /// Lost at least [`INACCURACY`].
    Inaccuracy,
    /// Lost at least [`MISTAKE`].
    Mistake,
    /// Lost at least [`BLUNDER`].
    Blunder,
}

/// The winning chance (0 to 1) a turn must lose to be an inaccuracy: lichess's 10 points of
/// its win percentage.
pub const INACCURACY: f64 = 0.10;
/// The loss that makes a mistake (lichess: 20 points).
pub const MISTAKE: f64 = 0.20;
/// The loss that makes a blunder (lichess: 30 points).
pub const BLUNDER: f64 = 0.30;

impl Judgement {
    /// The judgement of a loss of winning chance, if it is one.
    #[must_use]
    pub fn of(loss: f64) -> Option<Judgement> {
        if loss >= BLUNDER {
            Some(Judgement::Blunder)
        } else if loss >= MISTAKE {
            Some(Judgement::Mistake)
        } else if loss >= INACCURACY {
            Some(Judgement::Inaccuracy)
        } else {
            None
        }
    }

    /// The chess annotation: `?!`, `?` or `??`.
    #[must_use]
    pub fn mark(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "?!",
            Judgement::Mistake => "?",
            Judgement::Blunder => "??",
        }
    }
}

/// The analysis of one turn.
#[derive(Clone, Debug, Serialize)]
pub struct TurnAnalysis {
    /// The index of the turn in the game (0 for the first).
    pub index: usize,
    /// The side that played it.
    pub side: Side,
    /// The turn as played, in the project notation.
    pub played: Vec<String>,
    /// The side's winning chance before the turn.
    pub before: f64,
    /// The side's winning chance after the played turn.
    pub after: f64,
    /// The best turn the agent found in the position before, in the project notation.
    pub best: Vec<String>,
    /// The side's winning chance after that turn.
    pub best_after: f64,
    /// The winning chance the played turn gave away against the best found (0 when the played
    /// turn was as good or better).
    pub loss: f64,
    /// The mark the loss earns, if any.
    pub judgement: Option<Judgement>,
}

/// What one side's turns lost, in sum.
#[derive(Clone, Debug, Default, Serialize)]
pub struct SideSummary {
    /// Turns analysed.
    pub turns: usize,
    /// The mean winning chance lost a turn (lichess's "average centipawn loss", in winning
    /// chance).
    pub mean_loss: f64,
    /// Inaccuracies.
    pub inaccuracies: usize,
    /// Mistakes.
    pub mistakes: usize,
    /// Blunders.
    pub blunders: usize,
}

/// The analysis of a game.
#[derive(Clone, Debug, Serialize)]
pub struct Analysis {
    /// The agent that proposed the best turns.
    pub agent: String,
    /// Each turn of play (setup turns are not analysed).
    pub turns: Vec<TurnAnalysis>,
    /// White's and Black's summaries.
    pub white: SideSummary,
    /// Black's summary.
    pub black: SideSummary,
}

impl Analysis {
    /// White's winning chance after each analysed turn, with the turn's index: the points of an
    /// evaluation graph.
    #[must_use]
    pub fn white_chances(&self) -> Vec<(usize, f64)> {
        self.turns.iter().map(|t| (t.index, if t.side == Side::White { t.after } else { 1.0 - t.after })).collect()
    }
}

/// Analyses a game given as its turns (each turn's side and actions, as played from the
/// rules' start). Each turn of play costs one `agent` search of `budget`; `progress` is
/// called after each turn with the number done and the number in all.
///
/// The winning chances are the evaluation's ([`Evaluator`], the tuned weights) of the
/// position after the turn, for the side that played it: a turn that leaves a piece to be
/// taken already scores lower, because the evaluation counts what the opponent can capture.
pub fn analyse(
    rules: &dyn Ruleset,
    turns: &[(Side, Vec<Action>)],
    agent: &dyn Agent,
    budget: Budget,
    seed: u64,
    progress: impl FnMut(usize, usize),
) -> Result<Analysis, String> {
    let out = analyse_turns(rules, turns, 0..turns.len(), agent, budget, seed, progress)?;
    let summary = |side: Side| {
        let mine: Vec<&TurnAnalysis> = out.iter().filter(|t| t.side == side).collect();
        let count = |j: Judgement| mine.iter().filter(|t| t.judgement == Some(j)).count();
        SideSummary {
            turns: mine.len(),
            mean_loss: if mine.is_empty() { 0.0 } else { mine.iter().map(|t| t.loss).sum::<f64>() / mine.len() as f64 },
            inaccuracies: count(Judgement::Inaccuracy),
            mistakes: count(Judgement::Mistake),
            blunders: count(Judgement::Blunder),
        }
    };
    let (white, black) = (summary(Side::White), summary(Side::Black));
    Ok(Analysis { agent: agent.name(), turns: out, white, black })
}

/// The analysis of the turns of `range` only (the turns before it are played, not analysed),
/// as [`analyse`] gives them, each with its index in the whole game: a caller bounding its work
/// analyses a game a few turns at a time, with the same results (the agent's seed is the
/// turn's index). `progress` is called after each turn of the range.
pub fn analyse_turns(
    rules: &dyn Ruleset,
    turns: &[(Side, Vec<Action>)],
    range: std::ops::Range<usize>,
    agent: &dyn Agent,
    budget: Budget,
    seed: u64,
    mut progress: impl FnMut(usize, usize),
) -> Result<Vec<TurnAnalysis>, String> {
    let eval = Evaluator::default();
    let mut meter = Meter::start(Budget::Nodes(u64::MAX));
    let mut value = |pos: &Position, side: Side| eval.value_for(rules, pos, side, &mut meter);
    let mut pos = rules.start();
    let mut out = Vec::new();
    for (index, (side, played)) in turns.iter().enumerate().take(range.end) {
        let before_pos = pos.clone();
        for &action in played {
            rules.play(&mut pos, action).map_err(|e| format!("turn {}: {e}", index + 1))?;
        }
        if index < range.start {
            continue;
        }
        if before_pos.phase() == &Phase::Play {
            let best = agent.choose_turn(rules, &before_pos, budget, seed.wrapping_add(index as u64));
            let mut best_pos = before_pos.clone();
            for &action in &best {
                rules.play(&mut best_pos, action).map_err(|e| format!("the agent's turn {}: {e}", index + 1))?;
            }
            let (before, after, best_after) = (value(&before_pos, *side), value(&pos, *side), value(&best_pos, *side));
            let loss = (best_after - after).max(0.0);
            let notation = |actions: &[Action]| -> Vec<String> {
                let shown = actions.iter().filter(|a| **a != Action::EndTurn || actions.len() == 1);
                shown.map(|a| format_action(a, rules.pieces())).collect()
            };
            out.push(TurnAnalysis {
                index,
                side: *side,
                played: notation(played),
                before,
                after,
                best: notation(&best),
                best_after,
                loss,
                judgement: Judgement::of(loss),
            });
        }
        progress(index + 1 - range.start, range.len());
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn losses_are_judged_at_lichess_thresholds() {
        assert_eq!(Judgement::of(0.099), None);
        assert_eq!(Judgement::of(0.10), Some(Judgement::Inaccuracy));
        assert_eq!(Judgement::of(0.25), Some(Judgement::Mistake));
        assert_eq!(Judgement::of(0.31), Some(Judgement::Blunder));
        assert_eq!(Judgement::Blunder.mark(), "??");
    }
}
