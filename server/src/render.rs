//! What clients are sent about a game: its fixed description ([`GameInfo`]) and its state as one
//! viewer may see it ([`StateView`]). Every state goes through [`Game::visible_position`], which
//! is `Ruleset::view` for the viewer (rulings 10); legal actions are computed on that view too.
//!
//! Everything here is described by the rules (`Ruleset::describe`, `hints`, `tallies`,
//! `to_place`, `appearance`, the option schema): this module names no family and restates no
//! rule. The TypeScript declarations of these types are generated (`web/src/api/generated.ts`,
//! checked by `tests/api_types.rs`).

use crate::game::{AiSeat, ClockConfig, ClockView, Game, Mode, ReadOnly, Viewer};
use serde::Serialize;
use std::collections::BTreeMap;
use std::sync::Arc;
use ts_rs::TS;
use warlord_rules::notation::{format_action, parse_action};
use warlord_rules::{
    Action, ActionKind, Appearance, Combat, Command, Commander, Geometry, OptionSpec, Phase, Position, Ruleset, Side,
    Square, Tally, UnitClass,
};

/// A scenario of `GET /api/scenarios`.
#[derive(Clone, Debug, Serialize, TS)]
pub struct ScenarioEntry {
    /// Its id.
    pub id: String,
    /// Its display name.
    pub name: String,
    /// What it is.
    pub description: String,
    /// The name of its game family, for people.
    pub family_title: String,
    /// Its board's geometry and size.
    pub board: ScenarioBoard,
    /// Its options, with this scenario's defaults.
    pub options: Vec<OptionSpec>,
}

/// A scenario's board, in short.
#[derive(Clone, Debug, Serialize, TS)]
pub struct ScenarioBoard {
    /// `square` or `hex`.
    pub geometry: Geometry,
    /// Number of files.
    pub files: u8,
    /// Number of ranks.
    pub ranks: u8,
}

/// A game's fixed description: scenario, settings, board and pieces.
#[derive(Clone, Debug, Serialize, TS)]
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
    /// What a turn is counted in, plural (`activations`, `actions`).
    pub turn_unit: String,
    /// Set when the game may only be watched (its stored log no longer replays): why.
    pub read_only: Option<ReadOnly>,
}

/// A scenario's names.
#[derive(Clone, Debug, Serialize, TS)]
pub struct ScenarioInfo {
    /// Its id.
    pub id: String,
    /// Its display name.
    pub name: String,
    /// Its description.
    pub description: String,
    /// The name of its game family, for people.
    pub family_title: String,
}

/// A board's geometry, size and terrain.
#[derive(Clone, Debug, Serialize, TS)]
pub struct BoardInfo {
    /// `square`, or `hex` (offset rows, docs/NOTATION.md).
    pub geometry: Geometry,
    /// Number of files (columns), named a, b, ..., z, aa, ab, ...
    pub files: u8,
    /// Number of ranks (rows), numbered from 1.
    pub ranks: u8,
    /// One string per rank, the top rank first, one terrain code per file: `.` open,
    /// `~` water, `T` town, `F` trees, `^` hill (as in scenario files).
    pub terrain: Vec<String>,
}

/// A piece kind.
#[derive(Clone, Debug, Serialize, TS)]
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
    /// How to draw it.
    pub appearance: Appearance,
}

