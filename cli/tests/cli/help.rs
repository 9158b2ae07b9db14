//! `--help` everywhere, and usage errors.

use crate::support::warlord;

const COMMANDS: [&str; 6] = ["scenarios", "show", "moves", "perft", "replay", "play"];

#[test]
fn the_top_level_help_lists_every_command() {
    let help = warlord(&["--help"]).ok();
    for command in COMMANDS {
        assert!(help.contains(command), "{command} missing from:\n{help}");
    }
}

#[test]
fn every_command_has_help_with_its_arguments() {
    for command in COMMANDS {
        let help = warlord(&[command, "--help"]).ok();
        assert!(help.contains(&format!("Usage: warlord {command}")), "{help}");
        if command != "scenarios" {
            assert!(help.contains("--option <NAME=VALUE>"), "{command}: {help}");
            assert!(help.contains("SCENARIO|RECORD"), "{command}: {help}");
        }
    }
    assert!(warlord(&["help", "perft"]).ok().contains("--depth <N>"));
}

#[test]
fn usage_errors_exit_with_1() {
    for args in
        [&[][..], &["frobnicate"], &["show"], &["perft", "chieftain"], &["play", "chieftain", "--white", "robot"]]
    {
        let run = warlord(args);
        assert_eq!(run.code, 1, "{args:?}: {run:#?}");
        assert!(!run.stderr.is_empty(), "{args:?}");
    }
}

#[test]
fn the_version_is_printed() {
    assert!(warlord(&["--version"]).ok().starts_with("warlord "));
}
