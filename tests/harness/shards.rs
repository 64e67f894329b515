//! The shards of one run started together: each is given the same
//! `--start-at`, a lead ahead of now in which every one of them must
//! start and connect. Whether the lead was enough is the program's own
//! word (it warns when its connections were made after that time, and
//! then starts at once): the shards are then stopped and started again
//! with twice the lead, so that how long a loaded machine takes to start
//! them changes how long the test waits, never its verdict.

use std::time::{SystemTime, UNIX_EPOCH};

use super::live::Running;
use super::runner::{Output, Pgbench};

/// The lead of the first attempt, seconds.
const FIRST_LEAD: f64 = 1.0;

/// Attempts, each with twice the lead of the one before (1, 2, 4, 8 s).
const ATTEMPTS: u32 = 4;

/// What a shard says when its connections were made after `--start-at`.
const LATE: &str = "s after the time of --start-at: the run starts now";

/// Starts `shards` (each a shard's invocation without `--start-at`) with
/// one `--start-at`, as [`started_together`], and waits for their ends.
pub(crate) fn run_together(shards: &[Pgbench]) -> Vec<Output> {
    started_together(shards).into_iter().map(Running::finish).collect()
}

/// Starts `shards` with one `--start-at` (again, with twice the lead,
/// while one of them says it started late) and returns them measuring.
pub(crate) fn started_together(shards: &[Pgbench]) -> Vec<Running> {
    let mut lead = FIRST_LEAD;
    for attempt in 1..=ATTEMPTS {
        let now = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0.0, |d| d.as_secs_f64());
        let at = format!("--start-at={:.3}", now + lead);
        let mut runs: Vec<Running> =
            shards.iter().map(|p| p.clone().arg(&at).spawn_under_test()).collect();
        for r in &mut runs {
            r.measuring();
        }
        if runs.iter().all(|r| !r.stderr_so_far().contains(LATE)) {
            return runs;
        }
        super::note(&format!(
            "{}: a shard started after its --start-at {lead} s ahead (attempt {attempt} of \
             {ATTEMPTS}): again with twice the lead",
            super::require::running_test()
        ));
        lead *= 2.0;
    }
    panic!("the shards could not start together with a --start-at up to {lead} s ahead");
}
