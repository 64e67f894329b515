//! Option values and inputs read while parsing: integer options with C's
//! messages, script weights and files, `--random-seed`, `-I`'s steps and
//! the default database name.

use std::io::Read;

use super::{ALL_INIT_STEPS, Exit};
use crate::compat::option::{self, IntOptionError};
use crate::log;
use crate::rand::dist::{SeedSpec, parse_seed};

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
        Err(e) => {
            log::raw(format!("{}: {e}\n", log::progname()).as_bytes());
            Err(Exit::Failure)
        }
    }
}

/// `option_parse_int` with C's two messages.
pub(super) fn parse_int_option(text: &str, name: &str, min: i32, max: i32) -> Result<i32, Exit> {
    match option::option_parse_int(text, min, max) {
        Ok(v) => Ok(v),
        Err(IntOptionError::Invalid) => {
            log::error!("invalid value \"{text}\" for option {name}");
            Err(Exit::Failure)
        }
        Err(IntOptionError::Range) => {
            log::error!("{name} must be in range {min}..{max}");
            Err(Exit::Failure)
        }
    }
}

/// `set_random_seed`: None (unset) or "time" seeds from the clock, "rand"
/// from the kernel, else an unsigned integer. Logs C's messages; None on
/// failure (the caller adds where the seed came from).
pub(super) fn set_random_seed(text: Option<&str>) -> Option<u64> {
    let seed = match text.map(parse_seed) {
        None | Some(Some(SeedSpec::Time)) => {
            u64::from_ne_bytes(crate::sys::clock::monotonic_us().to_ne_bytes())
        }
        Some(Some(SeedSpec::Rand)) => match crate::sys::clock::strong_random_u64() {
            Some(s) => s,
            None => {
                log::error!("could not generate random seed");
                return None;
            }
        },
        Some(Some(SeedSpec::Value(v))) => v,
        Some(None) => {
            log::error!("unrecognized random seed option \"{}\"", text.unwrap_or_default());
            log::detail!("Expecting an unsigned integer, \"time\" or \"rand\".");
            return None;
        }
    };
    if text.is_some() {
        log::info!("setting random seed to {seed}");
    }
    Some(seed)
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
        log::error!("invalid weight specification: {spec}");
        return Err(Exit::Failure);
    }
    match i32::try_from(r.value) {
        Ok(w) if w >= 0 => Ok((name.to_string(), w)),
        _ => {
            log::error!("weight specification out of range (0 .. {}): {}", i32::MAX, r.value);
            Err(Exit::Failure)
        }
    }
}

/// Reads a script file, or stdin for "-" (`process_file`).
pub(super) fn read_script_file(name: &str) -> Result<Vec<u8>, Exit> {
    let mut buf = Vec::new();
    if name == "-" {
        if let Err(e) = std::io::stdin().lock().read_to_end(&mut buf) {
            log::error!("could not read file \"{name}\": {}", crate::sys::os_error_text(&e));
            return Err(Exit::Failure);
        }
        return Ok(buf);
    }
    let mut f = match std::fs::File::open(name) {
        Ok(f) => f,
        Err(e) => {
            log::error!("could not open file \"{name}\": {}", crate::sys::os_error_text(&e));
            return Err(Exit::Failure);
        }
    };
    if let Err(e) = f.read_to_end(&mut buf) {
        log::error!("could not read file \"{name}\": {}", crate::sys::os_error_text(&e));
        return Err(Exit::Failure);
    }
    Ok(buf)
}

/// `checkInitSteps`: the step string must be non-empty letters of
/// `dtgGvpf` (spaces allowed).
pub(super) fn check_init_steps(steps: &str) -> Result<(), Exit> {
    if steps.is_empty() {
        log::error!("no initialization steps specified");
        return Err(Exit::Failure);
    }
    for c in steps.chars() {
        if c != ' ' && !ALL_INIT_STEPS.contains(c) {
            log::error!("unrecognized initialization step \"{c}\"");
            log::detail!("Allowed step characters are: \"{ALL_INIT_STEPS}\".");
            return Err(Exit::Failure);
        }
    }
    Ok(())
}
