//! The scenarios of a server: the shipped files, read once, each with its SHA-256; the pin a
//! new game is created with; and the scenario a stored game is rebuilt from (its pinned text,
//! or for games stored before pins, the shipped file of its id).

use crate::digest::sha256_hex;
use crate::error::{clip, ApiError, ErrorCode};
use crate::game::{GameMeta, Pin};
use std::collections::HashMap;
use std::sync::Arc;
use warlord_rules::{Scenario, RULES_VERSION};

/// A shipped scenario, read.
#[derive(Debug)]
struct Shipped {
    scenario: Arc<Scenario>,
    text: Arc<str>,
    sha256: String,
}

/// The shipped scenarios by id.
#[derive(Debug)]
pub struct Catalog {
    shipped: HashMap<String, Shipped>,
}

/// The scenario a stored game is rebuilt from.
#[derive(Debug)]
pub struct Resolved {
    /// The scenario to build the game's rules from.
    pub scenario: Arc<Scenario>,
    /// Why the game's own stored scenario could not be used (the shipped one stands in, and
    /// the game must be read-only); `None` when the game uses its pinned text, or has none.
    pub problem: Option<String>,
}

impl Catalog {
    /// The scenarios shipped with the program; one that does not read is logged and left out.
    #[must_use]
    pub fn shipped() -> Catalog {
        let shipped = warlord_scenarios::ALL
            .iter()
            .filter_map(|b| match Scenario::parse(b.text, &format!("builtin:{}", b.id)) {
                Ok(s) => Some((
                    s.id.clone(),
                    Shipped { scenario: Arc::new(s), text: Arc::from(b.text), sha256: sha256_hex(b.text) },
                )),
                Err(e) => {
                    tracing::error!(scenario = b.id, error = %e, "a shipped scenario does not load");
                    None
                }
            })
            .collect();
        Catalog { shipped }
    }

    /// The shipped scenario of an id; `not-found` for an unknown id.
    pub fn get(&self, id: &str) -> Result<&Arc<Scenario>, ApiError> {
        self.shipped_by_id(id).map(|s| &s.scenario)
    }

    fn shipped_by_id(&self, id: &str) -> Result<&Shipped, ApiError> {
        self.shipped
            .get(id)
            .ok_or_else(|| ApiError::new(ErrorCode::NotFound, format!("no scenario has the id `{}`", clip(id, 40))))
    }

    /// Every shipped scenario, in no particular order.
    pub fn all(&self) -> impl Iterator<Item = &Arc<Scenario>> + '_ {
        self.shipped.values().map(|s| &s.scenario)
    }

    /// A shipped scenario for a new game, with the pin stored with it; `not-found` for an
    /// unknown id.
    pub fn for_new_game(&self, id: &str) -> Result<(Arc<Scenario>, Pin), ApiError> {
        let shipped = self.shipped_by_id(id)?;
        let pin = Pin {
            scenario_text: shipped.text.clone(),
            scenario_sha256: shipped.sha256.clone(),
            rules_version: RULES_VERSION,
        };
        Ok((shipped.scenario.clone(), pin))
    }

    /// The scenario a stored game is rebuilt from: its pinned text (the shipped scenario
    /// itself when the texts are the same, so it is not read again). If the pinned text does
    /// not match its hash or no longer reads, the shipped scenario of the id stands in, with
    /// the problem. An error only if the game has no usable scenario at all.
    pub fn for_stored_game(&self, meta: &GameMeta) -> Result<Resolved, ApiError> {
        let problem = match &meta.pin {
            None => None,
            Some(pin) if sha256_hex(&pin.scenario_text) != pin.scenario_sha256 => {
                Some("does not match its SHA-256 (the stored text was altered)".to_string())
            }
            Some(pin) => {
                if let Some(shipped) = self.shipped.get(&meta.scenario).filter(|s| s.sha256 == pin.scenario_sha256) {
                    return Ok(Resolved { scenario: shipped.scenario.clone(), problem: None });
                }
                // The origin names the game, and ends in the scenario's id (which files without
                // an `id` field take from their origin's last part).
                let origin = format!("game {} stored:{}", meta.id, meta.scenario);
                match Scenario::parse(&pin.scenario_text, &origin) {
                    Ok(scenario) => return Ok(Resolved { scenario: Arc::new(scenario), problem: None }),
                    Err(e) => Some(format!("no longer reads: {e}")),
                }
            }
        };
        let shipped = self.shipped.get(&meta.scenario).ok_or_else(|| {
            let why = problem.as_deref().map(|p| format!("its stored scenario {p}, and ")).unwrap_or_default();
            ApiError::new(
                ErrorCode::Internal,
                format!("game {}: {why}this server has no scenario `{}`", meta.id, clip(&meta.scenario, 40)),
            )
        })?;
        Ok(Resolved { scenario: shipped.scenario.clone(), problem })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pin(text: &str) -> Pin {
        Pin { scenario_text: Arc::from(text), scenario_sha256: sha256_hex(text), rules_version: RULES_VERSION }
    }

    #[test]
    fn a_stored_game_uses_its_pinned_text_else_the_shipped_scenario_with_the_problem() {
        let catalog = Catalog::shipped();
        let shipped = catalog.get("chieftain").unwrap().clone();
        let (_, created) = catalog.for_new_game("chieftain").unwrap();
        assert_eq!(created.scenario_sha256, sha256_hex(&created.scenario_text));

        // The same text as shipped: the shipped scenario itself, not read again.
        let same = catalog.for_stored_game(&GameMeta::for_test(Some(created.clone()))).unwrap();
        assert!(Arc::ptr_eq(&same.scenario, &shipped) && same.problem.is_none());

        // Another text: read from the stored text.
        let renamed = created.scenario_text.replace("name = \"Chieftain Chess\"", "name = \"Then\"");
        let other = catalog.for_stored_game(&GameMeta::for_test(Some(pin(&renamed)))).unwrap();
        assert_eq!(other.scenario.name, "Then");
        assert!(other.problem.is_none());

        // Older games without a pin: the shipped scenario.
        assert_eq!(catalog.get("gone").unwrap_err().code, ErrorCode::NotFound);
        let older = catalog.for_stored_game(&GameMeta::for_test(None)).unwrap();
        assert!(Arc::ptr_eq(&older.scenario, &shipped) && older.problem.is_none());

        // An altered text or one that no longer reads: the shipped scenario, with why.
        let mut altered = pin(&renamed);
        altered.scenario_sha256 = created.scenario_sha256.clone();
        let problem = catalog.for_stored_game(&GameMeta::for_test(Some(altered))).unwrap().problem.unwrap();
        assert!(problem.contains("SHA-256"), "{problem}");
        let unreadable = catalog.for_stored_game(&GameMeta::for_test(Some(pin("family = 7")))).unwrap();
        assert!(Arc::ptr_eq(&unreadable.scenario, &shipped));
        assert!(unreadable.problem.unwrap().contains("no longer reads"));

        // Nothing usable at all: an error naming the game.
        let mut lost = GameMeta::for_test(Some(pin("family = 7")));
        lost.scenario = "gone".into();
        let e = catalog.for_stored_game(&lost).unwrap_err();
        assert!(e.message.contains("0123456789abcdef") && e.message.contains("`gone`"), "{}", e.message);
        assert_eq!(catalog.for_new_game("gone").unwrap_err().code, ErrorCode::NotFound);
    }
}
