//! Record files: a header of tags, then one numbered turn per line; a variation (other turns
//! in place of the turn just before it) stands between lines `(` and `)`, and may hold
//! variations itself.
//!
//! ```text
//! [Scenario "clash-of-arms"]
//! [Option "shorter-game=true"]
//! 1. d2-d4, e1-e3
//! 1... h7-h5 — Black answers at once
//! (
//!   1... h7-h6 — or waits
//!   2. d4-d5
//! )
//! 2. pass
//! ```

use super::action::{format_action, parse_action};
use crate::action::Action;
use crate::piece::PieceTable;
use crate::side::Side;

/// One turn of a record.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
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
    /// Other lines played instead of this turn, each from the position before it: its first
    /// turn replaces this one, the rest follow it. The replay of a record plays only the main
    /// line; the variations are for readers and the analysis board.
    pub variations: Vec<Vec<RecordTurn>>,
}

/// The deepest a variation may be nested in others (a variation of the main line is at depth
/// 1); a deeper one is reported as unreadable and skipped.
pub const MAX_VARIATION_DEPTH: usize = 32;

/// The numbers and marks of a line of turns, as records write them: in pairs from 1, the side
/// that moved first gets `N.`, the other side `N...` with the number of the turn it answers.
#[derive(Clone, Copy, Debug)]
pub struct TurnNumbers {
    first: Side,
    number: u32,
    previous_first: bool,
}

impl TurnNumbers {
    /// The numbering of a line whose first turn is `first`'s.
    #[must_use]
    pub fn new(first: Side) -> TurnNumbers {
        TurnNumbers { first, number: 0, previous_first: false }
    }

    /// The number and the second-player mark of the next turn, played by `side`.
    pub fn next(&mut self, side: Side) -> (u32, bool) {
        let second = side != self.first;
        if !(second && self.previous_first) {
            self.number += 1;
        }
        self.previous_first = !second;
        (self.number, second)
    }
}

