//! The documents of the runs of a sweep (or of `--repeat`): while a sweep
//! runs, the end of each run hands its JSON document here instead of
//! writing it to `--report-json`.

use std::sync::Mutex;

use serde_json::Value;

/// The documents gathered, None when no sweep runs.
static RUNS: Mutex<Option<Vec<Value>>> = Mutex::new(None);

/// The gathered documents, whatever a panicking holder left.
fn runs() -> std::sync::MutexGuard<'static, Option<Vec<Value>>> {
    RUNS.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Starts gathering.
pub(crate) fn start() {
    *runs() = Some(Vec::new());
}

/// Whether a sweep gathers the documents.
pub(crate) fn on() -> bool {
    runs().is_some()
}

/// Keeps a run's document.
pub(crate) fn push(doc: Value) {
    if let Some(v) = runs().as_mut() {
        v.push(doc);
    }
}

/// The documents gathered since the last call.
pub(crate) fn take() -> Vec<Value> {
    runs().as_mut().map(std::mem::take).unwrap_or_default()
}

/// Stops gathering.
pub(crate) fn stop() {
    *runs() = None;
}
