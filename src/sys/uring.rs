//! Waiting for sockets with io_uring multishot polls: readiness arrives in
//! a ring shared with the kernel, so a wake-up that finds events already
//! there costs no system call at all.
//!
//! Each connection's socket gets one multishot `POLL_ADD` (readable), kept
//! armed by the kernel; writability is asked for with a one-shot poll
//! while output is queued. Registrations and removals are queued in the
//! submission ring and handed to the kernel with the next wait. The rings
//! are set up with `COOP_TASKRUN`: completions are posted when the thread
//! next enters the kernel (it does so on every send and receive), not by
//! interrupting it.
//!
//! Events are edge-like: one completion per arrival of data, so a caller
//! must read a socket after each completion and may ignore completions for
//! connections it is not waiting on (the next arrival reports again).

use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::sync::atomic::{AtomicU32, Ordering};

use super::poll::Ready;

/// Submission ring size: registrations and removals between two waits.
const SQ_ENTRIES: u32 = 64;
const IORING_OFF_SQ_RING: libc::off_t = 0;
const IORING_OFF_CQ_RING: libc::off_t = 0x800_0000;
const IORING_OFF_SQES: libc::off_t = 0x1000_0000;
const IORING_SETUP_CQSIZE: u32 = 1 << 3;
const IORING_SETUP_CLAMP: u32 = 1 << 4;
const IORING_SETUP_COOP_TASKRUN: u32 = 1 << 8;
const IORING_SETUP_SINGLE_ISSUER: u32 = 1 << 12;
const IORING_FEAT_SINGLE_MMAP: u32 = 1 << 0;
const IORING_FEAT_NODROP: u32 = 1 << 1;
const IORING_FEAT_EXT_ARG: u32 = 1 << 8;
const IORING_ENTER_GETEVENTS: u32 = 1 << 0;
const IORING_ENTER_EXT_ARG: u32 = 1 << 3;
const IORING_OP_POLL_ADD: u8 = 6;
const IORING_OP_POLL_REMOVE: u8 = 7;
const IORING_POLL_ADD_MULTI: u32 = 1 << 0;
const IORING_CQE_F_MORE: u32 = 1 << 1;

/// What a request's `user_data` stands for (bits 48..56).
const KIND_READ: u64 = 0;
const KIND_WRITE: u64 = 1;
const KIND_REMOVE: u64 = 2;
const KIND_WAKER: u64 = 3;

#[repr(C)]
#[derive(Default)]
struct SqOffsets {
    head: u32,
    tail: u32,
    ring_mask: u32,
    ring_entries: u32,
    flags: u32,
    dropped: u32,
    array: u32,
    resv1: u32,
    user_addr: u64,
}

#[repr(C)]
#[derive(Default)]
struct CqOffsets {
    head: u32,
    tail: u32,
    ring_mask: u32,
    ring_entries: u32,
    overflow: u32,
    cqes: u32,
    flags: u32,
    resv1: u32,
    user_addr: u64,
}

#[repr(C)]
#[derive(Default)]
struct Params {
    sq_entries: u32,
    cq_entries: u32,
    flags: u32,
    sq_thread_cpu: u32,
    sq_thread_idle: u32,
    features: u32,
    wq_fd: u32,
    resv: [u32; 3],
    sq_off: SqOffsets,
    cq_off: CqOffsets,
}

#[repr(C)]
#[derive(Clone, Copy, Default)]
struct Sqe {
    opcode: u8,
    flags: u8,
    ioprio: u16,
    fd: i32,
    off: u64,
    addr: u64,
    len: u32,
    op_flags: u32,
    user_data: u64,
    buf_index: u16,
    personality: u16,
    file_index: i32,
    addr3: u64,
    pad: u64,
}

#[repr(C)]
#[derive(Clone, Copy)]
struct Cqe {
    user_data: u64,
    res: i32,
    flags: u32,
}

