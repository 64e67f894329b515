//! The safe layer over libpq (pq-sys). The only module besides `sys` that
//! contains `unsafe` code.
#![allow(unsafe_code)]
