//! `Record::parse` on arbitrary text: an error with a line number, or a record that can be
//! written back and read again.
#![no_main]

mod common;

use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;
use warlord_rules::notation::Record;
use warlord_rules::PieceTable;

static PIECES: OnceLock<PieceTable> = OnceLock::new();

fuzz_target!(|data: &[u8]| {
    let pieces = PIECES.get_or_init(common::pieces);
    let text = String::from_utf8_lossy(data);
    let _ = Record::parse_header(&text);
    match Record::parse(&text, pieces) {
        Ok(record) => {
            let written = record.to_text(pieces);
            let again = Record::parse(&written, pieces).unwrap_or_else(|e| panic!("{written:?} does not read back: {e}"));
            assert_eq!(again.turns.len(), record.turns.len(), "{written:?}");
            assert_eq!(again.tags, record.tags, "{written:?}");
        }
        Err(e) => assert!(e.line >= 1, "{e}"),
    }
});