#[repr(C)]
struct GeteventsArg {
    sigmask: u64,
    sigmask_sz: u32,
    min_wait_usec: u32,
    ts: u64,
}

/// One mapping of ring memory, unmapped on drop.
#[derive(Debug)]
struct Mapping {
    ptr: *mut u8,
    len: usize,
}

impl Mapping {
    fn new(fd: RawFd, len: usize, offset: libc::off_t) -> io::Result<Self> {
        // SAFETY: maps a region the kernel provides for this ring fd; no
        // existing memory is touched.
        let p = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                len,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_SHARED,
                fd,
                offset,
            )
        };
        if p == libc::MAP_FAILED {
            return Err(io::Error::last_os_error());
        }
        Ok(Mapping { ptr: p.cast(), len })
    }

    /// A shared u32 counter of the ring at byte `off`.
    fn atomic(&self, off: u32) -> *const AtomicU32 {
        // SAFETY: `off` comes from the kernel's offsets for this mapping,
        // inside `len` and 4-aligned.
        unsafe { self.ptr.add(off as usize).cast::<AtomicU32>() }
    }

    /// The u32 at byte `off` (fields the kernel sets once).
    fn read_u32(&self, off: u32) -> u32 {
        let p = self.ptr.wrapping_add(off as usize).cast::<u32>();
        // SAFETY: as in `atomic`; the value is constant after setup.
        unsafe { p.read() }
    }
}

impl Drop for Mapping {
    fn drop(&mut self) {
        // SAFETY: unmaps exactly the region mapped in `new`, once.
        unsafe { libc::munmap(self.ptr.cast(), self.len) };
    }
}

/// An io_uring used only to wait for socket readiness.
#[derive(Debug)]
pub(crate) struct Uring {
    fd: OwnedFd,
    /// The mappings the pointers below point into, kept until drop.
    _sq_ring: Mapping,
    _cq_ring: Option<Mapping>,
    sqes: Mapping,
    sq_tail: *const AtomicU32,
    sq_head: *const AtomicU32,
    sq_mask: u32,
    sq_entries: u32,
    sq_array: *mut u32,
    cq_head: *const AtomicU32,
    /// Our copy of the completion head (only we move it).
    cq_head_seen: u32,
    cq_tail: *const AtomicU32,
    cq_mask: u32,
    cqes: *const Cqe,
    /// Submission entries queued since the last `io_uring_enter`.
    pending: u32,
    /// Each token's registration.
    slots: Vec<Slot>,
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
}

impl Slot {
    const EMPTY: Slot = Slot { socket: -1, generation: 0, write_armed: false };
}

/// Reads a ring counter.
fn load(counter: *const AtomicU32, order: Ordering) -> u32 {
    // SAFETY: every counter pointer of a Uring points into one of its
    // live mappings, 4-aligned (offsets given by the kernel).
    unsafe { (*counter).load(order) }
}

/// Writes a ring counter.
fn store(counter: *const AtomicU32, value: u32, order: Ordering) {
    // SAFETY: as in `load`.
    unsafe { (*counter).store(value, order) }
}

fn user_data(kind: u64, generation: u16, token: u32) -> u64 {
    (kind << 48) | (u64::from(generation) << 32) | u64::from(token)
}

