// Generated from the server's Rust types by ts-rs (server/src/api_types.rs); do not edit.
// `WARLORD_BLESS=1 cargo test -p warlord-server api_types` writes it again.

export type Side = "white" | "black";

export type Square = string;

export type Geometry = "square" | "hex";

export type UnitClass = "leader" | "heavy-cavalry" | "cannon" | "light-cavalry" | "infantry" | "other";

export type Command = { 
/**
 * How many pieces it may activate in one turn (its level).
 */
capacity: number, 
/**
 * How far (in king steps) a piece may be from it and still be activated.
 */
range: number, 
/**
 * Whether it may activate other pieces, or only itself (un-numbered and promoted leaders,
 * self-activating knights).
 */
others: boolean, };

export type Appearance = { 
/**
 * The silhouette: `crown`, `coronet`, `armoured`, `horse`, `cannon`, `infantry`, `sword`,
 * `staff`, `mitre`, `tower`, `king`, `queen`, `pawn` or `disc`.
 */
shape: string, 
/**
 * A short label drawn on it (a leader's level, a symbol), if any.
 */
label: string | null, };

export type Combat = { 
/**
 * Total offence of the attackers.
 */
offence: number, 
/**
 * The defence of the target.
 */
defence: number, 
/**
 * Whether the attack succeeds (offence greater than defence).
 */
success: boolean, };

export type ActionKind = "move" | "swap" | "attack" | "fire" | "place" | "prepare" | "end";

export type IllegalKind = "phase" | "off-board" | "no-piece" | "no-command" | "turn-spent" | "unreachable" | "placement" | "option-off" | "must-act";

export type EndReason = "all-leaders-captured" | "shorter-game" | "double-pass" | "no-pieces" | "dead-position" | "command-collapse" | "towns" | "banner-killed" | "banner-planted" | "leader-losses" | "turn-limit" | "resignation" | "agreement" | "timeout";

export type Commander = { 
/**
 * Its square.
 */
square: Square, 
/**
 * Its side.
 */
side: Side, 
/**
 * Its range: every cell within this many steps (in the board's geometry) of its square.
 */
range: number, 
/**
 * The cells of the board within its range (its square included), for a UI to draw.
 */
area: Array<Square>, 
/**
 * The orders it may still give in the turn in progress (0 once spent).
 */
left: number, 
/**
 * The orders it may give in a whole turn.
 */
capacity: number, };

export type Tally = { 
/**
 * A stable name, kebab-case (`leaders-captured`).
 */
name: string, 
/**
 * A label for people.
 */
label: string, 
/**
 * White's and Black's counts.
 */
values: [number, number], };

export type OptionType = { "type": "bool" } | { "type": "integer", 
/**
 * The smallest value.
 */
min: number, 
/**
 * The largest value.
 */
max: number, } | { "type": "choice", 
/**
 * The words allowed.
 */
choices: Array<string>, };

export type OptionSpec = { 
/**
 * Its name in scenario files, records and requests (`shorter-game`).
 */
name: string, 
/**
 * Its type and allowed values.
 */
kind: OptionType, 
/**
 * Its default value as it is written (`false`, `0`, `draw`): the family's, or the
 * scenario's where the scenario sets it.
 */
default: string, 
/**
 * A short label for a form.
 */
label: string, 
/**
 * What it does, in a sentence or two.
 */
help: string, };

export type Mode = "live" | "correspondence" | "ai";

export type ClockConfig = { 
/**
 * Each side's time at the start, in milliseconds.
 */
initial_ms: number, 
/**
 * Time added after each of a side's turns, in milliseconds.
 */
increment_ms: number, };

export type ClockView = { 
/**
 * White's time left (milliseconds), as of `at_ms`.
 */
white_ms: number, 
/**
 * Black's time left (milliseconds), as of `at_ms`.
 */
black_ms: number, 
/**
 * The side whose clock runs, if any.
 */
running: Side | null, 
/**
 * The server time these figures are for (Unix milliseconds).
 */
at_ms: number, 
/**
 * The time added after each turn (milliseconds).
 */
increment_ms: number, };

