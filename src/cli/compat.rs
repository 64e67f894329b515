//! `--compat`: which pgbench the command line is read as. It is read
//! before the other options, wherever it is (it decides which long options
//! there are), and `--help` and `-V` find it before them.

use std::ffi::OsString;

use super::getopt::{self, Item, Opt, Place};
use super::values::pgbench_named;
use crate::version::{self, Pgbench};

/// Reads the command line with the long options of the pgbench it names
/// (the last `--compat`; else the default): the pgbench, and what getopt
/// read.
pub(super) fn read_options(
    args: Vec<OsString>,
) -> (&'static Pgbench, Vec<Item>, Option<getopt::GetoptError>) {
    let (p, items, _, error) = read_placed(args);
    (p, items, error)
}

/// [`read_options`], with each item's place on the command line.
pub(super) fn read_placed(
    args: Vec<OsString>,
) -> (&'static Pgbench, Vec<Item>, Vec<Place>, Option<getopt::GetoptError>) {
    let read = |p: &Pgbench| {
        let (items, places, error) = getopt::parse_placed(args.clone(), p.major);
        let named = items.iter().rev().find_map(|i| match i {
            Item::Opt(d, Some(v)) if d.opt == Opt::Compat => pgbench_named(&v.to_string_lossy()),
            _ => None,
        });
        (items, places, error, named)
    };
    let default = version::DEFAULT;
    let (items, places, error, named) = read(default);
    match named {
        Some(p) if getopt::same_options(p.major, default.major) => (p, items, places, error),
        // Its options read the command line otherwise: again, with them.
        Some(p) => {
            let (items, places, error, _) = read(p);
            (p, items, places, error)
        }
        None if error.is_none() => (default, items, places, error),
        // getopt stopped before the end: a --compat after that may name a
        // pgbench whose options read the command line to it.
        None => {
            for p in
                version::ALL.into_iter().filter(|p| !getopt::same_options(p.major, default.major))
            {
                if let (items, places, error, Some(named)) = read(p) {
                    if getopt::same_options(named.major, p.major) {
                        return (named, items, places, error);
                    }
                }
            }
            (default, items, places, error)
        }
    }
}

/// The first argument after the `--compat` options that lead `argv`
/// (where `--help` and `-V` count).
pub(super) fn first_after_compat(argv: &[OsString]) -> Option<&OsString> {
    let mut i = 1;
    loop {
        let arg = argv.get(i)?;
        if arg == "--compat" {
            i += 2;
        } else if arg.to_string_lossy().starts_with("--compat=") {
            i += 1;
        } else {
            return Some(arg);
        }
    }
}

/// The value of the last `--compat` of `argv` (`--compat=V`, `--compat
/// V`), read as text: how `--help` and `-V` find it.
pub(super) fn last_compat(argv: &[OsString]) -> Option<String> {
    let mut value = None;
    for (i, arg) in argv.iter().enumerate().skip(1) {
        let text = arg.to_string_lossy();
        if let Some(v) = text.strip_prefix("--compat=") {
            value = Some(v.to_string());
        } else if arg == "--compat" {
            value = argv.get(i + 1).map(|v| v.to_string_lossy().into_owned());
        }
    }
    value
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(args: &[&str]) -> (u32, Vec<Item>, Option<String>) {
        let (p, items, e) = read_options(args.iter().map(OsString::from).collect());
        (p.major, items, e.map(|e| e.to_string()))
    }

    #[test]
    fn compat_decides_the_options_wherever_it_is() {
        let (major, items, e) = read(&["--cont", "-n", "--compat=19"]);
        assert_eq!((major, e), (19, None));
        assert_eq!(items[0], Item::Opt(Opt::ContinueOnError.def(), None));
        let (major, _, e) = read(&["--co", "--compat", "19"]);
        assert_eq!(major, 19);
        assert_eq!(
            e.as_deref(),
            Some("option '--co' is ambiguous; possibilities: '--connect' '--continue-on-error'")
        );
        // The last one counts; 17's options are 18's.
        let (major, items, e) = read(&["--compat=19", "--co", "--compat=17"]);
        assert_eq!((major, e), (17, None));
        assert_eq!(items[1], Item::Opt(Opt::Connect.def(), None));
        assert_eq!(read(&["-n"]).0, version::DEFAULT.major);
        // After an option no pgbench has, it does not change the error.
        let (major, _, e) = read(&["--bad", "--compat=19"]);
        assert_eq!((major, e.as_deref()), (18, Some("unrecognized option '--bad'")));
        // An unknown version is reported where the option is applied.
        assert_eq!(read(&["--compat=16", "--co"]).0, version::DEFAULT.major);
        assert!(pgbench_named("16").is_none() && pgbench_named("19").is_some());
    }

    #[test]
    fn help_and_version_follow_a_leading_compat() {
        let argv = |a: &[&str]| -> Vec<OsString> {
            std::iter::once("pgbench").chain(a.iter().copied()).map(OsString::from).collect()
        };
        let a = argv(&["--compat=19", "--compat", "17", "--help"]);
        assert_eq!(
            first_after_compat(&a).map(|s| s.to_string_lossy().into_owned()).as_deref(),
            Some("--help")
        );
        assert_eq!(last_compat(&a).as_deref(), Some("17"));
        let a = argv(&["-V", "--compat=19"]);
        assert_eq!(
            first_after_compat(&a).map(|s| s.to_string_lossy().into_owned()).as_deref(),
            Some("-V")
        );
        assert_eq!(last_compat(&a).as_deref(), Some("19"));
        assert_eq!(first_after_compat(&argv(&["--compat=19"])), None);
    }
}
