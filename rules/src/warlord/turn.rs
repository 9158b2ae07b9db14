//! A Warlord turn: which pieces may be activated, their moves, and playing them.

use super::activation::{self, Capacities};
use super::movegen::MoveGen;
use super::WarlordRules;
use crate::action::Action;
use crate::outcome::{EndReason, Outcome};
use crate::piece::UnitClass;
use crate::position::{ActivatedMove, Phase, Position, EMPTY};
use crate::ruleset::{IllegalAction, IllegalKind, Report};
use crate::square::Square;

/// Capacities as the rules see them, for the matching.
struct Caps<'a>(&'a WarlordRules, &'a Position);

impl Capacities for Caps<'_> {
    fn capacity(&self, slot: u32) -> u8 {
        self.0.command(self.1, slot).map_or(0, |c| c.capacity)
    }
}

impl WarlordRules {
    /// Activators of the side to move with spare capacity, in slot order. A leader that took
    /// part in a swap is among them when it has room: it may take its own swap back, freeing
    /// another activator (it activates nothing else, see [`Self::activatable`]).
    fn spare_activators(&self, pos: &Position) -> Vec<u32> {
        let moves = &pos.turn.activated;
        pos.slots_of(pos.to_move)
            .iter()
            .copied()
            .filter(|&s| {
                let cap = self.command(pos, s).map_or(0, |c| c.capacity);
                cap > 0 && (moves.iter().filter(|m| m.assigned == s).count() as u8) < cap
            })
            .collect()
    }

    /// The unmoved pieces of the side to move that some activator could activate now.
    pub(super) fn activatable(&self, pos: &Position) -> Vec<u32> {
        if pos.turn.activated.len() >= usize::from(pos.turn.cap) {
            return Vec::new();
        }
        let mut in_set = vec![false; pos.slots.len()];
        let spare = self.spare_activators(pos);
        let reach = activation::reachable(&pos.turn.activated, &spare, &mut in_set);
        let mut seen = vec![false; pos.slots.len()];
        let mut out = Vec::with_capacity(pos.slots_of(pos.to_move).len());
        for a in reach {
            let Some(command) = self.command(pos, a) else { continue };
            if pos.turn.activated.iter().any(|m| m.swapped_leader == Some(a)) {
                // "Neither piece may do anything else that turn."
                continue;
            }
            if !command.others {
                if !pos.slots[a as usize].moved && !seen[a as usize] {
                    seen[a as usize] = true;
                    out.push(a);
                }
                continue;
            }
            let centre = pos.slots[a as usize].cell as isize;
            for &offset in &self.box_offsets[usize::from(command.range)] {
                if let Some(s) = pos.slot_at((centre + offset) as usize) {
                    let slot = &pos.slots[s as usize];
                    if slot.side == pos.to_move && !slot.moved && !seen[s as usize] {
                        seen[s as usize] = true;
                        out.push(s);
                    }
                }
            }
        }
        out
    }

    /// The activators that are within range of the piece in `slot` now (rulings 2): a scan of
    /// the box of the longest activation range around it.
    fn eligible(&self, pos: &Position, slot: u32) -> Vec<u32> {
        let board = pos.board();
        let cell = pos.slots[slot as usize].cell as isize;
        let here = board.square(cell as usize);
        let mut out = Vec::new();
        let Some(offsets) = self.box_offsets.last() else { return out };
        for &offset in offsets {
            let Some(a) = pos.slot_at((cell + offset) as usize) else { continue };
            if pos.slots[a as usize].side != pos.to_move {
                continue;
            }
            match self.command(pos, a) {
                Some(c) if c.capacity > 0 => {
                    let near =
                        board.distance(board.square(pos.slots[a as usize].cell as usize), here) <= u32::from(c.range);
                    if (c.others && near) || a == slot {
                        out.push(a);
                    }
                }
                _ => {}
            }
        }
        out
    }

