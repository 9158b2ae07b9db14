//! The fixed rules of a WarGame scenario (`[rules]`): what each piece kind is, its leader
//! level, communication and activation ranges, its movement points and fire range, which kinds
//! overrun and which capture by replacement, the tow distances, the leader's bonus to a unit
//! it leads and the actions a turn. WarGame 1's numbers are the defaults; a WarGame 2 scenario
//! writes its own (docs/SCENARIOS.md, "WarGame rules").

use crate::board::Board;
use crate::piece::{KindId, PieceTable, UnitClass};
use crate::square::Square;
use std::collections::BTreeMap;

/// A field of the scenario and what is wrong with it.
pub(crate) type FieldError = (String, String);

/// The role of a piece kind in WarGame, from its class.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// A commander (class `leader`): activates, moves 4, range 1; a vehicle.
    Leader,
    /// A tank (class `heavy-cavalry`): a vehicle.
    Tank,
    /// Infantry (class `infantry`).
    Infantry,
    /// WarGame 2's cavalry (class `light-cavalry`): in the terrain capture tables and in
    /// overruns it takes the place of WarGame 1's tanks; it is no vehicle and tows nothing.
    Cavalry,
    /// Artillery (class `cannon`).
    Artillery,
    /// The Command Post, the banner (class `other`): never activates, moves or fires.
    Banner,
}

impl Role {
    /// The role of a class (every class other than the leader and the four units is a banner).
    #[must_use]
    pub fn of(class: UnitClass) -> Role {
        match class {
            UnitClass::Leader => Role::Leader,
            UnitClass::HeavyCavalry => Role::Tank,
            UnitClass::Infantry => Role::Infantry,
            UnitClass::Cannon => Role::Artillery,
            UnitClass::LightCavalry => Role::Cavalry,
            UnitClass::Other => Role::Banner,
        }
    }

    /// Whether it is a vehicle ("Leaders and Tanks are vehicles").
    #[must_use]
    pub fn vehicle(self) -> bool {
        matches!(self, Role::Leader | Role::Tank)
    }

    /// Its name for messages.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Role::Leader => "leader",
            Role::Tank => "tank",
            Role::Infantry => "infantry",
            Role::Artillery => "artillery",
            Role::Cavalry => "cavalry",
            Role::Banner => "command post",
        }
    }

    /// The role it has in the terrain capture tables: cavalry stands where tanks do.
    #[must_use]
    pub fn in_tables(self) -> Role {
        match self {
            Role::Cavalry => Role::Tank,
            other => other,
        }
    }
}

/// What the rules know about one piece kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KindRules {
    /// Its role.
    pub role: Role,
    /// Its leader level (Supreme Commander 3, Tank Commanders 2, Infantry and Artillery
    /// Commanders 1; 0 for units).
    pub level: u8,
    /// Its leader communication range (9, 6, 3; 0 for units).
    pub communication: u8,
    /// How far a leader's orders reach (3 for every WarGame 1 leader; WarGame 2's command
    /// range; 0 for units).
    pub activation: u8,
    /// Its movement points.
    pub movement: u8,
    /// Its fire range over open ground (0: it never fires from open ground).
    pub fire_range: u8,
    /// Whether it overruns (WarGame 1: the vehicles; WarGame 2: the cavalry).
    pub overrun: bool,
    /// Whether it kills by moving onto an enemy, replacement or close assault (WarGame 1:
    /// every kind; WarGame 2: the infantry).
    pub assault: bool,
    /// How far it leaps once prepared, in king steps: the paratroopers' leap (option
    /// `paratroops`); 0 for every other kind.
    pub leap: u8,
}

