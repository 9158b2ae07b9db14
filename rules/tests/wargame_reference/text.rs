//! The pieces, numbers, terrain costs and capture tables of WarGame 1 and 2, copied from the
//! text (file 003 of the seeds) and the decisions of docs/RULES.md, "WarGame 1" and "WarGame
//! 2". Written again here from the text, without the engine's tables.

#![allow(dead_code)]

use warlord_rules::Terrain;

/// What a piece is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Role {
    /// A commander.
    Leader,
    /// A tank.
    Tank,
    /// Infantry.
    Infantry,
    /// Artillery.
    Artillery,
    /// The Command Post (the banner).
    CommandPost,
    /// WarGame 2's cavalry.
    Cavalry,
}

/// A piece kind: its role and, for leaders, level, communication and activation range
/// (rulings 19); its movement points and fire range over open ground; whether it overruns and
/// kills by replacement; for paratroopers, their leap; whether it is a WarGame 2 piece.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Kind {
    /// Its role.
    pub role: Role,
    /// Supreme Commander 3, Tank Commanders 2, Infantry and Artillery Commanders 1; units 0.
    pub level: u8,
    /// "Supreme Commander - 9", "Tank Commander - 6", "Inf/Art Commanders - 3".
    pub communication: u32,
    /// How far it leaps once prepared: paratroopers 6 ("a medium-range leaping piece, say
    /// about 5-6 squares"); 0 for the others.
    pub leap: u32,
    /// "Activation range is 3 for all leaders"; WarGame 2: "Command Ranges: Colonels are 3,
    /// others 6". 0 for units.
    pub activation: u32,
    /// Its movement points.
    pub moves: u32,
    /// Its fire range over open ground.
    pub range: u32,
    /// "Only vehicles may overrun"; WarGame 2: the cavalry "can overrun [jump]".
    pub overrun: bool,
    /// It kills by moving onto an enemy: every WarGame 1 piece; WarGame 2: the infantry "can
    /// close assault [replace]".
    pub assault: bool,
    /// A WarGame 2 piece (its leaders add 1 to a unit they go along with).
    pub second: bool,
}

/// The kind of a piece by the symbol the scenarios give it.
pub fn kind(symbol: &str) -> Kind {
    // WarGame 1: "All leaders have a movement of 4 and a range of 1."
    let leader = |level, communication| Kind {
        role: Role::Leader,
        level,
        communication,
        leap: 0,
        activation: ACTIVATION_RANGE,
        moves: 4,
        range: 1,
        overrun: true,
        assault: true,
        second: false,
    };
    let unit = |role, moves, range, overrun| Kind {
        role,
        level: 0,
        communication: 0,
        leap: 0,
        activation: 0,
        moves,
        range,
        overrun,
        assault: true,
        second: false,
    };
    // WarGame 2: "Movement: about 6" (decided: 6); leaders keep the range of 1 and do not
    // overrun; only infantry closes.
    let general = |level, range| Kind {
        communication: range,
        activation: range,
        moves: 6,
        overrun: false,
        assault: false,
        second: true,
        ..leader(level, range)
    };
    let second =
        |role, moves, range, overrun, assault| Kind { assault, second: true, ..unit(role, moves, range, overrun) };
    match symbol {
        "SC" => leader(3, 9),
        "TC" => leader(2, 6),
        "IC" | "AC" => leader(1, 3),
        // "Tanks - movement of 3, range 2"
        "T" => unit(Role::Tank, 3, 2, true),
        // "Infantry - movement of 2, range 0 in open"
        "I" => unit(Role::Infantry, 2, 0, false),
        // The option `paratroops`: infantry that leap (docs/RULES.md, "Paratroops").
        "P" => Kind { leap: LEAP, ..unit(Role::Infantry, 2, 0, false) },
        // "Artillery - movement of 1, range 3"
        "A" => unit(Role::Artillery, 1, 3, false),
        "CP" => unit(Role::CommandPost, 0, 0, false),
        // "Commander: 1", "General: 3", "Colonel: 6", "Colonels are 3, others 6"
        "CM" => general(3, 6),
        "GN" => general(2, 6),
        "CL" => general(1, 3),
        // "Cavalry - moves 5, fire combat range 1, can overrun [jump]"
        "C" => second(Role::Cavalry, 5, 1, true, false),
        other => panic!("WarGame has no piece `{other}`"),
    }
}

/// The kind of a WarGame 2 piece by its symbol, where WarGame 1 uses the same symbol:
/// "Infantry - moves 3, fire combat range 1, can close assault [replace]", "Artillery - moves
/// 2, fire combat range 2".
pub fn second_kind(symbol: &str) -> Kind {
    match symbol {
        "I" => Kind { moves: 3, range: 1, assault: true, second: true, ..kind("I") },
        "P" => Kind { moves: 3, range: 1, assault: true, second: true, ..kind("P") },
        "A" => Kind { moves: 2, range: 2, assault: false, second: true, ..kind("A") },
        other => kind(other),
    }
}

/// "A leader who activates a piece and moves along with it during its entire move adds 1 to
/// that piece's movement."
pub const LEAD_BONUS: u32 = 1;

/// "say about 5-6 squares": the paratroopers' leap (docs/RULES.md, "Paratroops").
pub const LEAP: u32 = 6;
/// The Supreme Commander's level: a leader of this level is always in command.
pub const TOP_LEVEL: u8 = 3;
/// "Activation range is 3 for all leaders."
pub const ACTIVATION_RANGE: u32 = 3;
/// "Each player may move up to 10 different pieces per turn" (rulings 20: 10 actions).
pub const ACTIONS_PER_TURN: usize = 10;
/// "Lower-level leaders tow artillery 2 in open terrain or town."
pub const TOW_ARTILLERY: i32 = 2;
/// "Tanks tow infantry (up to) 3 squares/turn."
pub const TOW_INFANTRY: i32 = 3;