    pub(super) fn turn_actions(&self, pos: &Position, out: &mut Vec<Action>) {
        let start = out.len();
        let gen = MoveGen::new(self, pos);
        let movable = self.activatable(pos);
        for &slot in &movable {
            gen.piece_moves(slot, out);
        }
        self.swaps_and_arrivals(pos, &movable, &mut |action| out.push(action));
        if self.may_end_turn(pos, out.len() > start) {
            out.push(Action::EndTurn);
        }
    }

    /// How many actions [`Self::turn_actions`] lists, and those of them that capture (moves
    /// onto an enemy, with their target, in the listing's order), without listing the rest.
    pub(super) fn turn_count_and_captures(&self, pos: &Position) -> (usize, Vec<(Action, Square)>) {
        let gen = MoveGen::counting(self, pos);
        let movable = self.activatable(pos);
        let mut captures = Vec::new();
        for &slot in &movable {
            gen.piece_moves(slot, &mut captures);
        }
        // Swaps and placements capture nothing; they are only counted.
        let mut others = 0;
        self.swaps_and_arrivals(pos, &movable, &mut |_| others += 1);
        let listed = gen.counted() + others;
        let count = listed + usize::from(self.may_end_turn(pos, listed > 0));
        let captures = captures.into_iter().filter_map(|a| a.destination().map(|to| (a, to))).collect();
        (count, captures)
    }

    /// The cannon-leader swaps (with the option) and the reinforcements' placements.
    fn swaps_and_arrivals(&self, pos: &Position, movable: &[u32], add: &mut impl FnMut(Action)) {
        if self.options.cannon_leader_swap {
            self.swaps(pos, movable, add);
        }
        self.arrival_places(pos, add);
    }

    /// Whether the turn may end now, given whether any other action is listed: always, but
    /// with the option `at-least-one-move` not before a move while one is possible.
    fn may_end_turn(&self, pos: &Position, others_listed: bool) -> bool {
        let moved_none = pos.turn.actions.is_empty();
        !(self.options.at_least_one_move && moved_none && others_listed)
    }

    /// Placements of the reinforcements waiting for the side to move, each given to `add`.
    fn arrival_places(&self, pos: &Position, add: &mut impl FnMut(Action)) {
        let mut seen: Vec<(u16, crate::KindId)> = Vec::new();
        // Placements already listed (entry regions of waves may overlap): a bit per board cell
        // for each kind waiting, not a scan of the listing (thousands of actions on large
        // boards) nor a hashed set (a third of the time of a whole game on the 120x120 boards).
        let board = pos.board();
        let mut listed: Vec<(crate::KindId, Vec<u64>)> = Vec::new();
        for a in super::state(pos).arrivals.iter().filter(|a| a.side == pos.to_move && a.count > 0) {
            if seen.contains(&(a.wave, a.kind)) {
                continue;
            }
            seen.push((a.wave, a.kind));
            let k = match listed.iter().position(|(kind, _)| *kind == a.kind) {
                Some(k) => k,
                None => {
                    listed.push((a.kind, vec![0; board.cell_count().div_ceil(64)]));
                    listed.len() - 1
                }
            };
            let bits = &mut listed[k].1;
            let cells = self.entries.get(usize::from(a.wave)).and_then(|kinds| kinds.get(usize::from(a.kind)));
            for &cell in cells.map_or(&[][..], Vec::as_slice) {
                let cell = cell as usize;
                let (word, bit) = (cell / 64, 1u64 << (cell % 64));
                if bits[word] & bit == 0 && pos.cell(cell) == EMPTY {
                    bits[word] |= bit;
                    add(Action::Place { kind: a.kind, to: board.square(cell) });
                }
            }
        }
    }

