//! Record files: a header of tags, then one numbered turn per line.
//!
//! ```text
//! [Scenario "clash-of-arms"]
//! [Option "shorter-game=true"]
//! 1. d2-d4, e1-e3
//! 1... h7-h5 — Black answers at once
//! 2. pass
//! ```

use super::action::{format_action, parse_turn};
use crate::action::Action;
use crate::piece::PieceTable;
use crate::side::Side;

/// One turn of a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordTurn {
    /// The turn number written before it.
    pub number: u32,
    /// Whether it was marked as the second player's turn (`1...`, `1..`, `1…`, `1. ...`).
    pub second: bool,
    /// Its actions; the turn's end is implicit at the end of the line.
    pub actions: Vec<Action>,
    /// The text of each action as written (for error messages).
    pub texts: Vec<String>,
    /// The commentary after the moves, if any.
    pub comment: Option<String>,
    /// The line it was read from (1-based; 0 for turns not read from text).
    pub line: usize,
}

/// A game record: tags and turns.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// Header tags, in order: `[Name "value"]`.
    pub tags: Vec<(String, String)>,
    /// The turns.
    pub turns: Vec<RecordTurn>,
}

/// Why a record could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct RecordError {
    /// The 1-based line.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

/// The most bytes a record may have (a 120x120 game of many turns fits easily).
pub const MAX_RECORD_BYTES: usize = 16 << 20;

impl Record {
    /// The value of the first tag with this name (case-insensitive).
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }

    /// The scenario named by the `Scenario` tag.
    #[must_use]
    pub fn scenario(&self) -> Option<&str> {
        self.tag("Scenario")
    }

    /// The options given by `Option` tags, as `(name, value)` pairs.
    #[must_use]
    pub fn options(&self) -> Vec<(String, String)> {
        self.tags
            .iter()
            .filter(|(k, _)| k.eq_ignore_ascii_case("Option"))
            .filter_map(|(_, v)| v.split_once('=').map(|(a, b)| (a.trim().to_string(), b.trim().to_string())))
            .collect()
    }

    /// A record of a game's history: `turns` lists each turn's side and actions, in the order
    /// played. Turns are numbered in pairs from 1: the side of the first turn gets `N.`, the
    /// other side `N...` with the number of the turn it answers. A trailing `EndTurn` is left
    /// implicit, as in written records (a turn with nothing else stays a pass), so that
    /// [`Record::to_text`] and [`Record::parse`] give the same actions back.
    #[must_use]
    pub fn from_history(tags: Vec<(String, String)>, turns: &[(Side, Vec<Action>)], pieces: &PieceTable) -> Record {
        let first = turns.first().map(|(side, _)| *side);
        let mut number = 0;
        let mut previous_first = false;
        let turns = turns
            .iter()
            .map(|(side, actions)| {
                let second = Some(*side) != first;
                if !(second && previous_first) {
                    number += 1;
                }
                previous_first = !second;
                let mut actions = actions.clone();
                if actions.len() > 1 && actions.last() == Some(&Action::EndTurn) {
                    actions.pop();
                }
                let texts = actions.iter().map(|a| format_action(a, pieces)).collect();
                RecordTurn { number, second, actions, texts, comment: None, line: 0 }
            })
            .collect();
        Record { tags, turns }
    }

    /// Only the header: reads tags and stops at the first turn. Needs no piece table, so a
    /// caller can find the scenario before reading the turns.
    pub fn parse_header(text: &str) -> Result<Vec<(String, String)>, RecordError> {
        let mut tags = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            if !line.starts_with('[') {
                break;
            }
            tags.push(parse_tag(line).map_err(|message| RecordError { line: i + 1, message })?);
        }
        Ok(tags)
    }

    /// Reads a whole record. Piece symbols are looked up in `pieces`.
    pub fn parse(text: &str, pieces: &PieceTable) -> Result<Record, RecordError> {
        if text.len() > MAX_RECORD_BYTES {
            return Err(RecordError { line: 1, message: format!("a record may be at most {MAX_RECORD_BYTES} bytes") });
        }
        let mut record = Record::default();
        for (i, raw) in text.lines().enumerate() {
            let line = raw.trim();
            let at = |message: String| RecordError { line: i + 1, message };
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            if line.starts_with('[') {
                if !record.turns.is_empty() {
                    return Err(at("tags must come before the first turn".into()));
                }
                record.tags.push(parse_tag(line).map_err(at)?);
                continue;
            }
            let turn = parse_turn_line(line, pieces).map_err(at)?;
            record.turns.push(RecordTurn { line: i + 1, ..turn });
        }
        Ok(record)
    }

    /// Writes the record: tags, then one numbered turn per line; second-player turns are marked
    /// `...`. A turn with no action before its end is written `pass`.
    #[must_use]
    pub fn to_text(&self, pieces: &PieceTable) -> String {
        let mut out = String::new();
        for (k, v) in &self.tags {
            out.push_str(&format!("[{k} \"{}\"]\n", v.replace('\\', "\\\\").replace('"', "\\\"")));
        }
        for turn in &self.turns {
            let mark = if turn.second { "..." } else { "." };
            let actions: Vec<String> =
                turn.actions.iter().filter(|a| **a != Action::EndTurn).map(|a| format_action(a, pieces)).collect();
            let body = if actions.is_empty() { "pass".to_string() } else { actions.join(", ") };
            out.push_str(&format!("{}{mark} {body}", turn.number));
            if let Some(c) = &turn.comment {
                out.push_str(&format!(" — {c}"));
            }
            out.push('\n');
        }
        out
    }
}

