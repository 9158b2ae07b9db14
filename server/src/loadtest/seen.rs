//! What a load-test player reads of a server message: its type, its `seq`, whether the game is
//! over, and one of its legal actions chosen at random. The load generator shares the cores
//! with the server it measures, so it reads as little as a client that plays needs: the
//! message is scanned once, borrowed, and of the legal actions (100 to 200 objects, most of a
//! mover's message) only the few kept while choosing are read whole, the others skipped.

use rand::Rng;
use serde::de::{DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use std::borrow::Cow;
use std::fmt;

/// The kinds of server message a player acts on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(super) enum Kind {
    /// A refusal.
    Error,
    /// A whole state.
    State,
    /// The changes from the state before (carrying `seq`, `outcome` and `legal` whole).
    Delta,
    /// Anything else (the game's description, `accepted`, `pong`).
    #[serde(other)]
    Other,
}

/// The parts of a server message a player reads.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Seen<'a> {
    /// The message's type.
    pub kind: Kind,
    /// Its `seq` (0 if it has none).
    pub seq: u64,
    /// Whether it carries an outcome (the game is over).
    pub over: bool,
    /// One of its legal actions, each as likely as any other; none if it lists none.
    pub choice: Option<Cow<'a, str>>,
}

impl<'a> Seen<'a> {
    /// Reads a message's text, choosing a legal action with `rng`.
    pub fn read(text: &'a str, rng: &mut impl Rng) -> serde_json::Result<Seen<'a>> {
        let mut de = serde_json::Deserializer::from_str(text);
        let seen = ReadSeen { rng }.deserialize(&mut de)?;
        de.end()?;
        Ok(seen)
    }
}

/// The message's fields a player reads; the rest are skipped.
#[derive(serde::Deserialize)]
#[serde(rename_all = "lowercase")]
enum Field {
    #[serde(rename = "type")]
    Kind,
    Seq,
    Outcome,
    Legal,
    #[serde(other)]
    Other,
}

/// A legal action's notation.
#[derive(serde::Deserialize)]
struct LegalText<'a> {
    #[serde(borrow)]
    text: Cow<'a, str>,
}

/// Reads a message into a [`Seen`].
struct ReadSeen<'r, R> {
    rng: &'r mut R,
}

impl<'de, R: Rng> DeserializeSeed<'de> for ReadSeen<'_, R> {
    type Value = Seen<'de>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Seen<'de>, D::Error> {
        deserializer.deserialize_map(self)
    }
}

impl<'de, R: Rng> Visitor<'de> for ReadSeen<'_, R> {
    type Value = Seen<'de>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a server message (a JSON object)")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Seen<'de>, A::Error> {
        let mut seen = Seen { kind: Kind::Other, seq: 0, over: false, choice: None };
        while let Some(field) = map.next_key::<Field>()? {
            match field {
                Field::Kind => seen.kind = map.next_value()?,
                Field::Seq => seen.seq = map.next_value()?,
                Field::Outcome => seen.over = map.next_value::<Option<IgnoredAny>>()?.is_some(),
                Field::Legal => seen.choice = map.next_value_seed(PickOne { rng: &mut *self.rng })?,
                Field::Other => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(seen)
    }
}

/// Chooses one action of a list of legal actions while reading it, by reservoir sampling:
/// the n-th action replaces the one kept with probability 1/n, which leaves each of the list's
/// actions kept with the same probability; only the actions kept are read whole (about
/// ln n of them).
struct PickOne<'r, R> {
    rng: &'r mut R,
}

impl<'de, R: Rng> DeserializeSeed<'de> for PickOne<'_, R> {
    type Value = Option<Cow<'de, str>>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_seq(self)
    }
}

impl<'de, R: Rng> Visitor<'de> for PickOne<'_, R> {
    type Value = Option<Cow<'de, str>>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a list of legal actions")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut chosen = None;
        for n in 1u64.. {
            let more = if self.rng.gen_range(0..n) == 0 {
                seq.next_element::<LegalText>()?.map(|legal| chosen = Some(legal.text)).is_some()
            } else {
                seq.next_element::<IgnoredAny>()?.is_some()
            };
            if !more {
                break;
            }
        }
        Ok(chosen)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::SeedableRng;

    #[test]
    fn a_message_is_read_for_its_type_seq_outcome_and_one_legal_action() {
        let mut rng = StdRng::seed_from_u64(1);
        let text = r#"{"type":"delta","from":4,"seq":5,"pieces":{"remove":["a1"],"set":[]},
            "legal":[{"text":"a1-a2","kind":"move","from":"a1","to":"a2"}],"outcome":null}"#;
        let seen = Seen::read(text, &mut rng).unwrap();
        assert_eq!(seen, Seen { kind: Kind::Delta, seq: 5, over: false, choice: Some("a1-a2".into()) });
        let over = r#"{"type":"state","seq":9,"legal":[],"outcome":{"winner":"white"}}"#;
        assert_eq!(Seen::read(over, &mut rng).unwrap(), Seen { kind: Kind::State, seq: 9, over: true, choice: None });
        let accepted = r#"{"type":"accepted","ref":3,"seq":6}"#;
        assert_eq!(Seen::read(accepted, &mut rng).unwrap().kind, Kind::Other);
        assert_eq!(Seen::read(r#"{"type":"error","ref":1}"#, &mut rng).unwrap().kind, Kind::Error);
        assert!(
            Seen::read(r#"{"type":"delta","legal":[{"kind":"move"}]}"#, &mut rng).is_err(),
            "an action without text"
        );
        assert!(Seen::read("[1]", &mut rng).is_err());
    }

    #[test]
    fn every_legal_action_is_as_likely_to_be_chosen() {
        let mut rng = StdRng::seed_from_u64(7);
        let list: Vec<String> = (0..5).map(|i| format!(r#"{{"text":"m{i}","kind":"move"}}"#)).collect();
        let text = format!(r#"{{"type":"state","seq":1,"legal":[{}]}}"#, list.join(","));
        let mut counts = [0u32; 5];
        for _ in 0..5000 {
            let choice = Seen::read(&text, &mut rng).unwrap().choice.expect("a choice");
            counts[usize::from(choice.as_bytes()[1] - b'0')] += 1;
        }
        // 1,000 expected each; a standard deviation is about 28.
        assert!(counts.iter().all(|&c| (880..=1120).contains(&c)), "{counts:?}");
    }
}