/// "Range over open spaces: Artillery 3, Tank 2, Leader 1, Infantry 0"; infantry has "range
/// 1 if in trees, towns, or hills".
pub fn fire_range(kind: Kind, standing_on: Terrain) -> u32 {
    if kind.role == Role::Infantry && standing_on != Terrain::Open {
        kind.range.max(1)
    } else {
        kind.range
    }
}

/// "Leaders and Tanks are vehicles."
pub fn vehicle(role: Role) -> bool {
    matches!(role, Role::Leader | Role::Tank)
}

/// The movement points a piece pays to enter a square, or `None` if it never may: open
/// ground and towns 1 ("in open terrain or town"), "Hills cost 2 to move onto [no artillery]",
/// "Trees cost vehicles 4 to enter [no tanks]" (infantry and artillery "move ... in open
/// terrain, trees, or town" at 1), water never (rulings 9).
pub fn entry_cost(role: Role, terrain: Terrain) -> Option<u32> {
    match (terrain, role) {
        (Terrain::Water, _) | (_, Role::CommandPost) => None,
        (Terrain::Open | Terrain::Town, _) => Some(1),
        (Terrain::Hill, Role::Artillery) => None,
        (Terrain::Hill, _) => Some(2),
        (Terrain::Trees, Role::Tank) => None,
        (Terrain::Trees, Role::Leader) => Some(4),
        // WarGame 2 (decision): cavalry pays 2 for trees.
        (Terrain::Trees, Role::Cavalry) => Some(2),
        (Terrain::Trees, _) => Some(1),
    }
}

/// How a piece tries to kill.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Way {
    /// Moving onto it; infantry rifle fire ("rifle capture instead of replacement") too.
    Replacement,
    /// Fire from a square next to it ("adjacent", "directly adjacent").
    AdjacentFire,
    /// Fire from farther away.
    DistantFire,
}

/// Whether `attacker` kills `defender` standing on `terrain` in the way `way`: the text's
/// tables, and anything at all where no table speaks (open ground, the Command Post).
pub fn kills(attacker: Role, way: Way, defender: Role, terrain: Terrain) -> bool {
    use Role::{Artillery as Art, Infantry as Inf, Leader as Ldr, Tank};
    use Way::{AdjacentFire as Adj, Replacement as Rep};
    // WarGame 2 (decision): cavalry stands where the tables put tanks.
    let tank = |r: Role| if r == Role::Cavalry { Tank } else { r };
    let (attacker, defender) = (tank(attacker), tank(defender));
    let by = (attacker, way);
    match (terrain, defender) {
        // "Deterministic captures allowed when defender is in town:"
        // "Infantry only captured by artillery directly adjacent [and shooting];"
        (Terrain::Town, Inf) => by == (Art, Adj),
        // "Artillery only captured by tanks directly adjacent;"
        (Terrain::Town, Art) => by == (Tank, Adj),
        // "Tanks in town only captured by infantry replacement."
        (Terrain::Town, Tank) => by == (Inf, Rep),
        // "Leaders captured by tank or inf replacement only."
        (Terrain::Town, Ldr) => by == (Tank, Rep) || by == (Inf, Rep),
        // "Leaders in trees killed by: Infantry by replacement. Artillery directly adjacent.
        // Tank directly adjacent. Leaders never kill leaders in trees."
        (Terrain::Trees, Ldr) => by == (Inf, Rep) || by == (Art, Adj) || by == (Tank, Adj),
        // "Artillery in trees killed by: adjacent tank or adjacent artillery, never by
        // infantry or leaders"
        (Terrain::Trees, Art) => by == (Tank, Adj) || by == (Art, Adj),
        // "Infantry in trees killed by: adjacent tank; adjacent artillery; infantry
        // replacement. never by leaders"
        (Terrain::Trees, Inf) => by == (Tank, Adj) || by == (Art, Adj) || by == (Inf, Rep),
        // "Tanks on hills killed by: Adjacent artillery; Infantry replacement; Tank
        // replacement."
        (Terrain::Hill, Tank) => by == (Art, Adj) || by == (Inf, Rep) || by == (Tank, Rep),
        // "Leaders on hills killed by: Infantry replacement; Tank replacement."
        (Terrain::Hill, Ldr) => by == (Inf, Rep) || by == (Tank, Rep),
        // "Infantry on hills killed by: Infantry replacement."
        (Terrain::Hill, Inf) => by == (Inf, Rep),
        _ => true,
    }
}

/// "Tanks may overrun Leaders and Infantry only." "Leaders may overrun Infantry and Artillery
/// only." "Units in trees and towns may never be overrun."
pub fn overruns(attacker: Role, defender: Role, terrain: Terrain) -> bool {
    let kinds = match attacker {
        // WarGame 2 (decision): cavalry jumps what tanks overrun.
        Role::Tank | Role::Cavalry => matches!(defender, Role::Leader | Role::Infantry),
        Role::Leader => matches!(defender, Role::Infantry | Role::Artillery),
        _ => false,
    };
    kinds && !matches!(terrain, Terrain::Trees | Terrain::Town)
}

/// Infantry rifle fire kills "an adjacent enemy leader, infantry, or artillery piece".
pub fn rifle_target(defender: Role) -> bool {
    matches!(defender, Role::Leader | Role::Infantry | Role::Artillery)
}