impl Uring {
    /// Sets up a ring for about `capacity` sockets (tokens `0..capacity`;
    /// larger tokens grow the tables). Fails where io_uring
    /// is missing or forbidden (old kernel, seccomp, sysctl), or lacks the
    /// features needed (no-drop completions, timeouts on waits).
    pub(crate) fn new(capacity: usize) -> io::Result<Self> {
        // The completion ring must be at least as large as the submission
        // ring. A client has about one report outstanding at a time; more
        // are held by the kernel until there is room (IORING_FEAT_NODROP).
        let cq_want =
            u32::try_from((capacity + SQ_ENTRIES as usize).next_power_of_two()).unwrap_or(1 << 16);
        let mut p = Params {
            flags: IORING_SETUP_CQSIZE
                | IORING_SETUP_CLAMP
                | IORING_SETUP_COOP_TASKRUN
                | IORING_SETUP_SINGLE_ISSUER,
            cq_entries: cq_want,
            ..Params::default()
        };
        // SAFETY: p is a valid io_uring_params the kernel fills in.
        let mut fd = unsafe { libc::syscall(libc::SYS_io_uring_setup, SQ_ENTRIES, &raw mut p) };
        if fd < 0 && io::Error::last_os_error().raw_os_error() == Some(libc::EINVAL) {
            // Kernels before 6.0 reject the newer flags.
            p = Params {
                flags: IORING_SETUP_CQSIZE | IORING_SETUP_CLAMP,
                cq_entries: cq_want,
                ..Params::default()
            };
            // SAFETY: as above.
            fd = unsafe { libc::syscall(libc::SYS_io_uring_setup, SQ_ENTRIES, &raw mut p) };
        }
        if fd < 0 {
            return Err(io::Error::last_os_error());
        }
        // SAFETY: fd is a new descriptor that nothing else owns.
        let fd = unsafe { OwnedFd::from_raw_fd(i32::try_from(fd).unwrap_or(-1)) };
        let needed = IORING_FEAT_NODROP | IORING_FEAT_EXT_ARG;
        if p.features & needed != needed {
            return Err(io::Error::from_raw_os_error(libc::ENOSYS));
        }
        let sq_len = p.sq_off.array as usize + p.sq_entries as usize * 4;
        let cq_len = p.cq_off.cqes as usize + p.cq_entries as usize * size_of::<Cqe>();
        let single = p.features & IORING_FEAT_SINGLE_MMAP != 0;
        let sq_ring = Mapping::new(
            fd.as_raw_fd(),
            if single { sq_len.max(cq_len) } else { sq_len },
            IORING_OFF_SQ_RING,
        )?;
        let cq_ring = if single {
            None
        } else {
            Some(Mapping::new(fd.as_raw_fd(), cq_len, IORING_OFF_CQ_RING)?)
        };
        let sqes = Mapping::new(
            fd.as_raw_fd(),
            p.sq_entries as usize * size_of::<Sqe>(),
            IORING_OFF_SQES,
        )?;
        let cq = cq_ring.as_ref().unwrap_or(&sq_ring);
        let (cq_head, cq_tail, cq_mask) =
            (cq.atomic(p.cq_off.head), cq.atomic(p.cq_off.tail), cq.read_u32(p.cq_off.ring_mask));
        // SAFETY: the offset is the kernel's, inside the CQ mapping.
        let cqes = unsafe { cq.ptr.add(p.cq_off.cqes as usize).cast::<Cqe>() };
        // SAFETY: as above, for the SQ index array.
        let sq_array = unsafe { sq_ring.ptr.add(p.sq_off.array as usize).cast::<u32>() };
        Ok(Uring {
            sq_tail: sq_ring.atomic(p.sq_off.tail),
            sq_head: sq_ring.atomic(p.sq_off.head),
            sq_mask: sq_ring.read_u32(p.sq_off.ring_mask),
            sq_entries: p.sq_entries,
            sq_array,
            cq_head,
            cq_head_seen: load(cq_head, Ordering::Relaxed),
            cq_tail,
            cq_mask,
            cqes,
            fd,
            _sq_ring: sq_ring,
            _cq_ring: cq_ring,
            sqes,
            pending: 0,
            slots: vec![Slot::EMPTY; capacity],
        })
    }

