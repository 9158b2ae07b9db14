//! What a `<scenario|record>` argument names, loaded: a builtin scenario, a scenario file
//! (`.toml`), or a record file with the scenario its `[Scenario]` tag names; then the rules
//! for the options chosen (the record's `[Option]` tags, then `--option`).

use anyhow::{anyhow, bail, Context, Result};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use warlord_rules::notation::{replay, replay_all_errors, Record, Replay};
use warlord_rules::{Action, Position, Ruleset, Scenario, Side};

/// The arguments of every command that builds rules.
#[derive(clap::Args, Debug)]
pub struct SourceArgs {
    /// A builtin scenario id (see `warlord scenarios`), a scenario file (`.toml`) or a record
    /// file.
    #[arg(value_name = "SCENARIO|RECORD")]
    pub source: String,
    /// The scenario of a record file (a builtin id or a `.toml` path), for records without a
    /// `[Scenario]` tag; overrides the tag.
    #[arg(long, value_name = "ID|PATH")]
    pub scenario: Option<String>,
    /// Sets a rules option, like `--option turn-limit=40` (repeatable; overrides the scenario's
    /// defaults and the record's `[Option]` tags).
    #[arg(long = "option", value_name = "NAME=VALUE", value_parser = parse_option)]
    pub options: Vec<(String, String)>,
}

/// Reads `name=value`.
fn parse_option(text: &str) -> Result<(String, String), String> {
    match text.split_once('=') {
        Some((name, value)) if !name.trim().is_empty() && !value.trim().is_empty() => {
            Ok((name.trim().to_string(), value.trim().to_string()))
        }
        _ => Err(format!("`{text}` is not an option setting; write NAME=VALUE, like turn-limit=40")),
    }
}

/// A record file and what it holds.
#[derive(Debug)]
pub struct RecordFile {
    /// Where it was read from.
    pub path: PathBuf,
    /// Its tags and turns.
    pub record: Record,
}

/// A scenario (and maybe a record) with its rules built.
#[derive(Debug)]
pub struct Game {
    /// The scenario.
    pub scenario: Scenario,
    /// How to name the scenario in a record header: its builtin id or the path it was read from.
    pub scenario_ref: String,
    /// The options chosen, as given: the record's tags, then the command line's.
    pub options: Vec<(String, String)>,
    /// The rules for those options.
    pub rules: Arc<dyn Ruleset>,
    /// The record, if the argument named one.
    pub record: Option<RecordFile>,
}

impl Game {
    /// Loads what the arguments name and builds its rules.
    pub fn load(args: &SourceArgs) -> Result<Game> {
        let (scenario, scenario_ref, record) = match warlord_scenarios::get(&args.source) {
            Some(builtin) => (parse_builtin(builtin)?, builtin.id.to_string(), None),
            None => {
                let path = PathBuf::from(&args.source);
                if !path.is_file() {
                    bail!("`{}` is neither a builtin scenario ({}) nor a file", args.source, builtin_ids());
                }
                if path.extension().is_some_and(|e| e == "toml") {
                    (parse_scenario_file(&path)?, args.source.clone(), None)
                } else {
                    let (scenario, scenario_ref, file) = open_record(path, args.scenario.as_deref())?;
                    (scenario, scenario_ref, Some(file))
                }
            }
        };
        if args.scenario.is_some() && record.is_none() {
            bail!("--scenario is for record files; `{}` is a scenario", args.source);
        }
        let mut options = Vec::new();
        if let Some(file) = &record {
            // The record's own options first, so that a bad tag is blamed on the file.
            options = file.record.options();
            check_option_names(&scenario, &options)
                .and_then(|()| Ok(scenario.ruleset(&options).map(drop)?))
                .with_context(|| format!("{}: its [Option] tags", file.path.display()))?;
        }
        options.extend(args.options.iter().cloned());
        check_option_names(&scenario, &options)?;
        let rules = scenario.ruleset(&options)?;
        Ok(Game { scenario, scenario_ref, options, rules, record })
    }

    /// The record replayed against the rules, if the argument named a record.
    #[must_use]
    pub fn replay(&self) -> Option<Replay> {
        self.record.as_ref().map(|r| replay(self.rules.as_ref(), &r.record))
    }

    /// The record replayed past every illegal or unreadable action, each reported in
    /// [`Replay::errors`], if the argument named a record.
    #[must_use]
    pub fn replay_all_errors(&self) -> Option<Replay> {
        self.record.as_ref().map(|r| replay_all_errors(self.rules.as_ref(), &r.record))
    }

    /// The position the argument describes: the scenario's start, or the position after the
    /// record's last turn (an error at its first illegal action).
    pub fn position(&self) -> Result<Position> {
        match self.replay() {
            None => Ok(self.rules.start()),
            Some(replayed) => {
                self.check(&replayed)?;
                Ok(replayed.position)
            }
        }
    }

