//! Fuzzing the script module through the library's entry point: parse any
//! bytes as a script, prepare it for every query mode, render its SQL and
//! evaluate every expression it holds. Nothing here may panic, hang or
//! overflow the stack. `make fuzz` runs it (scripts/fuzz.sh).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| pgbench_rs::fuzzing::script(data));
