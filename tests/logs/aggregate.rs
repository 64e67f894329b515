//! The aggregate logs (`--aggregate-interval`) compared with C pgbench:
//! consecutive intervals, each of which began while the program ran, and
//! with `-R`, `-L` and retries the lag fields filled in.

use super::txlog::{check_names, log_files, report_counts};
use crate::harness::bench::{Bench, TAIL, report_head};
use crate::harness::shapes;
use crate::harness::{Output, needs, normalize};

/// Check aggregate log files: 15-field lines, consecutive intervals, and
/// at most as many transactions as the report (the last, partial interval
/// is never written).
fn check_aggregates(o: &Output, interval: u64, min_lines: usize, lag: bool) -> Result<(), String> {
    let files = log_files(o, "pgbench_log");
    check_names(&files, "pgbench_log", 1)?;
    let text = &files[0].1;
    let mut aggs = Vec::new();
    for l in text.lines() {
        aggs.push(shapes::parse_agg_line(l)?);
    }
    if aggs.len() < min_lines {
        return Err(format!(
            "{} aggregate lines, expected {min_lines} or more:\n{text}",
            aggs.len()
        ));
    }
    // Each interval began while the program ran (an interval starts at
    // the thread's start, then one after the other: how many there are
    // depends on how long it took to connect and to end, so it is bounded
    // by when the process lived, not by a count).
    let (began, ended) = o.lifetime;
    #[allow(clippy::cast_precision_loss)]
    let starts =
        (aggs.first().map_or(0, |a| a.start()) as f64, aggs.last().map_or(0, |a| a.start()) as f64);
    if !aggs.is_empty() && (starts.0 < began.floor() || starts.1 > ended) {
        return Err(format!(
            "intervals from {} to {} of a process that ran from {began:.3} to {ended:.3}:\n{text}",
            starts.0, starts.1
        ));
    }
    for w in aggs.windows(2) {
        if w[1].start() != w[0].start() + interval {
            return Err(format!("intervals not consecutive:\n{text}"));
        }
    }
    let (processed, _, _) = report_counts(&o.stdout)?;
    let logged: u64 = aggs.iter().map(|a| a.cnt()).sum();
    if logged > processed
        || (processed > 0 && aggs.iter().all(|a| a.cnt() == 0) && !aggs.is_empty())
    {
        return Err(format!(
            "aggregates count {logged} transactions, the report {processed}:\n{text}"
        ));
    }
    for a in &aggs {
        let lagf = &a.fields[6..10];
        if !lag && lagf.iter().any(|&v| v != 0) {
            return Err(format!("lag figures without -R: {:?}", a.fields));
        }
        if a.fields[13] != 0 || a.fields[14] != 0 || a.fields[11] != 0 || a.fields[12] != 0 {
            return Err(format!("failures or retries in a clean run: {:?}", a.fields));
        }
    }
    Ok(())
}

/// `--aggregate-interval=1` over `-T 3`: consecutive lines, each of an
/// interval that began while the program ran.
#[test]
fn log_aggregate() {
    let name = needs!(Server);
    let args = ["-n", "-S", "-c", "2", "-T", "3", "-l", "--aggregate-interval=1"];
    let mut r = Bench::on_copy(name, &args).mask_stdout(normalize::mask_counts).run();
    r.quiet(&format!(
        "{}duration: 3 s\nnumber of transactions actually processed: <t>\n{TAIL}",
        report_head("<builtin: select only>", "simple", 2, 1, "1")
    ));
    r.each_raw(|o| check_aggregates(o, 1, 2, false));
    r.finish();
}

/// Aggregates with `-R`, `-L`, `--max-tries 2` and `--failures-detailed`:
/// the lag fields are filled in, the rest stays in shape.
#[test]
fn log_aggregate_rate() {
    let name = needs!(Server);
    let args =
        "-n -S -T 2 -R 100 -L 50 --max-tries 2 --failures-detailed -l --aggregate-interval=1";
    let args: Vec<&str> = args.split_whitespace().collect();
    let mut r = Bench::on_copy(name, &args).mask_stdout(normalize::mask_counts).run();
    r.same_status().same_stdout().same_stderr().status(0).stderr_is("");
    r.each_raw(|o| check_aggregates(o, 1, 1, true));
    r.finish();
}
