//! Reading and writing single actions and turns.

use crate::action::{Action, Attackers};
use crate::piece::PieceTable;
use crate::square::Square;

/// Why a piece of notation could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot read `{text}`: {reason}")]
pub struct NotationError {
    /// The text that was read.
    pub text: String,
    /// What is wrong with it.
    pub reason: String,
}

fn err(text: &str, reason: impl Into<String>) -> NotationError {
    NotationError { text: crate::clip(text, 80), reason: crate::clip(&reason.into(), 400) }
}

fn square(text: &str, whole: &str) -> Result<Square, NotationError> {
    if text.trim().is_empty() {
        return Err(err(whole, "a square is missing"));
    }
    text.trim().parse::<Square>().map_err(|e| err(whole, e.to_string()))
}

/// A short description of an action's kind, for messages: "a move", "a melee attack", ...
#[must_use]
pub fn action_kind(action: &Action) -> &'static str {
    match action {
        Action::Move { .. } => "a move",
        Action::Swap { .. } => "a swap",
        Action::Tow { .. } => "a tow",
        Action::Prep { .. } => "a preparation",
        Action::Leap { .. } => "a leap",
        Action::Lead { .. } => "a led move",
        Action::Attack { .. } => "a melee attack",
        Action::Fire { .. } => "a cannon attack",
        Action::Place { .. } => "a placement",
        Action::EndTurn => "the end of a turn",
    }
}

