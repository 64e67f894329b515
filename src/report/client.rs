//! The client's own side of a run in the text output, from the
//! document's `client` object: `--client-stats`' section of the report,
//! the end of its `-P` lines, and the warning that the client, not the
//! server, set the result (with `--client-stats` or any report option,
//! never on a command line C pgbench accepts), and a merged run's `-P`
//! lines' end.

use std::fmt::Write as _;

use super::doc::client::{ClientDoc, ThreadRef};
use crate::log;
use crate::script::QueryMode;

/// A share as the text shows it.
fn pct(x: f64) -> String {
    format!("{x:.1} %")
}

/// The end of a `-P` line: the thread busy or waiting for a CPU the
/// largest share of the interval, `name`, with its shares (waiting none:
/// not measured).
pub(crate) fn progress_suffix(name: &str, busy: f64, waiting: Option<f64>) -> String {
    match waiting {
        Some(w) => format!(", {name} busy {} waiting {}", pct(busy), pct(w)),
        None => format!(", {name} busy {}", pct(busy)),
    }
}

/// What a thread's cell of a number shows: the number to `decimals`, or
/// `-`.
fn cell(x: Option<f64>, decimals: usize) -> String {
    x.map_or_else(|| "-".to_string(), |v| format!("{v:.decimals$}"))
}

/// `--client-stats`' section of the text report.
pub(crate) fn section(c: &ClientDoc) -> String {
    let mut o = String::new();
    let when = if c.per_second { "every second" } else { "at the start and the end" };
    let _ = writeln!(
        o,
        "client statistics (measured {when}; each thread's share of the time busy on a CPU and waiting for one):"
    );
    let head = [
        "thread",
        "busy %",
        "waiting %",
        "user µs/xact",
        "system µs/xact",
        "voluntary cs",
        "involuntary cs",
    ];
    let mut rows: Vec<Vec<String>> = vec![head.iter().map(|h| (*h).to_string()).collect()];
    for t in &c.threads {
        // (A run's threads by number; a merge's by shard too.)
        let name = match (t.id.shard, t.id.thread) {
            (None, Some(n)) => n.to_string(),
            (None, None) => "main".to_string(),
            _ => t.id.name(),
        };
        rows.push(vec![
            name,
            format!("{:.1}", t.busy_pct),
            cell(t.waiting_pct, 1),
            cell(t.user_us_per_transaction, 3),
            cell(t.system_us_per_transaction, 3),
            t.voluntary_switches.to_string(),
            t.involuntary_switches.to_string(),
        ]);
    }
    let widths: Vec<usize> = (0..head.len())
        .map(|i| rows.iter().map(|r| r[i].chars().count()).max().unwrap_or(0))
        .collect();
    for r in &rows {
        let cells: Vec<String> = r
            .iter()
            .zip(&widths)
            .map(|(x, w)| format!("{}{x}", " ".repeat(w - x.chars().count())))
            .collect();
        let _ = writeln!(o, "{}", cells.join("  "));
    }
    let t = &c.totals;
    if let (Some(user), Some(system)) = (t.user_us_per_transaction, t.system_us_per_transaction) {
        let _ = writeln!(
            o,
            "CPU time per transaction (all threads): user {user:.3} µs, system {system:.3} µs"
        );
    }
    if !c.run_queue {
        o.push_str(
            "waiting for a CPU: not measured (the kernel kept no schedstat of threads: CONFIG_SCHED_INFO)\n",
        );
    }
    for line in verdict_lines(c) {
        let _ = writeln!(o, "verdict: {line}");
    }
    o
}

/// What the verdict says, a sentence a line: whether the client set the
/// result (the saturated threads named) or which thread was the busiest,
/// and under `-R` whether it fell behind the schedule.
pub(crate) fn verdict_lines(c: &ClientDoc) -> Vec<String> {
    let (v, t) = (&c.verdict, &c.totals);
    let rule = format!(
        "busy or waiting for a CPU at least {:.0} % of the time for {:.0} s or more",
        v.saturated_pct, v.min_s
    );
    let mut lines = Vec::new();
    if v.client_bound {
        let names: Vec<String> = v.saturated.iter().map(|r| saturated_text(c, *r)).collect();
        lines.push(format!("the client set the result: saturated ({rule}): {}", names.join(", ")));
        if v.fell_behind == Some(true) {
            lines.push("the client fell behind the -R schedule while saturated".to_string());
        }
    } else {
        let busiest = t.busiest.map_or_else(String::new, |b| {
            let waiting = t.waiting_pct.map_or(String::new(), |w| format!(", waiting {}", pct(w)));
            let busy = pct(t.busy_pct.unwrap_or(0.0));
            format!("; the busiest, {}, was busy {busy}{waiting}", b.name())
        });
        lines.push(format!("no thread was saturated ({rule}){busiest}"));
    }
    lines
}

