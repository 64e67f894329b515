//! The run's events for a program that drives pgbench-rs and must act at
//! a moment of the run (its tests: a signal once the measurement started,
//! a server stopped in its middle): with the internal switch
//! `PGBENCH_RS_EVENTS=FILE`, each event is one line appended to `FILE`,
//! `NAME EPOCH_US`. Nothing is written without it, and a failed write is
//! ignored (the run does not depend on its observer).
//!
//! Events: `measuring T` when the measurement starts (every thread
//! connected, past `--start-at` and the warm-up), T being the origin of
//! the report's clock (the JSON's `progress.start_time_us`), then
//! `measuring_monotonic M`, the same origin on the monotonic clock (not an
//! epoch time: for comparisons that no step of the wall clock may
//! disturb); once per run
//! of `--repeat` and `--sweep-clients`; `lingering T` when
//! `--metrics-listen`'s endpoint starts its `--metrics-linger`, the
//! reports written and the last metrics published.

use std::io::Write;
use std::path::PathBuf;

/// Where the events go (none: nowhere).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Events {
    /// The file appended to.
    path: Option<PathBuf>,
}

impl Events {
    /// Events appended to `path` (none: not written).
    pub(crate) fn to(path: Option<PathBuf>) -> Self {
        Events { path }
    }

    /// Appends `name epoch_us` as one write.
    pub(crate) fn emit(&self, name: &str, epoch_us: i64) {
        let Some(path) = &self.path else { return };
        let line = format!("{name} {epoch_us}\n");
        if let Ok(mut f) = std::fs::OpenOptions::new().create(true).append(true).open(path) {
            let _ = f.write_all(line.as_bytes());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Events;

    #[test]
    fn each_event_is_a_line_appended_and_none_without_a_file() {
        let dir = std::env::temp_dir().join(format!("pgbench-rs-events-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a directory");
        let path = dir.join("events");
        let _ = std::fs::remove_file(&path);
        let events = Events::to(Some(path.clone()));
        events.emit("measuring", 1_700_000_000_123_456);
        events.emit("measuring", 1_700_000_002_000_000);
        let text = std::fs::read_to_string(&path).expect("the events");
        assert_eq!(text, "measuring 1700000000123456\nmeasuring 1700000002000000\n");
        Events::default().emit("measuring", 1);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
