//! Whether runs may be compared: they must have run the same thing
//! (scripts, `-M`, clients and threads, scale, `-R`, `-t`/`-T`, the
//! server's major version) as the same pgbench (`--compat`).
//! [`differences`] names what differs.

use serde_json::Value;

use super::runs::Run;

/// One thing runs must share, and where their reports say it.
struct Aspect {
    /// How a message names it.
    name: &'static str,
    /// The value in a run's report.
    value: fn(&Value) -> Value,
}

/// The server's major version (`17` of `17.5`, `18` of `18beta1`).
fn server_major(doc: &Value) -> Value {
    let text = doc.get("server_version").and_then(Value::as_str).unwrap_or("");
    let major: String = text.chars().take_while(char::is_ascii_digit).collect();
    Value::String(major)
}

/// The pgbench a run reproduced (`--compat`): 17 in documents from
/// before there was a choice.
fn compat(doc: &Value) -> Value {
    match conf(doc, "compat") {
        Value::Null => Value::from(17),
        v => v,
    }
}

/// The member of the configuration at `key`.
fn conf(doc: &Value, key: &str) -> Value {
    crate::report::doc::fields::at(doc, &["configuration", key]).clone()
}

const ASPECTS: &[Aspect] = &[
    Aspect { name: "the scripts", value: |d| conf(d, "scripts") },
    Aspect { name: "the query mode (-M)", value: |d| conf(d, "query_mode") },
    Aspect { name: "the number of clients (-c)", value: |d| conf(d, "clients") },
    Aspect { name: "the number of threads (-j)", value: |d| conf(d, "threads") },
    Aspect { name: "the scale factor", value: |d| conf(d, "scale") },
    Aspect { name: "the rate (-R)", value: |d| conf(d, "rate_tps") },
    Aspect {
        name: "the transactions per client (-t)",
        value: |d| conf(d, "transactions_per_client"),
    },
    Aspect { name: "the duration (-T)", value: |d| conf(d, "duration_s") },
    Aspect { name: "the server's major version", value: server_major },
    Aspect { name: "the pgbench reproduced (--compat)", value: compat },
];

/// A value as a message shows it: scripts by their names and weights.
fn shown(name: &str, v: &Value) -> String {
    if name == "the scripts" {
        let list: Vec<String> = v
            .as_array()
            .into_iter()
            .flatten()
            .map(|s| {
                let n = s.get("name").and_then(Value::as_str).unwrap_or("?");
                let w = s.get("weight").and_then(Value::as_i64).unwrap_or(0);
                format!("{n}@{w}")
            })
            .collect();
        return format!("[{}]", list.join(", "));
    }
    match v {
        Value::Null => "none".to_string(),
        Value::String(s) => format!("\"{s}\""),
        other => other.to_string(),
    }
}

/// What differs between `reference` and each of `others`: one message a
/// difference, the first run that shows it named (`what differs: value
/// in file, value in file`).
pub(crate) fn differences<'a>(
    reference: &Run,
    others: impl Iterator<Item = &'a Run>,
) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut seen: Vec<&str> = Vec::new();
    for run in others {
        for a in ASPECTS {
            if seen.contains(&a.name) {
                continue;
            }
            let (mine, theirs) = ((a.value)(&reference.doc), (a.value)(&run.doc));
            if mine != theirs {
                // The scripts differ also when only their text does.
                let (l, r) = (shown(a.name, &mine), shown(a.name, &theirs));
                let (l, r) =
                    if l == r { (format!("{l} (text)"), format!("{r} (text)")) } else { (l, r) };
                out.push(format!(
                    "{}: {l} in \"{}\", {r} in \"{}\"",
                    a.name, reference.file, run.file
                ));
                seen.push(a.name);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn run(file: &str, mode: &str, version: &str) -> Run {
        Run {
            file: file.into(),
            doc: json!({"server_version": version, "configuration": {
                "scripts": [{"name": "<builtin: TPC-B (sort of)>", "weight": 1, "text": "x"}],
                "query_mode": mode, "clients": 2, "threads": 1, "scale": 1, "rate_tps": null,
                "transactions_per_client": 10, "duration_s": null}}),
        }
    }

    #[test]
    fn names_the_difference() {
        let a = run("a.json", "simple", "17.5");
        let same = [run("b.json", "simple", "17.2")];
        assert!(differences(&a, same.iter()).is_empty());
        let other = [
            run("b.json", "simple", "17.2"),
            run("c.json", "prepared", "18.1"),
            run("d.json", "extended", "18.1"),
        ];
        assert_eq!(
            differences(&a, other.iter()),
            [
                "the query mode (-M): \"simple\" in \"a.json\", \"prepared\" in \"c.json\"",
                "the server's major version: \"17\" in \"a.json\", \"18\" in \"c.json\"",
            ]
        );
        let mut compat = run("f.json", "simple", "17.5");
        compat.doc["configuration"]["compat"] = json!(18);
        assert_eq!(
            differences(&a, [compat].iter()),
            ["the pgbench reproduced (--compat): 17 in \"a.json\", 18 in \"f.json\""]
        );
        let mut text = run("e.json", "simple", "17.5");
        text.doc["configuration"]["scripts"][0]["text"] = json!("y");
        assert_eq!(
            differences(&a, [text].iter()),
            [
                "the scripts: [<builtin: TPC-B (sort of)>@1] (text) in \"a.json\", [<builtin: TPC-B (sort of)>@1] (text) in \"e.json\""
            ]
        );
    }
}
