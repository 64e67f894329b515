//! One throwaway PostgreSQL server per test process, started lazily.
//!
//! `cluster()` makes a cluster in the scratch root (a copy of the one
//! `initdb` each version gets per process) and starts `postgres`
//! listening only on a Unix socket in that directory (no TCP), with fsync and
//! friends off. As root, every server command runs as the `postgres` OS user
//! (`runuser -u postgres --`), because initdb refuses to run as root. The
//! server is stopped (`pg_ctl stop -m immediate`) and its directory removed
//! by the watchdog of [`super::tmp`] when the test process exits.
//!
//! Each test creates its own database with [`create_db`] (unique names), so
//! tests can run in parallel threads against the one shared server.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU16, Ordering};
use std::sync::{Mutex, OnceLock, PoisonError};

use super::require::{Need, require};
use super::tmp;

/// Connections the server accepts; tests run in parallel and some open
/// several clients each.
const MAX_CONNECTIONS: u32 = 200;

/// A running test server.
#[derive(Debug)]
pub(crate) struct Cluster {
    /// Directory of the PostgreSQL programs (initdb, pg_ctl, postgres, psql).
    pub(crate) bindir: PathBuf,
    /// The cluster directory: `data/` below it, and the Unix socket in it.
    pub(crate) dir: PathBuf,
    /// Port number (part of the socket file name only).
    pub(crate) port: u16,
    /// `server_version` as the server reports it, e.g. `15.18 (Debian 15.18-0+deb12u1)`.
    pub(crate) server_version: String,
    /// `server_version_num`, e.g. 150018.
    pub(crate) server_version_num: u32,
}

static CLUSTER: OnceLock<Result<Cluster, String>> = OnceLock::new();

/// The shared test server, started on first use. Panics (in every caller)
/// if it cannot be started, or if there is none: a test that needs a
/// server says so first (`needs!(Server)`, which skips it where there is
/// none, see `require`).
pub(crate) fn cluster() -> &'static Cluster {
    assert!(
        bindir().is_some(),
        "{}: there is no PostgreSQL server here, and the test did not ask \
         needs!(Server) before using one",
        super::require::running_test()
    );
    match CLUSTER.get_or_init(start) {
        Ok(c) => c,
        Err(e) => panic!("cannot start the test PostgreSQL server: {e}"),
    }
}

/// Directory of the PostgreSQL server programs: `pg_config --bindir` if it
/// has `initdb`, else the newest `/usr/lib/postgresql/*/bin`.
pub(crate) fn bindir() -> Option<PathBuf> {
    static BINDIR: OnceLock<Option<PathBuf>> = OnceLock::new();
    BINDIR
        .get_or_init(|| {
            if let Some(out) = Command::new("pg_config")
                .arg("--bindir")
                .output()
                .ok()
                .filter(|o| o.status.success())
            {
                let p = PathBuf::from(String::from_utf8_lossy(&out.stdout).trim());
                if p.join("initdb").is_file() {
                    return Some(p);
                }
            }
            let mut best: Option<(Vec<u32>, PathBuf)> = None;
            let entries = std::fs::read_dir("/usr/lib/postgresql").ok()?;
            for e in entries.flatten() {
                let name = e.file_name().to_string_lossy().into_owned();
                let Ok(version) =
                    name.split('.').map(str::parse::<u32>).collect::<Result<Vec<_>, _>>()
                else {
                    continue;
                };
                let bin = e.path().join("bin");
                if bin.join("initdb").is_file() && best.as_ref().is_none_or(|(v, _)| version > *v) {
                    best = Some((version, bin));
                }
            }
            best.map(|(_, p)| p)
        })
        .clone()
}

/// Whether this process runs as root (the owner of `/proc/self` is our uid).
pub(crate) fn is_root() -> bool {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata("/proc/self").map(|m| m.uid() == 0).unwrap_or(false)
}

