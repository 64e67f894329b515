//! GNU `getopt_long` behaviour on top of lexopt: argument permutation
//! (options may follow the database name), unambiguous abbreviations of
//! long options, `-c=5` meaning the value "=5", `--` ending the options,
//! and glibc's diagnostics word for word.
//!
//! pgbench-rs's own options ([`super::options::EXTENSIONS`]) are long
//! options that match only their full name: they take no part in
//! abbreviations, so every abbreviation C pgbench accepts means what it
//! means there. An extension that the pgbench reproduced (`--compat`) has
//! as its own option is one of C's long options there, after the others,
//! as in C's table: its abbreviations match, and make others ambiguous.

use std::ffi::OsString;
use std::fmt;

#[cfg(test)]
use super::options::EXTENSIONS;
pub(crate) use super::options::Opt;
use super::options::{self, ExtArg};

/// One entry of the option table: long name, short letter, takes a value.
struct Spec {
    long: &'static str,
    short: Option<char>,
    has_arg: bool,
    opt: Opt,
}

const fn spec(long: &'static str, short: Option<char>, has_arg: bool, opt: Opt) -> Spec {
    Spec { long, short, has_arg, opt }
}

/// The long options in the order of C's `long_options[]` table, which is
/// the order glibc lists them in "is ambiguous; possibilities:".
const TABLE: &[Spec] = &[
    spec("builtin", Some('b'), true, Opt::Builtin),
    spec("client", Some('c'), true, Opt::Client),
    spec("connect", Some('C'), false, Opt::Connect),
    spec("dbname", Some('d'), true, Opt::Dbname),
    spec("define", Some('D'), true, Opt::Define),
    spec("file", Some('f'), true, Opt::File),
    spec("fillfactor", Some('F'), true, Opt::Fillfactor),
    spec("host", Some('h'), true, Opt::Host),
    spec("initialize", Some('i'), false, Opt::Initialize),
    spec("init-steps", Some('I'), true, Opt::InitSteps),
    spec("jobs", Some('j'), true, Opt::Jobs),
    spec("log", Some('l'), false, Opt::Log),
    spec("latency-limit", Some('L'), true, Opt::LatencyLimit),
    spec("no-vacuum", Some('n'), false, Opt::NoVacuum),
    spec("port", Some('p'), true, Opt::Port),
    spec("progress", Some('P'), true, Opt::Progress),
    spec("protocol", Some('M'), true, Opt::Protocol),
    spec("quiet", Some('q'), false, Opt::Quiet),
    spec("report-per-command", Some('r'), false, Opt::ReportPerCommand),
    spec("rate", Some('R'), true, Opt::Rate),
    spec("scale", Some('s'), true, Opt::Scale),
    spec("select-only", Some('S'), false, Opt::SelectOnly),
    spec("skip-some-updates", Some('N'), false, Opt::SkipSomeUpdates),
    spec("time", Some('T'), true, Opt::Time),
    spec("transactions", Some('t'), true, Opt::Transactions),
    spec("username", Some('U'), true, Opt::Username),
    spec("vacuum-all", Some('v'), false, Opt::VacuumAll),
    spec("unlogged-tables", None, false, Opt::UnloggedTables),
    spec("tablespace", None, true, Opt::Tablespace),
    spec("index-tablespace", None, true, Opt::IndexTablespace),
    spec("sampling-rate", None, true, Opt::SamplingRate),
    spec("aggregate-interval", None, true, Opt::AggregateInterval),
    spec("progress-timestamp", None, false, Opt::ProgressTimestamp),
    spec("log-prefix", None, true, Opt::LogPrefix),
    spec("foreign-keys", None, false, Opt::ForeignKeys),
    spec("random-seed", None, true, Opt::RandomSeed),
    spec("show-script", None, true, Opt::ShowScript),
    spec("partitions", None, true, Opt::Partitions),
    spec("partition-method", None, true, Opt::PartitionMethod),
    spec("failures-detailed", None, false, Opt::FailuresDetailed),
    spec("max-tries", None, true, Opt::MaxTries),
    spec("verbose-errors", None, false, Opt::VerboseErrors),
    spec("exit-on-abort", None, false, Opt::ExitOnAbort),
    spec("debug", None, false, Opt::Debug),
];

