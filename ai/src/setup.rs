//! Setup phases: a sensible placement from the placing side's own view, for any family.
//!
//! Commanders go first (the most valuable first where the army is chosen), spread out a little behind the front of the zone so that their
//! command boxes tile it; then the other pieces, most valuable first, each on the free square
//! that keeps it within range of a commander and puts it as far forward as possible.
//! The seed breaks ties, so different seeds give different (equally sensible) setups.

use crate::budget::{Budget, Meter};
use crate::turn::Line;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use warlord_rules::{Action, Command, KindId, Position, Ruleset, Square};

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

/// Tries to build a whole setup with `choose` picking each placement among the legal ones;
/// `None` if it reaches a dead end (no placement possible and the setup not committable).
fn attempt(
    rules: &dyn Ruleset,
    view: &Position,
    rng: &mut StdRng,
    mut choose: impl FnMut(&Line, &[Action], &mut StdRng) -> Action,
) -> Option<Vec<Action>> {
    let mut meter = Meter::start(Budget::Nodes(u64::MAX));
    let mut line = Line::start(view);
    while !line.done {
        let legal = line.legal(rules);
        let places: Vec<Action> = legal.iter().copied().filter(|a| matches!(a, Action::Place { .. })).collect();
        let action = if !places.is_empty() {
            choose(&line, &places, rng)
        } else if legal.contains(&Action::EndTurn) {
            Action::EndTurn
        } else {
            return None;
        };
        line.push(rules, action, &mut meter);
    }
    Some(line.actions)
}

/// A random legal setup: uniformly random placements, retried from the start on a dead end
/// (armies with choices, such as leaders worth a fixed number of points, can have them).
#[must_use]
pub fn random_placement(rules: &dyn Ruleset, view: &Position, seed: u64) -> Vec<Action> {
    let mut rng = StdRng::seed_from_u64(seed);
    for _ in 0..50 {
        let found = attempt(rules, view, &mut rng, |_, places, rng| places[rng.gen_range(0..places.len())]);
        if let Some(actions) = found {
            return actions;
        }
    }
    Vec::new()
}

/// A sensible setup for the side to place in `view`: every piece it may place, chosen and
/// placed as the module says, then the commit. Falls back to a random setup if the rule leads
/// to a dead end.
#[must_use]
pub fn placement(rules: &dyn Ruleset, view: &Position, seed: u64) -> Vec<Action> {
    let mut rng = StdRng::seed_from_u64(seed);
    let zone: Vec<Square> = rules
        .legal_action_list(view)
        .iter()
        .filter_map(|a| matches!(a, Action::Place { .. }).then(|| a.destination()).flatten())
        .collect();
    let geometry = Geometry::new(view, &zone);
    let table = rules.pieces();
    let board = rules.board();
    let command = |k: KindId| table.get(k).command.filter(Command::activates_others);
    let top_value = table.iter().map(|(_, k)| k.value).max().unwrap_or(1).max(1) as f64;
    for round in 0..10 {
        let noise = 0.05 + 0.2 * f64::from(round);
        let found = attempt(rules, view, &mut rng, |line, places, rng| {
            let side = line.pos.to_move();
            let commanders: Vec<(Square, u8)> =
                line.pos.pieces(side).filter_map(|(sq, p)| command(p.kind).map(|c| (sq, c.range))).collect();
            // Commanders first, then the most valuable kinds.
            let priority = |k: KindId| {
                f64::from(u8::from(command(k).is_some())) * 10.0 + f64::from(table.get(k).value) / top_value
            };
            let kind = places
                .iter()
                .filter_map(|a| match a {
                    Action::Place { kind, .. } => Some(*kind),
                    _ => None,
                })
                .max_by(|a, b| priority(*a).total_cmp(&priority(*b)).then(b.cmp(a)))
                .expect("there are placements");
            let score = |sq: Square, rng: &mut StdRng| -> f64 {
                let jitter = rng.gen::<f64>() * noise;
                let front = geometry.front(sq);
                match command(kind) {
                    Some(c) => {
                        let reach = f64::from(c.range.max(1)) * 2.0;
                        let spread =
                            commanders.iter().map(|(s, _)| f64::from(board.distance(*s, sq))).fold(reach, f64::min)
                                / reach;
                        spread - (front - 0.6).abs() + jitter
                    }
                    None => {
                        let covered = commanders.iter().any(|(s, r)| board.distance(*s, sq) <= u32::from(*r));
                        let value = f64::from(table.get(kind).value) / top_value;
                        2.0 * f64::from(u8::from(covered)) + front * (0.5 + 0.5 * value) + jitter
                    }
                }
            };
            places
                .iter()
                .filter(|a| matches!(a, Action::Place { kind: k, .. } if *k == kind))
                .map(|&a| (score(a.destination().expect("a placement has a square"), rng), a))
                .max_by(|a, b| a.0.total_cmp(&b.0))
                .map(|(_, a)| a)
                .expect("the kind has a placement")
        });
        if let Some(actions) = found {
            return actions;
        }
    }
    random_placement(rules, view, seed)
}
