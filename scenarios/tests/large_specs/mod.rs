//! The generator specs of the shipped large scenarios ([000] design notes on large boards).
//! The files in `scenarios/data/` are exactly `generate(spec)`: tests/large.rs checks it, and
//! `WARLORD_REGENERATE=1 cargo test -p warlord-scenarios --test large` rewrites them.

use warlord_rules::scenario::generate::{ArmySpec, GenerateSpec, Towns};
use warlord_rules::{Geometry, Square};

fn sq(name: &str) -> Square {
    name.parse().expect("a square name")
}

/// The Valley War (24x24), reconstructed from the designer's account.
pub fn valley_war() -> GenerateSpec {
    GenerateSpec {
        id: "valley-war".into(),
        name: "The Valley War".into(),
        density: 0.15,
        towns: Towns::At(["b2", "w23", "w2", "b23", "k11", "n14", "n11", "k14"].map(sq).to_vec()),
        hills: vec![sq("k12"), sq("k13")],
        seed: 2408,
        description: Some(
            "A 24x24 meeting engagement. The board starts empty; each side's 64 pieces, 12 of them leaders, enter in four armies of 16 (3 leaders each) in its own corner block, White at a1:d4 and Black at u21:x24, on its turns 1, 6, 12 and 20; a crowded entry block delays an army until there is room. The first two armies bring level-3 leaders, the last two level-2 leaders: a side activates up to 9 pieces a turn at first and up to 18 once its second army is in. 8 cities: one in each corner (each side's entry block holds one) and 4 clumped in the middle, with a 2-square mountain range between two of them. Holding 5 cities at the start of your turn wins."
                .into(),
        ),
        source: Some("shared/seeds/000 (The Warlord Games, design notes: 'SET-UPS' and 'GAME PLAY', the Valley War account; 'Terrain')".into()),
        reconstruction: Some(
            "The text gives: a 24x24 board; 64 pieces a side including 12 leaders, brought on in diagonally opposite corners in 4x4 blocks of 16 units including 3 leaders, on turns 1, 6, 12 and 20; 9 activations a turn at first, 18 by about turn 10; victory to the first player who occupies 5 of the 8 cities at the beginning of his turn; 4 cities clumped in the middle and 4 in the corners; terrain 'doubled' compared with Border War, away from the edges, spread fake randomly, with one 2-square 'mountain range' between 2 highly contested cities; 10-30% terrain including towns works nicely; about 60% of the total leader value as activations works a little better. Honoured: all of it. Activations: the first two armies bring three level-3 leaders each (9 activations, then 18), the last two three level-2 leaders (total value 30, of which 60% is 18); moves-per-turn = 18, not capped by the number of leaders, the levels of the leaders binding. Invented: the army mix (2 heavy cavalry, 2 cannon, 2 light cavalry, 7 infantry with the 3 leaders); the city squares: b2 and w23 inside the entry blocks (each side's first city), w2 and b23 in the other corners, k11, n11, k14, n14 clumped in the middle, all mapped onto each other by a half turn of the board; the mountain range k12-k13 between the cities k11 and k14; 15% terrain (between the two readings of 'doubled': twice Border War's overall ~5%, twice the ~10% of its disputed rows), no random terrain on the outer ring or in the entry blocks, spread and checked for fairness by the project's generator from seed 2408. Skirmishers do not activate themselves by default (the self-activating-knights option turns it on): with it, a side could move 11 pieces in its first turns, not the 9 activations of the account."
                .into(),
        ),
        ..GenerateSpec::new(24, 24, 2408)
    }
}

/// The 16x36 game: 9 towns zigzag lengthwise, 5 leaders a side, small armies, the total leader
/// value as activations.
pub fn zigzag() -> GenerateSpec {
    GenerateSpec {
        id: "zigzag-16x36".into(),
        name: "Zigzag Towns (16x36)".into(),
        density: 0.15,
        towns: Towns::Zigzag(9),
        armies: vec![
            ArmySpec { turn: 1, leaders: vec![3, 2, 2], heavy_cavalry: 2, cannon: 2, light_cavalry: 2, infantry: 5 },
            ArmySpec { turn: 6, leaders: vec![2, 1], heavy_cavalry: 1, cannon: 1, light_cavalry: 2, infantry: 6 },
        ],
        entries: 2,
        command_share: 1.0,
        seed: 1636,
        description: Some(
            "A long 36-file by 16-rank board with 9 towns running zigzag down its length, alternately nearer each side. Each side has 5 leaders and a small army of 26 pieces: 14 enter at its left corner on its first turn (White a1:d4, Black ag13:aj16), 12 at the other end of its edge on its sixth. The full levels of the leaders are used: up to 10 moves a turn. Holding 5 towns at the start of your turn wins."
                .into(),
        ),
        source: Some("shared/seeds/000 (The Warlord Games, design notes: 'SET-UPS', 'GAME PLAY': the 16x36 board)".into()),
        reconstruction: Some(
            "The text gives: a 16x36 board, solo-tested; 9 towns 'running rather zigzag lengthwise down the board', towns symmetric 'or as close to it as possible'; 'just 5 leaders/side and small armies'; 'using the total leader values seemed to work decently'; large games set up as meeting engagements with armies entering in 4x4 blocks along the edge, the 2 sides placed symmetrically blockwise. Honoured: all of it; moves-per-turn is the total leader value (10). Invented: players along the long sides (as in A Test of Wills and Border War): 36 files, 16 ranks. The towns: evenly spaced along the files, alternately on ranks 7 and 10 (6 squares from the long edges, like Border War's towns); a half turn of the board maps the towns onto each other, so with 9 towns the pattern runs near-White, near-Black, ... and the middle town stands next to the centre, on s9, on Black's side of the centre line to offset White's first move. The armies: 5 leaders (levels 3, 2, 2 in the first army, 2, 1 in the second: 10 in all), 26 pieces, entering at the two corner blocks of each side's edge on turns 1 and 6. Terrain 15%, spread by the project's generator from seed 1636. Victory: 5 of the 9 towns at the start of your turn, after the Valley War's more-than-half. Skirmishers do not activate themselves by default (an option), so that a side's activations are the levels of its leaders, as the designer counts them."
                .into(),
        ),
        ..GenerateSpec::new(36, 16, 1636)
    }
}