/// A game's state as one viewer may see it.
#[derive(Clone, Debug, Serialize, TS)]
pub struct StateView {
    /// The game's id.
    pub game: String,
    /// The number of events so far (the next event's sequence number).
    pub seq: u64,
    /// Who this view is for: `white`, `black` or `spectator`.
    #[ts(type = "Side | \"spectator\"")]
    pub you: &'static str,
    /// `setup`, `play` or `over`.
    #[ts(type = "\"setup\" | \"play\" | \"over\"")]
    pub phase: &'static str,
    /// The side whose turn (or setup) it is.
    pub to_move: Side,
    /// The turn in progress.
    pub turn: TurnView,
    /// Turns completed since play began.
    pub turns_played: u32,
    /// Every piece the viewer may see.
    pub pieces: Vec<PieceView>,
    /// Pieces the viewer still has to place (setup reserve, arrived reinforcements).
    pub to_place: Vec<ToPlace>,
    /// The viewer's legal actions, when it is the viewer's turn; empty otherwise.
    pub legal: Vec<LegalAction>,
    /// Commanders and command links, from the rules.
    pub hints: HintsView,
    /// The move list the viewer may see.
    // Each turn is shared with the states rendered before that had it (`Arc`), not copied.
    #[ts(type = "Array<MoveListTurn>")]
    pub moves: Vec<Arc<MoveListTurn>>,
    /// The clocks, in clocked games.
    pub clock: Option<ClockView>,
    /// The side with a pending draw offer.
    pub draw_offer: Option<Side>,
    /// The side asking to take back its last turn, until the opponent answers.
    pub takeback_offer: Option<Side>,
    /// The result, once over.
    pub outcome: Option<OutcomeView>,
    /// The counts per side the rules keep (leaders captured, ...).
    pub tallies: Vec<Tally>,
}

/// The turn in progress.
#[derive(Clone, Debug, Serialize, TS)]
pub struct TurnView {
    /// Its number in play (1 for the first turn), or 0 during setup.
    pub number: u32,
    /// How many actions it allows.
    pub cap: u8,
    /// The actions taken so far (empty for the other side's setup).
    pub actions: Vec<ActionView>,
}

/// A piece on the board.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct PieceView {
    /// Where it stands.
    pub square: Square,
    /// Its side.
    pub side: Side,
    /// Its kind (index into the game's pieces).
    pub kind: u8,
    /// Its symbol, in the side's case.
    #[ts(type = "string")]
    pub symbol: Arc<str>,
    /// Whether it has acted this turn.
    pub moved: bool,
}

/// Pieces of one kind left to place.
#[derive(Clone, Debug, Serialize, TS)]
pub struct ToPlace {
    /// The kind.
    pub kind: u8,
    /// How many.
    pub count: u16,
}

/// An action as the rules describe it from the action alone: what to send, its kind and
/// squares.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct ActionView {
    /// The action in the project notation: what to send back to play it.
    pub text: String,
    /// Its kind.
    pub kind: ActionKind,
    /// The square a piece acts from, if any.
    pub from: Option<Square>,
    /// The square it goes to or aims at, if any.
    pub to: Option<Square>,
    /// For a placement, the kind placed.
    pub place: Option<u8>,
    /// The other pieces it moves (a towed piece), each from the square it leaves to the one
    /// it ends on.
    pub carries: Vec<Step>,
}

/// A piece's move from one square to another.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct Step {
    /// The square it leaves.
    pub from: Square,
    /// The square it ends on.
    pub to: Square,
}

/// One legal action, described by the rules in the position it is legal in. Its empty lists
/// and null fields are left out of the JSON (most actions have none of them, and the mover is
/// sent every legal action with every state): a missing list is empty, a missing field null.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct LegalAction {
    /// The action itself.
    #[serde(flatten)]
    #[ts(flatten)]
    pub action: ActionView,
    /// The other own pieces taking part (a melee's attackers, a swap's leader); left out
    /// when empty.
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub with: Vec<Square>,
    /// The squares of the pieces it captures (for an attack, if it succeeds); left out when
    /// empty.
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub captures: Vec<Square>,
    /// The odds of an attack or a shot; left out for other actions.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub combat: Option<Combat>,
    /// For a shot, the cells its line of fire crosses, in order from the firer (for the UI
    /// to draw); left out for other actions.
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub line: Vec<Square>,
    /// A few words the rules add to its name where its kind and squares alone do not tell it
    /// from another action of the same piece to the same square (`by a leap`); usually left
    /// out.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub note: Option<String>,
}

