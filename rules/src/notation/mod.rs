//! The project notation: actions (`d2-d4`, `c3<>c4`, `L@d2`, `b5 attack c4`, `g8 cannon a2`,
//! `pass`), turns (actions separated by commas) and record files (tags, then one numbered turn
//! per line). See docs/NOTATION.md.

mod action;
mod record;
mod replay;

pub use action::{action_kind, format_action, parse_action, parse_turn, NotationError};
pub use record::{
    clean_comment, Record, RecordError, RecordTurn, TurnNumbers, Unreadable, UnreadableLine, MAX_VARIATION_DEPTH,
};
pub use replay::{replay, replay_all_errors, replay_turns_from, Replay, ReplayError, ReplayStep};
