//! The playtest lab: studies of many AI games, answering a designer's questions with numbers
//! and charts (docs/LAB.md).
//!
//! - [`study`]: study files (TOML): scenarios, variants, agents, node budget, games, seed.
//! - [`plan`]: the games of a study, each with its own reproducible seed.
//! - [`store`]: the database (SQLite or PostgreSQL) and claiming games exactly once.
//! - [`worker`]: playing a study's unclaimed games on every core.
//! - [`play`]: one game, with its material and captures.
//! - [`metrics`], [`values`], [`stats`]: the figures: score, Ludi / Ludii metrics, piece values.
//! - [`report`], [`html`], [`charts`]: the report as JSON and as HTML with SVG charts.
//! - [`compare`]: is one cell fairer or more decisive than another.

pub mod charts;
pub mod compare;
pub mod error;
pub mod html;
pub mod markdown;
pub mod metrics;
pub mod plan;
pub mod play;
pub mod report;
pub mod stats;
pub mod store;
pub mod study;
pub mod values;
pub mod worker;

pub use error::LabError;
pub use report::Report;
pub use store::Lab;
pub use study::Study;
pub use worker::{run_study, RunOptions, RunSummary};
