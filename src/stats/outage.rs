//! Outages under `--reconnect`: what each thread notes as its clients
//! lose and make connections ([`OutageLog`]), and the outages the run's
//! notes make ([`outages`]): the one algorithm, for a run (the threads'
//! notes merged) and for `--merge` (the shards' notes, which their
//! documents keep, merged the same way). Pure data.
//!
//! An outage runs from the start of the first transaction that failed on
//! a lost connection (over all clients) until the first transaction that
//! succeeded on a connection made after that start. (Its start, not when
//! the loss was found: a thread busy connecting one client finds its other
//! clients' losses only when it is done, and they belong to the same
//! outage.) Its recovery is
//! the time from its end until the first window of [`WINDOW_US`] (on the
//! grid of [`BUCKET_US`]) whose throughput is at least [`RECOVERED`] of
//! the throughput over the [`BEFORE_US`] before the outage.

/// The width of the throughput counters, µs.
pub(crate) const BUCKET_US: i64 = 100_000;
/// The window over which the throughput after an outage is measured, µs.
pub(crate) const WINDOW_US: i64 = 1_000_000;
/// How long before an outage its level is measured (at most), µs.
pub(crate) const BEFORE_US: i64 = 5_000_000;
/// The share of the level before an outage that counts as recovered.
pub(crate) const RECOVERED: f64 = 0.9;

/// What a thread notes: monotonic µs (or, once [`OutageLog::shifted`],
/// Unix epoch µs).
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct OutageLog {
    /// When the measurement started (the counters' origin).
    origin: i64,
    /// When transactions failed on a lost connection.
    lost: Vec<i64>,
    /// Connections made again after a loss: when each was made and when
    /// its first transaction succeeded.
    back: Vec<(i64, i64)>,
    /// Successful transactions per [`BUCKET_US`] from `origin`.
    counts: Vec<u32>,
    /// Clients without a connection now (they lost it and have not made
    /// a new one yet).
    pub(crate) down: u32,
}

impl OutageLog {
    /// An empty log whose counters start at `origin`.
    pub(crate) fn new(origin: i64) -> Self {
        OutageLog { origin, ..OutageLog::default() }
    }

    /// Forgets everything: the measurement starts at `origin`.
    pub(crate) fn restart(&mut self, origin: i64) {
        let down = self.down;
        *self = OutageLog::new(origin);
        self.down = down;
    }

    /// A transaction that started at `t` failed on a lost connection.
    pub(crate) fn lost(&mut self, t: i64) {
        self.lost.push(t);
    }

    /// A transaction succeeded at `t`; `fresh` is when its connection was
    /// made, when it is the first success on a connection made again.
    #[inline]
    pub(crate) fn success(&mut self, t: i64, fresh: Option<i64>) {
        if let Some(made) = fresh {
            self.back.push((made, t));
        }
        let Ok(i) = usize::try_from((t - self.origin) / BUCKET_US) else { return };
        if i >= self.counts.len() {
            self.counts.resize(i + 1, 0);
        }
        self.counts[i] += 1;
    }

    /// Adds another thread's (or shard's) notes. Their counters are
    /// added bucket by bucket, those of a log whose origin is later by
    /// the nearest whole number of buckets (the threads of a run share
    /// their origin, and so do shards given one `--start-at`); counts
    /// before this log's origin are left out.
    pub(crate) fn merge(&mut self, o: &OutageLog) {
        self.lost.extend_from_slice(&o.lost);
        self.back.extend_from_slice(&o.back);
        let offset = (o.origin - self.origin + BUCKET_US / 2).div_euclid(BUCKET_US);
        let (skip, at) = match usize::try_from(offset) {
            Ok(at) => (0, at),
            Err(_) => (usize::try_from(-offset).unwrap_or(usize::MAX), 0),
        };
        let theirs = o.counts.get(skip..).unwrap_or_default();
        if at + theirs.len() > self.counts.len() {
            self.counts.resize(at + theirs.len(), 0);
        }
        for (a, b) in self.counts[at..].iter_mut().zip(theirs) {
            *a += b;
        }
        self.down += o.down;
    }

