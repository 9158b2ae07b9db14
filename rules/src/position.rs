//! A game in progress: the board, where every piece stands, whose turn it is and how far the
//! turn has gone. One type for every family; each [`crate::Ruleset`] gives it meaning.

use crate::action::Action;
use crate::board::{Board, OFF_BOARD};
use crate::outcome::Outcome;
use crate::piece::{KindId, Piece};
use crate::side::Side;
use crate::square::Square;
use std::sync::Arc;

/// Cell content meaning "no piece".
pub(crate) const EMPTY: u16 = 0;

/// A piece slot: every piece that has been on the board keeps its slot for the whole game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Slot {
    pub kind: KindId,
    pub side: Side,
    /// Padded cell index.
    pub cell: u32,
    pub alive: bool,
    /// Whether it has acted in the turn in progress.
    pub moved: bool,
}

/// The phase a game is in.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Sides are placing their armies (White first, then Black).
    Setup,
    /// Sides take turns.
    Play,
    /// The game has ended.
    Over(Outcome),
}

/// A move of the Warlord activation rules made in the turn in progress, with what the
/// activation matching needs to know about it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct ActivatedMove {
    /// Slot of the piece that moved (the cannon, for a swap).
    pub piece: u32,
    /// Slots of the activators that were within range when the move started (rulings 2).
    pub eligible: Vec<u32>,
    /// The activator currently assigned to it by the matching.
    pub assigned: u32,
    /// For a cannon-leader swap, the leader's slot: it activates nothing else this turn.
    pub swapped_leader: Option<u32>,
}

/// Reinforcements that have arrived and wait to be placed.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Arrival {
    /// Whose they are.
    pub side: Side,
    /// The wave they belong to (an index into the scenario's reinforcements).
    pub wave: u16,
    /// Their kind.
    pub kind: KindId,
    /// How many are still to place.
    pub count: u16,
}

/// The state of the turn in progress.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct TurnState {
    /// The actions taken so far this turn.
    pub actions: Vec<Action>,
    /// The moves of the activation rules, in order.
    pub activated: Vec<ActivatedMove>,
    /// How many moves (or actions) this turn allows, fixed at its start.
    pub cap: u8,
}

/// A position: everything needed to continue a game.
#[derive(Clone, Debug)]
pub struct Position {
    board: Arc<Board>,
    cells: Vec<u16>,
    pub(crate) slots: Vec<Slot>,
    /// Alive slots of each side.
    lists: [Vec<u32>; 2],
    /// For each slot, its index in its side's list.
    list_index: Vec<u32>,
    pub(crate) to_move: Side,
    pub(crate) phase: Phase,
    pub(crate) turn: TurnState,
    /// Turns completed since the start of play (setup turns not counted).
    pub(crate) turns_played: u32,
    /// Turns in a row that ended with no action.
    pub(crate) passes_in_row: u8,
    /// Enemy leaders captured by each side.
    pub(crate) leaders_captured: [u32; 2],
    /// Pieces each side still has to place in setup, as a count per kind.
    pub(crate) reserve: [Vec<u16>; 2],
    /// Leaders that activate others each side has lost (for the leader-losses option).
    pub(crate) leaders_lost: [u32; 2],
    /// Reinforcements waiting to be placed.
    pub(crate) arrivals: Vec<Arrival>,
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.board == other.board
            && self.to_move == other.to_move
            && self.phase == other.phase
            && self.turn == other.turn
            && self.turns_played == other.turns_played
            && self.passes_in_row == other.passes_in_row
            && self.leaders_captured == other.leaders_captured
            && self.reserve == other.reserve
            && self.leaders_lost == other.leaders_lost
            && self.arrivals == other.arrivals
            && self.placement() == other.placement()
    }
}

impl Eq for Position {}

impl Position {
    /// An empty position on a board, White to move, in the play phase.
    #[must_use]
    pub fn empty(board: Arc<Board>, kinds: usize) -> Position {
        let cells =
            (0..board.cell_count()).map(|i| if board.cell(i) == OFF_BOARD { u16::MAX } else { EMPTY }).collect();
        Position {
            board,
            cells,
            slots: Vec::new(),
            lists: [Vec::new(), Vec::new()],
            list_index: Vec::new(),
            to_move: Side::White,
            phase: Phase::Play,
            turn: TurnState::default(),
            turns_played: 0,
            passes_in_row: 0,
            leaders_captured: [0, 0],
            reserve: [vec![0; kinds], vec![0; kinds]],
            leaders_lost: [0, 0],
            arrivals: Vec::new(),
        }
    }