/// What the rules tell the UI about the position.
#[derive(Clone, Debug, Default, Serialize, TS)]
pub struct HintsView {
    /// The pieces that order others, of both sides, with their range and orders left.
    pub commanders: Vec<Commander>,
    /// For each piece of the viewer that could act now (its turn only), the squares of the
    /// pieces that could order it.
    pub links: Vec<CommandLink>,
    /// The chain of command, of both sides: each link from a leader relaying command to a
    /// leader it holds in command.
    pub relays: Vec<Step>,
    /// Pieces of both sides in a lasting state the rules name (a paratrooper prepared to
    /// leap: `prepared`), for the UI to write on them.
    pub marks: Vec<Mark>,
}

/// A piece in a lasting state, as the rules name it.
#[derive(Clone, Debug, Serialize, TS)]
pub struct Mark {
    /// The piece's square.
    pub square: Square,
    /// A short word for its state.
    pub label: String,
}

/// The commanders that could order one piece.
#[derive(Clone, Debug, Serialize, TS)]
pub struct CommandLink {
    /// The piece's square.
    pub square: Square,
    /// The squares of the pieces that could order it.
    pub commanders: Vec<Square>,
}

/// One turn of the move list.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct MoveListTurn {
    /// The side that played it.
    pub side: Side,
    /// Whether it was a setup turn.
    pub setup: bool,
    /// Its actions (an empty finished turn is a pass).
    pub actions: Vec<ActionView>,
    /// Whether it has ended.
    pub done: bool,
}

impl MoveListTurn {
    /// Whether this is the rendering of `turn` (the same side, kind, end and action texts).
    fn shows(&self, turn: &crate::game::Turn) -> bool {
        self.side == turn.side
            && self.setup == turn.setup
            && self.done == turn.done
            && self.actions.len() == turn.actions.len()
            && self.actions.iter().zip(&turn.actions).all(|(seen, text)| seen.text == **text)
    }
}

/// A finished game's result.
#[derive(Clone, Debug, Serialize, TS)]
pub struct OutcomeView {
    /// The winner; `null` for a draw.
    pub winner: Option<Side>,
    /// Why it ended (kebab-case, like `all-leaders-captured`, `resignation`, `timeout`).
    pub reason: warlord_rules::EndReason,
    /// `1-0`, `0-1` or `1/2-1/2`.
    #[ts(type = "\"1-0\" | \"0-1\" | \"1/2-1/2\"")]
    pub score: &'static str,
    /// A sentence for people.
    pub text: String,
}

/// An action seen from the action alone.
#[must_use]
pub fn action_view(action: Action, rules: &dyn Ruleset) -> ActionView {
    ActionView {
        text: format_action(&action, rules.pieces()),
        kind: warlord_rules::ActionInfo::kind_of(action),
        from: action.origin(),
        to: action.destination(),
        place: match action {
            Action::Place { kind, .. } => Some(kind),
            _ => None,
        },
        carries: action.carried(rules.board().geometry()).into_iter().map(|(from, to)| Step { from, to }).collect(),
    }
}

/// An action stored in notation, seen from the action alone (the text as stored if the
/// engine no longer reads it).
fn stored_action_view(text: &str, rules: &dyn Ruleset) -> ActionView {
    match parse_action(text, rules.pieces()) {
        Ok(action) => action_view(action, rules),
        Err(_) => ActionView {
            text: text.to_string(),
            kind: ActionKind::Move,
            from: None,
            to: None,
            place: None,
            carries: Vec::new(),
        },
    }
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
            appearance: rules.appearance(kind),
        })
        .collect();
    let meta = &game.meta;
    GameInfo {
        id: meta.id.clone(),
        scenario: ScenarioInfo {
            id: game.scenario.id.clone(),
            name: game.scenario.name.clone(),
            description: game.scenario.description.clone(),
            family_title: game.scenario.family_title().to_string(),
        },
        options: meta.options.clone(),
        mode: meta.mode,
        clock: meta.clock,
        ai: meta.ai,
        public: meta.public,
        created_ms: meta.created_ms,
        board: BoardInfo { geometry: board.geometry(), files: board.files(), ranks: board.ranks(), terrain },
        pieces,
        turn_unit: rules.turn_unit().to_string(),
        read_only: game.read_only().cloned(),
    }
}

