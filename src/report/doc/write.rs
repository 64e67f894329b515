//! Writing the documents: a document's text is serde_json's pretty
//! printing of its value ([`super::model`] through a `Value`, whose
//! objects keep their keys sorted), one line-end after it; a run's
//! one-second intervals are written as they are made, each its own value,
//! so that a long run's document is never held whole, and the text is
//! that of the whole document.

use serde::Serialize;
use serde_json::{Map, Value};

use super::model::{Interval, RunDocument};
use crate::report::files::{self, Written};

/// A document's value (its types make a value of any document).
pub(crate) fn value(doc: &impl Serialize) -> Value {
    serde_json::to_value(doc).unwrap_or(Value::Null)
}

/// A value as a document writes it (`7.124`, `1.0`, `"simple"`, `null`).
pub(crate) fn text_of(v: &impl Serialize) -> String {
    serde_json::to_string(v).unwrap_or_default()
}

/// Writes the document `doc` to `path`, whole or not at all
/// ([`files::save`]).
pub(crate) fn save(path: &str, doc: &impl Serialize) -> Written {
    use std::io::Write;
    let v = value(doc);
    files::save(path, |out| {
        serde_json::to_writer_pretty(&mut *out, &v).map_err(std::io::Error::from)?;
        out.write_all(b"\n")
    })
}

/// Writes a run's document to `path`, whole or not at all: `doc` without
/// its intervals, and `intervals` written into it as they are made.
pub(crate) fn save_run(
    path: &str,
    doc: &RunDocument,
    intervals: impl Iterator<Item = Interval>,
) -> Written {
    use std::io::Write;
    let v = value(doc);
    let mut intervals = Some(intervals.map(|i| value(&i)));
    files::save(path, |out| {
        write_streamed(&mut *out, &v, intervals.take().into_iter().flatten())?;
        out.write_all(b"\n")
    })
}

/// Writes `doc` as `serde_json::to_writer_pretty` writes it, but its
/// empty `progress.intervals`, which `intervals` makes as they are
/// written: the same text as the whole document's.
fn write_streamed(
    out: &mut impl std::io::Write,
    doc: &Value,
    intervals: impl Iterator<Item = Value>,
) -> std::io::Result<()> {
    let mut intervals = Some(intervals);
    let Value::Object(top) = doc else { return pretty(out, doc, 0) };
    write_object(out, top, 0, &mut |out, key, value| match value {
        Value::Object(progress) if key == "progress" => {
            write_object(out, progress, 1, &mut |out, key, value| {
                if key != "intervals" {
                    return pretty(out, value, 2);
                }
                let mut first = true;
                out.write_all(b"[")?;
                for interval in intervals.take().into_iter().flatten() {
                    out.write_all(if first { b"\n      " } else { b",\n      " })?;
                    pretty(out, &interval, 3)?;
                    first = false;
                }
                out.write_all(if first { b"]" } else { b"\n    ]" })
            })
        }
        _ => pretty(out, value, 1),
    })
}

/// An object at `depth` (two spaces each, as serde_json's pretty
/// printer), its values written by `value`.
fn write_object<W: std::io::Write>(
    out: &mut W,
    map: &Map<String, Value>,
    depth: usize,
    value: &mut dyn FnMut(&mut W, &str, &Value) -> std::io::Result<()>,
) -> std::io::Result<()> {
    if map.is_empty() {
        return out.write_all(b"{}");
    }
    let indent = "  ".repeat(depth + 1);
    out.write_all(b"{")?;
    for (i, (key, v)) in map.iter().enumerate() {
        out.write_all(if i == 0 { b"\n" } else { b",\n" })?;
        out.write_all(indent.as_bytes())?;
        serde_json::to_writer(&mut *out, key).map_err(std::io::Error::from)?;
        out.write_all(b": ")?;
        value(out, key, v)?;
    }
    out.write_all(b"\n")?;
    out.write_all("  ".repeat(depth).as_bytes())?;
    out.write_all(b"}")
}

/// `value` pretty-printed at `depth`: serde_json's text with each line
/// after the first indented (a JSON string holds no newline, so every
/// newline of the text is one of the printer's).
fn pretty(out: &mut impl std::io::Write, value: &Value, depth: usize) -> std::io::Result<()> {
    let text = serde_json::to_vec_pretty(value).map_err(std::io::Error::from)?;
    let indent = "  ".repeat(depth);
    for (i, line) in text.split(|&b| b == b'\n').enumerate() {
        if i > 0 {
            out.write_all(b"\n")?;
            out.write_all(indent.as_bytes())?;
        }
        out.write_all(line)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// The document written with its intervals made on the way is the
    /// text of the whole document: with none, one, several; keys that need
    /// escaping, nested arrays and objects, empty ones.
    #[test]
    fn a_streamed_document_is_the_whole_documents_text() {
        let doc = json!({
            "a\"b\n": [1, [], {}, {"x": [2.5, null]}],
            "empty": {},
            "progress": {"interval_s": 1, "intervals": [], "start_time": 3.25, "z": {"y": []}},
            "totals": {"transactions": 7, "latency_ms": {"percentiles": {"50": 1.5}}},
        });
        let interval =
            |i: u64| json!({"index": i, "latency_ms": {"histogram": "HISTF", "p": [i, {}]}});
        for n in [0, 1, 3] {
            let mut whole = doc.clone();
            whole["progress"]["intervals"] = (0..n).map(interval).collect();
            let mut streamed = Vec::new();
            write_streamed(&mut streamed, &doc, (0..n).map(interval)).unwrap();
            assert_eq!(
                String::from_utf8(streamed).unwrap(),
                serde_json::to_string_pretty(&whole).unwrap(),
                "{n} intervals"
            );
        }
        let mut streamed = Vec::new();
        write_streamed(&mut streamed, &json!({}), std::iter::empty()).unwrap();
        assert_eq!(streamed, b"{}");
    }
}
