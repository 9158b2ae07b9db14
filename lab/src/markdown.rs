//! The report's summary as a Markdown table, to paste into a forum post, an issue or a
//! README: per cell the games, the first player's score with its interval, the decisive
//! rate, the share decided at the turn limit, how games ended and their mean length.

use crate::report::Report;
use std::fmt::Write;

/// The summary table, with a line naming the study, its agents and how far it got.
#[must_use]
pub fn render(r: &Report) -> String {
    let mut md = String::new();
    let _ = writeln!(
        md,
        "Study `{}`: {} vs {} at {} a turn{}, turn limit {} (adjudicated by material), seed {}; {} of {} games played.\n",
        r.study,
        r.white,
        r.black,
        r.budget,
        crate::html::opening_text(r.opening),
        r.turn_limit,
        r.seed,
        r.games_done,
        r.games_planned
    );
    md.push_str(
        "| cell | games | first player's score (95% interval) | decisive | at the turn limit | how games ended | duration (mean) |\n\
         | --- | ---: | --- | ---: | ---: | --- | ---: |\n",
    );
    for c in &r.cells {
        let m = &c.metrics;
        if m.games == 0 {
            let _ = writeln!(md, "| {} | 0 | no games played yet | | | | |", c.label);
            continue;
        }
        let (lo, hi) = m.first_player_interval;
        let mut endings: Vec<(&String, &u32)> = m.endings.iter().collect();
        endings.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        let ended = endings.iter().map(|(name, n)| format!("{n} {name}")).collect::<Vec<_>>().join(", ");
        let _ = writeln!(
            md,
            "| {} | {} | {:.3} ({:.3} to {:.3}) | {:.1}% | {:.1}% | {ended} | {:.1} |",
            c.label,
            m.games,
            m.first_player_score,
            lo,
            hi,
            100.0 * m.decisive_rate,
            100.0 * m.adjudicated_share,
            m.duration_mean
        );
    }
    md
}
