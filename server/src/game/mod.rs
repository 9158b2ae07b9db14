//! A game as the server holds it: its settings, its rules, and the position reached by
//! replaying its event log through the engine. Pure: no I/O, so that every process that
//! replays the same log reaches the same game.

mod clock;
mod event;
mod meta;
mod read_only;
mod record;
mod takeback;

pub use clock::{Clock, ClockView};
pub use event::{Event, EventKind};
pub use meta::{AiSeat, ClockConfig, GameMeta, Mode, Pin};
pub use read_only::ReadOnly;

use crate::error::{ApiError, ErrorCode};
use std::sync::Arc;
use warlord_rules::notation::{format_action, parse_action};
use warlord_rules::{Action, EndReason, Outcome, Phase, Position, Ruleset, Scenario, Side};

/// One turn of the move list: a side's actions, as notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    /// The side that played it.
    pub side: Side,
    /// Whether it was a setup turn (placements and the commit).
    pub setup: bool,
    /// Its actions, without the turn's end.
    pub actions: Vec<Arc<str>>,
    /// Whether the turn has ended.
    pub done: bool,
}

/// A game: settings, rules, the event log and what it leads to.
#[derive(Clone, Debug)]
pub struct Game {
    /// The settings.
    pub meta: Arc<GameMeta>,
    /// The scenario, for names and descriptions.
    pub scenario: Arc<Scenario>,
    /// The rules for the scenario and options.
    pub rules: Arc<dyn Ruleset>,
    position: Position,
    /// The position just before the game ended, when it ended before both sides had committed
    /// their setup: what is shown stays hidden as it was (rulings 10).
    hidden_setup: Option<Position>,
    events: Vec<Event>,
    turns: Vec<Turn>,
    draw_offer: Option<Side>,
    /// The side asking to take back its last turn.
    takeback_offer: Option<Side>,
    /// The actions that stand (taken-back ones left out), turns' ends included, in order.
    played: Vec<Arc<str>>,
    /// For each turn of `turns`, the index in `played` of its first action.
    turn_starts: Vec<usize>,
    clock: Option<Clock>,
    /// Why nothing more may be played, for a stored game that no longer replays.
    read_only: Option<Arc<ReadOnly>>,
    /// Each piece kind's symbol as White's and as Black's pieces show it, made once (every
    /// state sent shows one per piece).
    symbols: Arc<[[Arc<str>; 2]]>,
}

/// Who is looking at a game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Viewer {
    /// The holder of a side's seat.
    Seat(Side),
    /// Anyone with the spectator link (or the lobby).
    Spectator,
}

impl Viewer {
    /// The side, for seats.
    #[must_use]
    pub fn side(self) -> Option<Side> {
        match self {
            Viewer::Seat(side) => Some(side),
            Viewer::Spectator => None,
        }
    }

    /// The side a viewer may act for; `forbidden` for spectators.
    pub fn acting_side(self) -> Result<Side, ApiError> {
        self.side().ok_or_else(|| ApiError::new(ErrorCode::Forbidden, "spectators can watch but not act"))
    }
}

impl Game {
    /// A new game at the scenario's start. Fails if the options do not fit the scenario.
    pub fn new(meta: Arc<GameMeta>, scenario: Arc<Scenario>) -> Result<Game, ApiError> {
        let rules = scenario
            .ruleset(&meta.option_pairs())
            .map_err(|e| ApiError::bad_request(format!("the options do not fit the scenario: {e}")))?;
        let position = rules.start();
        let clock = meta.clock.map(Clock::new);
        let symbols =
            rules.pieces().iter().map(|(_, k)| [k.symbol.as_str().into(), k.symbol.to_lowercase().into()]).collect();
        Ok(Game {
            meta,
            scenario,
            rules,
            position,
            hidden_setup: None,
            events: Vec::new(),
            turns: Vec::new(),
            draw_offer: None,
            takeback_offer: None,
            played: Vec::new(),
            turn_starts: Vec::new(),
            clock,
            read_only: None,
            symbols,
        })
    }

