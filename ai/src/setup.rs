//! Setup phases: a sensible placement from the placing side's own view, for any family.
//!
//! Commanders go first, spread out a little behind the front of the zone so that their
//! command boxes tile it; then the other pieces, most valuable first, each on the free square
//! that keeps it within range of a commander and puts it as far forward as possible.
//! The seed breaks ties, so different seeds give different (equally sensible) setups.

use crate::budget::{Budget, Meter};
use crate::turn::Line;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use warlord_rules::{Action, KindId, Position, Ruleset, Square};

/// Where the front of a zone is: each square's forwardness from 0 (back) to 1 (front).
struct Geometry {
    files: f64,
    ranks: f64,
    vertical: bool,
    lo: f64,
    hi: f64,
}

impl Geometry {
    fn new(view: &Position, zone: &[Square]) -> Geometry {
        let board = view.board();
        let (files, ranks) = (f64::from(board.files()), f64::from(board.ranks()));
        let n = zone.len().max(1) as f64;
        let zf = zone.iter().map(|s| f64::from(s.file)).sum::<f64>() / n;
        let zr = zone.iter().map(|s| f64::from(s.rank)).sum::<f64>() / n;
        let vertical = (zr - (ranks - 1.0) / 2.0).abs() / ranks >= (zf - (files - 1.0) / 2.0).abs() / files;
        let mut g = Geometry { files, ranks, vertical, lo: 0.0, hi: 0.0 };
        let raw: Vec<f64> = zone.iter().map(|&s| g.raw_front(s)).collect();
        g.lo = raw.iter().copied().fold(f64::INFINITY, f64::min);
        g.hi = raw.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        g
    }

    fn raw_front(&self, sq: Square) -> f64 {
        if self.vertical {
            -(f64::from(sq.rank) - (self.ranks - 1.0) / 2.0).abs()
        } else {
            -(f64::from(sq.file) - (self.files - 1.0) / 2.0).abs()
        }
    }

    fn front(&self, sq: Square) -> f64 {
        if self.hi > self.lo {
            (self.raw_front(sq) - self.lo) / (self.hi - self.lo)
        } else {
            1.0
        }
    }
}

/// A setup for the side to place in `view`: every piece of its reserve, then the commit.
#[must_use]
pub fn placement(rules: &dyn Ruleset, view: &Position, seed: u64) -> Vec<Action> {
    let side = view.to_move();
    let mut rng = StdRng::seed_from_u64(seed);
    let mut meter = Meter::start(Budget::Nodes(u64::MAX));
    let mut line = Line::start(view);
    let zone: Vec<Square> = line
        .legal(rules)
        .iter()
        .filter_map(|a| matches!(a, Action::Place { .. }).then(|| a.destination()).flatten())
        .collect();
    let geometry = Geometry::new(view, &zone);
    let table = rules.pieces();
    let command = |k: KindId| table.get(k).command.filter(|c| c.others && c.capacity > 0);
    let top_value = table.iter().map(|(_, k)| k.value).max().unwrap_or(1).max(1) as f64;
    let mut order: Vec<KindId> = view.reserve(side).flat_map(|(k, n)| std::iter::repeat_n(k, usize::from(n))).collect();
    order.sort_by_key(|&k| (command(k).is_none(), std::cmp::Reverse(table.get(k).value)));
    let mut commanders: Vec<(Square, u8)> = Vec::new();
    for kind in order {
        let spots: Vec<Square> = line
            .legal(rules)
            .into_iter()
            .filter_map(|a| match a {
                Action::Place { kind: k, to } if k == kind => Some(to),
                _ => None,
            })
            .collect();
        let score = |sq: Square, rng: &mut StdRng| -> f64 {
            let jitter = rng.gen::<f64>() * 0.05;
            let front = geometry.front(sq);
            match command(kind) {
                Some(c) => {
                    let reach = f64::from(c.range.max(1)) * 2.0;
                    let spread =
                        commanders.iter().map(|(s, _)| f64::from(s.distance(sq))).fold(reach, f64::min) / reach;
                    spread - (front - 0.6).abs() + jitter
                }
                None => {
                    let covered = commanders.iter().any(|(s, r)| s.distance(sq) <= *r);
                    let value = f64::from(table.get(kind).value) / top_value;
                    2.0 * f64::from(u8::from(covered)) + front * (0.5 + 0.5 * value) + jitter
                }
            }
        };
        let Some(best) =
            spots.iter().map(|&s| (score(s, &mut rng), s)).max_by(|a, b| a.0.total_cmp(&b.0)).map(|(_, s)| s)
        else {
            continue;
        };
        if let Some(c) = command(kind) {
            commanders.push((best, c.range));
        }
        line.push(rules, Action::Place { kind, to: best }, &mut meter);
    }
    if line.legal(rules).contains(&Action::EndTurn) {
        line.push(rules, Action::EndTurn, &mut meter);
    }
    line.actions
}
