//! GNU `getopt_long` behaviour on top of lexopt: argument permutation
//! (options may follow the database name), unambiguous abbreviations of
//! long options, `-c=5` meaning the value "=5", `--` ending the options,
//! and glibc's diagnostics word for word.
//!
//! The options, their long names, short letters and values, are the
//! table's ([`super::options`]). pgbench-rs's own options are long
//! options that match only their full name: they take no part in
//! abbreviations, so every abbreviation C pgbench accepts means what it
//! means there. An extension that the pgbench reproduced (`--compat`) has
//! as its own option is one of C's long options there, after the others,
//! as in C's table: its abbreviations match, and make others ambiguous.

use std::ffi::OsString;
use std::fmt;

pub(crate) use super::options::Opt;
use super::options::{self, Arg, Def, Given};

/// Every long option the parser accepts, pgbench's and pgbench-rs's, with
/// its short letter where it has one (for the test that the manual page
/// documents them all); `--help` and `--version` are read before getopt.
#[cfg(test)]
pub(crate) fn all_options() -> impl Iterator<Item = (&'static str, Option<char>)> {
    let table = options::all().map(|d| (d.long, d.short));
    table.chain([("help", Some('?')), ("version", Some('V'))])
}

/// One item of the command line, in the order getopt reports it.
#[derive(Debug, PartialEq)]
pub(crate) enum Item {
    /// An option (its entry in the table) and its value (for options
    /// that take one).
    Opt(&'static Def, Option<OsString>),
    /// A non-option argument (the database name, or an extra one).
    Positional(OsString),
}

/// The options of `items` as given, in order, and their positional
/// arguments (as text), in order.
pub(crate) fn split(items: Vec<Item>) -> (Vec<Given>, Vec<String>) {
    let mut options = Vec::new();
    let mut positionals = Vec::new();
    for item in items {
        match item {
            Item::Opt(def, value) => options.push(Given { def, value }),
            Item::Positional(p) => positionals.push(p.to_string_lossy().into_owned()),
        }
    }
    (options, positionals)
}

/// Where an item's value is on the command line: the argument (its index
/// in the arguments after `argv[0]`) and the byte where the value starts
/// in it (0 for a whole argument, more for `-dV`, `-SdV` or
/// `--dbname=V`). For an item without a value, where the option is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Place {
    /// The argument.
    pub(crate) arg: usize,
    /// The value's first byte in it.
    pub(crate) offset: usize,
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

/// The options of pgbench `major` (C's long options there): its table's,
/// then those pgbench-rs has that pgbench has from `major` on, after the
/// others, as in C's table.
fn pgbench_options(major: u32) -> impl Iterator<Item = &'static Def> {
    options::all().filter(move |d| d.is_pgbench_own(major))
}

/// Whether getopt reads a command line the same way in pgbench `a` and
/// `b` (whether they have the same long options).
pub(crate) fn same_options(a: u32, b: u32) -> bool {
    options::all().all(|d| d.is_pgbench_own(a) == d.is_pgbench_own(b))
}

/// Finds a long option of pgbench `major` by exact name or unambiguous
/// prefix, or one of pgbench-rs's by exact name.
fn lookup_long(name: &str, typed: &str, major: u32) -> Result<&'static Def, GetoptError> {
    if let Some(d) = options::find(name) {
        return Ok(d);
    }
    let matches: Vec<&'static Def> =
        pgbench_options(major).filter(|d| d.long.starts_with(name)).collect();
    match matches[..] {
        [] => Err(GetoptError::Unrecognized(typed.to_string())),
        [d] => Ok(d),
        _ => {
            Err(GetoptError::Ambiguous(typed.to_string(), matches.iter().map(|d| d.long).collect()))
        }
    }
}