/// uid and gid of the `postgres` OS user, from /etc/passwd.
fn postgres_ids() -> Result<(u32, u32), String> {
    let passwd = std::fs::read_to_string("/etc/passwd").map_err(|e| format!("/etc/passwd: {e}"))?;
    for line in passwd.lines() {
        let f: Vec<&str> = line.split(':').collect();
        if f.len() > 3 && f[0] == "postgres" {
            let uid = f[2].parse().map_err(|_| format!("bad uid in {line}"))?;
            let gid = f[3].parse().map_err(|_| format!("bad gid in {line}"))?;
            return Ok((uid, gid));
        }
    }
    Err("running as root, but there is no `postgres` OS user to run the server as".into())
}

/// A command that runs `program` as the server's OS user.
pub(crate) fn as_owner(program: &Path) -> Command {
    if is_root() {
        let mut c = Command::new("runuser");
        c.args(["-u", "postgres", "--"]).arg(program);
        c
    } else {
        Command::new(program)
    }
}

/// Make `path` belong to the server's OS user (only needed as root).
pub(crate) fn give_to_server_user(path: &Path) -> Result<(), String> {
    if is_root() {
        let (uid, gid) = postgres_ids()?;
        std::os::unix::fs::chown(path, Some(uid), Some(gid))
            .map_err(|e| format!("chown {}: {e}", path.display()))?;
    }
    Ok(())
}