/// A comment as a record line can hold it and read it back unchanged: on one line, without
/// braces (they would start a comment of their own), its spaces collapsed; `None` if nothing
/// is left.
#[must_use]
pub fn clean_comment(text: &str) -> Option<String> {
    let plain: String = text.chars().map(|c| if matches!(c, '{' | '}') || c.is_control() { ' ' } else { c }).collect();
    let words: Vec<&str> = plain.split_whitespace().collect();
    (!words.is_empty()).then(|| words.join(" "))
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
        let mut numbers = TurnNumbers::new(turns.first().map_or(Side::White, |(side, _)| *side));
        let turns = turns
            .iter()
            .map(|(side, actions)| {
                let (number, second) = numbers.next(*side);
                let mut actions = actions.clone();
                if actions.len() > 1 && actions.last() == Some(&Action::EndTurn) {
                    actions.pop();
                }
                let texts = actions.iter().map(|a| format_action(a, pieces)).collect();
                RecordTurn { number, second, actions, texts, ..RecordTurn::default() }
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
        // The lines being read: the main line, then each open variation with the line of its `(`.
        let mut open: Vec<(usize, Vec<RecordTurn>)> = vec![(0, Vec::new())];
        // Open variations nested too deep, skipped.
        let mut skipped = 0usize;
        for (i, raw) in text.lines().enumerate() {
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let unreadable = |reason: String| UnreadableLine { line: i + 1, text: crate::clip(line, 200), reason };
            if skipped > 0 {
                match line {
                    "(" => skipped += 1,
                    ")" => skipped -= 1,
                    _ => {}
                }
                continue;
            }
            if line == "(" {
                let current = open.last().map_or(0, |(_, turns)| turns.len());
                if current == 0 {
                    let reason = "a variation `(` must follow the turn it replaces".to_string();
                    record.unreadable_lines.push(unreadable(reason));
                    skipped = 1;
                } else if open.len() > MAX_VARIATION_DEPTH {
                    let reason = format!("variations may be nested at most {MAX_VARIATION_DEPTH} deep; skipped");
                    record.unreadable_lines.push(unreadable(reason));
                    skipped = 1;
                } else {
                    open.push((i + 1, Vec::new()));
                }
                continue;
            }
            if line == ")" {
                if open.len() == 1 {
                    record.unreadable_lines.push(unreadable("`)` closes no variation".to_string()));
                } else {
                    close_variation(&mut open);
                }
                continue;
            }
            if line.starts_with('[') && line.ends_with(']') && !line.contains(" attack ") {
                match parse_tag(line) {
                    Ok(tag) => record.tags.push(tag),
                    Err(reason) => record.unreadable_lines.push(unreadable(reason)),
                }
                continue;
            }
            match parse_turn_line(line, pieces) {
                Ok(turn) => {
                    if let Some((_, turns)) = open.last_mut() {
                        turns.push(RecordTurn { line: i + 1, ..turn });
                    }
                }
                Err(reason) => record.unreadable_lines.push(unreadable(reason)),
            }
        }
        while open.len() > 1 {
            let from = open.last().map_or(0, |(line, _)| *line);
            let reason = "this variation is never closed with `)`; it ends with the record".to_string();
            record.unreadable_lines.push(UnreadableLine { line: from, text: "(".to_string(), reason });
            close_variation(&mut open);
        }
        record.unreadable_lines.sort_by_key(|u| u.line);
        record.turns = open.pop().map(|(_, turns)| turns).unwrap_or_default();
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
    /// `...`. A turn with no action before its end is written `pass`. Each variation follows
    /// the turn it replaces between lines `(` and `)`, indented by its depth.
    #[must_use]
    pub fn to_text(&self, pieces: &PieceTable) -> String {
        let mut out = String::new();
        for (k, v) in &self.tags {
            out.push_str(&format!("[{k} \"{}\"]\n", v.replace('\\', "\\\\").replace('"', "\\\"")));
        }
        write_turns(&mut out, &self.turns, 0, pieces);
        out
    }
}

/// Ends the innermost open variation: it becomes a variation of the last turn of the line
/// around it.
fn close_variation(open: &mut Vec<(usize, Vec<RecordTurn>)>) {
    let Some((_, variation)) = open.pop() else { return };
    if let Some(turn) = open.last_mut().and_then(|(_, turns)| turns.last_mut()) {
        if !variation.is_empty() {
            turn.variations.push(variation);
        }
    }
}

/// Writes a line of turns at a depth of variations (two spaces of indent a level).
fn write_turns(out: &mut String, turns: &[RecordTurn], depth: usize, pieces: &PieceTable) {
    let indent = "  ".repeat(depth);
    for turn in turns {
        let mark = if turn.second { "..." } else { "." };
        let actions: Vec<String> =
            turn.actions.iter().filter(|a| **a != Action::EndTurn).map(|a| format_action(a, pieces)).collect();
        let body = if actions.is_empty() { "pass".to_string() } else { actions.join(", ") };
        out.push_str(&format!("{indent}{}{mark} {body}", turn.number));
        if let Some(c) = &turn.comment {
            out.push_str(&format!(" — {c}"));
        }
        out.push('\n');
        for variation in &turn.variations {
            out.push_str(&format!("{indent}(\n"));
            write_turns(out, variation, depth + 1, pieces);
            out.push_str(&format!("{indent})\n"));
        }
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
        return Ok(RecordTurn { number, second, comment, unreadable, ..RecordTurn::default() });
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
    Ok(RecordTurn { number, second, actions, texts, comment, unreadable, ..RecordTurn::default() })
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

    #[test]
    fn variations_read_and_write_back() {
        let pieces = PieceTable::default();
        let text = "[Scenario \"chieftain\"]\n1. d2-d4\n1... h7-h5 — main\n(\n  1... h7-h6 — instead\n  (\n    1... pass\n  )\n  2. d4-d5\n)\n(\n  1... a7-a6\n)\n2. e1-e3\n";
        let record = Record::parse(text, &pieces).unwrap();
        assert!(record.problems().is_empty(), "{:?}", record.problems());
        assert_eq!(record.turns.len(), 3, "the main line");
        let variations = &record.turns[1].variations;
        assert_eq!(variations.len(), 2, "two variations of 1...");
        assert_eq!(variations[0].len(), 2);
        assert_eq!(variations[0][0].comment.as_deref(), Some("instead"));
        assert_eq!(variations[0][0].variations[0][0].actions, vec![Action::EndTurn]);
        assert_eq!((variations[0][1].number, variations[0][1].second), (2, false));
        assert_eq!(record.to_text(&pieces), text);
    }

    #[test]
    fn misplaced_variation_marks_are_reported_by_line() {
        let pieces = PieceTable::default();
        let r = Record::parse("(\n1. d2-d4\n)\n1... h7-h5\n)\n(\n2. d4-d5", &pieces).unwrap();
        let problems: Vec<(usize, String)> = r.problems().into_iter().map(|p| (p.0, p.2)).collect();
        assert_eq!(problems.len(), 3, "{problems:?}");
        assert!(problems[0].1.contains("must follow the turn"), "{problems:?}");
        assert_eq!(problems[1].0, 5);
        assert!(problems[1].1.contains("closes no variation"));
        assert!(problems[2].1.contains("never closed"));
        assert_eq!(r.turns.len(), 1, "the skipped block is not read as the main line: {:?}", r.turns);
        assert_eq!(r.turns[0].variations.len(), 1, "an unclosed variation is kept");
        let deep = format!("1. pass\n{}1... pass\n{}", "(\n1. pass\n".repeat(40), ")\n".repeat(40));
        let r = Record::parse(&deep, &pieces).unwrap();
        assert_eq!(r.problems().len(), 1);
        assert!(r.problems()[0].2.contains("nested at most"));
        let mut depth = 0;
        let mut turns = &r.turns;
        while let Some(v) = turns.last().and_then(|t| t.variations.first()) {
            depth += 1;
            turns = v;
        }
        assert_eq!(depth, MAX_VARIATION_DEPTH);
    }

    #[test]
    fn comments_are_cleaned_to_read_back() {
        assert_eq!(clean_comment("  a {good}\nmove  "), Some("a good move".to_string()));
        assert_eq!(clean_comment(" { } "), None);
    }
}
