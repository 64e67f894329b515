//! `--merge FILE --report-csv=OUT` of a document from elsewhere (a
//! run's, several runs' or a comparison's): reading it, the checks of
//! what it says, and its table. Nothing may panic, hang, or take memory or
//! time out of proportion to the document (`make fuzz`: scripts/fuzz.sh).
#![no_main]

#[path = "edits.rs"]
mod edits;

use libfuzzer_sys::fuzz_target;

const DOCUMENTS: [&str; 3] = [
    include_str!("../../tests/data/documents/merged.json"),
    include_str!("../../tests/data/documents/points-a.json"),
    include_str!("../../tests/data/documents/comparison.json"),
];

fuzz_target!(|data: &[u8]| {
    // The last byte chooses the document; the others make it.
    let (which, rest) = data.split_last().map_or((0, data), |(w, r)| (usize::from(*w), r));
    let docs = edits::documents(rest, &DOCUMENTS);
    pgbench_rs::fuzzing::csv(&docs[which % docs.len()]);
});