    /// Queues one submission, handing the queue to the kernel first if it
    /// is full.
    fn push(&mut self, sqe: Sqe) -> io::Result<()> {
        if self.pending >= self.sq_entries {
            self.enter(0, None)?;
        }
        // The tail is ours to advance; pending < entries guarantees the
        // slot is free (the kernel consumed everything before `pending`).
        let tail = load(self.sq_tail, Ordering::Relaxed);
        let idx = tail & self.sq_mask;
        let slot = self.sqes.ptr.cast::<Sqe>().wrapping_add(idx as usize);
        // SAFETY: idx < sq_entries, inside the SQE array; the kernel reads
        // this slot only after the tail moves past it.
        unsafe { slot.write(sqe) };
        let index = self.sq_array.wrapping_add(idx as usize);
        // SAFETY: as above, for the index array.
        unsafe { index.write(idx) };
        store(self.sq_tail, tail.wrapping_add(1), Ordering::Release);
        self.pending += 1;
        Ok(())
    }

    /// The slot of `token`, made if the table is too short.
    fn slot(&mut self, token: u32) -> Option<&mut Slot> {
        let i = usize::try_from(token).ok()?;
        if i >= self.slots.len() {
            self.slots.resize(i + 1, Slot::EMPTY);
        }
        self.slots.get_mut(i)
    }

    fn poll_sqe(fd: RawFd, events: i16, multi: bool, data: u64) -> Sqe {
        Sqe {
            opcode: IORING_OP_POLL_ADD,
            fd,
            len: if multi { IORING_POLL_ADD_MULTI } else { 0 },
            op_flags: u32::from(events.cast_unsigned()),
            user_data: data,
            ..Sqe::default()
        }
    }

    /// Watches `sock` for readability, reporting it with `token` (replacing
    /// any earlier socket of that token).
    pub(crate) fn register(&mut self, sock: RawFd, token: u32) -> io::Result<()> {
        self.deregister(token);
        let Some(slot) = self.slot(token) else { return Ok(()) };
        *slot = Slot { socket: sock, generation: slot.generation, write_armed: false };
        let data = user_data(KIND_READ, slot.generation, token);
        self.push(Self::poll_sqe(sock, libc::POLLIN | libc::POLLRDHUP, true, data))
    }

    /// Watches a waker's descriptor (see [`super::poll::Waker`]); it is
    /// reported with token `u32::MAX` and cannot be deregistered.
    pub(crate) fn watch_waker(&mut self, fd: RawFd) -> io::Result<()> {
        let data = user_data(KIND_WAKER, 0, u32::MAX);
        self.push(Self::poll_sqe(fd, libc::POLLIN, true, data))
    }

    /// Asks for one report when `token`'s socket can take more output (for
    /// a client that waits with output queued).
    pub(crate) fn want_writable(&mut self, token: u32) -> io::Result<()> {
        let Some(slot) = self.slot(token) else { return Ok(()) };
        if slot.write_armed || slot.socket < 0 {
            return Ok(());
        }
        slot.write_armed = true;
        let (sock, data) = (slot.socket, user_data(KIND_WRITE, slot.generation, token));
        self.push(Self::poll_sqe(sock, libc::POLLOUT, false, data))
    }

    /// Stops watching `token`'s socket. The removal goes to the kernel
    /// with the next wait; until then the ring holds the closed socket
    /// open, which the server does not notice (libpq has already said
    /// goodbye), and a late report of it is ignored.
    pub(crate) fn deregister(&mut self, token: u32) {
        let Some(slot) = self.slot(token) else { return };
        if slot.socket < 0 {
            return;
        }
        let old = *slot;
        *slot = Slot { generation: old.generation.wrapping_add(1), ..Slot::EMPTY };
        let kinds: &[u64] = if old.write_armed { &[KIND_READ, KIND_WRITE] } else { &[KIND_READ] };
        for &kind in kinds {
            let sqe = Sqe {
                opcode: IORING_OP_POLL_REMOVE,
                fd: -1,
                addr: user_data(kind, old.generation, token),
                user_data: user_data(KIND_REMOVE, 0, token),
                ..Sqe::default()
            };
            let _ = self.push(sqe);
        }
    }

