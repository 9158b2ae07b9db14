//! Medieval War Chess (Peterson, text \[004]): the chess army on a chess board, three actions a
//! turn (king-step moves, melee attacks by every adjacent piece, rook cannon shots), strength
//! against defence, and the drawn ending when no capture can ever happen again.
//! See docs/RULES.md, "Medieval War Chess".

mod combat;
mod config;
mod dead;
mod guide;
mod options;
mod start;
mod strength;
mod turn;

pub use config::{Formation, FormationCount, MedievalConfig, Strength};
pub use options::{MedievalOptions, StartArray};

use crate::action::Action;
use crate::board::Board;
use crate::geometry::{Geometry, Lattice};
use crate::movement::MoveRule;
use crate::outcome::{EndReason, Outcome};
use crate::piece::{Piece, PieceTable};
use crate::position::{Phase, Position};
use crate::ruleset::{ActionInfo, Appearance, Family, Hints, IllegalAction, IllegalKind, Report, Ruleset, Tally};
use crate::side::Side;
use crate::square::Square;
use crate::terrain::Terrain;
use std::sync::{Arc, OnceLock};

/// A field of the scenario and what is wrong with it.
type FieldError = (String, String);

/// Everything needed to build the rules of a Medieval War Chess game.
pub type MedievalSetup = crate::setup::GameSetup<MedievalConfig, MedievalOptions>;

/// The eight king steps of the square board Medieval War Chess is played on (checked when the
/// rules are built), in the geometry's neighbour order: the neighbours, and the eight rays of
/// the rook cannon.
pub(crate) const KING_STEPS: [Lattice; 8] = {
    let steps = Geometry::Square.neighbour_steps();
    [steps[0], steps[1], steps[2], steps[3], steps[4], steps[5], steps[6], steps[7]]
};

/// The rules of a Medieval War Chess game, configured for a scenario and its options.
#[derive(Clone, Debug)]
pub struct MedievalRules {
    board: Arc<Board>,
    pieces: PieceTable,
    config: MedievalConfig,
    options: MedievalOptions,
    /// Padded offsets of the eight neighbours, in [`KING_STEPS`] order; also the eight rays.
    neighbours: [isize; 8],
    /// The most offence an army could put around one piece, for the drawn ending; built when
    /// first needed (never while a rook is on the board).
    ring: OnceLock<dead::RingTable>,
    start: Position,
}

impl MedievalRules {
    /// Builds the rules; errors name the scenario field at fault.
    pub fn new(setup: MedievalSetup) -> Result<MedievalRules, FieldError> {
        let MedievalSetup { board, pieces, placement, config, options, .. } = setup;
        if board.geometry() != Geometry::Square {
            return Err(("board.geometry".into(), "Medieval War Chess is played on a square board".into()));
        }
        if board.squares().any(|sq| board.terrain(sq) != Terrain::Open) {
            return Err(("board".into(), "Medieval War Chess is played on open squares only".into()));
        }
        for (kind, piece) in pieces.iter() {
            if piece.moves != [MoveRule::Walk { steps: 1 }] {
                return Err((
                    format!("pieces[{kind}].moves"),
                    format!("every Medieval War Chess piece moves one king step ([004] Movement): give the {} moves = [{{ walk = 1 }}]", piece.name),
                ));
            }
        }
        let placement =
            start::arrange(&placement, &board, &pieces, &options).map_err(|m| ("options.start".to_string(), m))?;
        let board = Arc::new(board);
        let neighbours = KING_STEPS.map(|(f, r)| board.offset(f, r));
        let mut rules = MedievalRules {
            board: board.clone(),
            pieces,
            config,
            options,
            neighbours,
            ring: OnceLock::new(),
            start: Position::empty(board, crate::FamilyState::None),
        };
        rules.start = rules.initial_position(&placement).map_err(|m| ("setup".to_string(), m))?;
        Ok(rules)
    }

    /// The fixed rules in force.
    #[must_use]
    pub fn config(&self) -> &MedievalConfig {
        &self.config
    }

    /// The options in force.
    #[must_use]
    pub fn options(&self) -> &MedievalOptions {
        &self.options
    }