    /// The record's turns as played (each turn's side and actions), after checking them; empty
    /// without a record.
    pub fn history(&self) -> Result<Vec<(Side, Vec<Action>)>> {
        let Some(replayed) = self.replay() else {
            return Ok(Vec::new());
        };
        self.check(&replayed)?;
        let mut turns: Vec<(u32, Side, Vec<Action>)> = Vec::new();
        for step in replayed.steps {
            match turns.last_mut() {
                Some((number, side, actions)) if *number == step.number && *side == step.side => {
                    actions.push(step.action)
                }
                _ => turns.push((step.number, step.side, vec![step.action])),
            }
        }
        Ok(turns.into_iter().map(|(_, side, actions)| (side, actions)).collect())
    }

    /// An error naming the record file and the first illegal action, if the replay found one.
    pub fn check(&self, replayed: &Replay) -> Result<()> {
        match (&replayed.error, &self.record) {
            (Some(error), Some(file)) => bail!("{}: {error}", file.path.display()),
            _ => Ok(()),
        }
    }

    /// One line naming the scenario and the options chosen.
    #[must_use]
    pub fn title(&self) -> String {
        let s = &self.scenario;
        let (files, ranks) = (s.board.files(), s.board.ranks());
        let mut title = format!("{} ({}), {} family, {files}x{ranks}", s.name, s.id, s.family.name());
        if !self.options.is_empty() {
            let list: Vec<String> = self.options.iter().map(|(k, v)| format!("{k}={v}")).collect();
            title.push_str(&format!("; options: {}", list.join(", ")));
        }
        title
    }
}

/// Reads a record file and the scenario it names (`scenario` overriding its tag).
fn open_record(path: PathBuf, scenario: Option<&str>) -> Result<(Scenario, String, RecordFile)> {
    let in_file = |e: anyhow::Error| e.context(path.display().to_string());
    let text = read_text(&path)?;
    let tags = Record::parse_header(&text).map_err(|e| in_file(e.into()))?;
    let header = Record { tags, ..Record::default() };
    let named = scenario.or(header.scenario()).ok_or_else(|| {
        in_file(anyhow!("the record names no scenario; add a `[Scenario \"id\"]` tag or pass --scenario"))
    })?;
    let (scenario, scenario_ref) = load_scenario(named, path.parent()).map_err(in_file)?;
    let record = Record::parse(&text, &scenario.pieces).map_err(|e| in_file(e.into()))?;
    Ok((scenario, scenario_ref, RecordFile { path, record }))
}

/// Loads a scenario named by a builtin id or a path (tried relative to `base`, then to the
/// working directory); returns it with the name to write in record headers.
pub fn load_scenario(reference: &str, base: Option<&Path>) -> Result<(Scenario, String)> {
    if let Some(builtin) = warlord_scenarios::get(reference) {
        return Ok((parse_builtin(builtin)?, builtin.id.to_string()));
    }
    let candidates = base.map(|b| b.join(reference)).into_iter().chain([PathBuf::from(reference)]);
    let Some(path) = candidates.into_iter().find(|p| p.is_file()) else {
        bail!(
            "unknown scenario `{reference}`: no builtin scenario has this id ({}) and no file has this path",
            builtin_ids()
        );
    };
    Ok((parse_scenario_file(&path)?, path.display().to_string()))
}

fn parse_builtin(builtin: &warlord_scenarios::Builtin) -> Result<Scenario> {
    Ok(Scenario::parse(builtin.text, &format!("builtin:{}", builtin.id))?)
}

fn parse_scenario_file(path: &Path) -> Result<Scenario> {
    Ok(Scenario::parse(&read_text(path)?, &path.display().to_string())?)
}

/// The ids of the shipped scenarios, comma-separated.
#[must_use]
pub fn builtin_ids() -> String {
    warlord_scenarios::ALL.iter().map(|b| b.id).collect::<Vec<_>>().join(", ")
}

/// The most bytes the CLI reads from a scenario or record file.
const MAX_FILE_BYTES: u64 = 32 << 20;

/// Reads a text file, with its path in any error.
pub fn read_text(path: &Path) -> Result<String> {
    let size = std::fs::metadata(path).with_context(|| format!("cannot read {}", path.display()))?.len();
    if size > MAX_FILE_BYTES {
        bail!("{} is too large ({size} bytes; at most {MAX_FILE_BYTES})", path.display());
    }
    std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))
}

fn check_option_names(scenario: &Scenario, options: &[(String, String)]) -> Result<()> {
    let known: Vec<String> = scenario.option_schema().into_iter().map(|o| o.name).collect();
    match options.iter().find(|(name, _)| !known.contains(name)) {
        Some((name, _)) => bail!("unknown option `{name}` for {}; its options are: {}", scenario.id, known.join(", ")),
        None => Ok(()),
    }
}