    /// `io_uring_enter`: submits what is queued and, with `min > 0`, waits
    /// for a completion up to `timeout_us` (None: no limit).
    fn enter(&mut self, min: u32, timeout_us: Option<i64>) -> io::Result<()> {
        let ts = timeout_us.map(super::poll::timespec_us);
        let arg = GeteventsArg {
            sigmask: 0,
            sigmask_sz: 0,
            min_wait_usec: 0,
            ts: ts.as_ref().map_or(0, |t| std::ptr::from_ref(t) as u64),
        };
        let flags = if min > 0 { IORING_ENTER_GETEVENTS | IORING_ENTER_EXT_ARG } else { 0 };
        // SAFETY: arg and the timespec it points to outlive the call; the
        // submission entries up to the tail were fully written.
        let r = unsafe {
            libc::syscall(
                libc::SYS_io_uring_enter,
                self.fd.as_raw_fd(),
                self.pending,
                min,
                flags,
                &raw const arg,
                size_of::<GeteventsArg>(),
            )
        };
        if r < 0 {
            let e = io::Error::last_os_error();
            return match e.raw_os_error() {
                Some(libc::EINTR | libc::ETIME) => {
                    self.sync_pending();
                    Ok(())
                }
                _ => Err(e),
            };
        }
        self.pending = self.pending.saturating_sub(u32::try_from(r).unwrap_or(0));
        Ok(())
    }

    /// Recounts the queued entries from the kernel's head (after an
    /// interrupted enter that may have consumed some).
    fn sync_pending(&mut self) {
        let head = load(self.sq_head, Ordering::Acquire);
        let tail = load(self.sq_tail, Ordering::Relaxed);
        self.pending = tail.wrapping_sub(head);
    }

    /// Moves completions to `out`; returns how many completions there were.
    fn reap(&mut self, out: &mut Vec<Ready>) -> usize {
        // The kernel publishes the tail (release) after it writes the
        // entries; the head is ours, so our copy of it is current.
        let tail = load(self.cq_tail, Ordering::Acquire);
        let mut head = self.cq_head_seen;
        if head == tail {
            return 0;
        }
        let n = tail.wrapping_sub(head) as usize;
        while head != tail {
            let entry = self.cqes.wrapping_add((head & self.cq_mask) as usize);
            // SAFETY: entries between head and tail are written and ours
            // to read until the head moves past them.
            let cqe = unsafe { entry.read() };
            head = head.wrapping_add(1);
            let kind = cqe.user_data >> 48;
            let generation = ((cqe.user_data >> 32) & 0xffff) as u16;
            let token = (cqe.user_data & 0xffff_ffff) as u32;
            match kind {
                KIND_REMOVE => continue,
                KIND_WAKER => {
                    out.push(Ready { token, hangup: false });
                    continue;
                }
                _ => {}
            }
            let Some(slot) = self.slots.get_mut(token as usize) else { continue };
            if slot.generation != generation || slot.socket < 0 {
                continue;
            }
            if kind == KIND_WRITE {
                slot.write_armed = false;
            } else if cqe.flags & IORING_CQE_F_MORE == 0 && cqe.res != -libc::ECANCELED {
                // The kernel ended the multishot poll (an overflowing
                // completion ring, say): arm it again.
                let data = user_data(KIND_READ, generation, token);
                let sqe = Self::poll_sqe(slot.socket, libc::POLLIN | libc::POLLRDHUP, true, data);
                let _ = self.push(sqe);
            }
            let gone = libc::POLLERR | libc::POLLHUP | libc::POLLNVAL | libc::POLLRDHUP;
            let hangup = cqe.res < 0 || cqe.res & i32::from(gone) != 0;
            out.push(Ready { token, hangup });
        }
        // Hands the consumed entries back to the kernel.
        self.cq_head_seen = head;
        store(self.cq_head, head, Ordering::Release);
        n
    }

