//! Routes for the browser UI that read and never store (docs/API.md, "Analysis and previews"):
//! a scenario's start or any line of actions from it (scenario pictures, replays, the analysis
//! board), a record file read into its actions and variations, the analysis board's tree
//! written as a record, the computer's analysis of a line (a few turns a request), and a seat's
//! unfinished turn checked on a copy of its game (the turn builder's preview, so that legality
//! always comes from the engine).
//!
//! Their rules work runs as a [`Heavy`] job (off the async runtime, a bounded number at once)
//! and is bounded per request: at most [`MAX_LINE_ACTIONS`] actions in a line or a record.

use crate::access::{self, TokenQuery};
use crate::computer_analysis::{analyse_line, ComputerBody};
use crate::error::{clip, ApiError, ErrorCode};
use crate::game::{now_ms, Event, EventKind, Game, GameMeta, Mode, Viewer};
use crate::heavy::Heavy;
use crate::hub::Games;
use crate::protocol::MAX_ACTIONS;
use crate::record_tree::{tree_turns, variation_actions, variation_nodes, LineNode, RecordNodeBody};
use crate::render::{action_view, game_info, state_view, ActionView, GameInfo, StateView};
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::HeaderMap;
use axum::response::Response;
use axum::routing::post;
use axum::Extension;
use axum::Router;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::Arc;
use warlord_rules::notation::{replay_all_errors, Record};

/// The most actions an analysis line or a record may have, each turn's end counted (far more
/// than the longest game: thousands of turns). It bounds the work of a request and the size
/// of its answer: a record's actions are answered one object each, some ten times their text.
pub const MAX_LINE_ACTIONS: usize = 20_000;

/// The largest analysis or record request body.
pub const MAX_BODY_BYTES: usize = 4 << 20;

/// The routes of this module, to be merged into the API's router.
pub fn routes() -> Router<Games> {
    Router::new()
        .route("/api/analysis", post(analysis))
        .route("/api/analysis/computer", post(computer))
        .route("/api/records/parse", post(parse_record))
        .route("/api/records/write", post(write_record))
        .route("/api/games/{id}/preview", post(preview))
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
}

/// What `POST /api/analysis` reads.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AnalysisRequest {
    scenario: String,
    #[serde(default)]
    options: BTreeMap<String, String>,
    #[serde(default)]
    actions: Vec<String>,
    /// `player` (default): the side to move sees its legal actions; `spectator`: no legal
    /// actions (cheaper, for pictures).
    #[serde(default)]
    view: AnalysisView,
}

#[derive(Deserialize, Default, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
enum AnalysisView {
    #[default]
    Player,
    Spectator,
}

/// A game's description and state, as the WebSocket sends them (`POST /api/analysis`,
/// `GET /api/games/{id}`).
#[derive(Serialize, ts_rs::TS)]
#[ts(rename = "GameAndState")]
pub(crate) struct AnalysisBody {
    /// The description.
    pub game: GameInfo,
    /// The state.
    pub state: StateView,
}

/// Reads a JSON request body; an unreadable one is a `bad-request` saying why.
pub(crate) fn read_json<T: serde::de::DeserializeOwned>(body: &[u8]) -> Result<T, ApiError> {
    serde_json::from_slice(body).map_err(|e| ApiError::bad_request(format!("unreadable request: {e}")))
}

/// A game that is never stored: the scenario with the options, at its start.
fn scratch_game(games: &Games, scenario: &str, options: BTreeMap<String, String>) -> Result<Game, ApiError> {
    let found = games.scenarios().get(scenario)?.clone();
    let meta = GameMeta {
        id: "analysis".into(),
        scenario: scenario.to_string(),
        options,
        mode: Mode::Correspondence,
        clock: None,
        ai: None,
        public: false,
        created_ms: 0,
        pin: None,
    };
    Game::new(Arc::new(meta), found)
}

/// Plays `actions` on `game` for whoever is to move at each step; an error names the action.
pub(crate) fn play_line(game: &mut Game, actions: &[String], first: usize) -> Result<(), ApiError> {
    for (i, text) in actions.iter().enumerate() {
        let event = Event {
            kind: EventKind::Action,
            side: game.position().to_move(),
            body: Arc::from(game.canonical_action(text)?),
            at_ms: now_ms(),
        };
        game.apply(event).map_err(|e| ApiError {
            message: format!("action {} (`{}`): {}", first + i + 1, clip(text, 40), e.message),
            ..e
        })?;
    }
    Ok(())
}

async fn analysis(
    State(games): State<Games>,
    Extension(heavy): Extension<Heavy>,
    body: axum::body::Bytes,
) -> Result<Response, ApiError> {
    heavy.answer(move || analyse(&games, &body)).await
}

fn analyse(games: &Games, body: &[u8]) -> Result<AnalysisBody, ApiError> {
    let request: AnalysisRequest = read_json(body)?;
    if request.actions.len() > MAX_LINE_ACTIONS {
        return Err(ApiError::bad_request(format!("at most {MAX_LINE_ACTIONS} actions")));
    }
    let mut game = scratch_game(games, &request.scenario, request.options)?;
    play_line(&mut game, &request.actions, 0)?;
    let viewer = match request.view {
        AnalysisView::Player => Viewer::Seat(game.position().to_move()),
        AnalysisView::Spectator => Viewer::Spectator,
    };
    Ok(AnalysisBody { game: game_info(&game), state: state_view(&game, viewer, now_ms()) })
}

