//! Playing one game of a study and keeping what the report needs: the record, how it ended,
//! its length, the material of both sides at the start of every play turn, and every capture
//! with its square. The game is played by the match runner ([`warlord_ai::arena::play_game`])
//! and then stepped through once more to collect material and captures; nothing here does
//! I/O.

use serde::{Deserialize, Serialize};
use warlord_ai::arena::{play_game, Ending};
use warlord_ai::{Agent, Budget};
use warlord_rules::notation::Record;
use warlord_rules::{Action, Phase, Position, Ruleset, Side};

/// A game still going after this many turns is abandoned (the study's turn limit ends games
/// by the rules long before).
pub const MAX_TURNS: u32 = 10_000;

/// A piece captured during a game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Capture {
    /// The play turn it was captured in, from 0.
    pub turn: u32,
    /// The file of its square, from 0.
    pub file: u8,
    /// The rank of its square, from 0.
    pub rank: u8,
    /// Its kind (an index into the rules' piece table).
    pub kind: u8,
    /// The side that lost it: 0 White, 1 Black.
    pub side: u8,
}

/// The counts of each piece kind (indexed like the rules' piece table) of White and of Black.
pub type Material = [Vec<u16>; 2];

/// What the lab keeps of a finished game.
#[derive(Clone, Debug, PartialEq)]
pub struct GameResult {
    /// The winner; `None` for a draw (or an abandoned game).
    pub winner: Option<Side>,
    /// How it ended: the rules' end reason, `adjudication` or `abandoned` (as `warlord match`
    /// names them).
    pub ending: String,
    /// Whether it was decided by the turn limit (or abandoned) rather than by the rules.
    pub adjudicated: bool,
    /// Its length in play turns (each side's turn counted).
    pub turns: u32,
    /// The record file's text.
    pub record: String,
    /// The material at the start of every play turn, and at the end.
    pub material: Vec<Material>,
    /// Every capture of the play phase.
    pub captures: Vec<Capture>,
}

/// Plays a game with `agents` (White first) and collects its result; `tags` head the record.
pub fn play(
    rules: &dyn Ruleset,
    agents: [&dyn Agent; 2],
    budget: Budget,
    seed: u64,
    tags: Vec<(String, String)>,
) -> Result<GameResult, String> {
    let game = play_game(rules, agents, [budget; 2], seed, MAX_TURNS)?;
    let (material, captures) = trace(rules, &game.record)?;
    let ending = Ending::of(game.outcome.as_ref());
    let mut record = Record { tags, turns: game.record.turns.clone(), ..Record::default() };
    record.tags.push(("Result".into(), game.outcome.map_or("* (abandoned)".to_string(), |o| o.to_string())));
    Ok(GameResult {
        winner: game.outcome.and_then(|o| o.winner),
        ending: ending.name(),
        adjudicated: ending.is_adjudication(),
        turns: game.turns,
        record: record.to_text(rules.pieces()),
        material,
        captures,
    })
}

/// Steps through a played record: the material at the start of each play turn and at the
/// end, and the captures of the play phase.
fn trace(rules: &dyn Ruleset, record: &Record) -> Result<(Vec<Material>, Vec<Capture>), String> {
    let mut pos = rules.start();
    let mut material = Vec::new();
    let mut captures = Vec::new();
    let mut turn: u32 = 0;
    for (i, line) in record.turns.iter().enumerate() {
        let in_play = *pos.phase() == Phase::Play;
        if in_play {
            material.push(material_of(rules, &pos));
        }
        let mut ended = false;
        let mut step = |pos: &mut Position, action: Action| -> Result<bool, String> {
            let report = rules.play(pos, action).map_err(|e| format!("replaying turn {}: {}", i + 1, e.reason))?;
            if in_play {
                captures.extend(report.captured.iter().map(|(sq, piece)| Capture {
                    turn,
                    file: sq.file,
                    rank: sq.rank,
                    kind: piece.kind,
                    side: piece.side.index() as u8,
                }));
            }
            Ok(report.turn_ended || report.outcome.is_some())
        };
        for &action in &line.actions {
            ended = step(&mut pos, action)?;
        }
        if !ended {
            step(&mut pos, Action::EndTurn)?;
        }
        if in_play {
            turn += 1;
        }
    }
    material.push(material_of(rules, &pos));
    Ok((material, captures))
}

/// The pieces of each kind on the board, for both sides.
pub fn material_of(rules: &dyn Ruleset, pos: &Position) -> Material {
    let kinds = rules.pieces().len();
    let count = |side: Side| {
        let mut counts = vec![0u16; kinds];
        for (_, piece) in pos.pieces(side) {
            if let Some(c) = counts.get_mut(usize::from(piece.kind)) {
                *c += 1;
            }
        }
        counts
    };
    [count(Side::White), count(Side::Black)]
}