export type AiSeat = { 
/**
 * The side the AI plays.
 */
side: Side, 
/**
 * Its strength, 1 (weakest) to 8.
 */
level: number, };

export type ReadOnly = { 
/**
 * What went wrong, for people: the first stored event that fails and why, or what is
 * wrong with the stored scenario, with the rules versions.
 */
reason: string, 
/**
 * The sequence number of the first stored event that does not replay (the game stands
 * just before it); `None` when the stored scenario is the problem.
 */
seq: number | null, 
/**
 * The rules version the game was created under; `None` for games stored before versions
 * were recorded.
 */
game_rules_version: number | null, 
/**
 * The rules version of this server.
 */
server_rules_version: number, };

export type ScenarioBoard = { 
/**
 * `square` or `hex`.
 */
geometry: Geometry, 
/**
 * Number of files.
 */
files: number, 
/**
 * Number of ranks.
 */
ranks: number, };

export type ScenarioEntry = { 
/**
 * Its id.
 */
id: string, 
/**
 * Its display name.
 */
name: string, 
/**
 * What it is.
 */
description: string, 
/**
 * The name of its game family, for people.
 */
family_title: string, 
/**
 * Its board's geometry and size.
 */
board: ScenarioBoard, 
/**
 * Its options, with this scenario's defaults.
 */
options: Array<OptionSpec>, };

export type LevelEntry = { 
/**
 * Its number, 1 (weakest) up.
 */
number: number, 
/**
 * The agent that plays it (docs/AI.md).
 */
agent: string, 
/**
 * Its thinking time a turn, in milliseconds.
 */
millis: number, 
/**
 * Who a person meets at this level, in a few words.
 */
summary: string, };

export type ScenarioInfo = { 
/**
 * Its id.
 */
id: string, 
/**
 * Its display name.
 */
name: string, 
/**
 * Its description.
 */
description: string, 
/**
 * The name of its game family, for people.
 */
family_title: string, };

export type BoardInfo = { 
/**
 * `square`, or `hex` (offset rows, docs/NOTATION.md).
 */
geometry: Geometry, 
/**
 * Number of files (columns), named a, b, ..., z, aa, ab, ...
 */
files: number, 
/**
 * Number of ranks (rows), numbered from 1.
 */
ranks: number, 
/**
 * One string per rank, the top rank first, one terrain code per file: `.` open,
 * `~` water, `T` town, `F` trees, `^` hill (as in scenario files).
 */
terrain: Array<string>, };

export type PieceInfo = { 
/**
 * Its index.
 */
kind: number, 
/**
 * Its name.
 */
name: string, 
/**
 * Its symbol (upper case; Black's pieces are written in lower case).
 */
symbol: string, 
/**
 * Its role.
 */
class: UnitClass, 
/**
 * Its points value.
 */
value: number, 
/**
 * Its command powers, if it activates pieces.
 */
command: Command | null, 
/**
 * How to draw it.
 */
appearance: Appearance, };

export type GameInfo = { 
/**
 * The game's id.
 */
id: string, 
/**
 * The scenario.
 */
scenario: ScenarioInfo, 
/**
 * Option overrides chosen at creation.
 */
options: { [key in string]: string }, 
/**
 * How it is played.
 */
mode: Mode, 
/**
 * The clock settings, if clocked.
 */
clock: ClockConfig | null, 
/**
 * The AI's seat, against the AI.
 */
ai: AiSeat | null, 
/**
 * Whether the lobby lists it.
 */
public: boolean, 
/**
 * When it was created (Unix milliseconds).
 */
created_ms: number, 
/**
 * The board.
 */
board: BoardInfo, 
/**
 * The piece kinds; `kind` in pieces and actions indexes this list.
 */
pieces: Array<PieceInfo>, 
/**
 * What a turn is counted in, plural (`activations`, `actions`).
 */
turn_unit: string, 
/**
 * Set when the game may only be watched (its stored log no longer replays): why.
 */
read_only: ReadOnly | null, };

