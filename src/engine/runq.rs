//! The run queue of a worker: the clients that can run now, in order.

/// The clients that can run, first in first out: a ring of client
/// numbers that grows by doubling (a client is queued at most once, so it
/// holds at most every client).
#[derive(Debug)]
pub(crate) struct RunQueue {
    slots: Vec<u32>,
    head: usize,
    len: usize,
}

impl RunQueue {
    /// A queue holding clients `0..n` in order.
    pub(crate) fn with_all(n: usize) -> Self {
        let mut slots: Vec<u32> =
            (0..crate::invariant::fits(n, "invariant: at most -c clients, an i32")).collect();
        slots.resize(n.max(1).next_power_of_two(), 0);
        RunQueue { slots, head: 0, len: n }
    }

    #[inline]
    pub(crate) fn push_back(&mut self, i: u32) {
        if self.len == self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        if let Some(slot) = self.slots.get_mut((self.head + self.len) & mask) {
            *slot = i;
        }
        self.len += 1;
    }

    /// Unrolls the ring into a buffer twice as large.
    #[cold]
    #[inline(never)]
    fn grow(&mut self) {
        let mut grown = Vec::with_capacity(self.slots.len() * 2);
        grown.extend_from_slice(&self.slots[self.head..]);
        grown.extend_from_slice(&self.slots[..self.head]);
        grown.resize(self.slots.len() * 2, 0);
        self.slots = grown;
        self.head = 0;
    }

    /// Whether no client is queued.
    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline]
    pub(crate) fn pop_front(&mut self) -> Option<u32> {
        if self.len == 0 {
            return None;
        }
        let i = self.slots.get(self.head).copied();
        self.head = (self.head + 1) & (self.slots.len() - 1);
        self.len -= 1;
        i
    }
}

#[cfg(test)]
mod tests {
    use super::RunQueue;

    fn drain(q: &mut RunQueue) -> Vec<u32> {
        std::iter::from_fn(|| q.pop_front()).collect()
    }

    #[test]
    fn run_queue_starts_with_every_client_in_order() {
        let mut q = RunQueue::with_all(3);
        assert_eq!(drain(&mut q), vec![0, 1, 2]);
        assert_eq!(q.pop_front(), None);
        let mut empty = RunQueue::with_all(0);
        assert_eq!(empty.pop_front(), None);
        empty.push_back(7);
        assert_eq!(drain(&mut empty), vec![7]);
    }

    #[test]
    fn run_queue_keeps_order_across_wrap_and_growth() {
        let mut q = RunQueue::with_all(4);
        assert_eq!(q.pop_front(), Some(0));
        assert_eq!(q.pop_front(), Some(1));
        // Wraps around the end of the ring, then grows past its size.
        for i in 10..16 {
            q.push_back(i);
        }
        assert_eq!(drain(&mut q), vec![2, 3, 10, 11, 12, 13, 14, 15]);
        for i in 0..100 {
            q.push_back(i);
            if i % 3 == 0 {
                assert!(q.pop_front().is_some());
            }
        }
        assert_eq!(drain(&mut q).len(), 100 - 34);
    }
}