/// Every long option the parser accepts, C's and the extensions, with its
/// short letter where it has one (for the test that the manual page
/// documents them all); `--help` and `--version` are read before getopt.
#[cfg(test)]
pub(crate) fn all_options() -> impl Iterator<Item = (&'static str, Option<char>)> {
    let c = TABLE.iter().map(|s| (s.long, s.short));
    let ours = EXTENSIONS.iter().map(|e| (e.long, None));
    c.chain(ours).chain([("help", Some('?')), ("version", Some('V'))])
}

/// One item of the command line, in the order getopt reports it.
#[derive(Debug, PartialEq)]
pub(crate) enum Item {
    /// An option and its value (for options that take one).
    Opt(Opt, Option<OsString>),
    /// A non-option argument (the database name, or an extra one).
    Positional(OsString),
}

/// A diagnostic glibc's getopt prints (prefixed with `argv[0]`).
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum GetoptError {
    /// `unrecognized option '--%s'` (the text as typed, value included).
    Unrecognized(String),
    /// `invalid option -- '%c'`.
    Invalid(char),
    /// `option requires an argument -- '%c'`.
    MissingShort(char),
    /// `option '--%s' requires an argument`.
    MissingLong(&'static str),
    /// `option '--%s' doesn't allow an argument`.
    NoArgAllowed(&'static str),
    /// `option '--%s' is ambiguous; possibilities: '--a' '--b'`.
    Ambiguous(String, Vec<&'static str>),
}

impl fmt::Display for GetoptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Unrecognized(t) => write!(f, "unrecognized option '--{t}'"),
            Self::Invalid(c) => write!(f, "invalid option -- '{c}'"),
            Self::MissingShort(c) => write!(f, "option requires an argument -- '{c}'"),
            Self::MissingLong(n) => write!(f, "option '--{n}' requires an argument"),
            Self::NoArgAllowed(n) => write!(f, "option '--{n}' doesn't allow an argument"),
            Self::Ambiguous(t, names) => {
                write!(f, "option '--{t}' is ambiguous; possibilities:")?;
                for n in names {
                    write!(f, " '--{n}'")?;
                }
                Ok(())
            }
        }
    }
}

/// C's long options in pgbench `major`: 17's table, then the extensions
/// that pgbench has as its own from `major` on.
fn long_options(major: u32) -> impl Iterator<Item = Spec> {
    let c = TABLE.iter().map(|s| spec(s.long, s.short, s.has_arg, s.opt));
    let own = options::EXTENSIONS
        .iter()
        .filter(move |e| e.is_pgbench_own(major))
        .map(|e| spec(e.long, None, e.arg == ExtArg::Required, e.opt));
    c.chain(own)
}

/// Whether getopt reads a command line the same way in pgbench `a` and
/// `b` (whether they have the same long options).
pub(crate) fn same_options(a: u32, b: u32) -> bool {
    options::EXTENSIONS.iter().all(|e| e.is_pgbench_own(a) == e.is_pgbench_own(b))
}

/// Finds a long option of pgbench `major` by exact name or unambiguous
/// prefix.
fn lookup_long(name: &str, typed: &str, major: u32) -> Result<Spec, GetoptError> {
    if let Some(s) = long_options(major).find(|s| s.long == name) {
        return Ok(s);
    }
    let mut matches: Vec<Spec> = long_options(major).filter(|s| s.long.starts_with(name)).collect();
    match matches.len() {
        0 => Err(GetoptError::Unrecognized(typed.to_string())),
        1 => Ok(matches.remove(0)),
        _ => {
            Err(GetoptError::Ambiguous(typed.to_string(), matches.iter().map(|s| s.long).collect()))
        }
    }
}

/// Parses `args` (without `argv[0]`) with the options of pgbench `major`
/// into the items before the first error, and that error. The caller acts
/// on the items first, as C's getopt loop acts on each option before
/// getopt reaches a bad one.
pub(crate) fn parse(args: Vec<OsString>, major: u32) -> (Vec<Item>, Option<GetoptError>) {
    let mut items = Vec::new();
    let err = parse_into(args, major, &mut items).err();
    (items, err)
}

