//! The one skip policy: what a test needs that a machine may lack (a
//! PostgreSQL server, the reference builds, a tool), and whether its lack
//! skips the test or fails it.
//!
//! A test states what it needs once, at its top, with [`needs!`]
//! (`let name = needs!(Server, Reference(18));`), which also names the
//! test from its function (its databases, working directories and
//! messages are named after it); a part of a test asks with [`require`]
//! (or [`require_all`]) before it uses what only that part needs. Where
//! it is there, the answer is true. Where it is not:
//! * with `PGBENCH_TEST_REQUIRE_<NAME>=1` for that need (`SERVER`,
//!   `REFERENCE`, `PYTOOLS`, `CHROMIUM`, `VALGRIND`, `SYSBENCH`, `ROOT`,
//!   `MANDOC`, `HOSTS`, `SLURM`, `SSH`, `TAP`, `LOOPBACK`, `VENDOR`,
//!   `PROMETHEUS`), or `PGBENCH_TEST_REQUIRE_ALL=1` (CI sets it), the test
//!   fails, naming what is missing and how to install it;
//! * otherwise it prints one `skipped: TEST: ...` line (once per test and
//!   need), counts it, and the answer is false: the test returns, or
//!   leaves out the part that needed it (a comparison with C pgbench);
//!   `needs!` returns from the test.
//!
//! The count of tests that skipped something is printed when the test
//! process ends (by the scratch directory's watchdog, see `tmp`). Nothing
//! ends the process: every test runs and says what it left out.

use std::collections::BTreeSet;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Mutex, OnceLock, PoisonError};

/// Something a test needs that a machine may lack.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Need {
    /// A PostgreSQL server of the host (initdb, postgres, pg_ctl).
    Server,
    /// The reference build of PostgreSQL `N` (15, 17, 18 or 19): C pgbench
    /// `N`, its server and client programs (`scripts/pgref.sh`).
    Reference(u32),
    /// The Python tools of tests/tools (`scripts/pytools.sh`).
    PyTools,
    /// Chromium, headless.
    Chromium,
    /// valgrind.
    Valgrind,
    /// Debian's sysbench 1.0.20.
    Sysbench,
    /// Root (network namespaces, another OS user).
    Root,
    /// mandoc (the manual page's lint).
    Mandoc,
    /// Simulated hosts (root, and iproute2's and util-linux's programs:
    /// `lan::PROGRAMS`).
    Hosts,
    /// Debian's Slurm and munge (`slurm::PROGRAMS`).
    Slurm,
    /// OpenSSH's server and client and GNU parallel (`sshd::PROGRAMS`).
    Ssh,
    /// PostgreSQL 18's pgbench TAP suite as `scripts/tap18.sh --fetch`
    /// keeps it, and perl's prove and IPC::Run.
    Tap,
    /// TCP on 127.0.0.1 (package builds run the tests with the network,
    /// loopback included, down).
    Loopback,
    /// Debian's Prometheus server (`prometheus::PROGRAM`).
    Prometheus,
    /// vendor/ and Cargo.lock, as a clone has them (the release tarball
    /// without vendor/ and a distribution's build, which removes
    /// Cargo.lock, do not), and python3: what scripts/rpm-spec.sh reads.
    Vendor,
}

