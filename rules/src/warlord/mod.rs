//! The Warlord family: Warlord (original, II, 2.0), Chieftain Chess and the Warlord scenarios.
//! Leaders activate friendly pieces within range; a turn is several piece moves.

mod activation;
mod army;
mod guide;
mod hints;
mod movegen;
mod options;
mod setup;
mod state;
mod terrain;
mod turn;
mod victory;

pub use army::{Army, Choice, Sections, Wave};
pub use options::{Adjudication, WarlordOptions};
use state::{state, state_mut};
pub use state::{Arrival, WarlordState};

use crate::action::Action;
use crate::board::Board;
use crate::movement::MoveRule;
use crate::piece::{Command, Piece, PieceTable, UnitClass};
use crate::position::{Phase, Position};
use crate::ruleset::{ActionInfo, Family, Hints, IllegalAction, IllegalKind, Report, Ruleset, Tally};
use crate::side::Side;
use crate::square::Square;
use movegen::CompiledKind;
use std::sync::Arc;

/// The fixed rules of one Warlord scenario (what is not an option).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WarlordConfig {
    /// The most pieces a side may move in one turn.
    pub moves_per_turn: u8,
    /// Whether a side may never move more pieces than it has leaders ("never more pieces than
    /// Leaders"; rulings 5).
    pub cap_by_leaders: bool,
    /// The side that moves (and sets up) first.
    pub first: Side,
    /// A side holding this many towns at the start of its turn wins (0: no town victory).
    pub towns_to_win: u8,
    /// A side whose leaders can together activate fewer than this many other units loses
    /// (0: off). Leaders that activate only themselves do not count.
    pub collapse_below: u16,
    /// The kind infantry and light cavalry become on the far rank, with the promotion option.
    pub promote_to: Option<crate::piece::KindId>,
    /// The army each side chooses and places in a setup phase, if it is not the fixed start.
    pub army: Option<Army>,
    /// The sections each side deploys in, with their quotas.
    pub sections: Option<Sections>,
    /// Reinforcements entering during play.
    pub waves: Vec<Wave>,
    /// The cells of the board's rectangle that are not squares of the board (the corners
    /// outside a ring board): water on the board, and no move passes over them, whatever the
    /// options.
    pub outside: Vec<Square>,
}

impl WarlordConfig {
    /// The plain rules of most scenarios: `moves_per_turn` moves a turn, capped by leaders.
    #[must_use]
    pub fn basic(moves_per_turn: u8) -> WarlordConfig {
        WarlordConfig {
            moves_per_turn,
            cap_by_leaders: true,
            first: Side::White,
            towns_to_win: 0,
            collapse_below: 0,
            promote_to: None,
            army: None,
            sections: None,
            waves: Vec::new(),
            outside: Vec::new(),
        }
    }
}

/// Everything needed to build the rules of a Warlord game.
pub type WarlordSetup = crate::setup::GameSetup<WarlordConfig, WarlordOptions>;

/// The rules of a Warlord game, configured for a scenario and its options.
#[derive(Clone, Debug)]
pub struct WarlordRules {
    board: Arc<Board>,
    pieces: PieceTable,
    compiled: Vec<CompiledKind>,
    /// Whether the board has towns, trees or hills.
    has_obstacles: bool,
    /// For each padded cell, whether it is one of [`WarlordConfig::outside`].
    outside: Vec<bool>,
    /// The lattice steps to a cell's neighbours, and their padded offsets (same order).
    neighbour_steps: &'static [crate::geometry::Lattice],
    neighbour_offsets: Vec<isize>,
    /// For each activation range, the lattice steps to the cells within it around an
    /// activator (the activator's own cell included), rank by rank.
    ball_steps: Vec<Vec<crate::geometry::Lattice>>,
    /// The padded offsets of [`WarlordRules::ball_steps`] (same order).
    box_offsets: Vec<Vec<isize>>,
    options: WarlordOptions,
    config: WarlordConfig,
    /// For each wave of reinforcements and each kind of piece, the padded cells of the wave's
    /// entry region where that kind may stand, in the region's order: what a placement needs
    /// besides the cell being free, worked out once (terrain does not change).
    entries: Vec<Vec<Vec<u32>>>,
    /// Deployment zones, one flag per board square (rank-major).
    zones: [Vec<bool>; 2],
    /// The towns to hold, with `towns-to-win`: derived from the board and the config once, as
    /// the victory check and every evaluation of the AI read it and `Ruleset::objective` lends it.
    objective: Option<crate::objective::Objective>,
    start: Position,
}

