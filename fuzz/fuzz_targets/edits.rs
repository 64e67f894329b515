//! The documents the document fuzz targets give pgbench-rs. The fuzzer's
//! first byte chooses how its bytes make them: as the documents
//! themselves (split at NUL bytes; missing ones are the seeds), or as
//! edits of the seed documents, real documents of this program
//! (`tests/data/documents/`): each edit walks a path into one document
//! and replaces what it finds with an integer, a number, a text, a copy
//! of another part, nothing, or removes it, repeats it, empties it. The
//! edits reach the checks of a document's meaning (counts, times,
//! histograms, shards) that random bytes rarely get past JSON's syntax
//! to.

use serde_json::{Map, Value, json};

/// The bytes, read one at a time (zeros once they are used up).
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn next(&mut self) -> u8 {
        let (first, rest) = self.0.split_first().unwrap_or((&0, &[]));
        self.0 = rest;
        *first
    }

    fn eight(&mut self) -> [u8; 8] {
        std::array::from_fn(|_| self.next())
    }

    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// The documents made from `data` and the `seeds`, one per seed.
pub fn documents(data: &[u8], seeds: &[&str]) -> Vec<Vec<u8>> {
    let Some((mode, rest)) = data.split_first() else {
        return seeds.iter().map(|s| s.as_bytes().to_vec()).collect();
    };
    if mode % 2 == 0 {
        let mut given: Vec<Vec<u8>> = rest.split(|b| *b == 0).map(<[u8]>::to_vec).collect();
        given.truncate(seeds.len());
        given.extend(seeds[given.len()..].iter().map(|s| s.as_bytes().to_vec()));
        return given;
    }
    let mut docs: Vec<Value> = seeds.iter().map(|s| serde_json::from_str(s).unwrap_or(Value::Null)).collect();
    let mut bytes = Bytes(rest);
    let mut budget = GROWTH;
    let mut edits = 0;
    while !bytes.is_empty() && edits < 64 {
        edit(&mut docs, &mut bytes, &mut budget);
        edits += 1;
    }
    docs.iter().map(|d| serde_json::to_vec(d).unwrap_or_default()).collect()
}

/// How many values the edits may add to the documents in all: repeats
/// and copies of copies would otherwise grow them exponentially, and the
/// fuzzer would time the edits rather than the program.
const GROWTH: usize = 1 << 18;

/// The values in `v`, itself included.
fn size(v: &Value) -> usize {
    1 + match v {
        Value::Array(a) => a.iter().map(size).sum(),
        Value::Object(m) => m.values().map(size).sum(),
        _ => 0,
    }
}

/// One edit of one of `docs`, adding at most `budget` values.
fn edit(docs: &mut [Value], b: &mut Bytes<'_>, budget: &mut usize) {
    let op = b.next();
    let which = usize::from(b.next()) % docs.len();
    let copy = {
        let other = usize::from(b.next()) % docs.len();
        look(&docs[other], b).clone()
    };
    let target = walk(&mut docs[which], b);
    let replacement = match op % 14 {
        0 => json!(i64::from_le_bytes(b.eight())),
        1 => {
            let x = f64::from_le_bytes(b.eight());
            if x.is_finite() { json!(x) } else { json!(1e308) }
        }
        2 => json!(i64::from(b.next() as i8)),
        3 => Value::Null,
        4 => {
            let n = usize::from(b.next() % 16);
            Value::String((0..n).map(|_| char::from(b.next() % 95 + 32)).collect())
        }
        5 => Value::Bool(b.next() % 2 == 1),
        6 => {
            remove_child(target, b.next());
            return;
        }
        7 => {
            let (pick, times) = (b.next(), usize::from(b.next() % 8) + 1);
            repeat_child(target, pick, times, budget);
            return;
        }
        8 => Value::Array(Vec::new()),
        9 => Value::Object(Map::new()),
        10 => match size(&copy) {
            n if n <= *budget => {
                *budget -= n;
                copy
            }
            _ => Value::Null,
        },
        11 => {
            let extremes = [
                json!(i64::MAX),
                json!(i64::MIN),
                json!(u64::MAX),
                json!(1e308),
                json!(-1),
                json!(1_i64 << 53),
                json!((1_i64 << 48) + 1),
                json!(4_294_967_296_i64),
                json!(-1e-300),
                json!(0.5),
            ];
            extremes[usize::from(b.next()) % extremes.len()].clone()
        }
        12 => {
            repeat_child(target, b.next(), 1000, budget);
            return;
        }
        _ => match &*target {
            Value::Number(n) => {
                let delta = i64::from(b.next() as i8);
                n.as_i64().map_or(Value::Null, |v| json!(v.wrapping_add(delta)))
            }
            other => other.clone(),
        },
    };
    *target = replacement;
}

/// A place in `v`: a step a byte, each choosing a member or an element,
/// as deep as the first byte says.
fn walk<'a>(v: &'a mut Value, b: &mut Bytes<'_>) -> &'a mut Value {
    let depth = b.next() % 8;
    let mut at = v;
    for _ in 0..depth {
        let pick = usize::from(b.next());
        let n = match &*at {
            Value::Object(m) => m.len(),
            Value::Array(a) => a.len(),
            _ => 0,
        };
        if n == 0 {
            break;
        }
        at = match at {
            Value::Object(m) => match m.values_mut().nth(pick % n) {
                Some(child) => child,
                None => unreachable!("a member of a non-empty object"),
            },
            Value::Array(a) => &mut a[pick % n],
            other => other,
        };
    }
    at
}

/// The place `walk` would find in `v`, to read.
fn look<'a>(v: &'a Value, b: &mut Bytes<'_>) -> &'a Value {
    let depth = b.next() % 8;
    let mut at = v;
    for _ in 0..depth {
        let pick = usize::from(b.next());
        at = match at {
            Value::Object(m) if !m.is_empty() => m.values().nth(pick % m.len()).unwrap_or(at),
            Value::Array(a) if !a.is_empty() => &a[pick % a.len()],
            _ => break,
        };
    }
    at
}

fn remove_child(v: &mut Value, pick: u8) {
    match v {
        Value::Object(m) if !m.is_empty() => {
            let key = m.keys().nth(usize::from(pick) % m.len()).cloned().unwrap_or_default();
            m.remove(&key);
        }
        Value::Array(a) if !a.is_empty() => {
            let n = a.len();
            a.remove(usize::from(pick) % n);
        }
        _ => {}
    }
}

fn repeat_child(v: &mut Value, pick: u8, times: usize, budget: &mut usize) {
    if let Value::Array(a) = v {
        if let Some(item) = a.get(usize::from(pick) % a.len().max(1)) {
            let added = size(item).saturating_mul(times);
            if added <= *budget {
                *budget -= added;
                let item = item.clone();
                a.extend(std::iter::repeat_n(item, times));
            }
        }
    }
}
