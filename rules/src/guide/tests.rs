use super::*;
use crate::movement::{Lines, MoveRule, Passing};

fn shipped(id: &str) -> Scenario {
    let builtin = warlord_scenarios_text(id);
    Scenario::parse(&builtin, &format!("builtin:{id}")).expect("the scenario parses")
}

/// The text of a shipped scenario file (the rules crate does not depend on the scenarios
/// crate: it reads the data folder).
fn warlord_scenarios_text(id: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios/data").join(format!("{id}.toml"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn each_move_rule_is_written_with_its_own_figures() {
    let walk = move_sentence(MoveRule::Walk { steps: 2 }, Geometry::Square);
    assert!(walk.contains("up to 2 king steps"), "{walk}");
    let rook =
        move_sentence(MoveRule::Line { lines: Lines::Orthogonal, max: 5, passing: Passing::Slide }, Geometry::Square);
    assert_eq!(rook, "Moves 1 to 5 squares along files and ranks, over empty squares only.");
    let cannon = move_sentence(MoveRule::Line { lines: Lines::All, max: 3, passing: Passing::Jump }, Geometry::Hex);
    assert!(cannon.contains("3 cells") && cannon.contains("jumping"), "{cannon}");
    let charge =
        move_sentence(MoveRule::Line { lines: Lines::Diagonal, max: 4, passing: Passing::Charge }, Geometry::Square);
    assert!(charge.contains("along diagonals") && charge.contains("one enemy"), "{charge}");
    assert!(move_sentence(MoveRule::Leap { a: 2, b: 1 }, Geometry::Square).contains("chess knight"));
}

#[test]
fn a_pieces_sentences_are_its_move_rules() {
    let scenario = shipped("chieftain");
    let guide = scenario.guide(&[]).expect("a guide");
    let rules = scenario.ruleset(&[]).unwrap();
    assert_eq!(guide.pieces.len(), rules.pieces().len());
    for piece in &guide.pieces {
        let kind = rules.pieces().get(piece.kind);
        assert_eq!(piece.moves.len(), kind.moves.len(), "one sentence per move rule of the {}", kind.name);
        for (sentence, rule) in piece.moves.iter().zip(&kind.moves) {
            assert_eq!(sentence, &move_sentence(*rule, scenario.board.geometry()));
            assert!(sentence.contains(&rule.reach().to_string()), "{sentence} names its reach {}", rule.reach());
        }
        assert_eq!(piece.appearance, rules.appearance(piece.kind), "the board's own picture");
    }
    let chieftain = guide.pieces.iter().find(|p| p.name == "Chieftain").expect("a Chieftain");
    let command = chieftain.command.expect("it commands");
    assert!(chieftain.notes.iter().any(|n| n.contains(&format!("within {} king steps", command.range))));
}

#[test]
fn the_turn_rules_and_options_follow_the_configuration() {
    let scenario = shipped("chieftain");
    let plain = scenario.guide(&[]).unwrap();
    assert!(plain.turn.iter().any(|t| t.contains("up to 4 pieces a turn")), "{:?}", plain.turn);
    let shorter =
        scenario.guide(&[("shorter-game".into(), "true".into()), ("turn-limit".into(), "40".into())]).unwrap();
    assert!(shorter.victory.iter().any(|v| v.contains("Shorter game")), "{:?}", shorter.victory);
    assert!(shorter.victory.iter().any(|v| v.contains("After 40 turns")));
    assert!(!plain.victory.iter().any(|v| v.contains("Shorter game")));
    let option = shorter.options.iter().find(|o| o.name == "shorter-game").expect("the option");
    assert_eq!((option.value.as_str(), option.default.as_str()), ("true", "false"));
    assert!(!option.help.is_empty());
    assert!(scenario.guide(&[("no-such-option".into(), "1".into())]).is_err());

    let medieval = shipped("medieval").guide(&[]).unwrap();
    assert!(medieval.turn.iter().any(|t| t.contains("exactly 3 actions")), "{:?}", medieval.turn);
    let queen = medieval.pieces.iter().find(|p| p.symbol == "Q").expect("a queen");
    assert_eq!(queen.notes[0], "Offence 6, defence 6.");

    let wargame = shipped("wargame-1").guide(&[]).unwrap();
    assert!(wargame.turn.iter().any(|t| t.contains("up to 10 actions")), "{:?}", wargame.turn);
    let tank = wargame.pieces.iter().find(|p| p.class == UnitClass::HeavyCavalry).expect("a tank");
    assert!(tank.moves[0].contains("movement points") && tank.moves[0].contains("never trees"), "{:?}", tank.moves);
}

#[test]
fn every_shipped_scenario_has_a_guide() {
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios/data");
    let mut count = 0;
    for entry in std::fs::read_dir(&folder).expect("the scenarios' folder") {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "toml") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let scenario = Scenario::parse(&text, &path.display().to_string()).expect("parses");
        let guide = scenario.guide(&[]).unwrap_or_else(|e| panic!("{}: {e}", scenario.id));
        assert!(!guide.turn.is_empty() && !guide.victory.is_empty(), "{}", scenario.id);
        assert!(guide.pieces.iter().all(|p| !p.moves.is_empty()), "{}: a piece without moves", scenario.id);
        count += 1;
    }
    assert!(count >= 17, "{count} scenarios");
}
