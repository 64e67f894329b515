//! Exact shapes of outputs whose numbers are measured, so they cannot be
//! compared byte for byte: progress lines (`-P`), transaction log lines and
//! aggregate log lines (`-l`). Each parser accepts exactly C pgbench 17's
//! printf format and nothing else, and returns the fields so that tests can
//! check counts and invariants; a `-P` run's progress lines are checked
//! whole ([`check_progress`]: their count and when each came).
//!
//! Also: splitting a stderr into messages (a `pgbench: ` line plus the
//! continuation lines of a multi-line server message) grouped per client,
//! for runs whose clients interleave their messages in timing order.

use std::collections::BTreeMap;

use super::runner::Output;

/// `s` is `%.Nf` of a finite non-negative number (C never prints `+`).
fn is_fixed(s: &str, decimals: usize) -> bool {
    let Some((int, frac)) = s.split_once('.') else { return decimals == 0 && is_uint(s) };
    decimals > 0
        && is_uint(int)
        && frac.len() == decimals
        && frac.bytes().all(|b| b.is_ascii_digit())
        && (int.len() == 1 || !int.starts_with('0'))
}

/// A decimal integer without sign or leading zeros (C's `%d`/`%lld` of a
/// non-negative value).
pub(crate) fn is_uint(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) && (s.len() == 1 || !s.starts_with('0'))
}

fn uint(s: &str, what: &str) -> Result<u64, String> {
    if is_uint(s) {
        s.parse().map_err(|e| format!("{what} {s:?}: {e}"))
    } else {
        Err(format!("{what} is not a decimal integer: {s:?}"))
    }
}

/// What a progress line must contain besides the always-present fields.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct ProgressOpts {
    /// `-R`: `, lag %.3f ms`.
    pub(crate) lag: bool,
    /// `-R` and `-L`: `, N skipped` (after the lag).
    pub(crate) skipped: bool,
    /// `--max-tries` other than 1: `, N retried, M retries`.
    pub(crate) retries: bool,
    /// `--progress-timestamp`: the time is `%.3f s` of the Unix epoch.
    pub(crate) timestamp: bool,
}

/// The fields of one progress line.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct ProgressLine {
    /// Seconds since the start (or the epoch with `--progress-timestamp`).
    pub(crate) time: f64,
    /// Transactions per second over the interval.
    pub(crate) tps: f64,
    /// Failed transactions in the interval.
    pub(crate) failed: u64,
    /// Skipped transactions in the interval (with `-R -L`).
    pub(crate) skipped: Option<u64>,
}

/// Parse `progress: %.1f s, %.1f tps, lat %.3f ms stddev %.3f, %lld failed
/// [, lag %.3f ms[, %lld skipped]][, %lld retried, %lld retries]`.
pub(crate) fn parse_progress_line(line: &str, o: ProgressOpts) -> Result<ProgressLine, String> {
    let err = |why: &str| Err(format!("not a progress line ({why}): {line:?}"));
    let Some(rest) = line.strip_prefix("progress: ") else { return err("prefix") };
    let Some((time, rest)) = rest.split_once(" s, ") else { return err("time") };
    if !is_fixed(time, if o.timestamp { 3 } else { 1 }) {
        return err("time format");
    }
    let Some((tps, rest)) = rest.split_once(" tps, lat ") else { return err("tps") };
    if !is_fixed(tps, 1) {
        return err("tps format");
    }
    let Some((lat, rest)) = rest.split_once(" ms stddev ") else { return err("lat") };
    if !is_fixed(lat, 3) {
        return err("lat format");
    }
    let Some((stddev, rest)) = rest.split_once(", ") else { return err("stddev") };
    // sqrt of a rounding-negative variance prints NaN in C.
    if !(is_fixed(stddev, 3) || stddev == "NaN") {
        return err("stddev format");
    }
    let mut fields = rest.split(", ");
    let Some(failed) = fields.next().and_then(|f| f.strip_suffix(" failed")) else {
        return err("failed");
    };
    let failed = uint(failed, "failed")?;
    let mut skipped = None;
    if o.lag {
        let Some(lag) = fields.next().and_then(|f| f.strip_prefix("lag ")) else {
            return err("lag");
        };
        let Some(lag) = lag.strip_suffix(" ms") else { return err("lag unit") };
        if !is_fixed(lag, 3) {
            return err("lag format");
        }
        if o.skipped {
            let Some(s) = fields.next().and_then(|f| f.strip_suffix(" skipped")) else {
                return err("skipped");
            };
            skipped = Some(uint(s, "skipped")?);
        }
    }
    if o.retries {
        let Some(r) = fields.next().and_then(|f| f.strip_suffix(" retried")) else {
            return err("retried");
        };
        uint(r, "retried")?;
        let Some(r) = fields.next().and_then(|f| f.strip_suffix(" retries")) else {
            return err("retries");
        };
        uint(r, "retries")?;
    }
    if fields.next().is_some() {
        return err("unexpected trailing fields");
    }
    Ok(ProgressLine {
        time: time.parse().map_err(|e| format!("{e}"))?,
        tps: tps.parse().map_err(|e| format!("{e}"))?,
        failed,
        skipped,
    })
}

