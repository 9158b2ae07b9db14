//! Live updates across processes sharing one PostgreSQL database: every append sends
//! `NOTIFY warlord_games, '<game id> <event count>'` in its transaction; each process listens and, for a game
//! it has loaded, reads the new events from the database and publishes them to its own
//! connections. After a lost connection to the database, every loaded game is reread, since
//! notifications may have been missed meanwhile.

use crate::hub::Games;
use crate::store::CHANNEL;
use sqlx::postgres::PgListener;
use std::time::Duration;

/// Listens for changes made by other processes until the program ends. Does nothing for
/// SQLite, which serves one process.
pub fn spawn(games: Games) {
    let Some(url) = games.store().postgres_url().map(str::to_string) else {
        return;
    };
    tokio::spawn(async move {
        loop {
            if let Err(e) = listen(&games, &url).await {
                tracing::warn!(error = %e, "lost the database notifications; reconnecting");
            }
            tokio::time::sleep(Duration::from_millis(500)).await;
        }
    });
}

async fn listen(games: &Games, url: &str) -> Result<(), sqlx::Error> {
    let mut listener = PgListener::connect(url).await?;
    listener.listen(CHANNEL).await?;
    // Whatever happened while not listening is read now.
    games.refresh_all().await;
    loop {
        // `None`: the connection dropped (the listener reconnects); reread everything.
        match listener.try_recv().await? {
            Some(note) => {
                let (id, seq) = note.payload().split_once(' ').unwrap_or((note.payload(), ""));
                let Some(hub) = games.loaded(id) else { continue };
                // This process's own appends (and ones it has read already) need no reading.
                if seq.parse::<u64>().map_or(true, |seq| hub.snapshot().seq() < seq) {
                    hub.refresh().await;
                }
            }
            None => games.refresh_all().await,
        }
    }
}
