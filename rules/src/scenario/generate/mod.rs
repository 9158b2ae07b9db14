//! A seeded generator of large Warlord scenarios, after the designer's notes on large boards
//! (\[000] "SET-UPS" and "GAME PLAY"):
//!
//! - **Towns** are symmetric: a half turn of the board (square `(f, r)` to
//!   `(files-1-f, ranks-1-r)`) maps each side's towns, entry blocks and garrisons onto the
//!   other's. An odd town count puts one town next to the centre, "as close to it as possible",
//!   on the second player's side of the centre line.
//! - **Trees and hills** are spread "fake randomly": the area is cut into cells that get equal
//!   shares (cells that map onto each other get the same count), each square is placed at random
//!   inside its cell, and tree or hill is drawn at random for each. So the spread is even but not
//!   symmetric. A few are 2-square features (an orthogonal pair of hills, "a mountain range", or
//!   a diagonal pair of trees), as in the designer's "few spots with blocking terrain".
//! - **Fairness**: "after you've done your set up, you can check access, and if necessary, move a
//!   terrain square or two over a bit". The check compares, for heavy cavalry, cannon and light
//!   cavalry (the pieces terrain hinders), each side's march from its entry blocks to every town
//!   (shortest number of moves, summed) and the mobility in its own half (moves available from
//!   every square), with the moves of the engine's Warlord move generator. While a side is ahead
//!   by more than the tolerance, a terrain square is moved to a free square next to it, keeping
//!   the move when it makes the two sides more equal.
//! - **Armies** enter as reinforcements in 4x4 blocks ("Incoming pieces are being set up in 4x4
//!   blocks along the edge ... placed symmetrically, blockwise, but free placement within the
//!   blocks"): field armies at blocks along each side's home edge, the first at its corner (the
//!   Valley War's "diagonally opposite corners"), and optionally a small garrison at each town of
//!   a side's half on turn 1 (the 48x72 idea: "2 countries, with tiny armies at each city").
//!
//! [`generate`] writes the scenario as TOML text that [`super::Scenario::parse`] accepts: the
//! parser's own file structs, serialised by the `toml` crate. The same spec always gives the
//! same text.
//!
//! One concept a file: `spec` (what is asked), `layout` (towns and entry blocks), `terrain`
//! (trees and hills), `fairness` (the access check) and `output` (the TOML file).

mod fairness;
mod layout;
mod output;
mod spec;
mod terrain;

pub use fairness::FAIRNESS_TOLERANCE;
pub use layout::{half, image, layout, Entry, Layout};
pub use spec::{ArmySpec, GenerateSpec, Towns, COMMAND_SHARE, DENSITY_RANGE};
pub use terrain::{spread_terrain, Spread, TerrainSpec};

/// Why a scenario could not be generated.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct GenerateError(pub String);

fn fail<T>(message: impl Into<String>) -> Result<T, GenerateError> {
    Err(GenerateError(message.into()))
}

/// Generates the scenario as TOML text.
pub fn generate(spec: &GenerateSpec) -> Result<String, GenerateError> {
    output::render(spec, &layout(spec)?)
}