impl Need {
    /// The `PGBENCH_TEST_REQUIRE_<NAME>` name.
    fn name(self) -> &'static str {
        match self {
            Need::Server => "SERVER",
            Need::Reference(_) => "REFERENCE",
            Need::PyTools => "PYTOOLS",
            Need::Chromium => "CHROMIUM",
            Need::Valgrind => "VALGRIND",
            Need::Sysbench => "SYSBENCH",
            Need::Root => "ROOT",
            Need::Mandoc => "MANDOC",
            Need::Hosts => "HOSTS",
            Need::Slurm => "SLURM",
            Need::Ssh => "SSH",
            Need::Tap => "TAP",
            Need::Loopback => "LOOPBACK",
            Need::Vendor => "VENDOR",
            Need::Prometheus => "PROMETHEUS",
        }
    }

    /// What is missing, and how to get it.
    fn missing(self) -> String {
        match self {
            Need::Server => "no PostgreSQL server (no initdb in `pg_config --bindir` or \
                             /usr/lib/postgresql/*/bin; Debian: apt-get install postgresql)"
                .into(),
            Need::Reference(v) => format!(
                "no reference PostgreSQL {v} with its C pgbench (scripts/pgref.sh installs it \
                 as root)"
            ),
            Need::PyTools => "no Python tools of tests/tools/requirements.txt, or not those it \
                               names now (scripts/pytools.sh installs them)"
                .into(),
            Need::Chromium => "no chromium (scripts/deps.sh installs it as root)".into(),
            Need::Valgrind => "no valgrind (scripts/deps.sh installs it as root)".into(),
            Need::Sysbench => "no sysbench 1.0.20 (scripts/deps.sh installs it as root)".into(),
            Need::Root => "not root (network namespaces, the server's OS user)".into(),
            Need::Mandoc => "no mandoc (scripts/deps.sh installs it as root)".into(),
            Need::Hosts => format!(
                "no simulated hosts (root and {}, which scripts/deps.sh installs)",
                super::lan::PROGRAMS.join(", ")
            ),
            Need::Slurm => format!(
                "no Slurm ({}: scripts/deps.sh installs them as root)",
                super::slurm::PROGRAMS.join(", ")
            ),
            Need::Tap => "no PostgreSQL 18 pgbench TAP suite, or no perl IPC::Run \
                          (scripts/tap18.sh --fetch fetches and installs them as root)"
                .into(),
            Need::Ssh => format!(
                "no ssh and GNU parallel ({}: scripts/deps.sh installs them as root)",
                super::sshd::PROGRAMS.join(", ")
            ),
            Need::Loopback => "no TCP on 127.0.0.1 (the loopback interface is down)".into(),
            Need::Prometheus => {
                "no prometheus (Debian's package; scripts/deps.sh installs it as root)".into()
            }
            Need::Vendor => "no vendor/ and Cargo.lock (a clone of the repository has them), \
                             or no python3"
                .into(),
        }
    }

    /// Whether this machine has it (asked once per process).
    fn present(self) -> bool {
        static FOUND: Mutex<Vec<(Need, bool)>> = Mutex::new(Vec::new());
        let mut found = FOUND.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some((_, p)) = found.iter().find(|(n, _)| *n == self) {
            return *p;
        }
        let p = match self {
            Need::Server => super::cluster::bindir().is_some(),
            Need::Reference(v) => super::reference::bindir(v).is_some(),
            Need::PyTools => {
                // (pytools.sh's stamp is the requirements it installed.)
                let req =
                    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/tools/requirements.txt");
                let stamp = std::fs::read(pytools_dir().join(".installed")).ok();
                stamp.is_some() && stamp == std::fs::read(req).ok()
            }
            Need::Chromium => chromium_path().is_some(),
            Need::Valgrind => runs("valgrind", &["--version"], ""),
            Need::Sysbench => runs("sysbench", &["--version"], "sysbench 1.0.20"),
            Need::Root => super::cluster::is_root(),
            Need::Mandoc => super::lan::find("mandoc").is_some(),
            Need::Hosts => {
                super::cluster::is_root()
                    && super::lan::PROGRAMS.iter().all(|p| super::lan::find(p).is_some())
            }
            Need::Slurm => super::slurm::PROGRAMS.iter().all(|p| super::lan::find(p).is_some()),
            Need::Ssh => super::sshd::PROGRAMS.iter().all(|p| super::lan::find(p).is_some()),
            Need::Loopback => std::net::TcpListener::bind("127.0.0.1:0")
                .and_then(|l| Ok((l.local_addr()?, l)))
                .and_then(|(addr, _listening)| std::net::TcpStream::connect(addr))
                .is_ok(),
            Need::Prometheus => runs(super::prometheus::PROGRAM, &["--version"], "prometheus"),
            Need::Tap => {
                let suite = Path::new(env!("CARGO_MANIFEST_DIR"))
                    .join("target/tap18/src/src/bin/pgbench/t/001_pgbench_with_server.pl");
                suite.is_file() && runs("perl", &["-MIPC::Run", "-e", "print 1"], "1")
            }
            Need::Vendor => {
                let root = Path::new(env!("CARGO_MANIFEST_DIR"));
                root.join("vendor").is_dir()
                    && root.join("Cargo.lock").is_file()
                    && runs("python3", &["-c", "print(1)"], "1")
            }
        };
        found.push((self, p));
        p
    }
}

