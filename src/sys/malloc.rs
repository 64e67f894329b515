//! glibc malloc's mmap threshold around the initial connections.
//!
//! libpq gives every connection a 16 kB input and a 16 kB output buffer,
//! of which a benchmark touches only the first few hundred bytes. Taken
//! from the heap, each buffer shares pages with the allocations around it,
//! and malloc's bookkeeping at both of its ends makes more pages resident;
//! mapped on its own, a buffer costs the one page that holds its header and
//! the data. Measured at `-c 1000 -j 2`: 0.9 kB less resident memory per
//! connection. So while the initial connections are made, allocations of
//! 16 kB and more are mapped on their own. Afterwards they come from the
//! heap again up to 32 MB, and the heap is trimmed only when 64 MB are free
//! at its top: the largest values glibc's own adaptive thresholds reach
//! (setting a threshold turns the adaptation off), so that a run with large
//! results or `-C` reconnections makes no `mmap`, `munmap` or `madvise`
//! call per transaction. Elsewhere than glibc these are no-ops.

/// Lowers the threshold before the initial connections (call it while the
/// process has one thread: glibc documents `mallopt` as unsafe to call
/// while other threads allocate).
pub(crate) fn map_connection_buffers() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    set(libc::M_MMAP_THRESHOLD, 16 * 1024);
}

/// Raises the thresholds once the initial connections are made. Called by
/// one worker while the others run: glibc itself updates these thresholds
/// in `free` without a lock, and a thread that reads an old value only maps
/// one more allocation on its own.
pub(crate) fn heap_after_connections() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        set(libc::M_MMAP_THRESHOLD, 32 * 1024 * 1024);
        set(libc::M_TRIM_THRESHOLD, 64 * 1024 * 1024);
    }
}

#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn set(param: libc::c_int, bytes: libc::c_int) {
    // SAFETY: mallopt takes plain integers and has no memory preconditions;
    // on failure it returns 0 and changes nothing.
    unsafe { libc::mallopt(param, bytes) };
}
