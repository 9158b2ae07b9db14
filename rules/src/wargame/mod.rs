//! WarGame (text \[003]). WarGame 1: a hierarchy of leaders (Supreme Commander, Tank,
//! Infantry and Artillery Commanders) in a chain of command, activating tanks, infantry and
//! artillery that move by movement points over terrain, fire along lines of fire, overrun,
//! tow, and are removed when surrounded; with the option `paratroops`, paratroopers prepare
//! and leap. WarGame 2 keeps those rules on a hex board with its own pieces (Commander,
//! Generals, Colonels; cavalry, infantry, artillery), set by its scenarios' `[rules]`, and adds
//! the leader who moves along with the unit it orders (`lead`). Every distance, neighbour and
//! line is the board's geometry's. See docs/RULES.md, "WarGame 1" and "WarGame 2".

mod captures;
mod capturing;
mod command;
mod config;
mod fire;
mod guide;
mod hints;
mod lead;
mod movement;
mod options;
mod paratroops;
mod setup;
mod state;
mod surround;
mod towing;
mod turn;

pub use captures::{may_kill, How, Table, TABLES};
pub use config::{KindRules, Role, WarGameConfig};
pub use movement::{enter_cost, may_overrun};
pub use options::WarGameOptions;
pub use paratroops::{PARATROOPER_SYMBOL, PREPARED};
pub use state::{Tow, WarGameState};

use crate::action::Action;
use crate::board::Board;
use crate::family_state::FamilyState;
use crate::piece::{KindId, Piece, PieceTable};
use crate::position::{Phase, Position};
use crate::ruleset::{
    ActionInfo, Appearance, Commander, Family, Hints, IllegalAction, IllegalKind, Report, Ruleset, Tally,
};
use crate::side::Side;
use crate::square::Square;
use std::sync::Arc;

/// Everything needed to build the rules of a WarGame game (square or hex cells; the pieces'
/// classes give their roles).
pub type WarGameSetup = crate::setup::GameSetup<WarGameConfig, WarGameOptions>;

/// The rules of a WarGame game (1 or 2), configured for a scenario and its options.
#[derive(Clone, Debug)]
pub struct WarGameRules {
    board: Arc<Board>,
    pieces: PieceTable,
    config: WarGameConfig,
    options: WarGameOptions,
    zones: [Vec<Square>; 2],
    /// The fixed start: the armies, whatever the setup (for tallies and the banner victory).
    army: Position,
    start: Position,
    /// The lattice offsets within each fire range a shooter may have (indexed by the range),
    /// rank by rank: built once, since every shooter of every listing walks one.
    fire_balls: Vec<Vec<crate::geometry::Lattice>>,
    /// The padded-cell offset of each step to a neighbour, in the geometry's order (the
    /// movement search takes one per neighbour of every cell it reaches).
    neighbour_offsets: Vec<isize>,
}

impl WarGameRules {
    /// Builds the rules; errors name the scenario field at fault.
    pub fn new(setup: WarGameSetup) -> Result<WarGameRules, (String, String)> {
        let WarGameSetup { board, mut pieces, mut placement, zones, mut config, options } = setup;
        if options.leaders_overrun {
            for kind in config.kinds.iter_mut().filter(|k| k.role == Role::Leader) {
                kind.overrun = true;
            }
        }
        if options.paratroops > 0 {
            paratroops::enlist(&board, &mut pieces, &mut config, &mut placement, options.paratroops)?;
        }
        let board = Arc::new(board);
        let mut start = Position::empty(board.clone(), FamilyState::WarGame(WarGameState::default()));
        for &(sq, piece) in &placement {
            board.check(sq).map_err(|e| ("setup".to_string(), e.to_string()))?;
            if pos_has(&start, sq) {
                return Err(("setup".into(), format!("two pieces are placed on {sq}")));
            }
            start.add_piece(sq, piece);
        }
        for side in Side::BOTH {
            if !start.pieces(side).any(|(_, p)| config.kind(p.kind).role == Role::Leader) {
                return Err(("setup".into(), format!("{side} has no leader")));
            }
        }
        start.turn.cap = config.actions_per_turn;
        let widest = config.kinds.iter().map(|k| k.fire_range).chain([config.infantry_cover_range]).max().unwrap_or(0);
        let fire_balls = board.geometry().balls(widest);
        let neighbour_offsets = board.neighbour_offsets();
        let mut rules = WarGameRules {
            board,
            pieces,
            config,
            options,
            zones,
            army: start.clone(),
            start,
            fire_balls,
            neighbour_offsets,
        };
        if rules.options.banner_planting {
            for side in Side::BOTH {
                if !rules.board.squares().any(|sq| rules.objective(sq, side)) {
                    return Err((
                        "options.banner-planting".into(),
                        format!("{side} has no objective to plant its banner on: give `[rules] objectives` or towns in each half"),
                    ));
                }
            }
        }
        if rules.options.free_setup {
            rules.start = rules.setup_start()?;
        }
        Ok(rules)
    }

