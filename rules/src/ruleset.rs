//! The one interface every game family implements, so that the AI, the server, the CLI and the
//! UI never special-case a game.

use crate::action::Action;
use crate::board::Board;
use crate::outcome::Outcome;
use crate::piece::{Piece, PieceTable};
use crate::position::Position;
use crate::side::Side;
use crate::square::Square;
use std::fmt;
use std::sync::Arc;

/// The room a listing of legal actions starts with: a 16x12 battle board's turn lists a hundred
/// to two hundred actions, and a vector grown from empty would be copied six times on the way.
const LISTING_CAPACITY: usize = 128;

/// The game families the engine knows.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Family {
    /// Warlord, Chieftain Chess and their scenarios: leaders activate pieces.
    Warlord,
    /// Medieval War Chess: three actions a turn, melee strength, rook cannons.
    Medieval,
    /// WarGame 1: a chain of command, movement points over terrain, fire, overruns, towing.
    WarGame,
}

impl Family {
    /// The name used in scenario files.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Family::Warlord => "warlord",
            Family::Medieval => "medieval",
            Family::WarGame => "wargame",
        }
    }
}

/// What kind of rule an illegal action breaks, for programs (the reason says it for people).
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum IllegalKind {
    /// The game is over, or the action belongs to another phase.
    Phase,
    /// A square named is not on the board.
    OffBoard,
    /// There is no piece of the side to move where the action needs one, or the target is not
    /// a piece that may be attacked.
    NoPiece,
    /// No piece within range may order the piece to act (activation games).
    NoCommand,
    /// The piece has acted already, or the turn's actions are used up.
    TurnSpent,
    /// The piece's moves or the terrain do not allow it (out of reach, blocked, out of line).
    Unreachable,
    /// A setup or reinforcement placement breaks a placement rule (zone, quota, army).
    Placement,
    /// The action uses an optional rule this game does not play with.
    OptionOff,
    /// The turn may not end yet (a rule demands more).
    MustAct,
}

impl Family {
    /// The schema of the family's options, with the family's defaults.
    #[must_use]
    pub fn option_schema(self) -> Vec<crate::options::OptionSpec> {
        let schema = match self {
            Family::Warlord => crate::warlord::WarlordOptions::schema(),
            Family::Medieval => crate::medieval::MedievalOptions::schema(),
            Family::WarGame => crate::wargame::WarGameOptions::schema(),
        };
        // The texts are checked against the options types by the tests of this crate.
        schema.unwrap_or_default()
    }

    /// The family's name for people.
    #[must_use]
    pub fn title(self) -> &'static str {
        match self {
            Family::Warlord => "Warlord family",
            Family::Medieval => "Medieval War Chess",
            Family::WarGame => "WarGame 1",
        }
    }
}

/// Why an action was refused. The position is unchanged when this is returned.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{reason}")]
pub struct IllegalAction {
    /// The kind of rule broken.
    pub kind: IllegalKind,
    /// A sentence saying what rule the action breaks.
    pub reason: String,
}

impl IllegalAction {
    /// An error of a kind with the given reason.
    pub fn new(kind: IllegalKind, reason: impl Into<String>) -> IllegalAction {
        IllegalAction { kind, reason: reason.into() }
    }
}

/// What kind of step an action is.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ActionKind {
    /// A piece moves (and captures what stands where it lands).
    Move,
    /// Two pieces exchange squares.
    Swap,
    /// A melee attack.
    Attack,
    /// A ranged attack.
    Fire,
    /// A piece placed (setup or reinforcement).
    Place,
    /// A piece makes ready where it stands for a later action (a paratrooper's preparation);
    /// its `from` and `to` are its own square.
    Prepare,
    /// The turn (or a side's setup) ends.
    End,
}