    /// The cannon-leader swaps possible now.
    fn swaps(&self, pos: &Position, movable: &[u32], add: &mut impl FnMut(Action)) {
        for &cannon in movable {
            let s = pos.slots[cannon as usize];
            if self.pieces.get(s.kind).class != UnitClass::Cannon {
                continue;
            }
            for &(df, dr) in pos.board().line_steps(crate::movement::Lines::Orthogonal) {
                let cell = (s.cell as isize + pos.board().offset(df, dr)) as usize;
                let Some(leader) = pos.slot_at(cell) else { continue };
                let l = pos.slots[leader as usize];
                let board = pos.board();
                // Each piece lands where its class may stand ([000] Terrain).
                if l.side == s.side
                    && !l.moved
                    && self.pieces.get(l.kind).class == UnitClass::Leader
                    && self.may_stand(s.kind, board.square(cell))
                    && self.may_stand(l.kind, board.square(s.cell as usize))
                {
                    let mut moves = pos.turn.activated.clone();
                    moves.push(self.activated_move(pos, cannon, Some(leader)));
                    if activation::feasible(&mut moves, &Caps(self, pos)) {
                        add(Action::Swap { from: board.square(s.cell as usize), to: board.square(cell) });
                    }
                }
            }
        }
    }

    fn activated_move(&self, pos: &Position, slot: u32, swapped_leader: Option<u32>) -> ActivatedMove {
        ActivatedMove { piece: slot, eligible: self.eligible(pos, slot), assigned: u32::MAX, swapped_leader }
    }

    /// The activators that could activate the piece on `sq` now. Whether an activator could
    /// take one more move does not depend on the piece, so `open` keeps that answer per slot
    /// (`None` until asked; one entry per slot of `pos`, for one position only): a caller asking
    /// for every piece of a side runs each activator's matching once, not once per piece.
    pub(super) fn activators_of(&self, pos: &Position, sq: Square, open: &mut [Option<bool>]) -> Vec<Square> {
        if pos.phase != Phase::Play || !pos.board().contains(sq) {
            return Vec::new();
        }
        let Some(slot) = pos.slot_at(pos.board().index(sq)) else { return Vec::new() };
        let s = pos.slots[slot as usize];
        if s.side != pos.to_move || s.moved || pos.turn.activated.len() >= usize::from(pos.turn.cap) {
            return Vec::new();
        }
        let mut found: Vec<Square> = self
            .eligible(pos, slot)
            .into_iter()
            .filter(|&a| match open.get_mut(a as usize) {
                Some(Some(known)) => *known,
                Some(entry) => *entry.insert(self.takes_one_more_move(pos, a)),
                None => self.takes_one_more_move(pos, a),
            })
            .map(|a| pos.board().square(pos.slots[a as usize].cell as usize))
            .collect();
        found.sort_by_key(|s| (s.rank, s.file));
        found
    }

    /// Whether the activator in slot `a` could be assigned one more move of this turn, after
    /// reassigning the moves made so far if need be (the matching never reads which piece
    /// moves, only who may order it).
    fn takes_one_more_move(&self, pos: &Position, a: u32) -> bool {
        let mut moves = Vec::with_capacity(pos.turn.activated.len() + 1);
        moves.extend_from_slice(&pos.turn.activated);
        moves.push(ActivatedMove { piece: u32::MAX, eligible: vec![a], assigned: u32::MAX, swapped_leader: None });
        let last = moves.len() - 1;
        activation::assign(&mut moves, last, &Caps(self, pos))
    }

    /// Checks an action of the play phase, then plays it.
    pub(super) fn play_turn(&self, pos: &mut Position, action: Action) -> Result<Report, IllegalAction> {
        self.check_turn_action(pos, action)?;
        Ok(self.apply_turn(pos, action))
    }