/// Reads one action. Piece symbols (for placements) are looked up in `pieces`, ignoring case.
/// Accepted forms: `d2-d4` or `d2xd4` (move), `c3<>c4` (swap), `L@d2` (placement),
/// `b5 attack c4`, `[f5, f6] attack g6` or `attack c4` (melee), `g8 cannon a2` (cannon attack),
/// `e5-e7 tow d4` (a tow: the towing piece's move and the towed piece's square), `prep d4` (a
/// piece makes ready), `d4 leap j9` (a ready piece leaps), `c3-f5 with c2-e5` (a unit's move
/// with its leader going along), `pass`, `end` or `commit` (end of turn). A shot may also be written `g8 fire a2`.
///
/// The forms people write by hand are read too: trailing punctuation (`g6.`, `d4!`, `e7+`),
/// capitals in squares (`D2-D4`), spaces around the separator (`d2 - d4`, `d2 x d4`,
/// `c3 <> c4`) and attacker lists separated by spaces (`[f5 f6] attack g6`).
pub fn parse_action(text: &str, pieces: &PieceTable) -> Result<Action, NotationError> {
    let tidied = tidy(text);
    let t = tidied.as_str();
    if t.is_empty() {
        return Err(err(text, "an action is missing (two commas in a row, or a trailing comma?)"));
    }
    if t.len() > 200 {
        let start: String = t.chars().take(40).collect();
        return Err(err(&start, "an action is at most 200 characters long"));
    }
    let lower = t.to_ascii_lowercase();
    if matches!(lower.as_str(), "pass" | "end" | "commit") {
        return Ok(Action::EndTurn);
    }
    let words: Vec<&str> = t.split_whitespace().collect();
    if let Some(at) = words.iter().position(|w| w.eq_ignore_ascii_case("attack")) {
        return parse_attack(t, &words, at);
    }
    if words.len() == 3 && ["cannon", "fire", "fires"].iter().any(|w| words[1].eq_ignore_ascii_case(w)) {
        return Ok(Action::Fire { from: square(words[0], t)?, target: square(words[2], t)? });
    }
    if words.first().is_some_and(|w| w.eq_ignore_ascii_case("prep")) {
        let [_, at] = words.as_slice() else {
            return Err(err(t, "a preparation is `prep` and the square of the piece made ready, like `prep d4`"));
        };
        return Ok(Action::Prep { at: square(at, t)? });
    }
    if words.iter().any(|w| w.eq_ignore_ascii_case("leap")) {
        let [from, _, to] = words.as_slice() else {
            return Err(err(t, "a leap is the piece's square, `leap` and the square it ends on, like `d4 leap j9`"));
        };
        if !words[1].eq_ignore_ascii_case("leap") {
            return Err(err(t, "a leap is the piece's square, `leap` and the square it ends on, like `d4 leap j9`"));
        }
        return Ok(Action::Leap { from: square(from, t)?, to: square(to, t)? });
    }
    if words.iter().any(|w| w.eq_ignore_ascii_case("tow")) && words.len() != 3 {
        return Err(err(
            t,
            "a tow is the towing piece's move, `tow` and the towed piece's square, like `e5-e7 tow d4`",
        ));
    }
    if words.len() == 3 && words[1].eq_ignore_ascii_case("tow") {
        let Action::Move { from, to } = parse_action(words[0], pieces)? else {
            return Err(err(
                t,
                "a tow is the towing piece's move, `tow` and the towed piece's square, like `e5-e7 tow d4`",
            ));
        };
        return Ok(Action::Tow { from, to, towed: square(words[2], t)? });
    }
    if words.iter().any(|w| w.eq_ignore_ascii_case("with")) {
        return parse_lead(t, &words, pieces);
    }
    if words.len() != 1 {
        return Err(err(
            t,
            "expected one action such as `d2-d4`, `c3<>c4`, `L@d2`, `b5 attack c4`, `g8 cannon a2`, `e5-e7 tow d4` or `pass`",
        ));
    }
    if let Some((symbol, to)) = t.split_once('@') {
        let kind = pieces
            .by_symbol(symbol)
            .ok_or_else(|| err(t, format!("no piece has the symbol `{symbol}` in this game")))?;
        return Ok(Action::Place { kind, to: square(to, t)? });
    }
    if let Some((a, b)) = t.split_once("<>") {
        return Ok(Action::Swap { from: square(a, t)?, to: square(b, t)? });
    }
    // A move: the first square is the letters and digits before `-` or `x`.
    let split = t
        .char_indices()
        .skip_while(|(_, c)| c.is_ascii_lowercase())
        .skip_while(|(_, c)| c.is_ascii_digit())
        .map(|(i, _)| i)
        .next();
    match split {
        Some(i) if t[i..].starts_with('-') || t[i..].starts_with('x') => {
            Ok(Action::Move { from: square(&t[..i], t)?, to: square(&t[i + 1..], t)? })
        }
        _ => Err(err(t, "expected a move like `d2-d4` (or `d2xd4` for a capture)")),
    }
}

/// Reads a led move, `c3-f5 with c2-e5`: the unit's move, `with`, the leader's move.
fn parse_lead(t: &str, words: &[&str], pieces: &PieceTable) -> Result<Action, NotationError> {
    const FORM: &str = "a led move is the unit's move, `with` and its leader's move, like `c3-f5 with c2-e5`";
    let [unit, with, leader] = words else { return Err(err(t, FORM)) };
    if !with.eq_ignore_ascii_case("with") {
        return Err(err(t, FORM));
    }
    match (parse_action(unit, pieces)?, parse_action(leader, pieces)?) {
        (Action::Move { from, to }, Action::Move { from: leader, to: leader_to }) => {
            Ok(Action::Lead { from, to, leader, leader_to })
        }
        _ => Err(err(t, FORM)),
    }
}

