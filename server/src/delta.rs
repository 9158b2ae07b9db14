//! What changed between two states of one viewer ([`StateDelta`]): after the first full state
//! of a connection, the server sends only this. The pieces and the commanders are sent as the
//! items added or changed and the squares emptied, the move list as its turns from the first
//! one that changed, the viewer's legal actions as the actions gone and new (module `legal`);
//! everything else (small) is sent whole. docs/API.md describes how a client applies it.

mod legal;

pub use legal::{LegalPatch, LegalUpdate};

use legal::legal_update;

use crate::game::ClockView;
use crate::render::{
    CommandLink, LegalAction, Mark, MoveListTurn, OutcomeView, OwnParts, PieceView, StateView, Step, ToPlace, TurnView,
};
use serde::Serialize;
use std::sync::Arc;
use ts_rs::TS;
use warlord_rules::{Commander, Side, Square, Tally};

/// The parts of a state a later state is compared with (the large parts that change little).
#[derive(Clone, Debug, Default)]
pub struct Kept {
    /// The pieces, in the state's order.
    pieces: Vec<PieceView>,
    /// The commanders, in the state's order.
    commanders: Vec<Commander>,
    /// The move list.
    moves: Vec<Arc<MoveListTurn>>,
}

/// The changes of a list whose items are known by their square and keep their relative order
/// (a state's pieces, ordered by square, or its commanders). Applied by removing the items of
/// `remove`, then, in the order given, replacing the item at each index of `set` if it has the
/// same square, or inserting it there if not.
#[derive(Clone, Debug, Serialize, TS)]
pub struct ListPatch<T> {
    /// The squares of the items that are gone.
    pub remove: Vec<Square>,
    /// The items added or changed, each with its index in the new list, by increasing index.
    pub set: Vec<(u32, T)>,
}

/// The rules' hints, changed.
#[derive(Clone, Debug, Serialize, TS)]
pub struct HintsDelta {
    /// The commanders added, changed or gone.
    pub commanders: ListPatch<Commander>,
    /// The command links (whole).
    pub links: Vec<CommandLink>,
    /// The chain of command (whole).
    pub relays: Vec<Step>,
    /// The marked pieces (whole).
    pub marks: Vec<Mark>,
}

/// A viewer's state as the changes from the state it was last sent (the one with `seq` =
/// `from`). Fields named as in [`StateView`] replace its value whole, except `pieces`,
/// `hints.commanders`, `moves` and (when it is an object) `legal`.
#[derive(Clone, Debug, Serialize, TS)]
pub struct StateDelta {
    /// The `seq` of the state this changes; a client holding another asks for a full state
    /// (`sync`).
    pub from: u64,
    /// The number of events so far.
    pub seq: u64,
    /// `setup`, `play` or `over`.
    #[ts(type = "\"setup\" | \"play\" | \"over\"")]
    pub phase: &'static str,
    /// The side whose turn (or setup) it is.
    pub to_move: Side,
    /// The turn in progress.
    pub turn: TurnView,
    /// Turns completed since play began.
    pub turns_played: u32,
    /// The pieces added, changed or gone.
    pub pieces: ListPatch<PieceView>,
    /// Pieces the viewer still has to place.
    pub to_place: Vec<ToPlace>,
    /// The viewer's legal actions: the whole list (an array), or the changes from the list
    /// in the state this changes (an object).
    #[ts(type = "Array<LegalAction> | LegalPatch")]
    pub legal: LegalUpdate,
    /// The rules' hints.
    pub hints: HintsDelta,
    /// The move list's turns from this index on are replaced by `moves`.
    pub moves_from: u32,
    /// The move list's turns from `moves_from` on.
    #[ts(type = "Array<MoveListTurn>")]
    pub moves: Vec<Arc<MoveListTurn>>,
    /// The clocks, in clocked games.
    pub clock: Option<ClockView>,
    /// The side with a pending draw offer.
    pub draw_offer: Option<Side>,
    /// The side with a pending takeback request.
    pub takeback_offer: Option<Side>,
    /// The result, once over.
    pub outcome: Option<OutcomeView>,
    /// The counts per side the rules keep.
    pub tallies: Vec<Tally>,
}

impl Kept {
    /// The move list.
    #[must_use]
    pub fn moves(&self) -> &[Arc<MoveListTurn>] {
        &self.moves
    }
}

/// Takes from a state the parts a later state of the same viewer is compared with.
#[must_use]
pub fn keep(view: &StateView) -> Kept {
    Kept { pieces: view.pieces.clone(), commanders: view.hints.commanders.clone(), moves: view.moves.clone() }
}

