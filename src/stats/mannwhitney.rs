//! The statistics of `--compare`: medians, the two-sided Mann-Whitney U
//! test (the p-value scipy's `mannwhitneyu` gives with `method='auto'`)
//! and a distribution-free 95% confidence interval of the shift between
//! two samples (Hodges-Lehmann). docs/extensions.md's `--compare` describes the
//! method.

/// The significance level: a change is significant when p < `ALPHA`.
pub(crate) const ALPHA: f64 = 0.05;

/// The 97.5th percentile of the standard normal distribution.
const Z_975: f64 = 1.959_963_984_540_054;

/// The median of `xs` (the mean of the middle two of an even count);
/// None when `xs` is empty.
pub(crate) fn median(xs: &[f64]) -> Option<f64> {
    let mut v = xs.to_vec();
    v.sort_by(f64::total_cmp);
    let n = v.len();
    match n {
        0 => None,
        _ if n % 2 == 1 => Some(v[n / 2]),
        _ => Some(0.5 * (v[n / 2 - 1] + v[n / 2])),
    }
}

/// How the p-value was computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Method {
    /// The exact distribution of U (no ties, and at least one sample of
    /// at most 8 values).
    Exact,
    /// The normal approximation with the tie correction and the
    /// continuity correction.
    Asymptotic,
}

/// The two-sided Mann-Whitney U test of `x` against `y`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct MannWhitney {
    /// U of `x`: the number of pairs in which the `x` value is larger
    /// (ties count a half).
    pub(crate) u1: f64,
    /// The two-sided p-value.
    pub(crate) p_value: f64,
    /// How it was computed.
    pub(crate) method: Method,
}

/// The ranks of `values` from 1, ties getting the mean of their ranks,
/// and the sum of `t^3 - t` over the groups of `t` tied values.
fn ranks(values: &[f64]) -> (Vec<f64>, f64) {
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by(|&a, &b| values[a].total_cmp(&values[b]));
    let mut ranks = vec![0.0; values.len()];
    let mut ties = 0.0;
    let mut i = 0;
    while i < order.len() {
        let mut j = i + 1;
        while j < order.len() && values[order[j]] == values[order[i]] {
            j += 1;
        }
        #[allow(clippy::cast_precision_loss)]
        let (mean_rank, t) = ((i + j + 1) as f64 / 2.0, (j - i) as f64);
        for &k in &order[i..j] {
            ranks[k] = mean_rank;
        }
        ties += t * t * t - t;
        i = j;
    }
    (ranks, ties)
}

/// The two-sided Mann-Whitney U test, as `scipy.stats.mannwhitneyu(x, y,
/// alternative='two-sided', method='auto')` computes it: the exact
/// distribution when there are no ties and one of the samples has at
/// most 8 values, else the normal approximation with the tie and the
/// continuity corrections. None when a sample is empty.
pub(crate) fn mann_whitney(x: &[f64], y: &[f64]) -> Option<MannWhitney> {
    let (n1, n2) = (x.len(), y.len());
    if n1 == 0 || n2 == 0 {
        return None;
    }
    let all: Vec<f64> = x.iter().chain(y).copied().collect();
    let (r, ties) = ranks(&all);
    #[allow(clippy::cast_precision_loss)]
    let (f1, f2) = (n1 as f64, n2 as f64);
    let r1: f64 = r[..n1].iter().sum();
    let u1 = r1 - f1 * (f1 + 1.0) / 2.0;
    let u2 = f1 * f2 - u1;
    let u = u1.max(u2);
    let exact = !(n1 > 8 && n2 > 8) && ties == 0.0;
    let p = if exact {
        // U has no fraction without ties.
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let k = u.round() as usize;
        2.0 * exact_sf(n1.min(n2), n1.max(n2), k)
    } else {
        let n = f1 + f2;
        let s = (f1 * f2 / 12.0 * ((n + 1.0) - ties / (n * (n - 1.0)))).sqrt();
        let z = (u - f1 * f2 / 2.0 - 0.5) / s;
        // All values tied: no evidence of a difference.
        if s > 0.0 && z.is_finite() { 2.0 * normal_sf(z) } else { 1.0 }
    };
    let method = if exact { Method::Exact } else { Method::Asymptotic };
    Some(MannWhitney { u1, p_value: p.clamp(0.0, 1.0), method })
}

