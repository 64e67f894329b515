//! The benchmark engine: worker threads, client state machines and the wait loop.