    /// The symbol of a piece of `kind` and `side`: the kind's symbol for White, in lower case
    /// for Black.
    #[must_use]
    pub fn symbol(&self, kind: u8, side: Side) -> Arc<str> {
        self.symbols[usize::from(kind)][usize::from(side == Side::Black)].clone()
    }

    /// The true position (for the server only: clients get [`Game::visible_position`]).
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The events so far.
    #[must_use]
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// The next sequence number.
    #[must_use]
    pub fn seq(&self) -> u64 {
        self.events.len() as u64
    }

    /// The outcome, once over.
    #[must_use]
    pub fn outcome(&self) -> Option<&Outcome> {
        self.position.outcome()
    }

    /// The side with a pending draw offer.
    #[must_use]
    pub fn draw_offer(&self) -> Option<Side> {
        self.draw_offer
    }

    /// The side asking to take back its last turn, while the opponent has not answered.
    #[must_use]
    pub fn takeback_offer(&self) -> Option<Side> {
        self.takeback_offer
    }

    /// The actions that stand, in the notation, turns' ends included: every action event but
    /// those taken back. Replaying them from the start reaches the position.
    #[must_use]
    pub fn played_actions(&self) -> &[Arc<str>] {
        &self.played
    }

    /// The clocks, if the game has them.
    #[must_use]
    pub fn clock(&self) -> Option<&Clock> {
        self.clock.as_ref()
    }

