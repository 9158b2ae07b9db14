//! Terrain ([000] "Terrain"), one test per rule, including the "behind" cases along straight and
//! diagonal lines.

use warlord_rules::warlord::WarlordRules;
use warlord_rules::{Action, Ruleset, Scenario, Square};

const PIECES: &str = r#"
[[pieces]]
like = "leader"
[[pieces]]
like = "heavy-cavalry"
[[pieces]]
like = "cannon"
symbol = "A"
[[pieces]]
like = "light-cavalry"
[[pieces]]
like = "infantry"
[[pieces]]
like = "rookish"
"#;

/// The rules of a game on a 9x9 board with `map` (rows from the top; `.` open, `T` town, `F`
/// trees, `^` hill), `pieces` placed (`"H@a1"`, lower case for Black), `[options]` lines, and
/// `extra` lines that go on in `[setup]` (zones) or add `[[reinforcements]]`.
fn rules(map: [&str; 9], pieces: &[&str], options: &str, extra: &str) -> WarlordRules {
    let (white, black): (Vec<&str>, Vec<&str>) =
        pieces.iter().partition(|p| p.starts_with(|c: char| c.is_ascii_uppercase()));
    let list =
        |v: &[&str]| v.iter().map(|p| format!("\"{}{}\", ", p[..1].to_ascii_uppercase(), &p[1..])).collect::<String>();
    let map = map.iter().map(|r| format!("\"{r}\"")).collect::<Vec<_>>().join(", ");
    let text = format!(
        "name = \"t\"\nfamily = \"warlord\"\n[board]\nfiles = 9\nranks = 9\nmap = [{map}]\n[options]\n{options}\n{PIECES}\n[setup]\nwhite = [{}\"L@i1\"]\nblack = [{}\"L@i9\"]\n{extra}\n",
        list(&white),
        list(&black)
    );
    let s = Scenario::parse(&text, "t.toml").unwrap_or_else(|e| panic!("{e}"));
    s.warlord(&[]).unwrap()
}

/// Destinations of the piece on `at` (see [`rules`]).
fn dests(map: [&str; 9], pieces: &[&str], at: &str, options: &str) -> Vec<String> {
    let rules = rules(map, pieces, options, "");
    let mut d: Vec<String> = rules.piece_destinations(&rules.start(), sq(at)).iter().map(ToString::to_string).collect();
    d.sort();
    d
}

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

/// The legal actions at the start of a game.
fn legal(rules: &WarlordRules) -> Vec<Action> {
    let mut out = Vec::new();
    rules.legal_actions(&rules.start(), &mut out);
    out
}

const OPEN: [&str; 9] = [
    ".........",
    ".........",
    ".........",
    ".........",
    ".........",
    ".........",
    ".........",
    ".........",
    ".........",
];

fn with(cells: &[(&str, char)]) -> [&'static str; 9] {
    let mut rows: Vec<Vec<char>> = OPEN.iter().map(|r| r.chars().collect()).collect();
    for (name, code) in cells {
        let sq: Square = name.parse().unwrap();
        rows[8 - usize::from(sq.rank)][usize::from(sq.file)] = *code;
    }
    let leaked: Vec<&'static str> =
        rows.into_iter().map(|r| &*Box::leak(r.into_iter().collect::<String>().into_boxed_str())).collect();
    leaked.try_into().unwrap()
}

fn on_file_a(v: Vec<String>) -> Vec<String> {
    v.into_iter().filter(|s| s.starts_with('a') && s.len() == 2).collect()
}

#[test]
fn terrain_blocks_movement_through_it_but_not_into_or_out_of_it() {
    for code in ['T', 'F', '^'] {
        // A rook-like slider on a1 with terrain on a3: a2, a3; nothing beyond.
        let d = on_file_a(dests(with(&[("a3", code)]), &["R@a1"], "a1", ""));
        assert_eq!(d, ["a2", "a3"], "terrain {code}");
        // Standing in terrain, it moves out freely.
        let d = on_file_a(dests(with(&[("a1", code)]), &["R@a1"], "a1", ""));
        assert_eq!(d, ["a2", "a3", "a4", "a5"], "terrain {code}");
    }
}