/// The state of a game as `viewer` may see it, at server time `now_ms`.
#[must_use]
pub fn state_view(game: &Game, viewer: Viewer, now_ms: i64) -> StateView {
    let pos = game.visible_position(viewer);
    let own_turn = is_own_turn(game, viewer, &pos);
    let mut hints = game.rules.hints(&pos);
    let links = if own_turn { command_links(std::mem::take(&mut hints.links)) } else { Vec::new() };
    let mut view = common_view(game, viewer, &pos, hints, now_ms, &[]);
    own_parts(game, viewer, &pos, own_turn, links).complete(&mut view);
    view
}

/// What is a viewer's own in its state: its pieces to place, and on its turn its legal actions
/// and command links (empty on the other side's turn and for spectators).
#[derive(Clone, Debug, Default)]
pub struct OwnParts {
    /// Pieces the viewer still has to place.
    pub to_place: Vec<ToPlace>,
    /// The viewer's legal actions.
    pub legal: Vec<LegalAction>,
    /// The command links of the viewer's pieces.
    pub links: Vec<CommandLink>,
}

impl OwnParts {
    /// Puts these parts into a state rendered without them.
    fn complete(self, view: &mut StateView) {
        view.to_place = self.to_place;
        view.legal = self.legal;
        view.hints.links = self.links;
    }
}

/// What every viewer of a game sees alike once no setup is secret (by `Ruleset::view`'s
/// contract, all then see the same position): the pieces, the move list, the commanders, the
/// tallies, the clocks. Rendered once per change, then completed for each viewer by
/// [`SharedState::view_for`] with what is its own (its seat, its pieces to place, and on its
/// turn its legal actions and command links): the same [`StateView`] as [`state_view`] makes.
#[derive(Clone, Debug)]
pub struct SharedState {
    /// The position every viewer sees.
    pos: Position,
    /// The state as a spectator sees it.
    view: StateView,
    /// The command links of the side to move, for its own view.
    links: Vec<CommandLink>,
}

impl SharedState {
    /// The shared part of a game's state at `now_ms`; `None` while a setup is secret (then
    /// each viewer sees a position of its own: use [`state_view`]). The turns of `earlier` (a
    /// move list rendered before) that are still the game's are reused, not rendered again.
    #[must_use]
    pub fn of(game: &Game, now_ms: i64, earlier: &[Arc<MoveListTurn>]) -> Option<SharedState> {
        if game.setup_secret() {
            return None;
        }
        let pos = game.visible_position(Viewer::Spectator);
        let mut hints = game.rules.hints(&pos);
        let links = command_links(std::mem::take(&mut hints.links));
        let view = common_view(game, Viewer::Spectator, &pos, hints, now_ms, earlier);
        Some(SharedState { links, pos, view })
    }

    /// The state of `game` (the one this was made of) as `viewer` sees it.
    #[must_use]
    pub fn view_for(&self, game: &Game, viewer: Viewer) -> StateView {
        let mut view = self.view.clone();
        view.you = viewer_name(viewer);
        self.own_parts(game, viewer).complete(&mut view);
        view
    }

    /// What is `viewer`'s own in the state of `game` (the one this was made of): the rest of
    /// its state is [`SharedState::common`].
    #[must_use]
    pub fn own_parts(&self, game: &Game, viewer: Viewer) -> OwnParts {
        let own_turn = is_own_turn(game, viewer, &self.pos);
        let links = if own_turn { self.links.clone() } else { Vec::new() };
        own_parts(game, viewer, &self.pos, own_turn, links)
    }

    /// The state as a spectator sees it: every viewer's state but its own parts and `you`.
    #[must_use]
    pub fn common(&self) -> &StateView {
        &self.view
    }
}

/// Whether it is the viewer's turn in a game not over.
fn is_own_turn(game: &Game, viewer: Viewer, pos: &Position) -> bool {
    viewer.side() == Some(pos.to_move()) && game.outcome().is_none()
}

