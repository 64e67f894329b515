//! Pinning worker threads to CPU cores (core_affinity).

/// Pins the calling thread to the `n`-th core the process may run on
/// (modulo their number). Returns whether it worked.
pub(crate) fn pin_current_thread(n: usize) -> bool {
    match core_affinity::get_core_ids() {
        Some(ids) if !ids.is_empty() => core_affinity::set_for_current(ids[n % ids.len()]),
        _ => false,
    }
}
