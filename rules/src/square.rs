//! Squares and their names: files `a..z`, then `aa, ab, ...`; ranks from 1.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// The largest board side the engine accepts.
pub const MAX_SIDE: u8 = 120;

/// A cell of a board, by zero-based file (column) and rank (row): a square, or a hex in offset
/// rows (docs/NOTATION.md). Plain data: it means the same cell on every board large enough to
/// hold it; distances and neighbours belong to the board's geometry.
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(type = "string"))]
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    /// Zero-based file: 0 is `a`.
    pub file: u8,
    /// Zero-based rank: 0 is rank `1`.
    pub rank: u8,
}

impl Square {
    /// The square at a zero-based file and rank.
    #[must_use]
    pub const fn new(file: u8, rank: u8) -> Square {
        Square { file, rank }
    }
}

/// The name of a zero-based file: `a`..`z`, then `aa`, `ab`, ... (bijective base 26).
#[must_use]
pub fn file_name(file: u8) -> String {
    let mut n = u32::from(file) + 1;
    let mut letters = Vec::new();
    while n > 0 {
        n -= 1;
        letters.push(b'a' + (n % 26) as u8);
        n /= 26;
    }
    letters.reverse();
    String::from_utf8(letters).expect("ascii letters")
}

/// Why a square name could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{text}` is not a square name ({reason}); squares are written like `a1`, `p12` or `ab7`")]
pub struct SquareError {
    /// The text that was read.
    pub text: String,
    /// What is wrong with it.
    pub reason: &'static str,
}

impl FromStr for Square {
    type Err = SquareError;

    fn from_str(text: &str) -> Result<Square, SquareError> {
        let err = |reason| SquareError { text: crate::clip(text, 40), reason };
        let letters = text.bytes().take_while(u8::is_ascii_lowercase).count();
        if letters == 0 {
            return Err(err("it must start with a lower-case file letter"));
        }
        let (file_part, rank_part) = text.split_at(letters);
        if rank_part.is_empty() || !rank_part.bytes().all(|b| b.is_ascii_digit()) {
            return Err(err("the file letters must be followed by a rank number"));
        }
        if letters > 2 {
            return Err(err("the file has more than two letters"));
        }
        let file = file_part.bytes().fold(0u32, |acc, b| acc * 26 + u32::from(b - b'a' + 1)) - 1;
        if rank_part.len() > 3 || rank_part.starts_with('0') {
            return Err(err("the rank must be a number from 1 to 120"));
        }
        let rank: u32 = rank_part.parse().map_err(|_| err("the rank is not a number"))?;
        if file >= u32::from(MAX_SIDE) || rank == 0 || rank > u32::from(MAX_SIDE) {
            return Err(err("files and ranks go up to 120"));
        }
        Ok(Square::new(file as u8, (rank - 1) as u8))
    }
}

/// A square's name written into a few bytes, without allocating: the play server names
/// every square of every state it sends, so this is on its hot path.
struct SquareName {
    bytes: [u8; 5],
    len: usize,
}

impl SquareName {
    fn of(square: Square) -> SquareName {
        let mut bytes = [0u8; 5];
        let mut len = 0;
        // Files 0..=25 are one letter, 26.. two (bijective base 26; at most 120 files).
        let file = u32::from(square.file);
        if file >= 26 {
            bytes[len] = b'a' + (file / 26 - 1) as u8;
            len += 1;
        }
        bytes[len] = b'a' + (file % 26) as u8;
        len += 1;
        let rank = u32::from(square.rank) + 1;
        for (divisor, always) in [(100, false), (10, rank >= 100), (1, true)] {
            if always || rank >= divisor {
                bytes[len] = b'0' + (rank / divisor % 10) as u8;
                len += 1;
            }
        }
        SquareName { bytes, len }
    }

    fn as_str(&self) -> &str {
        // Only ASCII letters and digits are ever written.
        std::str::from_utf8(&self.bytes[..self.len]).unwrap_or("?")
    }
}

impl Square {
    /// Writes the square's name (`e4`, `aa10`) at the end of `out`: what `Display` writes,
    /// without the formatting machinery (notation writes many names for every state sent).
    pub fn push_name(self, out: &mut String) {
        out.push_str(SquareName::of(self).as_str());
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(SquareName::of(*self).as_str())
    }
}

impl Serialize for Square {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(SquareName::of(*self).as_str())
    }
}

impl<'de> Deserialize<'de> for Square {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Square, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_continue_after_z() {
        assert_eq!(file_name(0), "a");
        assert_eq!(file_name(25), "z");
        assert_eq!(file_name(26), "aa");
        assert_eq!(file_name(27), "ab");
        assert_eq!(file_name(119), "dp");
    }

    #[test]
    fn every_square_name_round_trips() {
        for file in 0..MAX_SIDE {
            for rank in [0, 9, 119] {
                let sq = Square::new(file, rank);
                assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
            }
        }
    }

    #[test]
    fn every_square_is_named_by_its_file_and_rank_number() {
        for file in 0..MAX_SIDE {
            for rank in 0..MAX_SIDE {
                let name = format!("{}{}", file_name(file), u32::from(rank) + 1);
                assert_eq!(Square::new(file, rank).to_string(), name);
            }
        }
    }

    #[test]
    fn bad_names_are_rejected_with_the_reason() {
        for bad in ["", "a", "1a", "a0", "A1", "a01", "abc1", "a121", "dq1", "a1x", "a-1"] {
            assert!(bad.parse::<Square>().is_err(), "{bad} should be rejected");
        }
    }
}