/// The latency field of a transaction log line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Latency {
    /// Microseconds (`%.0f`).
    Micros(u64),
    /// `skipped`, `failed`, `serialization` or `deadlock`.
    Word(String),
}

/// What a transaction log line must contain besides the six fixed fields.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct LogOpts {
    /// `-R`: a lag field (`%.0f` µs).
    pub(crate) lag: bool,
    /// `--max-tries` other than 1: a retries field (`%u`).
    pub(crate) retries: bool,
}

/// One line of a per-transaction log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct LogLine {
    /// Client id.
    pub(crate) client: u32,
    /// The client's transaction number (1-based, counts every logged one).
    pub(crate) cnt: u64,
    /// Latency or failure word.
    pub(crate) latency: Latency,
    /// 0-based script number.
    pub(crate) script: u32,
    /// Unix time, seconds.
    pub(crate) sec: u64,
    /// Microseconds part (not zero-padded, < 1000000).
    pub(crate) usec: u64,
    /// Schedule lag in µs (with `-R`).
    pub(crate) lag: Option<u64>,
    /// Number of retries (with `--max-tries` other than 1).
    pub(crate) retries: Option<u64>,
}

/// Parse `%d %lld (%.0f|word) %d %lld %lld[ %.0f][ %u]`.
pub(crate) fn parse_log_line(line: &str, o: LogOpts) -> Result<LogLine, String> {
    let f: Vec<&str> = line.split(' ').collect();
    let want = 6 + usize::from(o.lag) + usize::from(o.retries);
    if f.len() != want {
        return Err(format!("log line has {} fields, expected {want}: {line:?}", f.len()));
    }
    let latency = if is_uint(f[2]) {
        Latency::Micros(uint(f[2], "latency")?)
    } else if ["skipped", "failed", "serialization", "deadlock"].contains(&f[2]) {
        Latency::Word(f[2].to_string())
    } else {
        return Err(format!("bad latency field {:?} in {line:?}", f[2]));
    };
    let usec = uint(f[5], "microseconds")?;
    if usec >= 1_000_000 {
        return Err(format!("microseconds out of range in {line:?}"));
    }
    let sec = uint(f[4], "seconds")?;
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    if sec + 3600 < now || sec > now + 60 {
        return Err(format!("timestamp {sec} is not the current Unix time in {line:?}"));
    }
    let mut i = 6;
    let lag = if o.lag {
        i += 1;
        Some(uint(f[i - 1], "lag")?)
    } else {
        None
    };
    let retries = if o.retries { Some(uint(f[i], "retries")?) } else { None };
    Ok(LogLine {
        client: u32::try_from(uint(f[0], "client id")?).map_err(|e| format!("{e}"))?,
        cnt: uint(f[1], "transaction number")?,
        latency,
        script: u32::try_from(uint(f[3], "script number")?).map_err(|e| format!("{e}"))?,
        sec,
        usec,
        lag,
        retries,
    })
}