    /// Why an action of the play phase is not legal in `pos`, if it is not: exactly the actions
    /// [`WarlordRules::turn_actions`] lists pass.
    pub(super) fn check_turn_action(&self, pos: &Position, action: Action) -> Result<(), IllegalAction> {
        match action {
            Action::Move { from, to } => self.check_move(pos, from, to)?,
            Action::Swap { from, to } => self.check_swap(pos, from, to)?,
            Action::Place { kind, to } => {
                let mut places = Vec::new();
                self.arrival_places(pos, &mut |place| places.push(place));
                if !places.contains(&Action::Place { kind, to }) {
                    let why = self.standing_refusal(kind, to).unwrap_or_else(|| {
                        "reinforcements enter on free squares of their entry region from their turn on".to_string()
                    });
                    return Err(IllegalAction::new(
                        IllegalKind::Placement,
                        format!("no reinforcement of that kind may enter on {to} now: {why}"),
                    ));
                }
            }
            Action::EndTurn => {
                if self.options.at_least_one_move && pos.turn.actions.is_empty() {
                    let mut any = Vec::new();
                    self.turn_actions(pos, &mut any);
                    if any.len() > 1 || any.first() != Some(&Action::EndTurn) {
                        return Err(IllegalAction::new(IllegalKind::MustAct, "this scenario requires at least one move each turn while a move is possible"));
                    }
                }
            }
            other => {
                return Err(IllegalAction::new(IllegalKind::Phase, format!(
                    "{} is not an action of the Warlord games: a turn is piece moves (and cannon-leader swaps, reinforcements)",
                    crate::notation::action_kind(&other)
                )))
            }
        }
        Ok(())
    }

    /// The piece on `from`, checked as one the side to move may activate.
    fn check_piece(&self, pos: &Position, from: Square) -> Result<u32, IllegalAction> {
        let board = pos.board();
        board.check(from).map_err(|e| IllegalAction::new(IllegalKind::OffBoard, e.to_string()))?;
        let Some(slot) = pos.slot_at(board.index(from)) else {
            return Err(IllegalAction::new(IllegalKind::NoPiece, format!("there is no piece on {from}")));
        };
        let s = pos.slots[slot as usize];
        let name = &self.pieces.get(s.kind).name;
        if s.side != pos.to_move {
            return Err(IllegalAction::new(
                IllegalKind::NoPiece,
                format!("the {name} on {from} is {}'s, and it is {}'s turn", s.side, pos.to_move),
            ));
        }
        if s.moved {
            return Err(IllegalAction::new(
                IllegalKind::TurnSpent,
                format!("the {name} on {from} has already moved this turn"),
            ));
        }
        let cap = usize::from(pos.turn.cap);
        if pos.turn.activated.len() >= cap {
            return Err(IllegalAction::new(
                IllegalKind::TurnSpent,
                format!("this turn allows {cap} moves and they are used up"),
            ));
        }
        let mut moves = pos.turn.activated.clone();
        moves.push(self.activated_move(pos, slot, None));
        let last = moves.len() - 1;
        if moves[last].eligible.is_empty() {
            return Err(IllegalAction::new(
                IllegalKind::NoCommand,
                format!("no leader within range of {from} can activate the {name}"),
            ));
        }
        if !activation::assign(&mut moves, last, &Caps(self, pos)) {
            return Err(IllegalAction::new(
                IllegalKind::NoCommand,
                format!(
                    "every leader that could activate the {name} on {from} is needed for this turn's earlier moves"
                ),
            ));
        }
        Ok(slot)
    }

    fn check_move(&self, pos: &Position, from: Square, to: Square) -> Result<(), IllegalAction> {
        let slot = self.check_piece(pos, from)?;
        pos.board().check(to).map_err(|e| IllegalAction::new(IllegalKind::OffBoard, e.to_string()))?;
        let mut dests = Vec::new();
        MoveGen::new(self, pos).piece_moves(slot, &mut dests);
        if dests.contains(&Action::Move { from, to }) {
            return Ok(());
        }
        let name = &self.pieces.get(pos.slots[slot as usize].kind).name;
        let why = match pos.piece_at(to) {
            Some(p) if p.side == pos.to_move => format!("{to} holds one of your own pieces"),
            _ if pos.board().terrain(to) == crate::Terrain::Water => format!("{to} is water"),
            _ => "that is not one of its moves from here".to_string(),
        };
        Err(IllegalAction::new(IllegalKind::Unreachable, format!("the {name} on {from} cannot move to {to}: {why}")))
    }

