//! C compatibility, in one place: printf-style number formatting with
//! PostgreSQL's spelling of NaN and infinities ([`fmt`]), the C library's
//! number parsing as pgbench relies on it ([`num`]: `strtod`, `strtol`,
//! `atoi`, pgbench's `strtoint64`), and fe_utils' `option_parse_int`
//! ([`option`]). Pure functions over bytes and numbers: this module imports
//! nothing else of the crate, and the script, rand, report, init and cli
//! layers all use it.

pub(crate) mod fmt;
pub(crate) mod num;
pub(crate) mod option;