/// The fixed rules of a WarGame game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WarGameConfig {
    /// The rules of each piece kind, by kind id.
    pub kinds: Vec<KindRules>,
    /// How far a leader's orders reach unless `[rules.activation]` names its kind (3).
    pub activation_range: u8,
    /// The movement points a leader adds to a unit it leads, moving along with it for its
    /// whole move (WarGame 2: 1; 0: no unit is led, as in WarGame 1).
    pub leader_bonus: u8,
    /// The most actions a turn (10).
    pub actions_per_turn: u8,
    /// The fire range of infantry in trees, towns or hills (1).
    pub infantry_cover_range: u8,
    /// How far a lower-level leader tows artillery (2).
    pub tow_artillery: u8,
    /// How far a tank tows infantry (3).
    pub tow_infantry: u8,
    /// How far the Supreme Commander tows the Command Post ("1 square/turn"), with the option
    /// `banner-planting`.
    pub tow_banner: u8,
    /// How far a prepared paratrooper leaps, in king steps ("say about 5-6 squares": 6), with
    /// the option `paratroops`.
    pub paratroop_leap: u8,
    /// The squares where a Command Post is planted (`objectives`), shared by both sides; empty:
    /// the towns in the enemy's half of the board (docs/RULES.md, "Surround and victory").
    pub objectives: Vec<Square>,
}

impl WarGameConfig {
    /// The rules of a kind.
    #[must_use]
    pub fn kind(&self, kind: KindId) -> &KindRules {
        &self.kinds[usize::from(kind)]
    }

    /// The highest leader level (the Supreme Commander's).
    #[must_use]
    pub fn top_level(&self) -> u8 {
        self.kinds.iter().map(|k| k.level).max().unwrap_or(0)
    }

