//! What clients are sent about a game: its fixed description ([`GameInfo`]) and its state as one
//! viewer may see it ([`StateView`]). Every state goes through [`Game::visible_position`], which
//! is `Ruleset::view` for the viewer (rulings 10); legal actions are computed on that view too.

use crate::game::{AiSeat, ClockConfig, ClockView, Game, Mode, ReadOnly, Viewer};
use serde::Serialize;
use std::collections::BTreeMap;
use warlord_rules::notation::format_action;
use warlord_rules::{Action, Combat, Command, Family, Phase, Ruleset, Side, Square, UnitClass};

/// A game's fixed description: scenario, settings, board and pieces.
#[derive(Clone, Debug, Serialize)]
pub struct GameInfo {
    /// The game's id.
    pub id: String,
    /// The scenario.
    pub scenario: ScenarioInfo,
    /// Option overrides chosen at creation.
    pub options: BTreeMap<String, String>,
    /// How it is played.
    pub mode: Mode,
    /// The clock settings, if clocked.
    pub clock: Option<ClockConfig>,
    /// The AI's seat, against the AI.
    pub ai: Option<AiSeat>,
    /// Whether the lobby lists it.
    pub public: bool,
    /// When it was created (Unix milliseconds).
    pub created_ms: i64,
    /// The board.
    pub board: BoardInfo,
    /// The piece kinds; `kind` in pieces and actions indexes this list.
    pub pieces: Vec<PieceInfo>,
    /// Set when the game may only be watched (its stored log no longer replays): why.
    pub read_only: Option<ReadOnly>,
}

/// A scenario's names.
#[derive(Clone, Debug, Serialize)]
pub struct ScenarioInfo {
    /// Its id.
    pub id: String,
    /// Its display name.
    pub name: String,
    /// Its description.
    pub description: String,
    /// Its game family.
    pub family: Family,
}

/// A board's size and terrain.
#[derive(Clone, Debug, Serialize)]
pub struct BoardInfo {
    /// Number of files (columns), named a, b, ..., z, aa, ab, ...
    pub files: u8,
    /// Number of ranks (rows), numbered from 1.
    pub ranks: u8,
    /// One string per rank, the top rank first, one terrain code per file: `.` open,
    /// `~` water, `T` town, `F` trees, `^` hill (as in scenario files).
    pub terrain: Vec<String>,
}

/// A piece kind.
#[derive(Clone, Debug, Serialize)]
pub struct PieceInfo {
    /// Its index.
    pub kind: u8,
    /// Its name.
    pub name: String,
    /// Its symbol (upper case; Black's pieces are written in lower case).
    pub symbol: String,
    /// Its role.
    pub class: UnitClass,
    /// Its points value.
    pub value: u32,
    /// Its command powers, if it activates pieces.
    pub command: Option<Command>,
}

/// A game's state as one viewer may see it.
#[derive(Clone, Debug, Serialize)]
pub struct StateView {
    /// The game's id.
    pub game: String,
    /// The number of events so far (the next event's sequence number).
    pub seq: u64,
    /// Who this view is for: `white`, `black` or `spectator`.
    pub you: &'static str,
    /// `setup`, `play` or `over`.
    pub phase: &'static str,
    /// The side whose turn (or setup) it is.
    pub to_move: Side,
    /// The turn in progress.
    pub turn: TurnView,
    /// Turns completed since play began.
    pub turns_played: u32,
    /// Every piece the viewer may see.
    pub pieces: Vec<PieceView>,
    /// Pieces the viewer still has to place (setup only).
    pub reserve: Vec<ReserveView>,
    /// The viewer's legal actions, when it is the viewer's turn; empty otherwise.
    pub legal: Vec<LegalAction>,
    /// For each of the viewer's pieces that could act now, the squares of the pieces that
    /// could activate it (activation games only; the viewer's turn only).
    pub activators: BTreeMap<Square, Vec<Square>>,
    /// The move list the viewer may see.
    pub moves: Vec<MoveListTurn>,
    /// The clocks, in clocked games.
    pub clock: Option<ClockView>,
    /// The side with a pending draw offer.
    pub draw_offer: Option<Side>,
    /// The result, once over.
    pub outcome: Option<OutcomeView>,
    /// Enemy leaders captured by White and by Black.
    pub leaders_captured: [u32; 2],
}

/// The turn in progress.
#[derive(Clone, Debug, Serialize)]
pub struct TurnView {
    /// Its number in play (1 for the first turn), or 0 during setup.
    pub number: u32,
    /// How many actions it allows.
    pub cap: u8,
    /// The actions taken so far (empty for the other side's setup).
    pub actions: Vec<String>,
}

/// A piece on the board.
#[derive(Clone, Debug, Serialize)]
pub struct PieceView {
    /// Where it stands.
    pub square: Square,
    /// Its side.
    pub side: Side,
    /// Its kind (index into the game's pieces).
    pub kind: u8,
    /// Its symbol, in the side's case.
    pub symbol: String,
    /// Whether it has acted this turn.
    pub moved: bool,
}

/// Pieces left to place.
#[derive(Clone, Debug, Serialize)]
pub struct ReserveView {
    /// The kind.
    pub kind: u8,
    /// How many.
    pub count: u16,
}

/// One legal action, in notation and as squares for a board UI.
#[derive(Clone, Debug, Serialize)]
pub struct LegalAction {
    /// The action in the project notation: what to send back to play it.
    pub text: String,
    /// `move`, `swap`, `attack`, `fire`, `place` or `end`.
    pub kind: &'static str,
    /// The square a piece acts from, if any.
    pub from: Option<Square>,
    /// The square it goes to or aims at, if any.
    pub to: Option<Square>,
    /// What a melee attack would do (attack previews).
    pub combat: Option<Combat>,
}

