//! The report of a study: its figures per cell as data (written as JSON) and as one
//! self-contained HTML file with inline SVG charts ([`crate::html`]).

use crate::error::LabError;
use crate::metrics::Metrics;
use crate::store::{Lab, Progress, StoredGame};
use crate::study::Study;
use crate::values::{piece_values, PieceValue};
use crate::worker::cell_rules;
use serde::Serialize;
use std::path::{Path, PathBuf};
use warlord_rules::Side;

/// A study's report.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    /// The study's name.
    pub study: String,
    /// What it asks.
    pub description: String,
    /// White's agent.
    pub white: String,
    /// Black's agent.
    pub black: String,
    /// The node budget per turn.
    pub budget: String,
    /// The first play turns of every game played by the novice (0: none).
    pub opening: u32,
    /// The study seed.
    pub seed: u64,
    /// The turn limit.
    pub turn_limit: u32,
    /// Games planned per cell.
    pub games_per_cell: u32,
    /// Games finished so far.
    pub games_done: u64,
    /// Games planned.
    pub games_planned: u64,
    /// The cells.
    pub cells: Vec<CellReport>,
}

/// The figures of one cell.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CellReport {
    /// `scenario` or `scenario/variant`.
    pub label: String,
    /// The scenario.
    pub scenario: String,
    /// The variant.
    pub variant: String,
    /// The rules options played (`name=value`).
    pub options: Vec<String>,
    /// The board's files.
    pub files: u8,
    /// The board's ranks.
    pub ranks: u8,
    /// Whether the board's cells are hexes (offset rows: every second rank shifted half a
    /// cell towards the higher files), not squares.
    pub hex: bool,
    /// Score, interval, endings and the Ludi / Ludii metrics.
    pub metrics: Metrics,
    /// Every game's length in play turns.
    pub lengths: Vec<u32>,
    /// Pieces captured on each square: `heat[rank][file]`, rank 0 first.
    pub heat: Vec<Vec<u32>>,
    /// Measured piece values.
    pub piece_values: Vec<PieceValue>,
    /// The games decided at the turn limit (or abandoned) by result: White's wins, draws,
    /// Black's wins.
    pub adjudicated_results: [u32; 3],
}

impl CellReport {
    /// The shares of White's wins, draws and Black's wins by the rules, and of games decided
    /// at the turn limit (summing to 1 with any game).
    #[must_use]
    pub fn outcome_shares(&self) -> [f64; 4] {
        let m = &self.metrics;
        let n = f64::from(m.games.max(1));
        let [w, d, b] = self.adjudicated_results;
        // Adjudicated games are counted once, in the last part; the others by their result.
        let by_rule = |k: u32, part: u32| f64::from(k.saturating_sub(part)) / n;
        [by_rule(m.white_wins, w), by_rule(m.draws, d), by_rule(m.black_wins, b), f64::from(w + d + b) / n]
    }
}

impl Report {
    /// Builds the report of `study` from the games stored in `lab`.
    pub fn build(lab: &Lab, study: &Study) -> Result<Report, LabError> {
        let games = lab.games(&study.name)?;
        let Progress { done, .. } = lab.progress(&study.name)?;
        Report::from_games(study, &games, done)
    }

    /// Builds the report of `study` from its finished games.
    pub fn from_games(study: &Study, games: &[StoredGame], done: u64) -> Result<Report, LabError> {
        let rules = cell_rules(study)?;
        let mut cells = Vec::new();
        for (i, (cell, rules)) in study.cells.iter().zip(&rules).enumerate() {
            let mine: Vec<&StoredGame> = games.iter().filter(|g| g.cell == i).collect();
            let table = rules.pieces();
            let names: Vec<String> = table.iter().map(|(_, k)| k.name.clone()).collect();
            let values: Vec<u32> = table.iter().map(|(_, k)| k.value).collect();
            let board = rules.board();
            let (files, ranks) = (board.files(), board.ranks());
            let mut heat = vec![vec![0u32; usize::from(files)]; usize::from(ranks)];
            for c in mine.iter().flat_map(|g| &g.captures) {
                if let Some(n) = heat.get_mut(usize::from(c.rank)).and_then(|r| r.get_mut(usize::from(c.file))) {
                    *n += 1;
                }
            }
            let adjudicated =
                |f: &dyn Fn(&StoredGame) -> bool| mine.iter().filter(|g| g.adjudicated && f(g)).count() as u32;
            cells.push(CellReport {
                label: cell.label.clone(),
                scenario: cell.scenario.clone(),
                variant: cell.variant.clone(),
                options: cell.options.iter().map(|(k, v)| format!("{k}={v}")).collect(),
                files,
                ranks,
                hex: board.geometry() == warlord_rules::Geometry::Hex,
                metrics: Metrics::of(&mine, &values),
                lengths: mine.iter().map(|g| g.turns).collect(),
                heat,
                piece_values: piece_values(&mine, &names, &values),
                adjudicated_results: [
                    adjudicated(&|g| g.winner == Some(Side::White)),
                    adjudicated(&|g| g.winner.is_none()),
                    adjudicated(&|g| g.winner == Some(Side::Black)),
                ],
            });
        }
        Ok(Report {
            study: study.name.clone(),
            description: study.description.clone(),
            white: study.white.clone(),
            black: study.black.clone(),
            budget: study.budget.clone(),
            opening: study.opening,
            seed: study.seed,
            turn_limit: study.turn_limit,
            games_per_cell: study.games,
            games_done: done,
            games_planned: study.total_games(),
            cells,
        })
    }

    /// The cell named `name`: its label, or a variant's name when one scenario has it.
    pub fn cell(&self, name: &str) -> Result<&CellReport, LabError> {
        let by_variant: Vec<&CellReport> = self.cells.iter().filter(|c| c.variant == name).collect();
        self.cells
            .iter()
            .find(|c| c.label == name)
            .or(if by_variant.len() == 1 { by_variant.first().copied() } else { None })
            .ok_or_else(|| LabError::UnknownCell {
                name: name.to_string(),
                study: self.study.clone(),
                cells: self.cells.iter().map(|c| c.label.as_str()).collect::<Vec<_>>().join(", "),
            })
    }

    /// Writes `report.html`, `report.json` and `report.md` (the summary table) into `dir`
    /// (created if missing); returns the paths of the first two.
    pub fn write(&self, dir: &Path) -> Result<(PathBuf, PathBuf), LabError> {
        std::fs::create_dir_all(dir).map_err(|e| LabError::Report(format!("cannot create {}: {e}", dir.display())))?;
        let html = dir.join("report.html");
        let json = dir.join("report.json");
        let write = |path: &Path, text: String| {
            std::fs::write(path, text).map_err(|e| LabError::Report(format!("cannot write {}: {e}", path.display())))
        };
        write(&html, crate::html::render(self)?)?;
        let text = serde_json::to_string_pretty(self).map_err(|e| LabError::Report(e.to_string()))?;
        write(&json, text + "\n")?;
        write(&dir.join("report.md"), crate::markdown::render(self))?;
        Ok((html, json))
    }
}