    fn check_swap(&self, pos: &Position, from: Square, to: Square) -> Result<(), IllegalAction> {
        if !self.options.cannon_leader_swap {
            return Err(IllegalAction::new(
                IllegalKind::OptionOff,
                "the cannon-leader swap is an option this game does not use",
            ));
        }
        let mut swaps = Vec::new();
        self.swaps(pos, &self.activatable(pos), &mut |swap| swaps.push(swap));
        if swaps.contains(&Action::Swap { from, to }) {
            Ok(())
        } else {
            self.check_piece(pos, from)?;
            // Orthogonal neighbours that are refused: say when it is because of the terrain.
            let board = pos.board();
            if board
                .line_steps(crate::movement::Lines::Orthogonal)
                .iter()
                .any(|&step| board.step(from, step) == Some(to))
            {
                for (piece, dest) in [(from, to), (to, from)] {
                    let refusal = pos.piece_at(piece).and_then(|p| self.standing_refusal(p.kind, dest));
                    if let Some(why) = refusal {
                        return Err(IllegalAction::new(
                            IllegalKind::Unreachable,
                            format!("{from}<>{to} is not a legal swap: {why}"),
                        ));
                    }
                }
            }
            Err(IllegalAction::new(IllegalKind::Unreachable, format!(
                "{from}<>{to} is not a legal swap: it needs an unmoved cannon on {from} orthogonally next to an unmoved leader on {to}, and an activator for it"
            )))
        }
    }

    /// Plays a legal action of the play phase.
    pub(super) fn apply_turn(&self, pos: &mut Position, action: Action) -> Report {
        let mut report = Report::default();
        match action {
            Action::Move { from, to } => {
                let board = pos.board_arc().clone();
                let slot = pos.slot_at(board.index(from)).expect("a legal move starts on a piece");
                let mut moves = std::mem::take(&mut pos.turn.activated);
                moves.push(self.activated_move(pos, slot, None));
                let last = moves.len() - 1;
                let ok = activation::assign(&mut moves, last, &Caps(self, pos));
                debug_assert!(ok, "a legal move has an activator");
                pos.turn.activated = moves;
                let to_cell = board.index(to);
                if let Some(victim) = pos.slot_at(to_cell) {
                    self.capture(pos, victim, &mut report);
                }
                pos.relocate(slot, to_cell);
                pos.slots[slot as usize].moved = true;
                self.promote(pos, slot, to);
            }
            Action::Place { kind, to } => {
                let side = pos.to_move;
                let waves = &self.config.waves;
                let arrivals = &mut super::state_mut(pos).arrivals;
                let arrival = arrivals
                    .iter_mut()
                    .find(|a| {
                        a.side == side
                            && a.kind == kind
                            && a.count > 0
                            && waves[usize::from(a.wave)].region.contains(&to)
                    })
                    .expect("a legal placement has a waiting reinforcement");
                arrival.count -= 1;
                arrivals.retain(|a| a.count > 0);
                let slot = pos.add_piece(to, crate::Piece { kind, side });
                pos.slots[slot as usize].moved = true;
                pos.turn.actions.push(action);
                return report;
            }
            Action::Swap { from, to } => {
                let board = pos.board_arc().clone();
                let cannon = pos.slot_at(board.index(from)).expect("a legal swap starts on a cannon");
                let leader = pos.slot_at(board.index(to)).expect("a legal swap ends on a leader");
                let mut moves = pos.turn.activated.clone();
                moves.push(self.activated_move(pos, cannon, Some(leader)));
                let ok = activation::feasible(&mut moves, &Caps(self, pos));
                debug_assert!(ok, "a legal swap has an activator");
                pos.turn.activated = moves;
                pos.exchange(cannon, leader);
                pos.slots[cannon as usize].moved = true;
                pos.slots[leader as usize].moved = true;
            }
            Action::EndTurn => {
                self.end_turn(pos, &mut report);
                return report;
            }
            _ => unreachable!("only legal actions are applied"),
        }
        pos.turn.actions.push(action);
        if report.outcome.is_none() && pos.turn.activated.len() >= usize::from(pos.turn.cap) {
            self.end_turn(pos, &mut report);
        }
        report
    }

