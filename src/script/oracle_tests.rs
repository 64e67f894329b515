//! Script parsing compared with C pgbench: tests/data/syntax-errors.tsv
//! holds what the real C pgbench 17 prints for each script (regenerate it with
//! `scripts/golden-expr.sh syntax`); the scripts are read as 17 reads them.

use super::{QueryMode, VarRegistry, finalize_scripts, parse_script_of};

#[path = "../../tests/data/tsv.rs"]
mod tsv;
use tsv::unescape;

fn outcome(script: &[u8], mode: QueryMode) -> Vec<u8> {
    let mut reg = VarRegistry::new();
    let res = parse_script_of(&crate::version::PGBENCH_17, "script.sql", script, &mut reg)
        .and_then(|s| {
            let mut all = [s];
            finalize_scripts(&mut all, mode)
        });
    match res {
        Ok(()) => b"OK".to_vec(),
        Err(e) => e.to_string().into_bytes(),
    }
}

#[test]
fn syntax_errors_match_c_pgbench() {
    {
        let data = include_str!("../../tests/data/syntax-errors.tsv");
        let mut n = 0;
        let mut failures = Vec::new();
        for line in data.lines().filter(|l| !l.starts_with('#')) {
            let f: Vec<&str> = line.split('\t').collect();
            assert_eq!(f.len(), 4, "{line}");
            let mode = match f[1] {
                "simple" => QueryMode::Simple,
                "extended" => QueryMode::Extended,
                _ => QueryMode::Prepared,
            };
            let expected = unescape(f[3]);
            let got = outcome(&unescape(f[2]), mode);
            if got != expected {
                failures.push(format!(
                    "{}:\n  expected {}\n  got      {}",
                    f[0],
                    String::from_utf8_lossy(&expected),
                    String::from_utf8_lossy(&got)
                ));
            }
            n += 1;
        }
        assert!(n >= 120, "only {n} cases");
        assert!(failures.is_empty(), "{} of {n} differ:\n{}", failures.len(), failures.join("\n"));
    }
}