/// An action described by the rules: what acts, where, and what it would take, so that no
/// caller needs to play it to find out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionInfo {
    /// Its kind.
    pub kind: ActionKind,
    /// The square a piece acts from, if any.
    pub from: Option<Square>,
    /// The square it goes to or aims at, if any.
    pub to: Option<Square>,
    /// The piece acting (placed, moved, firing; the cannon of a swap), if one acts alone.
    pub piece: Option<Piece>,
    /// The other own pieces taking part (the attackers of a melee, the leader of a swap).
    pub with: Vec<Square>,
    /// The pieces it captures, with their squares: for an attack, those it takes if it
    /// succeeds (see `combat`).
    pub captures: Vec<(Square, Piece)>,
    /// The odds of an attack or a shot, decided now.
    pub combat: Option<Combat>,
    /// For a shot, the cells its line of fire crosses (for a UI to draw), in order from the
    /// firer; empty for other actions.
    pub line: Vec<Square>,
    /// A few words the rules add to the action's name where its kind and squares alone do
    /// not tell it from another action of the same piece to the same square (a paratrooper's
    /// leap beside its plain move: `by a leap`); `None` for most actions.
    pub note: Option<&'static str>,
}

impl ActionInfo {
    /// The plain description of an action, from the action alone: its kind and squares, the
    /// piece on its origin, and nothing captured. Families add captures and odds.
    #[must_use]
    pub fn plain(pos: &Position, action: Action) -> ActionInfo {
        let kind = ActionInfo::kind_of(action);
        let piece = match action {
            Action::Place { kind, .. } => Some(Piece { kind, side: pos.to_move() }),
            _ => action.origin().and_then(|sq| pos.piece_at(sq)),
        };
        ActionInfo {
            kind,
            from: action.origin(),
            to: action.destination(),
            piece,
            with: Vec::new(),
            captures: Vec::new(),
            combat: None,
            line: Vec::new(),
            note: None,
        }
    }

    /// The kind of an action.
    #[must_use]
    pub fn kind_of(action: Action) -> ActionKind {
        match action {
            Action::Move { .. } | Action::Tow { .. } | Action::Leap { .. } | Action::Lead { .. } => ActionKind::Move,
            Action::Prep { .. } => ActionKind::Prepare,
            Action::Swap { .. } => ActionKind::Swap,
            Action::Attack { .. } => ActionKind::Attack,
            Action::Fire { .. } => ActionKind::Fire,
            Action::Place { .. } => ActionKind::Place,
            Action::EndTurn => ActionKind::End,
        }
    }

    /// Whether it captures something now (an attack only if it succeeds).
    #[must_use]
    pub fn takes(&self) -> bool {
        !self.captures.is_empty() && self.combat.is_none_or(|c| c.success)
    }

    /// The square of the first piece it captures now (its target), if it [takes](Self::takes)
    /// anything.
    #[must_use]
    pub fn target(&self) -> Option<Square> {
        self.captures.first().filter(|_| self.takes()).map(|(sq, _)| *sq)
    }
}

/// Whether `action` is among the legal actions the rules list in `pos`: the default of
/// [`Ruleset::is_legal`], and the reference its faster versions are checked against.
pub fn is_listed<R: Ruleset + ?Sized>(rules: &R, pos: &Position, action: Action) -> bool {
    rules.legal_action_list(pos).contains(&action)
}

/// The actions among `legal` that capture now, each with its [target](ActionInfo::target), as
/// [`Ruleset::describe`] tells them: the default of [`Ruleset::capturing_actions`], and the
/// reference its faster versions are checked against.
pub fn described_captures<R: Ruleset + ?Sized>(rules: &R, pos: &Position, legal: &[Action]) -> Vec<(Action, Square)> {
    legal.iter().filter_map(|&action| rules.describe(pos, action).target().map(|sq| (action, sq))).collect()
}

/// [`Ruleset::count_and_captures`] from the listing: every legal action listed, counted, and
/// those that capture picked out by [`Ruleset::capturing_actions`] (the default, and what a
/// family that counts faster in play does in the other phases).
pub(crate) fn listed_count_and_captures<R: Ruleset + ?Sized>(
    rules: &R,
    pos: &Position,
) -> (usize, Vec<(Action, Square)>) {
    let legal = rules.legal_action_list(pos);
    let captures = rules.capturing_actions(pos, &legal);
    (legal.len(), captures)
}