/// A saturated thread as the verdict names it: `thread 0 (busy 62.0 %,
/// waiting 35.1 %, for 10.0 s)`.
fn saturated_text(c: &ClientDoc, r: ThreadRef) -> String {
    let Some(t) = c.thread(r) else { return r.name() };
    let waiting = t.waiting_pct.map_or(String::new(), |w| format!(", waiting {}", pct(w)));
    format!("{} (busy {}{waiting}, for {:.1} s)", r.name(), pct(t.busy_pct), t.saturated_s)
}

/// What the warning suggests, for a run of `threads` worker threads in
/// `mode`, on a client machine of `cpus` CPUs (none: not known).
fn remedies(mode: QueryMode, threads: i32, cpus: Option<usize>) -> String {
    let mut list = Vec::new();
    match cpus {
        Some(n) if usize::try_from(threads).is_ok_and(|t| t < n) => {
            list.push(format!("more threads (-j, up to the {n} CPUs it may use)"));
        }
        Some(_) => {}
        None => list.push("more threads (-j, up to the client machine's CPUs)".to_string()),
    }
    list.push("another client machine (--shard)".to_string());
    list.push("the server on other CPUs than the client's".to_string());
    if mode != QueryMode::Prepared {
        list.push("-M prepared (less work a transaction)".to_string());
    }
    list.join(", ")
}

/// The warning that the client set the result (when it did): on stderr,
/// naming the saturated threads, their shares and what to do; the run
/// had `threads` worker threads in `mode`, on `cpus` CPUs when known.
pub(crate) fn warn(c: &ClientDoc, mode: QueryMode, threads: i32, cpus: Option<usize>) {
    let v = &c.verdict;
    if !v.client_bound {
        return;
    }
    let names: Vec<String> = v.saturated.iter().map(|r| saturated_text(c, *r)).collect();
    let behind = if v.fell_behind == Some(true) { ", and fell behind the -R schedule" } else { "" };
    log::warning!(
        "the client, not the server, set this result: {} {} busy or waiting for a CPU at least {:.0} % of the time{behind}",
        names.join(", "),
        if names.len() == 1 { "was" } else { "were" },
        v.saturated_pct
    );
    log::emit(
        log::Level::Hint,
        format_args!("Give the client more CPU: {}.", remedies(mode, threads, cpus)),
    );
}

