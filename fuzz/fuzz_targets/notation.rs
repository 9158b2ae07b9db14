//! `parse_action` and `parse_turn` on arbitrary text: an error or an action, never a panic; and
//! what was read is written back to text that reads as the same action.
#![no_main]

mod common;

use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;
use warlord_rules::notation::{format_action, parse_action, parse_turn};
use warlord_rules::PieceTable;

static PIECES: OnceLock<PieceTable> = OnceLock::new();

fuzz_target!(|data: &[u8]| {
    let pieces = PIECES.get_or_init(common::pieces);
    let text = String::from_utf8_lossy(data);
    if let Ok(action) = parse_action(&text, pieces) {
        let written = format_action(&action, pieces);
        assert_eq!(parse_action(&written, pieces), Ok(action), "{text:?} was written {written:?}");
    }
    if let Ok(turn) = parse_turn(&text, pieces) {
        let written: Vec<String> = turn.iter().map(|a| format_action(a, pieces)).collect();
        assert_eq!(parse_turn(&written.join(", "), pieces), Ok(turn), "{text:?}");
    }
});
