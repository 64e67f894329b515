//! A primary with a streaming standby: a server of its own
//! ([`super::cluster::own_server`]) with WAL senders and the options
//! given (such as `synchronous_commit`), and a standby made from it with
//! `pg_basebackup -R` into a scratch directory, started as the server's
//! OS user like the other clusters, listening on its own socket and
//! stopped by the watchdog at exit too; [`promote`] makes the standby a
//! primary (a failover).

use super::cluster::{
    Cluster, as_owner, give_to_server_user, own_server, run_checked, stop_at_exit,
};
use super::tmp;

/// A primary and its standby.
#[derive(Debug)]
pub(crate) struct Pair {
    /// The primary.
    pub(crate) primary: &'static Cluster,
    /// The standby, streaming from it.
    pub(crate) standby: &'static Cluster,
}

/// A primary of PostgreSQL `major` (with `more` server options) and a
/// standby streaming from it, which the primary shows in
/// pg_stat_replication as `streaming` before this returns; None (after a
/// visible skip) when that version is not installed.
pub(crate) fn primary_with_standby(major: u32, name: &str, more: &str) -> Option<Pair> {
    // The standby says what it wrote, flushed and replayed every second
    // (not every 10 s): a primary's walsender that waits for it to send
    // the WAL of a commit (as PostgreSQL 18.6's was seen to do under
    // synchronous_commit) does not hold the commit for 10 s.
    let opts = format!(
        "-c wal_level=replica -c max_wal_senders=4 -c hot_standby=on \
         -c wal_receiver_status_interval=1s {more}"
    );
    let primary = own_server(major, name, &opts)?;
    let dir = tmp::root().path.join(format!("cluster-{name}-standby"));
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("mkdir {}: {e}", dir.display()));
    tmp::set_mode(&dir, 0o755);
    give_to_server_user(&dir).unwrap_or_else(|e| panic!("{e}"));
    let data = dir.join("data");
    let mut backup = as_owner(&primary.bindir.join("pg_basebackup"));
    backup
        .arg("-D")
        .arg(&data)
        .arg("-R")
        .arg("-h")
        .arg(primary.host())
        .arg("-p")
        .arg(primary.port.to_string())
        .args(["-U", "postgres", "-X", "stream", "--no-sync"]);
    run_checked(backup, "pg_basebackup").unwrap_or_else(|e| panic!("{e}"));
    stop_at_exit(&primary.bindir, &data, false).unwrap_or_else(|e| panic!("{e}"));
    let port = super::cluster::extra_port();
    let standby = Cluster {
        bindir: primary.bindir.clone(),
        dir,
        port,
        server_version: primary.server_version.clone(),
        server_version_num: primary.server_version_num,
    };
    standby.pg_ctl_start_with(&opts).unwrap_or_else(|e| panic!("start the standby: {e}"));
    super::wait_until(&format!("the standby of {name} to stream"), || {
        let sql = "SELECT count(*) FROM pg_stat_replication WHERE state = 'streaming'";
        primary.query("postgres", sql) == [["1"]]
    });
    Some(Pair { primary, standby: Box::leak(Box::new(standby)) })
}

/// `pg_ctl promote -w`: the standby becomes a primary.
pub(crate) fn promote(standby: &Cluster) -> Result<(), String> {
    let mut pg_ctl = as_owner(&standby.bindir.join("pg_ctl"));
    pg_ctl.arg("-D").arg(standby.dir.join("data")).args(["-w", "-s", "promote"]);
    run_checked(pg_ctl, "pg_ctl promote").map(|_| ())
}
