//! The report as one self-contained HTML file: tables of the figures and inline SVG charts,
//! no scripts, no external files.

use crate::charts;
use crate::error::LabError;
use crate::report::{CellReport, Report};
use std::collections::BTreeSet;
use std::fmt::Write;

/// Text made safe for HTML.
fn esc(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// A share as a percentage.
fn pct(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

/// How a study opens its games, for the header: nothing when the agents play from the start.
pub(crate) fn opening_text(turns: u32) -> String {
    match turns {
        0 => String::new(),
        n => format!(", the first {n} turns of every game played by the novice from the game's seed"),
    }
}

/// The report's HTML.
pub fn render(r: &Report) -> Result<String, LabError> {
    let mut h = String::new();
    let w = &mut h;
    let _ = write!(
        w,
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Lab report: {name}</title>\n\
         <style>body{{font-family:sans-serif;max-width:1200px;margin:2em auto;color:#222}}\
         table{{border-collapse:collapse;margin:1em 0}}td,th{{border:1px solid #ccc;padding:3px 8px;text-align:right}}\
         th{{background:#f2f2f2}}td:first-child,th:first-child{{text-align:left}}.adj{{color:#b06000}}\
         .charts{{display:flex;flex-wrap:wrap;gap:12px}}section{{border-top:2px solid #ddd;margin-top:2em}}</style></head><body>\n\
         <h1>Lab report: {name}</h1>\n<p>{desc}</p>\n\
         <p>White (the first player): <b>{white}</b>, Black: <b>{black}</b>, {budget} nodes a turn{opening}; seed {seed}; \
         turn limit {limit} (games reaching it are adjudicated by material). {done} of {planned} games played \
         ({per} per cell).</p>\n\
         <p>Every figure stands beside the share of games <span class=\"adj\">decided at the turn limit</span>: \
         a study of adjudicated games measures the adjudication, not the game. The metrics are defined in \
         docs/LAB.md and at the foot of this page.</p>\n",
        name = esc(&r.study),
        desc = esc(&r.description),
        white = esc(&r.white),
        black = esc(&r.black),
        budget = esc(r.budget.trim_end_matches('n')),
        opening = opening_text(r.opening),
        seed = r.seed,
        limit = r.turn_limit,
        done = r.games_done,
        planned = r.games_planned,
        per = r.games_per_cell,
    );
    let _ = write!(
        w,
        "<h2>Summary</h2>\n<table><tr><th>cell</th><th>games</th><th>first player's score (95% interval)</th>\
         <th>decisive</th><th class=\"adj\">at turn limit</th><th>balance</th><th>completion</th><th>drawishness</th>\
         <th>decisiveness</th><th>duration (mean / median)</th><th>lead changes (per game / per turn)</th><th>drama</th></tr>\n"
    );
    for c in &r.cells {
        let m = &c.metrics;
        if m.games == 0 {
            let _ =
                writeln!(w, "<tr><td>{}</td><td>0</td><td colspan=\"10\">no games played yet</td></tr>", esc(&c.label));
            continue;
        }
        let (lo, hi) = m.first_player_interval;
        let _ = writeln!(
            w,
            "<tr><td>{}</td><td>{}</td><td>{:.3} ({:.3} to {:.3})</td><td>{}</td><td class=\"adj\">{}</td><td>{:.3}</td>\
             <td>{}</td><td>{}</td><td>{:.3}</td><td>{:.1} / {:.1}</td><td>{:.2} / {:.3}</td><td>{}</td></tr>",
            esc(&c.label),
            m.games,
            m.first_player_score,
            lo,
            hi,
            pct(m.decisive_rate),
            pct(m.adjudicated_share),
            m.balance,
            pct(m.completion),
            pct(m.drawishness),
            m.decisiveness,
            m.duration_mean,
            m.duration_median,
            m.lead_changes,
            m.lead_change_rate,
            pct(m.drama),
        );
    }
    h.push_str("</table>\n");
    // A study still running has cells without games: the charts show the others.
    let played: Vec<CellReport> = r.cells.iter().filter(|c| c.metrics.games > 0).cloned().collect();
    if !played.is_empty() {
        h.push_str("<div class=\"charts\">\n");
        h.push_str(&charts::score_chart(&played)?);
        h.push_str(&charts::outcome_chart(&played)?);
        h.push_str("</div>\n");
    }
    endings_table(&mut h, &r.cells);
    for c in &r.cells {
        cell_section(&mut h, c)?;
    }
    h.push_str(DEFINITIONS);
    h.push_str("</body></html>\n");
    Ok(h)
}

/// The table of endings: one column per ending seen in any cell.
fn endings_table(h: &mut String, cells: &[CellReport]) {
    let names: BTreeSet<&String> = cells.iter().flat_map(|c| c.metrics.endings.keys()).collect();
    h.push_str("<h2>How games ended</h2>\n<table><tr><th>cell</th>");
    for n in &names {
        let _ = write!(h, "<th>{}</th>", esc(n));
    }
    h.push_str("<th class=\"adj\">at turn limit: White / draw / Black</th></tr>\n");
    for c in cells {
        let _ = write!(h, "<tr><td>{}</td>", esc(&c.label));
        for n in &names {
            let k = c.metrics.endings.get(*n).copied().unwrap_or(0);
            let _ = write!(h, "<td>{k} ({})</td>", pct(f64::from(k) / f64::from(c.metrics.games.max(1))));
        }
        let [a, b, d] = c.adjudicated_results;
        let _ = writeln!(h, "<td class=\"adj\">{a} / {b} / {d}</td></tr>");
    }
    h.push_str("</table>\n");
}

/// One cell's section: its options, lengths, captures and piece values.
fn cell_section(h: &mut String, c: &CellReport) -> Result<(), LabError> {
    if c.metrics.games == 0 {
        let _ = writeln!(h, "<section><h2>{}</h2>\n<p>No games played yet.</p></section>", esc(&c.label));
        return Ok(());
    }
    let _ = writeln!(
        h,
        "<section><h2>{}</h2>\n<p>Scenario <b>{}</b>, variant <b>{}</b>; options: {}. {} games, \
         <span class=\"adj\">{} decided at the turn limit</span>.</p>",
        esc(&c.label),
        esc(&c.scenario),
        esc(&c.variant),
        esc(&if c.options.is_empty() { "none".to_string() } else { c.options.join(", ") }),
        c.metrics.games,
        pct(c.metrics.adjudicated_share),
    );
    h.push_str("<div class=\"charts\">\n");
    h.push_str(&charts::length_chart(c)?);
    h.push_str(&charts::heat_chart(c)?);
    if c.piece_values.iter().any(|v| v.elo.is_some()) {
        h.push_str(&charts::values_chart(c)?);
    }
    h.push_str(
        "</div>\n<table><tr><th>piece</th><th>rules' value</th><th>positions with a difference</th>\
                <th>Elo for one more (95% interval)</th><th>measured, on the rules' scale</th></tr>\n",
    );
    for v in &c.piece_values {
        let elo = match (v.elo, v.interval) {
            (Some(e), Some((lo, hi))) => format!("{e:+.0} ({lo:+.0} to {hi:+.0})"),
            _ => "not measured (never traded)".to_string(),
        };
        let scaled = v.scaled.map_or_else(|| "-".to_string(), |s| format!("{s:.1}"));
        let _ = writeln!(
            h,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{elo}</td><td>{scaled}</td></tr>",
            esc(&v.kind),
            v.rules_value,
            v.positions
        );
    }
    h.push_str("</table></section>\n");
    Ok(())
}

/// The definitions at the foot of the report (docs/LAB.md has them in full).
const DEFINITIONS: &str = "<section><h2>Definitions</h2><ul>\n\
<li><b>First player's score</b>: (White's wins + draws/2) / games, with Wilson's 95% interval.</li>\n\
<li><b>Decisive</b>: share of games with a winner (by the rules or at the turn limit).</li>\n\
<li><b>At turn limit</b>: share of games decided by adjudication at the turn limit (or abandoned).</li>\n\
<li><b>Balance</b> (Browne, Ludii): 1 - |White's wins - Black's wins| / games; 1 is even.</li>\n\
<li><b>Completion</b> (Browne, Ludii): share of games ended by the rules, not at the turn limit.</li>\n\
<li><b>Drawishness</b> (Ludii): share of games drawn by the rules (turn-limit draws excluded).</li>\n\
<li><b>Decisiveness</b> (Browne, after Ludii's DecisivenessMoves): over won games, the mean share of the \
game played after the winner took the material lead for good; high: games are settled early.</li>\n\
<li><b>Duration</b> (Browne, Ludii): game length in play turns (each side's turn counted).</li>\n\
<li><b>Lead changes</b> (Browne, Ludii's LeadChange): times the side ahead on material (the rules' piece \
values) changed, per game and per turn.</li>\n\
<li><b>Drama</b> (Browne): share of won games in which the winner was behind on material at some point.</li>\n\
<li><b>Piece values</b>: logistic regression of the result on the difference in each piece kind at the \
start of every play turn; the weight is shown as Elo for one more piece, and rescaled to the rules' values.</li>\n\
</ul></section>\n";