impl WarlordRules {
    /// Builds the rules. Options that change pieces (self-activating knights, the extra light
    /// cavalry move) are applied to the piece table here.
    pub fn new(setup: WarlordSetup) -> Result<WarlordRules, String> {
        let WarlordSetup { board, mut pieces, placement, zones, config, options } = setup;
        apply_piece_options(&mut pieces, &options);
        if usize::from(pieces.reach()) > board.reach() {
            return Err(format!(
                "the board is padded for moves of {} squares but a piece reaches {}",
                board.reach(),
                pieces.reach()
            ));
        }
        let board = Arc::new(board);
        let compiled: Vec<CompiledKind> = pieces.iter().map(|(_, k)| CompiledKind::new(k, &board)).collect();
        let has_obstacles = [crate::Terrain::Town, crate::Terrain::Trees, crate::Terrain::Hill]
            .into_iter()
            .any(|t| board.has_terrain(t));
        let neighbour_steps = board.geometry().neighbour_steps();
        let neighbour_offsets = board.neighbour_offsets();
        let max_range = pieces.iter().filter_map(|(_, k)| k.command).map(|c| c.range).max().unwrap_or(0);
        let ball_steps = board.geometry().balls(max_range);
        let box_offsets =
            ball_steps.iter().map(|steps| steps.iter().map(|&(x, y)| board.offset(x, y)).collect()).collect();
        let zone_flags = |squares: &[Square]| {
            let mut flags = vec![false; usize::from(board.files()) * usize::from(board.ranks())];
            for sq in squares {
                flags[usize::from(sq.rank) * usize::from(board.files()) + usize::from(sq.file)] = true;
            }
            flags
        };
        let zones = [zone_flags(&zones[0]), zone_flags(&zones[1])];
        let mut outside = vec![false; board.cell_count()];
        for &sq in &config.outside {
            board.check(sq).map_err(|e| e.to_string())?;
            outside[board.index(sq)] = true;
        }
        let entries = config
            .waves
            .iter()
            .map(|wave| {
                compiled
                    .iter()
                    .map(|kind| {
                        let standing = wave
                            .region
                            .iter()
                            .filter(|&&sq| board.contains(sq) && kind.terrain.may_stand_on(board.terrain(sq) as u8));
                        standing.map(|&sq| board.index(sq) as u32).collect()
                    })
                    .collect()
            })
            .collect();
        let objective = (config.towns_to_win > 0).then(|| crate::objective::Objective {
            squares: board.squares().filter(|sq| board.terrain(*sq) == crate::Terrain::Town).collect(),
            needed: u32::from(config.towns_to_win),
        });
        let mut rules = WarlordRules {
            board: board.clone(),
            pieces,
            compiled,
            has_obstacles,
            neighbour_steps,
            outside,
            neighbour_offsets,
            ball_steps,
            box_offsets,
            options,
            config,
            entries,
            zones,
            objective,
            start: Position::empty(board, crate::FamilyState::None),
        };
        rules.start = rules.initial_position(&placement)?;
        Ok(rules)
    }

    /// The options in force.
    #[must_use]
    pub fn options(&self) -> &WarlordOptions {
        &self.options
    }

    /// The fixed rules in force.
    #[must_use]
    pub fn config(&self) -> &WarlordConfig {
        &self.config
    }

    /// Whether a square is in a side's deployment zone.
    #[must_use]
    pub fn in_zone(&self, side: Side, sq: Square) -> bool {
        self.board.contains(sq)
            && self.zones[side.index()][usize::from(sq.rank) * usize::from(self.board.files()) + usize::from(sq.file)]
    }

