//! The lab's errors: each says what went wrong and where (the study file and line, the
//! database, the game).

/// What can go wrong in the lab.
#[derive(Debug, thiserror::Error)]
pub enum LabError {
    /// A file could not be read.
    #[error("cannot read {path}: {source}")]
    Read {
        /// The file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// A study file is not a valid study.
    #[error("{path}:{line}: {message}")]
    Study {
        /// The study file.
        path: String,
        /// The line (from 1).
        line: usize,
        /// What is wrong there.
        message: String,
    },
    /// The database's runtime could not start.
    #[error("cannot start the database runtime: {0}")]
    Runtime(std::io::Error),
    /// The database failed.
    #[error("database: {0}")]
    Database(#[from] sqlx::Error),
    /// The database's migrations failed.
    #[error("database schema: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    /// The database already holds a different study under this name.
    #[error("the database already holds a different study named `{0}`; rename the study or use another database")]
    StudyChanged(String),
    /// The database holds no study of this name (or, unnamed, not exactly one study).
    #[error("{0}")]
    NoStudy(String),
    /// Something stored in the database cannot be read back.
    #[error("stored data: {0}")]
    Stored(String),
    /// A game could not be played.
    #[error("game {index} ({cell}): {message}")]
    Game {
        /// The game's index in the study.
        index: u64,
        /// Its cell's label.
        cell: String,
        /// What went wrong.
        message: String,
    },
    /// A cell named on the command line is not in the study.
    #[error("no cell `{name}` in study `{study}`; its cells: {cells}")]
    UnknownCell {
        /// The name given.
        name: String,
        /// The study.
        study: String,
        /// Its cells' labels.
        cells: String,
    },
    /// A report could not be drawn or written.
    #[error("report: {0}")]
    Report(String),
}