    /// The same notes with every time moved by `shift` µs (from the
    /// monotonic clock to the Unix epoch: the outages of a log do not
    /// depend on where its clock starts).
    #[must_use]
    pub(crate) fn shifted(&self, shift: i64) -> OutageLog {
        OutageLog {
            origin: self.origin + shift,
            lost: self.lost.iter().map(|t| t + shift).collect(),
            back: self.back.iter().map(|(m, t)| (m + shift, t + shift)).collect(),
            counts: self.counts.clone(),
            down: self.down,
        }
    }

    /// The origin of the counters.
    pub(crate) fn origin(&self) -> i64 {
        self.origin
    }

    /// When transactions failed on a lost connection.
    pub(crate) fn losses(&self) -> &[i64] {
        &self.lost
    }

    /// The connections made again: when made, and their first success.
    pub(crate) fn comebacks(&self) -> &[(i64, i64)] {
        &self.back
    }

    /// The successful transactions per [`BUCKET_US`] from the origin.
    pub(crate) fn counts(&self) -> &[u32] {
        &self.counts
    }

    /// The notes a document kept: the origin, the losses, the connections
    /// made again and the counts.
    pub(crate) fn from_parts(
        origin: i64,
        lost: Vec<i64>,
        back: Vec<(i64, i64)>,
        counts: Vec<u32>,
    ) -> Self {
        OutageLog { origin, lost, back, counts, down: 0 }
    }
}

/// One outage, monotonic µs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Outage {
    /// The start of the first transaction that failed on a lost
    /// connection.
    pub(crate) start: i64,
    /// The first success on a connection made after `start` (none: the
    /// run ended first).
    pub(crate) end: Option<i64>,
    /// From `end` until the throughput was back to its level before
    /// (none: it never was, or there was no level to measure).
    pub(crate) recovered_us: Option<i64>,
}

/// The outages of the run's notes (merged over the threads), until `end`
/// (monotonic µs).
pub(crate) fn outages(log: &OutageLog, end: i64) -> Vec<Outage> {
    let mut lost = log.lost.clone();
    lost.sort_unstable();
    // The connections made again by when they were made, and from each
    // on the earliest first success of those made then or later: the
    // first success after a loss is a search, not a scan of them all.
    let mut back = log.back.clone();
    back.sort_unstable();
    let mut earliest = vec![i64::MAX; back.len() + 1];
    for (i, (_, t)) in back.iter().enumerate().rev() {
        earliest[i] = earliest[i + 1].min(*t);
    }
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(&start) = lost.get(i) {
        let from = back.partition_point(|(made, _)| *made < start);
        let back = Some(earliest[from]).filter(|&t| t != i64::MAX);
        let recovered_us = back.and_then(|b| recovery(log, start, b, end));
        out.push(Outage { start, end: back, recovered_us });
        let Some(b) = back else { break };
        while lost.get(i).is_some_and(|&t| t < b) {
            i += 1;
        }
    }
    out
}

/// The successful transactions counted in buckets `from..to`.
fn sum(counts: &[u32], from: usize, to: usize) -> u64 {
    counts.get(from..to.min(counts.len())).map_or(0, |c| c.iter().map(|&n| u64::from(n)).sum())
}