export type Step = { 
/**
 * The square it leaves.
 */
from: Square, 
/**
 * The square it ends on.
 */
to: Square, };

export type ActionView = { 
/**
 * The action in the project notation: what to send back to play it.
 */
text: string, 
/**
 * Its kind.
 */
kind: ActionKind, 
/**
 * The square a piece acts from, if any.
 */
from: Square | null, 
/**
 * The square it goes to or aims at, if any.
 */
to: Square | null, 
/**
 * For a placement, the kind placed.
 */
place: number | null, 
/**
 * The other pieces it moves (a towed piece), each from the square it leaves to the one
 * it ends on.
 */
carries: Array<Step>, };

export type LegalAction = { 
/**
 * The other own pieces taking part (a melee's attackers, a swap's leader); left out
 * when empty.
 */
with?: Array<Square>, 
/**
 * The squares of the pieces it captures (for an attack, if it succeeds); left out when
 * empty.
 */
captures?: Array<Square>, 
/**
 * The odds of an attack or a shot; left out for other actions.
 */
combat?: Combat | null, 
/**
 * For a shot, the cells its line of fire crosses, in order from the firer (for the UI
 * to draw); left out for other actions.
 */
line?: Array<Square>, 
/**
 * A few words the rules add to its name where its kind and squares alone do not tell it
 * from another action of the same piece to the same square (`by a leap`); usually left
 * out.
 */
note?: string | null, 
/**
 * The action in the project notation: what to send back to play it.
 */
text: string, 
/**
 * Its kind.
 */
kind: ActionKind, 
/**
 * The square a piece acts from, if any.
 */
from: Square | null, 
/**
 * The square it goes to or aims at, if any.
 */
to: Square | null, 
/**
 * For a placement, the kind placed.
 */
place: number | null, 
/**
 * The other pieces it moves (a towed piece), each from the square it leaves to the one
 * it ends on.
 */
carries: Array<Step>, };

export type CommandLink = { 
/**
 * The piece's square.
 */
square: Square, 
/**
 * The squares of the pieces that could order it.
 */
commanders: Array<Square>, };

export type Mark = { 
/**
 * The piece's square.
 */
square: Square, 
/**
 * A short word for its state.
 */
label: string, };

export type HintsView = { 
/**
 * The pieces that order others, of both sides, with their range and orders left.
 */
commanders: Array<Commander>, 
/**
 * For each piece of the viewer that could act now (its turn only), the squares of the
 * pieces that could order it.
 */
links: Array<CommandLink>, 
/**
 * The chain of command, of both sides: each link from a leader relaying command to a
 * leader it holds in command.
 */
relays: Array<Step>, 
/**
 * Pieces of both sides in a lasting state the rules name (a paratrooper prepared to
 * leap: `prepared`), for the UI to write on them.
 */
marks: Array<Mark>, };

export type PieceView = { 
/**
 * Where it stands.
 */
square: Square, 
/**
 * Its side.
 */
side: Side, 
/**
 * Its kind (index into the game's pieces).
 */
kind: number, 
/**
 * Its symbol, in the side's case.
 */
symbol: string, 
/**
 * Whether it has acted this turn.
 */
moved: boolean, };

export type ToPlace = { 
/**
 * The kind.
 */
kind: number, 
/**
 * How many.
 */
count: number, };

export type TurnView = { 
/**
 * Its number in play (1 for the first turn), or 0 during setup.
 */
number: number, 
/**
 * How many actions it allows.
 */
cap: number, 
/**
 * The actions taken so far (empty for the other side's setup).
 */
actions: Array<ActionView>, };

export type MoveListTurn = { 
/**
 * The side that played it.
 */
side: Side, 
/**
 * Whether it was a setup turn.
 */
setup: boolean, 
/**
 * Its actions (an empty finished turn is a pass).
 */
actions: Array<ActionView>, 
/**
 * Whether it has ended.
 */
done: boolean, };

