//! Several simulated hosts on one network, and the daemons a test starts on
//! them. Each host is a network namespace with an address and a host name
//! of its own, its veth joined to a bridge in the test's namespace, whose
//! address is the one the hosts reach the test's servers at; the hosts
//! reach each other directly. Needs root, `ip` (iproute2), and util-linux's
//! `nsenter`, `unshare` and `setpriv`; a daemon dies with the test's
//! thread that started it, and the network is removed when dropped (or by
//! the cleanup watchdog if the test process dies).

use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use super::netns::ip;
use super::{cluster, reference, tmp};

/// The programs simulated hosts need besides root (`Need::Hosts`).
pub(crate) const PROGRAMS: &[&str] = &["ip", "nsenter", "unshare", "setpriv", "timeout"];

/// The path of `program`: on PATH, or in the system directories a
/// non-login PATH may lack.
pub(crate) fn find(program: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain(["/usr/sbin", "/sbin", "/usr/bin", "/bin"].map(PathBuf::from))
        .map(|d| d.join(program))
        .find(|p| p.is_file())
}

/// One network of hosts.
#[derive(Debug)]
pub(crate) struct Lan {
    /// The bridge's address: the test's namespace as the hosts reach it.
    pub(crate) gateway: String,
    /// The hosts, in the order they were named.
    pub(crate) hosts: Vec<Host>,
    bridge: String,
}

/// One simulated host.
#[derive(Debug)]
pub(crate) struct Host {
    /// Its host name.
    pub(crate) name: String,
    /// Its address.
    pub(crate) addr: String,
    /// Its network namespace.
    netns: String,
}

impl Lan {
    /// Network `n` (each test its own, 0 to 99) of hosts named `names`:
    /// 10.X.(100+n).0/24 with X from the process id as for
    /// [`super::netns::Machine`], the bridge .1 and host k .(k+2).
    pub(crate) fn new(n: u32, names: &[&str]) -> Result<Lan, String> {
        let pid = std::process::id();
        let net = format!("10.{}.{}", 20 + pid % 200, 100 + n);
        let tag = format!("{}n{n}", pid % 100_000);
        let bridge = format!("pgbb{tag}");
        let netns: Vec<String> =
            (0..names.len()).map(|k| format!("pgbrs-{pid}-lan{n}-{k}")).collect();
        // Removed at exit even if this process dies first.
        let mut cleanup: Vec<String> =
            netns.iter().map(|ns| format!("ip netns delete {ns}")).collect();
        cleanup.push(format!("ip link delete {bridge}"));
        at_exit(&format!("{}\n", cleanup.join(" 2>/dev/null; ")))?;
        ip(&["link", "add", &bridge, "type", "bridge"])?;
        let mut lan = Lan { gateway: format!("{net}.1"), hosts: Vec::new(), bridge };
        ip(&["addr", "add", &format!("{}/24", lan.gateway), "dev", &lan.bridge])?;
        ip(&["link", "set", &lan.bridge, "up"])?;
        for (k, (name, ns)) in names.iter().zip(netns).enumerate() {
            ip(&["netns", "add", &ns])?;
            let host =
                Host { name: (*name).to_string(), addr: format!("{net}.{}", k + 2), netns: ns };
            lan.hosts.push(host);
            let host = &lan.hosts[k];
            let (outer, inner) = (format!("pgbv{tag}h{k}"), format!("pgbp{tag}h{k}"));
            ip(&["link", "add", &outer, "type", "veth", "peer", "name", &inner])?;
            ip(&["link", "set", &outer, "master", &lan.bridge, "up"])?;
            ip(&["link", "set", &inner, "netns", &host.netns])?;
            let addr = format!("{}/24", host.addr);
            ip(&["-n", &host.netns, "addr", "add", &addr, "dev", &inner])?;
            ip(&["-n", &host.netns, "link", "set", &inner, "up"])?;
            ip(&["-n", &host.netns, "link", "set", "lo", "up"])?;
        }
        Ok(lan)
    }
}

impl Drop for Lan {
    fn drop(&mut self) {
        // Deleting a namespace deletes its veth pair with it.
        for h in &self.hosts {
            let _ = ip(&["netns", "delete", &h.netns]);
        }
        let _ = ip(&["link", "delete", &self.bridge]);
    }
}

