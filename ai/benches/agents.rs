//! Throughput of the evaluation and of each agent, on the shipped scenarios' start positions
//! (docs/BENCHMARKS.md, section "AI").

// criterion's macros define undocumented functions.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Criterion};
use std::sync::Arc;
use warlord_ai::{by_name, Budget, Evaluator, Meter, AGENT_NAMES};
use warlord_rules::{Ruleset, Scenario};

fn rules_of(id: &str) -> Arc<dyn Ruleset> {
    let b = warlord_scenarios::get(id).expect("a shipped scenario");
    Scenario::parse(b.text, id).expect("valid").ruleset(&[]).expect("rules")
}

fn bench(c: &mut Criterion) {
    for builtin in warlord_scenarios::ALL {
        let rules = rules_of(builtin.id);
        let pos = rules.start();
        let eval = Evaluator::default();
        c.bench_function(&format!("{}/evaluation", builtin.id), |b| {
            let mut meter = Meter::start(Budget::Nodes(u64::MAX));
            b.iter(|| eval.score(rules.as_ref(), &pos, &mut meter));
        });
        for name in AGENT_NAMES {
            let agent = by_name(name).expect("a known agent");
            c.bench_function(&format!("{}/{name}-turn-2000n", builtin.id), |b| {
                b.iter(|| agent.choose_turn(rules.as_ref(), &pos, Budget::Nodes(2000), 1));
            });
        }
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = bench
}
criterion_main!(benches);
