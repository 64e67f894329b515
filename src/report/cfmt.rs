//! printf-compatible number formatting (%f, %.Nf, %g, %.15g) with PostgreSQL's NaN/Infinity spelling.