    fn initial_position(&self, placement: &[(Square, Piece)]) -> Result<Position, String> {
        let mut pos = Position::empty(self.board.clone(), crate::FamilyState::None);
        for &(sq, piece) in placement {
            self.board.check(sq).map_err(|e| e.to_string())?;
            if pos.piece_at(sq).is_some() {
                return Err(format!("two pieces are placed on {sq}"));
            }
            pos.add_piece(sq, piece);
        }
        if let Some(side) = Side::BOTH.into_iter().find(|&s| pos.piece_count(s) == 0) {
            return Err(format!("{side} has no pieces"));
        }
        pos.turn.cap = self.config.actions_per_turn;
        if self.is_dead(&pos) {
            pos.phase = Phase::Over(Outcome::draw(EndReason::DeadPosition));
        }
        Ok(pos)
    }
}

impl Ruleset for MedievalRules {
    fn family(&self) -> Family {
        Family::Medieval
    }

    fn board(&self) -> &Arc<Board> {
        &self.board
    }

    fn pieces(&self) -> &PieceTable {
        &self.pieces
    }

    fn start(&self) -> Position {
        self.start.clone()
    }

    fn legal_actions(&self, pos: &Position, out: &mut Vec<Action>) {
        if pos.phase == Phase::Play {
            self.turn_actions(pos, out);
        }
    }

    fn play(&self, pos: &mut Position, action: Action) -> Result<Report, IllegalAction> {
        if let Phase::Over(outcome) = pos.phase {
            return Err(IllegalAction::new(IllegalKind::Phase, format!("the game is over: {outcome}")));
        }
        self.check(pos, action)?;
        Ok(self.apply(pos, action))
    }

    fn play_unchecked(&self, pos: &mut Position, action: Action) -> Report {
        self.apply(pos, action)
    }

    /// A turn is exactly three actions, so `end` is never legal: a turn left short by a
    /// record's skipped slip is handed to the other side here.
    fn close_turn(&self, pos: &mut Position) -> Result<Report, IllegalAction> {
        if pos.phase != Phase::Play {
            return self.play(pos, Action::EndTurn);
        }
        Ok(self.close(pos))
    }

    fn view(&self, pos: &Position, _viewer: Option<Side>) -> Position {
        pos.clone()
    }

    /// A move captures nothing (\[004]: pieces move to empty squares); an attack or a shot
    /// names its odds and the target it takes if it succeeds, and a melee the own pieces next
    /// to the target, which all join it (rulings 12).
    fn describe(&self, pos: &Position, action: Action) -> ActionInfo {
        let mut info = ActionInfo::plain(pos, action);
        if pos.phase != Phase::Play || self.check(pos, action).is_err() {
            return info;
        }
        if let Action::Attack { target, .. } | Action::Fire { target, .. } = action {
            info.combat = self.combat(pos, action);
            info.captures.extend(pos.piece_at(target).map(|p| (target, p)));
        }
        if let Action::Attack { target, .. } = action {
            let mask = self.adjacent_mask(pos, self.board.index(target), pos.to_move);
            info.with = crate::action::Attackers { mask, exact: true }.squares(target);
        }
        if let Action::Fire { from, target } = action {
            info.line = self.line_of_fire(from, target);
        }
        info
    }

    fn hints(&self, _pos: &Position) -> Hints {
        Hints::default()
    }

    fn tallies(&self, _pos: &Position) -> Vec<Tally> {
        Vec::new()
    }

    fn to_place(&self, _pos: &Position, _side: Side) -> Vec<(crate::piece::KindId, u16)> {
        Vec::new()
    }

    fn turn_unit(&self) -> &'static str {
        "actions"
    }

    /// The chess pieces of Medieval War Chess look like chess pieces.
    fn appearance(&self, kind: crate::piece::KindId) -> Appearance {
        let piece = self.pieces.get(kind);
        let shape = match piece.symbol.to_uppercase().as_str() {
            "K" => "king",
            "Q" => "queen",
            "R" => "tower",
            "B" => "mitre",
            "N" => "horse",
            "P" => "pawn",
            _ => return piece.appearance(),
        };
        Appearance { shape, label: None }
    }
}
