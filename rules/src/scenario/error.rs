//! Errors in scenario files, naming the file, the field and what is wrong.

use std::fmt;

/// Why a scenario could not be read or built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct ScenarioError {
    /// The file (or other origin) the scenario came from.
    pub origin: String,
    /// The field, like `pieces[2].moves[0]`, or empty for the whole file.
    pub field: String,
    /// What is wrong.
    pub message: String,
}

impl ScenarioError {
    /// An error about a field.
    pub fn new(origin: &str, field: impl Into<String>, message: impl Into<String>) -> ScenarioError {
        ScenarioError {
            origin: crate::clip(origin, 200),
            field: crate::clip(&field.into(), 200),
            message: crate::clip(&message.into(), 600),
        }
    }
}

impl fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.field.is_empty() {
            write!(f, "{}: {}", self.origin, self.message)
        } else {
            write!(f, "{}: {}: {}", self.origin, self.field, self.message)
        }
    }
}
