//! The report's charts, drawn with plotters as SVG text to inline in the HTML: the first
//! player's score with its interval, how games ended, game lengths, where captures happen
//! (a heat map on the board) and measured piece values. Every chart names its axes and says
//! in its title what it shows, so that it reads without the text around it.

use crate::error::LabError;
use crate::report::CellReport;
use plotters::coord::ranged1d::SegmentedCoord;
use plotters::coord::types::RangedCoordi32;
use plotters::prelude::*;

/// A drawing error as a lab error.
fn drawn<E: std::fmt::Display>(e: E) -> LabError {
    LabError::Report(format!("cannot draw a chart: {e}"))
}

/// The label of a segment of a categorical axis.
fn segment_label(labels: &[String], v: &SegmentValue<i32>) -> String {
    match v {
        SegmentValue::CenterOf(i) | SegmentValue::Exact(i) => {
            usize::try_from(*i).ok().and_then(|i| labels.get(i)).cloned().unwrap_or_default()
        }
        SegmentValue::Last => String::new(),
    }
}

/// A categorical axis of `n` segments, 0 to n - 1 (plotters' integer ranges include their
/// end).
fn segments(n: i32) -> SegmentedCoord<RangedCoordi32> {
    (0..(n - 1).max(0)).into_segmented()
}

/// The height of a chart with one row per category.
fn rows_height(rows: usize) -> u32 {
    120 + 34 * u32::try_from(rows).unwrap_or(u32::MAX / 64).min(200)
}

/// The first player's score per cell with its 95% interval, and a line at one half.
pub fn score_chart(cells: &[CellReport]) -> Result<String, LabError> {
    let labels: Vec<String> =
        cells.iter().map(|c| format!("{} ({:.0}% adj.)", c.label, 100.0 * c.metrics.adjudicated_share)).collect();
    let n = i32::try_from(cells.len()).unwrap_or(i32::MAX);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (820, rows_height(cells.len()))).into_drawing_area();
        root.fill(&WHITE).map_err(drawn)?;
        let mut chart = ChartBuilder::on(&root)
            .caption("First player's score with its 95% interval (0.5 = fair)", ("sans-serif", 18))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(260)
            .build_cartesian_2d(0f64..1f64, segments(n))
            .map_err(drawn)?;
        chart
            .configure_mesh()
            .x_desc("first player's score (wins + draws/2) / games")
            .y_label_formatter(&|v| segment_label(&labels, v))
            .draw()
            .map_err(drawn)?;
        chart
            .draw_series(std::iter::once(PathElement::new(
                vec![(0.5, SegmentValue::Exact(0)), (0.5, SegmentValue::Last)],
                BLACK.mix(0.4).stroke_width(1),
            )))
            .map_err(drawn)?;
        for (i, c) in (0..n).zip(cells) {
            let y = SegmentValue::CenterOf(i);
            let (lo, hi) = c.metrics.first_player_interval;
            chart
                .draw_series(std::iter::once(PathElement::new(
                    vec![(lo, y.clone()), (hi, y.clone())],
                    BLUE.stroke_width(3),
                )))
                .map_err(drawn)?;
            chart
                .draw_series(std::iter::once(Circle::new((c.metrics.first_player_score, y), 6, BLUE.filled())))
                .map_err(drawn)?;
        }
        root.present().map_err(drawn)?;
    }
    Ok(svg)
}

/// How the games of each cell ended: White's wins, draws and Black's wins by the rules, and
/// the games decided at the turn limit, as shares of the cell's games.
pub fn outcome_chart(cells: &[CellReport]) -> Result<String, LabError> {
    let labels: Vec<String> = cells.iter().map(|c| c.label.clone()).collect();
    let n = i32::try_from(cells.len()).unwrap_or(i32::MAX);
    let parts: [(&str, RGBColor); 4] = [
        ("White wins by the rules", RGBColor(70, 110, 200)),
        ("draws by the rules", RGBColor(170, 170, 170)),
        ("Black wins by the rules", RGBColor(60, 60, 60)),
        ("decided at the turn limit", RGBColor(230, 150, 40)),
    ];
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (820, rows_height(cells.len()) + 40)).into_drawing_area();
        root.fill(&WHITE).map_err(drawn)?;
        let mut chart = ChartBuilder::on(&root)
            .caption("How games ended (share of each cell's games)", ("sans-serif", 18))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(200)
            .build_cartesian_2d(0f64..1.5f64, segments(n))
            .map_err(drawn)?;
        chart
            .configure_mesh()
            .x_desc("share of games (the legend stands right of 1)")
            .y_label_formatter(&|v| segment_label(&labels, v))
            .draw()
            .map_err(drawn)?;
        for (k, (name, colour)) in parts.iter().enumerate() {
            let bars = (0..n).zip(cells).map(|(i, c)| {
                let shares = c.outcome_shares();
                let start: f64 = shares[..k].iter().sum();
                Rectangle::new(
                    [(start, SegmentValue::Exact(i)), (start + shares[k], SegmentValue::Exact(i + 1))],
                    colour.filled(),
                )
            });
            chart
                .draw_series(bars)
                .map_err(drawn)?
                .label(*name)
                .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 10, y + 5)], colour.filled()));
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperRight)
            .background_style(WHITE.mix(0.9))
            .border_style(BLACK.mix(0.3))
            .draw()
            .map_err(drawn)?;
        root.present().map_err(drawn)?;
    }
    Ok(svg)
}

