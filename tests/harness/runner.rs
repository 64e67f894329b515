//! Run pgbench-rs or C pgbench with the same arguments, stdin, files and
//! environment, and capture what they did.
//!
//! * The binary under test is `$PGBENCH_RS_UNDER_TEST` if set, else the
//!   `pgbench-rs` that cargo built. Pointing the variable at C pgbench runs
//!   the whole suite against C, which proves the expectations.
//! * Each invocation is compared with one pgbench version ([`Pgbench::compat`],
//!   17 unless the test says): the binary under test runs it with
//!   `--compat=N` in front of the other arguments (nothing for the
//!   version pgbench-rs reproduces by default, so that those comparisons
//!   test the default; nothing either when the binary under test is not
//!   pgbench-rs, or for `--merge` and `--compare`), and C is that
//!   version's.
//! * C pgbench 17 is `$PGBENCH_C`, else the real pgbench 17 that
//!   `scripts/pgref.sh` installs (see [`super::reference`]); 18 and 19
//!   are those it installs; without them, comparisons are skipped
//!   visibly.
//! * Both run with argv[0] = `pgbench`, `LC_ALL=C`, every `PG*` variable of
//!   the outer environment removed, and `PGHOST`/`PGPORT`/`PGUSER` set to the
//!   test server (or, for [`Pgbench::no_server`], to an empty socket
//!   directory, so that a connection attempt fails the same way for both).
//! * Each run gets its own fresh working directory containing the files
//!   given with [`Pgbench::file`]; refer to them by relative path so both
//!   implementations see the same arguments.

use std::ffi::{OsStr, OsString};
use std::fmt;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::time::Duration;

use super::cluster::Cluster;
use super::live::Running;
use super::{cluster, reference, tmp};

/// Which implementation to run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Impl {
    /// pgbench-rs (or whatever `PGBENCH_RS_UNDER_TEST` names).
    UnderTest,
    /// The installed C pgbench.
    C,
}

impl Impl {
    /// Short name for messages.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Impl::UnderTest => "pgbench-rs",
            Impl::C => "C pgbench",
        }
    }
}

/// Path of the binary under test.
pub(crate) fn under_test_path() -> PathBuf {
    match std::env::var_os("PGBENCH_RS_UNDER_TEST") {
        Some(p) if !p.is_empty() => PathBuf::from(p),
        _ => PathBuf::from(env!("CARGO_BIN_EXE_pgbench-rs")),
    }
}

/// A C pgbench and its version.
#[derive(Debug)]
pub(crate) struct CPgbench {
    /// Path of the binary.
    pub(crate) path: PathBuf,
    /// `PG_VERSION` as printed by `-V`, e.g. `17.12 (Debian 17.12-0+deb13u1)`.
    pub(crate) version: String,
    /// Major version number, e.g. 17.
    pub(crate) major: u32,
}

impl CPgbench {
    /// The program at `path` with the version its `-V` prints, if it runs.
    fn probe(path: PathBuf) -> Option<CPgbench> {
        if !path.is_file() {
            return None;
        }
        let out = Command::new(&path).arg0("pgbench").arg("-V").output().ok()?;
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        let version = text.trim_end().strip_prefix("pgbench (PostgreSQL) ")?.to_string();
        let major =
            version.chars().take_while(char::is_ascii_digit).collect::<String>().parse().ok()?;
        Some(CPgbench { path, version, major })
    }
}

/// The C pgbench 17 to compare with: `$PGBENCH_C`, else the reference
/// build of [`super::reference`]. None if neither is there. Panics if
/// `$PGBENCH_C` is not a pgbench 17: pgbench-rs is compared with 17 only.
pub(crate) fn c_pgbench() -> Option<&'static CPgbench> {
    static C: OnceLock<Option<CPgbench>> = OnceLock::new();
    C.get_or_init(|| {
        let c = match std::env::var_os("PGBENCH_C") {
            Some(p) if !p.is_empty() => {
                let c = CPgbench::probe(PathBuf::from(&p));
                let c = c.unwrap_or_else(|| panic!("PGBENCH_C={p:?} does not run as pgbench"));
                Some(c)
            }
            _ => CPgbench::probe(reference::bindir(17)?.join("pgbench")),
        };
        if let Some(c) = &c {
            assert!(c.major == 17, "{} is pgbench {}, not 17", c.path.display(), c.version);
        }
        c
    })
    .as_ref()
}

/// The C pgbench of `major`, or None after a skip line (a failure where
/// the reference is required: see `require`).
pub(crate) fn c_pgbench_or_skip(major: u32) -> Option<&'static CPgbench> {
    let c = c_pgbench_of(major);
    if c.is_none() {
        super::require::require(super::require::Need::Reference(major));
    }
    c
}