    /// Where the piece on `sq` could move now if activated, whoever's turn it is (for
    /// the UI and tests). Empty if no piece stands there.
    #[must_use]
    pub fn piece_destinations(&self, pos: &Position, sq: Square) -> Vec<Square> {
        if !self.board.contains(sq) {
            return Vec::new();
        }
        let Some(slot) = pos.slot_at(self.board.index(sq)) else { return Vec::new() };
        let mut view = pos.clone();
        view.to_move = pos.slots[slot as usize].side;
        let mut out = Vec::new();
        movegen::MoveGen::new(self, &view).piece_moves(slot, &mut out);
        out.iter().filter_map(Action::destination).collect()
    }

    fn initial_position(&self, placement: &[(Square, Piece)]) -> Result<Position, String> {
        let mut pos =
            Position::empty(self.board.clone(), crate::FamilyState::Warlord(WarlordState::new(self.pieces.len())));
        for &(sq, piece) in placement {
            self.board.check(sq).map_err(|e| e.to_string())?;
            if pos.piece_at(sq).is_some() {
                return Err(format!("two pieces are placed on {sq}"));
            }
            if self.board.terrain(sq) == crate::Terrain::Water {
                return Err(format!("a piece is placed on water at {sq}"));
            }
            if usize::from(piece.kind) >= self.pieces.len() {
                return Err(format!("unknown piece kind {} on {sq}", piece.kind));
            }
            if self.options.free_setup {
                if self.config.army.is_none() {
                    state_mut(&mut pos).reserve[piece.side.index()][usize::from(piece.kind)] += 1;
                }
            } else {
                pos.add_piece(sq, piece);
            }
        }
        if let Some(army) = &self.config.army {
            if self.options.free_setup {
                for side in Side::BOTH {
                    for &(kind, n) in &army.fixed {
                        state_mut(&mut pos).reserve[side.index()][usize::from(kind)] += n;
                    }
                }
            } else if placement.is_empty() {
                return Err("this scenario has no fixed start: play it with free-setup = true".into());
            }
        }
        pos.to_move = self.config.first;
        if self.options.free_setup {
            // Setup is secret (rulings 10): if the zones shared a square, "that square is taken"
            // would tell one side where the other placed a piece.
            if let Some(shared) =
                self.board.squares().find(|&sq| self.in_zone(Side::White, sq) && self.in_zone(Side::Black, sq))
            {
                return Err(format!(
                    "White's and Black's deployment zones overlap (at {shared}); a hidden setup needs separate zones"
                ));
            }
            for side in Side::BOTH {
                let zone_size = self
                    .board
                    .squares()
                    .filter(|&sq| self.in_zone(side, sq) && self.board.terrain(sq) != crate::Terrain::Water)
                    .count();
                let army: usize = state(&pos).reserve[side.index()].iter().map(|&n| usize::from(n)).sum();
                if army > zone_size {
                    return Err(format!(
                        "{side} has {army} pieces to place but its deployment zone has only {zone_size} land squares"
                    ));
                }
            }
            pos.phase = Phase::Setup;
        } else {
            pos.phase = Phase::Play;
            self.begin_turn(&mut pos);
        }
        Ok(pos)
    }

    /// The activation power of the piece in a slot, if any.
    #[inline]
    fn command(&self, pos: &Position, slot: u32) -> Option<Command> {
        self.pieces.get(pos.slots[slot as usize].kind).command
    }

    /// Starts the turn of the side to move: its cap, and the reinforcements due now.
    fn begin_turn(&self, pos: &mut Position) {
        let side = pos.to_move;
        pos.turn.cap = self.turn_cap(pos, side);
        let own_turn = pos.turns_played / 2 + 1;
        for (i, wave) in self.config.waves.iter().enumerate() {
            if wave.side == side && wave.turn == own_turn {
                for &(kind, count) in &wave.pieces {
                    state_mut(pos).arrivals.push(Arrival { side, wave: i as u16, kind, count });
                }
            }
        }
    }