/// A piece that orders others, as the UI shows it: where it stands, how far its orders reach
/// and how many it may still give this turn.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Commander {
    /// Its square.
    pub square: Square,
    /// Its side.
    pub side: Side,
    /// Its range: every cell within this many steps (in the board's geometry) of its square.
    pub range: u32,
    /// The cells of the board within its range (its square included), for a UI to draw.
    pub area: Vec<Square>,
    /// The orders it may still give in the turn in progress (0 once spent).
    pub left: u8,
    /// The orders it may give in a whole turn.
    pub capacity: u8,
}

/// What the rules tell a UI about a position beyond the legal actions.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Hints {
    /// The pieces that order others (activation games), of both sides.
    pub commanders: Vec<Commander>,
    /// For each piece of the side to move that could act now, the squares of the pieces that
    /// could order it (a piece that may act by itself names its own square).
    pub links: Vec<(Square, Vec<Square>)>,
    /// The chain of command (families with one), of both sides: pairs of squares (a leader
    /// relaying command, a leader it holds in command), for a UI to draw as links.
    pub relays: Vec<(Square, Square)>,
    /// Pieces in a lasting state that a UI marks on them, of both sides, each with a short
    /// word for it (a paratrooper prepared to leap: `prepared`).
    pub marks: Vec<(Square, &'static str)>,
}

/// A count per side that the rules keep and a UI shows (leaders captured, ...).
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Tally {
    /// A stable name, kebab-case (`leaders-captured`).
    pub name: &'static str,
    /// A label for people.
    pub label: &'static str,
    /// White's and Black's counts.
    pub values: [u32; 2],
}

/// How a UI draws a piece kind: a silhouette name and an optional short label on it.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Appearance {
    /// The silhouette: `crown`, `coronet`, `armoured`, `horse`, `cannon`, `infantry`, `sword`,
    /// `staff`, `mitre`, `tower`, `king`, `queen`, `pawn` or `disc`.
    pub shape: &'static str,
    /// A short label drawn on it (a leader's level, a symbol), if any.
    pub label: Option<String>,
}

/// The outcome of a melee attack, for reports and for the UI before an attack is made.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub struct Combat {
    /// Total offence of the attackers.
    pub offence: u32,
    /// The defence of the target.
    pub defence: u32,
    /// Whether the attack succeeds (offence greater than defence).
    pub success: bool,
}

/// What an accepted action did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Pieces removed from the board, with the squares they stood on.
    pub captured: Vec<(Square, Piece)>,
    /// The melee or fire result, for attacks.
    pub combat: Option<Combat>,
    /// Whether the action ended the turn.
    pub turn_ended: bool,
    /// The result, if the action ended the game.
    pub outcome: Option<Outcome>,
}

/// A game family's rules, configured for one scenario and its options.
pub trait Ruleset: Send + Sync + fmt::Debug {
    /// Which family these rules belong to (for display; consumers must not branch on it).
    fn family(&self) -> Family;

    /// The board, with its terrain.
    fn board(&self) -> &Arc<Board>;

    /// The piece kinds of this game.
    fn pieces(&self) -> &PieceTable;

    /// The starting position (a setup phase if the scenario starts with free setup).
    fn start(&self) -> Position;

    /// Appends every legal action for the side to move to `out`.
    fn legal_actions(&self, pos: &Position, out: &mut Vec<Action>);

    /// Whether `action` is one of [`Ruleset::legal_actions`] in `pos`: the same answer as
    /// looking it up in that list (the default), which a family may give by checking the one
    /// action, as search asks it of one action where a listing costs thousands.
    fn is_legal(&self, pos: &Position, action: Action) -> bool {
        is_listed(self, pos, action)
    }

