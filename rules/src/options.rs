//! Option schemas: each family publishes its options (name, type, default, choices, label,
//! help) from one place, the family's options type and a table of texts beside it, so that the
//! server, the CLI and the browser show and check them without restating any.

use serde::Serialize;

/// The type of an option's value.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum OptionType {
    /// `true` or `false`.
    Bool,
    /// A whole number in a range.
    Integer {
        /// The smallest value.
        min: i64,
        /// The largest value.
        max: i64,
    },
    /// One word of a list.
    Choice {
        /// The words allowed.
        choices: Vec<String>,
    },
}

/// One option of a game, as players see it.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OptionSpec {
    /// Its name in scenario files, records and requests (`shorter-game`).
    pub name: String,
    /// Its type and allowed values.
    pub kind: OptionType,
    /// Its default value as it is written (`false`, `0`, `draw`): the family's, or the
    /// scenario's where the scenario sets it.
    pub default: String,
    /// A short label for a form.
    pub label: String,
    /// What it does, in a sentence or two.
    pub help: String,
}

/// The texts and limits of one option, written beside a family's options type.
#[derive(Copy, Clone, Debug)]
pub struct OptionDoc {
    /// Its name, as serde writes the field.
    pub name: &'static str,
    /// A short label.
    pub label: &'static str,
    /// What it does.
    pub help: &'static str,
    /// For whole numbers: the range allowed.
    pub range: (i64, i64),
    /// For words: the words allowed.
    pub choices: &'static [&'static str],
}

impl OptionDoc {
    /// A yes/no option, or one whose limits come from its type.
    #[must_use]
    pub const fn new(name: &'static str, label: &'static str, help: &'static str) -> OptionDoc {
        OptionDoc { name, label, help, range: (0, u32::MAX as i64), choices: &[] }
    }

    /// The same option with a range of whole numbers.
    #[must_use]
    pub const fn range(self, min: i64, max: i64) -> OptionDoc {
        OptionDoc { range: (min, max), ..self }
    }

    /// The same option with a list of words.
    #[must_use]
    pub const fn choices(self, choices: &'static [&'static str]) -> OptionDoc {
        OptionDoc { choices, ..self }
    }
}

/// Why a family's option texts do not match its options type (a defect caught by tests).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("option schema: {0}")]
pub struct SchemaError(String);

/// The schema of an options type `T`: names and defaults from `T::default()` as serde writes
/// it, texts and limits from `docs`, in the order of `docs`. Every field must have a doc and
/// every doc a field.
pub fn schema<T: Serialize + Default>(docs: &[OptionDoc]) -> Result<Vec<OptionSpec>, SchemaError> {
    let defaults = toml::Value::try_from(T::default()).map_err(|e| SchemaError(e.to_string()))?;
    let table = defaults.as_table().ok_or_else(|| SchemaError("the options are not a table".into()))?;
    if let Some(name) = table.keys().find(|k| !docs.iter().any(|d| d.name == k.as_str())) {
        return Err(SchemaError(format!("`{name}` has no label and help")));
    }
    docs.iter()
        .map(|doc| {
            let value = table
                .get(doc.name)
                .ok_or_else(|| SchemaError(format!("`{}` is documented but no option", doc.name)))?;
            let kind = match value {
                toml::Value::Boolean(_) => OptionType::Bool,
                toml::Value::Integer(_) => OptionType::Integer { min: doc.range.0, max: doc.range.1 },
                toml::Value::String(_) if !doc.choices.is_empty() => {
                    OptionType::Choice { choices: doc.choices.iter().map(ToString::to_string).collect() }
                }
                other => {
                    return Err(SchemaError(format!(
                        "`{}` has a value of type {} and no choices",
                        doc.name,
                        other.type_str()
                    )))
                }
            };
            Ok(OptionSpec {
                name: doc.name.to_string(),
                kind,
                default: value_text(value),
                label: doc.label.to_string(),
                help: doc.help.to_string(),
            })
        })
        .collect()
}

/// An option value as it is written on the command line and in requests: words bare.
#[must_use]
pub fn value_text(value: &toml::Value) -> String {
    match value {
        toml::Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}