fn viewer_name(viewer: Viewer) -> &'static str {
    viewer.side().map_or("spectator", Side::name)
}

fn command_links(links: Vec<(Square, Vec<Square>)>) -> Vec<CommandLink> {
    links.into_iter().map(|(square, commanders)| CommandLink { square, commanders }).collect()
}

/// A viewer's own parts of its state in `pos`: its pieces to place, and on its turn its legal
/// actions and its command links (`links`, given only then).
fn own_parts(game: &Game, viewer: Viewer, pos: &Position, own_turn: bool, links: Vec<CommandLink>) -> OwnParts {
    let rules = &*game.rules;
    OwnParts {
        to_place: viewer
            .side()
            .map(|side| rules.to_place(pos, side).into_iter().map(|(kind, count)| ToPlace { kind, count }).collect())
            .unwrap_or_default(),
        legal: if own_turn { legal_actions(rules, pos) } else { Vec::new() },
        links,
    }
}

/// Everything of a viewer's state but its pieces to place, legal actions and command links
/// (left empty; `hints.links` is not read). The move list's turns found alike in `earlier`
/// are taken from it.
fn common_view(
    game: &Game,
    viewer: Viewer,
    pos: &Position,
    hints: warlord_rules::Hints,
    now_ms: i64,
    earlier: &[Arc<MoveListTurn>],
) -> StateView {
    let rules = &*game.rules;
    let phase = game.position().phase();
    let to_move = pos.to_move();
    let pieces = pos
        .placement()
        .into_iter()
        .map(|(square, p)| PieceView {
            square,
            side: p.side,
            kind: p.kind,
            symbol: game.symbol(p.kind, p.side),
            moved: pos.has_moved(square),
        })
        .collect();
    let hints = HintsView {
        commanders: hints.commanders,
        links: Vec::new(),
        relays: hints.relays.into_iter().map(|(from, to)| Step { from, to }).collect(),
        marks: hints.marks.into_iter().map(|(square, label)| Mark { square, label: label.to_string() }).collect(),
    };
    let shows_turn = *phase != Phase::Setup || viewer.side() == Some(to_move);
    let turn = TurnView {
        number: if *phase == Phase::Setup { 0 } else { pos.turns_played() + 1 },
        cap: pos.turn_cap(),
        actions: if shows_turn {
            pos.actions_this_turn().iter().map(|&a| action_view(a, rules)).collect()
        } else {
            Vec::new()
        },
    };
    let moves = game
        .visible_turns(viewer)
        .enumerate()
        .map(|(i, (_, t))| match earlier.get(i) {
            Some(seen) if seen.shows(t) => seen.clone(),
            _ => Arc::new(MoveListTurn {
                side: t.side,
                setup: t.setup,
                actions: t.actions.iter().map(|a| stored_action_view(a, rules)).collect(),
                done: t.done,
            }),
        })
        .collect();
    StateView {
        game: game.meta.id.clone(),
        seq: game.seq(),
        you: viewer_name(viewer),
        phase: match phase {
            Phase::Setup => "setup",
            Phase::Play => "play",
            Phase::Over(_) => "over",
        },
        to_move,
        turn,
        turns_played: pos.turns_played(),
        pieces,
        to_place: Vec::new(),
        legal: Vec::new(),
        hints,
        moves,
        clock: game.clock().map(|c| c.view(now_ms)),
        draw_offer: game.draw_offer(),
        takeback_offer: game.takeback_offer(),
        outcome: game.outcome().map(|o| OutcomeView {
            winner: o.winner,
            reason: o.reason,
            score: o.score(),
            text: o.to_string(),
        }),
        tallies: rules.tallies(pos),
    }
}

