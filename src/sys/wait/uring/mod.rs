//! The io_uring mechanism: one multishot `POLL_ADD` (readable) per socket,
//! kept armed by the kernel; writability is asked for with a one-shot poll
//! while a token wants it. Registrations and removals are queued in the
//! submission ring and handed to the kernel with the next wait. The ring
//! is set up with `COOP_TASKRUN`: completions are posted when the thread
//! next enters the kernel (it does so on every send and receive), not by
//! interrupting it.
//!
//! The kernel reports arrivals (one completion per arrival of data), not a
//! readable state. To keep the wait set's contract (a socket still ready
//! when its token is expected again is reported), a token remembers an
//! arrival, or a hang-up, that came while it was not expected, and its
//! socket is then checked when it is next expected; so is the socket of a
//! token whose caller may have left data unread (it does not promise
//! [`Interest::reply_pending`]).

mod abi;
mod ring;

use std::io;
use std::os::fd::RawFd;

use super::{Interest, Token, WaitSet, ready_now};
use abi::{
    Cqe, IORING_CQE_F_MORE, IORING_OP_POLL_ADD, IORING_OP_POLL_REMOVE, IORING_POLL_ADD_MULTI, Sqe,
    poll_mask,
};
use ring::Ring;

/// What a request's `user_data` stands for (bits 48..56).
const KIND_READ: u64 = 0;
const KIND_WRITE: u64 = 1;
const KIND_REMOVE: u64 = 2;
const KIND_WAKER: u64 = 3;

/// The `user_data` of a request: its kind, the generation of the token's
/// registration, the token.
fn user_data(kind: u64, generation: u16, token: Token) -> u64 {
    (kind << 48) | (u64::from(generation) << 32) | u64::from(token)
}

/// What is registered under one token.
#[derive(Clone, Copy, Debug)]
struct Slot {
    /// The socket, -1 for none.
    socket: RawFd,
    /// Counts registrations: completions of an earlier socket carry an
    /// older generation and are ignored.
    generation: u16,
    /// A one-shot writability poll is in flight.
    write_armed: bool,
    /// Waits to be reported.
    expected: bool,
    /// Data (or room to write) arrived while the token was not expected.
    arrived: bool,
    /// The server hung up or the socket failed: always check it.
    hung_up: bool,
}

impl Slot {
    const EMPTY: Slot = Slot {
        socket: -1,
        generation: 0,
        write_armed: false,
        expected: false,
        arrived: false,
        hung_up: false,
    };
}

/// An io_uring wait set.
#[derive(Debug)]
pub(super) struct Uring {
    ring: Ring,
    slots: Vec<Slot>,
    n_expected: usize,
}

impl Uring {
    /// A set for tokens `0..capacity` that also reports `waker` readable.
    /// Fails where io_uring is missing or forbidden, or lacks the features
    /// needed (no-drop completions, timeouts on waits).
    pub(super) fn new(capacity: usize, waker: RawFd) -> io::Result<Self> {
        let mut u =
            Uring { ring: Ring::new(capacity)?, slots: vec![Slot::EMPTY; capacity], n_expected: 0 };
        let data = user_data(KIND_WAKER, 0, Token::MAX);
        u.ring.push(poll_sqe(waker, libc::POLLIN, true, data))?;
        Ok(u)
    }

    /// The slot of `token`, made if the table is too short.
    fn slot(&mut self, token: Token) -> Option<&mut Slot> {
        let i = usize::try_from(token).ok()?;
        if i >= self.slots.len() {
            self.slots.resize(i + 1, Slot::EMPTY);
        }
        self.slots.get_mut(i)
    }

    /// Asks for one report when `token`'s socket can take more output.
    fn want_writable(&mut self, token: Token) -> io::Result<()> {
        let Some(slot) = self.slot(token) else { return Ok(()) };
        if slot.write_armed || slot.socket < 0 {
            return Ok(());
        }
        slot.write_armed = true;
        let (sock, data) = (slot.socket, user_data(KIND_WRITE, slot.generation, token));
        self.ring.push(poll_sqe(sock, libc::POLLOUT, false, data))
    }

    /// Handles every completion in the ring; returns how many there were.
    fn drain(&mut self, ready: &mut Vec<Token>) -> usize {
        let mut n = 0;
        while let Some(cqe) = self.ring.next_completion() {
            n += 1;
            self.complete(cqe, ready);
        }
        if n > 0 {
            self.ring.release_completions();
        }
        n
    }