#[test]
fn leaders_move_through_all_terrain() {
    let ring =
        with(&[("d4", 'T'), ("e4", 'F'), ("f4", '^'), ("d5", 'T'), ("f5", 'F'), ("d6", '^'), ("e6", 'T'), ("f6", 'F')]);
    assert_eq!(dests(ring, &["L@e5"], "e5", "").len(), 24);
    // Other walkers stop in terrain: infantry still reaches its 8 neighbours.
    assert_eq!(dests(ring, &["I@e5"], "e5", "").len(), 8);
}

#[test]
fn heavy_cavalry_and_cannon_cannot_reach_behind_terrain_even_jumping_pieces() {
    // Heavy cavalry jumps pieces, not terrain: own piece on a2, town on a3 -> nothing beyond a2.
    let d = on_file_a(dests(with(&[("a3", 'T')]), &["H@a1", "I@a2"], "a1", ""));
    assert!(d.is_empty(), "{d:?}");
    // An enemy behind a hill, straight ahead: out of reach (the hill itself may be entered
    // from next door).
    let d = on_file_a(dests(with(&[("a2", '^')]), &["H@a1", "i@a3"], "a1", ""));
    assert_eq!(d, ["a2"]);
    // Diagonally: a cannon on a1 with trees on b2 reaches b2 only along that line.
    let d: Vec<String> = dests(with(&[("b2", 'F')]), &["A@a1", "i@c3"], "a1", "");
    assert_eq!(d, ["b2"]);
}

#[test]
fn heavy_cavalry_never_enters_trees_and_enters_towns_and_hills_only_from_next_door() {
    assert!(on_file_a(dests(with(&[("a2", 'F')]), &["H@a1"], "a1", "")).is_empty());
    assert!(!dests(with(&[("a2", 'F')]), &["H@a1", "i@a2"], "a1", "").contains(&"a2".into()), "no capture in trees");
    for code in ['T', '^'] {
        assert_eq!(on_file_a(dests(with(&[("a2", code)]), &["H@a1"], "a1", "")), ["a2"], "{code} next door");
        assert_eq!(on_file_a(dests(with(&[("a2", code)]), &["H@a1", "i@a2"], "a1", "")), ["a2"], "capture in {code}");
        // Two squares away, it must first stop next to it.
        assert_eq!(on_file_a(dests(with(&[("a3", code)]), &["H@a1"], "a1", "")), ["a2"], "{code} two away");
    }
}

#[test]
fn cannon_never_enters_hills_and_enters_towns_and_trees_only_from_next_door() {
    assert!(dests(with(&[("b2", '^')]), &["A@a1"], "a1", "").is_empty());
    for code in ['T', 'F'] {
        assert_eq!(dests(with(&[("b2", code)]), &["A@a1"], "a1", ""), ["b2"], "{code} next door");
        assert_eq!(dests(with(&[("c3", code)]), &["A@a1"], "a1", ""), ["b2"], "{code} two away");
    }
}

#[test]
fn skirmishers_pass_around_one_terrain_square_but_not_two_side_by_side() {
    // Knight b1 -> c3 passes between b2 and c2.
    assert!(dests(with(&[("b2", 'F')]), &["N@b1"], "b1", "").contains(&"c3".into()));
    assert!(dests(with(&[("c2", 'F')]), &["N@b1"], "b1", "").contains(&"c3".into()));
    assert!(!dests(with(&[("b2", 'F'), ("c2", '^')]), &["N@b1"], "b1", "").contains(&"c3".into()));
    // The extra two-square move passes b2: around one square, not past a wall of two.
    let extra = "light-cavalry-extra-move = true";
    assert!(dests(with(&[("b2", 'T')]), &["N@b1"], "b1", extra).contains(&"b3".into()));
    assert!(!dests(with(&[("b2", 'T'), ("c2", 'T')]), &["N@b1"], "b1", extra).contains(&"b3".into()));
    // Terrain never stops a skirmisher landing in it.
    assert!(dests(with(&[("c3", 'F')]), &["N@b1"], "b1", "").contains(&"c3".into()));
}

