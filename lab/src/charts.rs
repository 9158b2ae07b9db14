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

/// Where one cell's captures happened: each square shaded by the pieces lost there.
pub fn heat_chart(cell: &CellReport) -> Result<String, LabError> {
    let (files, ranks) = (i32::from(cell.files), i32::from(cell.ranks));
    let top = cell.heat.iter().flatten().copied().max().unwrap_or(0);
    let cell_px = (480 / files.max(ranks).max(1)).clamp(4, 40);
    let size = (u32::try_from(files * cell_px + 90).unwrap_or(600), u32::try_from(ranks * cell_px + 90).unwrap_or(600));
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
        root.fill(&WHITE).map_err(drawn)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(format!("{}: captures by square (darkest: {top})", cell.label), ("sans-serif", 15))
            .margin(8)
            .x_label_area_size(24)
            .y_label_area_size(30)
            .build_cartesian_2d(segments(files), segments(ranks))
            .map_err(drawn)?;
        let name = |v: &SegmentValue<i32>| match v {
            SegmentValue::CenterOf(i) => Some(*i),
            _ => None,
        };
        chart
            .configure_mesh()
            .disable_mesh()
            .x_labels(usize::try_from(files).unwrap_or(8))
            .y_labels(usize::try_from(ranks).unwrap_or(8))
            .x_label_formatter(&|f| {
                name(f).and_then(|f| u8::try_from(f).ok()).map(warlord_rules::square::file_name).unwrap_or_default()
            })
            .y_label_formatter(&|r| name(r).map(|r| (r + 1).to_string()).unwrap_or_default())
            .draw()
            .map_err(drawn)?;
        let shade = |count: u32| {
            let t = if top == 0 { 0.0 } else { f64::from(count) / f64::from(top) };
            let mix = |from: f64, to: f64| (from + (to - from) * t).round() as u8;
            RGBColor(mix(250.0, 170.0), mix(248.0, 20.0), mix(240.0, 20.0))
        };
        let square = |f: i32, r: i32| {
            [(SegmentValue::Exact(f), SegmentValue::Exact(r)), (SegmentValue::Exact(f + 1), SegmentValue::Exact(r + 1))]
        };
        chart
            .draw_series((0..ranks).flat_map(|r| {
                (0..files).map(move |f| {
                    let count = cell.heat.get(r as usize).and_then(|row| row.get(f as usize)).copied().unwrap_or(0);
                    Rectangle::new(square(f, r), shade(count).filled())
                })
            }))
            .map_err(drawn)?;
        chart
            .draw_series(
                (0..ranks).flat_map(|r| {
                    (0..files).map(move |f| Rectangle::new(square(f, r), BLACK.mix(0.15).stroke_width(1)))
                }),
            )
            .map_err(drawn)?;
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