/// The reference C pgbench of major version `major` (17: [`c_pgbench`]).
pub(crate) fn c_pgbench_of(major: u32) -> Option<&'static CPgbench> {
    static OTHERS: [OnceLock<Option<CPgbench>>; 2] = [OnceLock::new(), OnceLock::new()];
    let slot = match major {
        17 => return c_pgbench(),
        18 => &OTHERS[0],
        19 => &OTHERS[1],
        _ => panic!("no reference C pgbench {major} is used"),
    };
    let c = slot.get_or_init(|| CPgbench::probe(reference::bindir(major)?.join("pgbench")));
    if let Some(c) = c {
        assert!(c.major == major, "{} is pgbench {}, not {major}", c.path.display(), c.version);
    }
    c.as_ref()
}

/// The pgbench versions the comparisons are made with.
pub(crate) const VERSIONS: [u32; 3] = [17, 18, 19];

/// The version pgbench-rs reproduces without `--compat`.
pub(crate) const DEFAULT_VERSION: u32 = 18;

/// The pgbench version an invocation is compared with unless its test
/// says (`Pgbench::compat`): 17, the specification, or the version
/// `PGBENCH_TEST_COMPAT` names (17, 18 or 19), to run every comparison
/// of the suite as that pgbench.
pub(crate) fn suite_version() -> u32 {
    static V: OnceLock<u32> = OnceLock::new();
    *V.get_or_init(|| match std::env::var("PGBENCH_TEST_COMPAT") {
        Err(_) => 17,
        Ok(v) => v
            .parse()
            .ok()
            .filter(|v| VERSIONS.contains(v))
            .unwrap_or_else(|| panic!("PGBENCH_TEST_COMPAT={v}: not one of {VERSIONS:?}")),
    })
}

/// Whether the binary under test is pgbench-rs (its `-V` says so), which
/// takes `--compat`.
fn under_test_is_ours() -> bool {
    static OURS: OnceLock<bool> = OnceLock::new();
    *OURS.get_or_init(|| {
        Command::new(under_test_path())
            .arg0("pgbench")
            .arg("-V")
            .output()
            .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).contains("(pgbench-rs "))
    })
}

/// How a run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Status {
    /// Exited with this code.
    Exit(i32),
    /// Killed by this signal.
    Signal(i32),
    /// Still running at the deadline; it was killed.
    TimedOut,
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Status::Exit(c) => write!(f, "exit status {c}"),
            Status::Signal(s) => write!(f, "killed by signal {s}"),
            Status::TimedOut => write!(f, "timed out (killed)"),
        }
    }
}

/// What one run did.
#[derive(Debug, Clone)]
pub(crate) struct Output {
    /// Which implementation ran.
    pub(crate) which: Impl,
    /// How it ended.
    pub(crate) status: Status,
    /// Everything written to stdout (lossy UTF-8).
    pub(crate) stdout: String,
    /// Everything written to stderr (lossy UTF-8) but pgbench-rs's
    /// warning that the client set the result.
    pub(crate) stderr: String,
    /// That warning and its hint (empty when there was none): whether a
    /// client was saturated depends on the machine's load.
    pub(crate) client_warning: String,
    /// Its working directory (log files end up here).
    pub(crate) dir: PathBuf,
    /// How long it ran after the last signal sent to it (with
    /// [`Running::signal`]; None when none was).
    pub(crate) after_signal: Option<Duration>,
    /// When it ran, as Unix epoch seconds: from just before it was
    /// started to just after its end was seen (the times it prints or
    /// logs lie between).
    pub(crate) lifetime: (f64, f64),
}

impl Output {
    /// Names of the files in the working directory, sorted.
    pub(crate) fn files(&self) -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(&self.dir)
            .map(|rd| rd.flatten().map(|e| e.file_name().to_string_lossy().into_owned()).collect())
            .unwrap_or_default();
        v.sort();
        v
    }

    /// Contents of a file in the working directory.
    pub(crate) fn read_file(&self, name: &str) -> String {
        let p = self.dir.join(name);
        std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("read {}: {e}", p.display()))
    }
}

/// Directory used as PGHOST when no server should be reachable.
pub(crate) fn no_server_host() -> PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let d = tmp::root().path.join("no-server");
        std::fs::create_dir_all(&d).unwrap_or_else(|e| panic!("mkdir {}: {e}", d.display()));
        d
    })
    .clone()
}

/// The soft RLIMIT_NOFILE of this process (children inherit it), from
/// /proc/self/limits.
pub(crate) fn open_files_soft_limit() -> String {
    open_files_limit(0)
}

/// The hard RLIMIT_NOFILE of this process, up to which pgbench-rs (as
/// pgbench 18) raises the soft one.
pub(crate) fn open_files_hard_limit() -> String {
    open_files_limit(1)
}

