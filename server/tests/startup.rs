//! Start-up failures: a database that cannot be opened fails at once with its real cause,
//! never after the pool's time-out with "pool timed out".

use std::time::{Duration, Instant};
use warlord_server::store::Store;

async fn open_fails_fast(path: &std::path::Path, cause: &str) {
    let started = Instant::now();
    let err = Store::open(&Store::sqlite_url(path)).await.expect_err("it must not open").to_string();
    assert!(started.elapsed() < Duration::from_secs(5), "took {:?}", started.elapsed());
    assert!(err.contains(cause), "{path:?}: `{err}` does not say `{cause}`");
    assert!(!err.contains("timed out"), "{err}");
}

#[tokio::test]
async fn a_file_that_is_not_a_database_is_refused_at_once_with_the_reason() {
    let dir = std::env::temp_dir().join(format!("warlord-startup-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("notes.db");
    std::fs::write(&file, "these are my notes, not a database; ".repeat(200)).unwrap();
    open_fails_fast(&file, "not a database").await;
    std::fs::remove_dir_all(&dir).unwrap();
}

#[tokio::test]
async fn a_database_in_a_folder_that_does_not_exist_is_refused_at_once() {
    let file = std::env::temp_dir().join("warlord-no-such-folder").join("deeper").join("games.db");
    open_fails_fast(&file, "unable to open database file").await;
}
