//! The computer's analysis of a line for the analysis board (`POST /api/analysis/computer`,
//! docs/API.md): the code of `warlord analyse` (`warlord_ai::analysis`), a few turns a
//! request, so that each request stays a bounded heavy job and the board shows its progress
//! as the answers come.

use crate::error::{ApiError, ErrorCode};
use crate::render::{action_view, ActionView};
use serde::Serialize;
use warlord_ai::analysis::{analyse_turns, Judgement};
use warlord_ai::{by_name, Budget};
use warlord_rules::notation::parse_action;
use warlord_rules::{Action, Ruleset, Side};

/// The most turns one request analyses.
pub const TURNS_PER_REQUEST: usize = 4;

/// The search of each turn's best turn, in milliseconds (so a request takes about a second).
pub const BUDGET_MS: u64 = 200;

/// The agent that looks for the best turns.
pub const AGENT: &str = "champion";

/// How bad a turn was, as lichess marks it.
#[derive(Serialize, ts_rs::TS, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
#[ts(rename = "JudgementView")]
pub(crate) enum JudgementView {
    /// `?!`: gave away at least 10 points of winning chance.
    Inaccuracy,
    /// `?`: at least 20.
    Mistake,
    /// `??`: at least 30.
    Blunder,
}

/// The analysis of one turn of the line.
#[derive(Serialize, ts_rs::TS)]
#[ts(rename = "ComputerTurn")]
pub(crate) struct ComputerTurnBody {
    /// The turn's index in the line (0 for the first, setup turns counted).
    pub index: u32,
    /// The side that played it.
    pub side: Side,
    /// The index in the line's actions just after the turn's end.
    pub end: u32,
    /// The side's winning chance (0 to 1) before the turn.
    pub before: f64,
    /// Its winning chance after the turn played.
    pub after: f64,
    /// Its winning chance after the best turn found.
    pub best_after: f64,
    /// White's winning chance after the turn played (the evaluation graph's point).
    pub white_chance: f64,
    /// The winning chance the turn gave away against the best found.
    pub loss: f64,
    /// Its mark, if the loss earns one.
    pub judgement: Option<JudgementView>,
    /// The mark's symbol (`?!`, `?`, `??`).
    pub mark: Option<String>,
    /// The best turn found in the position before it, each action described (its squares).
    pub best: Vec<ActionView>,
}

/// A part of a line's analysis.
#[derive(Serialize, ts_rs::TS)]
#[ts(rename = "ComputerAnalysis")]
pub(crate) struct ComputerBody {
    /// The agent and its budget a turn.
    pub agent: String,
    /// The turns analysed by this request (setup turns are skipped).
    pub turns: Vec<ComputerTurnBody>,
    /// The finished turns of the line (a turn still in progress is not analysed).
    pub total: u32,
    /// The turn to ask for next (`from`), while some are left.
    pub next: Option<u32>,
}

