# pgbench-rs: common tasks. Every target works from a fresh clone; the ones
# that need PostgreSQL install it first when run as root (scripts/deps.sh).

CARGO ?= cargo
CARGO_FLAGS ?= --offline --locked
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
FUZZ_SECONDS ?= 60

.PHONY: all build release test test-plain lint reference demo bench hot-text vendor fuzz install clean

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

## A short run of the script fuzzer (cargo-fuzz; see fuzz/).
fuzz:
	scripts/fuzz.sh $(FUZZ_SECONDS)

install: release
	install -D -m 0755 target/release/pgbench-rs $(DESTDIR)$(BINDIR)/pgbench-rs

clean:
	$(CARGO) clean
