//! Client machines simulated with network namespaces: each has its own
//! loopback and one end of a veth pair, with an address of its own, whose
//! other end (in the test's namespace) has the address the machine reaches
//! the server at. Needs root and `ip` (iproute2); removed when dropped.

use std::process::Command;

/// One simulated machine.
#[derive(Debug)]
pub(crate) struct Machine {
    /// The namespace's name (`ip netns exec NAME ...`).
    pub(crate) name: String,
    /// The server's address as this machine reaches it (the veth end in
    /// the test's namespace).
    pub(crate) server_addr: String,
    /// The machine's own address.
    pub(crate) addr: String,
    /// The veth end in the test's namespace.
    host_if: String,
}

/// Runs `ip ARGS`; its stderr as the error.
pub(crate) fn ip(args: &[&str]) -> Result<(), String> {
    let out = Command::new("ip").args(args).output().map_err(|e| format!("ip: {e}"))?;
    if out.status.success() {
        Ok(())
    } else {
        Err(format!("ip {}: {}", args.join(" "), String::from_utf8_lossy(&out.stderr).trim()))
    }
}

impl Machine {
    /// Machine `k` of a set; the addresses are 10.X.k.1 (server side)
    /// and 10.X.k.2 (machine), X from this process's id so that two test
    /// runs on one host do not share a subnet.
    pub(crate) fn new(k: u32) -> Result<Machine, String> {
        let pid = std::process::id();
        let x = 20 + pid % 200;
        let name = format!("pgbrs-{pid}-{k}");
        let host_if = format!("pgbh{}k{k}", pid % 100_000);
        let peer_if = format!("pgbn{}k{k}", pid % 100_000);
        let server_addr = format!("10.{x}.{k}.1");
        let addr = format!("10.{x}.{k}.2");
        ip(&["netns", "add", &name])?;
        let m = Machine { name, server_addr, addr, host_if: host_if.clone() };
        ip(&["link", "add", &host_if, "type", "veth", "peer", "name", &peer_if])?;
        ip(&["link", "set", &peer_if, "netns", &m.name])?;
        ip(&["addr", "add", &format!("{}/24", m.server_addr), "dev", &host_if])?;
        ip(&["link", "set", &host_if, "up"])?;
        let inside = |args: &[&str]| {
            let mut all = vec!["netns", "exec", m.name.as_str(), "ip"];
            all.extend_from_slice(args);
            ip(&all)
        };
        inside(&["addr", "add", &format!("{}/24", m.addr), "dev", &peer_if])?;
        inside(&["link", "set", &peer_if, "up"])?;
        inside(&["link", "set", "lo", "up"])?;
        Ok(m)
    }

    /// Sets the link to the machine up or down (a network cut).
    pub(crate) fn set_link(&self, up: bool) -> Result<(), String> {
        ip(&["link", "set", &self.host_if, if up { "up" } else { "down" }])
    }

    /// The command prefix that runs a program on this machine.
    pub(crate) fn exec(&self) -> Vec<&str> {
        vec!["ip", "netns", "exec", self.name.as_str()]
    }
}

impl Drop for Machine {
    fn drop(&mut self) {
        // Deleting the namespace deletes the veth pair with it.
        let _ = ip(&["netns", "delete", &self.name]);
    }
}
