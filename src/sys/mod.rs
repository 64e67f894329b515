//! Thin safe wrappers over libc: poll, resource limits, terminal, signals.
//! The only module besides `pq` that contains `unsafe` code.
#![allow(unsafe_code)]

pub(crate) mod tty;
