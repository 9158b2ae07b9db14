//! Scenarios as data files (TOML): the board and its terrain, the pieces, the starting setup,
//! the deployment zones, the family's rules and the default options. See docs/SCENARIOS.md.
//!
//! [`Scenario::parse`] validates a file and reports the first problem with the file, the field
//! and what is wrong; [`Scenario::ruleset`] builds the rules for chosen options.

mod error;
pub mod generate;
mod pieces;
mod raw;
mod region;

pub use error::ScenarioError;

use crate::board::Board;
use crate::medieval::{MedievalConfig, MedievalOptions, MedievalRules};
use crate::options::OptionSpec;
use crate::piece::{Piece, PieceTable};
use crate::ruleset::{Family, Ruleset};
use crate::setup::GameSetup;
use crate::side::Side;
use crate::square::Square;
use crate::terrain::Terrain;
use crate::wargame::{WarGameConfig, WarGameOptions, WarGameRules};
use crate::warlord::{Army, Choice, Sections, WarlordConfig, WarlordOptions, WarlordRules, Wave};
use raw::RawScenario;
pub(crate) use region::parse_region;
use region::{parse_placement_list, parse_position};
use std::sync::Arc;

/// The most bytes a scenario file may have.
pub const MAX_SCENARIO_BYTES: usize = 4 << 20;

/// A validated scenario: everything needed to start a game of it.
#[derive(Clone, Debug)]
pub struct Scenario {
    /// Its identifier, like `clash-of-arms`.
    pub id: String,
    /// Its display name.
    pub name: String,
    /// A description for players.
    pub description: String,
    /// Where its rules come from.
    pub source: String,
    /// Whether its setup is a reconstruction (the published one being lost).
    pub reconstructed: bool,
    /// How it was reconstructed, from which numbers of the texts.
    pub reconstruction: String,
    /// Its game family.
    pub family: Family,
    /// The board with its terrain.
    pub board: Board,
    /// The cells of the board's rectangle that are not squares of the board (map code `#`, the
    /// corners outside a ring board): water to the board, and never passed over.
    pub outside: Vec<Square>,
    /// Its piece kinds.
    pub pieces: PieceTable,
    /// The starting placement.
    pub placement: Vec<(Square, Piece)>,
    /// The deployment zones of White and Black.
    pub zones: [Vec<Square>; 2],
    /// The family's fixed rules (`[rules]`).
    pub rules: toml::Table,
    /// The default options (`[options]`).
    pub options: toml::Table,
    /// The army each side chooses in setup (`[setup.army]`), if not the fixed start's pieces.
    pub army: Option<Army>,
    /// Deployment sections with quotas (`[setup.sections]`).
    pub sections: Option<Sections>,
    /// Reinforcements (`[[reinforcements]]`).
    pub waves: Vec<Wave>,
    origin: String,
}

