//! Geometry of the reports' line chart (drawn as SVG on the server): the value scale, its
//! ticks, the labelled points of the time axis and each series' points. Pure arithmetic,
//! kept apart from the view so it can be tested.

/// Room for the axis labels around the plot, in SVG units.
const LEFT: f64 = 40.0;
const RIGHT: f64 = 28.0;
const TOP: f64 = 12.0;
const BOTTOM: f64 = 28.0;
/// Time-axis labels shown at most (every n-th point is labelled).
const MAX_X_LABELS: usize = 7;
/// Value ticks (gridlines) above zero.
const Y_TICKS: i64 = 4;

#[derive(Debug, Clone, PartialEq)]
pub struct ChartLayout {
    pub width: f64,
    pub height: f64,
    /// The plot's box: left, top, right, bottom.
    pub plot: (f64, f64, f64, f64),
    /// Gridlines: (y, value).
    pub y_ticks: Vec<(f64, i64)>,
    /// Labelled points of the time axis: (x, label).
    pub x_labels: Vec<(f64, String)>,
    /// Each series' points, in the order given.
    pub lines: Vec<Vec<(f64, f64)>>,
}

/// The smallest "round" scale top (a multiple of 1, 2 or 5 times a power of ten per tick)
/// that holds `max`, so the ticks read as whole numbers.
pub fn scale_top(max: i64) -> i64 {
    if max <= Y_TICKS {
        return Y_TICKS;
    }
    let mut magnitude = 1;
    loop {
        for step in [1, 2, 5] {
            let top = step * magnitude * Y_TICKS;
            if top >= max {
                return top;
            }
        }
        magnitude *= 10;
    }
}

/// Lays out `series` (equal lengths, one value per label) in a `width` x `height` box.
pub fn layout(labels: &[String], series: &[Vec<i64>], width: f64, height: f64) -> ChartLayout {
    let (left, top, right, bottom) = (LEFT, TOP, width - RIGHT, height - BOTTOM);
    let max = series.iter().flatten().copied().max().unwrap_or(0);
    let scale = scale_top(max) as f64;
    let y_of = |value: i64| bottom - (value.max(0) as f64 / scale) * (bottom - top);
    let count = labels.len();
    let x_of = |i: usize| {
        if count <= 1 {
            (left + right) / 2.0
        } else {
            left + (right - left) * i as f64 / (count - 1) as f64
        }
    };
    let every = count.div_ceil(MAX_X_LABELS).max(1);
    let step = scale as i64 / Y_TICKS;
    ChartLayout {
        width,
        height,
        plot: (left, top, right, bottom),
        y_ticks: (0..=Y_TICKS).map(|i| (y_of(i * step), i * step)).collect(),
        x_labels: labels
            .iter()
            .enumerate()
            .filter(|(i, _)| i % every == 0 || *i + 1 == count)
            .map(|(i, label)| (x_of(i), label.clone()))
            .collect(),
        lines: series
            .iter()
            .map(|values| {
                values
                    .iter()
                    .enumerate()
                    .map(|(i, v)| (x_of(i), y_of(*v)))
                    .collect()
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scale_is_a_round_number_at_or_above_the_largest_value() {
        assert_eq!(scale_top(0), 4);
        assert_eq!(scale_top(3), 4);
        assert_eq!(scale_top(5), 8);
        assert_eq!(scale_top(9), 20);
        assert_eq!(scale_top(20), 20);
        assert_eq!(scale_top(21), 40);
        assert_eq!(scale_top(399), 400);
        assert_eq!(scale_top(401), 800);
    }

    #[test]
    fn points_span_the_plot_and_zero_sits_on_the_axis() {
        let labels: Vec<String> = (1..=30).map(|d| format!("2026-11-{d:02}")).collect();
        let values: Vec<i64> = (0..30).collect();
        let chart = layout(&labels, &[values], 640.0, 240.0);
        let (left, top, right, bottom) = chart.plot;
        let line = &chart.lines[0];
        assert_eq!(line[0], (left, bottom));
        assert_eq!(line[29].0, right);
        // 29 on a scale to 40: 29/40 of the height above the axis.
        assert!((line[29].1 - (bottom - 29.0 / 40.0 * (bottom - top))).abs() < 1e-9);
        assert_eq!(chart.y_ticks.first(), Some(&(bottom, 0)));
        assert_eq!(chart.y_ticks.last(), Some(&(top, 40)));
        // At most 7 labels plus the last point's, first and last always shown.
        assert!(chart.x_labels.len() <= MAX_X_LABELS + 1);
        assert_eq!(chart.x_labels[0].1, "2026-11-01");
        assert_eq!(
            chart.x_labels.last().map(|l| l.1.as_str()),
            Some("2026-11-30")
        );
    }

    #[test]
    fn a_single_day_is_centred() {
        let chart = layout(&["2026-11-01".into()], &[vec![2]], 200.0, 100.0);
        let (left, _, right, _) = chart.plot;
        assert_eq!(chart.lines[0][0].0, (left + right) / 2.0);
    }
}