/// Runs `cmd`; its stdout, or an error with its status and output.
pub(crate) fn run_checked(mut cmd: Command, what: &str) -> Result<String, String> {
    let out = cmd.stdin(Stdio::null()).output().map_err(|e| format!("{what}: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "{what} failed ({}):\n{}{}",
            out.status,
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// A port number whose socket name is not in use in the usual socket
/// directories (our own socket directory is fresh, so this only avoids
/// confusing anyone who looks).
fn pick_port() -> u16 {
    let base = 40000 + (std::process::id() % 20000);
    for i in 0..1000 {
        let p = base + i;
        let Ok(port) = u16::try_from(p) else { break };
        let busy = ["/tmp", "/var/run/postgresql"]
            .iter()
            .any(|d| Path::new(d).join(format!(".s.PGSQL.{port}")).exists());
        if !busy {
            return port;
        }
    }
    54329
}

fn start() -> Result<Cluster, String> {
    let root = &tmp::root().path;
    let bindir = bindir().ok_or(
        "no PostgreSQL server programs found (pg_config --bindir, /usr/lib/postgresql/*/bin)",
    )?;
    start_in(&bindir, &root.join("cluster"), pick_port(), true, ("", ""))
}

/// A throwaway server of the reference PostgreSQL `major` (17, 18 or 19, see
/// [`super::reference`]), started on first use; None (after a skip line,
/// or a failure when the reference is required: see `require`) if that
/// version is not installed.
pub(crate) fn server(major: u32) -> Option<&'static Cluster> {
    static SERVERS: [OnceLock<Option<Result<Cluster, String>>>; 3] =
        [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    let slot = match major {
        17 => &SERVERS[0],
        18 => &SERVERS[1],
        19 => &SERVERS[2],
        _ => panic!("no reference server {major}"),
    };
    if !require(Need::Server) || !require(Need::Reference(major)) {
        return None;
    }
    let started = slot.get_or_init(|| {
        let bindir = super::reference::bindir(major)?;
        // The main cluster writes the watchdog's stop script; start it first.
        let main = cluster();
        let dir = tmp::root().path.join(format!("cluster-{major}"));
        let port = main.port.wrapping_add(500 + u16::try_from(major).unwrap_or(0));
        Some(start_in(&bindir, &dir, port, false, ("", "")))
    });
    match started {
        Some(Ok(c)) => Some(c),
        Some(Err(e)) => panic!("cannot start the PostgreSQL {major} test server: {e}"),
        None => None,
    }
}

/// Give `dir/data` a new cluster of `bindir` (see [`new_data_dir`]), with
/// the lines `hba` added to its pg_hba.conf, and start a server on it with
/// its socket in `dir` and the options `more` besides the usual ones.
/// With `main`, the watchdog's stop script is
/// (re)written for it; otherwise a line stopping it is appended (the main
/// cluster is started first, so the script exists).
fn start_in(
    bindir: &Path,
    dir: &Path,
    port: u16,
    main: bool,
    (more, hba): (&str, &str),
) -> Result<Cluster, String> {
    let bindir = bindir.to_path_buf();
    let dir = dir.to_path_buf();
    std::fs::create_dir_all(&dir).map_err(|e| format!("mkdir {}: {e}", dir.display()))?;
    tmp::set_mode(&dir, 0o755);
    give_to_server_user(&dir)?;
    let data = dir.join("data");
    new_data_dir(&bindir, &data)?;
    if !hba.is_empty() {
        use std::io::Write;
        let path = data.join("pg_hba.conf");
        std::fs::OpenOptions::new()
            .append(true)
            .open(&path)
            .and_then(|mut f| f.write_all(hba.as_bytes()))
            .map_err(|e| format!("{}: {e}", path.display()))?;
    }

    stop_at_exit(&bindir, &data, main)?;

    let mut c = Cluster { bindir, dir, port, server_version: String::new(), server_version_num: 0 };
    c.pg_ctl_start_with(more)?;
    c.server_version =
        c.psql("postgres", "show server_version")?.trim_end_matches('\0').to_string();
    let num = c.psql("postgres", "show server_version_num")?;
    c.server_version_num =
        num.trim_end_matches('\0').parse().map_err(|_| format!("server_version_num is {num:?}"))?;
    Ok(c)
}

/// A new cluster in `data`: a copy of the one `initdb` of `bindir` made
/// in the scratch root the first time this process needed one of that
/// version (every server here is initialized alike, and a copy takes a
/// tenth of initdb's time, which the servers of the timing tests, started
/// one after another, added up).
fn new_data_dir(bindir: &Path, data: &Path) -> Result<(), String> {
    static TEMPLATES: Mutex<Vec<(PathBuf, PathBuf)>> = Mutex::new(Vec::new());
    let template = {
        let mut made = TEMPLATES.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some((_, t)) = made.iter().find(|(b, _)| b == bindir) {
            t.clone()
        } else {
            let dir = tmp::root().path.join(format!("template-{}", made.len()));
            std::fs::create_dir_all(&dir).map_err(|e| format!("mkdir {}: {e}", dir.display()))?;
            give_to_server_user(&dir)?;
            let t = dir.join("data");
            let mut initdb = as_owner(&bindir.join("initdb"));
            initdb.arg("-D").arg(&t).args([
                "--locale=C",
                "-E",
                "UTF8",
                "-U",
                "postgres",
                "--auth=trust",
                "--no-sync",
            ]);
            run_checked(initdb, "initdb")?;
            made.push((bindir.to_path_buf(), t.clone()));
            t
        }
    };
    let mut cp = as_owner(Path::new("cp"));
    cp.arg("-a").arg(&template).arg(data);
    run_checked(cp, "cp -a of the initdb template").map(drop)
}

/// Has the watchdog stop the server of `data` when the test process
/// exits: with `main`, its stop script is (re)written for it; otherwise a
/// line is appended. Written before the server starts, so that the
/// watchdog stops it even if this process dies while it starts.
pub(crate) fn stop_at_exit(bindir: &Path, data: &Path, main: bool) -> Result<(), String> {
    let root = &tmp::root().path;
    let mut stop = String::new();
    if is_root() {
        stop.push_str("runuser -u postgres -- ");
    }
    stop.push_str(&format!(
        "'{}' -D '{}' -m immediate -w -s stop\n",
        bindir.join("pg_ctl").display(),
        data.display()
    ));
    let stop_sh = root.join("stop.sh");
    if main {
        std::fs::write(&stop_sh, stop).map_err(|e| format!("write stop.sh: {e}"))?;
    } else {
        use std::io::Write;
        let mut f = std::fs::OpenOptions::new()
            .append(true)
            .create(true)
            .open(&stop_sh)
            .map_err(|e| format!("open stop.sh: {e}"))?;
        f.write_all(stop.as_bytes()).map_err(|e| format!("write stop.sh: {e}"))?;
    }
    Ok(())
}

/// The port of another server of this test process: the main server's
/// plus a count of its own, so that no two servers share one (the servers
/// that listen on TCP would collide, and a server's template database is
/// found by its port).
pub(crate) fn extra_port() -> u16 {
    static NEXT: AtomicU16 = AtomicU16::new(1);
    cluster().port.wrapping_add(NEXT.fetch_add(1, Ordering::Relaxed))
}

/// A second, separate server for a test that stops and restarts it (the
/// shared one must stay up). It is stopped by the watchdog at exit too.
pub(crate) fn extra_cluster(name: &str) -> &'static Cluster {
    extra_cluster_with(name, ("", ""))
}

/// [`extra_cluster`] started with the server options `setup.0` and the
/// pg_hba.conf lines `setup.1` besides the usual ones.
///
/// A server that listens on TCP (`listen_addresses=` in `setup.0`) takes
/// a port nothing listens on: the ports of this process's servers are
/// counted from one picked by its PID, and another test process (`make
/// test` runs two side by side) may have a TCP server on one of them. A
/// start that still finds its port taken (the other process bound it
/// after the check) is tried again on the next.
pub(crate) fn extra_cluster_with(name: &str, setup: (&str, &str)) -> &'static Cluster {
    // The main cluster writes the stop script; make sure it exists first.
    let main = cluster();
    let dir = tmp::root().path.join(format!("cluster-{name}"));
    let mut tries = 0;
    let c = loop {
        tries += 1;
        let port = extra_port();
        if !tcp_port_free(port, setup.0) && tries < 100 {
            continue;
        }
        match start_in(&main.bindir, &dir, port, false, setup) {
            Err(e) if e.contains("Address already in use") && tries < 100 => {
                let _ = std::fs::remove_dir_all(&dir);
            }
            started => {
                break started.unwrap_or_else(|e| panic!("cannot start extra cluster {name}: {e}"));
            }
        }
    };
    Box::leak(Box::new(c))
}

/// Whether nothing listens on TCP `port` at the addresses a server with
/// the options `more` binds (`listen_addresses=`: `*` is every IPv4 and
/// IPv6 address); true for a server on its Unix socket only. An address
/// this machine lacks (no IPv6, say) does not count as taken.
fn tcp_port_free(port: u16, more: &str) -> bool {
    use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, TcpListener};
    let Some(listen) = more.split_whitespace().find_map(|w| w.strip_prefix("listen_addresses="))
    else {
        return true;
    };
    let addrs: Vec<IpAddr> = if listen == "*" {
        vec![Ipv4Addr::UNSPECIFIED.into(), Ipv6Addr::UNSPECIFIED.into()]
    } else {
        listen.split(',').filter_map(|a| a.trim().parse().ok()).collect()
    };
    addrs.into_iter().all(|ip| match TcpListener::bind((ip, port)) {
        Ok(_) => true,
        Err(e) => e.kind() != std::io::ErrorKind::AddrInUse,
    })
}

