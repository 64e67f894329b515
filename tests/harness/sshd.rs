//! OpenSSH on the hosts of a [`Lan`]: an `sshd` on each host, with a
//! configuration, host key and authorized key made by the test, and a home
//! directory of the host's own (bound over the user's home in the host's
//! mount namespace); and, in the test's namespace, a user's home whose
//! `~/.ssh` (key, `config` naming the hosts, `known_hosts`) reaches them
//! without a prompt. Ready when each sshd answers a connection with its
//! banner; stopped when dropped.

use std::io::Read;
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use super::lan::{Daemon, Lan, find, wait_until};

/// The programs the hosts and the user need.
pub(crate) const PROGRAMS: &[&str] = &["sshd", "ssh", "ssh-keygen", "scp", "parallel"];

/// The running daemons and the user's side.
#[derive(Debug)]
pub(crate) struct Sshd {
    /// Each host's home directory, in the order of the hosts.
    pub(crate) homes: Vec<PathBuf>,
    /// The user's home directory here.
    pub(crate) local_home: PathBuf,
    /// The user's home directory as the system knows it (from
    /// /etc/passwd), over which the others are bound.
    home: String,
    _daemons: Vec<Daemon>,
}

fn keygen(file: &Path) -> Result<String, String> {
    let out = Command::new("ssh-keygen")
        .args(["-q", "-t", "ed25519", "-N", "", "-C", "pgbench-rs-test", "-f"])
        .arg(file)
        .output()
        .map_err(|e| format!("ssh-keygen: {e}"))?;
    if !out.status.success() {
        return Err(format!("ssh-keygen: {}", String::from_utf8_lossy(&out.stderr)));
    }
    let public = file.with_extension("pub");
    std::fs::read_to_string(&public).map_err(|e| format!("{}: {e}", public.display()))
}

/// The home directory of root (the tests that start sshd run as root),
/// from /etc/passwd.
fn home_dir() -> Result<String, String> {
    let passwd = std::fs::read_to_string("/etc/passwd").map_err(|e| format!("/etc/passwd: {e}"))?;
    passwd
        .lines()
        .map(|l| l.split(':').collect::<Vec<_>>())
        .find(|f| f.len() > 5 && f[2] == "0")
        .map(|f| f[5].to_string())
        .ok_or("no home directory for uid 0".into())
}

/// Single quotes for sh.
fn quoted(p: &Path) -> String {
    format!("'{}'", p.display().to_string().replace('\'', "'\\''"))
}

impl Sshd {
    /// Starts an sshd on each host of `lan`, with `path` as the PATH of
    /// the commands it runs; the user's ssh config names host k
    /// `names[k]`. Everything is made in `dir`.
    pub(crate) fn start(lan: &Lan, dir: &Path, names: &[&str], path: &str) -> Result<Sshd, String> {
        let mk = |d: &Path| std::fs::create_dir_all(d).map_err(|e| format!("{}: {e}", d.display()));
        let home = home_dir()?;
        // sshd's privilege separation directory (its package's service
        // makes it at boot).
        mk(Path::new("/run/sshd"))?;
        let local_home = dir.join("user");
        let dot_ssh = local_home.join(".ssh");
        mk(&dot_ssh)?;
        super::tmp::set_mode(&dot_ssh, 0o700);
        let user_key = keygen(&dot_ssh.join("id_ed25519"))?;
        std::fs::write(dir.join("authorized_keys"), user_key).map_err(|e| e.to_string())?;
        let host_key = keygen(&dir.join("host_key"))?;
        let host_key: Vec<&str> = host_key.split_whitespace().take(2).collect();
        let config = dir.join("sshd_config");
        std::fs::write(
            &config,
            format!(
                "ListenAddress 0.0.0.0:22\nHostKey {d}/host_key\n\
                 AuthorizedKeysFile {d}/authorized_keys\nStrictModes no\nUsePAM no\n\
                 PermitRootLogin prohibit-password\nPasswordAuthentication no\n\
                 KbdInteractiveAuthentication no\nPidFile none\n\
                 Subsystem sftp internal-sftp\nSetEnv PATH={path}\n",
                d = dir.display()
            ),
        )
        .map_err(|e| format!("sshd_config: {e}"))?;
        let (mut user_config, mut known_hosts) = (String::new(), String::new());
        let (mut daemons, mut homes) = (Vec::new(), Vec::new());
        let sshd = find("sshd").ok_or("sshd not found")?;
        for (host, name) in lan.hosts.iter().zip(names) {
            let h = dir.join(format!("home-{}", host.name));
            mk(&h)?;
            let bind = format!("mount --bind {} {}", quoted(&h), quoted(Path::new(&home)));
            let mut c = host.command(&bind, &sshd);
            c.args(["-D", "-e", "-f"]).arg(&config);
            let log = dir.join(format!("sshd-{}.log", host.name));
            daemons.push(Daemon::start(&format!("sshd on {}", host.name), &c, &log)?);
            homes.push(h);
            user_config.push_str(&format!("Host {name}\n  HostName {}\n", host.addr));
            known_hosts.push_str(&format!("{} {}\n", host.addr, host_key.join(" ")));
        }
        user_config.push_str("Host *\n  User root\n  BatchMode yes\n");
        std::fs::write(dot_ssh.join("config"), user_config).map_err(|e| e.to_string())?;
        std::fs::write(dot_ssh.join("known_hosts"), known_hosts).map_err(|e| e.to_string())?;
        for host in &lan.hosts {
            let addr = format!("{}:22", host.addr);
            wait_until(
                &format!("sshd on {}", host.name),
                Duration::from_secs(30),
                &mut daemons,
                || {
                    let Ok(addr) = addr.parse() else { return Err(format!("address {addr}")) };
                    let Ok(mut s) = TcpStream::connect_timeout(&addr, Duration::from_secs(2))
                    else {
                        return Ok(false);
                    };
                    let _ = s.set_read_timeout(Some(Duration::from_secs(5)));
                    let mut banner = [0u8; 8];
                    Ok(s.read_exact(&mut banner).is_ok() && &banner == b"SSH-2.0-")
                },
            )?;
        }
        Ok(Sshd { homes, local_home, home, _daemons: daemons })
    }

    /// A command that runs `program` here as the user would, with the
    /// user's home directory bound to [`Sshd::local_home`] (in a mount
    /// namespace of its own); killed after 5 minutes.
    pub(crate) fn as_user(&self, program: &Path) -> Command {
        let mut c = Command::new("timeout");
        c.args(["300", "unshare", "--mount", "--", "sh", "-c"])
            .arg(format!(
                "mount --bind {} {} && exec \"$@\"",
                quoted(&self.local_home),
                quoted(Path::new(&self.home))
            ))
            .arg("sh")
            .arg(program);
        c
    }
}
