//! `--rate-profile`: a rate that changes over the run, in steps and linear
//! ramps, and the Poisson schedule it makes (`-R`'s, at every moment the
//! rate of that moment).
//!
//! The text is `T:RATE[~],...`: from second `T` (0 first, then
//! increasing) the rate is `RATE` transactions per second; a `~` after a
//! rate makes it a linear ramp from that rate to the next point's (the
//! last point has none). `0:200,10:400,20:800` is three steps;
//! `0:100~,30:1000` a ramp from 100 to 1000 over 30 s, then 1000.
//!
//! The schedule is a Poisson process whose intensity is the profile's rate
//! (shared among the threads as `-R` shares its rate): each thread's next
//! slot is a unit exponential's worth of the integral of its rate after
//! the previous one. Within a constant step the delay is drawn exactly as
//! `-R` draws it, so that a constant profile gives `-R`'s schedule.

use crate::rand::dist::poisson_delay_us;
use crate::rand::prng::PgPrng;

/// One point of a profile.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct RatePoint {
    /// From when, µs after the schedule's start.
    pub(crate) at_us: i64,
    /// The rate then, transactions per second (over the whole run).
    pub(crate) tps: f64,
    /// The rate ramps linearly to the next point's.
    pub(crate) ramp: bool,
}

/// A rate profile: its points, the first at 0, in increasing time.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct RateProfile {
    points: Vec<RatePoint>,
}

/// Seconds (with a fraction) as µs.
fn seconds_us(text: &str) -> Option<i64> {
    let s: f64 = text.parse().ok()?;
    #[allow(clippy::cast_possible_truncation)]
    (s.is_finite() && (0.0..1e9).contains(&s)).then(|| (s * 1e6).round() as i64)
}

impl RateProfile {
    /// Parses `T:RATE[~],...`; the error says what is wrong.
    pub(crate) fn parse(text: &str) -> Result<Self, String> {
        let mut points: Vec<RatePoint> = Vec::new();
        for item in text.split(',') {
            let Some((t, r)) = item.trim().split_once(':') else {
                return Err(format!("invalid rate profile point \"{item}\" (not T:RATE)"));
            };
            let (r, ramp) = match r.strip_suffix('~') {
                Some(r) => (r, true),
                None => (r, false),
            };
            let at_us =
                seconds_us(t).ok_or_else(|| format!("invalid time \"{t}\" in rate profile"))?;
            let tps = r.parse::<f64>().ok().filter(|v| v.is_finite() && *v > 0.0);
            let tps = tps.ok_or_else(|| format!("invalid rate \"{r}\" in rate profile"))?;
            points.push(RatePoint { at_us, tps, ramp });
        }
        RateProfile::from_points(points)
    }

    /// The profile of `points` (a document's): they start at 0, their
    /// times increase, their rates are positive and the last one does
    /// not ramp; the error says what is wrong.
    pub(crate) fn from_points(points: Vec<RatePoint>) -> Result<Self, String> {
        for (i, p) in points.iter().enumerate() {
            if !(p.tps.is_finite() && p.tps > 0.0) {
                return Err(format!("invalid rate \"{}\" in rate profile", p.tps));
            }
            if i == 0 && p.at_us != 0 {
                return Err("a rate profile starts at time 0".into());
            }
            if i > 0 && p.at_us <= points[i - 1].at_us {
                return Err("rate profile times must increase".into());
            }
        }
        if points.last().is_none_or(|p| p.ramp) {
            return Err("the last point of a rate profile cannot ramp".into());
        }
        Ok(RateProfile { points })
    }

    /// The points.
    pub(crate) fn points(&self) -> &[RatePoint] {
        &self.points
    }

    /// The rate at the start.
    pub(crate) fn first_tps(&self) -> f64 {
        self.points.first().map_or(1.0, |p| p.tps)
    }

    /// The rate the profile asks for `t` µs after the start, tps (on a
    /// ramp, between its two points' rates).
    #[allow(clippy::cast_precision_loss)]
    pub(crate) fn rate_at(&self, t: i64) -> f64 {
        let i = self.step_of(t);
        let (Some(p), next) = (self.points.get(i), self.points.get(i + 1)) else {
            return self.first_tps();
        };
        match next.filter(|_| p.ramp) {
            Some(q) => {
                let f = ((t - p.at_us) as f64 / (q.at_us - p.at_us) as f64).clamp(0.0, 1.0);
                p.tps + f * (q.tps - p.tps)
            }
            None => p.tps,
        }
    }

    /// The step (point) `t` µs after the start is in.
    pub(crate) fn step_of(&self, t: i64) -> usize {
        self.points.partition_point(|p| p.at_us <= t).saturating_sub(1)
    }

