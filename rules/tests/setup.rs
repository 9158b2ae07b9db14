//! Setup phases: free setup inside zones, army choices (counts and points), deployment
//! sections with quotas, each constraint violated once; views hide the other side's placement;
//! seeded random setups are legal and reproducible.

mod common;
use common::{play, refuse};
use warlord_rules::warlord::WarlordRules;
use warlord_rules::{Action, Phase, Ruleset, Scenario, Side};

/// White deploys in four 2x2 sections on ranks 1-2 (Black mirrored on ranks 7-8) and must use
/// exactly three, each with 1 leader and 2 other units. The army: 4 infantry, 1 light cavalry,
/// 1 free choice among infantry and light cavalry, and 3 leaders worth exactly 4 points.
const SCENARIO: &str = r#"
name = "sections"
family = "warlord"
[board]
files = 8
ranks = 8
[rules]
moves-per-turn = 3
cap-by-leaders = false
[options]
free-setup = true
[[pieces]]
like = "leader"
value = 1
[[pieces]]
like = "leader"
symbol = "K"
value = 2
command = { capacity = 2 }
[[pieces]]
like = "infantry"
[[pieces]]
like = "light-cavalry"
[setup.army]
pieces = { I = 4, N = 1 }
[[setup.army.choices]]
count = 3
kinds = ["L", "K"]
points = 4
[[setup.army.choices]]
count = 1
kinds = ["I", "N"]
[setup.sections]
white = ["a1:b2", "c1:d2", "e1:f2", "g1:h2"]
black = ["a7:b8", "c7:d8", "e7:f8", "g7:h8"]
used = 3
leaders = 1
others = 2
"#;

fn rules() -> WarlordRules {
    Scenario::parse(SCENARIO, "sections.toml").unwrap_or_else(|e| panic!("{e}")).warlord(&[]).unwrap()
}

#[test]
fn each_placement_constraint_is_enforced_with_its_reason() {
    let r = rules();
    let mut p = r.start();
    assert_eq!(p.phase(), &Phase::Setup);
    let cases = [("L@a3", "outside white's deployment zone"), ("L@a8", "outside white's deployment zone")];
    for (a, why) in cases {
        assert!(refuse(&r, &mut p, a).contains(why), "{a}");
    }
    play(&r, &mut p, "L@a1");
    assert!(refuse(&r, &mut p, "K@b1").contains("already has its 1 leaders"));
    play(&r, &mut p, "I@a2");
    play(&r, &mut p, "I@b2");
    assert!(refuse(&r, &mut p, "I@b1").contains("already has its 2 other units"));
    play(&r, &mut p, "K@c1");
    play(&r, &mut p, "L@e1");
    // Three leaders chosen: no fourth, whatever its value.
    play(&r, &mut p, "N@c2");
    assert!(refuse(&r, &mut p, "L@g1").contains("may not add another"));
    assert!(refuse(&r, &mut p, "I@g1").contains("already uses 3 sections"));
    let why = refuse(&r, &mut p, "commit");
    assert!(why.contains("still has 2 pieces to place"), "{why}");
    play(&r, &mut p, "I@d2");
    play(&r, &mut p, "I@e2");
    let why = refuse(&r, &mut p, "commit");
    assert!(why.contains("must choose 1 pieces among I, N"), "{why}");
    play(&r, &mut p, "N@f2");
    play(&r, &mut p, "commit");
    assert_eq!(p.to_move(), Side::Black);
}

#[test]
fn points_must_add_up_exactly() {
    let r = rules();
    let mut p = r.start();
    play(&r, &mut p, "K@a1");
    // Two level-2 leaders would leave 0 points for the third leader, worth at least 1.
    assert!(refuse(&r, &mut p, "K@c1").contains("may not add another"));
    play(&r, &mut p, "L@c1");
    // The third must be worth exactly 1.
    assert!(refuse(&r, &mut p, "K@e1").contains("may not add another"));
    play(&r, &mut p, "L@e1");
}

#[test]
fn the_side_placing_second_and_spectators_see_nothing_of_an_uncommitted_placement() {
    let r = rules();
    let mut p = r.start();
    for a in r.random_setup(&p, 7) {
        r.play(&mut p, a).unwrap();
    }
    assert_eq!(p.to_move(), Side::Black);
    assert_eq!(p.piece_count(Side::White), 9);
    let black_view = r.view(&p, Some(Side::Black));
    assert_eq!(black_view.piece_count(Side::White), 0);
    assert_eq!(black_view.family_state().warlord().unwrap().reserve(Side::White).count(), 0);
    assert_eq!(r.view(&p, None).piece_count(Side::White), 0);
    assert_eq!(r.view(&p, Some(Side::White)).piece_count(Side::White), 9);
    for (sq, _) in p.pieces(Side::White) {
        assert_eq!(black_view.piece_at(sq), None, "{sq} leaks");
    }
    for a in r.random_setup(&p, 8) {
        r.play(&mut p, a).unwrap();
    }
    assert_eq!(p.phase(), &Phase::Play);
    assert_eq!(r.view(&p, Some(Side::Black)).piece_count(Side::White), 9, "revealed after both commit");
}

#[test]
fn random_setups_are_legal_and_reproducible() {
    let r = rules();
    let p = r.start();
    for seed in 0..20 {
        let a = r.random_setup(&p, seed);
        assert_eq!(a, r.random_setup(&p, seed));
        assert_eq!(a.last(), Some(&Action::EndTurn));
        let mut q = p.clone();
        for x in &a {
            r.play(&mut q, *x).unwrap_or_else(|e| panic!("seed {seed}: {x:?}: {e}"));
        }
        assert_eq!(q.to_move(), Side::Black);
    }
}

#[test]
fn an_army_that_cannot_fill_its_sections_is_rejected() {
    let bad = SCENARIO.replace("pieces = { I = 4, N = 1 }", "pieces = { I = 5, N = 1 }");
    let e = Scenario::parse(&bad, "bad.toml").unwrap_err();
    assert_eq!(e.field, "setup.sections");
    assert!(e.message.contains("7 other units"), "{e}");
}
