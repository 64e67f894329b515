//! `poll(2)` over a few descriptors of a thread that is not a worker (the
//! metrics endpoint's listener and connections): which are ready to read,
//! or to write, within a timeout.

use std::io;
use std::os::fd::RawFd;

/// A descriptor to wait for, and after [`poll`] whether it is ready.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PollFd {
    /// The descriptor.
    pub(crate) fd: RawFd,
    /// Wait until it can be written to (else read from).
    pub(crate) write: bool,
    /// It is ready (or hung up, or in error: the next read or write says
    /// which).
    pub(crate) ready: bool,
}

impl PollFd {
    /// `fd`, to be read (`write`: written).
    pub(crate) fn new(fd: RawFd, write: bool) -> Self {
        PollFd { fd, write, ready: false }
    }
}

/// Waits until one of `fds` is ready or `timeout_ms` passed (an
/// interrupted wait returns with none ready); sets each one's `ready`.
pub(crate) fn poll(fds: &mut [PollFd], timeout_ms: i32) -> io::Result<()> {
    let mut raw: Vec<libc::pollfd> = fds
        .iter()
        .map(|f| libc::pollfd {
            fd: f.fd,
            events: if f.write { libc::POLLOUT } else { libc::POLLIN },
            revents: 0,
        })
        .collect();
    let n = libc::nfds_t::try_from(raw.len())
        .map_err(|_| io::Error::from(io::ErrorKind::InvalidInput))?;
    // SAFETY: raw is a valid array of `n` pollfd structs that poll may
    // write the revents of, alive for the call.
    let r = unsafe { libc::poll(raw.as_mut_ptr(), n, timeout_ms) };
    if r < 0 {
        let e = io::Error::last_os_error();
        if e.kind() != io::ErrorKind::Interrupted {
            return Err(e);
        }
    }
    for (f, p) in fds.iter_mut().zip(&raw) {
        f.ready = p.revents != 0;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;
    use std::os::fd::AsRawFd;

    #[test]
    fn a_socket_with_data_is_ready_to_read() {
        let (mut a, b) = std::os::unix::net::UnixStream::pair().unwrap();
        let mut fds = [PollFd::new(b.as_raw_fd(), false), PollFd::new(a.as_raw_fd(), true)];
        poll(&mut fds, 0).unwrap();
        assert_eq!((fds[0].ready, fds[1].ready), (false, true));
        a.write_all(b"x").unwrap();
        poll(&mut fds, 1000).unwrap();
        assert!(fds[0].ready);
    }
}
