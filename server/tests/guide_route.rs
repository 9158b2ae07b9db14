//! `GET /api/scenarios/{id}/guide`: the rules page's description of a scenario, with options
//! from the query; an unknown scenario or option is refused.

mod common;

use common::{databases, server};
use warlord_server::client;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_guide_describes_a_scenario_with_its_options() {
    let db = &databases()[0];
    let server = server(db).await;
    let addr = server.addr;
    let answer =
        client::request(addr, "GET", "/api/scenarios/chieftain/guide?shorter-game=true", None, None).await.unwrap();
    assert_eq!(answer.status, 200, "{}", answer.body);
    let guide = answer.json();
    assert_eq!(guide["name"], "Chieftain Chess");
    let chieftain = guide["pieces"].as_array().unwrap().iter().find(|p| p["name"] == "Chieftain").expect("a Chieftain");
    assert!(!chieftain["moves"].as_array().unwrap().is_empty());
    assert_eq!(chieftain["appearance"]["shape"], "crown");
    let option = guide["options"].as_array().unwrap().iter().find(|o| o["name"] == "shorter-game").unwrap();
    assert_eq!(option["value"], "true");
    let unknown = client::request(addr, "GET", "/api/scenarios/nope/guide", None, None).await.unwrap();
    assert_eq!(unknown.status, 404, "{}", unknown.body);
    let bad = client::request(addr, "GET", "/api/scenarios/chieftain/guide?no-such=1", None, None).await.unwrap();
    assert_eq!(bad.status, 400, "{}", bad.body);
    server.stop();
}
