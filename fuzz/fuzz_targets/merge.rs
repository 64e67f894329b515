//! `--merge` of two shards' documents from elsewhere, with every report
//! file: reading them, the checks of what they say, and the merged run's
//! text, document, table and page. Nothing may panic, hang, or take
//! memory or time out of proportion to the documents (`make fuzz` runs it
//! with a memory and a time limit per input: scripts/fuzz.sh).
#![no_main]

#[path = "edits.rs"]
mod edits;

use libfuzzer_sys::fuzz_target;

const SHARDS: [&str; 2] = [
    include_str!("../../tests/data/documents/shard0.json"),
    include_str!("../../tests/data/documents/shard1.json"),
];

fuzz_target!(|data: &[u8]| pgbench_rs::fuzzing::merge(&edits::documents(data, &SHARDS)));
