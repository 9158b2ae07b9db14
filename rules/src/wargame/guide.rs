//! WarGame 1's part of the rules page (`crate::guide`): actions a turn and the chain of
//! command, each kind's movement points with the cost of each terrain (from the movement
//! rules), fire ranges and leader levels, and the victory options.

use super::config::Role;
use super::movement::enter_cost;
use super::WarGameRules;
use crate::guide::{turn_limit_sentence, FamilyGuide};
use crate::terrain::Terrain;

impl WarGameRules {
    /// The turn and victory sentences of this scenario, and each kind's movement and powers.
    #[must_use]
    pub fn family_guide(&self) -> FamilyGuide {
        let (config, options) = (&self.config, &self.options);
        let mut turn = vec![
            "White moves first.".to_string(),
            format!(
                "A side makes up to {} actions a turn (moves, shots and tows), each by a different piece; a turn of no action is a pass, and two passes in a row draw.",
                config.actions_per_turn
            ),
            format!(
                "A unit acts only when one of its side's leaders within {} squares orders it; each leader gives one order a turn, itself included.",
                config.activation_range
            ),
            format!(
                "A leader is in command when it is of the top level ({}) or within the communication range of a leader in command of the same or a higher level; a leader out of command may order others but never moves, fires or tows itself.",
                config.top_level()
            ),
            "At the end of a turn, a unit of the side that did not move is removed when it is cut off: no own unit beside it, every empty square beside it next to an enemy, and at least 3 enemies around.".into(),
        ];
        if options.free_setup {
            turn.insert(0, "The game starts with a setup: each side places its army inside its deployment zone, hidden from the other until both have committed.".into());
        }
        if options.paratroops > 0 {
            turn.push(format!(
                "{} infantry of each side are paratroopers: a leader prepares one on a turn, and it leaps up to {} squares on a later turn.",
                options.paratroops, config.paratroop_leap
            ));
        }
        let mut victory = Vec::new();
        if options.banner_victory {
            victory.push("A side that kills the enemy's Command Post wins.".into());
        }
        if options.banner_planting {
            victory.push(format!(
                "A side whose Command Post stands on an objective at the end of its turn wins (the Supreme Commander tows it {} square a turn).",
                config.tow_banner
            ));
        }
        victory.extend(turn_limit_sentence(options.turn_limit, options.adjudication));
        if victory.is_empty() {
            victory
                .push("The game goes on until a side resigns, the players agree a draw, or both pass in a row.".into());
        }
        let moves = self.pieces.iter().map(|(kind, _)| kind_moves(config.kind(kind))).collect();
        let notes = self
            .pieces
            .iter()
            .map(|(kind, _)| {
                let rules = config.kind(kind);
                let mut notes = vec![format!("Role: {}.", rules.role.name())];
                if rules.role.vehicle() {
                    notes.push("A vehicle: it may overrun enemies in a straight line.".into());
                }
                if rules.fire_range > 0 {
                    notes.push(format!("Fires up to {} squares over open ground.", rules.fire_range));
                }
                if rules.role == Role::Infantry {
                    notes.push(format!(
                        "Fires up to {} square from trees, towns or hills.",
                        config.infantry_cover_range
                    ));
                }
                if rules.level > 0 {
                    notes.push(format!(
                        "Leader of level {}: keeps leaders within {} squares in command.",
                        rules.level, rules.communication
                    ));
                }
                notes
            })
            .collect();
        FamilyGuide { turn, victory, notes, moves: Some(moves) }
    }
}

/// A kind's moves: its movement points and what each terrain costs it (the movement rules'
/// costs).
fn kind_moves(rules: &super::config::KindRules) -> Vec<String> {
    if rules.movement == 0 {
        return vec!["Never moves by itself.".into()];
    }
    let costs: Vec<String> = [Terrain::Open, Terrain::Town, Terrain::Hill, Terrain::Trees, Terrain::Water]
        .into_iter()
        .map(|t| match enter_cost(rules, t) {
            Some(cost) => format!("{} {cost}", t.name()),
            None => format!("never {}", t.name()),
        })
        .collect();
    let mut moves = vec![format!(
        "Has {} movement points a turn, spent along king steps (entering: {}); never through an own piece.",
        rules.movement,
        costs.join(", ")
    )];
    if rules.leap > 0 {
        moves.push(format!("Once prepared, leaps up to {} squares on a later turn.", rules.leap));
    }
    moves
}
