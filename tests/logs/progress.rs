//! Progress lines (`-P`) compared with C pgbench: every second, with
//! `-R`, `-L` and retries (lag, skipped, retried and retries fields), and
//! `--progress-timestamp`'s Unix-epoch times.

use crate::harness::bench::{Bench, RATE_END, Ran, report_head, retried, skipped_and_late};
use crate::harness::needs;
use crate::harness::shapes::{self, ProgressOpts, check_progress, split_progress};
use crate::harness::{Output, normalize};

/// Case `name` of a timed run of `args` with `-P`: the same exit status
/// (0), stdout and stderr but for the progress lines.
fn progress(name: &str, args: &[&str]) -> Ran {
    let mut r = Bench::on_copy(name, args).mask_stdout(normalize::mask_counts).run();
    r.same_status()
        .same_stdout()
        .same_by("stderr without progress lines", |o: &Output| split_progress(&o.stderr).1)
        .status(0);
    r
}

/// `-P 1 -T 3`: two or three progress lines, then the report (with the
/// measured latency average and stddev that -P turns on).
#[test]
fn progress_every_second() {
    let name = needs!(Server);
    let mut r = progress(name, &["-S", "-n", "-c", "2", "-P", "1", "-T", "3"]);
    r.stdout_is(&format!(
        "{}duration: 3 s\n\
             number of transactions actually processed: <t>\n\
             number of failed transactions: 0 (0.000%)\n\
             latency average = <t> ms\n\
             latency stddev = <t> ms\n\
             initial connection time = <t> ms\n\
             tps = <t> (without initial connection time)\n",
        report_head("<builtin: select only>", "simple", 2, 1, "1")
    ));
    r.each_raw(|o| check_progress(o, ProgressOpts::default(), 2, 3, ""));
    r.finish();
}

/// Progress with `-R`, `-L` and `--max-tries 2`: lag, skipped, retried and
/// retries fields.
#[test]
fn progress_with_rate_limit_and_retries() {
    let name = needs!(Server);
    let args = "-S -n -c 2 -P 1 -T 2 -R 200 -L 20 --max-tries 2";
    let mut r = progress(name, &args.split_whitespace().collect::<Vec<_>>());
    r.stdout_is(&format!(
        "{}duration: 2 s\n\
         number of transactions actually processed: <t>\n\
         number of failed transactions: 0 (0.000%)\n{}{}{RATE_END}",
        report_head("<builtin: select only>", "simple", 2, 1, "2"),
        retried(0, 1, 0),
        skipped_and_late("20.0")
    ));
    let opts = ProgressOpts { lag: true, skipped: true, retries: true, timestamp: false };
    r.each_raw(|o| check_progress(o, opts, 1, 2, ""));
    r.finish();
}

/// `--progress-timestamp`: Unix-epoch times with three decimals.
#[test]
fn progress_timestamp() {
    let name = needs!(Server);
    let mut r = progress(name, &["-S", "-n", "-P", "1", "--progress-timestamp", "-T", "2"]);
    let opts = ProgressOpts { timestamp: true, ..ProgressOpts::default() };
    r.each_raw(|o| {
        check_progress(o, opts, 1, 2, "")?;
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_secs_f64())
            .unwrap_or(0.0);
        for l in split_progress(&o.stderr).0 {
            let p = shapes::parse_progress_line(&l, opts)?;
            if (now - p.time).abs() > 60.0 {
                return Err(format!("{l:?} is not a current Unix time"));
            }
        }
        Ok(())
    });
    r.finish();
}
