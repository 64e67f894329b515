//! The ppoll mechanism, C pgbench's: the sockets of the expected tokens
//! (and the waker) are listed anew for every wait (C's
//! `clear_socket_set`, `add_socket_to_set`, `wait_on_socket_set`).

use std::io;
use std::os::fd::RawFd;

use super::{Interest, Token, WaitSet, syscall_result, timespec_us};

/// A `ppoll` socket list and the tokens it is built from.
#[derive(Debug)]
pub(super) struct Ppoll {
    /// Each token's socket (-1: none).
    socks: Vec<RawFd>,
    /// The expected tokens, and whether each wants writability.
    expected: Vec<(Token, bool)>,
    /// Whether each token is in `expected`.
    listed: Vec<bool>,
    /// The list handed to the kernel: the waker, then `expected` in order.
    fds: Vec<libc::pollfd>,
    waker: RawFd,
}

impl Ppoll {
    /// A set for tokens `0..capacity` that also reports `waker` readable.
    pub(super) fn new(capacity: usize, waker: RawFd) -> Self {
        Ppoll {
            socks: vec![-1; capacity],
            expected: Vec::with_capacity(capacity),
            listed: vec![false; capacity],
            fds: Vec::with_capacity(capacity + 1),
            waker,
        }
    }

    fn pollfd(fd: RawFd, write: bool) -> libc::pollfd {
        let mut events = libc::POLLIN;
        if write {
            events |= libc::POLLOUT;
        }
        libc::pollfd { fd, events, revents: 0 }
    }
}

impl WaitSet for Ppoll {
    fn watch(&mut self, token: Token, sock: RawFd) -> io::Result<()> {
        self.unwatch(token);
        let i: usize = crate::invariant::fits(token, "invariant: a token is a client index");
        if i >= self.socks.len() {
            self.socks.resize(i.saturating_add(1), -1);
            self.listed.resize(i.saturating_add(1), false);
        }
        if let Some(s) = self.socks.get_mut(i) {
            *s = sock;
        }
        Ok(())
    }

    fn unwatch(&mut self, token: Token) {
        let Ok(i) = usize::try_from(token) else { return };
        if let Some(s) = self.socks.get_mut(i) {
            *s = -1;
        }
        if self.listed.get_mut(i).is_some_and(std::mem::take) {
            self.expected.retain(|&(t, _)| t != token);
        }
    }

    fn expect(&mut self, token: Token, interest: Interest) -> io::Result<bool> {
        let sock = usize::try_from(token).ok().and_then(|i| self.socks.get(i)).copied();
        if sock.is_none_or(|s| s < 0) {
            // Nothing to wait for: let the caller meet the missing socket.
            return Ok(true);
        }
        let listed = usize::try_from(token).ok().and_then(|i| self.listed.get_mut(i));
        if listed.as_deref() == Some(&true) {
            if let Some(e) = self.expected.iter_mut().find(|(t, _)| *t == token) {
                e.1 = interest.write;
            }
        } else {
            if let Some(l) = listed {
                *l = true;
            }
            self.expected.push((token, interest.write));
        }
        Ok(false)
    }

    fn wait(&mut self, timeout_us: Option<i64>, ready: &mut Vec<Token>) -> io::Result<()> {
        self.fds.clear();
        self.fds.push(Self::pollfd(self.waker, false));
        for &(token, write) in &self.expected {
            let sock = usize::try_from(token).ok().and_then(|i| self.socks.get(i)).copied();
            self.fds.push(Self::pollfd(sock.unwrap_or(-1), write));
        }
        // The kernel writes the time left back into the timespec.
        let mut ts = timeout_us.map(timespec_us);
        let ts_ptr = ts.as_mut().map_or(std::ptr::null_mut(), |t| t as *mut libc::timespec);
        let n: libc::nfds_t =
            crate::invariant::fits(self.fds.len(), "invariant: nfds_t is as wide as usize");
        // The system call itself, without libc's cancellation-point wrapper.
        // SAFETY: fds holds n valid pollfd entries; the timespec (or NULL)
        // is writable and outlives the call; a NULL sigmask leaves the mask
        // unchanged.
        let r = unsafe {
            libc::syscall(
                libc::SYS_ppoll,
                self.fds.as_mut_ptr(),
                n,
                ts_ptr,
                std::ptr::null::<libc::sigset_t>(),
                0usize,
            )
        };
        if syscall_result(r)? == 0 {
            return Ok(());
        }
        // The reported tokens are no longer expected; the others stay, in
        // order.
        let mut k = 0;
        let (fds, listed) = (&self.fds, &mut self.listed);
        self.expected.retain(|&(token, _)| {
            k += 1;
            let fired = fds.get(k).is_some_and(|p| p.revents != 0);
            if fired {
                ready.push(token);
                if let Some(l) = usize::try_from(token).ok().and_then(|i| listed.get_mut(i)) {
                    *l = false;
                }
            }
            !fired
        });
        Ok(())
    }

    fn expected(&self) -> usize {
        self.expected.len()
    }
}
