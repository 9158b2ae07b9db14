//! Medieval War Chess's part of the rules page (`crate::guide`): actions a turn, melee and
//! cannon attacks, each piece's strength, and how the game ends.

use super::config::{FormationCount, Strength};
use super::MedievalRules;
use crate::guide::{turn_limit_sentence, FamilyGuide};

impl MedievalRules {
    /// The turn and victory sentences of this scenario, and each piece's strength.
    #[must_use]
    pub fn family_guide(&self) -> FamilyGuide {
        let config = &self.config;
        let turn = vec![
            "White moves first.".to_string(),
            format!(
                "A turn is exactly {} actions; each is a move, a melee attack or a cannon attack, and a piece may act more than once.",
                config.actions_per_turn
            ),
            "Pieces never capture by moving: a move is one king step to an empty square.".into(),
            "A melee attack names an enemy next to at least one own piece; every own piece next to it joins, and it is removed when their offence is greater than its defence (a failed attack is a spent action).".into(),
            "A cannon attack is a shot along a file, rank or diagonal at any distance; it succeeds only when no other piece stands anywhere on that line up to the board's edge.".into(),
        ];
        let mut victory = vec![
            "A side with no pieces left loses, at once.".to_string(),
            "The game is drawn when neither side can ever capture again (no piece that fires cannon is left, and no army can ever put enough offence around an enemy piece).".into(),
        ];
        victory.extend(turn_limit_sentence(self.options.turn_limit, self.options.adjudication));
        let formation = &config.formation;
        let counted = match formation.counts {
            FormationCount::Pawns => "adjacent friendly pawn",
            FormationCount::Pieces => "adjacent friendly piece",
        };
        let notes = self
            .pieces
            .iter()
            .map(|(kind, _)| {
                let mut notes = vec![match config.strength_of(kind) {
                    Strength::Fixed { offence, defence } => format!("Offence {offence}, defence {defence}."),
                    Strength::Formation => {
                        format!("Offence {} and defence {} for each {counted}.", formation.offence, formation.defence)
                    }
                }];
                if config.fires(kind) {
                    notes.push("Makes cannon attacks.".into());
                }
                notes
            })
            .collect();
        FamilyGuide { turn, victory, notes, moves: None }
    }
}