/// Analyses up to [`TURNS_PER_REQUEST`] turns of the line `actions` (texts in the notation,
/// each turn's end written `end`) from its turn `from`.
pub(crate) fn analyse_line(rules: &dyn Ruleset, actions: &[String], from: usize) -> Result<ComputerBody, ApiError> {
    let mut pos = rules.start();
    let mut turns: Vec<(Side, Vec<Action>)> = Vec::new();
    let mut ends = Vec::new();
    let mut current = Vec::new();
    for (i, text) in actions.iter().enumerate() {
        let place = |reason: String| format!("action {} (`{}`): {reason}", i + 1, crate::error::clip(text, 40));
        let action = parse_action(text, rules.pieces()).map_err(|e| ApiError::bad_request(place(e.to_string())))?;
        let side = pos.to_move();
        let report = rules
            .play(&mut pos, action)
            .map_err(|e| ApiError { message: place(e.reason.clone()), ..ApiError::illegal(e) })?;
        current.push(action);
        if report.turn_ended || report.outcome.is_some() {
            turns.push((side, std::mem::take(&mut current)));
            ends.push(i + 1);
        }
    }
    let end = turns.len().min(from.saturating_add(TURNS_PER_REQUEST));
    let start = from.min(end);
    let agent = by_name(AGENT).map_err(|e| ApiError::new(ErrorCode::Internal, e))?;
    let analysed = analyse_turns(rules, &turns, start..end, agent.as_ref(), Budget::Millis(BUDGET_MS), 0, |_, _| {})
        .map_err(|e| ApiError::new(ErrorCode::Internal, format!("the analysis failed: {e}")))?;
    let count = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
    let turns_out = analysed
        .into_iter()
        .map(|t| ComputerTurnBody {
            index: count(t.index),
            side: t.side,
            end: count(ends.get(t.index).copied().unwrap_or(0)),
            before: t.before,
            after: t.after,
            best_after: t.best_after,
            white_chance: if t.side == Side::White { t.after } else { 1.0 - t.after },
            loss: t.loss,
            judgement: t.judgement.map(|j| match j {
                Judgement::Inaccuracy => JudgementView::Inaccuracy,
                Judgement::Mistake => JudgementView::Mistake,
                Judgement::Blunder => JudgementView::Blunder,
            }),
            mark: t.judgement.map(|j| j.mark().to_string()),
            best: t
                .best
                .iter()
                .filter_map(|text| parse_action(text, rules.pieces()).ok())
                .map(|a| action_view(a, rules))
                .collect(),
        })
        .collect();
    Ok(ComputerBody {
        agent: format!("{AGENT}, {BUDGET_MS} ms a turn"),
        turns: turns_out,
        total: count(turns.len()),
        next: (end < turns.len()).then(|| count(end)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use warlord_rules::notation::format_action;
    use warlord_rules::Scenario;

    /// The rules of the first shipped scenario: the analysis works alike for every one.
    fn rules() -> std::sync::Arc<dyn Ruleset> {
        let file = &warlord_scenarios::ALL[0];
        Scenario::parse(file.text, file.id).unwrap().ruleset(&[]).unwrap()
    }

    /// A line of `turns` whole turns, each of the first legal actions until the turn ends.
    fn line(rules: &dyn Ruleset, turns: usize) -> Vec<String> {
        let mut pos = rules.start();
        let mut out = Vec::new();
        let mut done = 0;
        while done < turns {
            let action = rules.legal_action_list(&pos)[0];
            out.push(format_action(&action, rules.pieces()));
            let report = rules.play(&mut pos, action).unwrap();
            if report.turn_ended || report.outcome.is_some() {
                done += 1;
            }
        }
        out
    }

    #[test]
    fn a_line_is_analysed_a_few_turns_a_request() {
        let rules = rules();
        let actions = line(&*rules, TURNS_PER_REQUEST + 2);
        let first = analyse_line(&*rules, &actions, 0).unwrap();
        assert_eq!(first.total as usize, TURNS_PER_REQUEST + 2);
        assert_eq!(first.turns.len(), TURNS_PER_REQUEST);
        assert_eq!(first.next, Some(TURNS_PER_REQUEST as u32));
        assert_eq!(first.turns[1].side, Side::Black);
        assert!(first.turns.iter().all(|t| !t.best.is_empty() && (0.0..=1.0).contains(&t.white_chance)));
        assert!(first.turns[0].end > 0 && first.turns[1].end > first.turns[0].end);
        let rest = analyse_line(&*rules, &actions, TURNS_PER_REQUEST).unwrap();
        assert_eq!(rest.turns.iter().map(|t| t.index).collect::<Vec<_>>(), vec![4, 5]);
        assert_eq!(rest.next, None);
    }

    #[test]
    fn an_illegal_line_is_refused_with_its_place() {
        let rules = rules();
        let error = analyse_line(&*rules, &["a1-a8".to_string()], 0).err().unwrap();
        assert!(error.message.starts_with("action 1 (`a1-a8`)"), "{}", error.message);
    }
}
