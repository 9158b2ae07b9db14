//! The TOML output: a layout as the scenario file's own structs ([`RawScenario`], the ones
//! [`Scenario::parse`](crate::Scenario::parse) reads), written by the `toml` crate under a
//! header of comments.

use super::layout::{Entry, Layout};
use super::spec::{ArmySpec, GenerateSpec};
use super::GenerateError;
use crate::piece::PieceTable;
use crate::scenario::pieces::parse_pieces;
use crate::scenario::raw::{RawBoard, RawCommand, RawPiece, RawScenario, RawSetup, RawWave};
use crate::side::Side;
use crate::square::Square;
use crate::terrain::Terrain;
use serde::Serialize;

/// The leader levels of generated scenarios, highest first: a level-N leader is worth N and
/// activates up to N pieces.
const LEADER_LEVELS: [u8; 3] = [3, 2, 1];

/// The Warlord 2.0 units of the scenario texts, as generated armies count them: the catalog
/// piece each is `like`, and its symbol there.
const UNITS: [(&str, &str); 4] = [("heavy-cavalry", "H"), ("cannon", "C"), ("light-cavalry", "N"), ("infantry", "I")];

/// The `[rules]` of a generated scenario.
#[derive(Serialize)]
#[serde(rename_all = "kebab-case")]
struct Rules {
    moves_per_turn: u32,
    cap_by_leaders: bool,
    towns_to_win: usize,
}

/// The `[options]` of a generated scenario.
#[derive(Serialize)]
#[serde(rename_all = "kebab-case")]
struct Options {
    shorter_game: bool,
    self_activating_knights: bool,
}

/// The piece kinds of generated scenarios: leaders of levels 3, 2 and 1, and the [`UNITS`].
pub(super) fn pieces() -> Vec<RawPiece> {
    let piece = |like: &str| RawPiece {
        like: Some(like.to_string()),
        name: None,
        symbol: None,
        class: None,
        value: None,
        command: None,
        moves: None,
    };
    let leaders = LEADER_LEVELS.map(|level| RawPiece {
        symbol: Some(leader_symbol(level)),
        name: Some(format!("Level-{level} Leader")),
        value: Some(i64::from(level)),
        command: Some(RawCommand { capacity: Some(i64::from(level)), range: None, others: None }),
        ..piece("leader")
    });
    leaders.into_iter().chain(UNITS.map(|(like, _)| piece(like))).collect()
}

/// The piece table of generated scenarios, as [`Scenario::parse`](crate::Scenario::parse)
/// builds it from [`pieces`].
pub(super) fn piece_table() -> Result<PieceTable, GenerateError> {
    // The generated `[rules]` give no `activation-range`, so the parser's default range of 2.
    parse_pieces(&pieces(), 2).map_err(|(field, message)| GenerateError(format!("generated {field}: {message}")))
}

/// The symbol of the generated leader of a level: `L3`, `L2`, `L1`.
fn leader_symbol(level: u8) -> String {
    format!("L{level}")
}

/// An army's pieces by symbol, as a `pieces` table of `[[reinforcements]]`.
fn army_pieces(army: &ArmySpec) -> toml::Table {
    let leaders =
        LEADER_LEVELS.map(|level| (leader_symbol(level), army.leaders.iter().filter(|&&l| l == level).count()));
    let units = [army.heavy_cavalry, army.cannon, army.light_cavalry, army.infantry]
        .into_iter()
        .zip(UNITS)
        .map(|(n, (_, symbol))| (symbol.to_string(), usize::from(n)));
    leaders
        .into_iter()
        .chain(units)
        .filter(|&(_, n)| n > 0)
        .map(|(symbol, n)| (symbol, toml::Value::Integer(n as i64)))
        .collect()
}

/// The `[[reinforcements]]` entry of an army's entry block.
fn wave(entry: &Entry) -> RawWave {
    let (c, far) = (entry.corner, Square::new(entry.corner.file + 3, entry.corner.rank + 3));
    RawWave {
        side: entry.side.name().to_string(),
        turn: i64::from(entry.army.turn),
        region: format!("{c}:{far}"),
        pieces: army_pieces(&entry.army),
    }
}

/// The terrain map, top rank first, one [`Terrain::code`] per square.
fn map(layout: &Layout) -> Vec<String> {
    let files = usize::from(layout.files);
    let mut grid = vec![Terrain::Open.code(); files * usize::from(layout.ranks)];
    for (squares, terrain) in
        [(&layout.towns, Terrain::Town), (&layout.trees, Terrain::Trees), (&layout.hills, Terrain::Hill)]
    {
        for s in squares {
            grid[usize::from(s.rank) * files + usize::from(s.file)] = terrain.code();
        }
    }
    grid.chunks(files).rev().map(|row| row.iter().collect()).collect()
}