impl Host {
    /// A command that runs `program` on this host: in its network
    /// namespace, with its host name, in a mount namespace of its own in
    /// which the shell commands `setup` ran first (`$0` is the host name;
    /// "true" for none). The file system is the test's.
    pub(crate) fn command(&self, setup: &str, program: &Path) -> Command {
        let mut c = Command::new("nsenter");
        c.arg(format!("--net=/run/netns/{}", self.netns))
            .args(["--", "unshare", "--uts", "--mount", "--", "sh", "-c"])
            .arg(format!("hostname \"$0\" && {setup} && exec \"$@\""))
            .arg(&self.name)
            .arg(program);
        c
    }
}

/// Appends a line to the script the cleanup watchdog runs when this test
/// process exits (after the shared server's, which starts first).
fn at_exit(line: &str) -> Result<(), String> {
    use std::io::Write;
    let _ = cluster::cluster();
    let stop = tmp::root().path.join("stop.sh");
    let mut f = std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(&stop)
        .map_err(|e| format!("open {}: {e}", stop.display()))?;
    f.write_all(line.as_bytes()).map_err(|e| format!("write {}: {e}", stop.display()))
}

/// A daemon started by a test: its output goes to a log file; it is
/// stopped (SIGTERM, then SIGKILL) when dropped, and killed by the kernel
/// if the thread that started it ends first (`setpriv --pdeathsig`).
#[derive(Debug)]
pub(crate) struct Daemon {
    /// What it is, for messages.
    pub(crate) name: String,
    /// Its output.
    pub(crate) log: PathBuf,
    child: Child,
}

impl Daemon {
    /// Starts `command` (which must exec the daemon, in the foreground).
    pub(crate) fn start(name: &str, command: &Command, log: &Path) -> Result<Daemon, String> {
        let out = File::create(log).map_err(|e| format!("{}: {e}", log.display()))?;
        let err = out.try_clone().map_err(|e| format!("{}: {e}", log.display()))?;
        let mut c = Command::new("setpriv");
        c.args(["--pdeathsig", "KILL", "--"]).arg(command.get_program()).args(command.get_args());
        for (k, v) in command.get_envs() {
            match v {
                Some(v) => c.env(k, v),
                None => c.env_remove(k),
            };
        }
        if let Some(dir) = command.get_current_dir() {
            c.current_dir(dir);
        }
        let child = c
            .stdin(Stdio::null())
            .stdout(out)
            .stderr(err)
            .spawn()
            .map_err(|e| format!("start {name}: {e}"))?;
        Ok(Daemon { name: name.to_string(), log: log.to_path_buf(), child })
    }

    /// Its output so far.
    pub(crate) fn output(&self) -> String {
        let mut s = String::new();
        let _ = File::open(&self.log).and_then(|mut f| f.read_to_string(&mut s));
        s
    }

    /// An error with its output if it has exited.
    pub(crate) fn running(&mut self) -> Result<(), String> {
        match self.child.try_wait() {
            Ok(None) => Ok(()),
            Ok(Some(status)) => Err(format!("{} exited ({status}):\n{}", self.name, self.output())),
            Err(e) => Err(format!("{}: {e}", self.name)),
        }
    }
}

impl Drop for Daemon {
    fn drop(&mut self) {
        let _ = Command::new("kill").args(["-TERM", &self.child.id().to_string()]).status();
        let end = Instant::now() + Duration::from_secs(10);
        while Instant::now() < end {
            if !matches!(self.child.try_wait(), Ok(None)) {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Waits up to `limit` for `ready` to say Ok(true), checking every 50 ms
/// that `daemons` still run; the last answer on time-out.
pub(crate) fn wait_until(
    what: &str,
    limit: Duration,
    daemons: &mut [Daemon],
    mut ready: impl FnMut() -> Result<bool, String>,
) -> Result<(), String> {
    let end = Instant::now() + limit;
    loop {
        for d in daemons.iter_mut() {
            d.running()?;
        }
        let last = ready();
        if matches!(last, Ok(true)) {
            return Ok(());
        }
        if Instant::now() >= end {
            let logs: Vec<String> =
                daemons.iter().map(|d| format!("--- {}:\n{}", d.name, d.output())).collect();
            return Err(format!(
                "{what}: not ready after {} s ({last:?})\n{}",
                limit.as_secs(),
                logs.join("\n")
            ));
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}