/// What `POST /api/records/parse` reads.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RecordRequest {
    text: String,
}

/// One turn of a read record: where its actions are in the flat list.
#[derive(Serialize, ts_rs::TS)]
#[ts(rename = "RecordTurn")]
pub(crate) struct RecordTurnBody {
    /// Its number, counted in pairs.
    pub number: u32,
    /// Whether it is the second side's turn of the pair.
    pub second: bool,
    /// The record's comment on it.
    pub comment: Option<String>,
    /// Index of its first action in `actions`.
    pub start: u32,
    /// Index after its last action (its end included).
    pub end: u32,
}

/// A record read and replayed (`POST /api/records/parse`): everything the analysis board
/// needs to step through it.
#[derive(Serialize, ts_rs::TS)]
#[ts(rename = "ParsedRecord")]
pub(crate) struct RecordBody {
    /// The scenario id.
    pub scenario: String,
    /// The options of its tags.
    pub options: BTreeMap<String, String>,
    /// Its tags.
    pub tags: Vec<(String, String)>,
    /// Every legal action in order, each turn's end included (kind `end`).
    pub actions: Vec<ActionView>,
    /// Its turns, as ranges of `actions`.
    pub turns: Vec<RecordTurnBody>,
    /// The first illegal or unreadable action, if the record has one.
    pub error: Option<String>,
    /// Every illegal or unreadable action, in order: each was skipped and the game read on
    /// (a turn left short ends where it stands), so `actions` holds every legal one. Then
    /// those of the variations.
    pub errors: Vec<String>,
    /// The actions of the record's variations, as a tree grafted on `actions`.
    pub variations: Vec<RecordNodeBody>,
}

async fn parse_record(
    State(games): State<Games>,
    Extension(heavy): Extension<Heavy>,
    body: axum::body::Bytes,
) -> Result<Response, ApiError> {
    heavy.answer(move || read_record(&games, &body)).await
}

fn read_record(games: &Games, body: &[u8]) -> Result<RecordBody, ApiError> {
    let request: RecordRequest = read_json(body)?;
    let bad = |e: warlord_rules::notation::RecordError| ApiError::bad_request(format!("the record: {e}"));
    let tags = Record::parse_header(&request.text).map_err(bad)?;
    let header = Record { tags, ..Record::default() };
    let scenario =
        header.scenario().ok_or_else(|| ApiError::bad_request("the record has no [Scenario \"...\"] tag"))?.to_string();
    let options: BTreeMap<String, String> = header.options().into_iter().collect();
    let game = scratch_game(games, &scenario, options.clone())?;
    let record = Record::parse(&request.text, game.rules.pieces()).map_err(bad)?;
    let steps: usize =
        record.turns.iter().map(|t| t.actions.len() + 1).sum::<usize>() + variation_actions(&record.turns);
    if steps > MAX_LINE_ACTIONS {
        return Err(ApiError::bad_request(format!(
            "the record has {steps} actions, each turn's end counted; at most {MAX_LINE_ACTIONS} are read"
        )));
    }
    let replayed = replay_all_errors(&*game.rules, &record);
    let actions: Vec<ActionView> = replayed.steps.iter().map(|s| action_view(s.action, &*game.rules)).collect();
    // The steps come turn by turn, each turn's last step ending it (or the game), so the
    // record's turns are the runs of steps between those ends.
    let mut turns = Vec::new();
    let mut start = 0;
    for (i, step) in replayed.steps.iter().enumerate() {
        let last = i + 1 == replayed.steps.len();
        if !(step.report.turn_ended || step.report.outcome.is_some() || last) {
            continue;
        }
        let Some(turn) = record.turns.get(turns.len()) else {
            break;
        };
        turns.push(RecordTurnBody {
            number: turn.number,
            second: turn.second,
            comment: turn.comment.clone(),
            start: u32::try_from(start).unwrap_or(u32::MAX),
            end: u32::try_from(i + 1).unwrap_or(u32::MAX),
        });
        start = i + 1;
    }
    let starts: Vec<u32> = turns.iter().map(|t| t.start).collect();
    let (variations, variation_errors) = variation_nodes(&*game.rules, &record.turns, &starts, &actions);
    let mut errors: Vec<String> = replayed.errors.iter().map(ToString::to_string).collect();
    errors.extend(variation_errors);
    Ok(RecordBody {
        scenario,
        options,
        tags: record.tags,
        actions,
        turns,
        error: replayed.error.map(|e| e.to_string()),
        errors,
        variations,
    })
}

/// What `POST /api/records/write` reads: the analysis board's tree.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct WriteRequest {
    scenario: String,
    #[serde(default)]
    options: BTreeMap<String, String>,
    /// Tags to keep (`Scenario` and `Option` tags are written from the fields above).
    #[serde(default)]
    tags: Vec<(String, String)>,
    /// The tree's nodes, each after its parent.
    nodes: Vec<LineNode>,
}

