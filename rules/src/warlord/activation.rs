//! Who may activate whom: the activation matching of rulings 4.
//!
//! A turn in progress is legal when the moves made so far can be assigned to activators so that
//! every move's activator was within range when the move started (rulings 2) and no activator
//! is assigned more moves than its capacity. That is a bipartite b-matching; moves are added one
//! at a time, so each new move needs one augmenting path. A greedy first-fit choice is wrong: it
//! can leave a later move without an activator although a reassignment exists.

use crate::position::ActivatedMove;

/// The activators and their capacities, as seen by the matching.
pub(super) trait Capacities {
    /// How many moves the activator in `slot` may activate this turn.
    fn capacity(&self, slot: u32) -> u8;
}

/// Whether `activator` may be assigned `m`: a leader that took part in a swap activates nothing
/// but the swap itself.
fn allowed(moves: &[ActivatedMove], index: usize, activator: u32) -> bool {
    moves.iter().enumerate().all(|(i, m)| i == index || m.swapped_leader != Some(activator))
}

fn load(moves: &[ActivatedMove], activator: u32) -> u8 {
    moves.iter().filter(|m| m.assigned == activator).count() as u8
}

/// Tries to give move `index` an activator by an augmenting path, reassigning earlier moves if
/// needed. Returns whether it succeeded; on failure nothing is changed.
pub(super) fn assign(moves: &mut [ActivatedMove], index: usize, caps: &impl Capacities) -> bool {
    let mut visited: Vec<u32> = Vec::new();
    augment(moves, index, caps, &mut visited)
}

fn augment(moves: &mut [ActivatedMove], index: usize, caps: &impl Capacities, visited: &mut Vec<u32>) -> bool {
    let eligible = moves[index].eligible.clone();
    // First an activator with spare capacity, then one whose moves can be shifted elsewhere.
    for &a in &eligible {
        if !visited.contains(&a) && allowed(moves, index, a) && load(moves, a) < caps.capacity(a) {
            moves[index].assigned = a;
            return true;
        }
    }
    for &a in &eligible {
        if !allowed(moves, index, a) || visited.contains(&a) {
            continue;
        }
        visited.push(a);
        let holders: Vec<usize> = (0..moves.len()).filter(|&i| i != index && moves[i].assigned == a).collect();
        for h in holders {
            let before = moves[h].assigned;
            moves[h].assigned = u32::MAX;
            if augment(moves, h, caps, visited) {
                moves[index].assigned = a;
                return true;
            }
            moves[h].assigned = before;
        }
    }
    false
}

/// Whether every move can be assigned an activator at once (a full matching from scratch).
pub(super) fn feasible(moves: &mut [ActivatedMove], caps: &impl Capacities) -> bool {
    for m in moves.iter_mut() {
        m.assigned = u32::MAX;
    }
    (0..moves.len()).all(|i| assign(moves, i, caps))
}

/// The activators that can take one more move, possibly after earlier moves are reassigned:
/// those with spare capacity, and, repeatedly, those holding a move that some activator already
/// in the set could take over. A new move is feasible exactly when one of its eligible
/// activators is in this set. `spare` lists the candidates with spare capacity; `in_set` is
/// scratch indexed by slot (all false on entry; true for the members on return).
pub(super) fn reachable(moves: &[ActivatedMove], spare: &[u32], in_set: &mut [bool]) -> Vec<u32> {
    let mut set: Vec<u32> = Vec::with_capacity(spare.len() + moves.len());
    for &a in spare {
        if !in_set[a as usize] {
            in_set[a as usize] = true;
            set.push(a);
        }
    }
    loop {
        let mut grew = false;
        for (i, m) in moves.iter().enumerate() {
            let holder = m.assigned;
            // A leader that took part in a swap takes no other move, even if its swap could
            // shift to another activator.
            if in_set[holder as usize] || moves.iter().any(|x| x.swapped_leader == Some(holder)) {
                continue;
            }
            if m.eligible.iter().any(|&b| b != holder && in_set[b as usize] && allowed(moves, i, b)) {
                in_set[holder as usize] = true;
                set.push(holder);
                grew = true;
            }
        }
        if !grew {
            return set;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Caps(Vec<u8>);
    impl Capacities for Caps {
        fn capacity(&self, slot: u32) -> u8 {
            self.0[slot as usize]
        }
    }

    fn mv(piece: u32, eligible: &[u32]) -> ActivatedMove {
        ActivatedMove { piece, eligible: eligible.to_vec(), assigned: u32::MAX, swapped_leader: None }
    }

    #[test]
    fn augmenting_path_reassigns_an_earlier_move() {
        // Move 0 could use leader 0 or 1; first-fit gives it 0. Move 1 can only use leader 0:
        // legal, because move 0 shifts to leader 1.
        let caps = Caps(vec![1, 1]);
        let mut moves = vec![mv(10, &[0, 1]), mv(11, &[0])];
        assert!(assign(&mut moves, 0, &caps));
        assert_eq!(moves[0].assigned, 0);
        assert!(assign(&mut moves, 1, &caps));
        assert_eq!((moves[0].assigned, moves[1].assigned), (1, 0));
    }

    #[test]
    fn no_assignment_leaves_everything_unchanged() {
        let caps = Caps(vec![1, 1]);
        let mut moves = vec![mv(10, &[0]), mv(11, &[0])];
        assert!(assign(&mut moves, 0, &caps));
        assert!(!assign(&mut moves, 1, &caps));
        assert_eq!(moves[0].assigned, 0);
    }

    #[test]
    fn capacity_two_takes_two_moves() {
        let caps = Caps(vec![2]);
        let mut moves = vec![mv(10, &[0]), mv(11, &[0]), mv(12, &[0])];
        assert!(assign(&mut moves, 0, &caps));
        assert!(assign(&mut moves, 1, &caps));
        assert!(!assign(&mut moves, 2, &caps));
    }

    #[test]
    fn reachable_set_includes_shiftable_holders() {
        let caps = Caps(vec![1, 1, 1]);
        let mut moves = vec![mv(10, &[0, 1])];
        assert!(assign(&mut moves, 0, &caps));
        // Leader 0 holds move 0, which leader 1 could take: both 0 and 1 can take a new move.
        let mut scratch = vec![false; 3];
        let mut set = reachable(&moves, &[1, 2], &mut scratch);
        set.sort_unstable();
        assert_eq!(set, vec![0, 1, 2]);
    }

    #[test]
    fn feasible_rematches_from_scratch() {
        let caps = Caps(vec![1, 1]);
        let mut moves = vec![mv(10, &[0, 1]), mv(11, &[1])];
        assert!(feasible(&mut moves, &caps));
        let mut moves = vec![mv(10, &[1]), mv(11, &[1])];
        assert!(!feasible(&mut moves, &caps));
    }
}
