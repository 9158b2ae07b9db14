//! The terrain capture tables of WarGame 1, as data: which attacker may kill which defender,
//! and how, when the defender stands in a town, trees or on a hill. A defender on open ground
//! (and a kind of defender a table does not list, like the Command Post) may be killed by any
//! legal move onto it or shot at it.

use super::config::Role;
use crate::terrain::Terrain;

/// How an attacker kills.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum How {
    /// By moving onto the defender (replacement). Infantry rifle fire ("rifle capture instead
    /// of replacement") counts as infantry replacement.
    Replacement,
    /// By shooting from a square next to the defender ("directly adjacent", "adjacent").
    AdjacentFire,
    /// By shooting from farther away.
    DistantFire,
}

/// One table of the text: a defender in a terrain, and the only ways it may be killed.
#[derive(Copy, Clone, Debug)]
pub struct Table {
    /// The terrain the defender stands in.
    pub terrain: Terrain,
    /// The defender.
    pub defender: Role,
    /// The attackers and ways that kill it; nothing else does.
    pub killers: &'static [(Role, How)],
}

use How::{AdjacentFire, Replacement};
use Role::{Artillery, Infantry, Leader, Tank};

/// The tables of the text, row by row (docs/RULES.md, "WarGame 1").
pub const TABLES: [Table; 10] = [
    // "Deterministic captures allowed when defender is in town:"
    // "Infantry only captured by artillery directly adjacent [and shooting];"
    Table { terrain: Terrain::Town, defender: Infantry, killers: &[(Artillery, AdjacentFire)] },
    // "Artillery only captured by tanks directly adjacent;"
    Table { terrain: Terrain::Town, defender: Artillery, killers: &[(Tank, AdjacentFire)] },
    // "Tanks in town only captured by infantry replacement."
    Table { terrain: Terrain::Town, defender: Tank, killers: &[(Infantry, Replacement)] },
    // "Leaders captured by tank or inf replacement only."
    Table { terrain: Terrain::Town, defender: Leader, killers: &[(Tank, Replacement), (Infantry, Replacement)] },
    // "Leaders in trees killed by:" infantry by replacement, artillery directly adjacent,
    // tank directly adjacent; "Leaders never kill leaders in trees."
    Table {
        terrain: Terrain::Trees,
        defender: Leader,
        killers: &[(Infantry, Replacement), (Artillery, AdjacentFire), (Tank, AdjacentFire)],
    },
    // "Artillery in trees killed by:" adjacent tank or adjacent artillery; "never by infantry
    // or leaders".
    Table { terrain: Terrain::Trees, defender: Artillery, killers: &[(Tank, AdjacentFire), (Artillery, AdjacentFire)] },
    // "Infantry in trees killed by:" adjacent tank, adjacent artillery, infantry replacement;
    // "never by leaders".
    Table {
        terrain: Terrain::Trees,
        defender: Infantry,
        killers: &[(Tank, AdjacentFire), (Artillery, AdjacentFire), (Infantry, Replacement)],
    },
    // "Tanks on hills killed by:" adjacent artillery, infantry replacement, tank replacement.
    Table {
        terrain: Terrain::Hill,
        defender: Tank,
        killers: &[(Artillery, AdjacentFire), (Infantry, Replacement), (Tank, Replacement)],
    },
    // "Leaders on hills killed by:" infantry replacement, tank replacement.
    Table { terrain: Terrain::Hill, defender: Leader, killers: &[(Infantry, Replacement), (Tank, Replacement)] },
    // "Infantry on hills killed by:" infantry replacement.
    Table { terrain: Terrain::Hill, defender: Infantry, killers: &[(Infantry, Replacement)] },
];

/// Whether `attacker` may kill `defender` standing in `terrain` in the way `how` (WarGame 2's
/// cavalry, attacking or defending, stands where the tables put tanks).
#[must_use]
pub fn may_kill(attacker: Role, how: How, defender: Role, terrain: Terrain) -> bool {
    let (attacker, defender) = (attacker.in_tables(), defender.in_tables());
    match TABLES.iter().find(|t| t.terrain == terrain && t.defender == defender) {
        None => true,
        Some(table) => table.killers.contains(&(attacker, how)),
    }
}