/// A separate server that also listens on TCP, on every address, logs
/// each connection, and trusts clients from 10.0.0.0/8 (the shard test's network namespaces
/// reach it over veth pairs). Stopped by the watchdog at exit too.
pub(crate) fn tcp_cluster(name: &str) -> &'static Cluster {
    extra_cluster_with(
        name,
        ("-c listen_addresses=* -c log_connections=on", "host all all 10.0.0.0/8 trust\n"),
    )
}

/// A separate server that loads pg_stat_statements (statements counted
/// on the server, utility ones too), started on first use; stopped by the
/// watchdog at exit too.
pub(crate) fn stats_cluster() -> &'static Cluster {
    static STATS: OnceLock<&'static Cluster> = OnceLock::new();
    STATS.get_or_init(|| {
        let opts =
            "-c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track_utility=on";
        extra_cluster_with("stats", (opts, ""))
    })
}

/// A server of its own of PostgreSQL `major` (the host's, or 17 or 18
/// of the reference) for a test that reads cluster-wide statistics no
/// other test may move, with more server options `more`; None (after a
/// skip line, or a failure when the reference is required: see
/// `require`) if that version is not installed. Stopped by the watchdog
/// at exit too.
pub(crate) fn own_server(major: u32, name: &str, more: &str) -> Option<&'static Cluster> {
    if !require(Need::Server) {
        return None;
    }
    let main = cluster();
    let bindir = if main.server_version_num / 10_000 == major {
        main.bindir.clone()
    } else if require(Need::Reference(major)) {
        super::reference::bindir(major)?
    } else {
        return None;
    };
    let dir = tmp::root().path.join(format!("cluster-{name}"));
    let c = start_in(&bindir, &dir, extra_port(), false, (more, ""))
        .unwrap_or_else(|e| panic!("cannot start server {name}: {e}"));
    Some(Box::leak(Box::new(c)))
}