/// What the header calls the board's cells.
fn cells(geometry: crate::geometry::Geometry) -> &'static str {
    match geometry {
        crate::geometry::Geometry::Square => "squares",
        crate::geometry::Geometry::Hex => "hexes",
    }
}

/// Why the file could not be written.
fn unwritable(e: impl std::fmt::Display) -> GenerateError {
    GenerateError(format!("cannot write the scenario: {e}"))
}

/// Converts a small serialisable struct into a TOML table.
fn table(value: impl Serialize) -> Result<toml::Table, GenerateError> {
    toml::Table::try_from(value).map_err(unwritable)
}

/// Writes the scenario file of a layout.
pub(super) fn render(spec: &GenerateSpec, layout: &Layout) -> Result<String, GenerateError> {
    let (files, ranks) = (layout.files, layout.ranks);
    let garrisons =
        layout.entries.iter().filter(|e| e.side == Side::White && Some(&e.army) == spec.garrison.as_ref()).count();
    let moves = spec.moves_per_turn(garrisons);
    let towns = layout.towns.len();
    let towns_to_win = if towns == 0 { 0 } else { towns / 2 + 1 };
    let area = usize::from(files) * usize::from(ranks);
    let terrain = towns + layout.trees.len() + layout.hills.len();
    let pieces_a_side: usize = layout.entries.iter().filter(|e| e.side == Side::White).map(|e| e.army.size()).sum();
    let description = spec.description.clone().unwrap_or_else(|| {
        format!(
            "A {files}x{ranks} meeting engagement on an empty board: each side's {pieces_a_side} pieces enter in 4x4 blocks as reinforcements, the first at its corner. {towns} towns placed symmetrically; holding {towns_to_win} of them at the start of your turn wins. {:.0}% terrain, spread fake randomly and checked for fairness. Up to {moves} moves a turn, within the leaders' levels.",
            spec.density * 100.0
        )
    });
    let source = spec.source.clone().unwrap_or_else(|| {
        "Generated after J. Joyce's notes on large Warlord games ([000] \"SET-UPS\", \"GAME PLAY\"): symmetric towns, fake random terrain (10-30% including towns), armies entering in 4x4 blocks, about 60% of the leader value as activations.".to_string()
    });
    let scenario = RawScenario {
        id: Some(spec.id.clone()),
        name: spec.name.clone(),
        family: "warlord".into(),
        description,
        source,
        reconstructed: spec.reconstruction.is_some(),
        reconstruction: spec.reconstruction.clone().unwrap_or_default(),
        board: RawBoard {
            geometry: spec.geometry,
            files: i64::from(files),
            ranks: i64::from(ranks),
            map: Some(map(layout)),
            water: Vec::new(),
            towns: Vec::new(),
            trees: Vec::new(),
            hills: Vec::new(),
        },
        rules: table(Rules { moves_per_turn: moves, cap_by_leaders: false, towns_to_win })?,
        options: table(Options { shorter_game: false, self_activating_knights: spec.self_activating_knights })?,
        pieces: pieces(),
        setup: RawSetup {
            position: None,
            white: Vec::new(),
            black: Vec::new(),
            zones: None,
            army: None,
            sections: None,
        },
        reinforcements: layout.entries.iter().map(wave).collect(),
    };
    let body = toml::to_string_pretty(&scenario).map_err(unwritable)?;
    let header = [
        format!("# Generated by the scenario generator (rules/src/scenario/generate/), seed {}.", spec.seed),
        "# Regenerate it rather than editing it: the generated text is checked by the tests.".to_string(),
        format!(
            "# Terrain: {terrain} of {area} {} ({:.1}%): {towns} towns, {} trees, {} hills.",
            cells(spec.geometry),
            100.0 * terrain as f64 / area as f64,
            layout.trees.len(),
            layout.hills.len()
        ),
        format!("# Fairness check: the sides' access differs by at most {:.1}%.", 100.0 * layout.unfairness),
        "# The map lists the top rank first: . open, T town, F trees, ^ hill.".to_string(),
        "# The board starts empty: every army enters as reinforcements.".to_string(),
    ];
    Ok(format!("{}\n{body}", header.join("\n")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_army_is_counted_by_the_symbols_of_the_generated_pieces() {
        let table = army_pieces(&ArmySpec::field(0));
        let counts: Vec<(&str, i64)> = table.iter().map(|(k, v)| (k.as_str(), v.as_integer().unwrap_or(-1))).collect();
        assert_eq!(counts, [("C", 2), ("H", 2), ("I", 7), ("L3", 3), ("N", 2)]);
        let kinds = piece_table().unwrap();
        for symbol in table.keys() {
            assert!(kinds.by_symbol(symbol).is_some(), "{symbol} is no generated piece");
        }
        let garrison = army_pieces(&ArmySpec::garrison(1));
        assert_eq!(garrison.keys().map(String::as_str).collect::<Vec<_>>(), ["I", "L2", "N"], "no empty counts");
    }
}