impl Scenario {
    /// Reads and validates a scenario file. `origin` names it in errors (a file path, or
    /// `builtin:<id>`); the id defaults to the file's stem.
    pub fn parse(text: &str, origin: &str) -> Result<Scenario, ScenarioError> {
        let fail = |field: &str, message: String| ScenarioError::new(origin, field, message);
        if text.len() > MAX_SCENARIO_BYTES {
            return Err(fail("", format!("a scenario file may be at most {MAX_SCENARIO_BYTES} bytes")));
        }
        let raw: RawScenario = toml::from_str(text).map_err(|e| fail("", toml_message(&e)))?;
        let family = match raw.family.as_str() {
            "warlord" => Family::Warlord,
            "medieval" => Family::Medieval,
            "wargame" => Family::WarGame,
            other => {
                return Err(fail("family", format!("unknown family `{other}`; use `warlord`, `medieval` or `wargame`")))
            }
        };
        let id = raw.id.clone().unwrap_or_else(|| stem(origin));
        if id.is_empty() || !id.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-') {
            return Err(fail("id", format!("`{id}` is not a valid id: use lower-case letters, digits and `-`")));
        }
        let default_range = match raw.rules.get("activation-range") {
            None => 2,
            Some(toml::Value::Integer(n)) if (0..=10).contains(n) => *n as u8,
            Some(_) => return Err(fail("rules.activation-range", "must be a whole number from 0 to 10".into())),
        };
        let pieces = pieces::parse_pieces(&raw.pieces, default_range).map_err(|(f, m)| fail(&f, m))?;
        let (board, outside) = build_board(&raw, &pieces).map_err(|(f, m)| fail(&f, m))?;
        let mut placement = Vec::new();
        if let Some(rows) = &raw.setup.position {
            placement = parse_position(rows, &board, &pieces).map_err(|m| fail("setup.position", m))?;
        }
        for (side, list, field) in
            [(Side::White, &raw.setup.white, "setup.white"), (Side::Black, &raw.setup.black, "setup.black")]
        {
            let placed = parse_placement_list(list, side, &board, &pieces).map_err(|m| fail(field, m))?;
            placement.extend(placed);
        }
        let mut seen = std::collections::HashSet::new();
        for (sq, _) in &placement {
            if !seen.insert(*sq) {
                return Err(fail("setup", format!("two pieces are placed on {sq}")));
            }
            if board.terrain(*sq) == Terrain::Water {
                return Err(fail("setup", format!("a piece is placed on water at {sq}")));
            }
        }
        let army = match &raw.setup.army {
            Some(a) => Some(parse_army(a, &pieces).map_err(|(f, m)| fail(&f, m))?),
            None => None,
        };
        let sections = match &raw.setup.sections {
            Some(sec) => Some(parse_sections(sec, &board).map_err(|(f, m)| fail(&f, m))?),
            None => None,
        };
        if let (Some(army), Some(sections)) = (&army, &sections) {
            check_army_fits_sections(army, sections, &pieces).map_err(|m| fail("setup.sections", m))?;
        }
        let waves = raw
            .reinforcements
            .iter()
            .enumerate()
            .map(|(i, w)| parse_wave(w, &board, &pieces).map_err(|(f, m)| fail(&format!("reinforcements[{i}]{f}"), m)))
            .collect::<Result<Vec<_>, _>>()?;
        let zones = match (&raw.setup.zones, &sections) {
            (Some(_), _) | (None, None) => match &raw.setup.zones {
                Some(z) => [
                    parse_zone(&z.white, &board).map_err(|m| fail("setup.zones.white", m))?,
                    parse_zone(&z.black, &board).map_err(|m| fail("setup.zones.black", m))?,
                ],
                None => [default_zone(&placement, Side::White, &board), default_zone(&placement, Side::Black, &board)],
            },
            (None, Some(sections)) => sections.regions.clone().map(|regions| regions.concat()),
        };
        let scenario = Scenario {
            id,
            name: raw.name,
            description: raw.description,
            source: raw.source,
            reconstructed: raw.reconstructed,
            reconstruction: raw.reconstruction,
            family,
            board,
            outside,
            pieces,
            placement,
            zones,
            rules: raw.rules,
            options: raw.options,
            army,
            sections,
            waves,
            origin: origin.to_string(),
        };
        // Building the rules with the default options validates `[rules]` and `[options]`.
        scenario.ruleset(&[])?;
        Ok(scenario)
    }

    /// The options with the scenario's defaults and the given overrides (`name`, `value`;
    /// values are read as TOML: `true`, `12`, `material`).
    pub fn options_with(&self, overrides: &[(String, String)]) -> Result<toml::Table, ScenarioError> {
        let mut options = self.options.clone();
        for (name, value) in overrides {
            let parsed = toml::from_str::<toml::Table>(&format!("v = {value}"))
                .ok()
                .and_then(|mut t| t.remove("v"))
                .unwrap_or_else(|| toml::Value::String(value.clone()));
            options.insert(name.clone(), parsed);
        }
        Ok(options)
    }

    /// Builds the rules of this scenario with the given option overrides.
    pub fn ruleset(&self, overrides: &[(String, String)]) -> Result<Arc<dyn Ruleset>, ScenarioError> {
        match self.family {
            Family::Warlord => Ok(Arc::new(self.warlord(overrides)?)),
            Family::Medieval => Ok(Arc::new(self.medieval(overrides)?)),
            Family::WarGame => Ok(Arc::new(self.wargame(overrides)?)),
        }
    }

    /// Builds the WarGame 1 rules of this scenario (for callers that need the family's own
    /// methods, like tests); an error for other families.
    pub fn wargame(&self, overrides: &[(String, String)]) -> Result<WarGameRules, ScenarioError> {
        let fail = |field: &str, message: String| ScenarioError::new(&self.origin, field, message);
        let options: WarGameOptions = self.family_options(Family::WarGame, overrides)?;
        let config = WarGameConfig::from_table(&self.rules, &self.pieces, &self.board).map_err(|(f, m)| fail(&f, m))?;
        WarGameRules::new(self.setup(config, options)).map_err(|(f, m)| fail(&f, m))
    }

    /// Builds the Warlord rules of this scenario (for callers that need the family's own
    /// methods, like tests and setup helpers); an error for other families.
    pub fn warlord(&self, overrides: &[(String, String)]) -> Result<WarlordRules, ScenarioError> {
        let fail = |field: &str, message: String| ScenarioError::new(&self.origin, field, message);
        let options: WarlordOptions = self.family_options(Family::Warlord, overrides)?;
        let mut config = warlord_config(&self.rules, &self.pieces).map_err(|(f, m)| fail(&f, m))?;
        config.army = self.army.clone();
        config.sections = self.sections.clone();
        config.waves = self.waves.clone();
        config.outside = self.outside.clone();
        WarlordRules::new(self.setup(config, options)).map_err(|m| fail("setup", m))
    }

    /// Builds the Medieval War Chess rules of this scenario (for callers that need the family's
    /// own methods, like tests and the strength display); an error for other families.
    pub fn medieval(&self, overrides: &[(String, String)]) -> Result<MedievalRules, ScenarioError> {
        let fail = |field: &str, message: String| ScenarioError::new(&self.origin, field, message);
        let options: MedievalOptions = self.family_options(Family::Medieval, overrides)?;
        let config = MedievalConfig::from_table(&self.rules, &self.pieces).map_err(|(f, m)| fail(&f, m))?;
        MedievalRules::new(self.setup(config, options)).map_err(|(f, m)| fail(&f, m))
    }

    /// What a family's rules are built from: this scenario's board, pieces, placement and
    /// zones, with the family's fixed rules and options.
    fn setup<C, O>(&self, config: C, options: O) -> GameSetup<C, O> {
        GameSetup {
            board: self.board.clone(),
            pieces: self.pieces.clone(),
            placement: self.placement.clone(),
            zones: self.zones.clone(),
            config,
            options,
        }
    }

    /// The first step of building a family's own rules: an error unless this scenario is of
    /// `family`, then the options (the scenario's defaults with `overrides`) read into the
    /// family's options type.
    fn family_options<O: serde::de::DeserializeOwned>(
        &self,
        family: Family,
        overrides: &[(String, String)],
    ) -> Result<O, ScenarioError> {
        let fail = |field: &str, message: String| ScenarioError::new(&self.origin, field, message);
        if self.family != family {
            return Err(fail("family", format!("`{}` is not a {} scenario", self.id, family.title())));
        }
        let table = self.options_with(overrides)?;
        check_option_values(&self.family.option_schema(), &table).map_err(|m| fail("options", m))?;
        options_from(table).map_err(|m| fail("options", m))
    }

    /// The name of this scenario's game family, for people ("Warlord family", ...).
    #[must_use]
    pub fn family_title(&self) -> &'static str {
        self.family.title()
    }

    /// Whether this scenario's family has an option of that name.
    #[must_use]
    pub fn has_option(&self, name: &str) -> bool {
        self.family.option_schema().iter().any(|o| o.name == name)
    }

    /// The options of this scenario: its family's schema, with the defaults this scenario's
    /// `[options]` sets.
    #[must_use]
    pub fn option_schema(&self) -> Vec<OptionSpec> {
        let mut specs = self.family.option_schema();
        for spec in &mut specs {
            if let Some(value) = self.options.get(&spec.name) {
                spec.default = crate::options::value_text(value);
            }
        }
        specs
    }
}

