//! The drawn ending (\[004] Winning 2.2): "neither player has enough strength on the board to
//! take out any of their oppositions' pieces, and there are no rooks left on the board".
//!
//! Read exactly: no piece that fires cannon is left, and for each side, the most offence it
//! could ever put around one enemy piece, over every arrangement of its pieces, does not exceed
//! the least defence that enemy piece could ever have. Material only changes by captures, so
//! once this holds no capture can ever happen again.
//!
//! The most offence around a target comes from its eight neighbours (the *ring*). A fixed
//! piece adds its offence wherever it stands in the ring; a pawn adds x times the per-neighbour
//! offence, x being its counted neighbours: other ring squares, and the sixteen squares of the
//! 5x5 box around the target (the *outer* squares; the target itself is an enemy and never
//! counts). A counted piece on an outer square adds one to each ring pawn next to it, so its
//! worth depends only on which ring squares hold pawns. Hence, for each of the 3^8 ways of
//! filling the ring (empty, pawn, other piece), the total of counted neighbours is the ring's
//! own count plus the best outer squares for the pieces left over; the fixed pieces in the ring
//! are the strongest ones. [`RingTable`] holds these totals for every ring and number of
//! leftover pieces, so the maximum is a scan of 6561 entries.
//!
//! The least defence of a fixed piece is its defence; of a pawn 0 (its side can keep its
//! friends away from it). On the 8x8 board both bounds are reached: the target stands in the
//! middle with the 5x5 box around it, the other pieces fit in the 39 squares outside, and
//! with king steps and cooperating players any arrangement of so few pieces can be reached.
//! So the test is exact there; on smaller boards it can only miss a draw, never call a false
//! one.

use super::config::{FormationCount, Strength};
use super::MedievalRules;
use super::KING_STEPS;
use crate::position::Position;
use crate::side::Side;

/// The outer squares: the border of the 5x5 box around the target.
fn outer_squares() -> Vec<(i32, i32)> {
    (-2..=2)
        .flat_map(|r| (-2..=2).map(move |f| (f, r)))
        .filter(|&(f, r): &(i32, i32)| f.abs().max(r.abs()) == 2)
        .collect()
}

fn adjacent(a: (i32, i32), b: (i32, i32)) -> bool {
    a != b && (a.0 - b.0).abs() <= 1 && (a.1 - b.1).abs() <= 1
}

/// One way of filling the target's eight neighbours.
#[derive(Clone, Debug)]
struct Ring {
    /// Pawns in the ring.
    pawns: u8,
    /// Other pieces in the ring.
    others: u8,
    /// `gain[b]`: the counted neighbours of the ring's pawns, in all, with `b` leftover counted
    /// pieces on the best outer squares.
    gain: [u8; 17],
}

/// Every way of filling the ring, with what it gives (see the module documentation).
#[derive(Clone, Debug)]
pub(super) struct RingTable {
    counts: FormationCount,
    rings: Vec<Ring>,
}

impl RingTable {
    /// The table for a formation rule.
    pub(super) fn new(counts: FormationCount) -> RingTable {
        const EMPTY: u8 = 0;
        const PAWN: u8 = 1;
        const OTHER: u8 = 2;
        let outer = outer_squares();
        let rings = (0..3usize.pow(8))
            .map(|code| {
                let fill: Vec<u8> = (0..8).map(|i| (code / 3usize.pow(i)) as u8 % 3).collect();
                let counted = |i: usize| fill[i] == PAWN || counts == FormationCount::Pieces && fill[i] == OTHER;
                let pawn_squares: Vec<usize> = (0..8).filter(|&i| fill[i] == PAWN).collect();
                let inner: usize = pawn_squares
                    .iter()
                    .map(|&i| (0..8).filter(|&j| counted(j) && adjacent(KING_STEPS[i], KING_STEPS[j])).count())
                    .sum();
                let mut outer_worth: Vec<usize> = outer
                    .iter()
                    .map(|&o| pawn_squares.iter().filter(|&&i| adjacent(o, KING_STEPS[i])).count())
                    .collect();
                outer_worth.sort_unstable_by(|a, b| b.cmp(a));
                let mut gain = [0u8; 17];
                let mut total = inner;
                for (b, g) in gain.iter_mut().enumerate() {
                    *g = total as u8;
                    total += outer_worth.get(b).copied().unwrap_or(0);
                }
                let n = |kind| fill.iter().filter(|&&f| f == kind).count() as u8;
                debug_assert_eq!(n(EMPTY) + n(PAWN) + n(OTHER), 8);
                Ring { pawns: n(PAWN), others: n(OTHER), gain }
            })
            .collect();
        RingTable { counts, rings }
    }

