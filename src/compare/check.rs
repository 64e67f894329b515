//! Whether runs may be compared: they must have run the same thing
//! (scripts, `-M`, clients and threads, scale, `-R`, `-t`/`-T`, the
//! server's major version) as the same pgbench (`--compat`).
//! [`differences`] names what differs.

use super::runs::Run;
use crate::report::doc::model::{Configuration, RunDocument};

/// One thing runs must share: how a message names it, and its value in a
/// run's document as a message shows it (the scripts by their names and
/// weights) with what it is compared by (the scripts' text too).
struct Aspect {
    /// How a message names it.
    name: &'static str,
    /// Its value as a message shows it, and as it is compared.
    value: fn(&RunDocument) -> (String, String),
}

/// A value as a message shows it: none, a text in quotes, a number.
fn shown<T: serde::Serialize>(v: Option<&T>) -> String {
    v.map_or_else(|| "none".to_string(), crate::report::doc::write::text_of)
}

/// A configuration's value, shown and compared alike.
fn conf<T: serde::Serialize>(
    d: &RunDocument,
    of: fn(&Configuration) -> Option<&T>,
) -> (String, String) {
    let text = shown(of(&d.configuration));
    (text.clone(), text)
}

/// The server's major version (`17` of `17.5`, `18` of `18beta1`).
fn server_major(d: &RunDocument) -> (String, String) {
    let major: String = d.server_version.chars().take_while(char::is_ascii_digit).collect();
    let text = shown(Some(&major));
    (text.clone(), text)
}

/// The scripts: by their names and weights, compared with their text.
fn scripts(d: &RunDocument) -> (String, String) {
    let list = &d.configuration.scripts;
    let names: Vec<String> = list.iter().map(|s| format!("{}@{}", s.name, s.weight)).collect();
    (format!("[{}]", names.join(", ")), shown(Some(list)))
}

const ASPECTS: &[Aspect] = &[
    Aspect { name: "the scripts", value: scripts },
    Aspect { name: "the query mode (-M)", value: |d| conf(d, |c| Some(&c.query_mode)) },
    Aspect { name: "the number of clients (-c)", value: |d| conf(d, |c| Some(&c.clients)) },
    Aspect { name: "the number of threads (-j)", value: |d| conf(d, |c| Some(&c.threads)) },
    Aspect { name: "the scale factor", value: |d| conf(d, |c| c.scale.as_ref()) },
    Aspect { name: "the rate (-R)", value: |d| conf(d, |c| c.rate_tps.as_ref()) },
    Aspect {
        name: "the transactions per client (-t)",
        value: |d| conf(d, |c| c.transactions_per_client.as_ref()),
    },
    Aspect { name: "the duration (-T)", value: |d| conf(d, |c| c.duration_s.as_ref()) },
    Aspect { name: "the server's major version", value: server_major },
    // (17 in documents from before there was a choice.)
    Aspect {
        name: "the pgbench reproduced (--compat)",
        value: |d| {
            let v = shown(Some(&d.configuration.compat.unwrap_or(17)));
            (v.clone(), v)
        },
    },
];

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
            let ((l, mine), (r, theirs)) = ((a.value)(&reference.doc), (a.value)(&run.doc));
            if mine != theirs {
                // The scripts differ also when only their text does.
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

    fn run(file: &str, mode: &str, version: &str) -> Run {
        let mut doc = crate::report::doc::model::run_with(10.0, 1.0, [1.0, 2.0, 3.0]);
        doc.server_version = version.into();
        doc.configuration.query_mode = serde_json::from_value(serde_json::json!(mode)).unwrap();
        doc.configuration.compat = None;
        doc.configuration.scripts[0].name = "<builtin: TPC-B (sort of)>".into();
        Run { file: file.into(), doc }
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
        compat.doc.configuration.compat = Some(18);
        assert_eq!(
            differences(&a, [compat].iter()),
            ["the pgbench reproduced (--compat): 17 in \"a.json\", 18 in \"f.json\""]
        );
        let mut text = run("e.json", "simple", "17.5");
        text.doc.configuration.scripts[0].text = "y".into();
        assert_eq!(
            differences(&a, [text].iter()),
            [
                "the scripts: [<builtin: TPC-B (sort of)>@1] (text) in \"a.json\", [<builtin: TPC-B (sort of)>@1] (text) in \"e.json\""
            ]
        );
    }
}