    /// The lobby status: `setup`, `play` or `over`.
    #[must_use]
    pub fn status(&self) -> &'static str {
        match self.position.phase() {
            Phase::Setup => "setup",
            Phase::Play => "play",
            Phase::Over(_) => "over",
        }
    }

    /// Why the game is read-only, if it is.
    #[must_use]
    pub fn read_only(&self) -> Option<&ReadOnly> {
        self.read_only.as_deref()
    }

    /// Makes the game read-only (replacing an earlier reason): nothing more may be applied.
    pub fn set_read_only(&mut self, reason: ReadOnly) {
        self.read_only = Some(Arc::new(reason));
    }

    /// `Ok` unless the game is read-only; then the `read-only` error with the reason.
    pub fn writable(&self) -> Result<(), ApiError> {
        match &self.read_only {
            None => Ok(()),
            Some(r) => Err(ApiError::new(ErrorCode::ReadOnly, format!("this game is read-only: {}", r.reason))),
        }
    }

    /// Whether the sides' setups are still secret from each other.
    #[must_use]
    pub fn setup_secret(&self) -> bool {
        self.hidden_setup.is_some() || *self.position.phase() == Phase::Setup
    }

    /// What a viewer may see of the position (rulings 10).
    #[must_use]
    pub fn visible_position(&self, viewer: Viewer) -> Position {
        let pos = self.hidden_setup.as_ref().unwrap_or(&self.position);
        self.rules.view(pos, viewer.side())
    }

    /// The move list a viewer may see, with each turn's index in the whole list: while setups
    /// are secret, the other side's setup turns are left out.
    pub fn visible_turns(&self, viewer: Viewer) -> impl Iterator<Item = (usize, &Turn)> + '_ {
        let secret = self.setup_secret();
        self.turns.iter().enumerate().filter(move |(_, t)| !(secret && t.setup && viewer.side() != Some(t.side)))
    }

    /// Checks an event against the game and applies it; on error the game is unchanged. A
    /// read-only game refuses every event.
    pub fn apply(&mut self, event: Event) -> Result<(), ApiError> {
        self.writable()?;
        if let Some(outcome) = self.position.outcome() {
            return Err(ApiError::new(ErrorCode::GameOver, format!("the game is over: {outcome}")));
        }
        let side = event.side;
        let opponent = side.opponent();
        match event.kind {
            EventKind::Action => self.apply_action(&event)?,
            EventKind::Resign => self.finish(Outcome::win(opponent, EndReason::Resignation), event.at_ms),
            EventKind::DrawOffer if self.draw_offer == Some(opponent) => {
                self.finish(Outcome::draw(EndReason::Agreement), event.at_ms);
            }
            EventKind::DrawOffer if self.draw_offer == Some(side) => {
                return Err(ApiError::new(ErrorCode::Conflict, "you have already offered a draw"));
            }
            EventKind::DrawOffer => self.draw_offer = Some(side),
            EventKind::DrawAccept | EventKind::DrawDecline if self.draw_offer != Some(opponent) => {
                return Err(ApiError::new(ErrorCode::Conflict, "your opponent has not offered a draw"));
            }
            EventKind::DrawAccept => self.finish(Outcome::draw(EndReason::Agreement), event.at_ms),
            EventKind::DrawDecline => self.draw_offer = None,
            EventKind::TakebackOffer => self.offer_takeback(side)?,
            EventKind::Takeback => self.accept_takeback(side, event.at_ms)?,
            EventKind::TakebackDecline => self.decline_takeback(side)?,
            EventKind::Timeout => {
                if !self.clock.as_ref().is_some_and(|c| c.flagged(side, event.at_ms)) {
                    return Err(ApiError::new(ErrorCode::Conflict, format!("{side} still has time")));
                }
                self.finish(Outcome::win(opponent, EndReason::Timeout), event.at_ms);
            }
        }
        self.events.push(event);
        Ok(())
    }

    fn apply_action(&mut self, event: &Event) -> Result<(), ApiError> {
        let side = event.side;
        if self.position.to_move() != side {
            return Err(ApiError::new(ErrorCode::NotYourTurn, format!("it is {}'s turn", self.position.to_move())));
        }
        if self.clock.as_ref().is_some_and(|c| c.flagged(side, event.at_ms)) {
            return Err(ApiError::new(ErrorCode::GameOver, "your time has run out"));
        }
        let action = parse_action(&event.body, self.rules.pieces())
            .map_err(|e| ApiError::new(ErrorCode::BadRequest, e.to_string()))?;
        let setup = *self.position.phase() == Phase::Setup;
        let report = self.rules.play(&mut self.position, action).map_err(ApiError::illegal)?;
        if self.turns.last().is_none_or(|t| t.done) {
            self.turns.push(Turn { side, setup, actions: Vec::new(), done: false });
            self.turn_starts.push(self.played.len());
        }
        self.played.push(event.body.clone());
        let turn = self.turns.last_mut().expect("a turn in progress");
        if action != Action::EndTurn {
            turn.actions.push(Arc::from(format_action(&action, self.rules.pieces())));
        }
        let ended = report.turn_ended || report.outcome.is_some();
        turn.done = ended;
        if ended && self.draw_offer == Some(side.opponent()) {
            // Playing on declines the opponent's offer.
            self.draw_offer = None;
        }
        if ended {
            // A takeback asked for is about the turn before: playing on lets it lapse.
            self.takeback_offer = None;
        }
        if let Some(clock) = &mut self.clock {
            if report.outcome.is_some() {
                clock.stop(event.at_ms);
            } else if ended && !setup {
                clock.turn_ended(side, event.at_ms);
            }
        }
        Ok(())
    }

    fn finish(&mut self, outcome: Outcome, at_ms: i64) {
        if *self.position.phase() == Phase::Setup {
            self.hidden_setup = Some(self.position.clone());
        }
        self.rules.conclude(&mut self.position, outcome);
        self.draw_offer = None;
        self.takeback_offer = None;
        if let Some(clock) = &mut self.clock {
            clock.stop(at_ms);
        }
    }

    /// The canonical notation of an action text for this game (so that stored events read
    /// the same whatever spelling the client used); an error if it is not notation.
    pub fn canonical_action(&self, text: &str) -> Result<String, ApiError> {
        let action = parse_action(text, self.rules.pieces()).map_err(|e| ApiError::bad_request(e.to_string()))?;
        Ok(format_action(&action, self.rules.pieces()))
    }
}

/// The time now, in Unix milliseconds.
#[must_use]
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

#[cfg(test)]
pub(crate) mod tests;
