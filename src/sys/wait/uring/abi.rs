//! The io_uring kernel interface this wait set uses: constants and the
//! structures shared with the kernel (`include/uapi/linux/io_uring.h`),
//! each checked against the kernel's size at compile time.

/// `io_uring_setup` flags.
pub(super) const IORING_SETUP_CQSIZE: u32 = 1 << 3;
pub(super) const IORING_SETUP_CLAMP: u32 = 1 << 4;
pub(super) const IORING_SETUP_COOP_TASKRUN: u32 = 1 << 8;
pub(super) const IORING_SETUP_SINGLE_ISSUER: u32 = 1 << 12;
/// Features the kernel reports.
pub(super) const IORING_FEAT_SINGLE_MMAP: u32 = 1 << 0;
pub(super) const IORING_FEAT_NODROP: u32 = 1 << 1;
pub(super) const IORING_FEAT_EXT_ARG: u32 = 1 << 8;
/// `io_uring_enter` flags.
pub(super) const IORING_ENTER_GETEVENTS: u32 = 1 << 0;
pub(super) const IORING_ENTER_EXT_ARG: u32 = 1 << 3;
/// Opcodes.
pub(super) const IORING_OP_POLL_ADD: u8 = 6;
pub(super) const IORING_OP_POLL_REMOVE: u8 = 7;
/// `len` of a `POLL_ADD`: keep reporting (multishot).
pub(super) const IORING_POLL_ADD_MULTI: u32 = 1 << 0;
/// Completion flag: the request stays armed.
pub(super) const IORING_CQE_F_MORE: u32 = 1 << 1;
/// mmap offsets of the rings and the submission entries.
pub(super) const IORING_OFF_SQ_RING: libc::off_t = 0;
pub(super) const IORING_OFF_CQ_RING: libc::off_t = 0x800_0000;
pub(super) const IORING_OFF_SQES: libc::off_t = 0x1000_0000;

/// `struct io_sqring_offsets`.
#[repr(C)]
#[derive(Debug, Default)]
pub(super) struct SqOffsets {
    pub(super) head: u32,
    pub(super) tail: u32,
    pub(super) ring_mask: u32,
    pub(super) ring_entries: u32,
    pub(super) flags: u32,
    pub(super) dropped: u32,
    pub(super) array: u32,
    pub(super) resv1: u32,
    pub(super) user_addr: u64,
}

/// `struct io_cqring_offsets`.
#[repr(C)]
#[derive(Debug, Default)]
pub(super) struct CqOffsets {
    pub(super) head: u32,
    pub(super) tail: u32,
    pub(super) ring_mask: u32,
    pub(super) ring_entries: u32,
    pub(super) overflow: u32,
    pub(super) cqes: u32,
    pub(super) flags: u32,
    pub(super) resv1: u32,
    pub(super) user_addr: u64,
}

/// `struct io_uring_params`.
#[repr(C)]
#[derive(Debug, Default)]
pub(super) struct Params {
    pub(super) sq_entries: u32,
    pub(super) cq_entries: u32,
    pub(super) flags: u32,
    pub(super) sq_thread_cpu: u32,
    pub(super) sq_thread_idle: u32,
    pub(super) features: u32,
    pub(super) wq_fd: u32,
    pub(super) resv: [u32; 3],
    pub(super) sq_off: SqOffsets,
    pub(super) cq_off: CqOffsets,
}

/// `struct io_uring_sqe`, with the unions named as a poll request uses
/// them (`op_flags` is `poll32_events`, `addr` the target of a removal).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Sqe {
    pub(super) opcode: u8,
    pub(super) flags: u8,
    pub(super) ioprio: u16,
    pub(super) fd: i32,
    pub(super) off: u64,
    pub(super) addr: u64,
    pub(super) len: u32,
    pub(super) op_flags: u32,
    pub(super) user_data: u64,
    pub(super) buf_index: u16,
    pub(super) personality: u16,
    pub(super) file_index: i32,
    pub(super) addr3: u64,
    pub(super) pad: u64,
}

/// `struct io_uring_cqe` (without the 32-byte variant's extra fields).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub(super) struct Cqe {
    pub(super) user_data: u64,
    pub(super) res: i32,
    pub(super) flags: u32,
}

/// `struct io_uring_getevents_arg`.
#[repr(C)]
#[derive(Debug)]
pub(super) struct GeteventsArg {
    pub(super) sigmask: u64,
    pub(super) sigmask_sz: u32,
    pub(super) min_wait_usec: u32,
    pub(super) ts: u64,
}

// The kernel's sizes and offsets, the same on every architecture (the
// structures are made of fixed-size fields, naturally aligned): checked
// wherever this compiles, i386's 4-byte alignment of u64 included.
macro_rules! layout {
    ($t:ty, $size:expr, $($field:ident @ $off:expr),*) => {
        const _: () = assert!(size_of::<$t>() == $size);
        $(const _: () = assert!(std::mem::offset_of!($t, $field) == $off);)*
    };
}
layout!(SqOffsets, 40, head @ 0, tail @ 4, ring_mask @ 8, ring_entries @ 12, flags @ 16,
    dropped @ 20, array @ 24, resv1 @ 28, user_addr @ 32);
layout!(CqOffsets, 40, head @ 0, tail @ 4, ring_mask @ 8, ring_entries @ 12, overflow @ 16,
    cqes @ 20, flags @ 24, resv1 @ 28, user_addr @ 32);
layout!(Params, 120, sq_entries @ 0, cq_entries @ 4, flags @ 8, sq_thread_cpu @ 12,
    sq_thread_idle @ 16, features @ 20, wq_fd @ 24, resv @ 28, sq_off @ 40, cq_off @ 80);
layout!(Sqe, 64, opcode @ 0, flags @ 1, ioprio @ 2, fd @ 4, off @ 8, addr @ 16, len @ 24,
    op_flags @ 28, user_data @ 32, buf_index @ 40, personality @ 42, file_index @ 44,
    addr3 @ 48, pad @ 56);
layout!(Cqe, 16, user_data @ 0, res @ 8, flags @ 12);
layout!(GeteventsArg, 24, sigmask @ 0, sigmask_sz @ 8, min_wait_usec @ 12, ts @ 16);

/// A poll mask as `poll32_events` carries it: the kernel swaps its 16-bit
/// halves on big-endian machines (liburing's `__io_uring_prep_poll_mask`),
/// so they are swapped here first.
pub(super) const fn poll_mask(events: i16) -> u32 {
    let mask = u16::from_ne_bytes(events.to_ne_bytes()) as u32;
    if cfg!(target_endian = "big") { mask.rotate_left(16) } else { mask }
}

#[cfg(test)]
mod tests {
    use super::poll_mask;

    #[test]
    fn poll_mask_is_in_the_kernels_halfword_order() {
        let m = poll_mask(libc::POLLIN | libc::POLLRDHUP);
        let bits = u32::from(u16::from_ne_bytes((libc::POLLIN | libc::POLLRDHUP).to_ne_bytes()));
        if cfg!(target_endian = "big") {
            assert_eq!(m, bits << 16);
        } else {
            assert_eq!(m, bits);
        }
    }
}
