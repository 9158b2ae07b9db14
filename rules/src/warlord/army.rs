//! Armies chosen and placed in a setup phase, the sections they deploy in, and reinforcements:
//! the data of \[000] A Test of Wills, Border War and the large games, and the checks on it.

use super::WarlordRules;
use crate::piece::KindId;
use crate::position::Position;
use crate::side::Side;
use crate::square::Square;

/// What a side brings to a setup phase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Army {
    /// Pieces every side has, with their counts.
    pub fixed: Vec<(KindId, u16)>,
    /// Pieces chosen freely (and secretly) within limits.
    pub choices: Vec<Choice>,
}

/// A free choice of pieces, like Border War's "exactly 12 leaders" worth "21 points".
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// How many pieces are chosen.
    pub count: u16,
    /// The kinds they are chosen from (no kind is in two choices).
    pub kinds: Vec<KindId>,
    /// The exact total of their values, if one is required.
    pub points: Option<u32>,
}

/// Deployment sections: each side places its army in `used` of its sections, each holding
/// exactly `leaders` leaders and `others` other units (\[000] A Test of Wills, Border War).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sections {
    /// Each side's sections (White's, Black's), each a list of squares.
    pub regions: [Vec<Vec<Square>>; 2],
    /// How many sections must be used.
    pub used: usize,
    /// Leaders in each used section.
    pub leaders: u16,
    /// Other units in each used section.
    pub others: u16,
}

/// Reinforcements: pieces a side places in an entry region from the start of one of its turns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wave {
    /// Whose they are.
    pub side: Side,
    /// The side's own turn (1 = its first) from which they may enter.
    pub turn: u32,
    /// Where they enter.
    pub region: Vec<Square>,
    /// The pieces, with their counts.
    pub pieces: Vec<(KindId, u16)>,
}

impl WarlordRules {
    /// How many pieces of each kind a side has on the board.
    pub(super) fn counts_on_board(&self, pos: &Position, side: Side) -> Vec<u16> {
        let mut counts = vec![0u16; self.pieces.len()];
        for (_, p) in pos.pieces(side) {
            counts[usize::from(p.kind)] += 1;
        }
        counts
    }

    fn fixed_count(army: &Army, kind: KindId) -> u16 {
        army.fixed.iter().filter(|(k, _)| *k == kind).map(|(_, n)| *n).sum()
    }

    /// Pieces of a choice placed so far (beyond the fixed ones), and their points.
    fn choice_used(&self, army: &Army, choice: &Choice, placed: &[u16]) -> (u16, u32) {
        choice.kinds.iter().fold((0, 0), |(n, pts), &k| {
            let extra = placed[usize::from(k)].saturating_sub(Self::fixed_count(army, k));
            (n + extra, pts + u32::from(extra) * self.pieces.get(k).value)
        })
    }

    /// Whether one more piece of `kind` may join a side's army in setup, given what it has
    /// placed: from its fixed pieces, or from a free choice that can still be completed.
    pub(super) fn may_add(&self, pos: &Position, side: Side, kind: KindId, placed: &[u16]) -> bool {
        let Some(army) = &self.config.army else { return super::state(pos).in_reserve(side, kind) > 0 };
        if placed[usize::from(kind)] < Self::fixed_count(army, kind) {
            return true;
        }
        let Some(choice) = army.choices.iter().find(|c| c.kinds.contains(&kind)) else { return false };
        let (used, points) = self.choice_used(army, choice, placed);
        if used >= choice.count {
            return false;
        }
        let Some(total) = choice.points else { return true };
        let after = points + self.pieces.get(kind).value;
        let slots = u32::from(choice.count - used - 1);
        let values: Vec<u32> = choice.kinds.iter().map(|&k| self.pieces.get(k).value).collect();
        let (lo, hi) = (values.iter().min().copied().unwrap_or(0), values.iter().max().copied().unwrap_or(0));
        after <= total && total - after >= slots * lo && total - after <= slots * hi
    }

    /// The leaders a side still has to bring on as reinforcements (waiting to be placed, or in
    /// waves of its turns to come), and how many other units they can activate in all. A side
    /// with leaders to come has not lost its last leader.
    pub(super) fn leaders_to_come(&self, pos: &Position, side: Side) -> (u32, u32) {
        if self.config.waves.is_empty() {
            return (0, 0);
        }
        // The turns the side has begun: turn t (from 0) belongs to the first side when t is even.
        let begun = if side == self.config.first { pos.turns_played / 2 + 1 } else { pos.turns_played.div_ceil(2) };
        let mut count = 0;
        let mut command = 0;
        let mut add = |kind: KindId, n: u16| {
            let k = self.pieces.get(kind);
            if k.is_leader() {
                count += u32::from(n);
                if let Some(c) = k.command.filter(|c| c.others) {
                    command += u32::from(n) * u32::from(c.capacity);
                }
            }
        };
        for a in super::state(pos).arrivals.iter().filter(|a| a.side == side) {
            add(a.kind, a.count);
        }
        for wave in self.config.waves.iter().filter(|w| w.side == side && w.turn > begun) {
            for &(kind, n) in &wave.pieces {
                add(kind, n);
            }
        }
        (count, command)
    }