/// Checks each known option's value against its schema, so that a value out of range or of
/// the wrong type is refused in words people read (`turn-limit must be a whole number from 0
/// to 4294967295`) rather than in the deserializer's (`expected u32`). Unknown names are left
/// to the deserializer, which lists the known ones.
fn check_option_values(schema: &[OptionSpec], table: &toml::Table) -> Result<(), String> {
    for spec in schema {
        let Some(value) = table.get(&spec.name) else { continue };
        let name = &spec.name;
        match &spec.kind {
            crate::options::OptionType::Integer { min, max } => match value {
                toml::Value::Integer(n) if (min..=max).contains(&n) => {}
                _ => return Err(format!("{name} must be a whole number from {min} to {max}")),
            },
            crate::options::OptionType::Bool => {
                if !value.is_bool() {
                    return Err(format!("{name} must be true or false"));
                }
            }
            crate::options::OptionType::Choice { choices } => {
                if !value.as_str().is_some_and(|v| choices.iter().any(|c| c == v)) {
                    return Err(format!("{name} must be one of: {}", choices.join(", ")));
                }
            }
        }
    }
    Ok(())
}

/// Reads an options table into a family's options type, with a clear message for unknown
/// names and wrong types.
fn options_from<T: serde::de::DeserializeOwned>(table: toml::Table) -> Result<T, String> {
    T::deserialize(toml::Value::Table(table)).map_err(|e| toml_message(&e))
}

