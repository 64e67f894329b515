//! The command line as pgbench-rs records it (in every document, page and
//! table): each argument that holds the database name or a connection
//! string (`-d V`, `-dV`, `-SdV`, `--dbname=V` and its abbreviations, a
//! positional argument anywhere) passes through the one redaction
//! ([`crate::redact`]); the others are kept as given. The same reading
//! applies to a command line recorded by an earlier pgbench-rs, when
//! `--merge` or `--compare` writes it again ([`recorded_again`]).

use std::ffi::OsString;
use std::os::unix::ffi::OsStrExt;

use super::compat;
use super::getopt::{Item, Opt};
use crate::redact;

/// `argv` (with `argv[0]`) as it is recorded.
pub(crate) fn command_line(argv: &[OsString]) -> Vec<String> {
    let mut out: Vec<String> = argv.iter().map(|a| a.to_string_lossy().into_owned()).collect();
    let (_, items, places, _) = compat::read_placed(argv.iter().skip(1).cloned().collect());
    for (item, place) in items.iter().zip(places) {
        let database = match item {
            Item::Opt(d, Some(_)) => d.opt == Opt::Dbname,
            Item::Opt(_, None) => false,
            Item::Positional(_) => true,
        };
        if !database {
            continue;
        }
        let Some(arg) = argv.get(place.arg + 1) else { continue };
        let bytes = arg.as_bytes();
        let (option, value) = bytes.split_at(place.offset.min(bytes.len()));
        let value = String::from_utf8_lossy(value);
        let recorded = redact::conninfo(&value);
        if recorded != value {
            out[place.arg + 1] = format!("{}{recorded}", String::from_utf8_lossy(option));
        }
    }
    out
}

/// A command line an earlier pgbench-rs recorded (its arguments as text),
/// recorded again.
pub(crate) fn recorded_again(argv: &[String]) -> Vec<String> {
    command_line(&argv.iter().map(OsString::from).collect::<Vec<_>>())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn recorded(args: &[&str]) -> Vec<String> {
        let mut argv = vec!["pgbench-rs"];
        argv.extend(args);
        recorded_again(&argv.iter().map(|a| (*a).to_string()).collect::<Vec<_>>())[1..].to_vec()
    }

    const SECRET: &str = "host=h password=S3cret dbname=d";
    const SHOWN: &str = "host=h password=******** dbname=d";

    #[test]
    fn every_place_a_database_name_can_be() {
        for (given, expected) in [
            (vec!["-d", SECRET, "-n"], vec!["-d", SHOWN, "-n"]),
            (vec![&format!("-d{SECRET}")[..]], vec![&format!("-d{SHOWN}")[..]]),
            (vec![&format!("-Snd{SECRET}")[..]], vec![&format!("-Snd{SHOWN}")[..]]),
            (vec![&format!("--dbname={SECRET}")[..]], vec![&format!("--dbname={SHOWN}")[..]]),
            (vec![&format!("--db={SECRET}")[..]], vec![&format!("--db={SHOWN}")[..]]),
            (vec!["--dbn", SECRET], vec!["--dbn", SHOWN]),
            (vec!["-c", "2", SECRET, "-T", "3"], vec!["-c", "2", SHOWN, "-T", "3"]),
            (vec!["-n", "--", SECRET], vec!["-n", "--", SHOWN]),
            (vec!["-d", SECRET, "-d", "bench"], vec!["-d", SHOWN, "-d", "bench"]),
            (
                vec!["--report-json=r.json", "postgresql://u:pw@h/d"],
                vec!["--report-json=r.json", "postgresql://u:********@h/d"],
            ),
            (vec!["-d", "host=h password"], vec!["-d", redact::MARKER]),
        ] {
            assert_eq!(recorded(&given), expected, "{given:?}");
        }
    }

    #[test]
    fn other_arguments_are_kept_as_given() {
        // A value that looks like a secret in another option's place, and
        // a -d's value as another option's (-c takes "-d").
        for args in [
            vec!["-D", "password=x", "-f", "a=b.sql", "bench"],
            vec!["--log-prefix=password=x", "-c", "-d", "bench"],
            vec!["-T", "3", "--report-html", "password=x.html", "bench"],
        ] {
            assert_eq!(recorded(&args), args, "{args:?}");
        }
        assert_eq!(recorded(&["-c", "-d", "password=x"]), ["-c", "-d", "password=********"]);
    }
}