/// Field `i` (0: soft, 1: hard) of /proc/self/limits' open-files line.
fn open_files_limit(i: usize) -> String {
    let limits = std::fs::read_to_string("/proc/self/limits").unwrap_or_default();
    limits
        .lines()
        .find_map(|l| l.strip_prefix("Max open files"))
        .and_then(|rest| rest.split_whitespace().nth(i))
        .unwrap_or("<unknown>")
        .to_string()
}

/// Port number used with [`no_server_host`].
pub(crate) const NO_SERVER_PORT: &str = "5432";

/// A pgbench invocation that can be run with either implementation.
#[derive(Debug, Clone)]
pub(crate) struct Pgbench {
    args: Vec<OsString>,
    stdin: Vec<u8>,
    env: Vec<(OsString, OsString)>,
    files: Vec<(String, Vec<u8>)>,
    server: bool,
    on: Option<&'static Cluster>,
    label: String,
    timeout: Duration,
    wrapper: Vec<OsString>,
    compat: u32,
    /// Whether the test chose `compat` (else it is the suite's).
    compat_chosen: bool,
}

impl Pgbench {
    /// An invocation against the shared test server (started on first run).
    pub(crate) fn new<I, S>(args: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: AsRef<OsStr>,
    {
        Pgbench {
            args: args.into_iter().map(|a| a.as_ref().to_os_string()).collect(),
            stdin: Vec::new(),
            env: Vec::new(),
            files: Vec::new(),
            server: true,
            on: None,
            label: String::from("run"),
            timeout: super::PATIENCE,
            wrapper: Vec::new(),
            compat: suite_version(),
            compat_chosen: false,
        }
    }

    /// Compare with pgbench `major` (default 17): the binary under test
    /// reproduces it (`--compat`), and C is that version's.
    pub(crate) fn compat(mut self, major: u32) -> Self {
        assert!(VERSIONS.contains(&major), "no pgbench {major} to compare with");
        self.compat = major;
        self.compat_chosen = true;
        self
    }

    /// Whether the texts its test stores are this invocation's: they are
    /// 17's unless the test chose a version, so under
    /// `PGBENCH_TEST_COMPAT` of another version only the comparison with
    /// that version's C pgbench holds.
    pub(crate) fn stored_texts_apply(&self) -> bool {
        self.compat_chosen || self.compat == 17
    }

    /// The pgbench version this invocation is compared with.
    pub(crate) fn version(&self) -> u32 {
        self.compat
    }

    /// The arguments the binary under test runs with: `--compat=N` first,
    /// unless N is its default (or it is not pgbench-rs, or the command is
    /// `--merge` or `--compare`, whose documents say which pgbench they
    /// reproduced).
    fn args_under_test(&self) -> Vec<OsString> {
        let mut args = Vec::with_capacity(self.args.len() + 1);
        let of_documents = self.args.iter().any(|a| a == "--merge" || a == "--compare");
        if self.compat != DEFAULT_VERSION && !of_documents && under_test_is_ours() {
            args.push(OsString::from(format!("--compat={}", self.compat)));
        }
        args.extend(self.args.iter().cloned());
        args
    }

    /// An invocation for command-line checks: no server is started, and
    /// PGHOST points at an empty directory.
    pub(crate) fn no_server<I, S>(args: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: AsRef<OsStr>,
    {
        let mut p = Self::new(args);
        p.server = false;
        p
    }

    /// Run against `cluster` instead of the shared test server.
    pub(crate) fn on(mut self, cluster: &'static Cluster) -> Self {
        self.on = Some(cluster);
        self
    }

    /// The server this invocation connects to (None for [`Pgbench::no_server`]).
    pub(crate) fn cluster(&self) -> Option<&'static Cluster> {
        self.server.then(|| self.on.unwrap_or_else(cluster::cluster))
    }

    /// One more argument, after the others.
    pub(crate) fn arg(mut self, a: impl AsRef<OsStr>) -> Self {
        self.args.push(a.as_ref().to_os_string());
        self
    }

    /// Name used for the working directories (helps when inspecting them).
    pub(crate) fn label(mut self, label: &str) -> Self {
        self.label = label.to_string();
        self
    }

    /// Bytes fed to standard input (default: empty).
    pub(crate) fn stdin(mut self, bytes: impl Into<Vec<u8>>) -> Self {
        self.stdin = bytes.into();
        self
    }

    /// Set an environment variable (after the PG* cleanup, so `PGDATABASE`,
    /// `PGBENCH_RANDOM_SEED`, or an override of `PGUSER` can be set here).
    pub(crate) fn env(mut self, key: impl AsRef<OsStr>, value: impl AsRef<OsStr>) -> Self {
        self.env.push((key.as_ref().to_os_string(), value.as_ref().to_os_string()));
        self
    }

    /// Create file `name` (relative) with `contents` in the working directory.
    pub(crate) fn file(mut self, name: &str, contents: impl Into<Vec<u8>>) -> Self {
        self.files.push((name.to_string(), contents.into()));
        self
    }

    /// Kill the run after this long (default: the harness's `PATIENCE`).
    pub(crate) fn timeout(mut self, d: Duration) -> Self {
        self.timeout = d;
        self
    }

    /// Run the program through `command` (its arguments first, then the
    /// program and its own), as `valgrind --tool=none`.
    pub(crate) fn wrapped_in(mut self, command: &[&str]) -> Self {
        self.wrapper = command.iter().map(OsString::from).collect();
        self
    }

    /// The PG connection environment given to both implementations.
    pub(crate) fn pg_env(&self) -> Vec<(&'static str, String)> {
        if let Some(c) = self.cluster() {
            vec![
                ("PGHOST", c.host().display().to_string()),
                ("PGPORT", c.port.to_string()),
                ("PGUSER", "postgres".to_string()),
            ]
        } else {
            vec![
                ("PGHOST", no_server_host().display().to_string()),
                ("PGPORT", NO_SERVER_PORT.to_string()),
                ("PGUSER", "postgres".to_string()),
            ]
        }
    }

    /// Replace `{PGHOST}` and `{PGPORT}` in an expected text with the values
    /// this invocation runs with, `{NOFILE}` with the soft limit on open
    /// files that both implementations inherit, and `{NOFILE_HARD}` with
    /// the hard one.
    pub(crate) fn expand(&self, text: &str) -> String {
        let mut s = text.to_string();
        for (k, v) in self.pg_env() {
            s = s.replace(&format!("{{{k}}}"), &v);
        }
        if s.contains("{NOFILE}") {
            s = s.replace("{NOFILE}", &open_files_soft_limit());
        }
        if s.contains("{NOFILE_HARD}") {
            s = s.replace("{NOFILE_HARD}", &open_files_hard_limit());
        }
        s
    }

    /// Run the binary under test.
    pub(crate) fn run_under_test(&self) -> Output {
        self.spawn_under_test().finish()
    }

    /// Starts the binary under test, for a test that acts while it runs.
    pub(crate) fn spawn_under_test(&self) -> Running {
        self.spawn(Impl::UnderTest, &under_test_path())
    }

    /// Starts the C pgbench `c`, for a test that acts while it runs.
    pub(crate) fn spawn_c_as(&self, c: &CPgbench) -> Running {
        self.spawn(Impl::C, &c.path)
    }

    /// Run the C pgbench of [`Pgbench::compat`], if installed.
    pub(crate) fn run_c(&self) -> Option<Output> {
        c_pgbench_of(self.compat).map(|c| self.run_c_as(c))
    }

    /// Run the C pgbench `c`.
    pub(crate) fn run_c_as(&self, c: &CPgbench) -> Output {
        self.spawn_c_as(c).finish()
    }

    fn spawn(&self, which: Impl, program: &Path) -> Running {
        let tag = match which {
            Impl::UnderTest => "rs",
            Impl::C => "c",
        };
        let dir = tmp::fresh_dir(&format!("{}-{tag}", self.label));
        for (name, contents) in &self.files {
            let p = dir.join(name);
            if let Some(parent) = p.parent() {
                std::fs::create_dir_all(parent)
                    .unwrap_or_else(|e| panic!("mkdir {}: {e}", parent.display()));
            }
            std::fs::write(&p, contents).unwrap_or_else(|e| panic!("write {}: {e}", p.display()));
        }
        let mut cmd = match self.wrapper.split_first() {
            Some((first, rest)) => {
                let mut c = Command::new(first);
                c.args(rest).arg(program);
                c
            }
            None => {
                let mut c = Command::new(program);
                c.arg0("pgbench");
                c
            }
        };
        match which {
            Impl::UnderTest => cmd.args(self.args_under_test()),
            Impl::C => cmd.args(&self.args),
        };
        cmd.current_dir(&dir);
        for (k, _) in std::env::vars_os() {
            if k.to_string_lossy().starts_with("PG") {
                cmd.env_remove(&k);
            }
        }
        cmd.env("LC_ALL", "C");
        for (k, v) in self.pg_env() {
            cmd.env(k, v);
        }
        for (k, v) in &self.env {
            cmd.env(k, v);
        }
        // pgbench-rs's events (C pgbench writes none), beside the
        // working directory, so that they are not among its files.
        let events = dir.with_extension("events");
        cmd.env("PGBENCH_RS_EVENTS", &events);
        cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
        let began = super::live::epoch_now();
        let child = cmd.spawn().unwrap_or_else(|e| panic!("cannot run {}: {e}", program.display()));
        let mut run =
            Running::watch(which, program, child, dir, events, self.stdin.clone(), self.timeout);
        run.began = began;
        run
    }
}