fn legal_actions(rules: &dyn Ruleset, pos: &Position) -> Vec<LegalAction> {
    rules
        .legal_action_list(pos)
        .into_iter()
        .map(|action| {
            let info = rules.describe(pos, action);
            LegalAction {
                action: action_view(action, rules),
                with: info.with,
                captures: info.captures.into_iter().map(|(sq, _)| sq).collect(),
                combat: info.combat,
                line: info.line,
                note: info.note.map(str::to_string),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::tests::game;
    use crate::game::{Event, EventKind};
    use std::sync::Arc;

    /// Plays the `n`-th legal action (modulo their number) `count` times.
    fn play(game: &mut Game, count: usize) {
        for n in 0..count {
            let legal = game.rules.legal_action_list(game.position());
            let action = legal[(n * 7) % legal.len()];
            let side = game.position().to_move();
            let body = Arc::from(format_action(&action, game.rules.pieces()));
            game.apply(Event { kind: EventKind::Action, side, body, at_ms: 1 }).expect("a legal action");
        }
    }

    const VIEWERS: [Viewer; 3] = [Viewer::Seat(Side::White), Viewer::Seat(Side::Black), Viewer::Spectator];

    #[test]
    fn the_shared_state_completed_for_each_viewer_is_its_own_state() {
        let mut game = game(&[]);
        let mut earlier = Vec::new();
        for _ in 0..4 {
            play(&mut game, 3);
            // The turns rendered for the state before are reused.
            let shared = SharedState::of(&game, 5, &earlier).expect("nothing is secret in play");
            earlier = shared.view.moves.clone();
            for viewer in VIEWERS {
                let own = serde_json::to_value(state_view(&game, viewer, 5)).unwrap();
                let completed = serde_json::to_value(shared.view_for(&game, viewer)).unwrap();
                assert_eq!(completed, own, "{viewer:?} after {} events", game.seq());
            }
            let mover = Viewer::Seat(game.position().to_move());
            assert!(!shared.view_for(&game, mover).legal.is_empty(), "the side to move gets its legal actions");
        }
    }

    #[test]
    fn the_changes_shared_by_all_viewers_completed_with_their_own_parts_are_each_ones_delta() {
        use crate::delta::{common_changes, delta, keep};
        let mut game = game(&[]);
        play(&mut game, 3);
        let mut before = SharedState::of(&game, 5, &[]).expect("nothing is secret in play");
        for _ in 0..6 {
            let from = game.seq();
            play(&mut game, 2);
            let after = SharedState::of(&game, 5, &[]).expect("nothing is secret in play");
            let common = common_changes(from, &keep(before.common()), after.common());
            for viewer in VIEWERS {
                let then = before.view_for(&game, viewer);
                let (changes, _, legal) = delta(from, &keep(&then), &then.legal, after.view_for(&game, viewer));
                let (shared, shared_legal) = common.clone().with_own(after.own_parts(&game, viewer), &then.legal);
                let own = serde_json::to_value(changes).unwrap();
                assert_eq!(serde_json::to_value(shared).unwrap(), own, "{viewer:?} after {} events", game.seq());
                assert_eq!(shared_legal, legal);
            }
            before = after;
        }
    }

    #[test]
    fn a_turn_rendered_before_is_reused_only_if_it_is_still_the_games() {
        let mut game = game(&[]);
        play(&mut game, 9);
        let mut earlier = state_view(&game, Viewer::Spectator, 5).moves;
        let first = &mut Arc::make_mut(&mut earlier[0]).actions[0];
        first.text = "zz".to_string();
        first.from = None;
        let shared = SharedState::of(&game, 5, &earlier).expect("nothing is secret in play");
        let own = serde_json::to_value(state_view(&game, Viewer::Spectator, 5)).unwrap();
        assert_eq!(serde_json::to_value(shared.view_for(&game, Viewer::Spectator)).unwrap(), own);
        // The turns still the game's are the ones rendered before, shared, not copies.
        let moves = &shared.common().moves;
        assert!(!Arc::ptr_eq(&moves[0], &earlier[0]));
        assert!(moves.iter().zip(&earlier).skip(1).all(|(now, then)| Arc::ptr_eq(now, then)));
    }

    #[test]
    fn a_secret_setup_is_never_shared() {
        let game = game(&[("free-setup", "true")]);
        assert!(game.setup_secret());
        assert!(SharedState::of(&game, 5, &[]).is_none());
    }
}
