//! Who is asking: the token a request presents (`Authorization: Bearer <token>`, else
//! `?token=`) and the seat or spectator's view it opens in a game. The HTTP routes, the
//! WebSocket and the analysis routes all open games through [`open`].

use crate::error::{ApiError, ErrorCode};
use crate::game::{Game, Viewer};
use crate::heavy::Heavy;
use crate::hub::{Games, Hub};
use crate::store::SeatHashes;
use crate::token;
use axum::http::{header, HeaderMap};
use axum::response::Response;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use warlord_rules::Side;

/// The `?token=` query parameter: the WebSocket's way to present a token, since browsers
/// cannot set headers on it.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct TokenQuery {
    /// A seat or spectator token.
    pub token: Option<String>,
}

/// The token of an `Authorization` header value in the bearer scheme: `Bearer <token>`, the
/// scheme's name in any case (RFC 7235). `None` for another scheme or an empty token.
#[must_use]
pub fn bearer(value: &str) -> Option<&str> {
    let (scheme, token) = value.trim_start().split_once(' ')?;
    let token = token.trim();
    (scheme.eq_ignore_ascii_case("bearer") && !token.is_empty()).then_some(token)
}

/// The token a request presents: a bearer `Authorization` header, else `?token=`.
#[must_use]
pub fn presented_token<'a>(headers: &'a HeaderMap, query: &'a TokenQuery) -> Option<&'a str> {
    headers.get(header::AUTHORIZATION).and_then(|v| v.to_str().ok()).and_then(bearer).or(query.token.as_deref())
}

/// Who a token makes its holder in a game with these seats: a seat, or a spectator. Without
/// a token, public games may be watched.
pub fn viewer(seats: &SeatHashes, public: bool, token: Option<&str>) -> Result<Viewer, ApiError> {
    let Some(token) = token else {
        return if public {
            Ok(Viewer::Spectator)
        } else {
            Err(ApiError::new(ErrorCode::Forbidden, "this game is private: open it with a seat or spectator link"))
        };
    };
    for (side, hash) in [(Side::White, &seats.white), (Side::Black, &seats.black)] {
        if hash.as_deref().is_some_and(|h| token::matches(token, h)) {
            return Ok(Viewer::Seat(side));
        }
    }
    if token::matches(token, &seats.spectator) {
        return Ok(Viewer::Spectator);
    }
    Err(ApiError::new(ErrorCode::Forbidden, "this link does not open this game"))
}

/// A game and who the request's token makes its holder. The token is checked before a game
/// not in memory is loaded (against its stored seats), so that a refused request costs one
/// row read, never a replay of the game's log.
pub async fn open(
    games: &Games,
    id: &str,
    headers: &HeaderMap,
    query: &TokenQuery,
) -> Result<(Arc<Hub>, Viewer), ApiError> {
    let token = presented_token(headers, query);
    games.open(id, |seats, public| viewer(seats, public, token)).await
}

/// Opens the game `id` for the request's token ([`open`]) and answers with `job`, run on the
/// game as it stands now and the viewer's seat, as a heavy job ([`Heavy::answer`]): the read-only
/// routes about one game (a preview, a refusal, the results) share this.
pub async fn answer_on_game<T, F>(
    games: &Games,
    heavy: &Heavy,
    id: &str,
    headers: &HeaderMap,
    query: &TokenQuery,
    job: F,
) -> Result<Response, ApiError>
where
    T: Serialize,
    F: FnOnce(&Game, Viewer) -> Result<T, ApiError> + Send + 'static,
{
    let (hub, viewer) = open(games, id, headers, query).await?;
    let snapshot = hub.snapshot();
    heavy.answer(move || job(&snapshot, viewer)).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::token::Token;
    use axum::http::HeaderValue;

    #[test]
    fn the_bearer_scheme_is_read_in_any_case_and_other_schemes_are_not() {
        assert_eq!(bearer("Bearer abc"), Some("abc"));
        assert_eq!(bearer("bearer  abc "), Some("abc"));
        assert_eq!(bearer("BEARER abc"), Some("abc"));
        assert_eq!(bearer("Basic abc"), None);
        assert_eq!(bearer("Bearer "), None);
        assert_eq!(bearer("Bearer"), None);
        assert_eq!(bearer("Bearerabc"), None);
    }

    #[test]
    fn the_header_comes_before_the_query() {
        let query = TokenQuery { token: Some("from-query".into()) };
        let mut headers = HeaderMap::new();
        assert_eq!(presented_token(&headers, &query), Some("from-query"));
        headers.insert(header::AUTHORIZATION, HeaderValue::from_static("Bearer from-header"));
        assert_eq!(presented_token(&headers, &query), Some("from-header"));
        headers.insert(header::AUTHORIZATION, HeaderValue::from_static("Basic dXNlcg=="));
        assert_eq!(presented_token(&headers, &query), Some("from-query"));
        assert_eq!(presented_token(&headers, &TokenQuery::default()), None);
    }

    #[test]
    fn each_token_opens_its_own_seat_only() {
        let (white, spectator, stranger) = (Token::generate(), Token::generate(), Token::generate());
        let seats = SeatHashes { white: Some(white.hash()), black: None, spectator: spectator.hash() };
        assert_eq!(viewer(&seats, false, Some(white.secret())), Ok(Viewer::Seat(Side::White)));
        assert_eq!(viewer(&seats, false, Some(spectator.secret())), Ok(Viewer::Spectator));
        assert_eq!(viewer(&seats, false, Some(stranger.secret())).unwrap_err().code, ErrorCode::Forbidden);
        assert_eq!(viewer(&seats, false, None).unwrap_err().code, ErrorCode::Forbidden);
        assert_eq!(viewer(&seats, true, None), Ok(Viewer::Spectator));
        // A seat nobody holds (the AI's) opens to no token.
        assert_eq!(viewer(&seats, true, Some("")).unwrap_err().code, ErrorCode::Forbidden);
    }
}
