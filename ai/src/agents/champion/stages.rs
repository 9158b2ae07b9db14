//! The stages of a turn and their shares of the budget, by the turn's length.

use super::{Champion, Look};
use crate::budget::Budget;
use crate::eval::LONG_TURN_MOVES;
use warlord_rules::Position;

/// On long turns under a node budget, the share of the budget for the capture replies.
const CAPTURE_REPLY_SHARE: f64 = 0.1;

/// On long turns, the share of a node budget for mending the best-ranked candidates.
const MEND_SHARE: f64 = 0.15;

/// On long turns of [`LONG_TURN_MOVES`] moves or more under a time budget, the share of the
/// time by whose end mending stops: nearly all of it. At 100 ms on the town boards no greedy
/// reply finished in the tenth of the time mending used to leave them, and mending on through
/// it scored more (docs/AI.md, "Round 18"). The greedy replies get the rest, and all the time
/// mending leaves when no reply to a best-ranked candidate strikes anything.
const MEND_UNTIL: f64 = 0.99;

/// On long turns of fewer than [`LONG_TURN_MOVES`] moves (the 16x12 battle boards' four to six)
/// under a time budget, the share of the time by whose end mending stops where greedy replies
/// follow it ([`Look::Replies`]): the greedy replies get the last fifth. There a greedy reply
/// takes a few milliseconds, and mending until [`MEND_UNTIL`] left none to most turns: the
/// best-ranked candidate was played unchecked (152 of 257 four-move turns of Warlord 2.0), and
/// leaders were lost to replies greedy sees (docs/AI.md, "Rounds 38 and 39").
const MEND_UNTIL_FEW_MOVES: f64 = 0.8;

/// Which stages plan a turn and what share of the budget each gets. A short turn: the beam,
/// then the greedy replies. A long turn (at least [`Champion::long_turn_moves`] moves): a
/// smaller beam, evolution on islands seeded by it, the capture replies ranking the candidates,
/// the best of them mended, then the greedy replies.
///
/// Under a node budget each stage gets its share of the nodes, but never more than the stages
/// before it left (`used` counts their nodes), so the turn stays within its budget when a stage
/// overran its share (a seed turn, a finished partial turn). Under a time budget the beam ends
/// at its share of the time, evolution (and the advancing turns that seed it) at the end of
/// the beam's and its own shares, and the replies at the whole budget's deadline.
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
    /// Mending's share of a node budget (none on short turns).
    mend: f64,
    /// The share of a time budget by whose end mending stops (none on short turns).
    mend_until: f64,
}

impl Stages {
    /// The stages of the turn to be played from `pos`, with the champion's shares. A champion
    /// that plays the best mended turn without greedy replies ([`Look::Mended`]) mends until
    /// [`MEND_UNTIL`] on every long turn: the reserve of [`MEND_UNTIL_FEW_MOVES`] is for replies
    /// it does not examine.
    pub fn for_turn(champion: &Champion, pos: &Position) -> Stages {
        if pos.turn_cap() >= champion.long_turn_moves {
            Stages {
                long: true,
                beam: champion.long_beam_share,
                evolve: champion.evolve_share,
                rank: CAPTURE_REPLY_SHARE,
                mend: MEND_SHARE,
                mend_until: if pos.turn_cap() < LONG_TURN_MOVES && champion.look == Look::Replies {
                    MEND_UNTIL_FEW_MOVES
                } else {
                    MEND_UNTIL
                },
            }
        } else {
            Stages { long: false, beam: champion.candidate_share, evolve: 0.0, rank: 0.0, mend: 0.0, mend_until: 0.0 }
        }
    }

    /// The beam's budget.
    pub fn beam(&self, budget: Budget) -> Budget {
        budget.fraction(self.beam)
    }

    /// The advancing turns' budget (long turns): what the beam left of a node budget, or the
    /// time until the beam's and evolution's shares have passed.
    pub fn advancing(&self, budget: Budget, used: u64) -> Budget {
        match budget {
            Budget::Nodes(n) => Budget::Nodes(n.saturating_sub(used)),
            time => time.fraction(self.beam + self.evolve),
        }
    }

    /// Each island's budget when `islands` evolve at once: an equal part of evolution's share
    /// of a node budget (at most of what the stages before left), or the time until the beam's
    /// and evolution's shares have passed.
    pub fn island(&self, budget: Budget, islands: u64, used: u64) -> Budget {
        match budget {
            Budget::Nodes(n) => Budget::Nodes(share(n, self.evolve).min(n.saturating_sub(used)) / islands),
            time => time.fraction(self.beam + self.evolve),
        }
    }

    /// The capture replies' budget: their share of a node budget (at most what the stages
    /// before left); a time budget whole, since every reply stage ends at its deadline.
    pub fn capture_replies(&self, budget: Budget, used: u64) -> Budget {
        match budget {
            Budget::Nodes(n) => Budget::Nodes(share(n, self.rank).min(n.saturating_sub(used))),
            time => time,
        }
    }

