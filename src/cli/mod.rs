//! Command-line parsing and validation: argv and environment in, one immutable `Config` out.
