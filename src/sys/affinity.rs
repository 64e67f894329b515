//! Pinning threads to CPUs (`--pin`): the CPUs the process may use
//! (`sched_getaffinity`: taskset, cgroup cpusets), ordered so that each
//! physical core comes before the SMT siblings of any core (sysfs
//! topology), and the plan that gives each worker thread one of them and
//! the main thread its own when there is one to spare.

use std::io;
use std::path::Path;

/// The CPUs this process may run on, in increasing order.
///
/// # Errors
/// `sched_getaffinity`'s.
pub(crate) fn allowed_cpus() -> io::Result<Vec<usize>> {
    // SAFETY: cpu_set_t is plain data, valid when zeroed.
    let mut set: libc::cpu_set_t = unsafe { std::mem::zeroed() };
    // SAFETY: the set is a writable cpu_set_t of the size passed; pid 0
    // is the calling thread, whose mask is the process's unless it was
    // changed for the thread (this runs before any thread is pinned).
    let r = unsafe { libc::sched_getaffinity(0, size_of::<libc::cpu_set_t>(), &raw mut set) };
    if r != 0 {
        return Err(io::Error::last_os_error());
    }
    let max = usize::try_from(libc::CPU_SETSIZE).unwrap_or(1024);
    // SAFETY: CPU_ISSET only reads the set, for numbers below its size.
    Ok((0..max).filter(|&c| unsafe { libc::CPU_ISSET(c, &set) }).collect())
}

/// Pins the calling thread to `cpu`. Whether it worked.
pub(crate) fn pin_current_thread(cpu: usize) -> bool {
    // SAFETY: cpu_set_t is plain data, valid when zeroed.
    let mut set: libc::cpu_set_t = unsafe { std::mem::zeroed() };
    if cpu >= usize::try_from(libc::CPU_SETSIZE).unwrap_or(1024) {
        return false;
    }
    // SAFETY: CPU_SET writes a bit of the set, cpu being below its size.
    unsafe { libc::CPU_SET(cpu, &mut set) };
    // SAFETY: the set is a valid cpu_set_t of the size passed; pid 0 is
    // the calling thread.
    unsafe { libc::sched_setaffinity(0, size_of::<libc::cpu_set_t>(), &raw const set) == 0 }
}

/// The plan for `threads` workers on `cpus`, in the order of the
/// machine's cores (its topology read from sysfs).
pub(crate) fn plan(cpus: &[usize], threads: usize) -> Plan {
    Plan::new(&core_order(&read_places(Path::new("/sys/devices/system/cpu"), cpus)), threads)
}

/// CPU numbers as a list of ranges (`0-3,8`).
pub(crate) fn list_text(cpus: &[usize]) -> String {
    let mut sorted = cpus.to_vec();
    sorted.sort_unstable();
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while let Some(&lo) = sorted.get(i) {
        let mut hi = lo;
        while sorted.get(i + 1) == Some(&(hi + 1)) {
            hi += 1;
            i += 1;
        }
        parts.push(if hi == lo { lo.to_string() } else { format!("{lo}-{hi}") });
        i += 1;
    }
    parts.join(",")
}

/// Where a CPU is: its package and core (`core_id` numbers cores within a
/// package), as sysfs says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CpuPlace {
    /// The CPU's number.
    pub(crate) cpu: usize,
    /// `physical_package_id`.
    pub(crate) package: i64,
    /// `core_id`.
    pub(crate) core: i64,
}

/// The places of `cpus`, read from `sys_cpu` (`/sys/devices/system/cpu`):
/// `cpuN/topology/{physical_package_id,core_id}`. A CPU whose topology
/// cannot be read is a core of its own.
pub(crate) fn read_places(sys_cpu: &Path, cpus: &[usize]) -> Vec<CpuPlace> {
    let read = |cpu: usize, what: &str| -> Option<i64> {
        let p = sys_cpu.join(format!("cpu{cpu}/topology/{what}"));
        std::fs::read_to_string(p).ok()?.trim().parse().ok()
    };
    cpus.iter()
        .map(|&cpu| match (read(cpu, "physical_package_id"), read(cpu, "core_id")) {
            (Some(package), Some(core)) => CpuPlace { cpu, package, core },
            // (Negative: apart from every core sysfs numbers.)
            _ => CpuPlace { cpu, package: -1, core: -1 - i64::try_from(cpu).unwrap_or(0) },
        })
        .collect()
}

/// The CPUs in the order threads take them: the first CPU of each
/// physical core (cores in the order of their first CPU), then the
/// second of each core that has one, and so on, so that no two threads
/// share a core while a core is free.
pub(crate) fn core_order(places: &[CpuPlace]) -> Vec<usize> {
    let mut sorted = places.to_vec();
    sorted.sort_by_key(|p| p.cpu);
    // Each CPU's rank among its core's CPUs.
    let mut seen: Vec<((i64, i64), usize)> = Vec::new();
    let mut ranked: Vec<(usize, usize, usize)> = Vec::with_capacity(sorted.len());
    for (i, p) in sorted.iter().enumerate() {
        let key = (p.package, p.core);
        let rank = match seen.iter_mut().find(|(k, _)| *k == key) {
            Some((_, n)) => {
                *n += 1;
                *n - 1
            }
            None => {
                seen.push((key, 1));
                0
            }
        };
        ranked.push((rank, i, p.cpu));
    }
    ranked.sort_unstable();
    ranked.into_iter().map(|(_, _, cpu)| cpu).collect()
}

