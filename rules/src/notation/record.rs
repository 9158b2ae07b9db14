//! Record files: a header of tags, then one numbered turn per line.
//!
//! ```text
//! [Scenario "clash-of-arms"]
//! [Option "shorter-game=true"]
//! 1. d2-d4, e1-e3
//! 1... h7-h5 — Black answers at once
//! 2. pass
//! ```

use super::action::{format_action, parse_action};
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
    /// The parts of the line that could not be read, each before the action of this index
    /// (`actions.len()` for the end of the line).
    pub unreadable: Vec<Unreadable>,
}

/// A piece of a record that could not be read: kept, so that a replay reports it where it
/// stands, like an illegal action, and goes on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unreadable {
    /// Where it stands among the turn's actions: before the action of this index.
    pub before: usize,
    /// The text as written.
    pub text: String,
    /// Why it could not be read.
    pub reason: String,
}

/// A line of a record that is neither a tag nor a turn (no turn number could be read).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnreadableLine {
    /// The 1-based line.
    pub line: usize,
    /// The text as written.
    pub text: String,
    /// Why it could not be read.
    pub reason: String,
}

/// A game record: tags and turns.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// Header tags, in order: `[Name "value"]`.
    pub tags: Vec<(String, String)>,
    /// The turns.
    pub turns: Vec<RecordTurn>,
    /// The lines that are neither tags nor turns, in order.
    pub unreadable_lines: Vec<UnreadableLine>,
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
                RecordTurn { number, second, actions, texts, comment: None, line: 0, unreadable: Vec::new() }
            })
            .collect();
        Record { tags, turns, unreadable_lines: Vec::new() }
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

    /// Reads a whole record. Piece symbols are looked up in `pieces`. Only a record too large
    /// to read is an error: a line or an action that cannot be read is kept in the record
    /// ([`RecordTurn::unreadable`], [`Record::unreadable_lines`]) for a replay to report where
    /// it stands. Tags may come anywhere (a `[Result ...]` after the moves is common).
    pub fn parse(text: &str, pieces: &PieceTable) -> Result<Record, RecordError> {
        if text.len() > MAX_RECORD_BYTES {
            return Err(RecordError { line: 1, message: format!("a record may be at most {MAX_RECORD_BYTES} bytes") });
        }
        let mut record = Record::default();
        for (i, raw) in text.lines().enumerate() {
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let unreadable = |reason: String| UnreadableLine { line: i + 1, text: crate::clip(line, 200), reason };
            if line.starts_with('[') && line.ends_with(']') && !line.contains(" attack ") {
                match parse_tag(line) {
                    Ok(tag) => record.tags.push(tag),
                    Err(reason) => record.unreadable_lines.push(unreadable(reason)),
                }
                continue;
            }
            match parse_turn_line(line, pieces) {
                Ok(turn) => record.turns.push(RecordTurn { line: i + 1, ..turn }),
                Err(reason) => record.unreadable_lines.push(unreadable(reason)),
            }
        }
        Ok(record)
    }

    /// Everything of the record that could not be read, in line order: (line, text, reason).
    #[must_use]
    pub fn problems(&self) -> Vec<(usize, String, String)> {
        let mut out: Vec<(usize, String, String)> =
            self.unreadable_lines.iter().map(|u| (u.line, u.text.clone(), u.reason.clone())).collect();
        for turn in &self.turns {
            out.extend(turn.unreadable.iter().map(|u| (turn.line, u.text.clone(), u.reason.clone())));
        }
        out.sort_by_key(|p| p.0);
        out
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
    if name.eq_ignore_ascii_case("Option") && value.split_once('=').is_none_or(|(n, _)| n.trim().is_empty()) {
        return Err(format!(
            "an Option tag is written `[Option \"NAME=VALUE\"]`, not `[Option \"{}\"]`",
            crate::clip(value, 60)
        ));
    }
    Ok((name.to_string(), value.replace("\\\"", "\"").replace("\\\\", "\\")))
}

