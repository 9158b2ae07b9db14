//! Long turns' candidates evolved by OEP on islands seeded by the beam.

use super::stages::Stages;
use super::{Candidate, Champion, Planning};
use crate::agents::Oep;
use crate::budget::Meter;
use crate::turn::Line;
use rayon::prelude::*;
use std::collections::HashSet;
use warlord_rules::Action;

/// OEP populations evolved at once on long turns, each on its own seed: one per core here, and
/// a fixed number so that a node budget gives the same turn on any machine.
const ISLANDS: u64 = 2;

/// The beam's best turns that seed each island.
const SEEDS: usize = 4;

impl Champion {
    /// Long turns: the turns of OEP populations evolved at once from the beam's best turns and
    /// `advancing` turns ([`crate::advance`]), each distinct turn once, the islands' best first,
    /// judged by the `turn`'s evaluation (with space where most pieces wait behind water; OEP
    /// adds the champion's contempt for a draw), and the nodes used. Each island evolves on its
    /// budget from [`Stages::island`] (`used` nodes having gone to the stages before), counted
    /// from the turn's start.
    pub(super) fn evolve_on_islands(
        &self,
        turn: &Planning,
        beam: &[Candidate],
        advancing: &[Vec<Action>],
        stages: &Stages,
        used: u64,
    ) -> (Vec<Candidate>, u64) {
        let Planning { eval, rules, pos, budget, start, seed, .. } = *turn;
        let mut seeds: Vec<Vec<Action>> = beam.iter().take(SEEDS).map(|c| c.line.actions.clone()).collect();
        seeds.extend(advancing.iter().cloned());
        let mut oep = Oep::new(eval.clone());
        oep.draw_value = self.draw_value;
        let island_budget = stages.island(budget, ISLANDS, used);
        let populations: Vec<(Vec<(Line, f64)>, u64)> = (0..ISLANDS)
            .into_par_iter()
            .map(|island| {
                let mut meter = Meter::until(island_budget, start);
                (oep.evolve(rules, pos, &mut meter, seed.wrapping_add(island), &seeds), meter.used())
            })
            .collect();
        let used = populations.iter().map(|p| p.1).sum();
        (rank_by_rank(populations.into_iter().map(|p| p.0).collect()), used)
    }
}

/// The turns of ranked populations, rank by rank (every population's best first), each
/// distinct turn once.
fn rank_by_rank(populations: Vec<Vec<(Line, f64)>>) -> Vec<Candidate> {
    let mut islands: Vec<_> = populations.into_iter().map(Vec::into_iter).collect();
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    loop {
        let next: Vec<(Line, f64)> = islands.iter_mut().filter_map(Iterator::next).collect();
        if next.is_empty() {
            break;
        }
        for (line, value) in next {
            if seen.insert(line.actions.clone()) {
                out.push(Candidate { line, value });
            }
        }
    }
    out
}
