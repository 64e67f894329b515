//! Masks for measured numbers (timings, rates, latencies, progress) and
//! nothing else. Each mask recognises one exact line shape and replaces only
//! the measured fields, so any other difference still shows.

/// Replacement text for a masked measured number.
pub(crate) const MASK: &str = "<t>";

/// A parsed `-i` progress line (17 format).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Progress {
    /// Rows sent so far.
    pub(crate) done: u64,
    /// Rows in the table.
    pub(crate) total: u64,
    /// Percentage as printed.
    pub(crate) percent: u64,
    /// Table name.
    pub(crate) table: String,
    /// Length of the line without padding and newline (C's `chars`).
    pub(crate) chars: usize,
    /// Number of padding spaces before the newline.
    pub(crate) padding: usize,
}

/// `s` is a `%.2f` rendering of a non-negative number.
fn is_fixed2(s: &str) -> bool {
    let (int, frac) = match s.split_once('.') {
        Some(p) => p,
        None => return false,
    };
    let int = int.strip_prefix('-').unwrap_or(int);
    !int.is_empty()
        && int.bytes().all(|b| b.is_ascii_digit())
        && frac.len() == 2
        && frac.bytes().all(|b| b.is_ascii_digit())
}

fn is_uint(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

/// Parse `<j> of <total> tuples (<p>%) of <table> done (elapsed <x> s, remaining <y> s)<pad>`.
pub(crate) fn parse_progress(line: &str) -> Option<Progress> {
    let line = line.trim_end_matches('\n');
    let body = line.trim_end_matches(' ');
    let padding = line.len() - body.len();
    let (done, rest) = body.split_once(" of ")?;
    let (total, rest) = rest.split_once(" tuples (")?;
    let (percent, rest) = rest.split_once("%) of ")?;
    let (table, rest) = rest.split_once(" done (elapsed ")?;
    let (elapsed, rest) = rest.split_once(" s, remaining ")?;
    let remaining = rest.strip_suffix(" s)")?;
    if !(is_uint(done)
        && is_uint(total)
        && is_uint(percent)
        && is_fixed2(elapsed)
        && is_fixed2(remaining))
    {
        return None;
    }
    Some(Progress {
        done: done.parse().ok()?,
        total: total.parse().ok()?,
        percent: percent.parse().ok()?,
        table: table.to_string(),
        chars: body.len(),
        padding,
    })
}

/// Mask the stderr of `pgbench -i`: the elapsed/remaining times of progress
/// lines and the step times of the `done in` line. The padding C adds after
/// a progress line shorter than the previous one depends on the measured
/// numbers, so it is checked against C's rule (pad to the previous line's
/// length, per table) on the raw text and then removed. Err describes a
/// broken padding rule.
pub(crate) fn mask_init_stderr(stderr: &str) -> Result<String, String> {
    let mut out = String::with_capacity(stderr.len());
    let mut prev: Option<(String, usize)> = None;
    for line in stderr.split_inclusive('\n') {
        let nl = if line.ends_with('\n') { "\n" } else { "" };
        if let Some(p) = parse_progress(line) {
            let prev_chars = match &prev {
                Some((t, c)) if *t == p.table => *c,
                _ => 0,
            };
            let want = prev_chars.saturating_sub(p.chars);
            if p.padding != want {
                return Err(format!(
                    "progress line {line:?} has {} padding spaces; the previous line of this table \
                     was {prev_chars} chars long, so it should have {want}",
                    p.padding
                ));
            }
            prev = Some((p.table.clone(), p.chars));
            out.push_str(&format!(
                "{} of {} tuples ({}%) of {} done (elapsed {MASK} s, remaining {MASK} s){nl}",
                p.done, p.total, p.percent, p.table
            ));
        } else if let Some(rest) = line.strip_prefix("done in ") {
            out.push_str("done in ");
            out.push_str(&mask_step_times(rest));
        } else {
            out.push_str(line);
        }
    }
    Ok(out)
}

/// In `1.51 s (drop tables 0.01 s, create tables 0.03 s).`, replace every
/// `<%.2f> s` by `<t> s`.
fn mask_step_times(s: &str) -> String {
    let mut out = String::new();
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String, next: &str| {
        if is_fixed2(word) && next.starts_with(" s") {
            out.push_str(MASK);
        } else {
            out.push_str(word);
        }
        word.clear();
    };
    let chars: Vec<char> = s.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        if c.is_ascii_digit() || c == '.' {
            word.push(c);
        } else {
            let rest: String = chars[i..].iter().collect();
            flush(&mut word, &mut out, &rest);
            out.push(c);
        }
    }
    flush(&mut word, &mut out, "");
    out
}