impl Cluster {
    /// Start the server (`pg_ctl start -w`) on its socket directory and port.
    pub(crate) fn pg_ctl_start(&self) -> Result<(), String> {
        self.pg_ctl_start_with("")
    }

    /// [`Cluster::pg_ctl_start`] with more server options (later ones win).
    pub(crate) fn pg_ctl_start_with(&self, more: &str) -> Result<(), String> {
        // autovacuum off: the tests compare vacuum/analyze counts, and nothing
        // should touch the tables behind pgbench's back.
        let opts = format!(
            "-k {} -p {} -c listen_addresses= -c fsync=off -c synchronous_commit=off \
             -c full_page_writes=off -c max_connections={MAX_CONNECTIONS} -c max_wal_size=1GB \
             -c autovacuum=off {more}",
            self.dir.display(),
            self.port
        );
        let log = self.dir.join("server.log");
        let mut pg_ctl = as_owner(&self.bindir.join("pg_ctl"));
        pg_ctl
            .arg("-D")
            .arg(self.dir.join("data"))
            .arg("-l")
            .arg(&log)
            .args(["-w", "-s", "-o", &opts, "start"]);
        if let Err(e) = run_checked(pg_ctl, "pg_ctl start") {
            let log = std::fs::read_to_string(&log).unwrap_or_default();
            return Err(format!("{e}\nserver log:\n{log}"));
        }
        Ok(())
    }

    /// Stop the server at once (`pg_ctl stop -m immediate -w`).
    pub(crate) fn stop_immediate(&self) -> Result<(), String> {
        let mut pg_ctl = as_owner(&self.bindir.join("pg_ctl"));
        pg_ctl.arg("-D").arg(self.dir.join("data")).args(["-m", "immediate", "-w", "-s", "stop"]);
        run_checked(pg_ctl, "pg_ctl stop").map(|_| ())
    }

    /// Restart the server (`pg_ctl restart -m fast -w`) with the options
    /// it was started with.
    pub(crate) fn restart_fast(&self) -> Result<(), String> {
        let mut pg_ctl = as_owner(&self.bindir.join("pg_ctl"));
        pg_ctl.arg("-D").arg(self.dir.join("data")).arg("-l").arg(self.log_file());
        pg_ctl.args(["-m", "fast", "-w", "-s", "restart"]);
        run_checked(pg_ctl, "pg_ctl restart").map(|_| ())
    }

    /// The server log file.
    /// How many of the server's processes serve database `db`, as their
    /// process titles say (`postgres: USER DB ...`). A backend leaves
    /// pg_stat_activity before it flushes its last statistics, and its
    /// process ends after: none left means every one has flushed.
    pub(crate) fn processes_of(&self, db: &str) -> usize {
        let pid_file = self.dir.join("data/postmaster.pid");
        let Some(postmaster) = std::fs::read_to_string(&pid_file)
            .ok()
            .and_then(|s| s.lines().next().map(str::to_string))
        else {
            return 0;
        };
        let Ok(entries) = std::fs::read_dir("/proc") else { return 0 };
        entries
            .filter_map(Result::ok)
            .filter(|e| {
                e.file_name().to_str().is_some_and(|n| n.bytes().all(|b| b.is_ascii_digit()))
            })
            .filter(|e| {
                let stat = std::fs::read_to_string(e.path().join("stat")).unwrap_or_default();
                // `pid (comm) state ppid ...`
                let ppid = stat.rsplit_once(')').and_then(|(_, r)| r.split_whitespace().nth(1));
                ppid == Some(postmaster.trim())
            })
            .filter(|e| {
                let cmd = std::fs::read(e.path().join("cmdline")).unwrap_or_default();
                let title = String::from_utf8_lossy(&cmd).replace('\0', " ");
                let mut words = title.split_whitespace();
                words.next() == Some("postgres:") && words.nth(1) == Some(db)
            })
            .count()
    }