/// One aggregate log line: the 15 fields of C pgbench 17 (and 18; 19's
/// 16th is its other failures).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct AggLine {
    /// Every field, in order: start, cnt, sum, sum2, min, max, lag sum,
    /// lag sum2, lag min, lag max, skipped, retried, retries,
    /// serialization failures, deadlock failures.
    pub(crate) fields: Vec<u64>,
}

impl AggLine {
    /// Interval start (Unix seconds).
    pub(crate) fn start(&self) -> u64 {
        self.fields[0]
    }
    /// Successful transactions in the interval.
    pub(crate) fn cnt(&self) -> u64 {
        self.fields[1]
    }
}

/// Parse an aggregate line: exactly 15 space-separated non-negative
/// integers (`%lld` or `%.0f`; 16 from pgbench 19, as the suite's version
/// is), with the invariants C's accumulation guarantees (min <= max, sums
/// consistent with the count).
pub(crate) fn parse_agg_line(line: &str) -> Result<AggLine, String> {
    parse_agg_line_of(line, if super::runner::suite_version() >= 19 { 16 } else { 15 })
}

/// [`parse_agg_line`] of a line of `n` fields.
pub(crate) fn parse_agg_line_of(line: &str, n: usize) -> Result<AggLine, String> {
    let f: Vec<&str> = line.split(' ').collect();
    if f.len() != n {
        return Err(format!("aggregate line has {} fields, expected {n}: {line:?}", f.len()));
    }
    let mut fields = Vec::with_capacity(n);
    for (i, s) in f.iter().enumerate() {
        fields.push(uint(s, &format!("aggregate field {}", i + 1))?);
    }
    let a = AggLine { fields };
    let (cnt, sum, sum2, min, max) =
        (a.fields[1], a.fields[2], a.fields[3], a.fields[4], a.fields[5]);
    if cnt == 0 && (sum, sum2, min, max) != (0, 0, 0, 0) {
        return Err(format!("empty interval with latency figures: {line:?}"));
    }
    if cnt > 0 && (min > max || sum < min || max > sum) {
        return Err(format!("inconsistent latency figures (min/max/sum): {line:?}"));
    }
    Ok(a)
}

/// The messages of a stderr: each starts at a line beginning with
/// `pgbench: ` (or a libpq notice such as `WARNING:  `) and includes the
/// following lines that begin with neither (continuation lines of a
/// multi-line message or of a sent SQL text). Left out: the `--debug` line
/// pgbench-rs writes where the kernel refuses io_uring (`pgbench: thread N
/// waiting with epoll_pwait2 (io_uring_setup: ...)`), which C has no
/// counterpart of.
pub(crate) fn messages(stderr: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for line in stderr.split_inclusive('\n') {
        if line.starts_with("pgbench: thread ") && line.contains(" waiting with ") {
            continue;
        }
        let starts = line.starts_with("pgbench: ")
            || line.starts_with("WARNING:  ")
            || line.starts_with("NOTICE:  ")
            || line.starts_with("debug(")
            || line.starts_with("progress: ");
        match out.last_mut() {
            Some(last) if !starts => last.push_str(line),
            _ => out.push(line.to_string()),
        }
    }
    out
}

/// The client a `pgbench: client N ...` message is about, if any.
pub(crate) fn message_client(msg: &str) -> Option<u32> {
    let rest = msg.strip_prefix("pgbench: ")?;
    let rest = rest.strip_prefix("error: ").unwrap_or(rest);
    let rest = rest.strip_prefix("client ")?;
    let n: String = rest.chars().take_while(char::is_ascii_digit).collect();
    n.parse().ok()
}