/// The histogram of one cell's game lengths.
pub fn length_chart(cell: &CellReport) -> Result<String, LabError> {
    let longest = cell.lengths.iter().copied().max().unwrap_or(0).max(1);
    let width = longest.div_ceil(25).max(1);
    let bins = longest / width + 1;
    let mut counts = vec![0u32; bins as usize];
    for &t in &cell.lengths {
        if let Some(c) = counts.get_mut((t / width) as usize) {
            *c += 1;
        }
    }
    let top = counts.iter().copied().max().unwrap_or(1).max(1);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (560, 300)).into_drawing_area();
        root.fill(&WHITE).map_err(drawn)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(
                format!(
                    "{}: game lengths ({:.0}% at the turn limit)",
                    cell.label,
                    100.0 * cell.metrics.adjudicated_share
                ),
                ("sans-serif", 15),
            )
            .margin(10)
            .x_label_area_size(36)
            .y_label_area_size(44)
            .build_cartesian_2d(0u32..bins * width, 0u32..top + top / 10 + 1)
            .map_err(drawn)?;
        chart.configure_mesh().x_desc("play turns").y_desc("games").draw().map_err(drawn)?;
        chart
            .draw_series(counts.iter().enumerate().map(|(b, &c)| {
                let x = b as u32 * width;
                Rectangle::new([(x, 0), (x + width, c)], RGBColor(70, 110, 200).filled())
            }))
            .map_err(drawn)?;
        root.present().map_err(drawn)?;
    }
    Ok(svg)
}

/// The most cells a side of a heat map shows one by one; a larger board is drawn in blocks
/// of cells (2 x 2 on 120x120), so that its chart stays a few hundred kilobytes.
const HEAT_SIDE: usize = 60;

/// A heat map's grid: captures summed over blocks of `block` x `block` cells.
struct HeatGrid {
    block: usize,
    /// `sums[row][column]`, row 0 first.
    sums: Vec<Vec<u32>>,
}

impl HeatGrid {
    fn of(cell: &CellReport) -> HeatGrid {
        let (files, ranks) = (usize::from(cell.files), usize::from(cell.ranks));
        let block = files.max(ranks).div_ceil(HEAT_SIDE).max(1);
        let mut sums = vec![vec![0u32; files.div_ceil(block)]; ranks.div_ceil(block)];
        for (r, row) in cell.heat.iter().enumerate() {
            for (f, &count) in row.iter().enumerate() {
                if let Some(sum) = sums.get_mut(r / block).and_then(|row| row.get_mut(f / block)) {
                    *sum += count;
                }
            }
        }
        HeatGrid { block, sums }
    }

    fn top(&self) -> u32 {
        self.sums.iter().flatten().copied().max().unwrap_or(0)
    }
}

/// Chart units per cell: a hex's corners lie at halves and thirds of a cell.
const UNIT: i32 = 6;

/// The outline of cell (`column`, `row`) of a heat map in chart units ([`UNIT`] a cell): a
/// square, or a pointy-topped hex whose odd rows are shifted half a cell right and whose
/// rows interlock (one cell apart, each hex 4/3 of a cell high).
fn heat_cell(column: usize, row: usize, hex: bool) -> Vec<(i32, i32)> {
    let (x, y) = (i32::try_from(column).unwrap_or(0) * UNIT, i32::try_from(row).unwrap_or(0) * UNIT);
    if !hex {
        return vec![(x, y), (x + UNIT, y), (x + UNIT, y + UNIT), (x, y + UNIT)];
    }
    let (half, third) = (UNIT / 2, UNIT / 3);
    let cx = x + half + if row % 2 == 1 { half } else { 0 };
    let cy = y + half;
    vec![
        (cx, cy - 2 * third),
        (cx + half, cy - third),
        (cx + half, cy + third),
        (cx, cy + 2 * third),
        (cx - half, cy + third),
        (cx - half, cy - third),
    ]
}