    pub(crate) fn log_file(&self) -> PathBuf {
        self.dir.join("server.log")
    }

    /// The socket directory (what PGHOST must be).
    pub(crate) fn host(&self) -> &Path {
        &self.dir
    }

    /// Run one SQL string with psql in database `db`; returns raw output
    /// (fields separated by 0x1f, each row terminated by a NUL byte).
    fn psql(&self, db: &str, sql: &str) -> Result<String, String> {
        self.psql_each(db, &[sql])
    }

    /// The rows of each of `queries`, run in order by one psql in database
    /// `db` (one process instead of one per query). Panics on SQL errors.
    pub(crate) fn query_each(&self, db: &str, queries: &[&str]) -> Vec<Vec<Vec<String>>> {
        const END: &str = "pgbench-harness: end of result";
        let end_query = format!("select {}", literal(END));
        let mut all: Vec<&str> = Vec::with_capacity(queries.len() * 2);
        for q in queries {
            all.push(q);
            all.push(&end_query);
        }
        let raw = self.psql_each(db, &all).unwrap_or_else(|e| panic!("{e}"));
        let mut results = vec![Vec::new()];
        for row in raw.split('\0').filter(|r| !r.is_empty()) {
            if row == END {
                results.push(Vec::new());
            } else if let Some(cur) = results.last_mut() {
                cur.push(row.split('\x1f').map(str::to_string).collect());
            }
        }
        results.pop();
        assert_eq!(results.len(), queries.len(), "psql output: {raw:?}");
        results
    }

    /// Run SQL strings with one psql (one `-c` each) in database `db`.
    fn psql_each(&self, db: &str, sqls: &[&str]) -> Result<String, String> {
        let mut cmd = Command::new(self.bindir.join("psql"));
        cmd.env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("LC_ALL", "C")
            .args(["-X", "-A", "-t", "-q", "-v", "ON_ERROR_STOP=1", "-0", "-F", "\x1f"])
            .arg("-h")
            .arg(&self.dir)
            .arg("-p")
            .arg(self.port.to_string())
            .args(["-U", "postgres", "-d", db]);
        for sql in sqls {
            cmd.arg("-c").arg(sql);
        }
        run_checked(cmd, &format!("psql -d {db} -c {sqls:?}"))
    }

    /// Rows returned by `sql` in database `db`, each a vector of column
    /// texts (SQL NULL is the empty string). Panics on SQL errors.
    pub(crate) fn query(&self, db: &str, sql: &str) -> Vec<Vec<String>> {
        self.try_query(db, sql).unwrap_or_else(|e| panic!("{e}"))
    }

    /// Rows returned by `sql`, or Err(psql's message) on SQL errors.
    pub(crate) fn try_query(&self, db: &str, sql: &str) -> Result<Vec<Vec<String>>, String> {
        let raw = self.psql(db, sql)?;
        Ok(raw
            .split('\0')
            .filter(|r| !r.is_empty())
            .map(|r| r.split('\x1f').map(str::to_string).collect())
            .collect())
    }

    /// Run `sql` in database `db`; Err(psql output) on failure.
    pub(crate) fn try_exec(&self, db: &str, sql: &str) -> Result<(), String> {
        self.psql(db, sql).map(|_| ())
    }

    /// Run `sql` in database `db`, panicking on failure.
    pub(crate) fn exec(&self, db: &str, sql: &str) {
        self.try_exec(db, sql).unwrap_or_else(|e| panic!("{e}"));
    }

