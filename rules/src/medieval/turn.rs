//! A Medieval War Chess turn: exactly three actions (rulings 11), each a king-step move to an
//! empty square, a melee attack or a cannon shot; any piece may act again in the same turn.
//! The turn ends by itself after its last action.
//!
//! A side with a piece always has a legal action while the game goes on: some own piece has a
//! neighbouring square not held by its own side (the king-step graph of the board is
//! connected, and if the side held every square its enemy would have no pieces), and that
//! square is empty (a move) or holds an enemy (a melee attack). So the early end of rulings 11
//! never happens on an open board, and `EndTurn` is never legal.

use super::combat::{line_direction, ray};
use super::MedievalRules;
use crate::action::{Action, Attackers};
use crate::notation::action_kind;
use crate::outcome::{EndReason, Outcome};
use crate::piece::Piece;
use crate::position::{Phase, Position, EMPTY};
use crate::ruleset::{IllegalAction, IllegalKind, Report};
use crate::square::Square;

impl MedievalRules {
    /// Appends every legal action of the side to move: moves, then melee attacks (naming
    /// exactly the adjacent own pieces), then cannon shots (every enemy on a line from a rook,
    /// whether or not the ray is clear: a failed attack is a legal action, rulings 12).
    pub(super) fn turn_actions(&self, pos: &Position, out: &mut Vec<Action>) {
        let side = pos.to_move;
        let board = pos.board();
        for &slot in pos.slots_of(side) {
            let cell = pos.slots[slot as usize].cell as isize;
            for &o in &self.neighbours {
                if pos.cell((cell + o) as usize) == EMPTY {
                    out.push(Action::Move { from: board.square(cell as usize), to: board.square((cell + o) as usize) });
                }
            }
        }
        for &slot in pos.slots_of(side.opponent()) {
            let cell = pos.slots[slot as usize].cell as usize;
            let mask = self.adjacent_mask(pos, cell, side);
            if mask != 0 {
                out.push(Action::Attack { target: board.square(cell), attackers: Attackers { mask, exact: true } });
            }
        }
        for &slot in pos.slots_of(side) {
            let s = pos.slots[slot as usize];
            if !self.config.fires(s.kind) {
                continue;
            }
            let from = board.square(s.cell as usize);
            for &step in &self.neighbours {
                for t in ray(pos, s.cell as usize, step) {
                    let target = pos.slots[t as usize];
                    if target.side != side {
                        out.push(Action::Fire { from, target: board.square(target.cell as usize) });
                    }
                }
            }
        }
    }

    /// Checks an action of the side to move, with a reason naming the rule it breaks.
    pub(super) fn check(&self, pos: &Position, action: Action) -> Result<(), IllegalAction> {
        match action {
            Action::Move { from, to } => self.check_move(pos, from, to),
            Action::Attack { target, attackers } => self.check_attack(pos, target, attackers),
            Action::Fire { from, target } => self.check_fire(pos, from, target),
            Action::EndTurn => {
                let left = usize::from(pos.turn.cap).saturating_sub(pos.turn.actions.len());
                Err(IllegalAction::new(
                    IllegalKind::TurnSpent,
                    format!(
                    "a turn is exactly {} actions and {left} {} left; it ends by itself after the last (rulings 11)",
                    pos.turn.cap,
                    if left == 1 { "is" } else { "are" }
                ),
                ))
            }
            other => Err(IllegalAction::new(
                IllegalKind::Phase,
                format!(
                    "{} is not an action of Medieval War Chess: an action is a move, a melee attack or a cannon attack",
                    action_kind(&other)
                ),
            )),
        }
    }

    /// The piece on `sq`, with its name, or why there is none.
    fn piece_on(&self, pos: &Position, sq: Square) -> Result<(Piece, &str), IllegalAction> {
        self.board.check(sq).map_err(|e| IllegalAction::new(IllegalKind::OffBoard, e.to_string()))?;
        let piece = pos
            .piece_at(sq)
            .ok_or_else(|| IllegalAction::new(IllegalKind::NoPiece, format!("there is no piece on {sq}")))?;
        Ok((piece, self.pieces.get(piece.kind).name.as_str()))
    }

    /// The piece on `sq`, checked to belong to the side to move.
    fn own_piece(&self, pos: &Position, sq: Square) -> Result<Piece, IllegalAction> {
        let (piece, name) = self.piece_on(pos, sq)?;
        if piece.side != pos.to_move {
            return Err(IllegalAction::new(
                IllegalKind::NoPiece,
                format!("the {name} on {sq} is {}'s, and it is {}'s turn", piece.side, pos.to_move),
            ));
        }
        Ok(piece)
    }

    /// The piece on `sq`, checked to be an enemy of the side to move.
    fn enemy_piece(&self, pos: &Position, sq: Square) -> Result<Piece, IllegalAction> {
        let (piece, name) = self.piece_on(pos, sq)?;
        if piece.side == pos.to_move {
            return Err(IllegalAction::new(
                IllegalKind::NoPiece,
                format!("the {name} on {sq} is your own: only enemy pieces can be attacked"),
            ));
        }
        Ok(piece)
    }