    /// Appends ready sockets to `out`, waiting up to `timeout_us` (None: no
    /// limit) only when no completion is already in the ring.
    pub(crate) fn wait(&mut self, timeout_us: Option<i64>, out: &mut Vec<Ready>) -> io::Result<()> {
        if self.pending == 0 && self.reap(out) > 0 {
            return Ok(());
        }
        let min = if timeout_us == Some(0) { 0 } else { 1 };
        self.enter(min, timeout_us)?;
        self.reap(out);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{Read, Write};
    use std::os::unix::net::UnixStream;

    fn ring() -> Option<Uring> {
        // Kernels or sandboxes without io_uring skip these tests.
        Uring::new(4).ok()
    }

    #[test]
    fn reports_each_arrival_by_token() {
        let Some(mut u) = ring() else { return };
        let (mut a, mut b) = UnixStream::pair().unwrap();
        u.register(b.as_raw_fd(), 2).unwrap();
        let mut out = Vec::new();
        u.wait(Some(1000), &mut out).unwrap();
        assert!(out.is_empty());
        a.write_all(b"x").unwrap();
        u.wait(None, &mut out).unwrap();
        assert_eq!(out, vec![Ready { token: 2, hangup: false }]);
        let mut buf = [0u8; 1];
        b.read_exact(&mut buf).unwrap();
        out.clear();
        a.write_all(b"y").unwrap();
        u.wait(None, &mut out).unwrap();
        assert_eq!(out, vec![Ready { token: 2, hangup: false }]);
        u.deregister(2);
        out.clear();
        a.write_all(b"z").unwrap();
        u.wait(Some(1000), &mut out).unwrap();
        assert!(out.is_empty());
    }

    #[test]
    fn reports_writability_once_when_asked() {
        let Some(mut u) = ring() else { return };
        let (_a, b) = UnixStream::pair().unwrap();
        u.register(b.as_raw_fd(), 1).unwrap();
        u.want_writable(1).unwrap();
        let mut out = Vec::new();
        u.wait(None, &mut out).unwrap();
        assert_eq!(out, vec![Ready { token: 1, hangup: false }]);
        out.clear();
        u.wait(Some(1000), &mut out).unwrap();
        assert!(out.is_empty());
    }

    #[test]
    fn keeps_reporting_after_the_completion_ring_overflows() {
        let Some(mut u) = ring() else { return };
        // Three times as many sockets as the completion ring has entries.
        let n: u32 = 384;
        let pairs: Vec<(UnixStream, UnixStream)> =
            (0..n).map(|_| UnixStream::pair().unwrap()).collect();
        for (t, (_, b)) in (0..n).zip(&pairs) {
            u.register(b.as_raw_fd(), t).unwrap();
        }
        let mut out = Vec::new();
        u.wait(Some(0), &mut out).unwrap();
        assert!(out.is_empty());
        for round in 0..2 {
            for (a, _) in &pairs {
                (&*a).write_all(b"x").unwrap();
            }
            let mut seen = vec![false; n as usize];
            while seen.iter().any(|s| !s) {
                out.clear();
                u.wait(Some(1_000_000), &mut out).unwrap();
                assert!(!out.is_empty(), "round {round}: a socket was not reported");
                for r in &out {
                    seen[r.token as usize] = true;
                }
            }
            for (_, b) in &pairs {
                let mut buf = [0u8; 1];
                (&*b).read_exact(&mut buf).unwrap();
            }
        }
    }

    #[test]
    fn reports_a_closed_peer_as_hangup() {
        let Some(mut u) = ring() else { return };
        let (a, b) = UnixStream::pair().unwrap();
        u.register(b.as_raw_fd(), 0).unwrap();
        drop(a);
        let mut out = Vec::new();
        u.wait(None, &mut out).unwrap();
        assert_eq!(out.len(), 1);
        assert!(out[0].hangup);
    }
}