    /// The most offence an army of `pawns` pawns and fixed pieces of the given offences
    /// (strongest first) can put around one enemy piece, with `per_pawn` offence per counted
    /// neighbour of a pawn.
    fn max_offence(&self, pawns: usize, fixed: &[u32], per_pawn: u32) -> u64 {
        let mut best_fixed = vec![0u64];
        for &o in fixed.iter().take(8) {
            best_fixed.push(best_fixed.last().copied().unwrap_or(0) + u64::from(o));
        }
        self.rings
            .iter()
            .filter(|r| usize::from(r.pawns) <= pawns && usize::from(r.others) <= fixed.len())
            .map(|r| {
                let mut leftover = pawns - usize::from(r.pawns);
                if self.counts == FormationCount::Pieces {
                    leftover += fixed.len() - usize::from(r.others);
                }
                best_fixed[usize::from(r.others)] + u64::from(per_pawn) * u64::from(r.gain[leftover.min(16)])
            })
            .max()
            .unwrap_or(0)
    }
}

impl MedievalRules {
    /// The most offence `side` could ever put around one enemy piece, over every arrangement of
    /// its pieces now on the board.
    #[must_use]
    pub fn max_offence(&self, pos: &Position, side: Side) -> u64 {
        let mut pawns = 0;
        let mut fixed = Vec::new();
        for (_, p) in pos.pieces(side) {
            match self.config.strength_of(p.kind) {
                Strength::Formation => pawns += 1,
                Strength::Fixed { offence, .. } => fixed.push(offence),
            }
        }
        fixed.sort_unstable_by(|a, b| b.cmp(a));
        let ring = self.ring.get_or_init(|| RingTable::new(self.config.formation.counts));
        ring.max_offence(pawns, &fixed, self.config.formation.offence)
    }

    /// Whether the game is drawn by \[004] Winning 2.2: no piece that fires cannon is left and
    /// neither side could ever take out an enemy piece (see the module documentation).
    #[must_use]
    pub fn is_dead(&self, pos: &Position) -> bool {
        let mut all = pos.pieces(Side::White).chain(pos.pieces(Side::Black));
        if all.any(|(_, p)| self.config.fires(p.kind)) {
            return false;
        }
        Side::BOTH.into_iter().all(|side| {
            let weakest = pos
                .pieces(side.opponent())
                .map(|(_, p)| match self.config.strength_of(p.kind) {
                    Strength::Fixed { defence, .. } => u64::from(defence),
                    Strength::Formation => 0,
                })
                .min();
            weakest.is_some_and(|d| self.max_offence(pos, side) <= d)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Calls `f` with every `k`-subset of `0..n`.
    fn subsets(n: usize, k: usize, from: usize, chosen: &mut Vec<usize>, f: &mut impl FnMut(&[usize])) {
        if chosen.len() == k {
            return f(chosen);
        }
        for i in from..n {
            chosen.push(i);
            subsets(n, k, i + 1, chosen, f);
            chosen.pop();
        }
    }

    /// The best offence by brute force: every placement of the pawns on the 24 squares of the
    /// box, the fixed pieces (strongest first) on the ring squares left free.
    fn brute_force(pawns: usize, fixed: &[u32]) -> u64 {
        let mut squares: Vec<(i32, i32)> = KING_STEPS.to_vec();
        squares.extend(outer_squares());
        let mut best = 0;
        subsets(24, pawns, 0, &mut Vec::new(), &mut |set| {
            let pawn_total: u64 = set
                .iter()
                .filter(|&&i| i < 8)
                .map(|&i| set.iter().filter(|&&j| adjacent(squares[i], squares[j])).count() as u64)
                .sum();
            let free_ring = 8 - set.iter().filter(|&&i| i < 8).count();
            let fixed_total: u64 = fixed.iter().take(free_ring).map(|&o| u64::from(o)).sum();
            best = best.max(pawn_total + fixed_total);
        });
        best
    }

    #[test]
    fn the_ring_table_agrees_with_brute_force() {
        let table = RingTable::new(FormationCount::Pawns);
        for (pawns, fixed) in [
            (0, vec![6, 4]),
            (1, vec![]),
            (2, vec![]),
            (3, vec![2]),
            (4, vec![]),
            (4, vec![4, 3, 3]),
            (5, vec![6]),
            (6, vec![]),
        ] {
            assert_eq!(table.max_offence(pawns, &fixed, 1), brute_force(pawns, &fixed), "{pawns} pawns, {fixed:?}");
        }
    }

    #[test]
    fn known_maxima() {
        let pawns = RingTable::new(FormationCount::Pawns);
        // Two pawns side by side: 1 + 1. The king alone: 2. Eight pawns fill the ring: each
        // corner pawn has 2 ring neighbours, each edge pawn 4: 24.
        assert_eq!(pawns.max_offence(2, &[], 1), 2);
        assert_eq!(pawns.max_offence(0, &[2], 1), 2);
        assert_eq!(pawns.max_offence(1, &[2], 1), 2, "a lone pawn adds nothing");
        assert!(pawns.max_offence(8, &[], 1) >= 24);
        // Counting any friendly piece, a king next to a pawn makes it worth 1.
        let pieces = RingTable::new(FormationCount::Pieces);
        assert_eq!(pieces.max_offence(1, &[2], 1), 3);
        assert_eq!(pieces.max_offence(1, &[0], 1), 1, "even a rook lends a pawn strength");
    }
}