export type OutcomeView = { 
/**
 * The winner; `null` for a draw.
 */
winner: Side | null, 
/**
 * Why it ended (kebab-case, like `all-leaders-captured`, `resignation`, `timeout`).
 */
reason: EndReason, 
/**
 * `1-0`, `0-1` or `1/2-1/2`.
 */
score: "1-0" | "0-1" | "1/2-1/2", 
/**
 * A sentence for people.
 */
text: string, };

export type StateView = { 
/**
 * The game's id.
 */
game: string, 
/**
 * The number of events so far (the next event's sequence number).
 */
seq: number, 
/**
 * Who this view is for: `white`, `black` or `spectator`.
 */
you: Side | "spectator", 
/**
 * `setup`, `play` or `over`.
 */
phase: "setup" | "play" | "over", 
/**
 * The side whose turn (or setup) it is.
 */
to_move: Side, 
/**
 * The turn in progress.
 */
turn: TurnView, 
/**
 * Turns completed since play began.
 */
turns_played: number, 
/**
 * Every piece the viewer may see.
 */
pieces: Array<PieceView>, 
/**
 * Pieces the viewer still has to place (setup reserve, arrived reinforcements).
 */
to_place: Array<ToPlace>, 
/**
 * The viewer's legal actions, when it is the viewer's turn; empty otherwise.
 */
legal: Array<LegalAction>, 
/**
 * Commanders and command links, from the rules.
 */
hints: HintsView, 
/**
 * The move list the viewer may see.
 */
moves: Array<MoveListTurn>, 
/**
 * The clocks, in clocked games.
 */
clock: ClockView | null, 
/**
 * The side with a pending draw offer.
 */
draw_offer: Side | null, 
/**
 * The side asking to take back its last turn, until the opponent answers.
 */
takeback_offer: Side | null, 
/**
 * The result, once over.
 */
outcome: OutcomeView | null, 
/**
 * The counts per side the rules keep (leaders captured, ...).
 */
tallies: Array<Tally>, };

export type ListPatch<T> = { 
/**
 * The squares of the items that are gone.
 */
remove: Array<Square>, 
/**
 * The items added or changed, each with its index in the new list, by increasing index.
 */
set: Array<[number, T]>, };

export type HintsDelta = { 
/**
 * The commanders added, changed or gone.
 */
commanders: ListPatch<Commander>, 
/**
 * The command links (whole).
 */
links: Array<CommandLink>, 
/**
 * The chain of command (whole).
 */
relays: Array<Step>, 
/**
 * The marked pieces (whole).
 */
marks: Array<Mark>, };

export type LegalPatch = { 
/**
 * The indices, in the list before, of the actions gone, increasing.
 */
remove: Array<number>, 
/**
 * The actions new, each with its index in the new list, by increasing index.
 */
add: Array<[number, LegalAction]>, };

export type StateDelta = { 
/**
 * The `seq` of the state this changes; a client holding another asks for a full state
 * (`sync`).
 */
from: number, 
/**
 * The number of events so far.
 */
seq: number, 
/**
 * `setup`, `play` or `over`.
 */
phase: "setup" | "play" | "over", 
/**
 * The side whose turn (or setup) it is.
 */
to_move: Side, 
/**
 * The turn in progress.
 */
turn: TurnView, 
/**
 * Turns completed since play began.
 */
turns_played: number, 
/**
 * The pieces added, changed or gone.
 */
pieces: ListPatch<PieceView>, 
/**
 * Pieces the viewer still has to place.
 */
to_place: Array<ToPlace>, 
/**
 * The viewer's legal actions: the whole list (an array), or the changes from the list
 * in the state this changes (an object).
 */
legal: Array<LegalAction> | LegalPatch, 
/**
 * The rules' hints.
 */
hints: HintsDelta, 
/**
 * The move list's turns from this index on are replaced by `moves`.
 */
moves_from: number, 
/**
 * The move list's turns from `moves_from` on.
 */
moves: Array<MoveListTurn>, 
/**
 * The clocks, in clocked games.
 */
clock: ClockView | null, 
/**
 * The side with a pending draw offer.
 */
draw_offer: Side | null, 
/**
 * The side with a pending takeback request.
 */
takeback_offer: Side | null, 
/**
 * The result, once over.
 */
outcome: OutcomeView | null, 
/**
 * The counts per side the rules keep.
 */
tallies: Array<Tally>, };

