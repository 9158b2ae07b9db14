//! Piece kinds: names, symbols, classes, moves and command powers, all data.

use crate::movement::MoveRule;
use serde::{Deserialize, Serialize};

/// The index of a piece kind in its game's [`PieceTable`].
pub type KindId = u8;

/// What role a piece plays, for the rules that name roles rather than pieces: terrain, the
/// optional rules, promotion and victory.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum UnitClass {
    /// A leader (Chieftain, Leader): commands others; losing them all loses the game.
    Leader,
    /// Heavy cavalry (tanks, armour).
    HeavyCavalry,
    /// Cannon (artillery).
    Cannon,
    /// Light cavalry (scouts, skirmishers, knights).
    LightCavalry,
    /// Infantry (warriors, men).
    Infantry,
    /// Anything else (Hero, Shaman, Bishopy, Rookish, the Medieval War Chess pieces).
    Other,
}

impl UnitClass {
    /// Its name as scenario files write it (`heavy-cavalry`).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            UnitClass::Leader => "leader",
            UnitClass::HeavyCavalry => "heavy-cavalry",
            UnitClass::Cannon => "cannon",
            UnitClass::LightCavalry => "light-cavalry",
            UnitClass::Infantry => "infantry",
            UnitClass::Other => "other",
        }
    }
}

/// The power to activate pieces.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Command {
    /// How many pieces it may activate in one turn (its level).
    pub capacity: u8,
    /// How far (in king steps) a piece may be from it and still be activated.
    pub range: u8,
    /// Whether it may activate other pieces, or only itself (un-numbered and promoted leaders,
    /// self-activating knights).
    pub others: bool,
}

impl Command {
    /// Whether it activates pieces other than itself: a commander, whose range and capacity
    /// reach others (the agents' features, setups and replies, and the rules' hints, ask this).
    #[must_use]
    pub fn activates_others(&self) -> bool {
        self.others && self.capacity > 0
    }
}

/// One kind of piece.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceKind {
    /// Its name, e.g. `Heavy Cavalry`.
    pub name: String,
    /// Its symbol in setups and notation, upper case for White (e.g. `H`, or `L2`).
    pub symbol: String,
    /// Its role.
    pub class: UnitClass,
    /// How it moves.
    pub moves: Vec<MoveRule>,
    /// Its command powers, if it can activate pieces.
    pub command: Option<Command>,
    /// Its points value: leader values, material adjudication.
    pub value: u32,
}

impl PieceKind {
    /// The farthest any of its moves reaches.
    #[must_use]
    pub fn reach(&self) -> u8 {
        self.moves.iter().map(|m| m.reach()).max().unwrap_or(0)
    }

    /// How a UI draws it, from its role: leaders wear a crown (a coronet if they order only
    /// themselves) labelled with their level; the named pieces of the Warlord texts have their
    /// own silhouettes; anything else is a disc with its symbol.
    #[must_use]
    pub fn appearance(&self) -> crate::ruleset::Appearance {
        use crate::ruleset::Appearance;
        let shape = |shape: &'static str| Appearance { shape, label: None };
        match self.class {
            UnitClass::Leader => {
                let level = match self.command {
                    Some(c) if c.capacity > 1 => Some(c.capacity.to_string()),
                    _ => self.symbol.chars().find(char::is_ascii_digit).map(String::from),
                };
                let others = self.command.is_none_or(|c| c.others);
                Appearance { shape: if others { "crown" } else { "coronet" }, label: level }
            }
            UnitClass::HeavyCavalry => shape("armoured"),
            UnitClass::LightCavalry => shape("horse"),
            UnitClass::Cannon => shape("cannon"),
            UnitClass::Infantry => shape("infantry"),
            UnitClass::Other => {
                let name = self.name.to_lowercase();
                let symbol = self.symbol.to_uppercase();
                let named = [
                    ("hero", "H", "sword"),
                    ("shaman", "S", "staff"),
                    ("bishop", "B", "mitre"),
                    ("rook", "R", "tower"),
                ];
                match named.iter().find(|(n, sym, _)| name.contains(n) || symbol == *sym) {
                    Some(&(_, _, s)) => shape(s),
                    None => Appearance { shape: "disc", label: Some(symbol) },
                }
            }
        }
    }

    /// Whether it is a leader for victory purposes.
    #[must_use]
    pub fn is_leader(&self) -> bool {
        self.class == UnitClass::Leader
    }
}

/// The kinds of piece a game uses, indexed by [`KindId`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PieceTable {
    kinds: Vec<PieceKind>,
}

impl PieceTable {
    /// A table of the given kinds.
    #[must_use]
    pub fn new(kinds: Vec<PieceKind>) -> PieceTable {
        PieceTable { kinds }
    }

    /// The kind with an id.
    #[must_use]
    pub fn get(&self, id: KindId) -> &PieceKind {
        &self.kinds[usize::from(id)]
    }

    /// Mutable access to a kind, for options that change pieces.
    pub fn get_mut(&mut self, id: KindId) -> &mut PieceKind {
        &mut self.kinds[usize::from(id)]
    }

    /// All kinds with their ids.
    pub fn iter(&self) -> impl Iterator<Item = (KindId, &PieceKind)> {
        self.kinds.iter().enumerate().map(|(i, k)| (i as KindId, k))
    }

    /// Number of kinds.
    #[must_use]
    pub fn len(&self) -> usize {
        self.kinds.len()
    }

    /// Whether there are no kinds.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.kinds.is_empty()
    }

    /// The kind whose symbol matches, ignoring case.
    #[must_use]
    pub fn by_symbol(&self, symbol: &str) -> Option<KindId> {
        self.iter().find(|(_, k)| k.symbol.eq_ignore_ascii_case(symbol)).map(|(i, _)| i)
    }

    /// The farthest any piece reaches, by a move or by an activation (its command range): how
    /// wide a board's padding must be, since move generation scans the activation box around
    /// pieces without testing coordinates.
    #[must_use]
    pub fn reach(&self) -> u8 {
        let range = |k: &PieceKind| k.command.map_or(0, |c| c.range);
        self.kinds.iter().map(|k| k.reach().max(range(k))).max().unwrap_or(1)
    }
}

/// A piece on the board.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Piece {
    /// Its kind.
    pub kind: KindId,
    /// Its owner.
    pub side: crate::Side,
}

#[cfg(test)]
mod class_name_tests {
    use super::UnitClass;

    #[test]
    fn class_names_are_the_scenario_spelling() {
        for class in [
            UnitClass::Leader,
            UnitClass::HeavyCavalry,
            UnitClass::Cannon,
            UnitClass::LightCavalry,
            UnitClass::Infantry,
            UnitClass::Other,
        ] {
            let written = toml::Value::try_from(class).unwrap();
            assert_eq!(written.as_str(), Some(class.name()));
        }
    }
}