/// Parses `args` (without `argv[0]`) with the options of pgbench `major`
/// into the items before the first error, and that error. The caller acts
/// on the items first, as C's getopt loop acts on each option before
/// getopt reaches a bad one.
#[cfg(test)]
pub(crate) fn parse(args: Vec<OsString>, major: u32) -> (Vec<Item>, Option<GetoptError>) {
    let (items, _, err) = parse_placed(args, major);
    (items, err)
}

/// The items of `args` read as getopt does, with each item's [`Place`].
pub(crate) fn parse_placed(
    args: Vec<OsString>,
    major: u32,
) -> (Vec<Item>, Vec<Place>, Option<GetoptError>) {
    let mut read = Read { items: Vec::new(), places: Vec::new(), lengths: Vec::new() };
    read.lengths = args.iter().map(|a| a.len()).collect();
    let err = parse_into(args, major, &mut read).err();
    (read.items, read.places, err)
}

/// What getopt has read so far.
struct Read {
    items: Vec<Item>,
    places: Vec<Place>,
    /// Each argument's length in bytes.
    lengths: Vec<usize>,
}

impl Read {
    /// Adds `item`, its value (if any) in argument `arg`: the whole
    /// argument, or attached to its end.
    fn push(&mut self, item: Item, arg: usize, attached: bool) {
        let len = self.lengths.get(arg).copied().unwrap_or(0);
        let offset = match &item {
            Item::Opt(_, Some(v)) if attached => len.saturating_sub(v.len()),
            _ => 0,
        };
        self.items.push(item);
        self.places.push(Place { arg, offset });
    }
}

fn parse_into(args: Vec<OsString>, major: u32, read: &mut Read) -> Result<(), GetoptError> {
    let posixly_correct = std::env::var_os("POSIXLY_CORRECT").is_some();
    let total = args.len();
    let mut parser = lexopt::Parser::from_args(args);
    parser.set_short_equals(false);
    // The next argument's index, when the parser is not within one (a
    // cluster of short options, a long option's attached value).
    let next_arg = |p: &mut lexopt::Parser| p.try_raw_args().map(|r| total - r.as_slice().len());
    // The argument being read.
    let mut current = 0;
    let mut only_positional = false;
    loop {
        if only_positional {
            if let Ok(raw) = parser.raw_args() {
                for (i, v) in raw.enumerate() {
                    read.push(Item::Positional(v), current + 1 + i, false);
                }
            }
            break;
        }
        if let Some(i) = next_arg(&mut parser) {
            current = i;
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
                let Some(d) = pgbench_options(major).find(|d| d.short == Some(c)) else {
                    return Err(GetoptError::Invalid(c));
                };
                let (value, at) = if d.arg == Arg::Required {
                    let at = next_arg(&mut parser);
                    (Some(parser.value().map_err(|_| GetoptError::MissingShort(c))?), at)
                } else {
                    (None, None)
                };
                read.push(Item::Opt(d, value), at.unwrap_or(current), at.is_none());
            }
            lexopt::Arg::Long(name) => {
                let name = name.to_string();
                let attached = parser.optional_value();
                let typed = match &attached {
                    Some(v) => format!("{name}={}", v.to_string_lossy()),
                    None => name.clone(),
                };
                let d = lookup_long(&name, &typed, major)?;
                let mut separate = None;
                let value = match (d.arg, attached) {
                    (Arg::No, Some(_)) => return Err(GetoptError::NoArgAllowed(d.long)),
                    (Arg::No | Arg::Optional, None) => None,
                    (_, Some(v)) => Some(v),
                    (Arg::Required, None) => {
                        separate = next_arg(&mut parser);
                        Some(parser.value().map_err(|_| GetoptError::MissingLong(d.long))?)
                    }
                };
                read.push(Item::Opt(d, value), separate.unwrap_or(current), separate.is_none());
            }
            lexopt::Arg::Value(v) => {
                // (After "--" the value is the argument after it.)
                let at = next_arg(&mut parser).map_or(current, |n| n - 1);
                read.push(Item::Positional(v), at, false);
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
        Item::Opt(o.def(), v.map(OsString::from))
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