fn parse_tag(line: &str) -> Result<(String, String), String> {
    let inner =
        line.strip_prefix('[').and_then(|l| l.strip_suffix(']')).ok_or("a tag is written `[Name \"value\"]`")?;
    let (name, rest) = inner.trim().split_once(char::is_whitespace).ok_or("a tag needs a name and a quoted value")?;
    if !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
        return Err(format!("`{name}` is not a tag name (letters, digits, - and _)"));
    }
    let value = rest
        .trim()
        .strip_prefix('"')
        .and_then(|v| v.strip_suffix('"'))
        .ok_or_else(|| format!("the value of tag {name} must be in double quotes"))?;
    Ok((name.to_string(), value.replace("\\\"", "\"").replace("\\\\", "\\")))
}

/// Splits off commentary: after ` — `, ` – `, ` -- `, ` - ` or `;`.
fn split_comment(line: &str) -> (&str, Option<String>) {
    let mut cut: Option<(usize, usize)> = None;
    for sep in [" — ", "—", " – ", " -- ", " - ", ";"] {
        if let Some(i) = line.find(sep) {
            if cut.is_none_or(|(j, _)| i < j) {
                cut = Some((i, sep.len()));
            }
        }
    }
    match cut {
        Some((i, n)) => {
            let comment = line[i + n..].trim();
            (&line[..i], (!comment.is_empty()).then(|| comment.to_string()))
        }
        None => (line, None),
    }
}

fn parse_turn_line(line: &str, pieces: &PieceTable) -> Result<RecordTurn, String> {
    let digits = line.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || digits > 6 {
        return Err(format!("a turn starts with its number, like `1.` or `1...`; found `{}`", preview(line)));
    }
    let number: u32 = line[..digits].parse().map_err(|_| "the turn number is too large".to_string())?;
    let rest = &line[digits..];
    let after_dots = rest.trim_start_matches(['.', '…']);
    let dots = &rest[..rest.len() - after_dots.len()];
    if dots.is_empty() {
        return Err(format!("turn {number}: the number must be followed by `.` or `...`"));
    }
    let mut second = dots.chars().count() > 1 || dots.contains('…');
    let mut body = after_dots.trim_start();
    // `3. ...b7-a6`: the mark may also follow a space.
    let marked = body.trim_start_matches(['.', '…']);
    if marked.len() != body.len() {
        second = true;
        body = marked.trim_start();
    }
    let (moves, comment) = split_comment(body);
    let moves = moves.trim();
    if moves.is_empty() {
        return Err(format!("turn {number} has no actions; write `pass` for a turn without moves"));
    }
    let actions = parse_turn(moves, pieces).map_err(|e| format!("turn {number}: {e}"))?;
    let texts = split_texts(moves);
    Ok(RecordTurn { number, second, actions, texts, comment, line: 0 })
}

