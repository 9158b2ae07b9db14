//! The fixed rules of a Medieval War Chess scenario, read from its `[rules]` table: the strength
//! table, the pawn formation rule, which pieces fire cannon and the actions a turn. The text
//! muses about changing these ("knight defence 7"), so a designer may set every one of them.
//!
//! ```toml
//! [rules]
//! actions-per-turn = 3
//! cannon = ["R"]
//! pawns = ["P"]
//! pawn-strength = "adjacent-pawns"   # or "adjacent-pieces"
//! pawn-per-neighbour = [1, 2]        # offence, defence per counted neighbour
//! [rules.strength]                   # offence, defence; defaults are the text's table
//! K = [2, 4]
//! Q = [6, 6]
//! R = [0, 0]
//! B = [3, 6]
//! N = [4, 8]
//! ```

use crate::piece::{KindId, PieceTable};

/// A field of `[rules]` and what is wrong with it.
type FieldError = (String, String);

/// The text's strength table (\[004] Piece Strengths): offence, defence.
const TEXT_STRENGTHS: [(&str, u32, u32); 5] = [("K", 2, 4), ("Q", 6, 6), ("R", 0, 0), ("B", 3, 6), ("N", 4, 8)];

/// The largest strength a scenario may give, so that sums never overflow.
const MAX_STRENGTH: i64 = 1000;

/// How strong a kind of piece is in melee.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Strength {
    /// Fixed strengths (queen 6/6, knight 4/8, bishop 3/6, king 2/4, rook 0/0).
    Fixed {
        /// Its share of an attack it joins.
        offence: u32,
        /// What an attack on it must exceed.
        defence: u32,
    },
    /// A pawn: its strength comes from the neighbours the formation rule counts.
    Formation,
}

/// Which adjacent friends make a pawn strong.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum FormationCount {
    /// Adjacent friendly pawns (the text; rulings 13).
    Pawns,
    /// Any adjacent friendly piece (a variant a designer may try).
    Pieces,
}

/// The pawn formation rule: x counted neighbours give x times these strengths.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Formation {
    /// Which neighbours count.
    pub counts: FormationCount,
    /// Offence per counted neighbour (1 in the text).
    pub offence: u32,
    /// Defence per counted neighbour (2 in the text).
    pub defence: u32,
}

/// The fixed rules of one Medieval War Chess scenario (what is not an option).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MedievalConfig {
    /// Actions in every turn (3 in the text; rulings 11).
    pub actions_per_turn: u8,
    /// The melee strength of each piece kind, indexed by [`KindId`].
    pub strength: Vec<Strength>,
    /// How pawns' strength is counted.
    pub formation: Formation,
    /// Which kinds may make cannon attacks, indexed by [`KindId`] (the rook in the text).
    pub cannon: Vec<bool>,
}

impl MedievalConfig {
    /// The strength of a kind.
    #[must_use]
    pub fn strength_of(&self, kind: KindId) -> Strength {
        self.strength[usize::from(kind)]
    }

    /// Whether a kind may make cannon attacks.
    #[must_use]
    pub fn fires(&self, kind: KindId) -> bool {
        self.cannon[usize::from(kind)]
    }

