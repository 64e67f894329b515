//! A primary with a streaming standby, for the tests of a failover: the
//! primary is a separate server ([`super::cluster::extra_cluster`]); the
//! standby is made from it with `pg_basebackup -R` into a directory of its
//! own and started as the server's OS user like the other servers (the
//! watchdog stops both at exit). [`promote`] makes the standby the new
//! primary.

use super::cluster::{
    Cluster, as_owner, extra_cluster, give_to_server_user, run_checked, stop_at_exit,
};
use super::tmp;

/// A primary and its standby (`name` names their directories).
#[derive(Debug)]
pub(crate) struct Pair {
    /// The primary.
    pub(crate) primary: &'static Cluster,
    /// Its streaming standby, once [`Pair::start_standby`] made it.
    pub(crate) standby: Option<&'static Cluster>,
    name: String,
}

impl Pair {
    /// Starts the primary; the standby is made later (after the test
    /// put its data on the primary), by [`Pair::start_standby`].
    pub(crate) fn new(name: &str) -> Pair {
        Pair {
            primary: extra_cluster(&format!("{name}-primary")),
            standby: None,
            name: name.into(),
        }
    }

    /// Makes the standby from the primary as it is now and starts it; it
    /// waits until the standby streams.
    pub(crate) fn start_standby(&mut self) -> &'static Cluster {
        let p = self.primary;
        let dir = tmp::root().path.join(format!("cluster-{}-standby", self.name));
        std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("mkdir {}: {e}", dir.display()));
        tmp::set_mode(&dir, 0o755);
        give_to_server_user(&dir).unwrap_or_else(|e| panic!("{e}"));
        let data = dir.join("data");
        let mut backup = as_owner(&p.bindir.join("pg_basebackup"));
        backup.arg("-D").arg(&data).arg("-h").arg(&p.dir);
        backup.args([
            "-p",
            &p.port.to_string(),
            "-U",
            "postgres",
            "-R",
            "-X",
            "stream",
            "-c",
            "fast",
        ]);
        run_checked(backup, "pg_basebackup").unwrap_or_else(|e| panic!("{e}"));
        stop_at_exit(&p.bindir, &data, false).unwrap_or_else(|e| panic!("{e}"));
        let port = p.port.wrapping_add(600 + u16::try_from(tmp::unique() % 300).unwrap_or(0));
        let s = Cluster {
            bindir: p.bindir.clone(),
            dir,
            port,
            server_version: p.server_version.clone(),
            server_version_num: p.server_version_num,
        };
        s.pg_ctl_start().unwrap_or_else(|e| panic!("start the standby: {e}"));
        let s: &'static Cluster = Box::leak(Box::new(s));
        for _ in 0..200 {
            let streaming = p.try_query("postgres", "SELECT count(*) FROM pg_stat_replication");
            if streaming.is_ok_and(|r| r == [["1"]]) {
                self.standby = Some(s);
                return s;
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        panic!("the standby of {} does not stream", self.name);
    }
}

/// `pg_ctl promote -w`: the standby becomes a primary.
pub(crate) fn promote(standby: &Cluster) -> Result<(), String> {
    let mut pg_ctl = as_owner(&standby.bindir.join("pg_ctl"));
    pg_ctl.arg("-D").arg(standby.dir.join("data")).args(["-w", "-s", "promote"]);
    run_checked(pg_ctl, "pg_ctl promote").map(|_| ())
}