/// P(U >= k) for samples of `m <= n` values without ties: the counts of
/// each U are the coefficients of the Gaussian binomial coefficient
/// `[m+n choose m]` in q, built as the product over i of
/// `(1 - q^(n+i)) / (1 - q^i)`.
fn exact_sf(m: usize, n: usize, k: usize) -> f64 {
    let top = m * n;
    let mut c = vec![0.0f64; top + 1];
    c[0] = 1.0;
    for i in 1..=m {
        // Times (1 - q^(n+i)), then divided by (1 - q^i); after step i
        // the coefficients are those of [n+i choose i], of degree i*n.
        let deg = i * n;
        for d in (n + i..=deg).rev() {
            c[d] -= c[d - n - i];
        }
        for d in i..=deg {
            c[d] += c[d - i];
        }
    }
    let total: f64 = c.iter().sum();
    let upper: f64 = c.iter().skip(k).sum();
    upper / total
}

/// The upper tail of the standard normal distribution, P(Z > z).
pub(crate) fn normal_sf(z: f64) -> f64 {
    0.5 * erfc(z / std::f64::consts::SQRT_2)
}

/// The complementary error function, to about 1e-15: a series of
/// positive terms below 2.5, a continued fraction above.
fn erfc(x: f64) -> f64 {
    if x < 0.0 {
        return 2.0 - erfc(-x);
    }
    let two_over_sqrt_pi = 2.0 / std::f64::consts::PI.sqrt();
    if x < 2.5 {
        // erf(x) = 2/sqrt(pi) exp(-x^2) sum 2^n x^(2n+1) / (1*3*...*(2n+1)).
        let (mut term, mut sum) = (x, x);
        let mut n = 0.0;
        while term > 1e-17 * sum {
            n += 1.0;
            term *= 2.0 * x * x / (2.0 * n + 1.0);
            sum += term;
        }
        1.0 - two_over_sqrt_pi * (-x * x).exp() * sum
    } else {
        // erfc(x) = exp(-x^2)/sqrt(pi) / (x + (1/2)/(x + 1/(x + (3/2)/(x + ...)))).
        let mut f = x;
        for k in (1..=60).rev() {
            f = x + f64::from(k) / 2.0 / f;
        }
        (-x * x).exp() / std::f64::consts::PI.sqrt() / f
    }
}

/// Whether samples of `n1` and `n2` values are too few for any
/// difference to be significant: even when every value of one is larger
/// than every value of the other, the exact two-sided p-value,
/// 2 / C(n1+n2, n1), is not below [`ALPHA`] (benchstat's rule).
pub(crate) fn too_few(n1: usize, n2: usize) -> bool {
    let (m, n) = (n1.min(n2), n1.max(n2));
    // C(m+n, m) grows quickly: stop once it is large enough.
    let mut c = 1.0f64;
    for i in 1..=m {
        #[allow(clippy::cast_precision_loss)]
        {
            c = c * (n + i) as f64 / i as f64;
        }
        if 2.0 / c < ALPHA {
            return false;
        }
    }
    2.0 / c >= ALPHA
}

/// The Hodges-Lehmann estimate of the shift `y - x` (the median of the
/// differences of all pairs) and its distribution-free 95% confidence
/// interval: the differences of ranks `C` and `N + 1 - C` of the `N`
/// sorted pairwise differences, `C = floor(N/2 - z * sqrt(n1 n2 (n1 +
/// n2 + 1) / 12))` (the normal approximation of U's distribution). When
/// the samples are so small that C < 1, the interval is the range of the
/// differences. None when a sample is empty.
pub(crate) fn shift_interval(x: &[f64], y: &[f64]) -> Option<(f64, f64, f64)> {
    if x.is_empty() || y.is_empty() {
        return None;
    }
    let mut d: Vec<f64> = y.iter().flat_map(|b| x.iter().map(move |a| b - a)).collect();
    d.sort_by(f64::total_cmp);
    let n = d.len();
    #[allow(clippy::cast_precision_loss)]
    let (f1, f2) = (x.len() as f64, y.len() as f64);
    #[allow(clippy::cast_precision_loss)]
    let c = (n as f64 / 2.0 - Z_975 * (f1 * f2 * (f1 + f2 + 1.0) / 12.0).sqrt()).floor();
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let c = if c < 1.0 { 1 } else { (c as usize).min(n.div_ceil(2)) };
    let estimate = median(&d)?;
    Some((estimate, d[c - 1], d[n - c]))
}

#[cfg(test)]
mod tests;
