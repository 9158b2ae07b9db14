//! What a load-test player reads of a server message: its type, its `seq`, whether the game is
//! over, and its legal actions, which the player keeps ([`Legal`]) to choose one at random.
//! The load generator shares the cores with the server it measures, so it reads as little as
//! a client that plays needs: the message is scanned once, borrowed, and the legal actions
//! (100 to 200 objects in a whole list; in a delta, usually the few that changed) are kept as
//! their JSON text, not read: only the one chosen is read, for its notation.

use rand::Rng;
use serde::de::{DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::value::RawValue;
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
    /// The changes from the state before (carrying `seq` and `outcome` whole, and `legal`
    /// whole or as a patch).
    Delta,
    /// Anything else (the game's description, `accepted`, `pong`).
    #[serde(other)]
    Other,
}

/// The parts of a server message a player reads, but its legal actions (see [`Legal`]).
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Seen {
    /// The message's type.
    pub kind: Kind,
    /// Its `seq` (0 if it has none).
    pub seq: u64,
    /// Whether it carries an outcome (the game is over).
    pub over: bool,
}

impl Seen {
    /// Reads a message's text, bringing `legal` to the legal actions of the state it carries.
    pub fn read(text: &str, legal: &mut Legal) -> serde_json::Result<Seen> {
        let mut de = serde_json::Deserializer::from_str(text);
        let seen = ReadSeen { legal }.deserialize(&mut de)?;
        de.end()?;
        Ok(seen)
    }
}

/// A player's legal actions, in the last state it read: each action's JSON text, one after
/// another in one buffer, read only when chosen. A delta's patch (docs/API.md) is applied by
/// copying texts, not reading them.
#[derive(Debug, Default)]
pub(super) struct Legal {
    /// The `seq` of the state they are the legal actions of.
    seq: u64,
    /// The actions' JSON texts, one after another.
    text: String,
    /// Where each action's text ends in `text`.
    ends: Vec<usize>,
    /// Whether a delta changed a list other than the one held (the list is unknown until the
    /// next whole list).
    stale: bool,
    /// The buffers a patched list is written into (the last list's, kept for their memory).
    spare: (String, Vec<usize>),
}

/// A legal action's notation.
#[derive(serde::Deserialize)]
struct LegalText<'a> {
    #[serde(borrow)]
    text: Cow<'a, str>,
}

impl Legal {
    /// Whether a delta changed a list other than the one held: the player must ask for the
    /// whole state (`sync`).
    pub fn is_stale(&self) -> bool {
        self.stale
    }

    /// One of the actions, each as likely as any other (its notation); none if there are
    /// none or the list is stale.
    pub fn choose(&self, rng: &mut impl Rng) -> serde_json::Result<Option<Cow<'_, str>>> {
        if self.stale || self.ends.is_empty() {
            return Ok(None);
        }
        let action: LegalText = serde_json::from_str(self.item(rng.gen_range(0..self.ends.len())))?;
        Ok(Some(action.text))
    }

    /// The action at `i`'s JSON text.
    fn item(&self, i: usize) -> &str {
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        &self.text[start..self.ends[i]]
    }

    /// Replaces the list with a whole one.
    fn replace<'de, A: SeqAccess<'de>>(&mut self, mut seq: A) -> Result<(), A::Error> {
        self.text.clear();
        self.ends.clear();
        while let Some(action) = seq.next_element::<&RawValue>()? {
            self.text.push_str(action.get());
            self.ends.push(self.text.len());
        }
        self.stale = false;
        Ok(())
    }

    /// Applies a patch: the actions at the indices of `remove` gone, then each of `add`
    /// inserted at its index. A patch that does not fit the list leaves it stale.
    fn patch(&mut self, remove: &[u32], add: &[(u32, &RawValue)]) {
        let (mut text, mut ends) = std::mem::take(&mut self.spare);
        text.clear();
        ends.clear();
        let count = self.ends.len();
        let mut kept = (0..count).filter(|i| remove.binary_search(&(*i as u32)).is_err()).map(|i| self.item(i));
        let mut added = add.iter().peekable();
        loop {
            let action = match added.next_if(|(at, _)| *at as usize == ends.len()) {
                Some((_, action)) => action.get(),
                None => match kept.next() {
                    Some(action) => action,
                    None => break,
                },
            };
            text.push_str(action);
            ends.push(text.len());
        }
        let fits = added.next().is_none() && remove.iter().all(|&i| (i as usize) < count);
        self.stale |= !fits;
        self.spare = (std::mem::replace(&mut self.text, text), std::mem::replace(&mut self.ends, ends));
    }
}