fn parse_into(args: Vec<OsString>, major: u32, items: &mut Vec<Item>) -> Result<(), GetoptError> {
    let posixly_correct = std::env::var_os("POSIXLY_CORRECT").is_some();
    let mut parser = lexopt::Parser::from_args(args);
    parser.set_short_equals(false);
    let mut only_positional = false;
    loop {
        if only_positional {
            if let Ok(raw) = parser.raw_args() {
                items.extend(raw.map(Item::Positional));
            }
            break;
        }
        let arg = match parser.next() {
            Ok(Some(a)) => a,
            Ok(None) => break,
            Err(e) => {
                // lexopt reports a value attached to a flag we did not
                // consume; we always consume values, so this does not
                // happen, but report it as glibc would rather than panic.
                return Err(GetoptError::Unrecognized(e.to_string()));
            }
        };
        match arg {
            lexopt::Arg::Short(c) => {
                let Some(s) = TABLE.iter().find(|s| s.short == Some(c)) else {
                    return Err(GetoptError::Invalid(c));
                };
                let value = if s.has_arg {
                    Some(parser.value().map_err(|_| GetoptError::MissingShort(c))?)
                } else {
                    None
                };
                items.push(Item::Opt(s.opt, value));
            }
            lexopt::Arg::Long(name) => {
                let name = name.to_string();
                let attached = parser.optional_value();
                if let Some(e) = options::find(&name) {
                    let value = match (e.arg, attached) {
                        (ExtArg::No, Some(_)) => return Err(GetoptError::NoArgAllowed(e.long)),
                        (ExtArg::No, None) => None,
                        (_, Some(v)) => Some(v),
                        (ExtArg::Optional, None) => None,
                        (ExtArg::Required, None) => {
                            Some(parser.value().map_err(|_| GetoptError::MissingLong(e.long))?)
                        }
                    };
                    items.push(Item::Opt(e.opt, value));
                    continue;
                }
                let typed = match &attached {
                    Some(v) => format!("{name}={}", v.to_string_lossy()),
                    None => name.clone(),
                };
                let s = lookup_long(&name, &typed, major)?;
                let value = match (s.has_arg, attached) {
                    (true, Some(v)) => Some(v),
                    (true, None) => {
                        Some(parser.value().map_err(|_| GetoptError::MissingLong(s.long))?)
                    }
                    (false, Some(_)) => return Err(GetoptError::NoArgAllowed(s.long)),
                    (false, None) => None,
                };
                items.push(Item::Opt(s.opt, value));
            }
            lexopt::Arg::Value(v) => {
                items.push(Item::Positional(v));
                if posixly_correct {
                    only_positional = true;
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(args: &[&str]) -> Result<Vec<Item>, GetoptError> {
        run_in(18, args)
    }

    /// [`run`] with the options of pgbench `major`.
    fn run_in(major: u32, args: &[&str]) -> Result<Vec<Item>, GetoptError> {
        match parse(args.iter().map(OsString::from).collect(), major) {
            (items, None) => Ok(items),
            (_, Some(e)) => Err(e),
        }
    }

    fn opt(o: Opt, v: Option<&str>) -> Item {
        Item::Opt(o, v.map(OsString::from))
    }

    #[test]
    fn minus_c_equals_is_a_value_not_an_assignment() {
        assert_eq!(run(&["-c=5"]), Ok(vec![opt(Opt::Client, Some("=5"))]));
        assert_eq!(run(&["-c5"]), Ok(vec![opt(Opt::Client, Some("5"))]));
        assert_eq!(
            run(&["-Sc", "5"]),
            Ok(vec![opt(Opt::SelectOnly, None), opt(Opt::Client, Some("5"))])
        );
    }

    #[test]
    fn long_options_accept_unambiguous_prefixes() {
        assert_eq!(run(&["--cli=abc"]), Ok(vec![opt(Opt::Client, Some("abc"))]));
        assert_eq!(run(&["--trans", "5"]), Ok(vec![opt(Opt::Transactions, Some("5"))]));
        // An exact name wins over longer names it prefixes.
        assert_eq!(run(&["--log"]), Ok(vec![opt(Opt::Log, None)]));
        assert_eq!(
            run(&["--f=3"]).unwrap_err().to_string(),
            "option '--f=3' is ambiguous; possibilities: '--file' '--fillfactor' '--foreign-keys' '--failures-detailed'"
        );
        assert_eq!(
            run(&["--lo"]).unwrap_err().to_string(),
            "option '--lo' is ambiguous; possibilities: '--log' '--log-prefix'"
        );
    }

    #[test]
    fn glibc_diagnostics() {
        assert_eq!(run(&["--bad=3"]).unwrap_err().to_string(), "unrecognized option '--bad=3'");
        assert_eq!(
            run(&["--connect=3"]).unwrap_err().to_string(),
            "option '--connect' doesn't allow an argument"
        );
        assert_eq!(
            run(&["--client"]).unwrap_err().to_string(),
            "option '--client' requires an argument"
        );
        assert_eq!(run(&["-c"]).unwrap_err().to_string(), "option requires an argument -- 'c'");
        assert_eq!(run(&["-x"]).unwrap_err().to_string(), "invalid option -- 'x'");
        assert_eq!(run(&["-V"]).unwrap_err().to_string(), "invalid option -- 'V'");
        assert_eq!(run(&["--help"]).unwrap_err().to_string(), "unrecognized option '--help'");
        assert_eq!(
            run(&["--continue-on"]).unwrap_err().to_string(),
            "unrecognized option '--continue-on'"
        );
    }

    #[test]
    fn extensions_match_only_their_full_name() {
        assert_eq!(run(&["--latency-percentiles"]), Ok(vec![opt(Opt::LatencyPercentiles, None)]));
        assert_eq!(
            run(&["--latency-percentiles=50,99", "db"]),
            Ok(vec![opt(Opt::LatencyPercentiles, Some("50,99")), Item::Positional("db".into())])
        );
        // An optional value must be attached.
        assert_eq!(
            run(&["--latency-percentiles", "50"]),
            Ok(vec![opt(Opt::LatencyPercentiles, None), Item::Positional("50".into())])
        );
        assert_eq!(
            run(&["--report-json", "r.json"]),
            Ok(vec![opt(Opt::ReportJson, Some("r.json"))])
        );
        assert_eq!(
            run(&["--report-json"]).unwrap_err().to_string(),
            "option '--report-json' requires an argument"
        );
        // C's abbreviations keep their meaning; an extension's prefix is unknown.
        assert_eq!(run(&["--lat=5"]), Ok(vec![opt(Opt::LatencyLimit, Some("5"))]));
        assert_eq!(run(&["--latency=5"]), Ok(vec![opt(Opt::LatencyLimit, Some("5"))]));
        assert_eq!(
            run(&["--latency-p"]).unwrap_err().to_string(),
            "unrecognized option '--latency-p'"
        );
        assert_eq!(run(&["--report"]), Ok(vec![opt(Opt::ReportPerCommand, None)]));
        assert_eq!(
            run(&["--report-j=x"]).unwrap_err().to_string(),
            "unrecognized option '--report-j=x'"
        );
    }

    /// In pgbench 19 `--continue-on-error` is C's own: its abbreviations
    /// match, and `--co` and `--con` are no longer `--connect`; before,
    /// it matches only its full name.
    #[test]
    fn continue_on_error_is_pgbench_19s_own() {
        for major in [17, 18] {
            assert_eq!(run_in(major, &["--co"]), Ok(vec![opt(Opt::Connect, None)]));
            assert_eq!(run_in(major, &["--con"]), Ok(vec![opt(Opt::Connect, None)]));
            assert_eq!(
                run_in(major, &["--cont"]).unwrap_err().to_string(),
                "unrecognized option '--cont'"
            );
            assert_eq!(
                run_in(major, &["--continue-on-error"]),
                Ok(vec![opt(Opt::ContinueOnError, None)])
            );
        }
        for typed in ["--co", "--con"] {
            assert_eq!(
                run_in(19, &[typed]).unwrap_err().to_string(),
                format!(
                    "option '{typed}' is ambiguous; possibilities: '--connect' '--continue-on-error'"
                )
            );
        }
        assert_eq!(run_in(19, &["--conn"]), Ok(vec![opt(Opt::Connect, None)]));
        for typed in ["--cont", "--continue", "--continue-on-error"] {
            assert_eq!(run_in(19, &[typed]), Ok(vec![opt(Opt::ContinueOnError, None)]));
        }
        assert_eq!(
            run_in(19, &["--cont=1"]).unwrap_err().to_string(),
            "option '--continue-on-error' doesn't allow an argument"
        );
        assert!(same_options(17, 18) && !same_options(18, 19));
    }

    #[test]
    fn options_may_follow_positionals_and_double_dash_ends_options() {
        assert_eq!(
            run(&["db", "-n", "--", "-c", "3"]),
            Ok(vec![
                Item::Positional("db".into()),
                opt(Opt::NoVacuum, None),
                Item::Positional("-c".into()),
                Item::Positional("3".into()),
            ])
        );
        assert_eq!(run(&["-"]), Ok(vec![Item::Positional("-".into())]));
    }

    #[test]
    fn a_required_value_may_look_like_an_option() {
        assert_eq!(run(&["--client", "--connect"]), Ok(vec![opt(Opt::Client, Some("--connect"))]));
        assert_eq!(run(&["-c", "-C"]), Ok(vec![opt(Opt::Client, Some("-C"))]));
    }
}