    /// The start of a free setup: an empty board and each side's army in reserve.
    fn setup_start(&self) -> Result<Position, (String, String)> {
        let mut reserve = [vec![0u16; self.pieces.len()], vec![0u16; self.pieces.len()]];
        for side in Side::BOTH {
            for (_, p) in self.army.pieces(side) {
                reserve[side.index()][usize::from(p.kind)] += 1;
            }
            let room = self.zones[side.index()]
                .iter()
                .filter(|&&sq| self.board.terrain(sq) != crate::terrain::Terrain::Water)
                .count();
            if room < self.army.piece_count(side) {
                return Err((
                    "setup.zones".into(),
                    format!("the zone of {side} has room for {room} pieces, fewer than its army"),
                ));
            }
        }
        let mut pos = Position::empty(
            self.board.clone(),
            FamilyState::WarGame(WarGameState { reserve, ..WarGameState::default() }),
        );
        pos.phase = Phase::Setup;
        Ok(pos)
    }

    /// The fixed rules in force.
    #[must_use]
    pub fn config(&self) -> &WarGameConfig {
        &self.config
    }

    /// The options in force.
    #[must_use]
    pub fn options(&self) -> &WarGameOptions {
        &self.options
    }

    /// The squares of the leaders of `side` that are in command now (rulings 19), sorted.
    #[must_use]
    pub fn leaders_in_command(&self, pos: &Position, side: Side) -> Vec<Square> {
        let mut out: Vec<Square> = self.in_command(pos, side).into_iter().map(|s| self.square_of(pos, s)).collect();
        out.sort_by_key(|s| (s.rank, s.file));
        out
    }

    /// How many leaders of each side the start had and a position has lost.
    fn leaders_lost(&self, pos: &Position) -> [u32; 2] {
        if pos.phase == Phase::Setup {
            return [0, 0];
        }
        let leaders = |p: &Position, side: Side| {
            p.pieces(side).filter(|(_, pc)| self.config.kind(pc.kind).role == Role::Leader).count() as u32
        };
        Side::BOTH.map(|side| leaders(&self.army, side).saturating_sub(leaders(pos, side)))
    }
}

impl WarGameRules {
    /// The pieces on `squares` with the pieces they tow (which die with them).
    fn with_towed(&self, pos: &Position, squares: &[Square]) -> Vec<(Square, Piece)> {
        let state = self.state(pos);
        let mut out = Vec::new();
        for &sq in squares {
            out.extend(pos.piece_at(sq).map(|p| (sq, p)));
            if let Some(towed) = state.towed_by(sq) {
                out.extend(pos.piece_at(towed).map(|p| (towed, p)));
            }
        }
        out
    }
}

impl WarGameRules {
    /// What a legal move (plain or led, at `pace`) kills, with what they tow; nothing for an
    /// illegal one. Cheap for the moves that cannot kill: callers describe every legal action.
    fn move_captures(
        &self,
        pos: &Position,
        action: Action,
        from: Square,
        to: Square,
        pace: movement::Pace,
    ) -> Vec<(Square, Piece)> {
        let overruns = self.overruns(pos, from, pace);
        let may_kill = pos.piece_at(to).is_some() || overruns.iter().any(|(sq, _)| *sq == to);
        if !may_kill || self.check(pos, action).is_err() {
            return Vec::new();
        }
        self.with_towed(pos, &self.move_victims(pos, to, pace, &overruns))
    }
}

fn pos_has(pos: &Position, sq: Square) -> bool {
    pos.piece_at(sq).is_some()
}

impl Ruleset for WarGameRules {
    fn family(&self) -> Family {
        Family::WarGame
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
        self.turn_actions(pos, out);
    }

