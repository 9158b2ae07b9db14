//! Random WarGame scenarios: small boards (4x4 to 9x9) with random terrain and random pieces
//! of both sides, WarGame 1's on squares or WarGame 2's on hexes, written as scenario files so
//! that positions are built the public way, through `Scenario::parse`.

#![allow(dead_code)]

use proptest::prelude::*;
use std::fmt::Write as _;
use warlord_rules::Square;

/// A random scenario and the choices of a random game in it.
#[derive(Clone, Debug)]
pub struct Spec {
    /// A hex board with WarGame 2's pieces (else a square board with WarGame 1's).
    pub hex: bool,
    /// Files.
    pub files: u8,
    /// Ranks.
    pub ranks: u8,
    /// Terrain codes by square, rank-major: `.` open, `~` water, `T` town, `F` trees, `^` hill.
    pub terrain: Vec<char>,
    /// The piece on each square: its symbol and whether it is Black's.
    pub pieces: Vec<Option<(&'static str, bool)>>,
    /// For each step of the game: which action, and a roll deciding what sort of action.
    pub choices: Vec<(u16, u8)>,
}

/// Whether a piece may stand on a terrain (no artillery on hills, no tanks in trees, nothing
/// on water).
fn may_stand(symbol: &str, terrain: char) -> bool {
    !(terrain == '~' || (symbol == "A" && terrain == '^') || (symbol == "T" && terrain == 'F'))
}

/// Random WarGame 1 scenarios of `lo`..=`hi` squares a side, with games of up to `steps`
/// actions.
pub fn specs(lo: u8, hi: u8, steps: usize) -> impl Strategy<Value = Spec> {
    specs_of(lo, hi, steps, false)
}

/// Random WarGame 2 scenarios on hex boards of `lo`..=`hi` hexes a side, with games of up to
/// `steps` actions.
pub fn hex_specs(lo: u8, hi: u8, steps: usize) -> impl Strategy<Value = Spec> {
    specs_of(lo, hi, steps, true)
}

fn specs_of(lo: u8, hi: u8, steps: usize, hex: bool) -> impl Strategy<Value = Spec> {
    let cells = usize::from(hi) * usize::from(hi);
    (
        lo..=hi,
        lo..=hi,
        prop::collection::vec((0u8..100, 0u8..100, any::<bool>()), cells),
        prop::collection::vec((any::<u16>(), any::<u8>()), 0..=steps),
    )
        .prop_map(move |(files, ranks, cells, choices)| {
            let n = usize::from(files) * usize::from(ranks);
            let mut terrain = Vec::with_capacity(n);
            let mut pieces = Vec::with_capacity(n);
            for &(t, p, black) in &cells[..n] {
                let code = match t {
                    0..=59 => '.',
                    60..=69 => 'T',
                    70..=79 => 'F',
                    80..=91 => '^',
                    _ => '~',
                };
                let second = match p {
                    0..=59 => None,
                    60..=63 => Some("CM"),
                    64..=68 => Some("GN"),
                    69..=75 => Some("CL"),
                    76..=84 => Some("C"),
                    85..=93 => Some("I"),
                    _ => Some("A"),
                };
                let symbol = match p {
                    _ if hex => second,
                    0..=59 => None,
                    60..=65 => Some("SC"),
                    66..=70 => Some("TC"),
                    71..=73 => Some("IC"),
                    74..=76 => Some("AC"),
                    77..=84 => Some("T"),
                    85..=92 => Some("I"),
                    93..=98 => Some("A"),
                    _ => Some("CP"),
                };
                terrain.push(code);
                pieces.push(symbol.filter(|s| may_stand(s, code)).map(|s| (s, black)));
            }
            // Every side has a leader: a Supreme Commander in a corner if need be (Black's in
            // the last cell that holds no leader of White's, which may be White's only one).
            let leader = |p: &Option<(&str, bool)>, black: bool| {
                p.is_some_and(|(s, b)| b == black && matches!(s, "SC" | "TC" | "IC" | "AC" | "CM" | "GN" | "CL"))
            };
            for black in [false, true] {
                if !pieces.iter().any(|p| leader(p, black)) {
                    let corner = if black {
                        (0..n).rev().find(|&i| !leader(&pieces[i], false)).expect("White has one leader")
                    } else {
                        0
                    };
                    terrain[corner] = '.';
                    pieces[corner] = Some((if hex { "CM" } else { "SC" }, black));
                }
            }
            Spec { hex, files, ranks, terrain, pieces, choices }
        })
}

impl Spec {
    fn square(&self, i: usize) -> Square {
        Square::new((i % usize::from(self.files)) as u8, (i / usize::from(self.files)) as u8)
    }

    /// The scenario file, with the pieces and numbers of the text (`head`: the `[rules]` and
    /// `[[pieces]]` of the shipped scenario).
    pub fn to_toml(&self, head: &str) -> String {
        let mut t = String::from("name = \"random\"\nfamily = \"wargame\"\n[board]\n");
        let _ = writeln!(t, "files = {}\nranks = {}", self.files, self.ranks);
        if self.hex {
            t.push_str("geometry = \"hex\"\n");
        }
        for (code, field) in [('~', "water"), ('T', "towns"), ('F', "trees"), ('^', "hills")] {
            let list: Vec<String> = (0..self.terrain.len())
                .filter(|&i| self.terrain[i] == code)
                .map(|i| format!("\"{}\"", self.square(i)))
                .collect();
            if !list.is_empty() {
                let _ = writeln!(t, "{field} = [{}]", list.join(", "));
            }
        }
        t.push_str(head);
        t.push_str("\n[setup]\n");
        for (black, name) in [(false, "white"), (true, "black")] {
            let list: Vec<String> = (0..self.pieces.len())
                .filter_map(|i| match self.pieces[i] {
                    Some((s, b)) if b == black => Some(format!("\"{s}@{}\"", self.square(i))),
                    _ => None,
                })
                .collect();
            let _ = writeln!(t, "{name} = [{}]", list.join(", "));
        }
        t
    }
}
