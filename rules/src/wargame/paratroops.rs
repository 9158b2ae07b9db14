//! Paratroops (option `paratroops`), the text's "future possibility": some infantry of each
//! side are paratroopers; an order prepares one (`prep d4`), and on a later turn, prepared, it
//! may leap up to 6 squares over anything onto an empty square, then step 1 (`d4 leap j9`).
//! The preparation lasts until the paratrooper leaps or takes part in removing an enemy
//! (capture, shot, custodial capture). See docs/RULES.md, "Paratroops".

use super::config::{FieldError, Role, WarGameConfig};
use super::movement::enter_cost;
use super::WarGameRules;
use crate::action::Action;
use crate::board::Board;
use crate::piece::{KindId, Piece, PieceKind, PieceTable};
use crate::position::Position;
use crate::side::Side;
use crate::square::Square;

/// The paratroopers' symbol in setups and notation.
pub const PARATROOPER_SYMBOL: &str = "P";

/// The word a UI shows on a paratrooper prepared to leap (`Hints::marks`).
pub const PREPARED: &str = "prepared";

/// The note of a leap (`ActionInfo::note`), which tells it from a plain move to the same
/// square.
pub const LEAP_NOTE: &str = "by a leap";

/// Makes paratroopers of `count` infantry of each side: adds the kind (a copy of the scenario's
/// first infantry kind, named Paratrooper, symbol `P`, leaping `paratroop-leap` squares) to
/// the pieces and the rules, and gives it to the infantry of each side nearest one of its
/// highest-level leaders (ties: nearest its own back rank, then the lowest file), all of them
/// if it has fewer.
pub(super) fn enlist(
    board: &Board,
    pieces: &mut PieceTable,
    config: &mut WarGameConfig,
    placement: &mut [(Square, Piece)],
    count: u32,
) -> Result<(), FieldError> {
    let field = || "options.paratroops".to_string();
    if pieces.by_symbol(PARATROOPER_SYMBOL).is_some() {
        return Err((
            field(),
            format!(
                "the scenario already has a piece with the symbol `{PARATROOPER_SYMBOL}`, the paratroopers' symbol"
            ),
        ));
    }
    let Some((infantry, model)) = pieces.iter().find(|&(id, _)| config.kind(id).role == Role::Infantry) else {
        return Err((field(), "the scenario has no infantry (class `infantry`) to make paratroopers of".into()));
    };
    let id = KindId::try_from(pieces.len()).map_err(|_| (field(), "the scenario has too many piece kinds".into()))?;
    let mut kinds: Vec<PieceKind> = pieces.iter().map(|(_, k)| k.clone()).collect();
    kinds.push(PieceKind { name: "Paratrooper".into(), symbol: PARATROOPER_SYMBOL.into(), ..model.clone() });
    let mut rules = config.kind(infantry).clone();
    rules.leap = config.paratroop_leap;
    config.kinds.push(rules);
    *pieces = PieceTable::new(kinds);
    for side in Side::BOTH {
        let own = |p: &Piece, role: Role| p.side == side && config.kind(p.kind).role == role;
        let top = placement.iter().filter(|(_, p)| own(p, Role::Leader)).map(|(_, p)| config.kind(p.kind).level).max();
        let heads: Vec<Square> = placement
            .iter()
            .filter(|(_, p)| own(p, Role::Leader) && Some(config.kind(p.kind).level) == top)
            .map(|&(sq, _)| sq)
            .collect();
        let back = |sq: Square| if side == Side::White { sq.rank } else { board.ranks().saturating_sub(1 + sq.rank) };
        let mut chosen: Vec<usize> = (0..placement.len()).filter(|&i| own(&placement[i].1, Role::Infantry)).collect();
        chosen.sort_by_key(|&i| {
            let sq = placement[i].0;
            (heads.iter().map(|&h| board.distance(h, sq)).min().unwrap_or(u32::MAX), back(sq), sq.file)
        });
        for &i in chosen.iter().take(usize::try_from(count).unwrap_or(usize::MAX)) {
            placement[i].1.kind = id;
        }
    }
    Ok(())
}