fn toml_message(e: &impl std::fmt::Display) -> String {
    e.to_string().trim().replace('\n', " ").replace("  ", " ")
}

fn stem(origin: &str) -> String {
    let name = origin.rsplit(['/', '\\', ':']).next().unwrap_or(origin);
    name.strip_suffix(".toml").unwrap_or(name).to_string()
}

fn warlord_config(rules: &toml::Table, pieces: &PieceTable) -> Result<WarlordConfig, (String, String)> {
    let mut config = WarlordConfig::basic(4);
    for (key, value) in rules {
        let field = format!("rules.{key}");
        let number = |lo: i64, hi: i64| match value {
            toml::Value::Integer(n) if (lo..=hi).contains(n) => Ok(*n),
            _ => Err((field.clone(), format!("must be a whole number from {lo} to {hi}"))),
        };
        match (key.as_str(), value) {
            ("moves-per-turn", _) => config.moves_per_turn = number(1, 200)? as u8,
            ("cap-by-leaders", toml::Value::Boolean(b)) => config.cap_by_leaders = *b,
            ("first", toml::Value::String(s)) if s == "white" => config.first = Side::White,
            ("first", toml::Value::String(s)) if s == "black" => config.first = Side::Black,
            ("first", _) => return Err((field, "must be \"white\" or \"black\"".into())),
            ("towns-to-win", _) => config.towns_to_win = number(0, 200)? as u8,
            ("collapse-below", _) => config.collapse_below = number(0, 10_000)? as u16,
            ("promote-to", toml::Value::String(symbol)) => {
                config.promote_to = Some(pieces.by_symbol(symbol).ok_or_else(|| (field.clone(), format!("`{symbol}` is no piece of this scenario")))?);
            }
            ("activation-range", _) => {}
            _ => {
                return Err((
                    field,
                    "unknown or mistyped rule; the Warlord rules are moves-per-turn (number), cap-by-leaders (true/false), activation-range (number), first (\"white\"/\"black\"), towns-to-win (number), collapse-below (number), promote-to (a piece symbol)".into(),
                ))
            }
        }
    }
    Ok(config)
}

/// Reads a table of piece counts like `{ H = 4, I = 16 }`.
fn parse_counts(
    table: &toml::Table,
    pieces: &PieceTable,
    field: &str,
) -> Result<Vec<(crate::KindId, u16)>, (String, String)> {
    table
        .iter()
        .map(|(symbol, count)| {
            let at = format!("{field}.{symbol}");
            let kind = pieces
                .by_symbol(symbol)
                .ok_or_else(|| (at.clone(), format!("`{symbol}` is no piece of this scenario")))?;
            match count {
                toml::Value::Integer(n) if (0..=10_000).contains(n) => Ok((kind, *n as u16)),
                _ => Err((at, "must be a count from 0 to 10000".into())),
            }
        })
        .collect()
}

