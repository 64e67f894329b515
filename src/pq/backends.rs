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

    /// Moves the pids noted since the last call to the end of `into`
    /// (what has been taken is not kept: nothing grows with the number
    /// of connections a run makes).
    pub(crate) fn take_into(&self, into: &mut Vec<i32>) {
        if let Ok(mut p) = self.pids.lock() {
            into.append(&mut p);
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
        let mut seen = vec![1];
        a.take_into(&mut seen);
        assert_eq!(seen, [1, 7, 8]);
        a.take_into(&mut seen);
        assert_eq!(seen, [1, 7, 8], "taken once");
        a.note(10);
        a.take_into(&mut seen);
        assert_eq!(seen, [1, 7, 8, 10]);
        let mut other = Vec::new();
        b.take_into(&mut other);
        assert_eq!(other, [9]);
        assert!(a.pids.lock().is_ok_and(|p| p.is_empty()), "nothing kept");
    }
}