    /// Infantry and light cavalry reaching the far rank become un-numbered leaders, with the
    /// promotion option (\[000] "Promotion").
    fn promote(&self, pos: &mut Position, slot: u32, to: Square) {
        let (Some(kind), true) = (self.config.promote_to, self.options.promotion) else { return };
        let s = pos.slots[slot as usize];
        let class = self.pieces.get(s.kind).class;
        let far = match s.side {
            crate::Side::White => pos.board().ranks() - 1,
            crate::Side::Black => 0,
        };
        if to.rank == far && matches!(class, UnitClass::Infantry | UnitClass::LightCavalry) {
            pos.set_kind(slot, kind);
        }
    }

    /// Takes an enemy piece; ends the game at once when that leaves the enemy without leaders,
    /// without enough command (collapse), or past its allowed leader losses.
    fn capture(&self, pos: &mut Position, victim: u32, report: &mut Report) {
        let s = pos.slots[victim as usize];
        let board = pos.board_arc().clone();
        report.captured.push((board.square(s.cell as usize), crate::Piece { kind: s.kind, side: s.side }));
        pos.remove_slot(victim);
        let kind = self.pieces.get(s.kind);
        if !kind.is_leader() {
            return;
        }
        let mover = pos.to_move;
        super::state_mut(pos).leaders_captured[mover.index()] += 1;
        if kind.command.is_some_and(|c| c.others) {
            super::state_mut(pos).leaders_lost[s.side.index()] += 1;
        }
        let winner = pos.to_move;
        // Leaders still to enter as reinforcements count as leaders left.
        let (coming, coming_command) = self.leaders_to_come(pos, s.side);
        let reason = if coming == 0 && !pos.pieces(s.side).any(|(_, p)| self.pieces.get(p.kind).is_leader()) {
            Some(EndReason::AllLeadersCaptured)
        } else if self.config.collapse_below > 0
            && self.command_strength(pos, s.side) + coming_command < u32::from(self.config.collapse_below)
        {
            Some(EndReason::CommandCollapse)
        } else if self.options.leader_losses > 0
            && super::state(pos).leaders_lost[s.side.index()] >= self.options.leader_losses
        {
            Some(EndReason::LeaderLosses)
        } else {
            None
        };
        if let Some(reason) = reason {
            let outcome = Outcome::win(winner, reason);
            pos.phase = Phase::Over(outcome);
            report.outcome = Some(outcome);
        }
    }

    /// How many other units a side's leaders can activate in all: the capacities of its leaders
    /// that activate others (promoted leaders and skirmishers do not count).
    pub(super) fn command_strength(&self, pos: &Position, side: crate::Side) -> u32 {
        pos.pieces(side)
            .filter_map(|(_, p)| {
                self.pieces.get(p.kind).command.filter(|c| c.others && self.pieces.get(p.kind).is_leader())
            })
            .map(|c| u32::from(c.capacity))
            .sum()
    }

    /// Ends the turn of the side to move: passes, victory checks, and the next side's turn.
    fn end_turn(&self, pos: &mut Position, report: &mut Report) {
        report.turn_ended = true;
        let mover = pos.to_move;
        if pos.turn.actions.is_empty() {
            pos.passes_in_row += 1;
        } else {
            pos.passes_in_row = 0;
        }
        pos.clear_turn();
        pos.turns_played += 1;
        pos.to_move = mover.opponent();
        self.begin_turn(pos);
        let outcome = if pos.passes_in_row >= 2 {
            Some(Outcome::draw(EndReason::DoublePass))
        } else {
            self.victory_after_turn(pos, mover)
        };
        if let Some(outcome) = outcome {
            pos.phase = Phase::Over(outcome);
            report.outcome = Some(outcome);
        }
    }
}
