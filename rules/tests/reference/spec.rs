//! Random Warlord scenarios, written as scenario files (TOML) so that positions are built the
//! public way, through `Scenario::parse`. The same description also builds the reference
//! model's piece table ([`super::model::Rules`]), independently of the engine's parsing.

#![allow(dead_code)]

use proptest::prelude::*;
use std::fmt::Write as _;

/// The standard pieces of the catalog that are not leaders.
pub const NON_LEADERS: [&str; 13] = [
    "hero",
    "shaman",
    "scout",
    "warrior",
    "heavy-cavalry",
    "heavy-cavalry-charge",
    "cannon",
    "light-cavalry",
    "infantry",
    "bishopy",
    "rookish",
    "knight",
    "man",
];

/// One piece kind of a random scenario.
#[derive(Clone, Debug)]
pub struct KindSpec {
    /// The catalog entry it is `like`.
    pub like: &'static str,
    /// For leaders: capacity, range (None: the scenario's default) and whether it may activate
    /// others.
    pub command: Option<(u8, Option<u8>, bool)>,
}

/// The options a random scenario turns on or off.
#[derive(Clone, Copy, Debug, Default)]
pub struct OptionSpec {
    pub self_activating_knights: bool,
    pub extended_charge: bool,
    pub water_crossing: bool,
    pub light_cavalry_extra_move: bool,
    pub cannon_leader_swap: bool,
}

/// What stands on a square in a random scenario.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    Open,
    Water,
    /// A piece: index into the kinds, and whether it is Black's.
    Piece(usize, bool),
}

/// A whole random scenario, plus the choices of a random game played in it.
#[derive(Clone, Debug)]
pub struct Spec {
    /// A hex board (`geometry = "hex"`, offset rows) rather than squares.
    pub hex: bool,
    pub files: u8,
    pub ranks: u8,
    pub kinds: Vec<KindSpec>,
    pub moves_per_turn: u8,
    pub cap_by_leaders: bool,
    /// `rules.activation-range`, if given (else 2).
    pub default_range: Option<u8>,
    pub black_first: bool,
    pub options: OptionSpec,
    /// Rank-major (rank 1 first) squares.
    pub cells: Vec<Cell>,
    /// Towns (`T`), trees (`F`) and hills (`^`) by square, rank-major; `.` elsewhere (water is in
    /// `cells`). Empty: no such terrain.
    pub terrain: Vec<char>,
    /// Water written as a `map` (else as a `water` list).
    pub water_as_map: bool,
    /// For each step of the random game: which action (index modulo the number of actions) and
    /// a roll deciding whether to end the turn instead.
    pub choices: Vec<(u16, u8)>,
    /// Seed for the sampled illegal actions.
    pub seed: u64,
}

/// The symbol of the kind with this index: `A`, `B`, ... (upper case White, lower case Black).
pub fn symbol(kind: usize) -> char {
    (b'A' + kind as u8) as char
}

impl Spec {
    pub fn square_index(&self, file: u8, rank: u8) -> usize {
        usize::from(rank) * usize::from(self.files) + usize::from(file)
    }

    /// The map code of a square: `~` water, `T` town, `F` trees, `^` hill, `.` open.
    pub fn code(&self, file: u8, rank: u8) -> char {
        let i = self.square_index(file, rank);
        if self.cells[i] == Cell::Water {
            '~'
        } else {
            self.terrain.get(i).copied().unwrap_or('.')
        }
    }

    /// The scenario file.
    pub fn to_toml(&self) -> String {
        let mut t = String::new();
        t.push_str("name = \"Random\"\nfamily = \"warlord\"\n");
        let _ = writeln!(t, "[board]\nfiles = {}\nranks = {}", self.files, self.ranks);
        if self.hex {
            t.push_str("geometry = \"hex\"\n");
        }
        if self.water_as_map {
            t.push_str("map = [\n");
            for rank in (0..self.ranks).rev() {
                let row: String = (0..self.files).map(|f| self.code(f, rank)).collect();
                let _ = writeln!(t, "  \"{row}\",");
            }
            t.push_str("]\n");
        } else {
            for (code, field) in [('~', "water"), ('T', "towns"), ('F', "trees"), ('^', "hills")] {
                let squares: Vec<String> = (0..self.ranks)
                    .flat_map(|r| (0..self.files).map(move |f| (f, r)))
                    .filter(|&(f, r)| self.code(f, r) == code)
                    .map(|(f, r)| format!("\"{}\"", warlord_rules::Square::new(f, r)))
                    .collect();
                let _ = writeln!(t, "{field} = [{}]", squares.join(", "));
            }
        }
        let _ =
            writeln!(t, "[rules]\nmoves-per-turn = {}\ncap-by-leaders = {}", self.moves_per_turn, self.cap_by_leaders);
        if let Some(r) = self.default_range {
            let _ = writeln!(t, "activation-range = {r}");
        }
        let _ = writeln!(t, "first = \"{}\"", if self.black_first { "black" } else { "white" });
        let o = &self.options;
        let _ = writeln!(
            t,
            "[options]\nself-activating-knights = {}\nextended-charge = {}\nwater-crossing = {}\nlight-cavalry-extra-move = {}\ncannon-leader-swap = {}",
            o.self_activating_knights, o.extended_charge, o.water_crossing, o.light_cavalry_extra_move, o.cannon_leader_swap
        );
        for (i, k) in self.kinds.iter().enumerate() {
            let _ = writeln!(t, "[[pieces]]\nlike = \"{}\"\nsymbol = \"{}\"", k.like, symbol(i));
            if let Some((capacity, range, others)) = k.command {
                let range = range.map(|r| format!(", range = {r}")).unwrap_or_default();
                let _ = writeln!(t, "command = {{ capacity = {capacity}{range}, others = {others} }}");
            }
        }
        let _ = writeln!(t, "[setup]\nposition = \"{}\"", self.setup_string());
        t
    }

