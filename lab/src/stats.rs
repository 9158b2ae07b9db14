//! The statistics of the lab: Wilson's interval for a proportion, the two-proportion z test,
//! and the normal distribution they need.

/// The z value of a two-sided 95% interval.
pub const Z95: f64 = 1.959_963_985;

/// Wilson's score interval for `successes` out of `n` (successes may be fractional, as a
/// score with draws counted one half), at `z`: (low, high). (0, 1) with no trials.
#[must_use]
pub fn wilson(successes: f64, n: f64, z: f64) -> (f64, f64) {
    if n <= 0.0 {
        return (0.0, 1.0);
    }
    let p = successes / n;
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The two-proportion z test of `x1` of `n1` against `x2` of `n2` (pooled standard error).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct ZTest {
    /// The first proportion.
    pub p1: f64,
    /// The second proportion.
    pub p2: f64,
    /// The test statistic, (p2 - p1) / standard error (0 when both are 0 or 1).
    pub z: f64,
    /// The two-sided p-value.
    pub p_value: f64,
}

/// Tests whether two proportions differ.
#[must_use]
pub fn two_proportion_z(x1: f64, n1: f64, x2: f64, n2: f64) -> ZTest {
    let p1 = if n1 > 0.0 { x1 / n1 } else { 0.0 };
    let p2 = if n2 > 0.0 { x2 / n2 } else { 0.0 };
    let pooled = if n1 + n2 > 0.0 { (x1 + x2) / (n1 + n2) } else { 0.0 };
    let se = (pooled * (1.0 - pooled) * (1.0 / n1.max(1.0) + 1.0 / n2.max(1.0))).sqrt();
    let z = if se > 0.0 { (p2 - p1) / se } else { 0.0 };
    ZTest { p1, p2, z, p_value: 2.0 * (1.0 - normal_cdf(z.abs())) }
}

/// The standard normal distribution function.
#[must_use]
pub fn normal_cdf(x: f64) -> f64 {
    0.5 * (1.0 + erf(x / std::f64::consts::SQRT_2))
}

/// The error function (Abramowitz and Stegun 7.1.26; absolute error below 1.5e-7).
#[must_use]
pub fn erf(x: f64) -> f64 {
    let t = 1.0 / (1.0 + 0.327_591_1 * x.abs());
    let poly =
        t * (0.254_829_592 + t * (-0.284_496_736 + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let y = 1.0 - poly * (-x * x).exp();
    if x < 0.0 {
        -y
    } else {
        y
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_the_textbook_interval() {
        // 8 of 10 at 95%: 0.4902 to 0.9433 (Newcombe 1998, method 3).
        let (lo, hi) = wilson(8.0, 10.0, Z95);
        assert!((lo - 0.4902).abs() < 1e-3 && (hi - 0.9433).abs() < 1e-3, "{lo} {hi}");
        let (lo, hi) = wilson(0.0, 10.0, Z95);
        assert!(lo == 0.0 && (hi - 0.2775).abs() < 1e-3, "{lo} {hi}");
        assert_eq!(wilson(0.0, 0.0, Z95), (0.0, 1.0));
    }

    #[test]
    fn the_z_test_on_known_numbers() {
        // 45 of 100 against 60 of 100: pooled 0.525, z = 2.124, p = 0.0337.
        let t = two_proportion_z(45.0, 100.0, 60.0, 100.0);
        assert!((t.z - 2.1239).abs() < 1e-3, "{}", t.z);
        assert!((t.p_value - 0.0337).abs() < 1e-3, "{}", t.p_value);
        let same = two_proportion_z(30.0, 60.0, 30.0, 60.0);
        assert!(same.z.abs() < 1e-12 && (same.p_value - 1.0).abs() < 1e-6);
    }

    #[test]
    fn the_normal_distribution_at_known_points() {
        assert!((normal_cdf(0.0) - 0.5).abs() < 1e-7);
        assert!((normal_cdf(1.959_964) - 0.975).abs() < 1e-6);
        assert!((normal_cdf(-1.0) - 0.158_655).abs() < 1e-6);
    }
}
