//! The two optional banner victories of WarGame 1: "Optionally, you win by killing your
//! opponent's banner." and "Optionally, you win by planting your banner somewhere better and
//! faster than your opponent can do his. Banners - aka: command posts, can't move, but they can
//! be towed 1 square/turn by the supreme commander (only?) at the cost of one activation."
//! (docs/RULES.md, "Surround and victory").

mod wargame_common;
use wargame_common::*;
use warlord_rules::{Action, EndReason, Phase, Ruleset, Scenario, Side};

/// A 12x12 board with a town in each half: c3:d3 (White's half) and c9:d10 (Black's half).
const TOWNS: &[&str] = &["c3:d3", "c9:d10"];

#[test]
fn killing_the_banner_wins_only_with_the_option() {
    let (rules, mut pos) = game(&[], &["SC@a1", "T@b2"], &["SC@l12", "CP@b4"]);
    play(&rules, &mut pos, fire("b2", "b4"));
    assert_eq!(pos.phase(), &Phase::Play);
    let (rules, mut pos) = game_with(&[], &["SC@a1", "T@b2"], &["SC@l12", "CP@b4"], &[("banner-victory", "true")]);
    play(&rules, &mut pos, fire("b2", "b4"));
    let outcome = pos.outcome().unwrap();
    assert_eq!((outcome.winner, outcome.reason), (Some(Side::White), EndReason::BannerKilled));
}

#[test]
fn only_the_supreme_commander_tows_the_banner_one_square_and_only_with_the_planting_option() {
    let white = ["SC@c7", "CP@c8", "TC@e7"];
    let (rules, pos) = game(&[("towns", TOWNS)], &white, &["SC@l12"]);
    assert!(!legal(&rules, &pos, tow("c7", "c6", "c8")), "no banner tow without the option");
    let (rules, pos) = game_with(&[("towns", TOWNS)], &white, &["SC@l12"], &[("banner-planting", "true")]);
    assert!(legal(&rules, &pos, tow("c7", "c6", "c8")), "the Supreme Commander tows it 1 square");
    assert!(!legal(&rules, &pos, tow("c7", "c5", "c8")), "never 2 squares");
    let (rules, pos) =
        game_with(&[("towns", TOWNS)], &["SC@a1", "TC@c7", "CP@c8"], &["SC@l12"], &[("banner-planting", "true")]);
    let refusal = rules.play(&mut pos.clone(), tow("c7", "c6", "c8")).unwrap_err();
    assert!(refusal.reason.contains("cannot tow a command post"), "{refusal}");
    // The banner still never acts by itself.
    let (rules, pos) = game_with(&[("towns", TOWNS)], &white, &["SC@l12"], &[("banner-planting", "true")]);
    assert!(!legal(&rules, &pos, mv("c8", "c9")));
}

#[test]
fn the_banner_is_towed_over_open_ground_and_towns_only() {
    let options = [("banner-planting", "true")];
    let (rules, pos) = game_with(&[("towns", TOWNS), ("hills", &["d8"])], &["SC@c8", "CP@b8"], &["SC@l12"], &options);
    assert!(!legal(&rules, &pos, tow("c8", "d8", "b8")), "a hill");
    assert!(legal(&rules, &pos, tow("c8", "c9", "b8")), "open ground");
}

#[test]
fn a_banner_on_a_town_in_the_enemy_half_at_the_end_of_its_turn_wins() {
    let options = [("banner-planting", "true")];
    // The Supreme Commander on c9 steps to b10 towing the banner from c8 into c9, a town in
    // Black's half.
    let (rules, mut pos) = game_with(&[("towns", TOWNS)], &["SC@c9", "CP@c8", "T@h1"], &["SC@l12"], &options);
    play(&rules, &mut pos, tow("c9", "b10", "c8"));
    assert_eq!(pos.piece_at(sq("c9")).map(|p| p.side), Some(Side::White), "the banner is on c9");
    assert_eq!(pos.phase(), &Phase::Play, "planting is judged at the end of the turn");
    play(&rules, &mut pos, Action::EndTurn);
    let outcome = pos.outcome().unwrap();
    assert_eq!((outcome.winner, outcome.reason), (Some(Side::White), EndReason::BannerPlanted));
}

