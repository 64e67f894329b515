# pgbench-rs: common tasks. Every target works from a fresh clone; the ones
# that need PostgreSQL install it first when run as root (scripts/deps.sh).

CARGO ?= cargo
CARGO_FLAGS ?= --offline --locked
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man
FUZZ_SECONDS ?= 60

.PHONY: all build release test test-plain lint reference demo bench hot-text vendor fuzz install uninstall dist dist-check clean

all: build

build:
	$(CARGO) build $(CARGO_FLAGS)

release:
	$(CARGO) build --release $(CARGO_FLAGS)

## Everything CI checks: formatting, lints, unit and integration tests
## (the integration tests start their own throwaway PostgreSQL servers).
## Most integration tests wait on servers and timers rather than compute,
## so they run TEST_THREADS at a time, more than there are cores.
TEST_THREADS ?= 6
test: lint
	scripts/deps.sh
	$(CARGO) test $(CARGO_FLAGS) -- --test-threads=$(TEST_THREADS)

## The lints and tests again on a build with every build trick off
## (PGBENCH_RS_BUILD_TRICKS=off, see README.md's Building), in a target
## directory of its own so that it does not replace the default build.
PLAIN_TARGET_DIR ?= $(CURDIR)/target/plain
test-plain:
	scripts/deps.sh lint
	PGBENCH_RS_BUILD_TRICKS=off CARGO_TARGET_DIR=$(PLAIN_TARGET_DIR) \
		$(CARGO) clippy --all-targets $(CARGO_FLAGS) -- -D warnings
	PGBENCH_RS_BUILD_TRICKS=off CARGO_TARGET_DIR=$(PLAIN_TARGET_DIR) \
		$(CARGO) test $(CARGO_FLAGS) -- --test-threads=$(TEST_THREADS)

lint:
	scripts/deps.sh lint
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --all-targets $(CARGO_FLAGS) -- -D warnings
	RUSTDOCFLAGS="-D warnings" $(CARGO) doc --no-deps --document-private-items $(CARGO_FLAGS)

## The real C pgbench 17 and PostgreSQL 17 and 18, which the tests compare
## with (as root; from Debian's archive, into /opt/pgbench-rs-ref), and the
## Python libraries that check the JSON report (into target/pytools).
reference:
	scripts/pgref.sh
	scripts/pytools.sh

## Build, start a throwaway server, initialize it and run a short benchmark.
demo:
	scripts/demo.sh

## Side-by-side benchmarks against C pgbench (see scripts/bench/).
bench:
	scripts/bench/suite.sh

## Regenerate src/hot-text.ld, the list of functions a benchmark run
## executes, which the link places together (needs valgrind).
hot-text:
	scripts/hot-text.sh

## Refresh vendor/ from Cargo.lock (needs crates.io).
vendor:
	scripts/vendor.sh

## The release tarball target/dist/pgbench-rs-VERSION.tar.gz, from the
## commit HEAD: the tracked files (vendor/ too) and VENDORED-CRATES.
dist:
	scripts/dist.sh

## make dist twice (the same tarball), then two offline builds of it in
## different directories with an empty CARGO_HOME, which must give the
## same binary (two release builds: minutes).
dist-check:
	scripts/dist-check.sh

## A short run of the script fuzzer (cargo-fuzz; see fuzz/).
fuzz:
	scripts/fuzz.sh $(FUZZ_SECONDS)

## Installs the release binary and the manual page (DESTDIR, PREFIX, BINDIR,
## MANDIR). The binary is built first only when there is none, so that
## `make release` as yourself then `make install` as root installs what
## you built instead of building again as root.
RELEASE_BIN = target/release/pgbench-rs
install: $(RELEASE_BIN)
	install -D -m 0755 $(RELEASE_BIN) $(DESTDIR)$(BINDIR)/pgbench-rs
	install -D -m 0644 docs/pgbench-rs.1 $(DESTDIR)$(MANDIR)/man1/pgbench-rs.1

$(RELEASE_BIN):
	$(CARGO) build --release $(CARGO_FLAGS)

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/pgbench-rs $(DESTDIR)$(MANDIR)/man1/pgbench-rs.1

clean:
	$(CARGO) clean
