//! The schemas in `schema/` against the documents' types: each kept
//! document (`tests/data/documents/`), read into its type and written
//! back, has every member its schema requires and none it does not
//! declare where it allows no other.

use serde_json::Value;

use super::model::{ComparisonDocument, PointsDocument, RunDocument, kept};

/// The members an object schema declares, whether it allows others,
/// and those it requires (through `$ref` and `allOf`).
fn object_schema(root: &Value, schema: &Value) -> (Vec<String>, bool, Vec<String>) {
    let schema = resolve(root, schema);
    let (mut declared, mut closed, mut required) = (Vec::new(), false, Vec::new());
    if let Some(p) = schema["properties"].as_object() {
        declared.extend(p.keys().cloned());
    }
    closed |= schema["additionalProperties"] == Value::Bool(false);
    if let Some(r) = schema["required"].as_array() {
        required.extend(r.iter().filter_map(Value::as_str).map(String::from));
    }
    for part in schema["allOf"].as_array().into_iter().flatten() {
        let (d, c, r) = object_schema(root, part);
        declared.extend(d);
        closed |= c;
        required.extend(r);
    }
    (declared, closed, required)
}

/// `schema` with its `$ref` followed.
fn resolve<'a>(root: &'a Value, schema: &'a Value) -> &'a Value {
    match schema["$ref"].as_str().and_then(|r| r.strip_prefix("#/definitions/")) {
        Some(name) => resolve(root, &root["definitions"][name]),
        None => schema,
    }
}

/// The schema of member `key` of an object schema (through `allOf`).
fn member<'a>(root: &'a Value, schema: &'a Value, key: &str) -> Option<&'a Value> {
    let schema = resolve(root, schema);
    if let Some(m) = schema["properties"].get(key) {
        return Some(m);
    }
    schema["allOf"].as_array()?.iter().find_map(|part| member(root, part, key))
}

/// Checks `v` against `schema`'s members: where the schema allows no
/// other member, each of `v`'s is declared; each required one is
/// there. (The views' rows of `--server-stats` are the server's own.)
fn agrees(root: &Value, schema: &Value, v: &Value, path: &str) {
    let schema = resolve(root, schema);
    match v {
        Value::Object(o) => {
            let (declared, closed, required) = object_schema(root, schema);
            for key in o.keys() {
                assert!(!closed || declared.contains(key), "{path}.{key}: not in the schema");
            }
            for key in &required {
                assert!(o.contains_key(key), "{path}.{key}: required, not written");
            }
            for (key, x) in o {
                let sub = member(root, schema, key).or_else(|| {
                    let extra = &schema["additionalProperties"];
                    extra.is_object().then_some(extra)
                });
                if let Some(sub) = sub {
                    agrees_any(root, sub, x, &format!("{path}.{key}"));
                }
            }
        }
        Value::Array(a) => {
            if let Some(items) = schema.get("items") {
                for (i, x) in a.iter().enumerate() {
                    agrees_any(root, items, x, &format!("{path}[{i}]"));
                }
            }
        }
        _ => {}
    }
}

/// [`agrees`] with the branch of a `oneOf` that fits the value's kind.
fn agrees_any(root: &Value, schema: &Value, v: &Value, path: &str) {
    let schema = resolve(root, schema);
    match schema["oneOf"].as_array() {
        Some(branches) => {
            let kind = |b: &Value| resolve(root, b)["type"].clone();
            let fits = branches.iter().find(|b| {
                matches!(
                    (kind(b).as_str(), v),
                    (Some("null"), Value::Null)
                        | (Some("object") | None, Value::Object(_))
                        | (Some("array"), Value::Array(_))
                )
            });
            if let Some(b) = fits {
                agrees(root, b, v, path);
            }
        }
        None => agrees(root, schema, v, path),
    }
}

/// The types write what `schema/` declares: each kept document, read
/// into its type and written back, has every member its schema
/// requires and none it does not declare.
#[test]
fn the_types_agree_with_the_schemas() {
    let schema = |name: &str| -> Value {
        let path = format!("{}/schema/{name}.schema.json", env!("CARGO_MANIFEST_DIR"));
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
    };
    let report = schema("report");
    for name in ["run.json", "shard0.json", "shard1.json", "merged.json"] {
        let v = serde_json::to_value(kept::<RunDocument>(name)).unwrap();
        agrees(&report, &report, &v, name);
    }
    // The client's object, of a run and of a merge, under -R and not.
    for (throttled, merged) in [(false, false), (true, false), (true, true)] {
        let mut run = kept::<RunDocument>("run.json");
        run.client = Some(super::client::example(run.progress.start_time_us, throttled, merged));
        let v = serde_json::to_value(&run).unwrap();
        agrees(&report, &report, &v, &format!("client (-R {throttled}, merged {merged})"));
    }
    let points = schema("points");
    for name in ["points-a.json", "points-b.json"] {
        let doc: PointsDocument = kept(name);
        let v = serde_json::to_value(&doc).unwrap();
        agrees(&points, &points, &v, name);
        for run in &doc.points[0].runs {
            agrees(&report, &report, &serde_json::to_value(run).unwrap(), name);
        }
    }
    let comparison = schema("comparison");
    let v = serde_json::to_value(kept::<ComparisonDocument>("comparison.json")).unwrap();
    agrees(&comparison, &comparison, &v, "comparison.json");
}