/// The message's fields a player reads; the rest are skipped.
#[derive(serde::Deserialize)]
#[serde(rename_all = "lowercase")]
enum Field {
    #[serde(rename = "type")]
    Kind,
    From,
    Seq,
    Outcome,
    Legal,
    #[serde(other)]
    Other,
}

/// A legal-actions patch's fields.
#[derive(serde::Deserialize)]
#[serde(rename_all = "lowercase")]
enum PatchField {
    Remove,
    Add,
    #[serde(other)]
    Other,
}

/// Reads a message into a [`Seen`] and its legal actions into a [`Legal`].
struct ReadSeen<'l> {
    legal: &'l mut Legal,
}

impl<'de> DeserializeSeed<'de> for ReadSeen<'_> {
    type Value = Seen;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Seen, D::Error> {
        deserializer.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for ReadSeen<'_> {
    type Value = Seen;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a server message (a JSON object)")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Seen, A::Error> {
        let mut seen = Seen { kind: Kind::Other, seq: 0, over: false };
        let mut from = None;
        let mut legal_read = false;
        while let Some(field) = map.next_key::<Field>()? {
            match field {
                Field::Kind => seen.kind = map.next_value()?,
                Field::From => from = Some(map.next_value()?),
                Field::Seq => seen.seq = map.next_value()?,
                Field::Outcome => seen.over = map.next_value::<Option<IgnoredAny>>()?.is_some(),
                Field::Legal => {
                    map.next_value_seed(ReadLegal { legal: &mut *self.legal, from })?;
                    legal_read = true;
                }
                Field::Other => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        if legal_read {
            self.legal.seq = seen.seq;
        }
        Ok(seen)
    }
}

/// Reads a message's legal actions into a [`Legal`]: a whole list (an array), or a patch (an
/// object) of the list of the state at `from` (the message's `from`, which the server writes
/// before `legal`).
struct ReadLegal<'l> {
    legal: &'l mut Legal,
    from: Option<u64>,
}

