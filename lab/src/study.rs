//! Study files: what a study plays, read from TOML (docs/LAB.md describes every field). A
//! study is a grid of cells (each scenario with each variant); every cell plays the same
//! number of games between the same agents at the same node budget.

use crate::error::LabError;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use toml::Spanned;
use warlord_ai::{by_name, Budget};
use warlord_rules::Scenario;

/// The turn limit used when a study sets none.
pub const DEFAULT_TURN_LIMIT: u32 = 100;

/// A study file as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct StudyFile {
    name: Spanned<String>,
    #[serde(default)]
    description: String,
    seed: u64,
    games: Spanned<u32>,
    turn_limit: Option<u32>,
    scenarios: Spanned<Vec<Spanned<String>>>,
    players: PlayersFile,
    #[serde(default, rename = "variant")]
    variants: Vec<VariantFile>,
}

/// The `[players]` table as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayersFile {
    white: Spanned<String>,
    black: Spanned<String>,
    budget: Spanned<String>,
    #[serde(default)]
    opening: u32,
}

/// A `[[variant]]` as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct VariantFile {
    name: Spanned<String>,
    options: Option<Spanned<toml::Table>>,
    scenario: Option<Spanned<String>>,
}

/// A study, read and checked: everything needed to play its games, with the scenario texts
/// inlined so that workers on other machines need only the database.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Study {
    /// Its name: the key of its games in the database.
    pub name: String,
    /// What it asks, for people.
    pub description: String,
    /// The study seed; every game's seed is derived from it (see [`crate::plan`]).
    pub seed: u64,
    /// Games per cell.
    pub games: u32,
    /// The turn limit of every game (adjudicated by material where the rules allow).
    pub turn_limit: u32,
    /// The agent playing White (the first player).
    pub white: String,
    /// The agent playing Black.
    pub black: String,
    /// Both agents' node budget per turn, as text (`500n`).
    pub budget: String,
    /// The first play turns of every game (both sides' counted) played by the novice from the
    /// game's seed, so that agents which ignore their seed still play different games (0:
    /// none; left out of the stored definition then, so older studies read the same).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub opening: u32,
    /// The cells: each scenario with each variant.
    pub cells: Vec<Cell>,
}

/// One cell of a study: a scenario with a variant's options.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cell {
    /// Its label: `scenario` or `scenario/variant`.
    pub label: String,
    /// The scenario as the study names it (a shipped id or a file path; the variant's own
    /// file if it names one).
    pub scenario: String,
    /// The variant's name (`standard` when the study has none).
    pub variant: String,
    /// The scenario file's text.
    pub scenario_text: String,
    /// The rules options, the turn limit included.
    pub options: Vec<(String, String)>,
}

impl Study {
    /// Reads and checks a study file.
    pub fn load(path: &Path) -> Result<Study, LabError> {
        let text = std::fs::read_to_string(path)
            .map_err(|source| LabError::Read { path: path.display().to_string(), source })?;
        Study::parse(&text, path)
    }