/// The 48x72 game: two countries with tiny armies at each town.
pub fn two_countries() -> GenerateSpec {
    GenerateSpec {
        id: "two-countries-48x72".into(),
        name: "Two Countries (48x72)".into(),
        density: 0.2,
        towns: Towns::Spread(16),
        armies: (0..4).map(ArmySpec::field).collect(),
        entries: 3,
        garrison: Some(ArmySpec::garrison(1)),
        seed: 4872,
        description: Some(
            "Two countries on a 72-file by 48-rank board, each holding 8 of the 16 towns in its half. On its first turn every town of a side receives a tiny army (a level-2 leader, a light cavalry, two infantry) in the 4x4 block around it, and a field army of 16 enters at the corner of its home edge; three more field armies follow on turns 6, 12 and 20 at blocks along its edge. Up to 28 moves a turn. Holding 9 towns at the start of your turn wins."
                .into(),
        ),
        source: Some("shared/seeds/000 (The Warlord Games, design notes: 'a 48x72 ... large enough to set up 2 countries, with tiny armies at each city or town')".into()),
        reconstruction: Some(
            "The text gives only the idea: a 48x72 board 'large enough to set up 2 countries, with tiny armies at each city or town'; with a significantly larger board all terrain, towns included, can be set up fake randomly; 10-30% terrain; about 60% of the leader value as activations; armies entering in 4x4 blocks. Honoured: all of it. Invented: players along the long sides (72 files, 48 ranks), each country a half of the board; 16 towns placed at random in pairs mapped onto each other by a half turn (the generator keeps them symmetric, as the designer always did); a garrison of 4 in the 4x4 block around each town on turn 1; the Valley War's four field armies entering at three blocks along each home edge on turns 1, 6, 12 and 20; moves-per-turn 60% of the total leader level (46); 20% terrain; victory with 9 of the 16 towns. Generated by the project's generator from seed 4872. Skirmishers do not activate themselves by default (an option), so that a side's activations are the levels of its leaders, as the designer counts them."
                .into(),
        ),
        ..GenerateSpec::new(72, 48, 4872)
    }
}

/// The 120x120 game, "for the fanatics".
pub fn fanatics() -> GenerateSpec {
    GenerateSpec {
        id: "fanatics-120x120".into(),
        name: "For the Fanatics (120x120)".into(),
        density: 0.2,
        towns: Towns::Spread(40),
        armies: (0..8).map(ArmySpec::field).collect(),
        entries: 4,
        garrison: Some(ArmySpec::garrison(1)),
        seed: 120,
        description: Some(
            "The largest board, 120x120, 'for the fanatics'. 40 towns, 20 in each side's half, each receiving a garrison of 4 on its side's first turn; eight field armies of 16 enter along each home edge on turns 1, 6, 12, 20, 28, 36, 44 and 52. 208 pieces a side, up to 56 moves a turn. Holding 21 towns at the start of your turn wins."
                .into(),
        ),
        source: Some("shared/seeds/000 (The Warlord Games, design notes: 'no larger scenario than 100x100 (okay 120x120 for the fanatics ...)')".into()),
        reconstruction: Some(
            "The text names the size only ('okay 120x120 for the fanatics') and says that on a significantly larger board all terrain, towns included, can be set up fake randomly. Invented, as for the 48x72 game: garrisons at every town of a side's half on turn 1, field armies in 4x4 blocks along the home edges on the Valley War schedule continued every 8 turns, 60% of the leader level as activations, 20% terrain, 40 towns. Generated by the project's generator from seed 120. Skirmishers do not activate themselves by default (an option), so that a side's activations are the levels of its leaders, as the designer counts them."
                .into(),
        ),
        ..GenerateSpec::new(120, 120, 120)
    }
}

/// The 120x120 game on a 120x120 hex board, with the same spec (issue 14).
pub fn fanatics_hex() -> GenerateSpec {
    let square = fanatics();
    GenerateSpec {
        id: "fanatics-120x120-hex".into(),
        name: "For the Fanatics (120x120 hexes)".into(),
        geometry: Geometry::Hex,
        description: square.description.as_ref().map(|d| {
            format!("{d} On a board of 120x120 hexes in offset rows: the project's translation (issue 14), not the designer's; pieces move as docs/RULES.md translates them to hexes.")
        }),
        reconstruction: square.reconstruction.as_ref().map(|r| {
            format!("{r} Generated again on hexes with the same spec: the towns, terrain and entry blocks are symmetric under the half turn, a symmetry of the hexes as the board has an even number of ranks.")
        }),
        ..square
    }
}

/// Every generated shipped scenario, by id.
pub fn all() -> Vec<GenerateSpec> {
    vec![valley_war(), zigzag(), two_countries(), fanatics(), fanatics_hex()]
}
