//! How pieces move, described as data: every piece of every Warlord text is a list of these rules.

use serde::{Deserialize, Serialize};

/// Which lines a line rule follows; the board's geometry gives their steps
/// ([`crate::geometry::Geometry::line_steps`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lines {
    /// Through the sides of the cells ("through the sides of the squares"): files and ranks on
    /// a square board, the six edge directions on a hex board.
    Orthogonal,
    /// Through the corners of the cells: diagonals on a square board, the six vertex directions
    /// on a hex board.
    Diagonal,
    /// Both.
    All,
}

/// What a line move may pass over on its way to the landing square.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Passing {
    /// Every square before the landing square must be empty (rook, bishop).
    Slide,
    /// Any pieces may be jumped (cannon; heavy cavalry in the scenario texts).
    Jump,
    /// A one-square slide and/or a two-square jump, in either order (Hero, Shaman): the third
    /// square is reached when the first or the second square is empty.
    StepJump,
    /// The heavy cavalry charge (Warlord 2.0 as first published): friendly pieces may be jumped,
    /// one enemy may be jumped and the move must end on the square right after it. With the
    /// extended-charge option, two enemies in a row may be jumped, landing right after them.
    Charge,
}

/// One way a piece may move. A piece's moves are the union of its rules.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MoveRule {
    /// Up to `steps` king steps, turning at will, never through a piece, never ending where it
    /// started; a capture ends the move (Leader, Chieftain: 2 steps; Infantry, Warrior: 1).
    Walk {
        /// Most king steps.
        steps: u8,
    },
    /// Along straight lines, 1 to `max` squares, passing pieces as `passing` allows.
    Line {
        /// The lines followed.
        lines: Lines,
        /// The longest move.
        max: u8,
        /// What may be passed over.
        passing: Passing,
    },
    /// A leap to every square `(a, b)` or `(b, a)` away in any direction, over anything in
    /// between: knight `(1, 2)`, dabbabah `(0, 2)`, alfil `(2, 2)`.
    Leap {
        /// The shorter offset.
        a: u8,
        /// The longer offset.
        b: u8,
    },
}

impl MoveRule {
    /// The farthest this rule reaches, in king steps along one axis.
    #[must_use]
    pub fn reach(self) -> u8 {
        match self {
            MoveRule::Walk { steps } => steps,
            MoveRule::Line { max, .. } => max,
            MoveRule::Leap { a, b } => a.max(b),
        }
    }

    /// The distinct (file, rank) offsets of a leap.
    #[must_use]
    pub fn leap_offsets(a: u8, b: u8) -> Vec<(i32, i32)> {
        let (a, b) = (i32::from(a), i32::from(b));
        let mut out = Vec::new();
        for (x, y) in [(a, b), (b, a)] {
            for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                let o = (x * sx, y * sy);
                if !out.contains(&o) {
                    out.push(o);
                }
            }
        }
        out
    }

    /// Whether a leap goes along a straight line (dabbabah, alfil), so that it passes over the
    /// squares between for the water rule; a knight's leap does not.
    #[must_use]
    pub fn leap_is_straight(a: u8, b: u8) -> bool {
        a == 0 || a == b
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leap_offsets_are_distinct() {
        assert_eq!(MoveRule::leap_offsets(1, 2).len(), 8);
        assert_eq!(MoveRule::leap_offsets(0, 2).len(), 4);
        assert_eq!(MoveRule::leap_offsets(2, 2).len(), 4);
    }
}