fn parse_army(raw: &raw::RawArmy, pieces: &PieceTable) -> Result<Army, (String, String)> {
    let fixed = parse_counts(&raw.pieces, pieces, "setup.army.pieces")?;
    let mut choices = Vec::new();
    for (i, c) in raw.choices.iter().enumerate() {
        let field = format!("setup.army.choices[{i}]");
        let kinds = c
            .kinds
            .iter()
            .map(|s| {
                pieces
                    .by_symbol(s)
                    .ok_or_else(|| (format!("{field}.kinds"), format!("`{s}` is no piece of this scenario")))
            })
            .collect::<Result<Vec<_>, _>>()?;
        if kinds.is_empty() {
            return Err((format!("{field}.kinds"), "a choice needs at least one kind".into()));
        }
        let taken: Vec<crate::KindId> = choices.iter().flat_map(|c: &Choice| c.kinds.clone()).collect();
        if let Some(k) = kinds.iter().find(|k| taken.contains(k)) {
            return Err((
                format!("{field}.kinds"),
                format!("`{}` is already in another choice", pieces.get(*k).symbol),
            ));
        }
        let count = u16::try_from(c.count)
            .ok()
            .filter(|n| *n <= 10_000)
            .ok_or((format!("{field}.count"), "must be from 0 to 10000".to_string()))?;
        let points = match c.points {
            Some(p) => {
                Some(u32::try_from(p).map_err(|_| (format!("{field}.points"), "must be 0 or more".to_string()))?)
            }
            None => None,
        };
        choices.push(Choice { count, kinds, points });
    }
    Ok(Army { fixed, choices })
}

fn parse_sections(raw: &raw::RawSections, board: &Board) -> Result<Sections, (String, String)> {
    let regions = |items: &[String], field: &str| {
        items.iter().map(|r| parse_region(r, board).map_err(|m| (field.to_string(), m))).collect::<Result<Vec<_>, _>>()
    };
    let white = regions(&raw.white, "setup.sections.white")?;
    let black = regions(&raw.black, "setup.sections.black")?;
    let count = |n: i64, field: &str| {
        u16::try_from(n).map_err(|_| (format!("setup.sections.{field}"), "must be 0 or more".to_string()))
    };
    let used = usize::from(count(raw.used, "used")?);
    if used == 0 || used > white.len() || used > black.len() {
        return Err((
            "setup.sections.used".into(),
            format!("must be from 1 to the number of sections ({} white, {} black)", white.len(), black.len()),
        ));
    }
    Ok(Sections {
        regions: [white, black],
        used,
        leaders: count(raw.leaders, "leaders")?,
        others: count(raw.others, "others")?,
    })
}

/// Checks that an army's leaders and other units fill the required sections exactly.
fn check_army_fits_sections(army: &Army, sections: &Sections, pieces: &PieceTable) -> Result<(), String> {
    let mut leaders = 0u32;
    let mut others = 0u32;
    for &(kind, n) in &army.fixed {
        if pieces.get(kind).is_leader() {
            leaders += u32::from(n);
        } else {
            others += u32::from(n);
        }
    }
    for c in &army.choices {
        let all_leaders = c.kinds.iter().all(|&k| pieces.get(k).is_leader());
        if !all_leaders && c.kinds.iter().any(|&k| pieces.get(k).is_leader()) {
            return Err("a choice mixes leaders and other units, so the section quotas cannot be checked".into());
        }
        if all_leaders {
            leaders += u32::from(c.count);
        } else {
            others += u32::from(c.count);
        }
    }
    let used = sections.used as u32;
    if leaders != used * u32::from(sections.leaders) || others != used * u32::from(sections.others) {
        return Err(format!(
            "the army has {leaders} leaders and {others} other units, but {used} sections of {} leaders and {} others need {} and {}",
            sections.leaders,
            sections.others,
            used * u32::from(sections.leaders),
            used * u32::from(sections.others)
        ));
    }
    Ok(())
}

