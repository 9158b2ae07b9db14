//! `warlord scenario generate`: a valid scenario of the size, density, towns and armies asked,
//! the same for the same seed, written to a file that every other command reads; bad
//! arguments are user errors.

#[path = "cli/support.rs"]
mod support;

use support::{temp_file, warlord};
use warlord_rules::{Scenario, Terrain};

fn generated(args: &[&str]) -> String {
    let mut all = vec!["scenario", "generate"];
    all.extend_from_slice(args);
    warlord(&all).ok()
}

#[test]
fn generate_writes_a_valid_scenario_with_the_numbers_asked() {
    let text = generated(&["--files", "30", "--ranks", "20", "--density", "0.25", "--towns", "6", "--seed", "7"]);
    let s = Scenario::parse(&text, "generated.toml").unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!((s.board.files(), s.board.ranks()), (30, 20));
    let count = |t| s.board.squares().filter(|&q| s.board.terrain(q) == t).count();
    assert_eq!(count(Terrain::Town), 6);
    assert_eq!(count(Terrain::Town) + count(Terrain::Trees) + count(Terrain::Hill), 150, "25% of 600");
    assert_eq!(s.waves.len(), 8, "4 armies a side");
    assert_eq!(s.id, "generated-30x20-7");
}

#[test]
fn the_same_seed_gives_the_same_file() {
    let args = ["--files", "24", "--ranks", "24", "--density", "0.2", "--towns", "8", "--seed", "3"];
    assert_eq!(generated(&args), generated(&args));
    let other = [
        "--files",
        "24",
        "--ranks",
        "24",
        "--density",
        "0.2",
        "--towns",
        "8",
        "--seed",
        "4",
        "--id",
        "generated-24x24-3",
        "--name",
        "Generated 24x24 (seed 3)",
    ];
    assert_ne!(generated(&args), generated(&other));
}

#[test]
fn a_generated_file_plays_in_the_other_commands() {
    let path = temp_file("generated-40x32.toml");
    let file = path.to_str().unwrap();
    let said = generated(&[
        "--files",
        "40",
        "--ranks",
        "32",
        "--towns",
        "10",
        "--zigzag",
        "--garrisons",
        "--entries",
        "2",
        "--seed",
        "11",
        "--out",
        file,
    ]);
    assert!(said.starts_with(&format!("wrote {file}: ")), "{said}");
    assert!(said.contains("40x32, 10 towns, 20.0% terrain"), "{said}");
    let shown = warlord(&["scenarios", "--show", file]).ok();
    assert!(shown.contains("Generated 40x32 (seed 11)"), "{shown}");
    // The first field army waits at a1:d4 (5 kinds on 16 squares), and a garrison (3 kinds on
    // 16 squares) at each of White's 5 towns; one more action is the pass.
    let perft = warlord(&["perft", file, "--depth", "1"]).ok();
    assert!(perft.starts_with(&format!("perft 1: {} ", 5 * 16 + 5 * 3 * 16 + 1)), "{perft}");
}

#[test]
fn generate_makes_hex_maps_with_even_ranks() {
    let text = generated(&["--geometry", "hex", "--files", "24", "--ranks", "20", "--seed", "5"]);
    let s = Scenario::parse(&text, "generated.toml").unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(s.board.geometry(), warlord_rules::Geometry::Hex);
    assert_eq!((s.board.files(), s.board.ranks()), (24, 20));
    let e = warlord(&["scenario", "generate", "--geometry", "hex", "--ranks", "21"]).user_error();
    assert!(e.contains("even number of ranks"), "{e}");
    let e = warlord(&["scenario", "generate", "--geometry", "triangle"]).user_error();
    assert!(e.contains("square") && e.contains("hex"), "{e}");
}

#[test]
fn bad_arguments_are_user_errors() {
    let e = warlord(&["scenario", "generate", "--density", "0.5"]).user_error();
    assert!(e.contains("0.10 to 0.30"), "{e}");
    let e = warlord(&["scenario", "generate", "--files", "200"]).user_error();
    assert!(e.contains("8 to 120"), "{e}");
    let e = warlord(&["scenario", "generate", "--files", "8", "--ranks", "8", "--towns", "30"]).user_error();
    assert!(e.contains("towns"), "{e}");
}
