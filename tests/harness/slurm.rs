//! A Slurm cluster of the test's own on a [`Lan`]: Debian's `munged` (a
//! key made here, its socket in the test's directory), `slurmctld` on the
//! first host and a `slurmd` on each other one (a node named after its
//! host), one `slurm.conf` (`SLURM_CONF`) with state, spool and log
//! directories of the test's own, and a `cgroup.conf` that needs no cgroup
//! file system (see [`cgroup_conf`]). Ready when `sinfo` shows every node
//! idle; stopped when dropped.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use super::lan::{Daemon, Lan, find, wait_until};

/// The programs a cluster needs.
pub(crate) const PROGRAMS: &[&str] =
    &["munged", "mungekey", "munge", "slurmctld", "slurmd", "sbatch", "sinfo", "srun"];

/// A running cluster.
#[derive(Debug)]
pub(crate) struct Slurm {
    /// `slurm.conf`.
    pub(crate) conf: PathBuf,
    /// The compute nodes' names.
    pub(crate) nodes: Vec<String>,
    daemons: Vec<Daemon>,
}

/// The path of Slurm's (or munge's) program `name`.
pub(crate) fn program(name: &str) -> Result<PathBuf, String> {
    find(name).ok_or(format!("{name} not found"))
}

fn run(mut c: Command, what: &str) -> Result<String, String> {
    let out = c.output().map_err(|e| format!("{what}: {e}"))?;
    if !out.status.success() {
        return Err(format!("{what}: {}{}", out.status, String::from_utf8_lossy(&out.stderr)));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// slurmd's version, major and minor, from `slurmd -V` ("slurm-wlm 24.11.5").
fn slurmd_version() -> Result<(u32, u32), String> {
    let mut c = Command::new(program("slurmd")?);
    c.arg("-V");
    let out = run(c, "slurmd -V")?;
    let version = out.split_whitespace().last().unwrap_or_default();
    let mut parts = version.split('.').map(str::parse::<u32>);
    match (parts.next(), parts.next()) {
        (Some(Ok(major)), Some(Ok(minor))) => Ok((major, minor)),
        _ => Err(format!("slurmd -V: no version in {out:?}")),
    }
}

/// The cluster's `cgroup.conf`, which needs no cgroup file system. None of
/// the cluster's plugins uses cgroups (proctrack/linuxproc, task/none,
/// jobacct_gather/none), yet slurmd starts a cgroup plugin whatever they
/// are, and by default that plugin needs a cgroup file system on
/// /sys/fs/cgroup, which a chroot or a container may lack. Slurm 24.05 and
/// later turn it off; before (Debian 12's 22.05), the cgroup v1 plugin
/// gets an empty directory of the cluster's as its mount point, which it
/// does not look into while no other plugin uses cgroups.
fn cgroup_conf(dir: &Path) -> Result<String, String> {
    if slurmd_version()? >= (24, 5) {
        return Ok("CgroupPlugin=disabled\n".into());
    }
    let mount = dir.join("cgroup");
    std::fs::create_dir_all(&mount).map_err(|e| format!("{}: {e}", mount.display()))?;
    Ok(format!("CgroupPlugin=cgroup/v1\nCgroupMountpoint={}\n", mount.display()))
}

impl Slurm {
    /// Starts the cluster in `dir` (which it fills) on the hosts of `lan`:
    /// the controller on the first, a node of `cpus` CPUs on each other.
    pub(crate) fn start(lan: &Lan, dir: &Path, cpus: u32) -> Result<Slurm, String> {
        let mk = |d: &Path| std::fs::create_dir_all(d).map_err(|e| format!("{}: {e}", d.display()));
        // munged checks that its socket's directory is open to all and
        // that the key is its own.
        let munge = dir.join("munge");
        mk(&munge)?;
        super::tmp::set_mode(&munge, 0o755);
        let (key, socket) = (munge.join("munge.key"), munge.join("munge.socket"));
        let mut c = Command::new(program("mungekey")?);
        c.arg("--create").arg(format!("--keyfile={}", key.display()));
        run(c, "mungekey")?;
        let mut munged = Command::new(program("munged")?);
        munged.arg("--foreground").arg(format!("--socket={}", socket.display()));
        for (opt, file) in [("key-file", "munge.key"), ("pid-file", "munged.pid")] {
            munged.arg(format!("--{opt}={}", munge.join(file).display()));
        }
        munged.arg(format!("--seed-file={}", munge.join("munged.seed").display()));
        let mut daemons = vec![Daemon::start("munged", &munged, &dir.join("munged.log"))?];
        let munge_bin = program("munge")?;
        wait_until("munged", Duration::from_secs(30), &mut daemons, || {
            let ok = Command::new(&munge_bin)
                .arg("--no-input")
                .arg(format!("--socket={}", socket.display()))
                .output()
                .is_ok_and(|o| o.status.success());
            Ok(ok)
        })?;

        let (ctl, nodes) = lan.hosts.split_first().ok_or("no hosts")?;
        let state = dir.join("state");
        mk(&state)?;
        let d = dir.display();
        let mut conf = format!(
            "ClusterName=pgbrs\n\
             SlurmctldHost={}({})\n\
             SlurmUser=root\nSlurmdUser=root\n\
             AuthType=auth/munge\nCredType=cred/munge\nAuthInfo=socket={}\n\
             StateSaveLocation={}\n\
             SlurmdSpoolDir={d}/spool-%n\n\
             SlurmctldPidFile={d}/slurmctld.pid\nSlurmdPidFile={d}/slurmd-%n.pid\n\
             SlurmctldLogFile={d}/slurmctld.log\nSlurmdLogFile={d}/slurmd-%n.log\n\
             ProctrackType=proctrack/linuxproc\nTaskPlugin=task/none\nMpiDefault=none\n\
             SchedulerType=sched/builtin\n\
             SelectType=select/cons_tres\nSelectTypeParameters=CR_CPU\n\
             JobCompType=jobcomp/none\nJobAcctGatherType=jobacct_gather/none\n\
             AccountingStorageType=accounting_storage/none\n\
             ReturnToService=2\n\
             # sbatch --wait polls every 2 s (not 2, 8, 32 s...) when jobs are\n\
             # kept this long after they end.\n\
             MinJobAge=4\n\
             # The nodes have the CPUs configured here, whatever the machine's.\n\
             SlurmdParameters=config_overrides\n",
            ctl.name,
            ctl.addr,
            socket.display(),
            state.display(),
        );
        for n in nodes {
            conf.push_str(&format!(
                "NodeName={} NodeAddr={} CPUs={cpus} State=UNKNOWN\n",
                n.name, n.addr
            ));
            mk(&dir.join(format!("spool-{}", n.name)))?;
        }
        conf.push_str("PartitionName=test Nodes=ALL Default=YES MaxTime=INFINITE State=UP\n");
        let conf_path = dir.join("slurm.conf");
        std::fs::write(&conf_path, conf).map_err(|e| format!("slurm.conf: {e}"))?;
        std::fs::write(dir.join("cgroup.conf"), cgroup_conf(dir)?)
            .map_err(|e| format!("cgroup.conf: {e}"))?;

        let mut ctld = ctl.command("true", &program("slurmctld")?);
        ctld.args(["-D", "-i"]).env("SLURM_CONF", &conf_path);
        daemons.push(Daemon::start("slurmctld", &ctld, &dir.join("slurmctld.out"))?);
        for n in nodes {
            let mut slurmd = n.command("true", &program("slurmd")?);
            slurmd.arg("-D").env("SLURM_CONF", &conf_path);
            let log = dir.join(format!("slurmd-{}.out", n.name));
            daemons.push(Daemon::start(&format!("slurmd on {}", n.name), &slurmd, &log)?);
        }
        let slurm = Slurm {
            conf: conf_path,
            nodes: nodes.iter().map(|n| n.name.clone()).collect(),
            daemons: Vec::new(),
        };
        let mut sinfo = slurm.client("sinfo")?;
        sinfo.args(["--noheader", "--Node", "--format=%N %t"]);
        let want: Vec<String> = slurm.nodes.iter().map(|n| format!("{n} idle")).collect();
        wait_until("the Slurm nodes", Duration::from_secs(60), &mut daemons, || {
            let out = sinfo.output().map_err(|e| format!("sinfo: {e}"))?;
            let text = String::from_utf8_lossy(&out.stdout);
            let mut got: Vec<&str> = text.lines().map(str::trim).collect();
            got.sort_unstable();
            Ok(got == want)
        })?;
        Ok(Slurm { daemons, ..slurm })
    }

    /// A command for Slurm's client program `name` (sbatch, sinfo, ...)
    /// against this cluster, from the test's namespace.
    pub(crate) fn client(&self, name: &str) -> Result<Command, String> {
        let mut c = Command::new(program(name)?);
        c.env("SLURM_CONF", &self.conf);
        Ok(c)
    }

    /// The daemons' output and logs, for a failure's message.
    pub(crate) fn logs(&self) -> String {
        let dir = self.conf.parent().unwrap_or(Path::new("."));
        let mut s: Vec<String> =
            self.daemons.iter().map(|d| format!("--- {}:\n{}", d.name, d.output())).collect();
        let logs = std::iter::once("slurmctld.log".to_string())
            .chain(self.nodes.iter().map(|n| format!("slurmd-{n}.log")));
        for log in logs {
            let text = std::fs::read_to_string(dir.join(&log)).unwrap_or_default();
            s.push(format!("--- {log}:\n{text}"));
        }
        s.join("\n")
    }
}