fn parse_wave(raw: &raw::RawWave, board: &Board, pieces: &PieceTable) -> Result<Wave, (String, String)> {
    let side = match raw.side.as_str() {
        "white" => Side::White,
        "black" => Side::Black,
        _ => return Err((".side".into(), "must be \"white\" or \"black\"".into())),
    };
    let turn = u32::try_from(raw.turn)
        .ok()
        .filter(|t| *t >= 1)
        .ok_or((".turn".to_string(), "must be 1 or more".to_string()))?;
    let region = parse_region(&raw.region, board).map_err(|m| (".region".to_string(), m))?;
    let pieces = parse_counts(&raw.pieces, pieces, "pieces").map_err(|(f, m)| (format!(".{f}"), m))?;
    Ok(Wave { side, turn, region, pieces })
}

/// The board, and the cells of its rectangle that are not squares of it (`#` in the map: water,
/// which no list may change).
fn build_board(raw: &RawScenario, pieces: &PieceTable) -> Result<(Board, Vec<Square>), (String, String)> {
    let b = &raw.board;
    let size = |n: i64| u32::try_from(n).unwrap_or(0);
    let mut board = Board::with_geometry(b.geometry, size(b.files), size(b.ranks), pieces.reach())
        .map_err(|e| ("board".to_string(), e.to_string()))?;
    let mut outside = Vec::new();
    if let Some(map) = &b.map {
        if map.len() != usize::from(board.ranks()) {
            return Err(("board.map".into(), format!("has {} rows; the board has {} ranks", map.len(), board.ranks())));
        }
        for (i, row) in map.iter().enumerate() {
            let rank = board.ranks() - 1 - i as u8;
            let codes: Vec<char> = row.chars().filter(|c| !c.is_whitespace()).collect();
            if codes.len() != usize::from(board.files()) {
                return Err((
                    "board.map".into(),
                    format!(
                        "row {} (rank {}) has {} squares; the board has {} files",
                        i + 1,
                        rank + 1,
                        codes.len(),
                        board.files()
                    ),
                ));
            }
            for (file, code) in codes.into_iter().enumerate() {
                if code == NOT_A_SQUARE {
                    outside.push(Square::new(file as u8, rank));
                }
                let as_terrain = if code == NOT_A_SQUARE { Terrain::Water.code() } else { code };
                let terrain = Terrain::from_code(as_terrain).ok_or_else(|| {
                    (
                        "board.map".to_string(),
                        format!(
                            "row {} has `{code}`, which is no terrain code (. open, ~ water, T town, F trees, ^ hill, # not a square)",
                            i + 1
                        ),
                    )
                })?;
                board
                    .set_terrain(Square::new(file as u8, rank), terrain)
                    .map_err(|e| ("board.map".to_string(), e.to_string()))?;
            }
        }
    }
    for (list, terrain, field) in [
        (&b.water, Terrain::Water, "board.water"),
        (&b.towns, Terrain::Town, "board.towns"),
        (&b.trees, Terrain::Trees, "board.trees"),
        (&b.hills, Terrain::Hill, "board.hills"),
    ] {
        for item in list {
            for sq in parse_region(item, &board).map_err(|m| (field.to_string(), m))? {
                if outside.contains(&sq) {
                    return Err((field.to_string(), format!("{sq} is not a square of the board (`#` in board.map)")));
                }
                board.set_terrain(sq, terrain).map_err(|e| (field.to_string(), e.to_string()))?;
            }
        }
    }
    Ok((board, outside))
}

/// The map code of a cell of the rectangle that is not a square of the board.
const NOT_A_SQUARE: char = '#';

fn parse_zone(items: &[String], board: &Board) -> Result<Vec<Square>, String> {
    // A set, not `Vec::contains`: overlapping rectangles of a 120x120 board made parsing
    // quadratic (a few hundred bytes took seconds).
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    for item in items {
        for sq in parse_region(item, board)? {
            if seen.insert(sq) {
                out.push(sq);
            }
        }
    }
    Ok(out)
}

/// The ranks a side's starting pieces span, across the whole board.
fn default_zone(placement: &[(Square, Piece)], side: Side, board: &Board) -> Vec<Square> {
    let ranks: Vec<u8> = placement.iter().filter(|(_, p)| p.side == side).map(|(s, _)| s.rank).collect();
    let (Some(&lo), Some(&hi)) = (ranks.iter().min(), ranks.iter().max()) else { return Vec::new() };
    board.squares().filter(|s| (lo..=hi).contains(&s.rank)).collect()
}

#[cfg(test)]
mod tests;