#[test]
fn the_cannon_leader_swap_lands_each_piece_only_where_its_class_may_stand() {
    let swap = "cannon-leader-swap = true";
    let action = Action::Swap { from: sq("e4"), to: sq("e5") };
    // A leader stands on a hill next to a cannon: the cannon may never go onto the hill.
    let r = rules(with(&[("e5", '^')]), &["L@e5", "A@e4"], swap, "");
    assert!(!legal(&r).contains(&action), "a cannon swapped onto a hill");
    let err = r.play(&mut r.start(), action).expect_err("a cannon swapped onto a hill");
    assert!(err.to_string().contains("hill"), "{err}");
    // Towns and trees a cannon enters by a one-square move, which the swap is.
    for code in ['T', 'F', '.'] {
        let r = rules(with(&[("e5", code)]), &["L@e5", "A@e4"], swap, "");
        assert!(legal(&r).contains(&action), "{code}");
    }
    // The leader goes wherever the cannon stood (leaders ignore terrain).
    let r = rules(with(&[("e4", 'F')]), &["L@e5", "A@e4"], swap, "");
    assert!(legal(&r).contains(&action));
}

#[test]
fn reinforcements_enter_only_where_their_class_may_stand() {
    // Trees on a1, a hill on b1, open c1: heavy cavalry never stands in trees, cannon never on
    // a hill.
    let wave = "[[reinforcements]]\nside = \"white\"\nturn = 1\nregion = \"a1:c1\"\npieces = { H = 1, A = 1 }";
    let r = rules(with(&[("a1", 'F'), ("b1", '^')]), &[], "", wave);
    let (h, a) = (r.pieces().by_symbol("H").unwrap(), r.pieces().by_symbol("A").unwrap());
    let mut places: Vec<String> = legal(&r)
        .into_iter()
        .filter_map(|act| match act {
            Action::Place { kind, to } => Some(format!("{}@{to}", r.pieces().get(kind).symbol)),
            _ => None,
        })
        .collect();
    places.sort();
    assert_eq!(places, ["A@a1", "A@c1", "H@b1", "H@c1"]);
    for (kind, at, what) in [(h, "a1", "trees"), (a, "b1", "hill")] {
        let err = r.play(&mut r.start(), Action::Place { kind, to: sq(at) }).expect_err(at);
        assert!(err.to_string().contains(what), "{err}");
    }
}

#[test]
fn free_setup_places_pieces_only_where_their_class_may_stand() {
    let zones = "zones = { white = [\"a1:i1\"], black = [\"a9:i9\"] }";
    let r = rules(with(&[("a1", 'F'), ("b1", '^')]), &["H@e1", "A@f1"], "free-setup = true", zones);
    let (h, a) = (r.pieces().by_symbol("H").unwrap(), r.pieces().by_symbol("A").unwrap());
    let actions = legal(&r);
    let place = |kind, at: &str| Action::Place { kind, to: sq(at) };
    assert!(!actions.contains(&place(h, "a1")), "heavy cavalry placed in trees");
    assert!(!actions.contains(&place(a, "b1")), "cannon placed on a hill");
    assert!(actions.contains(&place(h, "b1")) && actions.contains(&place(a, "a1")));
    for (kind, at, what) in [(h, "a1", "trees"), (a, "b1", "hill")] {
        let err = r.play(&mut r.start(), place(kind, at)).expect_err(at);
        assert!(err.to_string().contains(what), "{err}");
    }
    // Random setups follow the same rule.
    for seed in 0..20 {
        for act in r.random_setup(&r.start(), seed) {
            assert!(act != place(h, "a1") && act != place(a, "b1"), "seed {seed}: {act:?}");
        }
    }
}
