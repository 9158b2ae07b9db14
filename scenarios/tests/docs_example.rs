//! The worked example of docs/SCENARIOS.md is a valid scenario and does what its text says, so
//! that designers who copy it start from something that works.

use warlord_rules::{Phase, Scenario, Side, Terrain};

fn example() -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/SCENARIOS.md");
    let doc = std::fs::read_to_string(&path).expect("docs/SCENARIOS.md exists");
    let start = doc.find("```toml\nname = \"The Ford\"").expect("the worked example is in docs/SCENARIOS.md")
        + "```toml\n".len();
    let len = doc[start..].find("```").expect("the example's code block ends");
    doc[start..start + len].to_string()
}

#[test]
fn the_worked_example_builds_and_matches_its_description() {
    let s = Scenario::parse(&example(), "the-ford.toml").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(s.id, "the-ford");
    let rules = s.ruleset(&[]).unwrap();
    let start = rules.start();
    assert_eq!((s.board.files(), s.board.ranks()), (12, 10));
    // "3 Leaders, 2 Heavy Cavalry, 2 Cannons, 2 Light Cavalry and 4 Infantry"; "Up to 3 moves".
    for side in Side::BOTH {
        let mut army = std::collections::BTreeMap::new();
        for (_, p) in start.pieces(side) {
            *army.entry(rules.pieces().get(p.kind).symbol.as_str()).or_insert(0) += 1;
        }
        assert_eq!(army, [("C", 2), ("H", 2), ("I", 4), ("L", 3), ("N", 2)].into_iter().collect(), "{side}");
    }
    assert_eq!(start.turn_cap(), 3);
    // "a stream 2 squares wide ... forded only in the middle (files e-h)".
    let water: Vec<String> =
        s.board.squares().filter(|&q| s.board.terrain(q) == Terrain::Water).map(|q| q.to_string()).collect();
    assert_eq!(water.len(), 16);
    assert!(s.board.squares().filter(|q| (4..8).contains(&q.file)).all(|q| s.board.terrain(q) == Terrain::Open));
    for (q, _) in start.pieces(Side::White) {
        assert!(!rules.commanders_of(&start, q).is_empty(), "every piece starts within range of a leader: {q}");
    }
    let free = s.ruleset(&[("free-setup".to_string(), "true".to_string())]).unwrap();
    assert_eq!(free.start().phase(), &Phase::Setup);
}