/// Where one cell's captures happened: each square (or hex) shaded by the pieces lost there,
/// drawn in the board's own cell shape; boards larger than `HEAT_SIDE` cells a side in
/// blocks of cells, as the title says.
pub fn heat_chart(cell: &CellReport) -> Result<String, LabError> {
    let grid = HeatGrid::of(cell);
    let (columns, rows) = (grid.sums.first().map_or(1, Vec::len), grid.sums.len().max(1));
    let hex = cell.hex && grid.block == 1;
    let top = grid.top();
    let cell_px = u32::try_from((480 / columns.max(rows)).clamp(4, 40)).unwrap_or(4);
    let (columns_i, rows_i) = (i32::try_from(columns).unwrap_or(1), i32::try_from(rows).unwrap_or(1));
    let width = columns_i * UNIT + if hex { UNIT / 2 } else { 0 };
    let height = rows_i * UNIT;
    let px = |units: i32| u32::try_from(units).unwrap_or(0) * cell_px / UNIT.unsigned_abs() + 90;
    let size = (px(width), px(height));
    let caption = match grid.block {
        1 => format!("{}: captures by {} (darkest: {top})", cell.label, if cell.hex { "hex" } else { "square" }),
        b => format!("{}: captures by block of {b}x{b} cells (darkest: {top})", cell.label),
    };
    // At most about 24 labels an axis: every cell's on small boards, every k-th on large ones.
    let centres = |n: i32| {
        let every = usize::try_from(n).unwrap_or(1).div_ceil(24).max(1);
        (0..n).step_by(every).map(|i| i * UNIT + UNIT / 2).collect::<Vec<_>>()
    };
    let block = grid.block;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
        root.fill(&WHITE).map_err(drawn)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(caption, ("sans-serif", 15))
            .margin(8)
            .x_label_area_size(24)
            .y_label_area_size(30)
            .build_cartesian_2d(
                (0..width).with_key_points(centres(columns_i)),
                (0..height).with_key_points(centres(rows_i)),
            )
            .map_err(drawn)?;
        let index = |v: &i32| usize::try_from(v / UNIT).unwrap_or(0) * block;
        chart
            .configure_mesh()
            .disable_mesh()
            .x_labels(columns)
            .y_labels(rows)
            .x_label_formatter(&|v| u8::try_from(index(v)).map(warlord_rules::square::file_name).unwrap_or_default())
            .y_label_formatter(&|v| (index(v) + 1).to_string())
            .draw()
            .map_err(drawn)?;
        let shade = |count: u32| {
            let t = if top == 0 { 0.0 } else { f64::from(count) / f64::from(top) };
            let mix = |from: f64, to: f64| (from + (to - from) * t).round() as u8;
            RGBColor(mix(250.0, 170.0), mix(248.0, 20.0), mix(240.0, 20.0))
        };
        let cells =
            grid.sums.iter().enumerate().flat_map(|(r, row)| row.iter().enumerate().map(move |(c, &n)| (c, r, n)));
        if grid.block == 1 {
            // Every cell, with its outline: the board's shape shows.
            chart
                .draw_series(cells.clone().map(|(c, r, n)| Polygon::new(heat_cell(c, r, hex), shade(n).filled())))
                .map_err(drawn)?;
            chart
                .draw_series(cells.map(|(c, r, _)| {
                    let mut outline = heat_cell(c, r, hex);
                    outline.extend(outline.first().copied());
                    PathElement::new(outline, BLACK.mix(0.15).stroke_width(1))
                }))
                .map_err(drawn)?;
        } else {
            // The board once, then only the blocks where something was captured.
            chart
                .draw_series(std::iter::once(Rectangle::new([(0, 0), (width, height)], shade(0).filled())))
                .map_err(drawn)?;
            chart
                .draw_series(
                    cells
                        .filter(|&(_, _, n)| n > 0)
                        .map(|(c, r, n)| Polygon::new(heat_cell(c, r, false), shade(n).filled())),
                )
                .map_err(drawn)?;
        }
        root.present().map_err(drawn)?;
    }
    Ok(svg)
}