    /// How many moves a side may make in a turn starting now (rulings 5).
    fn turn_cap(&self, pos: &Position, side: Side) -> u8 {
        if !self.config.cap_by_leaders {
            return self.config.moves_per_turn;
        }
        let leaders = pos.pieces(side).filter(|(_, p)| self.pieces.get(p.kind).is_leader()).count();
        self.config.moves_per_turn.min(leaders.min(255) as u8)
    }
}

/// Applies the options that change piece kinds.
fn apply_piece_options(pieces: &mut PieceTable, options: &WarlordOptions) {
    let ids: Vec<_> = pieces.iter().filter(|(_, k)| k.class == UnitClass::LightCavalry).map(|(i, _)| i).collect();
    for id in ids {
        let kind = pieces.get_mut(id);
        if options.self_activating_knights && kind.command.is_none() {
            kind.command = Some(Command { capacity: 1, range: 0, others: false });
        }
        if options.light_cavalry_extra_move {
            let extra = MoveRule::Leap { a: 0, b: 2 };
            if !kind.moves.contains(&extra) {
                kind.moves.push(extra);
            }
        }
    }
}

impl Ruleset for WarlordRules {
    fn family(&self) -> Family {
        Family::Warlord
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
        match pos.phase {
            Phase::Over(_) => {}
            Phase::Setup => self.setup_actions(pos, out),
            Phase::Play => self.turn_actions(pos, out),
        }
    }

    /// In play, the one action is checked (its piece's activation and moves), not listed.
    fn is_legal(&self, pos: &Position, action: Action) -> bool {
        match pos.phase {
            Phase::Over(_) => false,
            Phase::Setup => crate::ruleset::is_listed(self, pos, action),
            Phase::Play => self.check_turn_action(pos, action).is_ok(),
        }
    }

    fn play(&self, pos: &mut Position, action: Action) -> Result<Report, IllegalAction> {
        match pos.phase {
            Phase::Over(outcome) => Err(IllegalAction::new(IllegalKind::Phase, format!("the game is over: {outcome}"))),
            Phase::Setup => self.play_setup(pos, action),
            Phase::Play => self.play_turn(pos, action),
        }
    }

    fn play_unchecked(&self, pos: &mut Position, action: Action) -> Report {
        match pos.phase {
            Phase::Setup => self.apply_setup(pos, action),
            _ => self.apply_turn(pos, action),
        }
    }

    fn view(&self, pos: &Position, viewer: Option<Side>) -> Position {
        let mut view = pos.clone();
        if pos.phase == Phase::Setup {
            for side in Side::BOTH {
                if Some(side) != viewer {
                    view.remove_side(side);
                    state_mut(&mut view).reserve[side.index()].iter_mut().for_each(|n| *n = 0);
                }
            }
        }
        view
    }

    fn describe(&self, pos: &Position, action: Action) -> ActionInfo {
        self.describe_action(pos, action)
    }

    /// A capture is a move onto an enemy: told from the action and the board alone.
    fn capturing_actions(&self, pos: &Position, legal: &[Action]) -> Vec<(Action, Square)> {
        self.capturing(pos, legal)
    }

    /// In play, the moves are counted as they are found and only those onto an enemy kept.
    fn count_and_captures(&self, pos: &Position) -> (usize, Vec<(Action, Square)>) {
        match pos.phase {
            Phase::Play => self.turn_count_and_captures(pos),
            _ => crate::ruleset::listed_count_and_captures(self, pos),
        }
    }

    fn hints(&self, pos: &Position) -> Hints {
        self.ui_hints(pos)
    }

    fn tallies(&self, pos: &Position) -> Vec<Tally> {
        self.tally(pos)
    }

    fn to_place(&self, pos: &Position, side: Side) -> Vec<(crate::piece::KindId, u16)> {
        self.pieces_to_place(pos, side)
    }

    fn turn_unit(&self) -> &'static str {
        "activations"
    }

    fn objective(&self) -> Option<&crate::objective::Objective> {
        self.objective.as_ref()
    }
}