fn parse_attack(t: &str, words: &[&str], at: usize) -> Result<Action, NotationError> {
    if at + 2 != words.len() {
        return Err(err(t, "an attack names one target after `attack`, like `b5 attack c4`"));
    }
    let target = square(words[at + 1], t)?;
    let before = words[..at].join(" ");
    let (named, exact) = if before.is_empty() {
        (Vec::new(), false)
    } else if let Some(inner) = before.strip_prefix('[') {
        let inner = inner
            .strip_suffix(']')
            .ok_or_else(|| err(t, "a list of attackers is closed with `]`, like `[f5, f6] attack g6`"))?;
        let list = inner
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|s| !s.is_empty())
            .map(|s| square(s, t))
            .collect::<Result<Vec<_>, _>>()?;
        if list.is_empty() {
            return Err(err(t, "a list of attackers names at least one square, like `[f5, f6] attack g6`"));
        }
        (list, true)
    } else {
        (vec![square(&before, t)?], false)
    };
    let attackers = Attackers::from_squares(target, &named, exact)
        .ok_or_else(|| err(t, format!("every attacker must stand next to the target {target}")))?;
    Ok(Action::Attack { target, attackers })
}

/// An action as people write it by hand, in the project's spelling: trimmed, without
/// trailing punctuation (`.`, `!`, `?`, `+`, `#`), without spaces around `-`, `x` or `<>`
/// between two squares, and with squares in lower case (placement symbols keep their case).
fn tidy(text: &str) -> String {
    let t = text.trim().trim_end_matches(['.', '!', '?', '+', '#']).trim_end();
    let words: Vec<&str> = t.split_whitespace().collect();
    let is_square = |w: &str| w.trim().to_ascii_lowercase().parse::<Square>().is_ok();
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let w = words[i];
        // `d2 - d4`, `d2 x d4`, `c3 <> c4`, `d2 -d4`, `d2- d4`
        let joined = match words.get(i + 1..i + 3) {
            Some([sep, to]) if matches!(*sep, "-" | "x" | "X" | "<>") && is_square(w) && is_square(to) => {
                Some((format!("{w}{sep}{to}"), 3))
            }
            _ => match words.get(i + 1) {
                Some(to) if (w.ends_with('-') || w.ends_with("<>")) && is_square(to) => Some((format!("{w}{to}"), 2)),
                Some(to) if to.starts_with('-') && is_square(w) && is_square(&to[1..]) => Some((format!("{w}{to}"), 2)),
                _ => None,
            },
        };
        match joined {
            Some((j, n)) => {
                out.push(j);
                i += n;
            }
            None => {
                out.push(w.to_string());
                i += 1;
            }
        }
    }
    let joined = out.join(" ");
    if joined.contains('@') {
        joined
    } else {
        // Squares in lower case; a capture written `D2XD4` keeps its separator readable.
        joined.to_ascii_lowercase()
    }
}

/// Writes one action in the project notation. The end of a turn is written `end` (a record
/// writes a turn with no other action as `pass`).
#[must_use]
pub fn format_action(action: &Action, pieces: &PieceTable) -> String {
    use Part::{Name, Text};
    match *action {
        Action::Move { from, to } => joined(&[Name(from), Text("-"), Name(to)]),
        Action::Swap { from, to } => joined(&[Name(from), Text("<>"), Name(to)]),
        Action::Tow { from, to, towed } => joined(&[Name(from), Text("-"), Name(to), Text(" tow "), Name(towed)]),
        Action::Prep { at } => joined(&[Text("prep "), Name(at)]),
        Action::Leap { from, to } => joined(&[Name(from), Text(" leap "), Name(to)]),
        Action::Lead { from, to, leader, leader_to } => {
            joined(&[Name(from), Text("-"), Name(to), Text(" with "), Name(leader), Text("-"), Name(leader_to)])
        }
        Action::Place { kind, to } => {
            let symbol = if usize::from(kind) < pieces.len() { pieces.get(kind).symbol.as_str() } else { "?" };
            joined(&[Text(symbol), Text("@"), Name(to)])
        }
        Action::Attack { target, attackers } => {
            let named = attackers.squares(target);
            match (named.len(), attackers.exact) {
                (0, _) => format!("attack {target}"),
                (1, false) => format!("{} attack {target}", named[0]),
                _ => {
                    let list: Vec<String> = named.iter().map(ToString::to_string).collect();
                    format!("[{}] attack {target}", list.join(", "))
                }
            }
        }
        Action::Fire { from, target } => joined(&[Name(from), Text(" cannon "), Name(target)]),
        Action::EndTurn => "end".to_string(),
    }
}