export type GameAndState = { 
/**
 * The description.
 */
game: GameInfo, 
/**
 * The state.
 */
state: StateView, };

export type Preview = { 
/**
 * The state the seat would see (its `seq` counts the proposed actions).
 */
state: StateView, 
/**
 * Whether the actions end the seat's turn (or the game).
 */
turn_ended: boolean, };

export type RecordTurn = { 
/**
 * Its number, counted in pairs.
 */
number: number, 
/**
 * Whether it is the second side's turn of the pair.
 */
second: boolean, 
/**
 * The record's comment on it.
 */
comment: string | null, 
/**
 * Index of its first action in `actions`.
 */
start: number, 
/**
 * Index after its last action (its end included).
 */
end: number, };

export type RecordNode = { 
/**
 * The node it follows: an index into the main line's actions, then these nodes (node
 * `actions.len() + i` is `variations[i]`); `null` at the start of the game.
 */
parent: number | null, 
/**
 * The action.
 */
action: ActionView, 
/**
 * Whether it ended its turn (or the game).
 */
ends: boolean, 
/**
 * The record's comment on the turn this action ends, if it ends one.
 */
comment: string | null, };

export type ParsedRecord = { 
/**
 * The scenario id.
 */
scenario: string, 
/**
 * The options of its tags.
 */
options: { [key in string]: string }, 
/**
 * Its tags.
 */
tags: Array<[string, string]>, 
/**
 * Every legal action in order, each turn's end included (kind `end`).
 */
actions: Array<ActionView>, 
/**
 * Its turns, as ranges of `actions`.
 */
turns: Array<RecordTurn>, 
/**
 * The first illegal or unreadable action, if the record has one.
 */
error: string | null, 
/**
 * Every illegal or unreadable action, in order: each was skipped and the game read on
 * (a turn left short ends where it stands), so `actions` holds every legal one. Then
 * those of the variations.
 */
errors: Array<string>, 
/**
 * The actions of the record's variations, as a tree grafted on `actions`.
 */
variations: Array<RecordNode>, };

export type LineNode = { 
/**
 * The node it follows (an index of an earlier node); `null` at the start of the game.
 */
parent: number | null, 
/**
 * The action, in the notation (`end` for a turn's end).
 */
action: string, 
/**
 * A comment on the turn the node belongs to.
 */
comment?: string | null, };

export type WrittenRecord = { 
/**
 * The record file's text.
 */
text: string, };

export type JudgementView = "inaccuracy" | "mistake" | "blunder";

export type ComputerTurn = { 
/**
 * The turn's index in the line (0 for the first, setup turns counted).
 */
index: number, 
/**
 * The side that played it.
 */
side: Side, 
/**
 * The index in the line's actions just after the turn's end.
 */
end: number, 
/**
 * The side's winning chance (0 to 1) before the turn.
 */
before: number, 
/**
 * Its winning chance after the turn played.
 */
after: number, 
/**
 * Its winning chance after the best turn found.
 */
best_after: number, 
/**
 * White's winning chance after the turn played (the evaluation graph's point).
 */
white_chance: number, 
/**
 * The winning chance the turn gave away against the best found.
 */
loss: number, 
/**
 * Its mark, if the loss earns one.
 */
judgement: JudgementView | null, 
/**
 * The mark's symbol (`?!`, `?`, `??`).
 */
mark: string | null, 
/**
 * The best turn found in the position before it, each action described (its squares).
 */
best: Array<ActionView>, };

export type ComputerAnalysis = { 
/**
 * The agent and its budget a turn.
 */
agent: string, 
/**
 * The turns analysed by this request (setup turns are skipped).
 */
turns: Array<ComputerTurn>, 
/**
 * The finished turns of the line (a turn still in progress is not analysed).
 */
total: number, 
/**
 * The turn to ask for next (`from`), while some are left.
 */
next: number | null, };