/// Which CPU each thread is pinned to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Plan {
    /// Worker thread `slot`'s CPU: `workers[slot % workers.len()]`.
    pub(crate) workers: Vec<usize>,
    /// The main thread's (None: it is not pinned, having no CPU to itself).
    pub(crate) main: Option<usize>,
}

impl Plan {
    /// `threads` workers on `order` (see [`core_order`]): the first
    /// `threads` CPUs, and the last CPU of the order for the main thread
    /// when one is left over (a core no worker uses, or else an SMT
    /// sibling); with fewer CPUs than workers, they take the CPUs in turn
    /// and the main thread is not pinned.
    pub(crate) fn new(order: &[usize], threads: usize) -> Plan {
        if order.len() > threads {
            Plan { workers: order[..threads].to_vec(), main: order.last().copied() }
        } else {
            Plan { workers: order.to_vec(), main: None }
        }
    }

    /// The CPU of worker thread `slot`.
    pub(crate) fn worker(&self, slot: usize) -> Option<usize> {
        (!self.workers.is_empty()).then(|| self.workers[slot % self.workers.len()])
    }
}

#[cfg(test)]
mod tests {
    use super::{CpuPlace, Plan, core_order, list_text, read_places};

    #[test]
    fn cpu_lists() {
        assert_eq!(list_text(&[3, 0, 1, 2, 8, 10, 11]), "0-3,8,10-11");
        assert_eq!(list_text(&[5]), "5");
        assert_eq!(list_text(&[]), "");
    }

    fn place(cpu: usize, package: i64, core: i64) -> CpuPlace {
        CpuPlace { cpu, package, core }
    }

    #[test]
    fn siblings_numbered_apart_come_after_every_core() {
        // 2 packages x 2 cores x 2 threads, siblings numbered apart (as
        // on most x86 machines: cpu N and N+4 share a core).
        let places: Vec<CpuPlace> =
            (0..8).map(|c| place(c, i64::from(c % 4 >= 2), i64::from(c % 2 == 1))).collect();
        assert_eq!(core_order(&places), [0, 1, 2, 3, 4, 5, 6, 7]);
    }

    #[test]
    fn siblings_numbered_adjacently_come_after_every_core() {
        // 4 cores x 2 threads, cpu 2k and 2k+1 on core k.
        let places: Vec<CpuPlace> = (0..8u8).map(|c| place(c.into(), 0, (c / 2).into())).collect();
        assert_eq!(core_order(&places), [0, 2, 4, 6, 1, 3, 5, 7]);
        // Allowed: a subset (taskset -c 1-6): cores 1 and 2 whole, one CPU
        // of cores 0 and 3, which come with the first round.
        let some: Vec<CpuPlace> = places[1..7].to_vec();
        assert_eq!(core_order(&some), [1, 2, 4, 6, 3, 5]);
    }

    #[test]
    fn the_same_core_id_in_another_package_is_another_core() {
        let places = [place(0, 0, 0), place(1, 1, 0), place(2, 0, 0), place(3, 1, 0)];
        assert_eq!(core_order(&places), [0, 1, 2, 3]);
        let four_way = [place(0, 0, 0), place(1, 0, 0), place(2, 0, 0), place(3, 0, 0)];
        assert_eq!(core_order(&four_way), [0, 1, 2, 3]);
    }

    #[test]
    fn the_main_thread_gets_a_cpu_when_one_is_left() {
        let order = [0, 2, 4, 6, 1, 3, 5, 7];
        assert_eq!(Plan::new(&order, 2), Plan { workers: vec![0, 2], main: Some(7) });
        assert_eq!(Plan::new(&order, 7).main, Some(7));
        assert_eq!(Plan::new(&order, 8), Plan { workers: order.to_vec(), main: None });
        let over = Plan::new(&order[..2], 5);
        assert_eq!(
            (over.main, over.worker(0), over.worker(3), over.worker(4)),
            (None, Some(0), Some(2), Some(0))
        );
        assert_eq!(Plan::new(&[], 2).worker(0), None);
    }

    #[test]
    fn topology_read_from_a_sysfs_tree() {
        let dir = std::env::temp_dir().join(format!("pgbench-rs-topology-{}", std::process::id()));
        let write = |cpu: usize, package: &str, core: &str| {
            let t = dir.join(format!("cpu{cpu}/topology"));
            std::fs::create_dir_all(&t).expect("a directory");
            std::fs::write(t.join("physical_package_id"), package).expect("a file");
            std::fs::write(t.join("core_id"), core).expect("a file");
        };
        write(0, "0\n", "0\n");
        write(1, "0\n", "0\n");
        write(2, "0\n", "1\n");
        write(3, "0\n", "garbage\n");
        let places = read_places(&dir, &[0, 1, 2, 3, 4]);
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!(places[..3], [place(0, 0, 0), place(1, 0, 0), place(2, 0, 1)]);
        // Unreadable: cores of their own.
        assert_eq!((places[3].package, places[4].package), (-1, -1));
        assert_ne!(places[3].core, places[4].core);
        assert_eq!(core_order(&places), [0, 2, 3, 4, 1]);
    }
}