    /// Handles one completion: reports an expected token, remembers an
    /// arrival for one that is not, re-arms a poll the kernel ended.
    fn complete(&mut self, cqe: Cqe, ready: &mut Vec<Token>) {
        let kind = cqe.user_data >> 48;
        if kind == KIND_REMOVE || kind == KIND_WAKER {
            return;
        }
        let generation = ((cqe.user_data >> 32) & 0xffff) as u16;
        let token = (cqe.user_data & 0xffff_ffff) as Token;
        let Some(slot) = usize::try_from(token).ok().and_then(|i| self.slots.get_mut(i)) else {
            return;
        };
        if slot.generation != generation || slot.socket < 0 {
            return;
        }
        let mut rearm = None;
        if kind == KIND_WRITE {
            slot.write_armed = false;
        } else if cqe.flags & IORING_CQE_F_MORE == 0 && cqe.res != -libc::ECANCELED {
            // The kernel ended the multishot poll (an overflowing
            // completion ring, say): arm it again.
            let data = user_data(KIND_READ, generation, token);
            rearm = Some(poll_sqe(slot.socket, libc::POLLIN | libc::POLLRDHUP, true, data));
        }
        let gone = libc::POLLERR | libc::POLLHUP | libc::POLLNVAL | libc::POLLRDHUP;
        if cqe.res < 0 || cqe.res & i32::from(gone) != 0 {
            slot.hung_up = true;
        }
        if slot.expected {
            slot.expected = false;
            self.n_expected -= 1;
            ready.push(token);
        } else {
            slot.arrived = true;
        }
        if let Some(sqe) = rearm {
            let _ = self.ring.push(sqe);
        }
    }
}

/// A `POLL_ADD` request for `events` on `fd`.
fn poll_sqe(fd: RawFd, events: i16, multi: bool, data: u64) -> Sqe {
    Sqe {
        opcode: IORING_OP_POLL_ADD,
        fd,
        len: if multi { IORING_POLL_ADD_MULTI } else { 0 },
        op_flags: poll_mask(events),
        user_data: data,
        ..Sqe::default()
    }
}

impl WaitSet for Uring {
    fn watch(&mut self, token: Token, sock: RawFd) -> io::Result<()> {
        self.unwatch(token);
        let Some(slot) = self.slot(token) else { return Ok(()) };
        *slot = Slot { socket: sock, generation: slot.generation, ..Slot::EMPTY };
        let data = user_data(KIND_READ, slot.generation, token);
        self.ring.push(poll_sqe(sock, libc::POLLIN | libc::POLLRDHUP, true, data))
    }

    /// The removal goes to the kernel with the next wait; until then the
    /// ring holds a closed socket open, which the server does not notice
    /// (libpq has already said goodbye), and a late report of it is
    /// ignored.
    fn unwatch(&mut self, token: Token) {
        let Some(slot) = self.slot(token) else { return };
        if slot.socket < 0 {
            return;
        }
        let old = *slot;
        *slot = Slot { generation: old.generation.wrapping_add(1), ..Slot::EMPTY };
        if old.expected {
            self.n_expected -= 1;
        }
        let kinds: &[u64] = if old.write_armed { &[KIND_READ, KIND_WRITE] } else { &[KIND_READ] };
        for &kind in kinds {
            let sqe = Sqe {
                opcode: IORING_OP_POLL_REMOVE,
                fd: -1,
                addr: user_data(kind, old.generation, token),
                user_data: user_data(KIND_REMOVE, 0, token),
                ..Sqe::default()
            };
            let _ = self.ring.push(sqe);
        }
    }

    #[inline]
    fn expect(&mut self, token: Token, interest: Interest) -> io::Result<bool> {
        let Some(slot) = usize::try_from(token).ok().and_then(|i| self.slots.get_mut(i)) else {
            // Never watched: let the caller meet the missing socket.
            return Ok(true);
        };
        if slot.socket < 0 {
            return Ok(true);
        }
        // Data that came before this call may still be unread.
        if !interest.reply_pending || slot.arrived || slot.hung_up {
            slot.arrived = false;
            if ready_now(slot.socket, interest.write) {
                return Ok(true);
            }
        }
        if !slot.expected {
            slot.expected = true;
            self.n_expected += 1;
        }
        if interest.write {
            self.want_writable(token)?;
        }
        Ok(false)
    }

    /// Waits only when no completion is already in the ring.
    #[inline(always)]
    fn wait(&mut self, timeout_us: Option<i64>, ready: &mut Vec<Token>) -> io::Result<()> {
        if !self.ring.has_pending() && self.drain(ready) > 0 {
            return Ok(());
        }
        let min = if timeout_us == Some(0) { 0 } else { 1 };
        self.ring.enter(min, timeout_us)?;
        self.drain(ready);
        Ok(())
    }

    fn expected(&self) -> usize {
        self.n_expected
    }
}