#[test]
fn a_banner_in_its_own_half_or_without_the_option_wins_nothing() {
    // c3:d3 is a town in White's own half.
    let (rules, mut pos) =
        game_with(&[("towns", TOWNS)], &["SC@c4", "CP@c5", "T@h1"], &["SC@l12"], &[("banner-planting", "true")]);
    play(&rules, &mut pos, tow("c4", "c3", "c5"));
    play(&rules, &mut pos, Action::EndTurn);
    assert_eq!(pos.phase(), &Phase::Play, "c4 is open ground in White's half");
    // A banner that already stands on a Black town wins nothing without the option.
    let (rules, mut pos) = game(&[("towns", TOWNS)], &["SC@a1", "CP@c9"], &["SC@l12"]);
    play(&rules, &mut pos, mv("a1", "a2"));
    play(&rules, &mut pos, Action::EndTurn);
    assert_eq!(pos.phase(), &Phase::Play);
    // With the option, Black's banner on d3 (a town in White's half) wins at the end of
    // Black's turn, not White's.
    let (rules, mut pos) =
        game_with(&[("towns", TOWNS)], &["SC@a1"], &["SC@l12", "CP@d3"], &[("banner-planting", "true")]);
    play(&rules, &mut pos, mv("a1", "a2"));
    play(&rules, &mut pos, Action::EndTurn);
    assert_eq!(pos.phase(), &Phase::Play, "White's turn ended: only White's banner counts");
    play(&rules, &mut pos, mv("l12", "l11"));
    play(&rules, &mut pos, Action::EndTurn);
    assert_eq!(pos.outcome().map(|o| (o.winner, o.reason)), Some((Some(Side::Black), EndReason::BannerPlanted)));
}

/// The shipped WarGame 1 scenario, its text edited.
fn wargame_1_edited(edit: impl Fn(String) -> String) -> Result<Scenario, warlord_rules::scenario::ScenarioError> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../scenarios/data/wargame-1.toml"))
        .expect("the shipped scenario");
    Scenario::parse(&edit(text), "wargame-1.toml")
}

/// The shipped WarGame 1 scenario with extra lines after `[rules]`.
fn wargame_1_with(rules_lines: &str) -> Result<Scenario, warlord_rules::scenario::ScenarioError> {
    wargame_1_edited(|text| text.replacen("[rules]\n", &format!("[rules]\n{rules_lines}\n"), 1))
}

#[test]
fn a_scenario_names_its_objectives_and_they_replace_the_towns() {
    // The start: White's Supreme Commander on j2 beside its Command Post on k2, i2 empty.
    let scenario = wargame_1_with("objectives = [\"j2\"]").unwrap();
    let rules = scenario.ruleset(&[("banner-planting".into(), "true".into())]).unwrap();
    let mut pos = rules.start();
    rules.play(&mut pos, tow("j2", "i2", "k2")).unwrap();
    rules.play(&mut pos, Action::EndTurn).unwrap();
    assert_eq!(pos.outcome().map(|o| (o.winner, o.reason)), Some((Some(Side::White), EndReason::BannerPlanted)));
    let error = wargame_1_with("objectives = [\"z99\"]").unwrap_err().to_string();
    assert!(error.contains("rules.objectives"), "{error}");
}

#[test]
fn planting_needs_an_objective_for_each_side() {
    let planting = [("banner-planting".to_string(), "true".to_string())];
    assert!(wargame_1_with("").unwrap().ruleset(&planting).is_ok(), "the shipped map has towns in both halves");
    let no_towns = wargame_1_edited(|text| {
        text.lines().map(|l| if l.starts_with("towns") { "towns = []" } else { l }).collect::<Vec<_>>().join("\n")
    })
    .unwrap();
    assert!(no_towns.ruleset(&[]).is_ok(), "without the option no objective is needed");
    let Err(error) = no_towns.ruleset(&planting) else { panic!("a map with no town refuses banner-planting") };
    let error = error.to_string();
    assert!(error.contains("banner-planting") && error.contains("no objective"), "{error}");
}