/// Whether `program args` runs and its stdout starts with `prefix`.
fn runs(program: &str, args: &[&str], prefix: &str) -> bool {
    Command::new(program)
        .args(args)
        .output()
        .is_ok_and(|o| o.status.success() && String::from_utf8_lossy(&o.stdout).starts_with(prefix))
}

/// Whether a missing `need` fails the tests.
fn required(need: Need) -> bool {
    let set = |v: &str| std::env::var_os(v).is_some_and(|v| v == "1");
    set("PGBENCH_TEST_REQUIRE_ALL") || set(&format!("PGBENCH_TEST_REQUIRE_{}", need.name()))
}

/// The running test's name (libtest names each test's thread after it).
pub(crate) fn running_test() -> String {
    std::thread::current().name().unwrap_or("<a test>").to_string()
}

/// Whether the machine has `need`: true, or false after one `skipped:`
/// line for this test, or a failure when it is required (see the module).
pub(crate) fn require(need: Need) -> bool {
    if need.present() {
        return true;
    }
    let test = running_test();
    let what = need.missing();
    assert!(
        !required(need),
        "{test}: {what}, and PGBENCH_TEST_REQUIRE_{} or PGBENCH_TEST_REQUIRE_ALL is 1",
        need.name()
    );
    static SAID: Mutex<BTreeSet<(String, Need)>> = Mutex::new(BTreeSet::new());
    let first = SAID.lock().unwrap_or_else(PoisonError::into_inner).insert((test.clone(), need));
    if first {
        let _ = writeln!(std::io::stderr(), "skipped: {test}: {what}");
        super::tmp::count_skip(&test);
    }
    false
}

/// Whether the machine has every one of `needs` (each missing one is said
/// as [`require`] says it).
pub(crate) fn require_all(needs: &[Need]) -> bool {
    let mut all = true;
    for n in needs {
        all &= require(*n);
    }
    all
}

/// The name of the function it is written in, without its module (a
/// test's: `clients_8_jobs_2`).
macro_rules! test_name {
    () => {{
        fn here() {}
        $crate::harness::require::function_of(::std::any::type_name_of_val(&here))
    }};
}
pub(crate) use test_name;

/// What a test needs, said once at its top: each of `Need`'s variants
/// named (`needs!(Server, Reference(18))`; none: `needs!()`). Where the
/// machine has them all, the test's name ([`test_name!`]); else, after a
/// `skipped:` line for each missing one (or a failure where it is
/// required, see the module), the test returns.
macro_rules! needs {
    ($($need:ident $(($arg:expr))?),* $(,)?) => {
        match $crate::harness::require::needs_of(
            &[$($crate::harness::require::Need::$need $(($arg))?),*],
            $crate::harness::require::test_name!(),
        ) {
            Some(name) => name,
            None => return,
        }
    };
}
pub(crate) use needs;

/// `name` where the machine has every one of `needs` (see [`needs!`]).
pub(crate) fn needs_of(needs: &[Need], name: &'static str) -> Option<&'static str> {
    require_all(needs).then_some(name)
}

/// The function's name in the path `type_name` gives of a function `here`
/// declared in it (`integration::bench::clients_8_jobs_2::here`).
pub(crate) fn function_of(here: &'static str) -> &'static str {
    let path = here.strip_suffix("::here").unwrap_or(here);
    let mut names = path.rsplit("::").filter(|n| !n.starts_with('{'));
    names.next().unwrap_or(path)
}

/// Where `scripts/pytools.sh` installs the Python tools.
pub(crate) fn pytools_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target").join("pytools")
}

/// Chromium's path, if installed.
pub(crate) fn chromium_path() -> Option<PathBuf> {
    static PATH: OnceLock<Option<PathBuf>> = OnceLock::new();
    PATH.get_or_init(|| {
        ["chromium", "chromium-browser"].iter().find_map(|c| {
            Command::new("sh")
                .args(["-c", &format!("command -v {c}")])
                .output()
                .ok()
                .filter(|o| o.status.success())
                .map(|o| PathBuf::from(String::from_utf8_lossy(&o.stdout).trim()))
        })
    })
    .clone()
}
