//! Family-generic features of a position, seen from the side to move. Everything comes from
//! the piece table (values, leaders, command ranges) and from the legal actions, so the same
//! features serve every family.

use super::Weights;
use crate::walking::Claims;
use warlord_rules::{Action, Command, Geometry, Position, Ruleset, Side, Square};

/// The number of features.
pub const COUNT: usize = 9;

/// The feature names, in order, as written in weight files.
pub const NAMES: [&str; COUNT] =
    ["bias", "material", "leaders", "threat", "leader-threat", "coverage", "mobility", "proximity", "exposure"];

/// The index of `coverage` in [`NAMES`] and in a feature vector.
pub const COVERAGE: usize = 5;

/// A feature vector.
pub type Features = [f64; COUNT];

/// What one side has on the board.
struct Army {
    /// The board's geometry, for distances.
    geometry: Geometry,
    material: f64,
    leaders: Vec<Square>,
    /// Commanders that activate others, with their range.
    commanders: Vec<(Square, u8)>,
    /// Every piece: square, whether it commands others.
    pieces: Vec<(Square, bool)>,
}

fn army(rules: &dyn Ruleset, pos: &Position, side: Side) -> Army {
    let mut a = Army {
        geometry: pos.board().geometry(),
        material: 0.0,
        leaders: Vec::new(),
        commanders: Vec::new(),
        pieces: Vec::with_capacity(pos.piece_count(side)),
    };
    for (sq, p) in pos.pieces(side) {
        let kind = rules.pieces().get(p.kind);
        a.material += f64::from(kind.value);
        if kind.is_leader() {
            a.leaders.push(sq);
        }
        let commands = kind.command.filter(Command::activates_others);
        if let Some(c) = commands {
            a.commanders.push((sq, c.range));
        }
        a.pieces.push((sq, commands.is_some()));
    }
    a
}

/// The share of a side's non-commanders that stand within range of one of its commanders.
fn coverage(a: &Army) -> f64 {
    if a.commanders.is_empty() {
        return 0.0;
    }
    let others: Vec<Square> = a.pieces.iter().filter(|(_, c)| !c).map(|(s, _)| *s).collect();
    if others.is_empty() {
        return 1.0;
    }
    let covered = others
        .iter()
        .filter(|s| a.commanders.iter().any(|(c, r)| a.geometry.distance(*c, **s) <= u32::from(*r)))
        .count();
    covered as f64 / others.len() as f64
}

/// How close a side's pieces stand to the enemy's leaders (to its pieces when it has none):
/// 1 on top of them, 0 a board's length away.
fn proximity(a: &Army, enemy: &Army, span: f64) -> f64 {
    let targets: Vec<Square> =
        if enemy.leaders.is_empty() { enemy.pieces.iter().map(|(s, _)| *s).collect() } else { enemy.leaders.clone() };
    if a.pieces.is_empty() || targets.is_empty() {
        return 0.0;
    }
    let total: f64 = a
        .pieces
        .iter()
        .map(|(s, _)| {
            let d = targets.iter().map(|t| a.geometry.distance(*t, *s)).min().unwrap_or(0);
            1.0 - f64::from(d) / span
        })
        .sum();
    total / a.pieces.len() as f64
}

/// How crowded by enemies a side's leaders are: enemy pieces within 3 squares, at most 3 per
/// leader, averaged over its leaders (0 to 1).
fn exposure(a: &Army, enemy: &Army) -> f64 {
    if a.leaders.is_empty() {
        return 0.0;
    }
    let total: usize = a
        .leaders
        .iter()
        .map(|l| enemy.pieces.iter().filter(|(s, _)| a.geometry.distance(*s, *l) <= 3).count().min(3))
        .sum();
    total as f64 / (3.0 * a.leaders.len() as f64)
}