impl WarGameRules {
    /// Appends the preparation of the paratrooper on `from` or, once it is prepared, its leaps
    /// (command aside), in rank-major order of where they end.
    pub(super) fn paratroop_actions(&self, pos: &Position, from: Square, leap: u8, out: &mut Vec<Action>) {
        if !self.state(pos).is_prepped(from) {
            out.push(Action::Prep { at: from });
            return;
        }
        let reach = i32::from(leap) + 1;
        for dr in -reach..=reach {
            for df in -reach..=reach {
                let Some(to) = self.board.step(from, (df, dr)) else { continue };
                if to != from && self.leap_refusal(pos, from, to).is_ok() {
                    out.push(Action::Leap { from, to });
                }
            }
        }
    }

    /// Why the piece on `at` may not be prepared, or `None` if it may (command aside).
    pub(super) fn prep_refusal(&self, pos: &Position, at: Square) -> Option<String> {
        let piece = pos.piece_at(at)?;
        let kind = self.config.kind(piece.kind);
        if kind.leap == 0 {
            return Some(format!(
                "only paratroopers are prepared (option paratroops); the {} on {at} is not one",
                kind.role.name()
            ));
        }
        self.state(pos).is_prepped(at).then(|| format!("the paratrooper on {at} is prepared already"))
    }

    /// Whether the paratrooper on `from` may leap to `to` (command aside): the square of the
    /// enemy it kills there, if any, or why it may not. It lands on an empty square it may
    /// enter, 1 to its leap range away (over anything), and ends there or one step further
    /// for at most 1 movement point, onto an empty square or an enemy it may kill by
    /// replacement.
    pub(super) fn leap_refusal(&self, pos: &Position, from: Square, to: Square) -> Result<Option<Square>, String> {
        let Some(piece) = pos.piece_at(from) else { return Err(format!("there is no piece on {from}")) };
        let kind = self.config.kind(piece.kind);
        if kind.leap == 0 {
            return Err(format!(
                "only paratroopers leap (option paratroops); the {} on {from} is not one",
                kind.role.name()
            ));
        }
        if !self.state(pos).is_prepped(from) {
            return Err(format!(
                "the paratrooper on {from} is not prepared: an order on an earlier turn prepares it (`prep {from}`)"
            ));
        }
        if to == from {
            return Err(format!("a leap ends away from {from}"));
        }
        let lands = |sq: Square| {
            sq != from
                && pos.piece_at(sq).is_none()
                && enter_cost(kind, self.board.terrain(sq)).is_some()
                && self.board.distance(from, sq) <= u32::from(kind.leap)
        };
        let landing_beside = || self.board.neighbours(to).into_iter().any(lands);
        let beyond = || {
            format!(
                "{to} is out of the paratrooper's reach: a leap of up to {} squares onto an empty square it may enter, then a step of 1 movement point",
                kind.leap
            )
        };
        match pos.piece_at(to) {
            Some(p) if p.side == piece.side => Err(format!("{to} holds a piece of your own")),
            Some(enemy) if !self.may_replace(pos, from, to, enemy) => Err(format!(
                "the {} on {to} cannot be killed by a paratrooper stepping onto it (the terrain tables)",
                self.config.kind(enemy.kind).role.name()
            )),
            Some(_) if landing_beside() => Ok(Some(to)),
            None if lands(to) => Ok(None),
            None if enter_cost(kind, self.board.terrain(to)).is_some_and(|c| c <= 1) && landing_beside() => Ok(None),
            _ => Err(beyond()),
        }
    }

    /// The preparation of the piece that moved from `from` to `to` follows it.
    pub(super) fn carry_prep(&self, pos: &mut Position, from: Square, to: Square) {
        if !self.state(pos).is_prepped(from) {
            return;
        }
        let prepped = &mut self.state_mut(pos).prepped;
        prepped.retain(|&s| s != from);
        prepped.push(to);
        prepped.sort_by_key(|s| (s.rank, s.file));
    }

    /// The piece on `sq` is prepared no more (it leapt, took part in removing an enemy, or is
    /// gone).
    pub(super) fn spend_prep(&self, pos: &mut Position, sq: Square) {
        if self.state(pos).is_prepped(sq) {
            self.state_mut(pos).prepped.retain(|&s| s != sq);
        }
    }

    /// The piece on `at` is prepared.
    pub(super) fn prepare(&self, pos: &mut Position, at: Square) {
        let prepped = &mut self.state_mut(pos).prepped;
        prepped.push(at);
        prepped.sort_by_key(|s| (s.rank, s.file));
    }
}
