//! Group commit on SQLite: the appends of all games that queue up while one is being written
//! are written together, in one transaction sent to SQLite's thread as one command, so that
//! they share its round trip and the write of its log pages. The answers stay each append's
//! own: if the group fails, it is rolled back and each of its appends is written alone, so
//! that a refused append (`Ok(false)`, another writer was first) or a failing one changes
//! nothing for the others.

use crate::game::Event;
use crate::store::LobbyWrite;
use sqlx::any::AnyArguments;
use sqlx::query::Query;
use sqlx::Any;

/// Parameters of one group at most (SQLite allows 32,766 in a statement list).
pub(crate) const MAX_PARAMS: usize = 30_000;

/// One game's append: its events at sequence numbers `from`, `from + 1`, ... and its lobby row.
#[derive(Debug)]
pub(crate) struct Append {
    /// The game.
    pub id: String,
    /// The sequence number of the first event.
    pub from: u64,
    /// The events.
    pub events: Vec<Event>,
    /// What changes in the game's lobby row.
    pub lobby: LobbyWrite,
    /// The time of the last event.
    pub updated_ms: i64,
}

impl Append {
    /// The parameters its statements take.
    pub(crate) fn params(&self) -> usize {
        6 * self.events.len()
            + match self.lobby {
                LobbyWrite::Nothing => 0,
                LobbyWrite::Time => 2,
                LobbyWrite::Status(..) => 4,
            }
    }
}

/// The statements of a group: one transaction inserting every append's events and updating
/// its lobby row, parameters numbered from `$1` across the whole group.
pub(crate) fn group_sql(group: &[Append]) -> String {
    let mut sql = String::from("BEGIN");
    let mut p = 0;
    for append in group {
        sql.push_str("; INSERT INTO events (game_id, seq, kind, side, body, at_ms) VALUES ");
        for i in 0..append.events.len() {
            let sep = if i == 0 { "" } else { ", " };
            sql.push_str(&format!("{sep}(${}, ${}, ${}, ${}, ${}, ${})", p + 1, p + 2, p + 3, p + 4, p + 5, p + 6));
            p += 6;
        }
        match append.lobby {
            LobbyWrite::Nothing => {}
            LobbyWrite::Time => {
                sql.push_str(&format!("; UPDATE games SET updated_ms = ${} WHERE id = ${}", p + 1, p + 2));
                p += 2;
            }
            LobbyWrite::Status(..) => {
                sql.push_str(&format!(
                    "; UPDATE games SET status = ${}, result = ${}, updated_ms = ${} WHERE id = ${}",
                    p + 1,
                    p + 2,
                    p + 3,
                    p + 4
                ));
                p += 4;
            }
        }
    }
    sql.push_str("; COMMIT");
    sql
}

/// Binds the parameters of [`group_sql`], in its order.
pub(crate) fn bind_group<'q>(
    mut query: Query<'q, Any, AnyArguments<'q>>,
    group: &'q [Append],
) -> Query<'q, Any, AnyArguments<'q>> {
    for append in group {
        for (i, event) in append.events.iter().enumerate() {
            query = query
                .bind(append.id.as_str())
                .bind((append.from + i as u64) as i64)
                .bind(event.kind.name())
                .bind(event.side.name())
                .bind(&*event.body)
                .bind(event.at_ms);
        }
        if let LobbyWrite::Status(status, result) = append.lobby {
            query = query.bind(status).bind(result);
        }
        if append.lobby != LobbyWrite::Nothing {
            query = query.bind(append.updated_ms).bind(append.id.as_str());
        }
    }
    query
}

/// Splits appends into groups of at most [`MAX_PARAMS`] parameters, in order.
pub(crate) fn split<T>(appends: Vec<(Append, T)>) -> Vec<Vec<(Append, T)>> {
    let mut groups: Vec<Vec<(Append, T)>> = Vec::new();
    let mut params = 0;
    for item in appends {
        let needs = item.0.params();
        match groups.last_mut() {
            Some(group) if params + needs <= MAX_PARAMS => group.push(item),
            _ => {
                params = 0;
                groups.push(vec![item]);
            }
        }
        params += needs;
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::EventKind;
    use std::sync::Arc;
    use warlord_rules::Side;

    fn append(id: &str, events: usize, lobby: LobbyWrite) -> Append {
        Append {
            id: id.into(),
            from: 3,
            events: (0..events)
                .map(|_| Event { kind: EventKind::Action, side: Side::White, body: Arc::from("a1-a2"), at_ms: 7 })
                .collect(),
            lobby,
            updated_ms: 7,
        }
    }

    #[test]
    fn parameters_are_numbered_across_the_group() {
        let over = LobbyWrite::Status("over", Some("1-0"));
        let group = [append("a", 2, LobbyWrite::Time), append("b", 1, over), append("c", 1, LobbyWrite::Nothing)];
        let sql = group_sql(&group);
        assert!(sql.starts_with("BEGIN; INSERT"), "{sql}");
        assert!(sql.contains("($7, $8, $9, $10, $11, $12); UPDATE games SET updated_ms = $13 WHERE id = $14"), "{sql}");
        assert!(sql.contains("($15, $16, $17, $18, $19, $20); UPDATE games SET status = $21, result = $22, updated_ms = $23 WHERE id = $24; INSERT"), "{sql}");
        // An append that leaves the lobby row alone updates nothing.
        assert!(sql.ends_with("VALUES ($25, $26, $27, $28, $29, $30); COMMIT"), "{sql}");
        assert_eq!(group.iter().map(Append::params).sum::<usize>(), 30);
    }

    #[test]
    fn groups_stay_under_the_parameter_bound_and_in_order() {
        let appends: Vec<(Append, usize)> = (0..30)
            .map(|i| (append("g", 256, if i % 2 == 0 { LobbyWrite::Time } else { LobbyWrite::Nothing }), i))
            .collect();
        let groups = split(appends);
        assert!(groups.len() > 1);
        for group in &groups {
            assert!(group.iter().map(|(a, _)| a.params()).sum::<usize>() <= MAX_PARAMS);
        }
        let order: Vec<usize> = groups.into_iter().flatten().map(|(_, i)| i).collect();
        assert_eq!(order, (0..30).collect::<Vec<_>>());
    }
}