    /// Checks and plays an action; on error the position is unchanged.
    fn play(&self, pos: &mut Position, action: Action) -> Result<Report, IllegalAction>;

    /// Plays an action known to be legal (one from [`Ruleset::legal_actions`]) without checking
    /// it, for search. Playing anything else leaves the position meaningless.
    fn play_unchecked(&self, pos: &mut Position, action: Action) -> Report;

    /// What a player (or, with `None`, a spectator) may see of a position: everything, except
    /// the other side's placement while setup is not committed by both sides (rulings 10).
    fn view(&self, pos: &Position, viewer: Option<Side>) -> Position;

    /// What an action does in `pos`: its kind, squares, acting piece, captures and odds. The
    /// action should be legal there; for any other the description is the plain one.
    fn describe(&self, pos: &Position, action: Action) -> ActionInfo;

    /// What a UI may show about `pos` beyond its legal actions (commanders, command links).
    fn hints(&self, pos: &Position) -> Hints;

    /// The squares of the pieces that could order the piece on `sq` now (its command links in
    /// [`Ruleset::hints`]); empty when it cannot act or the family has no orders.
    fn commanders_of(&self, pos: &Position, sq: Square) -> Vec<Square> {
        self.hints(pos).links.into_iter().find(|(s, _)| *s == sq).map(|(_, list)| list).unwrap_or_default()
    }

    /// The counts per side a UI shows (leaders captured, ...).
    fn tallies(&self, pos: &Position) -> Vec<Tally>;

    /// The pieces a side has still to place (setup reserve, arrived reinforcements), by kind.
    fn to_place(&self, pos: &Position, side: Side) -> Vec<(crate::piece::KindId, u16)>;

    /// What a turn is counted in, for people: `activations` or `actions` (plural).
    fn turn_unit(&self) -> &'static str;

    /// The squares whose holding wins, if the game can be won that way (a Warlord scenario's
    /// towns): what a plan that finishes the game aims at. None by default.
    fn objective(&self) -> Option<&crate::objective::Objective> {
        None
    }

    /// How a UI draws a piece kind.
    fn appearance(&self, kind: crate::piece::KindId) -> Appearance {
        self.pieces().get(kind).appearance()
    }

    /// Ends a game by resignation, agreement or time, outside the rules of play.
    fn conclude(&self, pos: &mut Position, outcome: Outcome) {
        pos.phase = crate::position::Phase::Over(outcome);
    }

    /// Ends the turn of the side to move where it stands, for a record replayed past its
    /// slips: after an unreadable or illegal action is skipped, the turn may be one action
    /// short, and the record's next line is the other side's. The default plays `end`; a
    /// family whose turns have a fixed length ends the turn anyway.
    fn close_turn(&self, pos: &mut Position) -> Result<Report, IllegalAction> {
        self.play(pos, Action::EndTurn)
    }

    /// The actions among `legal` (the position's legal actions, in the order
    /// [`Ruleset::legal_actions`] lists them) that capture something now, each with its target
    /// (the first piece it takes; an attack only if it succeeds), in the same order: what
    /// [`Ruleset::describe`] says of each ([`described_captures`], the default). A family
    /// whose descriptions are costly lists them without describing every action.
    fn capturing_actions(&self, pos: &Position, legal: &[Action]) -> Vec<(Action, Square)> {
        described_captures(self, pos, legal)
    }

    /// How many legal actions the position has, and which of them capture (exactly
    /// [`Ruleset::capturing_actions`] of the listing, in its order): what an evaluation needs
    /// of the listing. The default lists every action; a family may count them without keeping
    /// those that capture nothing.
    fn count_and_captures(&self, pos: &Position) -> (usize, Vec<(Action, Square)>) {
        listed_count_and_captures(self, pos)
    }

    /// Every legal action, as a new vector.
    fn legal_action_list(&self, pos: &Position) -> Vec<Action> {
        let mut out = Vec::with_capacity(LISTING_CAPACITY);
        self.legal_actions(pos, &mut out);
        out
    }
}