fn split_texts(moves: &str) -> Vec<String> {
    let mut parts = Vec::new();
    let mut depth = 0i32;
    let mut current = String::new();
    for c in moves.chars() {
        match c {
            '[' => depth += 1,
            ']' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(current.trim().to_string());
                current.clear();
                continue;
            }
            _ => {}
        }
        current.push(c);
    }
    parts.push(current.trim().to_string());
    parts
}

fn preview(line: &str) -> String {
    line.chars().take(30).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_round_trips() {
        let text = "[Scenario \"clash-of-arms\"]\n[Option \"shorter-game=true\"]\n1. d2-d4, e1-e3\n1... h7-h5 — a reply\n2. pass\n";
        let pieces = PieceTable::default();
        let record = Record::parse(text, &pieces).unwrap();
        assert_eq!(record.scenario(), Some("clash-of-arms"));
        assert_eq!(record.options(), vec![("shorter-game".to_string(), "true".to_string())]);
        assert_eq!(record.turns.len(), 3);
        assert!(record.turns[1].second);
        assert_eq!(record.turns[1].comment.as_deref(), Some("a reply"));
        assert_eq!(record.to_text(&pieces), text);
    }

    #[test]
    fn a_history_is_numbered_in_pairs_and_reads_back() {
        let pieces = PieceTable::default();
        let turn = |text: &str| parse_turn(text, &pieces).unwrap();
        let history =
            vec![(Side::White, turn("d2-d4, e1-e3, pass")), (Side::Black, turn("pass")), (Side::White, turn("d4-d5"))];
        let record = Record::from_history(vec![("Scenario".into(), "chieftain".into())], &history, &pieces);
        let text = record.to_text(&pieces);
        assert_eq!(text, "[Scenario \"chieftain\"]\n1. d2-d4, e1-e3\n1... pass\n2. d4-d5\n");
        let read = Record::parse(&text, &pieces).unwrap();
        let actions = |r: &Record| r.turns.iter().map(|t| t.actions.clone()).collect::<Vec<_>>();
        assert_eq!(actions(&read), actions(&record));
        assert_eq!(record.turns[2].texts, vec!["d4-d5".to_string()]);
    }

    #[test]
    fn a_history_begun_by_black_numbers_black_first() {
        let pieces = PieceTable::default();
        let history = vec![
            (Side::Black, vec![Action::EndTurn]),
            (Side::White, vec![Action::EndTurn]),
            (Side::Black, vec![Action::EndTurn]),
        ];
        let record = Record::from_history(Vec::new(), &history, &pieces);
        let marks: Vec<(u32, bool)> = record.turns.iter().map(|t| (t.number, t.second)).collect();
        assert_eq!(marks, vec![(1, false), (1, true), (2, false)]);
    }

    #[test]
    fn second_player_marks_are_all_accepted() {
        let pieces = PieceTable::default();
        for line in [
            "3. ...b7-a6, a6-b5",
            "3... b7-a6, a6-b5",
            "3.. b7-a6, a6-b5",
            "3… b7-a6, a6-b5",
            "3.…b7-a6, a6-b5",
            "3...b7-a6, a6-b5",
        ] {
            let r = Record::parse(line, &pieces).unwrap();
            assert!(r.turns[0].second, "{line}");
            assert_eq!(r.turns[0].actions.len(), 2, "{line}");
        }
    }

    #[test]
    fn errors_give_the_line() {
        let pieces = PieceTable::default();
        let e = Record::parse("[Scenario \"x\"]\n1. d2-d4\nfoo", &pieces).unwrap_err();
        assert_eq!(e.line, 3);
        let e = Record::parse("1. d2-d4\n[Scenario \"x\"]", &pieces).unwrap_err();
        assert_eq!(e.line, 2);
        let e = Record::parse("1. d2-", &pieces).unwrap_err();
        assert!(e.message.contains("turn 1"), "{e}");
        assert!(Record::parse("[Scenario x]", &pieces).is_err());
    }
}