/// One cell's measured piece values in Elo, with their intervals.
pub fn values_chart(cell: &CellReport) -> Result<String, LabError> {
    let measured: Vec<_> = cell.piece_values.iter().filter(|v| v.elo.is_some()).collect();
    let labels: Vec<String> = measured.iter().map(|v| v.kind.clone()).collect();
    let n = i32::try_from(measured.len()).unwrap_or(i32::MAX);
    let (mut lo, mut hi) = (0.0f64, 1.0f64);
    for v in &measured {
        if let Some((a, b)) = v.interval {
            lo = lo.min(a);
            hi = hi.max(b);
        }
    }
    let pad = (hi - lo) * 0.05;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (560, rows_height(measured.len()))).into_drawing_area();
        root.fill(&WHITE).map_err(drawn)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(format!("{}: one more piece is worth (Elo)", cell.label), ("sans-serif", 15))
            .margin(10)
            .x_label_area_size(36)
            .y_label_area_size(120)
            .build_cartesian_2d((lo - pad)..(hi + pad), segments(n))
            .map_err(drawn)?;
        chart
            .configure_mesh()
            .x_desc("Elo for one more piece of the kind (95% interval)")
            .y_label_formatter(&|v| segment_label(&labels, v))
            .draw()
            .map_err(drawn)?;
        for (i, v) in (0..n).zip(&measured) {
            let elo = v.elo.unwrap_or(0.0);
            chart
                .draw_series(std::iter::once(Rectangle::new(
                    [(0.0, SegmentValue::Exact(i)), (elo, SegmentValue::Exact(i + 1))],
                    RGBColor(70, 110, 200).mix(0.7).filled(),
                )))
                .map_err(drawn)?;
            if let Some((a, b)) = v.interval {
                let y = SegmentValue::CenterOf(i);
                chart
                    .draw_series(std::iter::once(PathElement::new(vec![(a, y.clone()), (b, y)], BLACK.stroke_width(2))))
                    .map_err(drawn)?;
            }
        }
        root.present().map_err(drawn)?;
    }
    Ok(svg)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::Report;
    use crate::study::Study;
    use std::path::Path;

    /// The report's cell of a shipped scenario, with no games played.
    fn cell(scenario: &str) -> CellReport {
        let text = format!(
            "name = \"t\"\ndescription = \"t\"\nseed = 1\ngames = 1\nturn-limit = 10\nscenarios = [\"{scenario}\"]\n\
             [players]\nwhite = \"random\"\nblack = \"random\"\nbudget = \"10n\"\n"
        );
        let study = Study::parse(&text, Path::new("t.toml")).expect("a study");
        Report::from_games(&study, &[], 0).expect("a report").cells.remove(0)
    }

    /// The number of corners of each filled polygon of an SVG, in order.
    fn polygons(svg: &str) -> Vec<usize> {
        svg.split("<polygon")
            .skip(1)
            .map(|p| {
                p.split("points=\"")
                    .nth(1)
                    .map_or(0, |pts| pts.split('"').next().map_or(0, |pts| pts.split_whitespace().count()))
            })
            .collect()
    }

    #[test]
    fn a_hex_board_is_drawn_in_hexes_with_every_second_row_shifted() {
        let mut hex = cell("chieftain-hex");
        assert!(hex.hex);
        hex.heat[1][0] = 3;
        let corners = polygons(&heat_chart(&hex).expect("a chart"));
        assert_eq!(corners.len(), usize::from(hex.files) * usize::from(hex.ranks), "one polygon a cell");
        assert!(corners.iter().all(|&n| n == 6), "hexes: {corners:?}");
        let left = |row| heat_cell(0, row, true).iter().map(|p| p.0).min();
        assert_eq!((left(0), left(1), left(2)), (Some(0), Some(UNIT / 2), Some(0)), "ranks 2, 4, ... shifted right");

        let square = cell("chieftain");
        assert!(!square.hex);
        let corners = polygons(&heat_chart(&square).expect("a chart"));
        assert!(!corners.is_empty() && corners.iter().all(|&n| n == 4), "squares: {corners:?}");
    }

    #[test]
    fn a_large_board_is_drawn_in_blocks_where_captures_happened() {
        let mut big = cell("fanatics-120x120");
        big.heat[0][0] = 1;
        big.heat[1][1] = 2;
        big.heat[119][119] = 5;
        let svg = heat_chart(&big).expect("a chart");
        assert!(svg.contains("captures by block of 2x2 cells (darkest: 5)"), "the title names the blocks");
        assert_eq!(polygons(&svg).len(), 2, "the two blocks with captures, drawn over one board");
        assert!(svg.len() < 100_000, "a chart of {} bytes", svg.len());
    }
}
