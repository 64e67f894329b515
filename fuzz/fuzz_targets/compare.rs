//! `--compare` of documents from elsewhere (a run's and several runs'),
//! with every report file: reading them, the checks of what they say, the
//! statistics and the comparison's text, document, table and page.
//! Nothing may panic, hang, or take memory or time out of proportion to
//! the documents (`make fuzz`: scripts/fuzz.sh).
#![no_main]

#[path = "edits.rs"]
mod edits;

use libfuzzer_sys::fuzz_target;

const RUNS: [&str; 3] = [
    include_str!("../../tests/data/documents/points-a.json"),
    include_str!("../../tests/data/documents/points-b.json"),
    include_str!("../../tests/data/documents/merged.json"),
];

fuzz_target!(|data: &[u8]| pgbench_rs::fuzzing::compare(&edits::documents(data, &RUNS)));