    /// Reads `[rules]`: `actions-per-turn`, `activation-range`, `infantry-cover-range`,
    /// `tow-artillery`, `tow-infantry`, `tow-banner`, `paratroop-leap`, `leader-bonus`,
    /// `objectives` (squares and rectangles of `board`), the lists of piece symbols `overrun`
    /// and `close-assault`, and the tables by piece symbol `levels`, `communication`,
    /// `activation`, `movement` and `fire-range`.
    pub fn from_table(table: &toml::Table, pieces: &PieceTable, board: &Board) -> Result<WarGameConfig, FieldError> {
        let number = |key: &str, default: u8, hi: i64| -> Result<u8, FieldError> {
            match table.get(key) {
                None => Ok(default),
                Some(toml::Value::Integer(n)) if (0..=hi).contains(n) => Ok(*n as u8),
                Some(_) => Err((format!("rules.{key}"), format!("must be a whole number from 0 to {hi}"))),
            }
        };
        let per_kind = |key: &str| -> Result<BTreeMap<KindId, u8>, FieldError> {
            let mut out = BTreeMap::new();
            let Some(value) = table.get(key) else { return Ok(out) };
            let t = value
                .as_table()
                .ok_or_else(|| (format!("rules.{key}"), "must be a table of piece symbols".to_string()))?;
            for (symbol, v) in t {
                let field = format!("rules.{key}.{symbol}");
                let kind = pieces
                    .by_symbol(symbol)
                    .ok_or_else(|| (field.clone(), format!("`{symbol}` is no piece of this scenario")))?;
                match v {
                    toml::Value::Integer(n) if (0..=20).contains(n) => {
                        out.insert(kind, *n as u8);
                    }
                    _ => return Err((field, "must be a whole number from 0 to 20".into())),
                }
            }
            Ok(out)
        };
        let symbols = |key: &str| -> Result<Option<Vec<KindId>>, FieldError> {
            let Some(value) = table.get(key) else { return Ok(None) };
            let field = format!("rules.{key}");
            let list = value
                .as_array()
                .ok_or_else(|| (field.clone(), "must be a list of piece symbols like [\"C\"]".into()))?;
            let mut out = Vec::new();
            for item in list {
                let symbol = item.as_str().ok_or_else(|| (field.clone(), format!("`{item}` is not a piece symbol")))?;
                out.push(
                    pieces
                        .by_symbol(symbol)
                        .ok_or_else(|| (field.clone(), format!("`{symbol}` is no piece of this scenario")))?,
                );
            }
            Ok(Some(out))
        };
        for key in table.keys() {
            if !KEYS.contains(&key.as_str()) {
                return Err((
                    format!("rules.{key}"),
                    format!("unknown rule; the WarGame rules are {}", KEYS.join(", ")),
                ));
            }
        }
        let levels = per_kind("levels")?;
        let communication = per_kind("communication")?;
        let activation = per_kind("activation")?;
        let activation_range = number("activation-range", 3, 10)?;
        let overrun = symbols("overrun")?;
        let assault = symbols("close-assault")?;
        let movement = per_kind("movement")?;
        let fire = per_kind("fire-range")?;
        let kinds = pieces
            .iter()
            .map(|(id, k)| {
                let role = Role::of(k.class);
                let (level, comm, orders) = if role == Role::Leader {
                    (
                        levels.get(&id).copied().unwrap_or(1),
                        communication.get(&id).copied().unwrap_or(3),
                        activation.get(&id).copied().unwrap_or(activation_range),
                    )
                } else {
                    (0, 0, 0)
                };
                let default_move = match role {
                    Role::Leader => 4,
                    Role::Tank => 3,
                    Role::Infantry => 2,
                    Role::Artillery => 1,
                    Role::Cavalry => 5,
                    Role::Banner => 0,
                };
                let default_fire = match role {
                    Role::Leader | Role::Cavalry => 1,
                    Role::Tank => 2,
                    Role::Artillery => 3,
                    Role::Infantry | Role::Banner => 0,
                };
                KindRules {
                    role,
                    level,
                    communication: comm,
                    activation: orders,
                    movement: if role == Role::Banner { 0 } else { movement.get(&id).copied().unwrap_or(default_move) },
                    fire_range: if role == Role::Banner { 0 } else { fire.get(&id).copied().unwrap_or(default_fire) },
                    overrun: overrun
                        .as_ref()
                        .map_or(role.vehicle() || role == Role::Cavalry, |list| list.contains(&id)),
                    assault: role != Role::Banner && assault.as_ref().is_none_or(|list| list.contains(&id)),
                    leap: 0,
                }
            })
            .collect::<Vec<_>>();
        if let Some((&kind, _)) = levels
            .iter()
            .chain(communication.iter())
            .chain(activation.iter())
            .find(|(&k, _)| kinds[usize::from(k)].role != Role::Leader)
        {
            return Err(("rules.levels".into(), format!("{} is not a leader (class `leader`)", pieces.get(kind).name)));
        }
        if kinds.iter().all(|k| k.role != Role::Leader) {
            return Err(("pieces".into(), "WarGame needs leaders (class `leader`)".into()));
        }
        Ok(WarGameConfig {
            kinds,
            activation_range,
            leader_bonus: number("leader-bonus", 0, 10)?,
            actions_per_turn: number("actions-per-turn", 10, 200)?.max(1),
            infantry_cover_range: number("infantry-cover-range", 1, 10)?,
            tow_artillery: number("tow-artillery", 2, 10)?,
            tow_infantry: number("tow-infantry", 3, 10)?,
            tow_banner: number("tow-banner", 1, 10)?,
            paratroop_leap: number("paratroop-leap", 6, 20)?.max(1),
            objectives: objectives(table, board)?,
        })
    }
}

/// Reads `objectives`: a list of squares and rectangles (`"j17:k17"`) on the board.
fn objectives(table: &toml::Table, board: &Board) -> Result<Vec<Square>, FieldError> {
    let Some(value) = table.get("objectives") else { return Ok(Vec::new()) };
    let field = || "rules.objectives".to_string();
    let list = value.as_array().ok_or_else(|| (field(), "must be a list of squares like [\"j17:k17\"]".into()))?;
    let mut out = Vec::new();
    for item in list {
        let text = item.as_str().ok_or_else(|| (field(), format!("`{item}` is not a square like \"j17\"")))?;
        out.extend(crate::scenario::parse_region(text, board).map_err(|m| (field(), m))?);
    }
    out.sort_by_key(|s| (s.rank, s.file));
    out.dedup();
    Ok(out)
}

/// The keys of `[rules]`.
const KEYS: [&str; 16] = [
    "actions-per-turn",
    "activation-range",
    "infantry-cover-range",
    "tow-artillery",
    "tow-infantry",
    "tow-banner",
    "paratroop-leap",
    "leader-bonus",
    "objectives",
    "overrun",
    "close-assault",
    "levels",
    "communication",
    "activation",
    "movement",
    "fire-range",
];
