//! `warlord scenarios`: the shipped scenarios as a table, or one scenario in detail.

use crate::game::load_scenario;
use anyhow::Result;
use std::io::Write;
use warlord_rules::Scenario;

/// Arguments of `warlord scenarios`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Describe one scenario (a builtin id or a `.toml` path) instead of listing them all.
    #[arg(long, value_name = "ID|PATH")]
    pub show: Option<String>,
}

/// Lists the scenarios, or describes the one asked for.
pub fn run(args: Args, out: &mut dyn Write) -> Result<()> {
    if let Some(reference) = args.show {
        let (scenario, _) = load_scenario(&reference, None)?;
        return describe(&scenario, out);
    }
    let mut rows = vec![["ID".to_string(), "NAME".into(), "FAMILY".into(), "BOARD".into(), "RECONSTRUCTED".into()]];
    for builtin in warlord_scenarios::ALL {
        let (s, _) = load_scenario(builtin.id, None)?;
        let reconstructed = if s.reconstructed { "yes" } else { "no" };
        rows.push([s.id.clone(), s.name.clone(), s.family.name().into(), board_size(&s), reconstructed.into()]);
    }
    let widths: Vec<usize> = (0..5).map(|c| rows.iter().map(|r| r[c].chars().count()).max().unwrap_or(0)).collect();
    for row in rows {
        let cells: Vec<String> = row.iter().zip(&widths).map(|(cell, &w)| format!("{cell:w$}")).collect();
        writeln!(out, "{}", cells.join("  ").trim_end())?;
    }
    Ok(())
}

fn board_size(s: &Scenario) -> String {
    format!("{}x{}", s.board.files(), s.board.ranks())
}

/// Writes everything a player wants to know before choosing a scenario.
fn describe(s: &Scenario, out: &mut dyn Write) -> Result<()> {
    writeln!(out, "{} ({})", s.name, s.id)?;
    writeln!(out, "family: {}; board: {} (files x ranks)", s.family.name(), board_size(s))?;
    writeln!(out, "source: {}", s.source)?;
    if s.reconstructed {
        writeln!(out, "reconstructed: {}", s.reconstruction)?;
    }
    writeln!(out, "\n{}\n", s.description.trim())?;
    writeln!(out, "pieces:")?;
    for (_, kind) in s.pieces.iter() {
        let command = match kind.command {
            Some(c) if c.others => format!("; activates {} within {}", c.capacity, c.range),
            Some(_) => "; activates itself".to_string(),
            None => String::new(),
        };
        writeln!(out, "  {:3} {} ({}, value {}{command})", kind.symbol, kind.name, kind.class.name(), kind.value)?;
    }
    if !s.rules.is_empty() {
        // The family's rules as the scenario sets them (docs/SCENARIOS.md), one key a line.
        writeln!(out, "rules set by the scenario:")?;
        for (key, value) in &s.rules {
            writeln!(out, "  {key} = {value}")?;
        }
    }
    let defaults: Vec<String> = s.options.iter().map(|(k, v)| format!("{k}={v}")).collect();
    writeln!(
        out,
        "options set by the scenario: {}",
        if defaults.is_empty() { "none".into() } else { defaults.join(", ") }
    )?;
    writeln!(out, "options (--option NAME=VALUE):")?;
    for option in s.option_schema() {
        writeln!(out, "  {}={} ({}): {}", option.name, option.default, option.label, option.help)?;
    }
    writeln!(out, "see the board with `warlord show {}`", s.id)?;
    Ok(())
}
