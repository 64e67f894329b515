//! `Config`: the immutable result of parsing and validating the command line.