    /// Create a database named `name` (must be new) and return a handle.
    pub(crate) fn create_db(&'static self, name: &str) -> Db {
        self.exec("postgres", &format!("create database {}", ident(name)));
        Db { cluster: self, name: name.to_string() }
    }

    /// Create a tablespace named `name` in a fresh directory owned by the
    /// server user. Returns the name.
    pub(crate) fn create_tablespace(&self, name: &str) -> String {
        let dir = self.dir.join(format!("ts-{name}"));
        std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("mkdir {}: {e}", dir.display()));
        give_to_server_user(&dir).unwrap_or_else(|e| panic!("{e}"));
        self.exec(
            "postgres",
            &format!(
                "create tablespace {} location {}",
                ident(name),
                literal(&dir.display().to_string())
            ),
        );
        name.to_string()
    }

    /// Create a login role (`create role <name> login <extra>`). Returns the name.
    pub(crate) fn create_role(&self, name: &str, extra: &str) -> String {
        self.exec("postgres", &format!("create role {} login {extra}", ident(name)));
        name.to_string()
    }
}

/// A database of the test cluster, owned by one test.
#[derive(Debug, Clone)]
pub(crate) struct Db {
    /// The cluster it lives in.
    pub(crate) cluster: &'static Cluster,
    /// Its name.
    pub(crate) name: String,
}

impl Db {
    /// Rows of `sql` (see [`Cluster::query`]).
    pub(crate) fn query(&self, sql: &str) -> Vec<Vec<String>> {
        self.cluster.query(&self.name, sql)
    }

    /// Rows of `sql`, or Err(psql's message) on SQL errors.
    pub(crate) fn try_query(&self, sql: &str) -> Result<Vec<Vec<String>>, String> {
        self.cluster.try_query(&self.name, sql)
    }

    /// Rows of each of `queries`, by one psql (see [`Cluster::query_each`]).
    pub(crate) fn query_each(&self, queries: &[&str]) -> Vec<Vec<Vec<String>>> {
        self.cluster.query_each(&self.name, queries)
    }

    /// The single value returned by `sql`.
    pub(crate) fn query_one(&self, sql: &str) -> String {
        let rows = self.query(sql);
        assert!(
            rows.len() == 1 && rows[0].len() == 1,
            "expected one value from {sql:?}, got {rows:?}"
        );
        rows[0][0].clone()
    }

    /// Run `sql`, panicking on failure.
    pub(crate) fn exec(&self, sql: &str) {
        self.cluster.exec(&self.name, sql);
    }
}

/// Create a fresh database in the shared cluster; `name` gets a unique
/// numeric suffix so that tests never collide.
pub(crate) fn create_db(name: &str) -> Db {
    create_db_on(cluster(), name)
}

/// [`create_db`] in the server `c`.
pub(crate) fn create_db_on(c: &'static Cluster, name: &str) -> Db {
    c.create_db(&format!("{name}_{}", tmp::unique()))
}

/// SQL identifier quoting.
pub(crate) fn ident(s: &str) -> String {
    format!("\"{}\"", s.replace('"', "\"\""))
}

/// SQL string literal quoting.
pub(crate) fn literal(s: &str) -> String {
    format!("'{}'", s.replace('\'', "''"))
}

/// A separate server that flushes its WAL to the disk (fsync on) at the
/// pace of a slow disk (each flush at a commit waits 20 ms more, however
/// few transactions run: commit_delay with commit_siblings 0), so that
/// `synchronous_commit` changes what a commit costs by much more than the
/// noise of a loaded machine (whose scheduler adds a few ms to each of a
/// transaction's round trips: with a 2 ms delay, a run beside four busy
/// loops and a full test suite was seen at 45 tps with it and at 87 tps
/// without, the runs of either side spread over a factor of three);
/// started on first use and stopped by the watchdog at exit too.
pub(crate) fn durable_cluster() -> &'static Cluster {
    static DURABLE: OnceLock<&'static Cluster> = OnceLock::new();
    DURABLE.get_or_init(|| {
        let opts = "-c fsync=on -c commit_delay=20000 -c commit_siblings=0";
        extra_cluster_with("durable", (opts, ""))
    })
}