/// The end of a merged run's `-P` line over its seconds `window` (from
/// the merged run's origin `origin_us`, Unix epoch µs): the worker busy
/// or waiting for a CPU the largest share of them on average.
#[allow(clippy::cast_precision_loss)]
pub(crate) fn window_suffix(c: &ClientDoc, window: std::ops::Range<u64>, origin_us: i64) -> String {
    let mut best: Option<(f64, String, f64, Option<f64>)> = None;
    for t in c.threads.iter().filter(|t| t.id.thread.is_some()) {
        let Some(s) = &t.seconds else { continue };
        // (The shards' origins are a tenth of a second apart at most.)
        let shift = (s.start_time_us - origin_us + 500_000).div_euclid(1_000_000);
        let at = |i: u64| -> Option<usize> {
            let i = i64::try_from(i).ok()? - shift - i64::try_from(s.first).ok()?;
            usize::try_from(i).ok().filter(|&i| i < s.busy_pct.len())
        };
        let idx: Vec<usize> = window.clone().filter_map(at).collect();
        if idx.is_empty() {
            continue;
        }
        let n = idx.len() as f64;
        let busy = idx.iter().map(|&i| s.busy_pct[i]).sum::<f64>() / n;
        let waiting = s
            .waiting_pct
            .as_ref()
            .map(|w| idx.iter().map(|&i| w.get(i).copied().unwrap_or(0.0)).sum::<f64>() / n);
        let occupied = busy + waiting.unwrap_or(0.0);
        if best.as_ref().is_none_or(|b| occupied > b.0) {
            best = Some((occupied, t.id.name(), busy, waiting));
        }
    }
    best.map_or_else(String::new, |(_, name, busy, waiting)| progress_suffix(&name, busy, waiting))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::doc::client::{example, merged, totals_of, verdict_of};

    /// The section of a run the client set, as printed.
    #[test]
    fn the_section() {
        let mut c = example(0, false, false);
        c.shown = true;
        assert_eq!(
            section(&c),
            "client statistics (measured every second; each thread's share of the time busy on a CPU and waiting for one):
thread  busy %  waiting %  user µs/xact  system µs/xact  voluntary cs  involuntary cs
     0    50.0       45.0       500.000           0.000             0               0
     1    10.0        0.0             -               -             0               0
  main    10.0        0.0             -               -             0               0
CPU time per transaction (all threads): user 700.000 µs, system 0.000 µs
verdict: the client set the result: saturated (busy or waiting for a CPU at least 90 % of the time for 2 s or more): thread 0 (busy 50.0 %, waiting 45.0 %, for 2.0 s)
"
        );
        // Without schedstat; nothing saturated.
        for t in &mut c.threads {
            (t.waiting_pct, t.saturated_s) = (None, 0.0);
        }
        c.run_queue = false;
        c.totals = totals_of(&c.threads);
        c.verdict = verdict_of(&c.threads, false);
        let text = section(&c);
        assert!(text.contains("\n     0    50.0          -       500.000"), "{text}");
        assert!(text.ends_with(
            "waiting for a CPU: not measured (the kernel kept no schedstat of threads: CONFIG_SCHED_INFO)
verdict: no thread was saturated (busy or waiting for a CPU at least 90 % of the time for 2 s or more); the busiest, thread 0, was busy 50.0 %
"
        ), "{text}");
    }

    /// Under -R, the verdict says the client fell behind.
    #[test]
    fn behind_the_schedule() {
        let c = example(0, true, false);
        assert_eq!(c.verdict.fell_behind, Some(true));
        let lines = verdict_lines(&c);
        assert_eq!(lines[1], "the client fell behind the -R schedule while saturated");
    }

    /// What the warning suggests: -j only below the CPUs there are,
    /// -M prepared only where it is not the mode.
    #[test]
    fn remedies_fit_the_run() {
        assert_eq!(
            remedies(QueryMode::Simple, 1, Some(4)),
            "more threads (-j, up to the 4 CPUs it may use), another client machine (--shard), the server on other CPUs than the client's, -M prepared (less work a transaction)"
        );
        assert_eq!(
            remedies(QueryMode::Prepared, 4, Some(4)),
            "another client machine (--shard), the server on other CPUs than the client's"
        );
        assert!(
            remedies(QueryMode::Extended, 2, None)
                .starts_with("more threads (-j, up to the client machine's CPUs), ")
        );
    }

    /// A merge keeps every shard's threads, each with its shard; its
    /// verdict names the shard and thread that saturated; the -P lines of
    /// the merged run name the busiest over their seconds.
    #[test]
    fn the_merged_object() {
        let a = example(1_000_000, false, false);
        let mut b = example(1_050_000, false, false);
        for t in &mut b.threads {
            if let Some(n) = t.id.thread.as_mut() {
                *n += 2;
            }
            t.saturated_s = 0.0;
            if let Some(s) = t.seconds.as_mut() {
                s.busy_pct = vec![99.0, 1.0];
                s.waiting_pct = Some(vec![0.0, 0.0]);
            }
        }
        b.verdict = verdict_of(&b.threads, false);
        let m = merged(&[(0, &a), (1, &b)]).unwrap();
        assert_eq!(m.threads.len(), 6);
        let names: Vec<String> = m.threads.iter().map(|t| t.id.name()).collect();
        assert_eq!(
            names,
            [
                "shard 0 thread 0",
                "shard 0 thread 1",
                "shard 0 main thread",
                "shard 1 thread 2",
                "shard 1 thread 3",
                "shard 1 main thread"
            ]
        );
        assert!(m.verdict.client_bound);
        assert_eq!(m.verdict.saturated, [ThreadRef { shard: Some(0), thread: Some(0) }]);
        assert_eq!(m.totals.transactions, 4000);
        assert!(
            section(&m).contains("\n   shard 1 thread 2    50.0       45.0"),
            "{}",
            section(&m)
        );
        // Second 0: shard 1's thread 2 (99 %); second 1: shard 0's thread 0.
        assert_eq!(
            window_suffix(&m, 0..1, 1_000_000),
            ", shard 1 thread 2 busy 99.0 % waiting 0.0 %"
        );
        assert_eq!(
            window_suffix(&m, 1..2, 1_000_000),
            ", shard 0 thread 0 busy 50.0 % waiting 45.0 %"
        );
        assert_eq!(window_suffix(&m, 5..6, 1_000_000), "");
        assert_eq!(merged(&[]), None);
    }
}
