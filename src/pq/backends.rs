//! The server processes of a run's connections, for `--server-stats`: a
//! run that samples the server's statistics notes the backend pid
//! (`PQbackendPID`) of every connection it makes ([`Backends`], one per
//! run), so that its sampler finds exactly the run's own backends in
//! `pg_stat_activity`.

use std::sync::Mutex;

/// The backend pids of one run's connections, in the order they were
/// made.
#[derive(Debug, Default)]
pub(crate) struct Backends {
    pids: Mutex<Vec<i32>>,
}

impl Backends {
    /// Notes the backend of a connection just made.
    pub(crate) fn note(&self, pid: i32) {
        if let Ok(mut p) = self.pids.lock() {
            p.push(pid);
        }
    }

    /// The pids noted since `from` (an index into all of them, so that a
    /// caller keeps its place), and the new place.
    pub(crate) fn since(&self, from: usize) -> (Vec<i32>, usize) {
        match self.pids.lock() {
            Ok(p) => (p.get(from..).map(<[i32]>::to_vec).unwrap_or_default(), p.len()),
            Err(_) => (Vec::new(), from),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Backends;

    #[test]
    fn each_run_notes_its_own() {
        let (a, b) = (Backends::default(), Backends::default());
        a.note(7);
        a.note(8);
        b.note(9);
        assert_eq!(a.since(0), (vec![7, 8], 2));
        assert_eq!(a.since(1), (vec![8], 2));
        assert_eq!(a.since(2), (vec![], 2));
        assert_eq!(b.since(0), (vec![9], 1));
    }
}