    /// The board.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The shared board, for building positions on the same board.
    #[must_use]
    pub fn board_arc(&self) -> &Arc<Board> {
        &self.board
    }

    /// The piece on a square, if any (`None` for squares off the board too).
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        if !self.board.contains(sq) {
            return None;
        }
        self.slot_at(self.board.index(sq)).map(|s| {
            let slot = &self.slots[s as usize];
            Piece { kind: slot.kind, side: slot.side }
        })
    }

    /// Every piece of a side with its square, in no particular order.
    pub fn pieces(&self, side: Side) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.lists[side.index()].iter().map(move |&s| {
            let slot = &self.slots[s as usize];
            (self.board.square(slot.cell as usize), Piece { kind: slot.kind, side: slot.side })
        })
    }

    /// How many pieces a side has on the board.
    #[must_use]
    pub fn piece_count(&self, side: Side) -> usize {
        self.lists[side.index()].len()
    }

    /// Every piece on the board, sorted by square (rank, then file).
    #[must_use]
    pub fn placement(&self) -> Vec<(Square, Piece)> {
        let mut all: Vec<_> = self.pieces(Side::White).chain(self.pieces(Side::Black)).collect();
        all.sort_by_key(|(sq, _)| (sq.rank, sq.file));
        all
    }

    /// The side whose turn (or setup) it is.
    #[must_use]
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// The phase of the game.
    #[must_use]
    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    /// The result, once the game is over.
    #[must_use]
    pub fn outcome(&self) -> Option<&Outcome> {
        match &self.phase {
            Phase::Over(o) => Some(o),
            _ => None,
        }
    }

    /// The actions taken so far in the turn in progress.
    #[must_use]
    pub fn actions_this_turn(&self) -> &[Action] {
        &self.turn.actions
    }

    /// How many moves or actions the turn in progress allows in all.
    #[must_use]
    pub fn turn_cap(&self) -> u8 {
        self.turn.cap
    }

    /// Turns completed since play began.
    #[must_use]
    pub fn turns_played(&self) -> u32 {
        self.turns_played
    }

    /// Turns in a row, just before this one, that were passes.
    #[must_use]
    pub fn passes_in_row(&self) -> u8 {
        self.passes_in_row
    }

    /// Whether the piece on a square has already acted this turn.
    #[must_use]
    pub fn has_moved(&self, sq: Square) -> bool {
        self.board.contains(sq) && self.slot_at(self.board.index(sq)).is_some_and(|s| self.slots[s as usize].moved)
    }

    /// Enemy leaders a side has captured.
    #[must_use]
    pub fn leaders_captured_by(&self, side: Side) -> u32 {
        self.leaders_captured[side.index()]
    }

    /// How many pieces of a kind a side has still to place in setup.
    #[must_use]
    pub fn in_reserve(&self, side: Side, kind: KindId) -> u16 {
        self.reserve[side.index()].get(usize::from(kind)).copied().unwrap_or(0)
    }

    /// The whole reserve of a side, as (kind, count) pairs with a count above zero.
    pub fn reserve(&self, side: Side) -> impl Iterator<Item = (KindId, u16)> + '_ {
        self.reserve[side.index()].iter().enumerate().filter(|(_, &n)| n > 0).map(|(k, &n)| (k as KindId, n))
    }

    /// Leaders that activate others a side has lost.
    #[must_use]
    pub fn leaders_lost(&self, side: Side) -> u32 {
        self.leaders_lost[side.index()]
    }

    /// Reinforcements waiting to be placed, of both sides.
    #[must_use]
    pub fn arrivals(&self) -> &[Arrival] {
        &self.arrivals
    }

    /// A 64-bit hash of everything that decides what can happen next.
    #[must_use]
    pub fn hash(&self) -> u64 {
        let mut h = mix(self.to_move as u64 + 1) ^ mix(0xabcd_0000 + u64::from(self.turns_played));
        for side in Side::BOTH {
            for &s in &self.lists[side.index()] {
                let slot = &self.slots[s as usize];
                let key = (u64::from(slot.kind) << 40)
                    | ((side as u64) << 39)
                    | (u64::from(slot.moved) << 38)
                    | u64::from(slot.cell);
                h ^= mix(key);
            }
        }
        for m in &self.turn.activated {
            let mut e = mix(0x5eed ^ u64::from(m.piece));
            for &a in &m.eligible {
                e = mix(e ^ u64::from(a));
            }
            h = h.wrapping_add(e);
        }
        h ^ mix(u64::from(self.turn.cap) << 48 | self.turn.actions.len() as u64)
    }

    // ----- crate-internal access for the rules -----

    /// The slot on a padded cell, if a piece stands there.
    #[inline]
    pub(crate) fn slot_at(&self, cell: usize) -> Option<u32> {
        match self.cells[cell] {
            EMPTY | u16::MAX => None,
            n => Some(u32::from(n) - 1),
        }
    }

    /// The raw content of a padded cell: [`EMPTY`], `u16::MAX` off the board, or slot + 1.
    #[inline]
    pub(crate) fn cell(&self, cell: usize) -> u16 {
        self.cells[cell]
    }

    /// Alive slots of a side.
    #[inline]
    pub(crate) fn slots_of(&self, side: Side) -> &[u32] {
        &self.lists[side.index()]
    }

    /// Puts a new piece on an empty on-board square; returns its slot.
    pub(crate) fn add_piece(&mut self, sq: Square, piece: Piece) -> u32 {
        let cell = self.board.index(sq);
        debug_assert_eq!(self.cells[cell], EMPTY);
        let slot = self.slots.len() as u32;
        self.slots.push(Slot { kind: piece.kind, side: piece.side, cell: cell as u32, alive: true, moved: false });
        self.cells[cell] = (slot + 1) as u16;
        let list = &mut self.lists[piece.side.index()];
        self.list_index.push(list.len() as u32);
        list.push(slot);
        slot
    }

    /// Takes a piece off the board (captured).
    pub(crate) fn remove_slot(&mut self, slot: u32) {
        let s = self.slots[slot as usize];
        debug_assert!(s.alive);
        self.cells[s.cell as usize] = EMPTY;
        self.slots[slot as usize].alive = false;
        let list = &mut self.lists[s.side.index()];
        let at = self.list_index[slot as usize] as usize;
        list.swap_remove(at);
        if let Some(&moved) = list.get(at) {
            self.list_index[moved as usize] = at as u32;
        }
    }

    /// Moves a piece to an empty padded cell.
    pub(crate) fn relocate(&mut self, slot: u32, to: usize) {
        let from = self.slots[slot as usize].cell as usize;
        debug_assert_eq!(self.cells[to], EMPTY);
        self.cells[from] = EMPTY;
        self.cells[to] = (slot + 1) as u16;
        self.slots[slot as usize].cell = to as u32;
    }

    /// Exchanges the squares of two pieces.
    pub(crate) fn exchange(&mut self, a: u32, b: u32) {
        let (ca, cb) = (self.slots[a as usize].cell, self.slots[b as usize].cell);
        self.slots[a as usize].cell = cb;
        self.slots[b as usize].cell = ca;
        self.cells[cb as usize] = (a + 1) as u16;
        self.cells[ca as usize] = (b + 1) as u16;
    }

    /// Clears the moved marks of the pieces that acted this turn and starts a new turn record.
    pub(crate) fn clear_turn(&mut self) {
        for s in &mut self.slots {
            s.moved = false;
        }
        self.turn = TurnState::default();
    }

    /// Changes the kind of a piece (promotion).
    pub(crate) fn set_kind(&mut self, slot: u32, kind: KindId) {
        self.slots[slot as usize].kind = kind;
    }

    /// Removes every piece of a side (to hide a placement in a one-side view).
    pub(crate) fn remove_side(&mut self, side: Side) {
        while let Some(&slot) = self.lists[side.index()].last() {
            self.remove_slot(slot);
        }
    }
}

/// A fast, well-mixing 64-bit hash step (splitmix64's finaliser).
#[inline]
#[must_use]
pub(crate) fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
