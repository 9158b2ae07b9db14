//! Scenario files: valid ones build, and each kind of mistake is reported with its field.

use super::*;

const MINI: &str = r#"
name = "Mini"
family = "warlord"
[board]
files = 8
ranks = 8
water = ["d4:e5"]
[rules]
moves-per-turn = 2
[[pieces]]
like = "leader"
[[pieces]]
like = "infantry"
[setup]
position = "8/2lii3/8/8/8/8/2LII3/8"
"#;

#[test]
fn a_minimal_scenario_builds() {
    let s = Scenario::parse(MINI, "mini.toml").unwrap();
    assert_eq!(s.id, "mini");
    assert_eq!(s.placement.len(), 6);
    assert_eq!(s.board.terrain("d4".parse().unwrap()), Terrain::Water);
    assert_eq!(s.zones[0].len(), 8, "default zone: the ranks White's pieces span");
    let rules = s.ruleset(&[]).unwrap();
    assert_eq!(rules.start().piece_count(Side::White), 3);
}

fn error_of(text: &str) -> ScenarioError {
    Scenario::parse(text, "bad.toml").unwrap_err()
}

#[test]
fn each_mistake_names_its_field() {
    let cases: &[(&str, &str, &str)] = &[
        ("files = 8", "files = 3", "board"),
        ("family = \"warlord\"", "family = \"go\"", "family"),
        ("like = \"infantry\"", "like = \"pawn\"", "pieces[1].like"),
        ("moves-per-turn = 2", "moves-per-turn = 0", "rules.moves-per-turn"),
        ("moves-per-turn = 2", "moves-per-turn = 2\nbogus = 1", "rules.bogus"),
        ("water = [\"d4:e5\"]", "water = [\"d4:z5\"]", "board.water"),
        ("position = \"8/2lii3/8/8/8/8/2LII3/8\"", "position = \"8/2lii3/8/8/8/8/2LIX3/8\"", "setup.position"),
        ("position = \"8/2lii3/8/8/8/8/2LII3/8\"", "position = \"8/2lii3/8/8/8/8/2LII4/8\"", "setup.position"),
        ("position = \"8/2lii3/8/8/8/8/2LII3/8\"", "position = \"8/2lii3/8/8/3L4/8/2LII3/8\"", "setup"),
        ("[[pieces]]\nlike = \"infantry\"", "[[pieces]]\nlike = \"infantry\"\nsymbol = \"L\"", "pieces[1].symbol"),
        (
            "[[pieces]]\nlike = \"infantry\"",
            "[[pieces]]\nlike = \"infantry\"\nmoves = [{ walk = 1, leap = [1, 2] }]",
            "pieces[1].moves[0]",
        ),
        (
            "[[pieces]]\nlike = \"infantry\"",
            "[[pieces]]\nlike = \"infantry\"\nmoves = [{ line = \"orthogonal\" }]",
            "pieces[1].moves[0]",
        ),
        ("[rules]", "[options]\nno-such-option = true\n[rules]", "options"),
    ];
    for (from, to, field) in cases {
        assert!(MINI.contains(from), "{from}");
        let e = error_of(&MINI.replacen(from, to, 1));
        assert_eq!(e.field, *field, "{to}: {e}");
        assert!(e.to_string().starts_with("bad.toml: "), "{e}");
    }
}

#[test]
fn deployment_zones_may_not_overlap() {
    // Zones only matter in a setup phase: with free setup, overlapping zones are refused.
    let text = MINI.replace("[setup]", "[setup]\nzones = { white = [\"a1:h4\"], black = [\"a4:h8\"] }");
    assert!(Scenario::parse(&text, "z.toml").is_ok());
    let e = error_of(&text.replace("[rules]", "[options]\nfree-setup = true\n[rules]"));
    assert_eq!(e.field, "setup");
    assert!(e.message.contains("overlap (at a4)"), "{e}");
}

#[test]
fn syntax_errors_are_reported_with_their_position() {
    let e = error_of("name = ");
    assert!(e.to_string().contains("line 1"), "{e}");
    let e = error_of("name = \"x\"\nfamily = \"warlord\"\n");
    assert!(e.to_string().contains("missing field"), "{e}");
}

#[test]
fn options_can_be_overridden_and_are_checked() {
    let s = Scenario::parse(MINI, "mini.toml").unwrap();
    assert!(s.ruleset(&[("shorter-game".into(), "true".into())]).is_ok());
    let e = s.ruleset(&[("shorter-game".into(), "maybe".into())]).unwrap_err();
    assert_eq!(e.field, "options");
    let e = s.ruleset(&[("warp-speed".into(), "true".into())]).unwrap_err();
    assert!(e.message.contains("warp-speed"), "{e}");
}

#[test]
fn option_values_out_of_range_are_refused_in_words() {
    let s = Scenario::parse(MINI, "mini.toml").unwrap();
    assert!(s.ruleset(&[("leader-losses".into(), "3".into())]).is_ok());
    for bad in ["-1", "101", "2.5", "many"] {
        let e = s.ruleset(&[("leader-losses".into(), bad.into())]).unwrap_err();
        assert_eq!(e.field, "options");
        assert!(e.message.contains("leader-losses must be a whole number from 0 to 100"), "{bad}: {e}");
    }
    let e = s.ruleset(&[("shorter-game".into(), "maybe".into())]).unwrap_err();
    assert!(e.message.contains("shorter-game must be true or false"), "{e}");
}

#[test]
fn free_setup_needs_room_in_the_zones() {
    let text = MINI.replace("[rules]", "[options]\nfree-setup = true\n[rules]");
    let s = Scenario::parse(&text, "mini.toml").unwrap();
    assert_eq!(s.ruleset(&[]).unwrap().start().phase(), &crate::Phase::Setup);
    let cramped = text.replace("[setup]", "[setup]\nzones = { white = [\"a1:b1\"], black = [\"a8:h8\"] }");
    assert_eq!(error_of(&cramped).field, "setup");
    // Water in a zone is no room: d4:e5 is water, so a zone of c4:f5 holds only 4 land squares.
    let wet = text.replace("[setup]", "[setup]\nzones = { white = [\"c4:f4\"], black = [\"a8:h8\"] }");
    let e = error_of(&wet);
    assert!(e.message.contains("2 land squares"), "{e}");
}

#[test]
fn cells_marked_not_a_square_are_water_that_no_list_may_change() {
    let map = "map = [\"##......\", \"##......\", \"........\", \"........\", \"........\", \"........\", \"........\", \"........\"]";
    let text = MINI.replace("water = [\"d4:e5\"]", map);
    let s = Scenario::parse(&text, "ring.toml").unwrap();
    let mut outside: Vec<String> = s.outside.iter().map(ToString::to_string).collect();
    outside.sort();
    assert_eq!(outside, ["a7", "a8", "b7", "b8"]);
    assert!(s.outside.iter().all(|&sq| s.board.terrain(sq) == Terrain::Water));
    let e = error_of(&text.replace(map, &format!("{map}\ntowns = [\"b7\"]")));
    assert_eq!(e.field, "board.towns");
    assert!(e.message.contains("not a square"), "{e}");
}