    /// The section of a side that holds a square, if any.
    pub(super) fn section_of(&self, side: Side, sq: Square) -> Option<usize> {
        self.config.sections.as_ref()?.regions[side.index()].iter().position(|r| r.contains(&sq))
    }

    /// Leaders and other units a side has placed in a section.
    fn section_load(&self, pos: &Position, side: Side, section: usize) -> (u16, u16) {
        let Some(sections) = &self.config.sections else { return (0, 0) };
        let region = &sections.regions[side.index()][section];
        pos.pieces(side).filter(|(sq, _)| region.contains(sq)).fold((0, 0), |(l, o), (_, p)| {
            if self.pieces.get(p.kind).is_leader() {
                (l + 1, o)
            } else {
                (l, o + 1)
            }
        })
    }

    /// Why a piece of `kind` may not be placed on `sq` because of the sections, if it may not.
    pub(super) fn section_refusal(&self, pos: &Position, side: Side, kind: KindId, sq: Square) -> Option<String> {
        let sections = self.config.sections.as_ref()?;
        let Some(section) = self.section_of(side, sq) else {
            return Some(format!("{sq} is in none of {side}'s deployment sections"));
        };
        let (leaders, others) = self.section_load(pos, side, section);
        let name = region_name(&sections.regions[side.index()][section]);
        if leaders + others == 0 {
            let used = (0..sections.regions[side.index()].len())
                .filter(|&s| self.section_load(pos, side, s) != (0, 0))
                .count();
            if used >= sections.used {
                return Some(format!("{side} already uses {used} sections, the most this scenario allows"));
            }
        }
        if self.pieces.get(kind).is_leader() && leaders >= sections.leaders {
            return Some(format!("section {name} already has its {} leaders", sections.leaders));
        }
        if !self.pieces.get(kind).is_leader() && others >= sections.others {
            return Some(format!("section {name} already has its {} other units", sections.others));
        }
        None
    }

    /// The first constraint a side's finished setup breaks, if any.
    pub(super) fn setup_problem(&self, pos: &Position, side: Side) -> Option<String> {
        let left: u32 = super::state(pos).reserve(side).map(|(_, n)| u32::from(n)).sum();
        if left > 0 {
            let (kind, n) = super::state(pos).reserve(side).next().expect("a reserve is left");
            return Some(format!("{side} still has {left} pieces to place ({n} {})", self.pieces.get(kind).name));
        }
        if let Some(army) = &self.config.army {
            let placed = self.counts_on_board(pos, side);
            for choice in &army.choices {
                let (used, points) = self.choice_used(army, choice, &placed);
                let names: Vec<&str> = choice.kinds.iter().map(|&k| self.pieces.get(k).symbol.as_str()).collect();
                if used != choice.count {
                    return Some(format!(
                        "{side} must choose {} pieces among {}; it has chosen {used}",
                        choice.count,
                        names.join(", ")
                    ));
                }
                if let Some(total) = choice.points {
                    if points != total {
                        return Some(format!(
                            "{side}'s chosen {} are worth {points} points; they must total {total}",
                            names.join("/")
                        ));
                    }
                }
            }
        }
        if let Some(sections) = &self.config.sections {
            let regions = &sections.regions[side.index()];
            let mut used = 0;
            for (i, region) in regions.iter().enumerate() {
                let (l, o) = self.section_load(pos, side, i);
                if (l, o) == (0, 0) {
                    continue;
                }
                used += 1;
                if (l, o) != (sections.leaders, sections.others) {
                    return Some(format!(
                        "section {} holds {l} leaders and {o} other units; each used section needs exactly {} and {}",
                        region_name(region),
                        sections.leaders,
                        sections.others
                    ));
                }
            }
            if used != sections.used {
                return Some(format!("{side} uses {used} sections; the scenario requires exactly {}", sections.used));
            }
        }
        None
    }
}

/// `a1:d4` for a rectangle (its corners), or its first square.
fn region_name(region: &[Square]) -> String {
    match (region.first(), region.last()) {
        (Some(a), Some(b)) if a != b => format!("{a}:{b}"),
        (Some(a), _) => a.to_string(),
        _ => "(empty)".to_string(),
    }
}