    /// Mending's budget (long turns): its share of a node budget (at most what the stages
    /// before left), or the time until its share of the budget has passed ([`MEND_UNTIL`], or
    /// [`MEND_UNTIL_FEW_MOVES`] on turns of fewer than [`LONG_TURN_MOVES`] moves).
    pub fn mend(&self, budget: Budget, used: u64) -> Budget {
        match budget {
            Budget::Nodes(n) => Budget::Nodes(share(n, self.mend).min(n.saturating_sub(used))),
            time => time.fraction(self.mend_until),
        }
    }

    /// The greedy replies' budget: what the other stages' shares leave of a node budget (at
    /// most what they did leave); a time budget whole.
    pub fn greedy_replies(&self, budget: Budget, used: u64) -> Budget {
        match budget {
            Budget::Nodes(n) => Budget::Nodes(
                (n - share(n, self.beam + self.evolve + self.rank + self.mend)).min(n.saturating_sub(used)),
            ),
            time => time,
        }
    }
}

/// A share of `n` nodes, rounded down.
fn share(n: u64, share: f64) -> u64 {
    (n as f64 * share) as u64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agents::Champion;

    #[test]
    fn the_battle_boards_four_moves_are_a_long_turn_and_fewer_a_short_one() {
        use super::super::test_support::skirmish;
        // The skirmish board allows four moves a turn, never more than the leaders left: four
        // leaders give a turn of four moves, planned by evolution (docs/AI.md, "Round 26");
        // three give three, planned by the beam alone.
        let champion = Champion::default();
        let (_, four) = skirmish("llll4/8/8/8/8/8/8/LLLL4");
        assert_eq!(four.turn_cap(), 4);
        assert!(Stages::for_turn(&champion, &four).long);
        let (_, three) = skirmish("lll5/8/8/8/8/8/8/LLL5");
        assert_eq!(three.turn_cap(), 3);
        assert!(!Stages::for_turn(&champion, &three).long);
    }

    #[test]
    fn on_a_four_move_turn_mending_leaves_the_greedy_replies_a_fifth_of_the_time_where_they_run() {
        // Under a time budget a battle board's four-move turn stops mending at four fifths of
        // it, so that the greedy replies check the best-ranked candidates (docs/AI.md, "Round
        // 39"); under a node budget mending keeps its share.
        let (_, four) = super::super::test_support::skirmish("llll4/8/8/8/8/8/8/LLLL4");
        let stages = Stages::for_turn(&Champion::default(), &four);
        assert_eq!(stages.mend(Budget::Millis(100), 0), Budget::Millis(80));
        assert_eq!(stages.mend(Budget::Nodes(1000), 0), Budget::Nodes(150));
        // The level that stops after mending examines no greedy reply: it mends until the end.
        let mended = Champion { look: Look::Mended, ..Champion::default() };
        assert_eq!(Stages::for_turn(&mended, &four).mend(Budget::Millis(100), 0), Budget::Millis(99));
    }

    #[test]
    fn under_a_node_budget_a_stage_gets_no_more_than_the_stages_before_left() {
        let long = Stages { long: true, beam: 0.1, evolve: 0.55, rank: 0.1, mend: 0.15, mend_until: MEND_UNTIL };
        let n = Budget::Nodes(1000);
        // On its shares: 100 for the beam, 275 an island, 100 to rank, 150 to mend, the last 100
        // to decide.
        assert_eq!(long.island(n, 2, 100), Budget::Nodes(275));
        assert_eq!(long.capture_replies(n, 650), Budget::Nodes(100));
        assert_eq!(long.mend(n, 750), Budget::Nodes(150));
        assert_eq!(long.greedy_replies(n, 900), Budget::Nodes(100));
        // After stages that overran, what is left.
        assert_eq!(long.island(n, 2, 600), Budget::Nodes(200));
        assert_eq!(long.capture_replies(n, 960), Budget::Nodes(40));
        assert_eq!(long.mend(n, 920), Budget::Nodes(80));
        assert_eq!(long.greedy_replies(n, 950), Budget::Nodes(50));
        assert_eq!(long.greedy_replies(n, 1200), Budget::Nodes(0));
        // Time: the deadlines of the shares.
        assert_eq!(long.island(Budget::Millis(100), 2, 5), Budget::Millis(65));
        assert_eq!(long.mend(Budget::Millis(100), 70), Budget::Millis(99));
        let short = Stages::for_turn(&Champion::default(), &super::super::test_support::short_turn_position());
        assert!(!short.long);
        assert_eq!(short.greedy_replies(n, 300), Budget::Nodes(600));
        // A short turn mends nothing: no nodes, and a time budget's least (one millisecond).
        assert_eq!(short.mend(n, 300), Budget::Nodes(0));
        assert_eq!(short.mend(Budget::Millis(100), 0), Budget::Millis(1));
    }
}
