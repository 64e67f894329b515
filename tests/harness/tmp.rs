//! The per-process scratch directory and the watchdog that cleans it up.
//!
//! Statics never drop, so cleanup cannot rely on `Drop`. Instead a tiny
//! `sh` process is started whose standard input is a pipe that only this
//! process holds open. When the test process exits (normally, by panic, or
//! killed), the pipe closes, `read` returns, and the watchdog runs
//! `<root>/stop.sh` if it exists (the cluster writes it once the server is
//! up), says how many tests skipped something (`<root>/skipped`, a line
//! per test, see `require`) and removes the whole directory. The watchdog ignores INT/TERM/HUP so
//! that a Ctrl-C on the terminal still lets it clean up.
//!
//! Set `PGBENCH_TEST_KEEP=1` to keep the directory (the server is still
//! stopped) for post-mortem inspection.

use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The scratch directory of this test process.
#[derive(Debug)]
pub(crate) struct TempRoot {
    /// Absolute path of the directory.
    pub(crate) path: PathBuf,
    /// Held open (never written) so that the watchdog sees EOF at exit.
    _pipe: ChildStdin,
    /// Kept so the handle is not dropped; the process outlives us.
    _watchdog: Child,
}

static ROOT: OnceLock<TempRoot> = OnceLock::new();
static COUNTER: AtomicUsize = AtomicUsize::new(0);

/// The scratch directory of this test process, created on first use.
pub(crate) fn root() -> &'static TempRoot {
    ROOT.get_or_init(|| {
        let path = std::env::temp_dir().join(format!("pgbench-rs-it-{}", std::process::id()));
        // A directory left by an earlier process with the same pid.
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path)
            .unwrap_or_else(|e| panic!("cannot create {}: {e}", path.display()));
        set_mode(&path, 0o755);
        let keep = std::env::var_os("PGBENCH_TEST_KEEP").is_some_and(|v| v == "1");
        let remove = if keep { ":" } else { "rm -rf \"$1\"" };
        let script = format!(
            "trap '' INT TERM HUP; read _ignored; \
             if [ -f \"$1/stop.sh\" ]; then sh \"$1/stop.sh\" >/dev/null 2>&1; fi; \
             if [ -s \"$1/skipped\" ]; then \
             echo \"harness: $(sort -u \"$1/skipped\" | wc -l) test(s) skipped what this machine \
             lacks (each said so in a skipped: line)\" >&2; fi; {remove}"
        );
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(script)
            .arg("pgbench-rs-test-watchdog")
            .arg(&path)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start the cleanup watchdog: {e}"));
        let pipe = child.stdin.take().expect("watchdog stdin is piped");
        TempRoot { path, _pipe: pipe, _watchdog: child }
    })
}

/// A fresh, empty directory under the scratch root; `label` makes it
/// recognisable when the root is kept.
pub(crate) fn fresh_dir(label: &str) -> PathBuf {
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let clean: String = label
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() || c == '-' { c } else { '_' })
        .collect();
    let dir = root().path.join("work").join(format!("{n:04}-{clean}"));
    std::fs::create_dir_all(&dir)
        .unwrap_or_else(|e| panic!("cannot create {}: {e}", dir.display()));
    set_mode(&dir, 0o755);
    dir
}

/// A unique number for this process, for names that must not collide
/// between tests running in parallel (databases, roles, tablespaces).
pub(crate) fn unique() -> usize {
    COUNTER.fetch_add(1, Ordering::Relaxed)
}

/// chmod, panicking on failure.
pub(crate) fn set_mode(path: &Path, mode: u32) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode))
        .unwrap_or_else(|e| panic!("cannot chmod {}: {e}", path.display()));
}

/// Counts a test that skipped something (see `require`), for the
/// watchdog's line at exit.
pub(crate) fn count_skip(test: &str) {
    use std::io::Write;
    let path = root().path.join("skipped");
    let mut f = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&path)
        .unwrap_or_else(|e| panic!("open {}: {e}", path.display()));
    f.write_all(format!("{test}\n").as_bytes())
        .unwrap_or_else(|e| panic!("write {}: {e}", path.display()));
}
