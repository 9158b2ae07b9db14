//! The Warlord family's part of the rules page (`crate::guide`): turns of activations, the
//! scenario's victory conditions and options, and each leader's orders.

use super::WarlordRules;
use crate::guide::{side_title, turn_limit_sentence, FamilyGuide};
use crate::piece::UnitClass;

impl WarlordRules {
    /// The turn and victory sentences of this scenario, and notes on its pieces.
    #[must_use]
    pub fn family_guide(&self) -> FamilyGuide {
        let (config, options) = (&self.config, &self.options);
        let mut turn = vec![format!("{} moves first.", side_title(config.first))];
        let cap = if config.cap_by_leaders { ", and never more pieces than it has leaders" } else { "" };
        turn.push(format!("A side moves up to {} pieces a turn{cap}.", config.moves_per_turn));
        turn.push(
            "A piece moves only when one of its side's leaders activates it: the piece must stand within the leader's command range (in king steps), and a leader activates at most as many pieces a turn as its capacity (a leader's move uses its own activation).".into(),
        );
        if options.self_activating_knights {
            turn.push("Knights (light cavalry) activate themselves; they still count against the turn's moves.".into());
        }
        if options.at_least_one_move {
            turn.push("A turn must contain at least one move when one is possible.".into());
        }
        if options.free_setup || config.army.is_some() {
            turn.push("The game starts with a setup: each side places its army inside its deployment zone, hidden from the other until both have committed.".into());
        }
        for wave in &config.waves {
            let count: u32 = wave.pieces.iter().map(|&(_, n)| u32::from(n)).sum();
            turn.push(format!(
                "{count} reinforcements of {} may enter from its turn {} on, placed on their entry squares as actions of the turn.",
                side_title(wave.side),
                wave.turn
            ));
        }
        let mut victory = vec!["A side that has lost every leader loses.".to_string()];
        if options.shorter_game {
            victory.push("Shorter game: a side that captures 3 leaders, more than the opponent can capture back in its next turn, wins.".into());
        }
        if config.towns_to_win > 0 {
            victory.push(format!("A side holding {} towns at the start of its turn wins.", config.towns_to_win));
        }
        if config.collapse_below > 0 {
            victory.push(format!(
                "A side whose leaders can together activate fewer than {} other pieces loses.",
                config.collapse_below
            ));
        }
        if options.leader_losses > 0 {
            victory.push(format!("A side that has lost {} of its original leaders loses.", options.leader_losses));
        }
        victory.extend(turn_limit_sentence(options.turn_limit, options.adjudication));
        let notes = self
            .pieces
            .iter()
            .map(|(_, kind)| {
                let mut notes = Vec::new();
                if let Some(c) = kind.command {
                    notes.push(if c.others {
                        format!("Activates up to {} pieces a turn within {} king steps.", c.capacity, c.range)
                    } else {
                        "Activates only itself.".to_string()
                    });
                }
                if kind.class == UnitClass::Leader {
                    notes.push("A leader: losing every leader loses the game.".into());
                }
                notes
            })
            .collect();
        FamilyGuide { turn, victory, notes, moves: None }
    }
}
