//! sysbench 1.0.20's default random distribution, "special"
//! (`sb_rand_special` with `--rand-spec-iter=12 --rand-spec-pct=1
//! --rand-spec-res=75`), over pg_prng's uniform doubles: what
//! `-i --sysbench-tables` draws `k` from, and what the sysbench builtins'
//! expressions compute.

use super::prng::PgPrng;

/// `sb_rand_special(a, b)` with sysbench's defaults (12 iterations, 1 %
/// of the range, 75 % of the values): a quarter of the values are the mean
/// of 12 uniforms over the range, the rest fall on 1 % of it past the
/// middle.
#[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
pub(crate) fn special(rng: &mut PgPrng, a: u32, b: u32) -> u32 {
    let t = f64::from(b - a);
    let rnd = rng.double();
    if rnd * (t * 4.0) < t {
        let sum: f64 = (0..12).map(|_| rng.double()).sum();
        return (f64::from(a) + sum * t * (1.0 / 12.0)) as u32;
    }
    let d = t * 0.01;
    let res = rnd * (d + 1.0) + (t / 2.0 - t * 0.005);
    a + res as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn special_puts_three_quarters_on_one_percent_past_the_middle() {
        let mut rng = PgPrng::from_seed(42);
        let n = 200_000;
        let (mut hot, mut min, mut max) = (0, u32::MAX, 0);
        for _ in 0..n {
            let v = special(&mut rng, 1, 10_000);
            min = min.min(v);
            max = max.max(v);
            // t = 9999: [1 + 0.25 * 100.99 + 4949.5, 1 + 100.99 + 4949.5).
            if (4975..=5051).contains(&v) {
                hot += 1;
            }
        }
        // 75 % of the values, plus the gaussian quarter's share of them.
        let share = f64::from(hot) / f64::from(n);
        assert!((0.75..0.77).contains(&share), "{share}");
        assert!(min >= 1 && max <= 10_000 && min < 2_500 && max > 7_500, "{min} {max}");
        assert_eq!(special(&mut rng, 5, 5), 5);
    }
}