    /// The next slot of a thread's schedule (µs after the start) after the
    /// slot at `t`, the rate shared among `nthreads` threads.
    #[allow(clippy::cast_precision_loss, clippy::cast_possible_truncation)]
    pub(crate) fn next(&self, t: i64, rng: &mut PgPrng, nthreads: f64) -> i64 {
        let mut seg = self.step_of(t);
        let mut t = t as f64;
        // The rest of the unit exponential to spend, once a draw crossed
        // a point.
        let mut units: Option<f64> = None;
        loop {
            let Some(p) = self.points.get(seg) else { return t.round() as i64 };
            let end = self.points.get(seg + 1).map(|q| q.at_us as f64);
            // µs per transaction of this thread.
            let mean = 1e6 * nthreads / p.tps;
            if !p.ramp || end.is_none() {
                let target = match units {
                    // As -R draws its delay, from a whole slot.
                    None => t + poisson_delay_us(rng, mean) as f64,
                    Some(u) => t + u * mean,
                };
                match end {
                    Some(e) if target > e => {
                        units = Some((target - e) / mean);
                        t = e;
                        seg += 1;
                    }
                    _ => return target.round() as i64,
                }
                continue;
            }
            let (a, b) = (p.at_us as f64, end.unwrap_or(t));
            let next_tps = self.points.get(seg + 1).map_or(p.tps, |q| q.tps);
            // This thread's rate per µs at `a`, and its slope per µs².
            let r0 = p.tps / nthreads / 1e6;
            let k = (next_tps - p.tps) / nthreads / 1e6 / (b - a);
            let integral = |y0: f64, y1: f64| r0 * (y1 - y0) + k / 2.0 * (y1 * y1 - y0 * y0);
            let u = *units.get_or_insert_with(|| -(1.0 - rng.double()).ln());
            let y0 = t - a;
            let left = integral(y0, b - a);
            if u > left {
                units = Some(u - left);
                t = b;
                seg += 1;
                continue;
            }
            // r0 y + k/2 y² = c, solved stably.
            let c = u + r0 * y0 + k / 2.0 * y0 * y0;
            let y = 2.0 * c / (r0 + (r0 * r0 + 2.0 * k * c).max(0.0).sqrt());
            return (a + y).round() as i64;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rate_asked_for_at_a_time() {
        let p = RateProfile::parse("0:100,2:200~,4:400").unwrap();
        let at = |ms: i64| p.rate_at(ms * 1000);
        assert_eq!(
            [at(0), at(1900), at(2000), at(3000), at(4000), at(99_000)],
            [100.0, 100.0, 200.0, 300.0, 400.0, 400.0]
        );
    }

    #[test]
    fn texts() {
        let p = RateProfile::parse("0:200,10:400,20.5:800").unwrap();
        let at: Vec<(i64, f64, bool)> =
            p.points().iter().map(|p| (p.at_us, p.tps, p.ramp)).collect();
        assert_eq!(at, [(0, 200.0, false), (10_000_000, 400.0, false), (20_500_000, 800.0, false)]);
        assert_eq!((p.step_of(0), p.step_of(9_999_999), p.step_of(10_000_000)), (0, 0, 1));
        assert_eq!(p.step_of(99_000_000), 2);
        let r = RateProfile::parse("0:100~,30:1000").unwrap();
        assert!(r.points()[0].ramp && !r.points()[1].ramp);
        for bad in ["", "5:100", "0:100,0:200", "0:100,5:200~", "0:0", "0:-1", "0:x", "x:1", "0"] {
            assert!(RateProfile::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_constant_profile_is_the_schedule_of_r() {
        let p = RateProfile::parse("0:250").unwrap();
        let (mut a, mut b) = (PgPrng::from_seed(7), PgPrng::from_seed(7));
        let (mut t, mut u) = (0_i64, 0_i64);
        for _ in 0..10_000 {
            t = p.next(t, &mut a, 3.0);
            u += poisson_delay_us(&mut b, 1e6 * 3.0 / 250.0);
            assert_eq!(t, u);
        }
    }

    /// Slots of one thread from 0 until `until` µs, counted per second.
    fn per_second(p: &RateProfile, until: i64) -> Vec<usize> {
        let mut rng = PgPrng::from_seed(11);
        let mut counts = vec![0; usize::try_from(until / 1_000_000).unwrap()];
        let mut t = 0;
        loop {
            t = p.next(t, &mut rng, 1.0);
            if t >= until {
                return counts;
            }
            counts[usize::try_from(t / 1_000_000).unwrap()] += 1;
        }
    }

    #[test]
    fn steps_and_ramps_give_their_rate_each_second() {
        // Each step's slots within 3 sigma of its rate's; each second's
        // within 4 (30 seconds at 3 sigma would fail one time in 12).
        let p = RateProfile::parse("0:200,10:400,20:800").unwrap();
        let counts = per_second(&p, 30_000_000);
        for (step, rate) in [200.0, 400.0, 800.0].into_iter().enumerate() {
            let n: usize = counts[step * 10..step * 10 + 10].iter().sum();
            let off = (n as f64 - 10.0 * rate).abs();
            assert!(off <= 3.0 * f64::sqrt(10.0 * rate), "step {step}: {n} at {rate}/s");
        }
        for (s, n) in counts.into_iter().enumerate() {
            let rate = [200.0, 400.0, 800.0][s / 10];
            let off = (n as f64 - rate).abs();
            assert!(off <= 4.0 * f64::sqrt(rate), "second {s}: {n} at {rate}/s");
        }
        // 100 to 1000 over 10 s: second s has the mean of its ends.
        let p = RateProfile::parse("0:100~,10:1000").unwrap();
        for (s, n) in per_second(&p, 12_000_000).into_iter().enumerate() {
            let rate = if s < 10 { 100.0 + 90.0 * (s as f64 + 0.5) } else { 1000.0 };
            let off = (n as f64 - rate).abs();
            assert!(off <= 4.0 * f64::sqrt(rate), "second {s}: {n} at {rate}/s");
        }
    }
}