    fn check_move(&self, pos: &Position, from: Square, to: Square) -> Result<(), IllegalAction> {
        self.own_piece(pos, from)?;
        self.board.check(to).map_err(|e| IllegalAction::new(IllegalKind::OffBoard, e.to_string()))?;
        let steps = self.board.distance(from, to);
        if steps != 1 {
            return Err(IllegalAction::new(
                IllegalKind::Unreachable,
                format!("a piece moves one king step per action ([004] Movement); {from} to {to} is {steps} steps"),
            ));
        }
        if let Some(p) = pos.piece_at(to) {
            let whose = if p.side == pos.to_move { "your own" } else { "an enemy" };
            return Err(IllegalAction::new(
                IllegalKind::Unreachable,
                format!(
                    "{to} holds {whose} {}: a piece only moves to an empty square (enemies are taken by attacks)",
                    self.pieces.get(p.kind).name
                ),
            ));
        }
        Ok(())
    }

    fn check_attack(&self, pos: &Position, target: Square, named: Attackers) -> Result<(), IllegalAction> {
        self.enemy_piece(pos, target)?;
        let adjacent = self.adjacent_mask(pos, self.board.index(target), pos.to_move);
        if adjacent == 0 {
            return Err(IllegalAction::new(
                IllegalKind::Unreachable,
                format!("none of your pieces stands next to {target}: a melee attack needs at least one (rulings 12)"),
            ));
        }
        let list = |mask: u8| {
            let squares: Vec<String> =
                Attackers { mask, exact: true }.squares(target).iter().map(ToString::to_string).collect();
            squares.join(", ")
        };
        let stray = named.mask & !adjacent;
        if stray != 0 {
            let first = Attackers { mask: stray, exact: true }.squares(target).first().copied();
            let which = first.map_or_else(|| "a square off the board".to_string(), |sq| sq.to_string());
            return Err(IllegalAction::new(
                IllegalKind::Unreachable,
                format!("{which} is not one of your pieces next to {target}; yours there are {}", list(adjacent)),
            ));
        }
        if named.exact && named.mask != adjacent {
            return Err(IllegalAction::new(
                IllegalKind::Unreachable,
                format!(
                "every piece of yours next to {target} joins the attack, so the list must name exactly {} (rulings 14)",
                list(adjacent)
            ),
            ));
        }
        Ok(())
    }

    fn check_fire(&self, pos: &Position, from: Square, target: Square) -> Result<(), IllegalAction> {
        let shooter = self.own_piece(pos, from)?;
        if !self.config.fires(shooter.kind) {
            let name = &self.pieces.get(shooter.kind).name;
            return Err(IllegalAction::new(
                IllegalKind::Unreachable,
                format!("the {name} on {from} cannot make a cannon attack; only the rook can"),
            ));
        }
        self.enemy_piece(pos, target)?;
        if line_direction(from, target).is_none() {
            return Err(IllegalAction::new(
                IllegalKind::Unreachable,
                format!("{target} is not on a rank, file or diagonal from {from}"),
            ));
        }
        Ok(())
    }

    /// Plays a legal action: the attack's result, a capture, the end of the game or the turn.
    pub(super) fn apply(&self, pos: &mut Position, action: Action) -> Report {
        let mut report = Report { combat: self.combat(pos, action), ..Report::default() };
        match action {
            Action::Move { from, to } => {
                let slot = pos.slot_at(self.board.index(from)).expect("a legal move starts on a piece");
                pos.relocate(slot, self.board.index(to));
            }
            Action::Attack { target, .. } | Action::Fire { target, .. } => {
                if report.combat.is_some_and(|c| c.success) {
                    let victim = pos.slot_at(self.board.index(target)).expect("an attack has a target");
                    let s = pos.slots[victim as usize];
                    report.captured.push((target, Piece { kind: s.kind, side: s.side }));
                    pos.remove_slot(victim);
                }
            }
            _ => unreachable!("only moves and attacks are legal in Medieval War Chess"),
        }
        pos.turn.actions.push(action);
        let outcome = if report.captured.is_empty() {
            None
        } else if pos.piece_count(pos.to_move.opponent()) == 0 {
            Some(Outcome::win(pos.to_move, EndReason::NoPieces))
        } else if self.is_dead(pos) {
            Some(Outcome::draw(EndReason::DeadPosition))
        } else {
            None
        };
        if let Some(outcome) = outcome {
            pos.phase = Phase::Over(outcome);
            report.outcome = Some(outcome);
        } else if pos.turn.actions.len() >= usize::from(pos.turn.cap) {
            self.end_turn(pos, &mut report);
        }
        report
    }

    /// Ends the turn short (a record's skipped slip): hands the move to the other side.
    pub(super) fn close(&self, pos: &mut Position) -> Report {
        let mut report = Report::default();
        self.end_turn(pos, &mut report);
        report
    }

    /// Hands the move to the other side, and applies the turn limit (rulings 16).
    fn end_turn(&self, pos: &mut Position, report: &mut Report) {
        report.turn_ended = true;
        pos.clear_turn();
        pos.turns_played += 1;
        pos.to_move = pos.to_move.opponent();
        pos.turn.cap = self.config.actions_per_turn;
        let limit = crate::adjudication::turn_limit_outcome(
            pos,
            &self.pieces,
            self.options.turn_limit,
            self.options.adjudication,
        );
        if let Some(outcome) = limit {
            pos.phase = Phase::Over(outcome);
            report.outcome = Some(outcome);
        }
    }
}