export type RefusalRequest = { 
/**
 * The actions of the turn so far (as sent to the preview).
 */
actions: Array<string>, 
/**
 * The square of the piece the player tried to act with (a click on it, the start of a
 * drag); with `place`, none.
 */
from: Square | null, 
/**
 * The square it was dropped on or clicked (none: the piece alone is asked about).
 */
to: Square | null, 
/**
 * The kind of piece the player tried to place on `to` (an index into the game's pieces).
 */
place: number | null, 
/**
 * Asks why the turn may not end now (nothing else given).
 */
end: boolean, };

export type Refusal = { 
/**
 * Whether the rules accept it (as a move, or as a placement).
 */
legal: boolean, 
/**
 * The rules' sentence saying why not; `null` when legal, or when a piece asked about
 * alone may act (only its destinations are refused).
 */
reason: string | null, 
/**
 * The kind of rule broken, from the engine.
 */
rule: IllegalKind | null, };

export type ActionResult = { 
/**
 * The turn's index in the move list.
 */
turn: number, 
/**
 * The action's index in the turn's actions (the turn's end not counted).
 */
action: number, 
/**
 * The squares of the pieces it removed from the board.
 */
captured: Array<Square>, 
/**
 * For an attack or a shot with odds: whether it succeeded.
 */
success: boolean | null, };

export type GameResults = { 
/**
 * The game's event count they are for.
 */
seq: number, 
/**
 * One entry per action that removed a piece or had odds, in order.
 */
results: Array<ActionResult>, };

export type ErrorCode = "bad-request" | "too-large" | "not-found" | "method-not-allowed" | "forbidden" | "not-your-turn" | "illegal-action" | "stale" | "game-over" | "conflict" | "read-only" | "rate-limited" | "busy" | "internal";

export type ApiErrorBody = { 
/**
 * What kind of problem.
 */
code: ErrorCode, 
/**
 * What is wrong, for people.
 */
message: string, 
/**
 * For `illegal-action`: the kind of rule broken, from the engine (`no-command`,
 * `unreachable`, ...), so that a UI can say why without reading the sentence.
 */
rule?: IllegalKind, };

export type ServerMessage = { "type": "game" } & GameInfo | { "type": "state" } & StateView | { "type": "delta" } & StateDelta | { "type": "accepted", 
/**
 * The client's `ref`.
 */
ref: number | null, 
/**
 * The number of events after it.
 */
seq: number, } | { "type": "pong", 
/**
 * The client's `ref`.
 */
ref: number | null, } | { "type": "error", 
/**
 * The client's `ref`, if it could be read.
 */
ref: number | null, 
/**
 * What is wrong.
 */
error: ApiErrorBody, };

export type GameCommand = { "type": "act", 
/**
 * The actions in the project notation.
 */
actions: Array<string>, 
/**
 * If given, the number of events the client has seen: the actions are refused with
 * `stale` if the game has changed since.
 */
seq: number | null, } | { "type": "resign", } | { "type": "offer-draw", } | { "type": "accept-draw", } | { "type": "decline-draw", } | { "type": "offer-takeback", } | { "type": "accept-takeback", } | { "type": "decline-takeback", } | { "type": "ping", } | { "type": "sync", };

export type NewClock = { 
/**
 * Each side's time at the start.
 */
initial_seconds: number, 
/**
 * Time added after each of a side's turns.
 */
increment_seconds?: number, };

export type NewAiSeat = { 
/**
 * The side it plays.
 */
side: Side, 
/**
 * Its level, 1 to 6 (3 if not given): the levels of `GET /api/levels`.
 */
level?: number, };

export type NewChallenge = { 
/**
 * The name the lobby shows (1 to 32 characters).
 */
name: string, 
/**
 * The side the creator plays; whoever joins gets the other.
 */
side: Side, };