    /// The setup string: ranks from the top, runs of empty squares as numbers.
    pub fn setup_string(&self) -> String {
        let mut rows = Vec::new();
        for rank in (0..self.ranks).rev() {
            let mut row = String::new();
            let mut run = 0;
            for file in 0..self.files {
                match self.cells[self.square_index(file, rank)] {
                    Cell::Piece(kind, black) => {
                        if run > 0 {
                            let _ = write!(row, "{run}");
                            run = 0;
                        }
                        let c = symbol(kind);
                        row.push(if black { c.to_ascii_lowercase() } else { c });
                    }
                    _ => run += 1,
                }
            }
            if run > 0 {
                let _ = write!(row, "{run}");
            }
            rows.push(row);
        }
        rows.join("/")
    }
}

fn kind_specs() -> impl Strategy<Value = Vec<KindSpec>> {
    let leader = (
        prop::sample::select(vec!["leader", "chieftain"]),
        1u8..=3,
        prop::option::of(2u8..=3),
        prop::bool::weighted(0.85),
    )
        .prop_map(|(like, c, r, others)| KindSpec { like, command: Some((c, r, others)) });
    let other = prop::sample::select(NON_LEADERS.to_vec()).prop_map(|like| KindSpec { like, command: None });
    (prop::collection::vec(leader, 1..=3), prop::collection::vec(other, 1..=5)).prop_map(|(mut l, o)| {
        l.extend(o);
        l
    })
}

/// Random scenarios on boards from `min` to `max` cells a side (hexes when `hex`), with up to
/// `max_steps` steps of a random game.
pub fn specs(min: u8, max: u8, max_steps: usize, hex: bool) -> impl Strategy<Value = Spec> {
    (
        (min..=max, min..=max, kind_specs()),
        (1u8..=6, prop::bool::weighted(0.7), prop::option::of(2u8..=3), any::<bool>()),
        (any::<[bool; 5]>(), any::<bool>(), 0u8..=25, 5u8..=50, prop::sample::select(vec![0u8, 0, 10, 25])),
        (prop::collection::vec(any::<(u16, u8)>(), 0..=max_steps), any::<u64>()),
    )
        .prop_flat_map(
            |(
                (files, ranks, kinds),
                rules,
                (opts, water_as_map, water_pct, piece_pct, terrain_pct),
                (choices, seed),
            )| {
                let area = usize::from(files) * usize::from(ranks);
                let nkinds = kinds.len();
                let cell = (0u8..100, 0..nkinds, any::<bool>()).prop_map(move |(roll, kind, black)| {
                    if roll < water_pct {
                        Cell::Water
                    } else if roll < water_pct + piece_pct {
                        Cell::Piece(kind, black)
                    } else {
                        Cell::Open
                    }
                });
                let leaders = kinds.iter().filter(|k| k.command.is_some()).count();
                // Towns, trees and hills on a share of the squares (none in half the scenarios).
                let ground = (0u8..100, prop::sample::select(vec!['T', 'F', '^'])).prop_map(move |(roll, code)| {
                    if roll < terrain_pct {
                        code
                    } else {
                        '.'
                    }
                });
                (
                    (prop::collection::vec(cell, area), prop::collection::vec(ground, area)),
                    (0..area, 0..area, 0..leaders, 0..leaders),
                    Just((files, ranks, kinds.clone(), rules, opts, water_as_map, choices.clone(), seed)),
                )
            },
        )
        .prop_map(
            move |(
                (mut cells, terrain),
                (w, b, wk, bk),
                (files, ranks, kinds, rules, opts, water_as_map, choices, seed),
            )| {
                // Every side has at least one leader (kinds with a command come first).
                let area = cells.len();
                cells[w] = Cell::Piece(wk, false);
                let b = if b == w { (b + 1) % area } else { b };
                cells[b] = Cell::Piece(bk, true);
                let (moves_per_turn, cap_by_leaders, default_range, black_first) = rules;
                Spec {
                    hex,
                    files,
                    ranks,
                    kinds,
                    moves_per_turn,
                    cap_by_leaders,
                    default_range,
                    black_first,
                    options: OptionSpec {
                        self_activating_knights: opts[0],
                        extended_charge: opts[1],
                        water_crossing: opts[2],
                        light_cavalry_extra_move: opts[3],
                        cannon_leader_swap: opts[4],
                    },
                    cells,
                    terrain,
                    water_as_map,
                    choices,
                    seed,
                }
            },
        )
}
