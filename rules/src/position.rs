//! A game in progress: the board, where every piece stands, whose turn it is and how far the
//! turn has gone. One type for every family; each [`crate::Ruleset`] gives it meaning. What only
//! one family needs lives in its [`FamilyState`].
//!
//! **Equality** (`==`) compares the board, every piece by square (kind, side, whether it has
//! acted this turn), the side to move, the phase (with the outcome), the turn in progress (its
//! actions, activation record and cap), the turns played, the passes in a row and the family
//! state. It does not compare slot ids: two positions that differ only in the order pieces
//! were put on the board are equal.
//!
//! **The position key** ([`Position::hash`]) covers exactly the same fields, so that equal
//! positions have equal keys; different positions collide only by chance (64 bits).

use crate::action::Action;
use crate::board::{Board, OFF_BOARD};
use crate::family_state::FamilyState;
use crate::outcome::Outcome;
use crate::piece::{KindId, Piece};
use crate::side::Side;
use crate::square::Square;
use std::hash::{Hash, Hasher};
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
    /// What only the family needs.
    pub(crate) family: FamilyState,
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.board == other.board
            && self.to_move == other.to_move
            && self.phase == other.phase
            && self.turn == other.turn
            && self.turns_played == other.turns_played
            && self.passes_in_row == other.passes_in_row
            && self.family == other.family
            && self.pieces_by_square() == other.pieces_by_square()
    }
}

impl Eq for Position {}

impl Position {
    /// An empty position on a board, White to move, in the play phase, with the family's state.
    #[must_use]
    pub fn empty(board: Arc<Board>, family: FamilyState) -> Position {
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
            family,
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

    /// What only the family needs (leaders captured, reserves, ... for Warlord games).
    #[must_use]
    pub fn family_state(&self) -> &FamilyState {
        &self.family
    }

    /// Every piece with its square and whether it has acted this turn, sorted by square.
    fn pieces_by_square(&self) -> Vec<(Square, Piece, bool)> {
        let mut all: Vec<_> = Side::BOTH
            .iter()
            .flat_map(|&side| self.lists[side.index()].iter())
            .map(|&s| {
                let slot = &self.slots[s as usize];
                (self.board.square(slot.cell as usize), Piece { kind: slot.kind, side: slot.side }, slot.moved)
            })
            .collect();
        all.sort_by_key(|(sq, _, _)| (sq.rank, sq.file));
        all
    }

    /// The position key: a 64-bit hash of the same fields equality compares (see the module
    /// documentation), independent of slot ids. Pieces are combined by XOR, so the key does
    /// not depend on the order of the piece lists.
    #[must_use]
    pub fn hash(&self) -> u64 {
        let mut pieces = 0u64;
        for side in Side::BOTH {
            for &s in &self.lists[side.index()] {
                let slot = &self.slots[s as usize];
                let key = (u64::from(slot.kind) << 40)
                    | ((side as u64) << 39)
                    | (u64::from(slot.moved) << 38)
                    | u64::from(slot.cell);
                pieces ^= splitmix64(key);
            }
        }
        let mut h = MixHasher(pieces);
        self.to_move.hash(&mut h);
        self.phase.hash(&mut h);
        self.turns_played.hash(&mut h);
        self.passes_in_row.hash(&mut h);
        self.turn.hash(&mut h);
        self.family.hash(&mut h);
        h.finish()
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

/// A [`Hasher`] built on [`mix`]: fast, and the same on every machine and run (unlike the
/// standard library's randomly keyed hasher), so position keys can seed search.
struct MixHasher(u64);

impl Hasher for MixHasher {
    fn finish(&self) -> u64 {
        splitmix64(self.0)
    }

    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.0 = splitmix64(self.0 ^ u64::from_le_bytes(word));
        }
    }

    fn write_u8(&mut self, n: u8) {
        self.0 = splitmix64(self.0 ^ u64::from(n));
    }

    fn write_u32(&mut self, n: u32) {
        self.0 = splitmix64(self.0 ^ u64::from(n));
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = splitmix64(self.0 ^ n);
    }

    fn write_usize(&mut self, n: usize) {
        self.0 = splitmix64(self.0 ^ n as u64);
    }
}

/// A fast, well-mixing 64-bit hash step: SplitMix64's output function (for position keys, and
/// for the keys and seeds other crates derive from them).
#[inline]
#[must_use]
pub fn splitmix64(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
