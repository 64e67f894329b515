//! The io_uring rings themselves: set-up and mappings, queueing
//! submissions, `io_uring_enter`, and reading completions. What the
//! requests mean is [`super`]'s business.

use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::sync::atomic::{AtomicU32, Ordering};

use super::abi::{
    Cqe, GeteventsArg, IORING_ENTER_EXT_ARG, IORING_ENTER_GETEVENTS, IORING_FEAT_EXT_ARG,
    IORING_FEAT_NODROP, IORING_FEAT_SINGLE_MMAP, IORING_OFF_CQ_RING, IORING_OFF_SQ_RING,
    IORING_OFF_SQES, IORING_SETUP_CLAMP, IORING_SETUP_COOP_TASKRUN, IORING_SETUP_CQSIZE,
    IORING_SETUP_SINGLE_ISSUER, Params, Sqe,
};

/// Submission ring size: registrations and removals between two waits.
const SQ_ENTRIES: u32 = 64;

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

/// An io_uring: its descriptor, rings and the pointers into them.
#[derive(Debug)]
pub(super) struct Ring {
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
}

/// Reads a ring counter.
///
/// # Safety
/// `counter` points into a live mapping of a ring, 4-aligned (as the
/// counter pointers of a [`Ring`] do while it lives).
unsafe fn load(counter: *const AtomicU32, order: Ordering) -> u32 {
    // SAFETY: the caller's promise.
    unsafe { (*counter).load(order) }
}

/// Writes a ring counter.
///
/// # Safety
/// As for [`load`].
unsafe fn store(counter: *const AtomicU32, value: u32, order: Ordering) {
    // SAFETY: the caller's promise.
    unsafe { (*counter).store(value, order) }
}

impl Ring {
    /// Sets up a ring for about `capacity` polled sockets. Fails where
    /// io_uring is missing or forbidden (old kernel, seccomp, sysctl), or
    /// lacks the features needed (no-drop completions, timeouts on waits).
    pub(super) fn new(capacity: usize) -> io::Result<Self> {
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
        let Some(fd) = RawFd::try_from(fd).ok().filter(|&fd| fd >= 0) else {
            return Err(io::Error::last_os_error());
        };
        // SAFETY: fd is a new descriptor that nothing else owns.
        let fd = unsafe { OwnedFd::from_raw_fd(fd) };
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
        Ok(Ring {
            sq_tail: sq_ring.atomic(p.sq_off.tail),
            sq_head: sq_ring.atomic(p.sq_off.head),
            sq_mask: sq_ring.read_u32(p.sq_off.ring_mask),
            sq_entries: p.sq_entries,
            sq_array,
            cq_head,
            // SAFETY: cq_head points into cq_ring, mapped above and moved
            // into the Ring with it (offsets and alignment from the kernel).
            cq_head_seen: unsafe { load(cq_head, Ordering::Relaxed) },
            cq_tail,
            cq_mask,
            cqes,
            fd,
            _sq_ring: sq_ring,
            _cq_ring: cq_ring,
            sqes,
            pending: 0,
        })
    }

    /// Queues one submission, handing the queue to the kernel first if it
    /// is full.
    pub(super) fn push(&mut self, sqe: Sqe) -> io::Result<()> {
        if self.pending >= self.sq_entries {
            self.enter(0, None)?;
        }
        // The tail is ours to advance; pending < entries guarantees the
        // slot is free (the kernel consumed everything before `pending`).
        // SAFETY: sq_tail points into the SQ ring this Ring owns.
        let tail = unsafe { load(self.sq_tail, Ordering::Relaxed) };
        let idx = tail & self.sq_mask;
        let slot = self.sqes.ptr.cast::<Sqe>().wrapping_add(idx as usize);
        // SAFETY: idx < sq_entries, inside the SQE array; the kernel reads
        // this slot only after the tail moves past it.
        unsafe { slot.write(sqe) };
        let index = self.sq_array.wrapping_add(idx as usize);
        // SAFETY: as above, for the index array.
        unsafe { index.write(idx) };
        // SAFETY: sq_tail points into the SQ ring this Ring owns.
        unsafe { store(self.sq_tail, tail.wrapping_add(1), Ordering::Release) };
        self.pending += 1;
        Ok(())
    }

    /// `io_uring_enter`: submits what is queued and, with `min > 0`, waits
    /// for a completion up to `timeout_us` (None: no limit).
    pub(super) fn enter(&mut self, min: u32, timeout_us: Option<i64>) -> io::Result<()> {
        // The kernel's 64-bit timespec, on 32-bit machines too.
        let ts = timeout_us.map(super::super::KernelTimespec::from_us);
        let arg = GeteventsArg {
            sigmask: 0,
            sigmask_sz: 0,
            min_wait_usec: 0,
            ts: ts.as_ref().map_or(0, |t| std::ptr::from_ref(t) as usize as u64),
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
        self.pending = self.pending.saturating_sub(crate::invariant::fits(
            r,
            "invariant: io_uring_enter submits at most what it was given",
        ));
        Ok(())
    }

    /// Recounts the queued entries from the kernel's head (after an
    /// interrupted enter that may have consumed some).
    fn sync_pending(&mut self) {
        // SAFETY: sq_head points into the SQ ring this Ring owns.
        let head = unsafe { load(self.sq_head, Ordering::Acquire) };
        // SAFETY: sq_tail points into the SQ ring this Ring owns.
        let tail = unsafe { load(self.sq_tail, Ordering::Relaxed) };
        self.pending = tail.wrapping_sub(head);
    }

    /// Whether submissions are queued that the kernel has not seen.
    pub(super) fn has_pending(&self) -> bool {
        self.pending > 0
    }

    /// The next completion in the ring, if any. Its entry is handed back
    /// to the kernel by [`Ring::release_completions`].
    #[inline]
    pub(super) fn next_completion(&mut self) -> Option<Cqe> {
        // The kernel publishes the tail (release) after it writes the
        // entries; the head is ours, so our copy of it is current.
        // SAFETY: cq_tail points into the CQ ring this Ring owns.
        let tail = unsafe { load(self.cq_tail, Ordering::Acquire) };
        if self.cq_head_seen == tail {
            return None;
        }
        let entry = self.cqes.wrapping_add((self.cq_head_seen & self.cq_mask) as usize);
        // SAFETY: entries between head and tail are written and ours to
        // read until the head moves past them.
        let cqe = unsafe { entry.read() };
        self.cq_head_seen = self.cq_head_seen.wrapping_add(1);
        Some(cqe)
    }

    /// Hands the completions read so far back to the kernel.
    pub(super) fn release_completions(&mut self) {
        // SAFETY: cq_head points into the CQ ring this Ring owns.
        unsafe { store(self.cq_head, self.cq_head_seen, Ordering::Release) };
    }
}