impl<'de> DeserializeSeed<'de> for ReadLegal<'_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for ReadLegal<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a list of legal actions or a patch of one")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<(), A::Error> {
        self.legal.replace(seq)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let mut remove = Vec::new();
        let mut add = Vec::new();
        while let Some(field) = map.next_key::<PatchField>()? {
            match field {
                PatchField::Remove => remove = map.next_value::<Vec<u32>>()?,
                PatchField::Add => add = map.next_value::<Vec<(u32, &'de RawValue)>>()?,
                PatchField::Other => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        if self.from == Some(self.legal.seq) && !self.legal.stale {
            self.legal.patch(&remove, &add);
        } else {
            self.legal.stale = true;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::SeedableRng;

    impl Legal {
        /// Each action's JSON text.
        fn texts(&self) -> Vec<&str> {
            (0..self.ends.len()).map(|i| self.item(i)).collect()
        }
    }

    fn action(text: &str) -> String {
        format!(r#"{{"text":"{text}","kind":"move"}}"#)
    }

    #[test]
    fn a_message_is_read_for_its_type_seq_outcome_and_legal_actions() {
        let mut rng = StdRng::seed_from_u64(1);
        let mut legal = Legal::default();
        let text = r#"{"type":"state","seq":4,"pieces":[],
            "legal":[{"text":"a1-a2","kind":"move","from":"a1","to":"a2"}],"outcome":null}"#;
        let seen = Seen::read(text, &mut legal).unwrap();
        assert_eq!(seen, Seen { kind: Kind::State, seq: 4, over: false });
        assert_eq!(legal.choose(&mut rng).unwrap(), Some("a1-a2".into()));
        let over = r#"{"type":"delta","from":4,"seq":9,"legal":[],"outcome":{"winner":"white"}}"#;
        assert_eq!(Seen::read(over, &mut legal).unwrap(), Seen { kind: Kind::Delta, seq: 9, over: true });
        assert_eq!(legal.choose(&mut rng).unwrap(), None);
        let accepted = r#"{"type":"accepted","ref":3,"seq":6}"#;
        assert_eq!(Seen::read(accepted, &mut legal).unwrap().kind, Kind::Other);
        assert_eq!(Seen::read(r#"{"type":"error","ref":1}"#, &mut legal).unwrap().kind, Kind::Error);
        Seen::read(r#"{"type":"state","seq":1,"legal":[{"kind":"move"}]}"#, &mut legal).unwrap();
        assert!(legal.choose(&mut rng).is_err(), "an action without text");
        assert!(Seen::read("[1]", &mut legal).is_err());
    }

    #[test]
    fn a_patch_removes_and_inserts_actions_by_index() {
        let mut legal = Legal::default();
        let list: Vec<String> = ["a", "b", "c", "d", "e"].map(action).to_vec();
        Seen::read(&format!(r#"{{"type":"state","seq":3,"legal":[{}]}}"#, list.join(",")), &mut legal).unwrap();
        let patch = format!(
            r#"{{"type":"delta","from":3,"seq":4,"legal":{{"remove":[1,3],"add":[[0,{}],[4,{}]]}}}}"#,
            action("x"),
            action("y")
        );
        Seen::read(&patch, &mut legal).unwrap();
        assert_eq!(legal.texts(), ["x", "a", "c", "e", "y"].map(action));
        assert!(!legal.is_stale());
        // Nothing changed.
        Seen::read(r#"{"type":"delta","from":4,"seq":5,"legal":{"remove":[],"add":[]}}"#, &mut legal).unwrap();
        assert_eq!(legal.texts().len(), 5);
    }

    #[test]
    fn a_patch_of_a_list_not_held_leaves_it_stale_until_a_whole_list() {
        let mut rng = StdRng::seed_from_u64(3);
        let mut legal = Legal::default();
        Seen::read(&format!(r#"{{"type":"state","seq":3,"legal":[{}]}}"#, action("a")), &mut legal).unwrap();
        Seen::read(r#"{"type":"delta","from":2,"seq":4,"legal":{"remove":[0],"add":[]}}"#, &mut legal).unwrap();
        assert!(legal.is_stale());
        assert_eq!(legal.choose(&mut rng).unwrap(), None);
        Seen::read(&format!(r#"{{"type":"state","seq":4,"legal":[{}]}}"#, action("b")), &mut legal).unwrap();
        assert_eq!(legal.choose(&mut rng).unwrap(), Some("b".into()));
        // Indices past the list's end.
        Seen::read(r#"{"type":"delta","from":4,"seq":5,"legal":{"remove":[],"add":[[3,{}]]}}"#, &mut legal).unwrap();
        assert!(legal.is_stale());
    }

    #[test]
    fn every_legal_action_is_as_likely_to_be_chosen() {
        let mut rng = StdRng::seed_from_u64(7);
        let mut legal = Legal::default();
        let list: Vec<String> = (0..5).map(|i| action(&format!("m{i}"))).collect();
        Seen::read(&format!(r#"{{"type":"state","seq":1,"legal":[{}]}}"#, list.join(",")), &mut legal).unwrap();
        let mut counts = [0u32; 5];
        for _ in 0..5000 {
            let choice = legal.choose(&mut rng).unwrap().expect("a choice");
            counts[usize::from(choice.as_bytes()[1] - b'0')] += 1;
        }
        // 1,000 expected each; a standard deviation is about 28.
        assert!(counts.iter().all(|&c| (880..=1120).contains(&c)), "{counts:?}");
    }
}