    /// In play, the one action is checked (its unit's paths or line of fire), not listed.
    fn is_legal(&self, pos: &Position, action: Action) -> bool {
        match pos.phase {
            Phase::Play => self.check(pos, action).is_ok(),
            _ => crate::ruleset::is_listed(self, pos, action),
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

    fn view(&self, pos: &Position, viewer: Option<Side>) -> Position {
        self.setup_view(pos, viewer)
    }

    /// A move names what it kills (the enemy it replaces, the enemies it overruns, and what
    /// they tow); a led move too, and its leader in `with`; a shot its target (and what it tows) and the cells its line of fire
    /// crosses; a tow names the towed piece in `with`; a leap is a move noted `by a leap`,
    /// naming the enemy its step kills.
    fn describe(&self, pos: &Position, action: Action) -> ActionInfo {
        let mut info = ActionInfo::plain(pos, action);
        if pos.phase != Phase::Play {
            return info;
        }
        // Cheap first: callers describe every legal action of a position.
        match action {
            Action::Move { from, to } => {
                info.captures = self.move_captures(pos, action, from, to, movement::Pace::default());
            }
            Action::Lead { from, to, leader, .. } if self.check(pos, action).is_ok() => {
                let pace = movement::Pace { extra: self.config.leader_bonus, passable: Some(leader) };
                info.captures = self.move_captures(pos, action, from, to, pace);
                info.with = vec![leader];
            }
            Action::Fire { from, target } if self.check(pos, action).is_ok() => {
                info.captures = self.with_towed(pos, &[target]);
                info.line = self
                    .board
                    .line_of_fire(from, target)
                    .into_iter()
                    .flat_map(|s| match s {
                        crate::geometry::Sight::Cell(c) => vec![c],
                        crate::geometry::Sight::Pair(a, b) => vec![a, b],
                    })
                    .collect();
            }
            Action::Tow { towed, .. } if self.check(pos, action).is_ok() => info.with = vec![towed],
            Action::Leap { to, .. } => {
                info.note = Some(paratroops::LEAP_NOTE);
                if pos.piece_at(to).is_some() && self.check(pos, action).is_ok() {
                    info.captures = self.with_towed(pos, &[to]);
                }
            }
            Action::EndTurn => {
                info.captures = self.end_of_turn_captures(pos);
            }
            _ => {}
        }
        info
    }

    /// Moves and led moves are told from their piece's overruns, worked out once per piece
    /// and pace, and no listed action is checked again.
    fn capturing_actions(&self, pos: &Position, legal: &[Action]) -> Vec<(Action, Square)> {
        self.capturing(pos, legal)
    }

    /// Every leader of both sides, with its activation range and whether it may still give
    /// its one order; for each piece of the side to move that may act now, the leaders that
    /// could order it; the paratroopers of both sides prepared to leap, marked `prepared`.
    fn hints(&self, pos: &Position) -> Hints {
        let mut hints = Hints::default();
        if matches!(pos.phase, Phase::Over(_)) {
            return hints;
        }
        hints.marks = self.state(pos).prepped.iter().map(|&sq| (sq, PREPARED)).collect();
        let free = self.free_leaders(pos);
        for side in Side::BOTH {
            for &slot in pos.slots_of(side) {
                if self.role_of_slot(pos, slot) != Role::Leader {
                    continue;
                }
                let square = self.square_of(pos, slot);
                let range = self.config.kind(pos.slots[slot as usize].kind).activation;
                let area =
                    self.board.squares().filter(|&s| self.board.distance(square, s) <= u32::from(range)).collect();
                let left = u8::from(side != pos.to_move || free.contains(&slot));
                hints.commanders.push(Commander { square, side, range: u32::from(range), area, left, capacity: 1 });
            }
        }
        hints.relays = self.command_relays(pos);
        if pos.phase != Phase::Play {
            return hints;
        }
        let mut legal = Vec::new();
        self.turn_actions(pos, &mut legal);
        let mut actors: Vec<Square> = legal.iter().filter_map(Action::origin).collect();
        actors.sort_by_key(|s| (s.rank, s.file));
        actors.dedup();
        for sq in actors {
            let mut by: Vec<Square> = self
                .activators_near(pos, sq)
                .into_iter()
                .filter(|l| free.contains(l))
                .map(|l| self.square_of(pos, l))
                .collect();
            by.sort_by_key(|s| (s.rank, s.file));
            hints.links.push((sq, by));
        }
        hints
    }

    fn tallies(&self, pos: &Position) -> Vec<Tally> {
        let lost = self.leaders_lost(pos);
        vec![
            Tally { name: "leaders-captured", label: "Leaders captured", values: [lost[1], lost[0]] },
            Tally { name: "leaders-lost", label: "Leaders lost", values: lost },
        ]
    }

    fn to_place(&self, pos: &Position, side: Side) -> Vec<(KindId, u16)> {
        let reserve = &self.state(pos).reserve[side.index()];
        reserve.iter().enumerate().filter(|(_, &n)| n > 0).map(|(k, &n)| (k as KindId, n)).collect()
    }

    fn turn_unit(&self) -> &'static str {
        "actions"
    }

    /// The Supreme Commander (WarGame 2's Commander) wears a crown, the other commanders a
    /// coronet, each labelled with its symbol; tanks are armoured, cavalry a horse, infantry
    /// infantry (paratroopers labelled with their symbol), artillery cannon, and the Command
    /// Post a disc with its symbol.
    fn appearance(&self, kind: KindId) -> Appearance {
        let piece = self.pieces.get(kind);
        let rules = self.config.kind(kind);
        let label = Some(piece.symbol.clone());
        match rules.role {
            Role::Leader if rules.level == self.config.top_level() => Appearance { shape: "crown", label },
            Role::Leader => Appearance { shape: "coronet", label },
            Role::Tank => Appearance { shape: "armoured", label: None },
            Role::Cavalry => Appearance { shape: "horse", label: None },
            Role::Infantry => Appearance { shape: "infantry", label: (rules.leap > 0).then_some(piece.symbol.clone()) },
            Role::Artillery => Appearance { shape: "cannon", label: None },
            Role::Banner => Appearance { shape: "disc", label },
        }
    }
}