/// Space: the share of the board's cells nearer (in walking steps: round water, whatever
/// pieces stand between) to one of the side to move's pieces than to every enemy piece, minus
/// the share nearer to the enemy's (cells at the same distance from both, and water, count for
/// neither). Between -1 and 1.
///
/// It rewards advancing: a piece that steps towards the enemy claims the cells it now stands
/// nearer to, and the enemy loses them; a piece behind its own front claims nothing. Unlike a
/// distance to the enemy, it does not cancel out: moving closer to an enemy piece brings that
/// piece closer too, so a sum of distances for each side gains nothing when a front piece
/// steps forward, while the boundary between the armies moves. Computed by one breadth-first
/// search from both armies ([`Claims`]); across a river, the cells claimed are those of the
/// way round.
#[must_use]
pub fn space(pos: &Position) -> f64 {
    let claims = Claims::of(pos, pos.to_move());
    if claims.cells == 0 {
        return 0.0;
    }
    (claims.first as f64 - claims.second as f64) / claims.cells as f64
}

/// The features of `pos` for its side to move, given that side's legal actions. The threats
/// come from the rules' listing of the capturing actions ([`Ruleset::capturing_actions`]):
/// nothing is played to find them, and no family needs to describe every legal action.
#[must_use]
pub fn extract(rules: &dyn Ruleset, pos: &Position, legal: &[Action]) -> Features {
    extract_with(rules, pos, legal, &rules.capturing_actions(pos, legal))
}

/// The features of `pos` for its side to move, given its legal actions and those of them that
/// capture, each with its target (as [`Ruleset::capturing_actions`] lists them).
#[must_use]
pub fn extract_with(rules: &dyn Ruleset, pos: &Position, legal: &[Action], captures: &[(Action, Square)]) -> Features {
    features(rules, pos, legal.len(), captures, true)
}

/// [`extract`], for an evaluation with `weights`, from the rules' count of the legal actions
/// and their captures ([`Ruleset::count_and_captures`], no listing kept): where coverage weighs
/// nothing (the champion's weights), it is left at 0 and not computed (a few percent of an
/// evaluation's time); the weighted sum is the same.
#[must_use]
pub fn extract_weighted(rules: &dyn Ruleset, pos: &Position, weights: &Weights) -> Features {
    let (count, captures) = rules.count_and_captures(pos);
    features(rules, pos, count, &captures, weights.0[COVERAGE] != 0.0)
}

/// The features, given the number of legal actions and those that capture, coverage computed
/// or left at 0.
fn features(
    rules: &dyn Ruleset,
    pos: &Position,
    legal_count: usize,
    captures: &[(Action, Square)],
    with_coverage: bool,
) -> Features {
    let me = pos.to_move();
    let (mine, theirs) = (army(rules, pos, me), army(rules, pos, me.opponent()));
    let board = pos.board();
    let span = f64::from(board.files().max(board.ranks()));
    let material_total = (mine.material + theirs.material).max(1.0);
    let leaders_total = (mine.leaders.len() + theirs.leaders.len()).max(1) as f64;

    // Captures available now: distinct targets, the best ones the remaining actions allow.
    let mut targets: Vec<Square> = Vec::new();
    for &(_, t) in captures {
        if !targets.contains(&t) {
            targets.push(t);
        }
    }
    let value = |sq: &Square| pos.piece_at(*sq).map_or(0.0, |p| f64::from(rules.pieces().get(p.kind).value));
    let mut values: Vec<f64> = targets.iter().map(value).collect();
    values.sort_by(|a, b| b.total_cmp(a));
    let remaining = usize::from(pos.turn_cap()).saturating_sub(pos.actions_this_turn().len()).max(1);
    let threat: f64 = values.iter().take(remaining).sum::<f64>() / material_total;
    let leader_targets = targets.iter().filter(|t| theirs.leaders.contains(t)).count().min(remaining);
    let leader_threat =
        if theirs.leaders.is_empty() { 0.0 } else { leader_targets as f64 / theirs.leaders.len() as f64 };
    let mobility = (legal_count as f64 / (8.0 * mine.pieces.len().max(1) as f64)).min(1.0);

    [
        1.0,
        (mine.material - theirs.material) / material_total,
        (mine.leaders.len() as f64 - theirs.leaders.len() as f64) / leaders_total,
        threat,
        leader_threat,
        if with_coverage { coverage(&mine) - coverage(&theirs) } else { 0.0 },
        mobility,
        proximity(&mine, &theirs, span) - proximity(&theirs, &mine, span),
        exposure(&theirs, &mine) - exposure(&mine, &theirs),
    ]
}
