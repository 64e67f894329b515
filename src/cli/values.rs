//! Option values and inputs read while parsing: integer options with C's
//! messages, script weights and files, `--random-seed`, `-I`'s steps,
//! `--compat`'s version and the default database name.

use crate::error::Error;
use std::io::Read;

use super::{ALL_INIT_STEPS, Exit};
use crate::compat::option::{self, IntOptionError};
use crate::log;
use crate::rand::dist::{SeedSpec, parse_seed};
use crate::version::{self, Pgbench};

/// The database name when neither `-d` nor a positional argument gives
/// one: `PGDATABASE`, then `PGUSER`, then the effective user's name.
pub(super) fn default_dbname() -> Result<String, Exit> {
    for var in ["PGDATABASE", "PGUSER"] {
        if let Some(v) = std::env::var(var).ok().filter(|v| !v.is_empty()) {
            return Ok(v);
        }
    }
    match crate::sys::user::effective_user_name() {
        Ok(u) => Ok(u),
        Err(e) => Err(Error::raw(format!("{}: {e}\n", log::progname())).into()),
    }
}

/// The pgbench reproduced that `--compat`'s value `v` names.
pub(super) fn pgbench_named(v: &str) -> Option<&'static Pgbench> {
    v.parse().ok().and_then(version::of)
}

/// `--compat`'s value (the option named `name`): the pgbench it names.
pub(super) fn compat_value(v: &str, name: &str) -> Result<&'static Pgbench, Exit> {
    match pgbench_named(v) {
        Some(p) => Ok(p),
        None => {
            Err(Error::new(format!("{name} must be {} (not \"{v}\")", Pgbench::listed())).into())
        }
    }
}

/// `option_parse_int` with C's two messages.
pub(super) fn parse_int_option(text: &str, name: &str, min: i32, max: i32) -> Result<i32, Exit> {
    match option::option_parse_int(text, min, max) {
        Ok(v) => Ok(v),
        Err(IntOptionError::Invalid) => {
            Err(Error::new(format!("invalid value \"{text}\" for option {name}")).into())
        }
        Err(IntOptionError::Range) => {
            Err(Error::new(format!("{name} must be in range {min}..{max}")).into())
        }
    }
}

/// `set_random_seed`: None (unset) or "time" seeds from the clock, "rand"
/// from the kernel, else an unsigned integer; or C's messages (the caller
/// adds where the seed came from).
pub(super) fn set_random_seed(text: Option<&str>) -> Result<u64, Error> {
    let seed = match text.map(parse_seed) {
        None | Some(Some(SeedSpec::Time)) => {
            u64::from_ne_bytes(crate::sys::clock::monotonic_us().to_ne_bytes())
        }
        Some(Some(SeedSpec::Rand)) => match crate::sys::clock::strong_random_u64() {
            Some(s) => s,
            None => return Err(Error::new("could not generate random seed")),
        },
        Some(Some(SeedSpec::Value(v))) => v,
        Some(None) => {
            return Err(Error::new(format!(
                "unrecognized random seed option \"{}\"",
                text.unwrap_or_default()
            ))
            .detail("Expecting an unsigned integer, \"time\" or \"rand\"."));
        }
    };
    if text.is_some() {
        log::info!("setting random seed to {seed}");
    }
    Ok(seed)
}

/// `parseScriptWeight`: splits `NAME@W` at the last `@`.
pub(super) fn parse_script_weight(option: &str) -> Result<(String, i32), Exit> {
    let Some(at) = option.rfind('@') else {
        return Ok((option.to_string(), 1));
    };
    let (name, spec) = (&option[..at], &option[at..]);
    let digits = &spec[1..];
    let r = option::strtol(digits);
    if r.overflow || r.consumed == 0 || r.consumed != digits.len() {
        return Err(Error::new(format!("invalid weight specification: {spec}")).into());
    }
    match i32::try_from(r.value) {
        Ok(w) if w >= 0 => Ok((name.to_string(), w)),
        _ => Err(Error::new(format!(
            "weight specification out of range (0 .. {}): {}",
            i32::MAX,
            r.value
        ))
        .into()),
    }
}

/// Reads a script file, or stdin for "-" (`process_file`).
pub(super) fn read_script_file(name: &str) -> Result<Vec<u8>, Exit> {
    let mut buf = Vec::new();
    if name == "-" {
        if let Err(e) = std::io::stdin().lock().read_to_end(&mut buf) {
            return Err(Error::new(format!(
                "could not read file \"{name}\": {}",
                crate::sys::os_error_text(&e)
            ))
            .into());
        }
        return Ok(buf);
    }
    let mut f = match std::fs::File::open(name) {
        Ok(f) => f,
        Err(e) => {
            return Err(Error::new(format!(
                "could not open file \"{name}\": {}",
                crate::sys::os_error_text(&e)
            ))
            .into());
        }
    };
    if let Err(e) = f.read_to_end(&mut buf) {
        return Err(Error::new(format!(
            "could not read file \"{name}\": {}",
            crate::sys::os_error_text(&e)
        ))
        .into());
    }
    Ok(buf)
}

/// `checkInitSteps`: the step string must be non-empty letters of
/// `dtgGvpf` (spaces allowed).
pub(super) fn check_init_steps(steps: &str) -> Result<(), Exit> {
    if steps.is_empty() {
        return Err(Error::new("no initialization steps specified").into());
    }
    for c in steps.chars() {
        if c != ' ' && !ALL_INIT_STEPS.contains(c) {
            return Err(Error::new(format!("unrecognized initialization step \"{c}\""))
                .detail(format!("Allowed step characters are: \"{ALL_INIT_STEPS}\"."))
                .into());
        }
    }
    Ok(())
}