    /// Reads `[rules]` for the scenario's pieces. Every field is optional: the defaults are the
    /// text's rules for the kinds with the text's symbols. Errors name the field.
    pub fn from_table(rules: &toml::Table, pieces: &PieceTable) -> Result<MedievalConfig, FieldError> {
        let default_kinds = |symbol: &str| pieces.by_symbol(symbol).into_iter().collect::<Vec<_>>();
        let mut actions_per_turn = 3;
        let mut pawns = default_kinds("P");
        let mut cannon = default_kinds("R");
        let mut counts = FormationCount::Pawns;
        let mut per_neighbour = (1, 2);
        let mut table: Vec<Option<(u32, u32)>> = vec![None; pieces.len()];
        for (symbol, offence, defence) in TEXT_STRENGTHS {
            if let Some(kind) = pieces.by_symbol(symbol) {
                table[usize::from(kind)] = Some((offence, defence));
            }
        }
        for (key, value) in rules {
            let field = format!("rules.{key}");
            match key.as_str() {
                "actions-per-turn" => {
                    actions_per_turn = match value {
                        toml::Value::Integer(n) if (1..=20).contains(n) => *n as u8,
                        _ => return Err((field, "must be a whole number from 1 to 20".into())),
                    }
                }
                "pawns" => pawns = kinds(value, pieces, &field)?,
                "cannon" => cannon = kinds(value, pieces, &field)?,
                "pawn-strength" => {
                    counts = match value.as_str() {
                        Some("adjacent-pawns") => FormationCount::Pawns,
                        Some("adjacent-pieces") => FormationCount::Pieces,
                        _ => return Err((field, "must be \"adjacent-pawns\" (the text) or \"adjacent-pieces\"".into())),
                    }
                }
                "pawn-per-neighbour" => per_neighbour = pair(value, &field)?,
                "strength" => {
                    let entries = value.as_table().ok_or_else(|| {
                        (field.clone(), "must be a table of piece symbols, like { N = [4, 7] }".to_string())
                    })?;
                    for (symbol, v) in entries {
                        let field = format!("rules.strength.{symbol}");
                        let kind = pieces
                            .by_symbol(symbol)
                            .ok_or_else(|| (field.clone(), format!("no piece of this scenario has the symbol `{symbol}`")))?;
                        table[usize::from(kind)] = Some(pair(v, &field)?);
                    }
                }
                _ => {
                    return Err((
                        field,
                        "unknown rule; the Medieval War Chess rules are actions-per-turn, strength, pawns, pawn-strength, pawn-per-neighbour and cannon".into(),
                    ))
                }
            }
        }
        let mut strength = Vec::with_capacity(pieces.len());
        for (kind, piece) in pieces.iter() {
            let is_pawn = pawns.contains(&kind);
            strength.push(match (is_pawn, table[usize::from(kind)]) {
                (true, None) => Strength::Formation,
                (false, Some((offence, defence))) => Strength::Fixed { offence, defence },
                (true, Some(_)) => {
                    return Err((
                        format!("rules.strength.{}", piece.symbol),
                        format!(
                            "the {} is a pawn: its strength comes from its formation (rules.pawn-per-neighbour)",
                            piece.name
                        ),
                    ))
                }
                (false, None) => {
                    return Err((
                        "rules.strength".into(),
                        format!(
                            "no strength for the {} ({}): add {} = [offence, defence]",
                            piece.name, piece.symbol, piece.symbol
                        ),
                    ))
                }
            });
        }
        let cannon = (0..pieces.len()).map(|k| cannon.contains(&(k as KindId))).collect();
        let formation = Formation { counts, offence: per_neighbour.0, defence: per_neighbour.1 };
        Ok(MedievalConfig { actions_per_turn, strength, formation, cannon })
    }
}

/// A list of piece symbols, as kinds.
fn kinds(value: &toml::Value, pieces: &PieceTable, field: &str) -> Result<Vec<KindId>, FieldError> {
    let list = value
        .as_array()
        .ok_or_else(|| (field.to_string(), "must be a list of piece symbols, like [\"R\"]".to_string()))?;
    list.iter()
        .map(|v| {
            let symbol = v
                .as_str()
                .ok_or_else(|| (field.to_string(), "must be a list of piece symbols, like [\"R\"]".to_string()))?;
            pieces
                .by_symbol(symbol)
                .ok_or_else(|| (field.to_string(), format!("no piece of this scenario has the symbol `{symbol}`")))
        })
        .collect()
}

/// An `[offence, defence]` pair.
fn pair(value: &toml::Value, field: &str) -> Result<(u32, u32), FieldError> {
    let bad = || (field.to_string(), format!("must be [offence, defence], two whole numbers from 0 to {MAX_STRENGTH}"));
    match value.as_array().map(Vec::as_slice) {
        Some([toml::Value::Integer(o), toml::Value::Integer(d)])
            if (0..=MAX_STRENGTH).contains(o) && (0..=MAX_STRENGTH).contains(d) =>
        {
            Ok((*o as u32, *d as u32))
        }
        _ => Err(bad()),
    }
}
