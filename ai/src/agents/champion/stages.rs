//! The stages of a turn and their shares of the budget, by the turn's length.

use super::Champion;
use crate::budget::Budget;
use warlord_rules::Position;

/// On long turns under a node budget, the share of the budget for the capture replies.
const CAPTURE_REPLY_SHARE: f64 = 0.1;

/// Which stages plan a turn and what share of the budget each gets. A short turn: the beam,
/// then the greedy replies. A long turn (at least [`Champion::long_turn_moves`] moves): a
/// smaller beam, evolution on islands seeded by it, the capture replies ranking the candidates,
/// then the greedy replies.
///
/// Under a node budget each stage gets its share of the nodes. Under a time budget the beam
/// ends at its share of the time, evolution at the end of the beam's and its own shares, and
/// the replies at the whole budget's deadline.
#[derive(Clone, Copy, Debug)]
pub(super) struct Stages {
    /// Whether the turn is long: evolution and the capture replies run.
    pub long: bool,
    /// The beam's share.
    beam: f64,
    /// Evolution's share (none on short turns).
    evolve: f64,
    /// The capture replies' share of a node budget (none on short turns).
    rank: f64,
}

impl Stages {
    /// The stages of the turn to be played from `pos`, with the champion's shares.
    pub fn for_turn(champion: &Champion, pos: &Position) -> Stages {
        if pos.turn_cap() >= champion.long_turn_moves {
            Stages {
                long: true,
                beam: champion.long_beam_share,
                evolve: champion.evolve_share,
                rank: CAPTURE_REPLY_SHARE,
            }
        } else {
            Stages { long: false, beam: champion.candidate_share, evolve: 0.0, rank: 0.0 }
        }
    }

    /// The beam's budget.
    pub fn beam(&self, budget: Budget) -> Budget {
        budget.fraction(self.beam)
    }

    /// Each island's budget when `islands` evolve at once: an equal part of evolution's share
    /// of a node budget, or the time until the beam's and evolution's shares have passed.
    pub fn island(&self, budget: Budget, islands: u64) -> Budget {
        match budget {
            Budget::Nodes(n) => Budget::Nodes((n as f64 * self.evolve / islands as f64) as u64),
            time => time.fraction(self.beam + self.evolve),
        }
    }

    /// The capture replies' budget: their share of a node budget; a time budget whole, since
    /// every reply stage ends at its deadline.
    pub fn capture_replies(&self, budget: Budget) -> Budget {
        match budget {
            Budget::Nodes(n) => Budget::Nodes((n as f64 * self.rank) as u64),
            time => time,
        }
    }

    /// The greedy replies' budget: what the other stages leave of a node budget; a time budget
    /// whole.
    pub fn greedy_replies(&self, budget: Budget) -> Budget {
        match budget {
            Budget::Nodes(n) => Budget::Nodes(n - (n as f64 * (self.beam + self.evolve + self.rank)) as u64),
            time => time,
        }
    }
}