export type NewGame = { 
/**
 * The scenario's id.
 */
scenario: string, 
/**
 * Option overrides: values as text, numbers or booleans.
 */
options?: Record<string, string | number | boolean>, 
/**
 * How it is played.
 */
mode: Mode, 
/**
 * A live game's clock.
 */
clock?: NewClock, 
/**
 * The AI's seat, against the AI.
 */
ai?: NewAiSeat, 
/**
 * Whether the lobby lists it.
 */
public?: boolean, 
/**
 * List it in the lobby as an open challenge (live and correspondence games; it is then
 * public).
 */
challenge?: NewChallenge, };

export type Link = { 
/**
 * The token.
 */
token: string, 
/**
 * `/play/{id}#{token}`.
 */
path: string, };

export type Created = { 
/**
 * The game's id.
 */
id: string, 
/**
 * White's link (none if the AI plays White).
 */
white: Link | null, 
/**
 * Black's link (none if the AI plays Black).
 */
black: Link | null, 
/**
 * The spectator link.
 */
spectator: Link, };

export type LobbyEntry = { 
/**
 * The game's id.
 */
id: string, 
/**
 * Its scenario's id.
 */
scenario: string, 
/**
 * How it is played.
 */
mode: Mode, 
/**
 * `setup`, `play` or `over`.
 */
status: string, 
/**
 * The score once over (`1-0`, `0-1`, `1/2-1/2`).
 */
result: string | null, 
/**
 * When it was created (Unix milliseconds).
 */
created_ms: number, 
/**
 * When its last event was stored, to within 10 seconds (written at most once every 10 s,
 * and with every new status), or it was created (Unix milliseconds).
 */
updated_ms: number, 
/**
 * Its scenario's name (the id, when the server no longer ships the scenario).
 */
scenario_name: string, 
/**
 * A live game's clock.
 */
clock: ClockConfig | null, 
/**
 * For an open challenge: the name of the player waiting for an opponent.
 */
challenger: string | null, 
/**
 * For an open challenge: the side offered to whoever joins.
 */
open_side: Side | null, };

export type JoinedSeat = { 
/**
 * The game's id.
 */
id: string, 
/**
 * The side the joiner plays.
 */
side: Side, 
/**
 * The seat's token.
 */
token: string, 
/**
 * `/play/{id}#{token}`.
 */
path: string, };

export type PieceGuide = { 
/**
 * Its kind (index into the game's pieces).
 */
kind: number, 
/**
 * Its name.
 */
name: string, 
/**
 * Its symbol (White's spelling).
 */
symbol: string, 
/**
 * Its role.
 */
class: UnitClass, 
/**
 * How a board draws it.
 */
appearance: Appearance, 
/**
 * How it moves, one sentence per way.
 */
moves: Array<string>, 
/**
 * Its command powers, if it orders pieces.
 */
command: Command | null, 
/**
 * What else the family's rules say of it (strength, fire, movement points ...).
 */
notes: Array<string>, 
/**
 * Its points value.
 */
value: number, };

export type OptionGuide = { 
/**
 * Its name (`shorter-game`).
 */
name: string, 
/**
 * Its label.
 */
label: string, 
/**
 * Its value in these rules, as written.
 */
value: string, 
/**
 * Its default.
 */
default: string, 
/**
 * What it does.
 */
help: string, };

export type RulesGuide = { 
/**
 * The scenario's id.
 */
scenario: string, 
/**
 * The scenario's name.
 */
name: string, 
/**
 * The family's name for people (`Warlord family`).
 */
family_title: string, 
/**
 * The scenario's description.
 */
description: string, 
/**
 * The board: its files, ranks and cell shape.
 */
board: string, 
/**
 * How a turn goes, in sentences.
 */
turn: Array<string>, 
/**
 * How the game is won, in sentences.
 */
victory: Array<string>, 
/**
 * Every piece kind.
 */
pieces: Array<PieceGuide>, 
/**
 * Every option with the value these rules use and its help.
 */
options: Array<OptionGuide>, };