/// The major version of a version text that starts with one the tests
/// compare with (`17.12 ...`, `19rc1 ...`), and the text after it.
fn compared_version(text: &str) -> Option<(u32, &str)> {
    let digits = text.bytes().take_while(u8::is_ascii_digit).count();
    let major: u32 = text[..digits].parse().ok()?;
    let rest = &text[digits..];
    let minor = [".", "rc", "beta"].iter().any(|m| rest.starts_with(m));
    (crate::harness::runner::VERSIONS.contains(&major) && minor).then_some((major, rest))
}

/// Replace a `pgbench (PostgreSQL) 17.x ...` line (of any version the tests
/// compare with: 18.x, 19rc1) by the masked form, so that any minor
/// version compares equal.
pub(crate) fn mask_version(stdout: &str) -> String {
    stdout
        .split_inclusive('\n')
        .map(|l| match l.strip_prefix("pgbench (PostgreSQL) ").and_then(compared_version) {
            Some((major, _)) => format!(
                "{}{}",
                super::expected::version_masked(major),
                if l.ends_with('\n') { "\n" } else { "" }
            ),
            None => l.to_string(),
        })
        .collect()
}

/// Replace the client version in a banner, `pgbench (17.x ... , server S)`
/// or `pgbench (17.x ...)` (a client of the server's own version), by the
/// masked form (of any version the tests compare with).
pub(crate) fn mask_banner_version(stdout: &str) -> String {
    stdout
        .split_inclusive('\n')
        .map(|l| {
            let Some((major, rest)) = l.strip_prefix("pgbench (").and_then(compared_version) else {
                return l.to_string();
            };
            let nl = if l.ends_with('\n') { "\n" } else { "" };
            match rest.find(", server ") {
                Some(i) => format!("pgbench ({major}.<minor>{}", &rest[i..]),
                None => format!("pgbench ({major}.<minor>){nl}"),
            }
        })
        .collect()
}

/// Mask `setting random seed to <n>` (only for `time`/`rand` seeds, whose
/// value is not reproducible).
pub(crate) fn mask_random_seed(stderr: &str) -> String {
    stderr
        .split_inclusive('\n')
        .map(|l| match l.strip_prefix("pgbench: setting random seed to ") {
            Some(n) if is_uint(n.trim_end()) => {
                format!(
                    "pgbench: setting random seed to {MASK}{}",
                    if l.ends_with('\n') { "\n" } else { "" }
                )
            }
            _ => l.to_string(),
        })
        .collect()
}

/// Mask the measured numbers of the benchmark report (stdout) and of the
/// progress lines (stderr): latencies, tps, connection times, lag. Counts
/// and percentages of transactions are left alone except where they depend
/// on timing (per-script tps).
pub(crate) fn mask_report(text: &str) -> String {
    text.split_inclusive('\n').map(mask_report_line).collect()
}