/// Splits off commentary: in braces (`{...}`, anywhere, several allowed), and everything after
/// ` — `, `—`, ` – `, ` -- `, ` - ` (unless a square follows: `d2 - d4` is a move), ` ..` or
/// `;`. The comments are joined with spaces.
fn split_comment(line: &str) -> (String, Option<String>) {
    let mut body = String::new();
    let mut comments: Vec<String> = Vec::new();
    let mut rest = line;
    while let Some(open) = rest.find('{') {
        body.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let close = after.find('}').unwrap_or(after.len());
        comments.push(after[..close].trim().to_string());
        rest = after.get(close + 1..).unwrap_or("");
    }
    body.push_str(rest);
    let mut cut: Option<(usize, usize)> = None;
    for sep in [" — ", "—", " – ", " -- ", " - ", " ..", ";"] {
        let mut from = 0;
        while let Some(found) = body[from..].find(sep) {
            let i = from + found;
            from = i + sep.len();
            if sep == " - " && next_is_square(&body[from..]) {
                continue;
            }
            if cut.is_none_or(|(j, _)| i < j) {
                cut = Some((i, sep.len()));
            }
            break;
        }
    }
    if let Some((i, n)) = cut {
        comments.push(body[i + n..].trim().to_string());
        body.truncate(i);
    }
    comments.retain(|c| !c.is_empty());
    let comment = (!comments.is_empty()).then(|| comments.join(" "));
    (body, comment)
}

/// Whether the text starts with a square (`d4`, `d4,`, `d4.`).
fn next_is_square(text: &str) -> bool {
    let word = text.split_whitespace().next().unwrap_or("");
    let word = word.trim_end_matches([',', '.', '!', '?', '+', '#']);
    word.to_ascii_lowercase().parse::<crate::square::Square>().is_ok()
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
        let unreadable = vec![Unreadable {
            before: 0,
            text: format!("{number}{dots}"),
            reason: format!("turn {number} has no actions; write `pass` for a turn without moves"),
        }];
        return Ok(RecordTurn { number, second, actions: Vec::new(), texts: Vec::new(), comment, line: 0, unreadable });
    }
    let mut actions = Vec::new();
    let mut texts = Vec::new();
    let mut unreadable = Vec::new();
    for text in split_texts(moves) {
        match parse_action(&text, pieces) {
            Ok(action) => {
                actions.push(action);
                texts.push(text);
            }
            Err(e) => {
                unreadable.push(Unreadable { before: actions.len(), text: crate::clip(&text, 200), reason: e.reason })
            }
        }
    }
    Ok(RecordTurn { number, second, actions, texts, comment, line: 0, unreadable })
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
    use crate::notation::parse_turn;

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
    fn what_cannot_be_read_is_kept_with_its_line() {
        let pieces = PieceTable::default();
        let r = Record::parse("[Scenario \"x\"]\n1. d2-d4\nfoo\n2. d2-, e2-e3\n[Result \"1-0\"]", &pieces).unwrap();
        assert_eq!(r.unreadable_lines.len(), 1);
        assert_eq!((r.unreadable_lines[0].line, r.unreadable_lines[0].text.as_str()), (3, "foo"));
        assert_eq!(r.turns[1].actions.len(), 1, "the readable action of the line is kept");
        assert_eq!(r.turns[1].unreadable[0].before, 0);
        assert_eq!(r.turns[1].unreadable[0].text, "d2-");
        assert_eq!(r.tag("Result"), Some("1-0"), "a tag after the moves is read");
        let problems: Vec<usize> = r.problems().iter().map(|p| p.0).collect();
        assert_eq!(problems, vec![3, 4]);
        assert!(Record::parse("[Scenario x]", &pieces).unwrap().unreadable_lines[0].reason.contains("double quotes"));
    }

    #[test]
    fn the_forms_people_write_are_read() {
        let pieces = PieceTable::default();
        let read = |line: &str| Record::parse(line, &pieces).unwrap().turns.remove(0);
        for (line, actions, comment) in [
            ("6. [f5, f6] attack g6.", "[f5, f6] attack g6", None),
            ("7.. b6-c7 .. defending against the knight", "b6-c7", Some("defending against the knight")),
            ("8. d2 - d4, e2 -e3 - a quiet move", "d2-d4, e2-e3", Some("a quiet move")),
            ("9... D2xD4! {a capture} ; and more", "d2-d4", Some("a capture and more")),
            ("10. c3 <> c4,  g8 cannon a2+", "c3<>c4, g8 cannon a2", None),
            ("11. [f5 f6] attack g6", "[f5, f6] attack g6", None),
        ] {
            let turn = read(line);
            assert!(turn.unreadable.is_empty(), "{line}: {:?}", turn.unreadable);
            let written: Vec<String> = turn.actions.iter().map(|a| format_action(a, &pieces)).collect();
            assert_eq!(written.join(", "), actions, "{line}");
            assert_eq!(turn.comment.as_deref(), comment, "{line}");
        }
    }
}