/// The changes from the state whose kept parts are `before` (at `from`, with the legal actions
/// `before_legal`) to `view`, the kept parts of `view` and its legal actions.
#[must_use]
pub fn delta(
    from: u64,
    before: &Kept,
    before_legal: &[LegalAction],
    view: StateView,
) -> (StateDelta, Kept, Arc<Vec<LegalAction>>) {
    let changes = common_changes(from, before, &view);
    let own = OwnParts { to_place: view.to_place, legal: view.legal, links: view.hints.links };
    let (changes, legal) = changes.with_own(own, before_legal);
    (changes, Kept { pieces: view.pieces, commanders: view.hints.commanders, moves: view.moves }, legal)
}

/// The changes from the state whose kept parts are `before` (at `from`) to `view`, but for
/// the viewer's own parts (`to_place`, `legal`, `hints.links`: left empty, see
/// [`StateDelta::with_own`]). Viewers who see the same position and were sent the same state
/// before (`crate::render::SharedState`) share them: they are computed once for all.
#[must_use]
pub fn common_changes(from: u64, before: &Kept, view: &StateView) -> StateDelta {
    // A turn rendered before is shared, not copied: most are found alike by their address.
    let moves_from = before.moves.iter().zip(&view.moves).take_while(|(a, b)| Arc::ptr_eq(a, b) || a == b).count();
    StateDelta {
        from,
        seq: view.seq,
        phase: view.phase,
        to_move: view.to_move,
        turn: view.turn.clone(),
        turns_played: view.turns_played,
        pieces: patch(&before.pieces, &view.pieces, |p| p.square),
        to_place: Vec::new(),
        legal: LegalUpdate::default(),
        hints: HintsDelta {
            commanders: patch(&before.commanders, &view.hints.commanders, |c| c.square),
            links: Vec::new(),
            relays: view.hints.relays.clone(),
            marks: view.hints.marks.clone(),
        },
        moves_from: moves_from as u32,
        moves: view.moves[moves_from..].to_vec(),
        clock: view.clock.clone(),
        draw_offer: view.draw_offer,
        takeback_offer: view.takeback_offer,
        outcome: view.outcome.clone(),
        tallies: view.tallies.clone(),
    }
}

impl StateDelta {
    /// These changes completed with a viewer's own parts, its legal actions as the changes
    /// from `before_legal` (the ones in the state this changes), and those legal actions
    /// (which the next delta is compared with).
    #[must_use]
    pub fn with_own(mut self, own: OwnParts, before_legal: &[LegalAction]) -> (StateDelta, Arc<Vec<LegalAction>>) {
        let legal = Arc::new(own.legal);
        self.to_place = own.to_place;
        self.legal = legal_update(before_legal, &legal);
        self.hints.links = own.links;
        (self, legal)
    }
}

/// The patch that makes `after` of `before`. If a square appears twice in a list, or the items
/// both keep are not in the same order, every old item is removed and every new one set.
/// The lists hold a few dozen items: squares are found by binary search in a sorted copy, not
/// hashed (the hashing was most of a delta's cost).
fn patch<T: Clone + PartialEq>(before: &[T], after: &[T], square: impl Fn(&T) -> Square) -> ListPatch<T> {
    let old = by_square(before.iter().map(&square));
    let new = by_square(after.iter().map(&square));
    let unique = |list: &[(Square, usize)]| list.windows(2).all(|w| w[0].0 != w[1].0);
    let mut in_order = unique(&old) && unique(&new);
    let mut last_kept = None;
    let mut set = Vec::new();
    for (i, item) in after.iter().enumerate() {
        match find(&old, square(item)) {
            Some(index) => {
                in_order &= last_kept.is_none_or(|last| last < index);
                last_kept = Some(index);
                if before[index] != *item {
                    set.push((i as u32, item.clone()));
                }
            }
            None => set.push((i as u32, item.clone())),
        }
    }
    if !in_order {
        return ListPatch {
            remove: before.iter().map(&square).collect(),
            set: after.iter().cloned().enumerate().map(|(i, item)| (i as u32, item)).collect(),
        };
    }
    ListPatch { remove: before.iter().map(&square).filter(|s| find(&new, *s).is_none()).collect(), set }
}

/// Each item's square with its index, sorted by square.
fn by_square(squares: impl Iterator<Item = Square>) -> Vec<(Square, usize)> {
    let mut list: Vec<(Square, usize)> = squares.enumerate().map(|(i, square)| (square, i)).collect();
    list.sort_unstable();
    list
}

/// The index of the item on `square`, in a list made by [`by_square`].
fn find(list: &[(Square, usize)], square: Square) -> Option<usize> {
    list.binary_search_by(|(s, _)| s.cmp(&square)).ok().map(|at| list[at].1)
}

#[cfg(test)]
mod tests;