/// The time from `back` until the throughput was back to the level before
/// `start`.
#[allow(clippy::cast_precision_loss)]
fn recovery(log: &OutageLog, start: i64, back: i64, end: i64) -> Option<i64> {
    let bucket = |t: i64| usize::try_from((t - log.origin) / BUCKET_US).ok();
    let before_from = (start - BEFORE_US).max(log.origin);
    let (first, last) = (bucket(before_from + BUCKET_US - 1)?, bucket(start)?);
    if last <= first {
        return None;
    }
    let level = sum(&log.counts, first, last) as f64 / (last - first) as f64;
    let per_window = usize::try_from(WINDOW_US / BUCKET_US).ok()?;
    let mut b = bucket(back + BUCKET_US - 1)?;
    loop {
        let at = |i: usize| i64::try_from(i).ok().map(|i| log.origin + i * BUCKET_US);
        let window_end = at(b + per_window)?;
        // (Past the counts nothing succeeded: the level is not reached
        // again, however long the run went on.)
        if window_end > end || (b >= log.counts.len() && level > 0.0) {
            return None;
        }
        let rate = sum(&log.counts, b, b + per_window) as f64 / per_window as f64;
        if rate >= RECOVERED * level {
            return Some((at(b)? - back).max(0));
        }
        b += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `n` successes per bucket in buckets `from..to`.
    fn steady(log: &mut OutageLog, from: i64, to: i64, n: u32) {
        for b in from..to {
            for _ in 0..n {
                log.success(b * BUCKET_US + 10, None);
            }
        }
    }

    #[test]
    fn an_outage_runs_from_the_first_loss_to_the_first_success_after_it() {
        let mut log = OutageLog::new(0);
        steady(&mut log, 0, 30, 10);
        // Two clients lose their connection at 3.0 s and 3.05 s; one
        // that made its connection before the loss succeeds on it at
        // 3.1 s (not the end), another made at 3.6 s succeeds at 3.7 s.
        log.lost(3_000_000);
        log.lost(3_050_000);
        log.back.push((2_000_000, 3_100_000));
        log.success(3_700_000, Some(3_600_000));
        steady(&mut log, 38, 40, 4);
        steady(&mut log, 40, 60, 10);
        let mut other = OutageLog::new(0);
        other.lost(3_020_000);
        log.merge(&other);
        let o = outages(&log, 6_000_000);
        // Buckets 30..37 are empty: the throughput is back (9 per bucket
        // over 1 s) at the window from 3.9 s.
        assert_eq!(
            o,
            [Outage { start: 3_000_000, end: Some(3_700_000), recovered_us: Some(200_000) }]
        );
        // A later loss is another outage, never over.
        log.lost(5_500_000);
        let o = outages(&log, 6_000_000);
        assert_eq!(o.len(), 2);
        assert_eq!(o[1], Outage { start: 5_500_000, end: None, recovered_us: None });
        // A run that ends before a full window after the outage: no
        // recovery known.
        let o = outages(&log, 4_000_000);
        assert_eq!(o[0].recovered_us, None);
    }

    /// The notes of a run dealt out to two shards (each client's events to
    /// one of them), on clocks of their own, merged again: the same
    /// outages as the run's, to the microsecond.
    #[test]
    fn shards_merged_give_the_outages_of_the_run_unsharded() {
        let mut run = OutageLog::new(0);
        let mut shard = [OutageLog::new(0), OutageLog::new(0)];
        for b in 0..60 {
            for k in 0..10 {
                // No transaction succeeds from 3.0 s to 3.4 s (the outage
                // and its end); half the throughput until 3.9 s.
                if (30..34).contains(&b) || (34..39).contains(&b) && k % 2 == 1 {
                    continue;
                }
                let t = b * BUCKET_US + 10 + k;
                let fresh = (b == 34 && k < 2).then_some(3_390_000);
                run.success(t, fresh);
                shard[usize::from(k % 2 == 1)].success(t, fresh);
            }
        }
        for (k, t) in [3_000_000, 3_004_000, 3_020_000, 3_031_000].into_iter().enumerate() {
            run.lost(t);
            shard[k % 2].lost(t);
        }
        let unsharded = outages(&run, 6_000_000);
        assert_eq!(
            unsharded,
            [Outage { start: 3_000_000, end: Some(3_400_010), recovered_us: Some(299_990) }]
        );
        // Each shard on a clock of its own, moved to the epoch.
        let epoch = 1_700_000_000_000_000;
        let [a, b] = [shard[0].shifted(epoch - 77), shard[1].shifted(epoch - 5)];
        let mut merged = OutageLog::new(epoch);
        for s in [&a.shifted(77), &b.shifted(5)] {
            let (lost, back, counts) = (s.losses().to_vec(), s.comebacks().to_vec(), s.counts());
            merged.merge(&OutageLog::from_parts(s.origin(), lost, back, counts.to_vec()));
        }
        let o: Vec<Outage> = outages(&merged, epoch + 6_000_000)
            .into_iter()
            .map(|o| Outage {
                start: o.start - epoch,
                end: o.end.map(|e| e - epoch),
                recovered_us: o.recovered_us,
            })
            .collect();
        assert_eq!(o, unsharded);
        // A shard whose counters start 0.2 s later is placed 2 buckets on.
        let mut late = OutageLog::new(200_000);
        late.success(200_010, None);
        let mut at = OutageLog::new(0);
        at.merge(&late);
        assert_eq!(at.counts, [0, 0, 1]);
        let mut early = OutageLog::new(300_000);
        early.merge(&at);
        assert!(early.counts.is_empty(), "{:?}", early.counts);
    }
}