/// A piece of an action's text: a square's name or some text.
enum Part<'a> {
    Name(Square),
    Text(&'a str),
}

/// The parts written one after another, in a string allocated once (the mover is sent every
/// legal action's text with every state, so this is written often).
fn joined(parts: &[Part]) -> String {
    /// The longest square name (`aa120`).
    const LONGEST_NAME: usize = 5;
    let capacity = parts.iter().map(|p| if let Part::Text(t) = p { t.len() } else { LONGEST_NAME }).sum();
    let mut text = String::with_capacity(capacity);
    for part in parts {
        match part {
            Part::Name(square) => square.push_name(&mut text),
            Part::Text(t) => text.push_str(t),
        }
    }
    text
}

/// Splits a turn into its actions at commas that are not inside `[...]`, and reads each.
pub fn parse_turn(text: &str, pieces: &PieceTable) -> Result<Vec<Action>, NotationError> {
    let mut parts = Vec::new();
    let mut depth = 0i32;
    let mut start = 0;
    for (i, c) in text.char_indices() {
        match c {
            '[' => depth += 1,
            ']' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&text[start..]);
    parts.into_iter().map(|p| parse_action(p, pieces)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece::{PieceKind, UnitClass};

    fn table() -> PieceTable {
        let kind = |symbol: &str| PieceKind {
            name: symbol.to_string(),
            symbol: symbol.to_string(),
            class: UnitClass::Other,
            moves: vec![],
            command: None,
            value: 0,
        };
        PieceTable::new(vec![kind("L"), kind("L2")])
    }

    #[test]
    fn every_form_round_trips() {
        let pieces = table();
        for text in [
            "d2-d4",
            "aa10-ab12",
            "c3<>c4",
            "L@d2",
            "L2@d2",
            "b5 attack c4",
            "[f5, f6] attack g6",
            "attack c4",
            "g8 cannon a2",
            "e5-e7 tow d4",
            "prep d4",
            "d4 leap j9",
            "end",
        ] {
            let action = parse_action(text, &pieces).unwrap();
            assert_eq!(format_action(&action, &pieces), text, "{text}");
        }
    }

    #[test]
    fn captures_and_synonyms_read_as_the_plain_action() {
        let pieces = table();
        assert_eq!(parse_action("d2xd4", &pieces), parse_action("d2-d4", &pieces));
        assert_eq!(parse_action("commit", &pieces), Ok(Action::EndTurn));
        assert_eq!(parse_action("g3 fire g6", &pieces), parse_action("g3 cannon g6", &pieces));
        let half_tow = parse_action("b3-b5 tow", &pieces).unwrap_err();
        assert!(half_tow.reason.contains("like `e5-e7 tow d4`"), "{half_tow}");
        assert_eq!(parse_action("l2@d2", &pieces), parse_action("L2@d2", &pieces));
    }

    #[test]
    fn bad_actions_say_what_is_wrong() {
        let pieces = table();
        for bad in [
            "",
            "d2",
            "d2-",
            "d2-z0",
            "Q@d2",
            "b5 attack",
            "[f5, f6 attack g6",
            "b5 attack e7",
            "d2 d4",
            "x-d4",
            "prep",
            "prep d4 d5",
            "d4 leap",
            "leap d4 j9",
            "d4 leap z0",
        ] {
            let e = parse_action(bad, &pieces).unwrap_err();
            assert!(!e.reason.is_empty(), "{bad}");
        }
    }

    #[test]
    fn turns_split_outside_brackets() {
        let turn = parse_turn("c2-c3, [f5, f6] attack g6, g8 cannon a2", &table()).unwrap();
        assert_eq!(turn.len(), 3);
        assert!(parse_turn("c2-c3,, d2-d3", &table()).is_err());
    }
}