/// A record written by the engine (`POST /api/records/write`).
#[derive(Serialize, ts_rs::TS)]
#[ts(rename = "WrittenRecord")]
pub(crate) struct WrittenRecordBody {
    /// The record file's text.
    pub text: String,
}

async fn write_record(
    State(games): State<Games>,
    Extension(heavy): Extension<Heavy>,
    body: axum::body::Bytes,
) -> Result<Response, ApiError> {
    heavy.answer(move || written_record(&games, &body)).await
}

fn written_record(games: &Games, body: &[u8]) -> Result<WrittenRecordBody, ApiError> {
    let request: WriteRequest = read_json(body)?;
    if request.nodes.len() > MAX_LINE_ACTIONS {
        return Err(ApiError::bad_request(format!("at most {MAX_LINE_ACTIONS} nodes")));
    }
    let game = scratch_game(games, &request.scenario, request.options.clone())?;
    let turns = tree_turns(&*game.rules, &request.nodes)?;
    let mut tags = vec![("Scenario".to_string(), request.scenario)];
    tags.extend(request.options.iter().map(|(k, v)| ("Option".to_string(), format!("{k}={v}"))));
    let kept =
        request.tags.into_iter().filter(|(k, _)| !["scenario", "option"].contains(&k.to_ascii_lowercase().as_str()));
    tags.extend(
        kept.filter(|(k, _)| !k.is_empty() && k.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')),
    );
    let record = Record { tags, turns, ..Record::default() };
    Ok(WrittenRecordBody { text: record.to_text(game.rules.pieces()) })
}

/// What `POST /api/analysis/computer` reads.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ComputerRequest {
    scenario: String,
    #[serde(default)]
    options: BTreeMap<String, String>,
    actions: Vec<String>,
    /// The first turn to analyse (0 for the first turn of the line).
    #[serde(default)]
    from: usize,
}

async fn computer(
    State(games): State<Games>,
    Extension(heavy): Extension<Heavy>,
    body: axum::body::Bytes,
) -> Result<Response, ApiError> {
    heavy.answer(move || computer_analysis(&games, &body)).await
}

fn computer_analysis(games: &Games, body: &[u8]) -> Result<ComputerBody, ApiError> {
    let request: ComputerRequest = read_json(body)?;
    if request.actions.len() > MAX_LINE_ACTIONS {
        return Err(ApiError::bad_request(format!("at most {MAX_LINE_ACTIONS} actions")));
    }
    let game = scratch_game(games, &request.scenario, request.options)?;
    analyse_line(&*game.rules, &request.actions, request.from)
}

/// What `POST /api/games/{id}/preview` reads.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PreviewRequest {
    actions: Vec<String>,
}

/// A seat's game as it would be after its proposed actions (`POST /api/games/{id}/preview`).
#[derive(Serialize, ts_rs::TS)]
#[ts(rename = "Preview")]
pub(crate) struct PreviewBody {
    /// The state the seat would see (its `seq` counts the proposed actions).
    pub state: StateView,
    /// Whether the actions end the seat's turn (or the game).
    pub turn_ended: bool,
}

async fn preview(
    State(games): State<Games>,
    Extension(heavy): Extension<Heavy>,
    Path(id): Path<String>,
    Query(query): Query<TokenQuery>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> Result<Response, ApiError> {
    let request: PreviewRequest = read_json(&body)?;
    if request.actions.len() > MAX_ACTIONS {
        return Err(ApiError::bad_request(format!("at most {MAX_ACTIONS} actions")));
    }
    access::answer_on_game(&games, &heavy, &id, &headers, &query, move |game, viewer| {
        preview_turn(game.clone(), viewer, &request.actions)
    })
    .await
}

/// The state `viewer` would see after playing `actions` on (a copy of) `game`.
fn preview_turn(mut game: Game, viewer: Viewer, actions: &[String]) -> Result<PreviewBody, ApiError> {
    let side = viewer.acting_side()?;
    // A turn that could never be sent is not built.
    game.writable()?;
    if game.outcome().is_none() && game.position().to_move() != side {
        return Err(ApiError::new(ErrorCode::NotYourTurn, format!("it is {}'s turn", game.position().to_move())));
    }
    if game.setup_secret() {
        // A preview that commits the viewer's setup must not show the other side's (rulings
        // 10): it is answered with the state just before the commit, marked as ending the turn.
        for (i, text) in actions.iter().enumerate() {
            let mut next = game.clone();
            play_line(&mut next, std::slice::from_ref(text), i)?;
            if !next.setup_secret() {
                return Ok(PreviewBody { state: state_view(&game, viewer, now_ms()), turn_ended: true });
            }
            game = next;
        }
    } else {
        play_line(&mut game, actions, 0)?;
    }
    let turn_ended = game.outcome().is_some() || game.position().to_move() != side;
    Ok(PreviewBody { state: state_view(&game, viewer, now_ms()), turn_ended })
}
