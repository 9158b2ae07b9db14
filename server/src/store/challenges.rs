//! Open challenges in the store: a public game whose creator waits for an opponent keeps the
//! offered seat's token until someone joins (it is handed to them, once) or the creator
//! cancels. The seats' hashes never change, so a loaded game needs no update.

use super::{side_from, Store};
use sqlx::Row;
use warlord_rules::Side;

/// What became of a request to take an open seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Joined {
    /// The seat is the joiner's: its side and token.
    Seat(Side, String),
    /// The game has no open seat (never had, already taken, or cancelled).
    NotOpen,
}

impl Store {
    /// Opens a challenge on a stored game: `name` waits, `side` is offered with its `token`.
    pub async fn open_challenge(&self, id: &str, name: &str, side: Side, token: &str) -> Result<(), sqlx::Error> {
        let _guard = self.write_guard().await;
        sqlx::query("UPDATE games SET challenger = $1, open_side = $2, open_token = $3 WHERE id = $4")
            .bind(name)
            .bind(side.name())
            .bind(token)
            .bind(id)
            .execute(self.writer())
            .await?;
        Ok(())
    }

    /// The side a game still offers, if it is an open challenge.
    pub async fn open_side(&self, id: &str) -> Result<Option<Side>, sqlx::Error> {
        let row = sqlx::query("SELECT open_side FROM games WHERE id = $1").bind(id).fetch_optional(&self.pool).await?;
        let side: Option<String> = match row {
            Some(row) => row.try_get("open_side")?,
            None => None,
        };
        Ok(side.as_deref().and_then(side_from))
    }

    /// Takes a game's open seat: its token is handed over once; whoever comes second finds
    /// it taken.
    pub async fn join_challenge(&self, id: &str) -> Result<Joined, sqlx::Error> {
        let _guard = self.write_guard().await;
        let row = sqlx::query("SELECT open_side, open_token FROM games WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        let Some(row) = row else { return Ok(Joined::NotOpen) };
        let side: Option<String> = row.try_get("open_side")?;
        let token: Option<String> = row.try_get("open_token")?;
        let (Some(side), Some(token)) = (side.as_deref().and_then(side_from), token) else {
            return Ok(Joined::NotOpen);
        };
        let taken =
            sqlx::query("UPDATE games SET open_side = NULL, open_token = NULL WHERE id = $1 AND open_token = $2")
                .bind(id)
                .bind(&token)
                .execute(self.writer())
                .await?;
        Ok(if taken.rows_affected() == 1 { Joined::Seat(side, token) } else { Joined::NotOpen })
    }

    /// Cancels a game's open challenge: the seat's token is forgotten and the game leaves the
    /// lobby. Whether there was one to cancel.
    pub async fn cancel_challenge(&self, id: &str) -> Result<bool, sqlx::Error> {
        let _guard = self.write_guard().await;
        let cancelled = sqlx::query(
            "UPDATE games SET open_side = NULL, open_token = NULL, public = 0 WHERE id = $1 AND open_token IS NOT NULL",
        )
        .bind(id)
        .execute(self.writer())
        .await?;
        Ok(cancelled.rows_affected() == 1)
    }
}