/// One turn of the move list.
#[derive(Clone, Debug, Serialize)]
pub struct MoveListTurn {
    /// The side that played it.
    pub side: Side,
    /// Whether it was a setup turn.
    pub setup: bool,
    /// Its actions in notation (an empty finished turn is a pass).
    pub actions: Vec<String>,
    /// Whether it has ended.
    pub done: bool,
}

/// A finished game's result.
#[derive(Clone, Debug, Serialize)]
pub struct OutcomeView {
    /// The winner; `null` for a draw.
    pub winner: Option<Side>,
    /// Why it ended (kebab-case, like `all-leaders-captured`, `resignation`, `timeout`).
    pub reason: warlord_rules::EndReason,
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub score: &'static str,
    /// A sentence for people.
    pub text: String,
}

/// The fixed description of a game.
#[must_use]
pub fn game_info(game: &Game) -> GameInfo {
    let rules = &game.rules;
    let board = rules.board();
    let terrain = (0..board.ranks())
        .rev()
        .map(|rank| (0..board.files()).map(|file| board.terrain(Square::new(file, rank)).code()).collect())
        .collect();
    let pieces = rules
        .pieces()
        .iter()
        .map(|(kind, k)| PieceInfo {
            kind,
            name: k.name.clone(),
            symbol: k.symbol.clone(),
            class: k.class,
            value: k.value,
            command: k.command,
        })
        .collect();
    let meta = &game.meta;
    GameInfo {
        id: meta.id.clone(),
        scenario: ScenarioInfo {
            id: game.scenario.id.clone(),
            name: game.scenario.name.clone(),
            description: game.scenario.description.clone(),
            family: game.scenario.family,
        },
        options: meta.options.clone(),
        mode: meta.mode,
        clock: meta.clock,
        ai: meta.ai,
        public: meta.public,
        created_ms: meta.created_ms,
        board: BoardInfo { files: board.files(), ranks: board.ranks(), terrain },
        pieces,
        read_only: game.read_only().cloned(),
    }
}

/// The state of a game as `viewer` may see it, at server time `now_ms`.
#[must_use]
pub fn state_view(game: &Game, viewer: Viewer, now_ms: i64) -> StateView {
    let rules = &*game.rules;
    let pos = game.visible_position(viewer);
    let phase = game.position().phase();
    let to_move = pos.to_move();
    let own_turn = viewer.side() == Some(to_move) && game.outcome().is_none();
    let symbol = |kind: u8, side: Side| {
        let s = &rules.pieces().get(kind).symbol;
        if side == Side::White {
            s.clone()
        } else {
            s.to_lowercase()
        }
    };
    let pieces = pos
        .placement()
        .into_iter()
        .map(|(square, p)| PieceView {
            square,
            side: p.side,
            kind: p.kind,
            symbol: symbol(p.kind, p.side),
            moved: pos.has_moved(square),
        })
        .collect();
    let reserve = viewer
        .side()
        .map(|side| pos.reserve(side).map(|(kind, count)| ReserveView { kind, count }).collect())
        .unwrap_or_default();
    let legal = if own_turn { legal_actions(rules, &pos) } else { Vec::new() };
    let activators = if own_turn && *phase == Phase::Play {
        pos.pieces(to_move)
            .filter(|(sq, _)| !pos.has_moved(*sq))
            .map(|(sq, _)| (sq, rules.activators(&pos, sq)))
            .filter(|(_, list)| !list.is_empty())
            .collect()
    } else {
        BTreeMap::new()
    };
    let shows_turn = *phase != Phase::Setup || viewer.side() == Some(to_move);
    let turn = TurnView {
        number: if *phase == Phase::Setup { 0 } else { pos.turns_played() + 1 },
        cap: pos.turn_cap(),
        actions: if shows_turn {
            pos.actions_this_turn().iter().map(|a| format_action(a, rules.pieces())).collect()
        } else {
            Vec::new()
        },
    };
    let moves = game
        .visible_turns(viewer)
        .map(|(_, t)| MoveListTurn {
            side: t.side,
            setup: t.setup,
            actions: t.actions.iter().map(|a| a.to_string()).collect(),
            done: t.done,
        })
        .collect();
    StateView {
        game: game.meta.id.clone(),
        seq: game.seq(),
        you: viewer.side().map_or("spectator", Side::name),
        phase: match phase {
            Phase::Setup => "setup",
            Phase::Play => "play",
            Phase::Over(_) => "over",
        },
        to_move,
        turn,
        turns_played: pos.turns_played(),
        pieces,
        reserve,
        legal,
        activators,
        moves,
        clock: game.clock().map(|c| c.view(now_ms)),
        draw_offer: game.draw_offer(),
        outcome: game.outcome().map(|o| OutcomeView {
            winner: o.winner,
            reason: o.reason,
            score: o.score(),
            text: o.to_string(),
        }),
        leaders_captured: [pos.leaders_captured_by(Side::White), pos.leaders_captured_by(Side::Black)],
    }
}

fn legal_actions(rules: &dyn Ruleset, pos: &warlord_rules::Position) -> Vec<LegalAction> {
    rules
        .legal_action_list(pos)
        .into_iter()
        .map(|action| LegalAction {
            text: if action == Action::EndTurn { "end".into() } else { format_action(&action, rules.pieces()) },
            kind: match action {
                Action::Move { .. } => "move",
                Action::Swap { .. } => "swap",
                Action::Attack { .. } => "attack",
                Action::Fire { .. } => "fire",
                Action::Place { .. } => "place",
                Action::EndTurn => "end",
            },
            from: action.origin(),
            to: action.destination(),
            combat: rules.preview(pos, action),
        })
        .collect()
}
