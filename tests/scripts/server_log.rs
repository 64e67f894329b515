//! The server's logging of a prepared statement's bind parameters
//! (`log_parameter_max_length`, `..._on_error`): C's six 'server parameter
//! logging' cases, what the client prints and what the server log holds.

use std::sync::{Arc, Mutex};

use super::aborted_report;
use crate::harness::bench::Bench;
use crate::harness::{Pgbench, cluster, create_db, needs};

/// The six 'server parameter logging' cases, in order, with the server
/// settings each runs under (given per session with PGOPTIONS), the texts
/// its stderr must contain, and what the server log must (not) contain.
#[test]
fn server_parameter_logging() {
    let name = needs!(Server);
    let db = create_db(name);
    let json = "select '{ invalid ' as value \\gset\n\
                select $$'Valame Dios!' dijo Sancho; 'no le dije yo a vuestra merced que mirase bien lo que hacia?'$$ as long \\gset\n\
                select column1::jsonb from (values (:value), (:long)) as q;\n";
    let div = "select '1' as one \\gset\nSELECT 1 / (random() / 2)::int, :one::int, :two::int;\n";
    let small = "select 42 as value1, '1a' as value2 \\gset\nselect :value1::smallint, :value2::smallint;\n";
    let s1 = "-c log_min_duration_statement=0 -c log_parameter_max_length=0 -c log_parameter_max_length_on_error=0";
    let s2 = "-c log_min_duration_statement=0 -c log_parameter_max_length=-1 -c log_parameter_max_length_on_error=64";
    let s4 = "-c log_min_duration_statement=-1 -c log_parameter_max_length=7 -c log_parameter_max_length_on_error=-1";
    let s5 = "-c log_min_duration_statement=0 -c log_parameter_max_length=7 -c log_parameter_max_length_on_error=-1";
    // (file, script, settings, stderr texts, stderr must not contain, log must contain, log must not contain)
    type LogCase<'a> = (
        &'a str,
        &'a str,
        &'a str,
        Vec<&'a str>,
        Option<&'a str>,
        Option<&'a str>,
        Option<&'a str>,
    );
    // The division by zero: stderr names the parameters in each setting
    // it runs under; the server log is not checked.
    let division = |file, settings| -> LogCase<'_> {
        let context = "CONTEXT:  unnamed portal with parameters: $1 = '1', $2 = NULL";
        (file, div, settings, vec!["ERROR:  division by zero", context], None, None, None)
    };
    let cases: Vec<LogCase<'_>> = vec![
        (
            "001_param_1",
            json,
            s1,
            vec!["ERROR:  invalid input syntax for type json"],
            Some("unnamed portal with parameters"),
            None,
            Some("detail:  parameters: $1 = '{ invalid ',"),
        ),
        division("001_param_2", s2),
        (
            "001_param_3",
            json,
            s2,
            vec![
                "ERROR:  invalid input syntax for type json",
                "CONTEXT:  JSON data, line 1: { invalid...\nunnamed portal with parameters: $1 = '{ invalid ', \
                 $2 = '''Valame Dios!'' dijo Sancho; ''no le dije yo a vuestra merced que ...'",
            ],
            None,
            Some(
                "detail:  parameters: $1 = '{ invalid ', $2 = '''valame dios!'' dijo sancho; \
                 ''no le dije yo a vuestra merced que mirase bien lo que hacia?'''",
            ),
            None,
        ),
        division("001_param_4", s4),
        (
            "001_param_5",
            json,
            s5,
            vec![
                "ERROR:  invalid input syntax for type json",
                "CONTEXT:  JSON data, line 1: { invalid...\nunnamed portal with parameters: $1 = '{ invalid ', \
                 $2 = '''Valame Dios!'' dijo Sancho; ''no le dije yo a vuestra merced que mirase bien lo que hacia?'''",
            ],
            None,
            Some("detail:  parameters: $1 = '{ inval...', $2 = '''valame...'"),
            None,
        ),
        (
            "001_param_6",
            small,
            s5,
            vec![
                "ERROR:  invalid input syntax for type smallint: \"1a\"",
                "CONTEXT:  unnamed portal parameter $2 = '1a'",
            ],
            None,
            None,
            None,
        ),
    ];
    let log_file = cluster().log_file();
    let log_len = move || std::fs::metadata(&log_file).map(|m| m.len()).unwrap_or(0);
    for (file, script, settings, texts, not_text, log_has, log_not) in cases {
        let case = format!("{name}_{file}");
        let run = Pgbench::new(["-n", "-t1", "-c1", "-M", "prepared", "-f", file, &db.name])
            .file(file, script)
            .env("PGOPTIONS", settings)
            .label(&case);
        let offsets: Arc<Mutex<Vec<u64>>> = Arc::new(Mutex::new(Vec::new()));
        let o2 = Arc::clone(&offsets);
        let ll = log_len.clone();
        let mut r = Bench::new(&case, run).before_each(move || o2.lock().unwrap().push(ll())).run();
        r.same().status(2).stdout_is(&aborted_report(file, "prepared", 1));
        for t in texts {
            r.stderr_contains(t);
        }
        if let Some(t) = not_text {
            r.each(|o| {
                if o.stderr.contains(t) { Err(format!("stderr contains {t:?}")) } else { Ok(()) }
            });
        }
        // The server log written during each run (a backend writes an
        // error's report to its log before it sends the error to the
        // client, which then fails and ends).
        let log = std::fs::read(cluster().log_file()).unwrap_or_default();
        let mut bounds = offsets.lock().unwrap().clone();
        bounds.push(u64::try_from(log.len()).unwrap_or(u64::MAX));
        let labels = r.sides().iter().map(|(l, _)| *l).collect::<Vec<_>>();
        for (i, label) in labels.iter().enumerate() {
            let a = usize::try_from(bounds[i]).unwrap_or(usize::MAX);
            let b = usize::try_from(bounds[i + 1]).unwrap_or(usize::MAX);
            let part =
                String::from_utf8_lossy(&log[a.min(log.len())..b.min(log.len())]).to_lowercase();
            if let Some(t) = log_has.filter(|t| !part.contains(t)) {
                r.check.fail(format!(
                    "{case}: the server log of the {label} run has no {t:?}:\n{part}\n"
                ));
            }
            if let Some(t) = log_not.filter(|t| part.contains(t)) {
                r.check.fail(format!(
                    "{case}: the server log of the {label} run has {t:?}:\n{part}\n"
                ));
            }
        }
        r.finish();
    }
}