fn mask_report_line(line: &str) -> String {
    let nl = if line.ends_with('\n') { "\n" } else { "" };
    let l = line.trim_end_matches('\n');
    // "<prefix><number><suffix>" shapes.
    const SHAPES: &[(&str, &str)] = &[
        ("latency average = ", " ms"),
        ("latency average = ", " ms (including failures)"),
        ("latency stddev = ", " ms"),
        (" - latency average = ", " ms"),
        (" - latency stddev = ", " ms"),
        ("initial connection time = ", " ms"),
        ("average connection time = ", " ms"),
        ("tps = ", " (without initial connection time)"),
        ("tps = ", " (including reconnection times)"),
    ];
    for (pre, suf) in SHAPES {
        if l.strip_prefix(pre)
            .and_then(|r| r.strip_suffix(suf))
            .is_some_and(|mid| mid.parse::<f64>().is_ok())
        {
            return format!("{pre}{MASK}{suf}{nl}");
        }
    }
    if l.strip_prefix("rate limit schedule lag: avg ")
        .is_some_and(|rest| rest.ends_with(") ms") && rest.contains(" (max "))
    {
        return format!("rate limit schedule lag: avg {MASK} (max {MASK}) ms{nl}");
    }
    // " - N transactions (P% of total, tps = X)" (17) and " - number of
    // transactions actually processed: N (tps = X)" (18).
    if l.starts_with(" - ") && l.contains(" transactions ") && l.ends_with(')') {
        if let Some(i) = l.rfind("tps = ") {
            return format!("{}tps = {MASK}){nl}", &l[..i]);
        }
    }
    // "progress: ..." lines: every number is measured.
    if l.starts_with("progress: ") {
        return format!("{}{nl}", mask_all_numbers(l));
    }
    // Per-command lines: "   %11.3f  ..." (average latency first).
    if l.len() > 14 && l.starts_with("   ") {
        let head = l[..14].trim();
        if head.contains('.') && head.parse::<f64>().is_ok() && l.as_bytes()[14] == b' ' {
            return format!("   {:>11}{}{nl}", MASK, &l[14..]);
        }
    }
    line.to_string()
}

/// Mask the transaction counts that depend on timing: in a `-T` run the
/// number processed, and with `-R`/`-L` the skipped and late counts and
/// their percentages, and per-script transaction counts. The shape of each
/// line is kept; any other line is left alone.
pub(crate) fn mask_counts(text: &str) -> String {
    text.split_inclusive('\n').map(mask_counts_line).collect()
}

fn mask_counts_line(line: &str) -> String {
    let nl = if line.ends_with('\n') { "\n" } else { "" };
    let l = line.trim_end_matches('\n');
    const PROCESSED: &str = "number of transactions actually processed: ";
    if let Some(rest) = l.strip_prefix(PROCESSED) {
        return match rest.split_once('/') {
            Some((n, total)) if is_uint(n) => format!("{PROCESSED}{MASK}/{total}{nl}"),
            None if is_uint(rest) => format!("{PROCESSED}{MASK}{nl}"),
            _ => line.to_string(),
        };
    }
    for prefix in ["number of transactions skipped: ", " - number of transactions skipped: "] {
        if l.strip_prefix(prefix).is_some_and(|rest| rest.ends_with("%)") && rest.contains(" (")) {
            return format!("{prefix}{MASK} ({MASK}%){nl}");
        }
    }
    if let Some(rest) = l.strip_prefix("number of transactions above the ") {
        if let Some(i) = rest.find(" ms latency limit: ") {
            let head = &rest[..i + " ms latency limit: ".len()];
            return format!("number of transactions above the {head}{MASK}/{MASK} ({MASK}%){nl}");
        }
    }
    if l.strip_prefix(" - ").and_then(|rest| rest.split_once(" transactions (")).is_some_and(
        |(n, tail)| is_uint(n) && tail.contains("% of total, tps = ") && tail.ends_with(')'),
    ) {
        return format!(" - {MASK} transactions ({MASK}% of total, tps = {MASK}){nl}");
    }
    // 18's per-script counts: " - N transactions (P% of total)" and " -
    // number of transactions actually processed: N (tps = X)".
    if l.strip_prefix(" - ")
        .and_then(|rest| rest.split_once(" transactions ("))
        .is_some_and(|(n, tail)| is_uint(n) && tail.ends_with("% of total)"))
    {
        return format!(" - {MASK} transactions ({MASK}% of total){nl}");
    }
    const SCRIPT_PROCESSED: &str = " - number of transactions actually processed: ";
    if l.strip_prefix(SCRIPT_PROCESSED)
        .and_then(|rest| rest.split_once(" (tps = "))
        .is_some_and(|(n, tail)| is_uint(n) && tail.ends_with(')'))
    {
        return format!("{SCRIPT_PROCESSED}{MASK} (tps = {MASK}){nl}");
    }
    line.to_string()
}

/// Replace every maximal run of digits/dots (optionally after '-') by MASK.
fn mask_all_numbers(l: &str) -> String {
    let mut out = String::new();
    let mut in_num = false;
    for c in l.chars() {
        if c.is_ascii_digit() || (in_num && c == '.') {
            if !in_num {
                out.push_str(MASK);
                in_num = true;
            }
        } else {
            in_num = false;
            out.push(c);
        }
    }
    out
}
