//! The games of a study: one per cell and number, each with its own seed derived from the
//! study seed, its cell's label and its number in the cell, so that the same study always
//! plays the same games (and adding a cell changes no other cell's games).

use crate::study::Study;
use warlord_rules::splitmix64;

/// One game to play.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PlannedGame {
    /// Its index in the study (cell by cell): its key in the database.
    pub index: u64,
    /// Its cell, an index into [`Study::cells`].
    pub cell: usize,
    /// The game's seed.
    pub seed: u64,
}

/// Every game of a study, in index order.
#[must_use]
pub fn games(study: &Study) -> Vec<PlannedGame> {
    let per_cell = u64::from(study.games);
    study
        .cells
        .iter()
        .enumerate()
        .flat_map(|(cell, c)| {
            let label = fnv1a(c.label.as_bytes());
            (0..per_cell).map(move |k| PlannedGame {
                index: cell as u64 * per_cell + k,
                cell,
                seed: game_seed(study.seed, label, k),
            })
        })
        .collect()
}

/// The seed of game `number` of a cell.
fn game_seed(study_seed: u64, label: u64, number: u64) -> u64 {
    splitmix64(splitmix64(study_seed ^ label).wrapping_add(number))
}

/// The FNV-1a hash of some bytes (stable across builds, unlike std's hasher).
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}