/// The messages of a stderr grouped by client (key `None` for messages
/// about no client), in their order. Consecutive identical `client N
/// receiving` debug messages of one client are collapsed to one: C prints
/// one each time the client is woken while its result is incomplete, so
/// their number depends on timing.
pub(crate) fn messages_per_client(stderr: &str) -> BTreeMap<Option<u32>, Vec<String>> {
    let mut map: BTreeMap<Option<u32>, Vec<String>> = BTreeMap::new();
    for m in messages(stderr) {
        let v = map.entry(message_client(&m)).or_default();
        if m.ends_with(" receiving\n") && v.last() == Some(&m) {
            continue;
        }
        v.push(m);
    }
    map
}

/// Render [`messages_per_client`] as one text, client by client.
pub(crate) fn render_per_client(map: &BTreeMap<Option<u32>, Vec<String>>) -> String {
    let mut s = String::new();
    for (k, v) in map {
        match k {
            Some(c) => s.push_str(&format!("## client {c}\n")),
            None => s.push_str("## no client\n"),
        }
        for m in v {
            s.push_str(m);
        }
    }
    s
}

/// Split a stderr into its progress lines and the rest.
pub(crate) fn split_progress(stderr: &str) -> (Vec<String>, String) {
    let mut progress = Vec::new();
    let mut rest = String::new();
    for l in stderr.split_inclusive('\n') {
        if l.starts_with("progress: ") {
            progress.push(l.trim_end_matches('\n').to_string());
        } else {
            rest.push_str(l);
        }
    }
    (progress, rest)
}

/// Check the progress lines of a `-T secs -P 1` run: `min..=max` lines in
/// C's exact format, one per second (the time of line k is at least k s
/// and the times increase), nothing else on stderr but `rest`.
pub(crate) fn check_progress(
    o: &Output,
    opts: ProgressOpts,
    min: usize,
    max: usize,
    rest: &str,
) -> Result<(), String> {
    let (lines, other) = split_progress(&o.stderr);
    if other != rest {
        return Err(format!("stderr besides progress lines is {other:?}, expected {rest:?}"));
    }
    if !(min..=max).contains(&lines.len()) {
        return Err(format!(
            "{} progress lines, expected {min} to {max}:\n{}",
            lines.len(),
            lines.join("\n")
        ));
    }
    let mut prev = f64::MIN;
    let start = lines.first().map(|l| l.as_str());
    let mut first_time = 0.0;
    for (k, l) in lines.iter().enumerate() {
        let p = parse_progress_line(l, opts)?;
        if Some(l.as_str()) == start {
            first_time = p.time;
        }
        if p.time <= prev {
            return Err(format!("progress times do not increase: {l:?}"));
        }
        prev = p.time;
        // Each line is due a whole second after the run's start, and
        // printed then or up to 0.9 s later (a loaded machine). With
        // --progress-timestamp the start is not printed: the first line
        // stands for it, and as it may be late too, a later line may then
        // come less than a whole second after it.
        let since = if opts.timestamp { p.time - first_time + 1.0 } else { p.time };
        let early = if opts.timestamp { 0.9 } else { 0.05 };
        #[allow(clippy::cast_precision_loss)]
        let due = (k + 1) as f64;
        if since < due - early || since > due + 0.9 {
            return Err(format!(
                "progress line {} is at {since} s, expected about {due} s: {l:?}",
                k + 1
            ));
        }
    }
    Ok(())
}

/// The value of a report line: `prefix`, then the value up to a space or a
/// `/` (`number of transactions actually processed: 20/20` gives 20).
pub(crate) fn report_value<T: std::str::FromStr>(stdout: &str, prefix: &str) -> T {
    stdout
        .lines()
        .find_map(|l| l.strip_prefix(prefix))
        .and_then(|rest| rest.split([' ', '/']).next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no {prefix:?} in\n{stdout}"))
}
