//! `warlord scenario generate`: writes a new large scenario from a seed, with the generator of
//! `warlord_rules::scenario::generate` (symmetric towns, fake random terrain checked for
//! fairness, armies entering in 4x4 blocks as reinforcements). The same arguments always write
//! the same file.

use anyhow::{bail, Context, Result};
use std::io::Write;
use std::path::PathBuf;
use warlord_rules::scenario::generate::{generate, layout, ArmySpec, GenerateSpec, Towns};
use warlord_rules::Geometry;
use warlord_rules::{Scenario, Side};

/// Arguments of `warlord scenario`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// What to do with scenario files.
    #[command(subcommand)]
    pub command: Sub,
}

/// The `scenario` subcommands.
#[derive(clap::Subcommand, Debug)]
pub enum Sub {
    /// Generate a scenario of a chosen size, terrain density, towns and armies from a seed.
    Generate(GenerateArgs),
}

/// Arguments of `warlord scenario generate`.
#[derive(clap::Args, Debug)]
pub struct GenerateArgs {
    /// Files (columns), 8 to 120.
    #[arg(long, value_name = "N", default_value_t = 24)]
    pub files: u8,
    /// Ranks (rows), 8 to 120; White enters from rank 1, Black from the last rank.
    #[arg(long, value_name = "N", default_value_t = 24)]
    pub ranks: u8,
    /// The shape of the cells: `square`, or `hex` (offset rows; the ranks must be even, so
    /// that the half turn of the board keeps the two sides alike).
    #[arg(long, value_name = "SHAPE", default_value = "square", value_parser = ["square", "hex"])]
    pub geometry: String,
    /// Share of squares that are towns, trees or hills: 0.10 to 0.30.
    #[arg(long, value_name = "SHARE", default_value_t = 0.2)]
    pub density: f64,
    /// Number of towns (default: a third of the side of a square board of the same area, even,
    /// at least 4). Holding more than half of them at the start of your turn wins.
    #[arg(long, value_name = "N")]
    pub towns: Option<u16>,
    /// Put the towns in a zigzag along the length of the board instead of at random.
    #[arg(long)]
    pub zigzag: bool,
    /// Field armies a side (16 pieces with 3 leaders each), entering on turns 1, 6, 12, 20 and
    /// then every 8 turns.
    #[arg(long, value_name = "N", default_value_t = 4)]
    pub armies: u16,
    /// Entry blocks along each side's home edge (1: every army enters at the side's corner).
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub entries: u16,
    /// Also give every town of a side's half a small garrison on the side's first turn.
    #[arg(long)]
    pub garrisons: bool,
    /// Moves allowed a turn, as a share of a side's total leader level.
    #[arg(long, value_name = "SHARE", default_value_t = 0.6)]
    pub command_share: f64,
    /// Light cavalry activate themselves by default in the generated file.
    #[arg(long)]
    pub self_activating_knights: bool,
    /// The seed of every random choice.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// The scenario's id (default: generated-FILESxRANKS-SEED, such as generated-24x16-1).
    #[arg(long)]
    pub id: Option<String>,
    /// The scenario's name.
    #[arg(long)]
    pub name: Option<String>,
    /// Write the file here instead of to standard output.
    #[arg(long, short, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

/// Runs a `scenario` subcommand.
pub fn run(args: Args, out: &mut dyn Write) -> Result<()> {
    match args.command {
        Sub::Generate(g) => run_generate(g, out),
    }
}

fn run_generate(args: GenerateArgs, out: &mut dyn Write) -> Result<()> {
    let mut spec = GenerateSpec::new(args.files, args.ranks, args.seed);
    spec.geometry = if args.geometry == "hex" { Geometry::Hex } else { Geometry::Square };
    spec.density = args.density;
    let towns = args.towns.unwrap_or(spec.towns.count() as u16);
    spec.towns = if args.zigzag { Towns::Zigzag(towns) } else { Towns::Spread(towns) };
    if args.armies > 64 {
        bail!("at most 64 armies a side; {} asked", args.armies);
    }
    spec.armies = (0..usize::from(args.armies)).map(ArmySpec::field).collect();
    spec.entries = args.entries;
    spec.garrison = args.garrisons.then(|| ArmySpec::garrison(1));
    spec.command_share = args.command_share;
    spec.self_activating_knights = args.self_activating_knights;
    if let Some(id) = args.id {
        spec.id = id;
    }
    if let Some(name) = args.name {
        spec.name = name;
    }
    let text = generate(&spec)?;
    // The generator's output must always be a valid scenario; say so plainly if not.
    let scenario = Scenario::parse(&text, &format!("{}.toml", spec.id))
        .context("the generated scenario does not parse (a bug)")?;
    let Some(path) = args.out else {
        out.write_all(text.as_bytes())?;
        return Ok(());
    };
    std::fs::write(&path, &text).with_context(|| format!("cannot write {}", path.display()))?;
    let l = layout(&spec)?;
    let area = f64::from(args.files) * f64::from(args.ranks);
    let terrain = l.towns.len() + l.trees.len() + l.hills.len();
    let pieces: usize = l.entries.iter().filter(|e| e.side == Side::White).map(|e| e.army.size()).sum();
    writeln!(
        out,
        "wrote {}: {} ({}), {}x{}, {} towns, {:.1}% terrain, {} pieces a side in {} waves, seed {}",
        path.display(),
        scenario.name,
        scenario.id,
        args.files,
        args.ranks,
        l.towns.len(),
        100.0 * terrain as f64 / area,
        pieces,
        scenario.waves.len() / 2,
        args.seed
    )?;
    Ok(())
}
