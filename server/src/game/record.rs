//! Exporting a game as a record file in the project notation (what `warlord replay` reads).

use super::{Game, Viewer};
use warlord_rules::notation::{parse_action, Record, RecordTurn};
use warlord_rules::Side;

impl Game {
    /// The game's record as a viewer may see it: tags, then one line per finished turn (the
    /// other side's setup is left out while setups are secret). A turn still in progress is
    /// written as a `#` comment, so that replaying the file stops where the game stands.
    #[must_use]
    pub fn record_text(&self, viewer: Viewer) -> String {
        let pieces = self.rules.pieces();
        let mut record = Record::default();
        record.tags.push(("Scenario".into(), self.meta.scenario.clone()));
        for (name, value) in &self.meta.options {
            record.tags.push(("Option".into(), format!("{name}={value}")));
        }
        record.tags.push(("Game".into(), self.meta.id.clone()));
        record.tags.push(("Mode".into(), self.meta.mode.name().into()));
        if let Some(ai) = self.meta.ai {
            let tag = if ai.side == Side::White { "White" } else { "Black" };
            record.tags.push((tag.into(), format!("AI level {}", ai.level)));
        }
        if let Some(outcome) = self.outcome() {
            record.tags.push(("Result".into(), outcome.score().into()));
            record.tags.push(("Termination".into(), outcome.to_string()));
        }
        let mut unfinished = None;
        for (k, turn) in self.visible_turns(viewer) {
            let (number, second) = (k as u32 / 2 + 1, k % 2 == 1);
            let texts: Vec<String> = turn.actions.iter().map(|a| a.to_string()).collect();
            if !turn.done {
                let mark = if second { "..." } else { "." };
                unfinished = Some(format!("# unfinished: {number}{mark} {}\n", texts.join(", ")));
                continue;
            }
            let actions = texts.iter().filter_map(|t| parse_action(t, pieces).ok()).collect();
            record.turns.push(RecordTurn { number, second, actions, texts, ..RecordTurn::default() });
        }
        let mut text = record.to_text(pieces);
        text.extend(unfinished);
        text
    }
}
