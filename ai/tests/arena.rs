//! Matches: every game is played, scored from the first agent's side, and written as a record
//! that replays legally.

mod common;

use common::shipped;
use warlord_ai::agents::Opening;
use warlord_ai::arena::{run_match, MatchConfig};
use warlord_ai::{by_name, Budget};
use warlord_rules::notation::{replay, Record};

#[test]
fn a_match_plays_every_game_and_writes_replayable_records() {
    let rules = shipped("clash-of-arms", &[("turn-limit", "30"), ("adjudication", "material")]);
    let dir = std::env::temp_dir().join(format!("warlord-ai-arena-{}", std::process::id()));
    let config = MatchConfig {
        games: 5,
        budgets: [Budget::Nodes(500); 2],
        seed: 9,
        paired: false,
        parallel: 3,
        sprt: None,
        max_turns: 1000,
        record_dir: Some(dir.clone()),
        tags: vec![("Scenario".into(), "clash-of-arms".into())],
        from: None,
    };
    let (greedy, random) = (by_name("greedy").unwrap(), by_name("random").unwrap());
    let report = run_match(rules.as_ref(), greedy.as_ref(), random.as_ref(), &config, &|_, _| {}).unwrap();
    assert_eq!(report.tally.games(), 5);
    assert_eq!(report.games.iter().map(|g| g.index).collect::<Vec<_>>(), vec![0, 1, 2, 3, 4]);
    assert!(report.games.iter().all(|g| g.game.outcome.is_some() && g.game.turns <= 30));
    assert_eq!(report.games.iter().filter(|g| g.first_is_white).count(), 3);
    for i in 1..=5 {
        let text = std::fs::read_to_string(dir.join(format!("game-{i:04}.txt"))).unwrap();
        let record = Record::parse(&text, rules.pieces()).unwrap();
        let replayed = replay(rules.as_ref(), &record);
        assert!(replayed.error.is_none(), "game {i}: {:?}", replayed.error);
        assert!(replayed.position.outcome().is_some());
    }
    std::fs::remove_dir_all(dir).unwrap();
}

/// The actions of a game's first `turns` turns.
fn first_turns(game: &warlord_ai::arena::GameSummary, turns: usize) -> Vec<Vec<warlord_rules::Action>> {
    game.game.record.turns.iter().take(turns).map(|t| t.actions.clone()).collect()
}

#[test]
fn paired_games_share_their_opening_with_the_colours_swapped() {
    let rules = shipped("chieftain", &[("turn-limit", "8"), ("adjudication", "material")]);
    let opened = |name: &str| Opening::new(by_name(name).unwrap(), 2);
    let (greedy, random) = (opened("greedy"), opened("random"));
    let play = |paired: bool| {
        let config = MatchConfig {
            games: 4,
            budgets: [Budget::Nodes(300); 2],
            seed: 5,
            paired,
            parallel: 2,
            sprt: None,
            max_turns: 1000,
            record_dir: None,
            tags: Vec::new(),
            from: None,
        };
        let mut games = run_match(rules.as_ref(), &greedy, &random, &config, &|_, _| {}).unwrap().games;
        games.sort_by_key(|g| g.index);
        games
    };
    let paired = play(true);
    // Games 1 and 2, and 3 and 4: one opening each, the first agent White in the first game.
    assert_eq!(first_turns(&paired[0], 2), first_turns(&paired[1], 2));
    assert_eq!(first_turns(&paired[2], 2), first_turns(&paired[3], 2));
    assert_ne!(first_turns(&paired[0], 2), first_turns(&paired[2], 2));
    assert!(paired[0].first_is_white && !paired[1].first_is_white);
    // Unpaired, every game has an opening of its own.
    let unpaired = play(false);
    assert_ne!(first_turns(&unpaired[0], 2), first_turns(&unpaired[1], 2));
}