    /// Reads and checks a study from its text; `path` names it in errors and is where
    /// scenario files are looked up from.
    pub fn parse(text: &str, path: &Path) -> Result<Study, LabError> {
        let at = |offset: usize, message: String| LabError::Study {
            path: path.display().to_string(),
            line: text.get(..offset).unwrap_or(text).matches('\n').count() + 1,
            message,
        };
        let file: StudyFile =
            toml::from_str(text).map_err(|e| at(e.span().map_or(0, |s| s.start), e.message().trim().to_string()))?;
        let name = file.name.get_ref().trim().to_string();
        if name.is_empty() {
            return Err(at(file.name.span().start, "the study needs a name".into()));
        }
        if *file.games.get_ref() == 0 {
            return Err(at(file.games.span().start, "`games` (per cell) must be at least 1".into()));
        }
        for agent in [&file.players.white, &file.players.black] {
            by_name(agent.get_ref()).map_err(|e| at(agent.span().start, e))?;
        }
        let budget = &file.players.budget;
        match Budget::parse(budget.get_ref()).map_err(|e| at(budget.span().start, e))? {
            Budget::Nodes(_) => {}
            Budget::Millis(_) => {
                return Err(at(
                    budget.span().start,
                    format!(
                        "`{}` is a time budget; a study needs a node budget like `500n`, so that its games reproduce",
                        budget.get_ref()
                    ),
                ))
            }
        }
        if file.scenarios.get_ref().is_empty() {
            return Err(at(file.scenarios.span().start, "the study names no scenario".into()));
        }
        let turn_limit = file.turn_limit.unwrap_or(DEFAULT_TURN_LIMIT);
        let variants = if file.variants.is_empty() {
            vec![VariantFile { name: Spanned::new(0..0, "standard".into()), options: None, scenario: None }]
        } else {
            file.variants
        };
        let base = path.parent().unwrap_or(Path::new("."));
        let mut cells = Vec::new();
        for scenario in file.scenarios.get_ref() {
            let (text_of_scenario, _) =
                scenario_text(scenario.get_ref(), base).map_err(|m| at(scenario.span().start, m))?;
            for variant in &variants {
                let vname = variant.name.get_ref().trim().to_string();
                if vname.is_empty() || vname.contains('/') {
                    return Err(at(variant.name.span().start, "a variant needs a name without `/`".into()));
                }
                let (cell_text, origin) = match &variant.scenario {
                    Some(other) if file.scenarios.get_ref().len() > 1 => {
                        return Err(at(
                            other.span().start,
                            "a variant with its own scenario file needs a study of one scenario".into(),
                        ))
                    }
                    Some(other) => scenario_text(other.get_ref(), base).map_err(|m| at(other.span().start, m))?,
                    None => (text_of_scenario.clone(), scenario.get_ref().clone()),
                };
                let parsed =
                    Scenario::parse(&cell_text, &origin).map_err(|e| at(scenario.span().start, e.to_string()))?;
                let options_at = variant.options.as_ref().map_or(variant.name.span().start, |o| o.span().start);
                let empty = toml::Table::new();
                let mut options: Vec<(String, String)> = Vec::new();
                for (key, value) in variant.options.as_ref().map_or(&empty, |o| o.get_ref()) {
                    let value = match value {
                        toml::Value::String(s) => s.clone(),
                        other => other.to_string(),
                    };
                    if !parsed.has_option(key) {
                        return Err(at(options_at, format!("`{key}` is not an option of `{}`", scenario.get_ref())));
                    }
                    options.push((key.clone(), value));
                }
                if parsed.has_option("turn-limit") && !options.iter().any(|(k, _)| k == "turn-limit") {
                    options.push(("turn-limit".into(), turn_limit.to_string()));
                    if parsed.has_option("adjudication") && !options.iter().any(|(k, _)| k == "adjudication") {
                        options.push(("adjudication".into(), "material".into()));
                    }
                }
                parsed.ruleset(&options).map_err(|e| at(options_at, e.to_string()))?;
                let label = if variants.len() == 1 {
                    scenario.get_ref().clone()
                } else {
                    format!("{}/{vname}", scenario.get_ref())
                };
                if cells.iter().any(|c: &Cell| c.label == label) {
                    return Err(at(variant.name.span().start, format!("the cell `{label}` appears twice")));
                }
                cells.push(Cell {
                    label,
                    scenario: variant.scenario.as_ref().unwrap_or(scenario).get_ref().clone(),
                    variant: vname,
                    scenario_text: cell_text,
                    options,
                });
            }
        }
        Ok(Study {
            name,
            description: file.description.trim().to_string(),
            seed: file.seed,
            games: *file.games.get_ref(),
            turn_limit,
            white: file.players.white.into_inner(),
            black: file.players.black.into_inner(),
            budget: budget.get_ref().trim().to_string(),
            opening: file.players.opening,
            cells,
        })
    }

    /// The node budget per turn.
    pub fn budget(&self) -> Result<Budget, LabError> {
        Budget::parse(&self.budget).map_err(LabError::Stored)
    }

    /// The number of games of the study.
    #[must_use]
    pub fn total_games(&self) -> u64 {
        self.cells.len() as u64 * u64::from(self.games)
    }

    /// The default database of a study file: `NAME.lab.sqlite` beside it.
    #[must_use]
    pub fn default_database(path: &Path) -> PathBuf {
        let stem = path.file_stem().map_or_else(|| "study".into(), |s| s.to_string_lossy().to_string());
        path.with_file_name(format!("{stem}.lab.sqlite"))
    }
}

/// The text of a scenario named by a shipped id or a path (relative to `base`, then to the
/// working directory), with the name to parse it under; an error message if neither.
fn scenario_text(reference: &str, base: &Path) -> Result<(String, String), String> {
    if let Some(builtin) = warlord_scenarios::get(reference) {
        return Ok((builtin.text.to_string(), format!("builtin:{}", builtin.id)));
    }
    let candidates = [base.join(reference), PathBuf::from(reference)];
    let Some(found) = candidates.iter().find(|p| p.is_file()) else {
        let ids: Vec<&str> = warlord_scenarios::ALL.iter().map(|b| b.id).collect();
        return Err(format!(
            "unknown scenario `{reference}`: no shipped scenario has this id ({}) and no file has this path",
            ids.join(", ")
        ));
    };
    let text = std::fs::read_to_string(found).map_err(|e| format!("cannot read {}: {e}", found.display()))?;
    Ok((text, found.display().to_string()))
}

/// Whether a count is zero (for serde's `skip_serializing_if`).
#[allow(clippy::trivially_copy_pass_by_ref)]
fn is_zero(n: &u32) -> bool {
    *n == 0
}
