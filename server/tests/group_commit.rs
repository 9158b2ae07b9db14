//! SQLite's group commit: appends of many games written at once each get their own answer,
//! and one refused append (its sequence number taken) changes nothing for the others.

use std::sync::Arc;
use warlord_rules::Side;
use warlord_server::game::{Event, EventKind, GameMeta, Mode};
use warlord_server::store::{LobbyWrite, SeatHashes, Store};

fn meta(id: &str) -> GameMeta {
    GameMeta {
        id: id.to_string(),
        scenario: "chieftain".into(),
        options: Default::default(),
        mode: Mode::Correspondence,
        clock: None,
        ai: None,
        public: true,
        created_ms: 1,
        pin: None,
    }
}

fn event(body: &str) -> Event {
    Event { kind: EventKind::Action, side: Side::White, body: Arc::from(body), at_ms: 2 }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_appends_are_each_answered_and_a_conflict_fails_alone() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&Store::sqlite_url(&dir.path().join("games.db"))).await.unwrap();
    let seats = SeatHashes { white: Some("w".into()), black: Some("b".into()), spectator: "s".into() };
    let ids: Vec<String> = (0..40).map(|i| format!("game{i:02}")).collect();
    for id in &ids {
        store.insert_game(&meta(id), &seats, "play").await.unwrap();
    }
    assert!(store.append(&ids[0], 0, &[event("a2-a3")], LobbyWrite::Time).await.unwrap());
    for round in 0..3u64 {
        let tasks: Vec<_> = ids
            .iter()
            .enumerate()
            // Game 0 takes part in the first round only, at a sequence number already taken.
            .filter(|(i, _)| *i > 0 || round == 0)
            .map(|(i, id)| {
                let (store, id) = (store.clone(), id.clone());
                let over =
                    if round == 2 && i == 5 { LobbyWrite::Status("over", Some("1-0")) } else { LobbyWrite::Time };
                tokio::spawn(async move {
                    let answer = store.append(&id, 2 * round, &[event("b2-b3"), event("end")], over).await;
                    (i, answer.map_err(|e| e.to_string()))
                })
            })
            .collect();
        for task in tasks {
            let (i, answer) = task.await.unwrap();
            assert_eq!(answer, Ok(i != 0), "game {i}, round {round}");
        }
    }
    let first = store.events_from(&ids[0], 0).await.unwrap();
    assert_eq!(first.len(), 1, "the refused append wrote nothing");
    assert_eq!(&*first[0].body, "a2-a3");
    for id in &ids[1..] {
        let events = store.events_from(id, 0).await.unwrap();
        assert_eq!(events.len(), 6, "{id}: every accepted append is stored");
        assert_eq!(&*events[4].body, "b2-b3");
    }
    let lobby = store.lobby(100, 10, false).await.unwrap();
    let status = |id: &str| lobby.iter().find(|e| e.id == id).map(|e| (e.status.clone(), e.result.clone()));
    assert_eq!(status("game05"), Some(("over".to_string(), Some("1-0".to_string()))));
    assert_eq!(status("game06"), Some(("play".to_string(), None)));
}
