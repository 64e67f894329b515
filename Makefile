# pgbench-rs: common tasks. Every target works from a fresh clone; the ones
# that need PostgreSQL install it first when run as root (scripts/deps.sh).

CARGO ?= cargo
# The Makefile's builds take the dependencies from vendor/ (`make vendor`),
# offline, when it is there, and the versions of Cargo.lock when it is
# there (a distribution's build may remove either); a plain `cargo build`
# takes them from the registry. The source directory is written as `.` in
# the program (debug line tables, panic locations), so that the build is
# the same in any directory (see docs/building.md).
VENDOR_CONFIG = --config 'source.crates-io.replace-with="vendored-sources"' \
	--config 'source.vendored-sources.directory="vendor"'
REMAP_CONFIG = --config 'build.rustflags=["--remap-path-prefix=$(CURDIR)=."]'
CARGO_FLAGS ?= $(if $(wildcard vendor/*/Cargo.toml),--offline $(VENDOR_CONFIG)) \
	$(if $(wildcard Cargo.lock),--locked) $(REMAP_CONFIG)
# Where `make release` puts the binary: target/release, or
# target/TRIPLE/release when CARGO_BUILD_TARGET names a target (as a
# distribution's build may); CARGO_TARGET_DIR moves target/.
TARGET_DIR ?= $(or $(CARGO_TARGET_DIR),target)
RELEASE_DIR ?= $(TARGET_DIR)/$(if $(CARGO_BUILD_TARGET),$(CARGO_BUILD_TARGET)/)release
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man
FUZZ_SECONDS ?= 60

.PHONY: all build release test test-tricks test-versions lint reference demo bench vendor fuzz install uninstall dist dist-check clean

all: build

build:
	$(CARGO) build $(CARGO_FLAGS)

release:
	$(CARGO) build --release $(CARGO_FLAGS)

## Formatting, lints, unit and integration tests (the integration tests
## start their own throwaway PostgreSQL servers). Two test processes run
## side by side: the unit tests and the `integration` target, which wait
## on servers rather than compute and so run TEST_THREADS at a time, more
## than there are cores; and the `timing` target (tests/timing.rs), the
## tests whose verdict depends on when things happen, one at a time (each
## waits on the program's own events and allows for a loaded machine:
## the other process is load it must bear). Each one's output is printed
## when it ends.
TEST_THREADS ?= 6
## Here the integration tests need a PostgreSQL server (which deps.sh
## installs as root): PGBENCH_TEST_REQUIRE_SERVER=1 makes a missing one a
## failure, not the skip a bare `cargo test` reports (see
## tests/harness/require.rs for the other PGBENCH_TEST_REQUIRE_ switches).
test: lint
	scripts/deps.sh
	$(CARGO) test $(CARGO_FLAGS) --no-run
	$(MAKE) --no-print-directory -j2 --output-sync=target test-parallel test-serial

.PHONY: test-parallel test-serial
test-parallel:
	PGBENCH_TEST_REQUIRE_SERVER=1 $(CARGO) test $(CARGO_FLAGS) --lib --test integration \
		-- --test-threads=$(TEST_THREADS)
test-serial:
	PGBENCH_TEST_REQUIRE_SERVER=1 $(CARGO) test $(CARGO_FLAGS) --test timing -- --test-threads=1

## The opt-in build with the build trick (PGBENCH_RS_BUILD_TRICKS=on: the
## malloc tuning around the connections, see docs/building.md), in a
## target directory of its own: its lints, the unit tests (the tuning's
## own, which only that build compiles), and the integration tests that
## connect many clients and drive them through each wait mechanism
## (bench::, wait::), where the tuning acts.
TRICKS_TARGET_DIR ?= $(CURDIR)/target/tricks
TRICKS_TESTS ?= bench:: wait::
test-tricks:
	scripts/deps.sh lint
	PGBENCH_RS_BUILD_TRICKS=on CARGO_TARGET_DIR=$(TRICKS_TARGET_DIR) \
		$(CARGO) clippy --all-targets $(CARGO_FLAGS) -- -D warnings
	PGBENCH_RS_BUILD_TRICKS=on CARGO_TARGET_DIR=$(TRICKS_TARGET_DIR) $(CARGO) test $(CARGO_FLAGS) --lib
	PGBENCH_RS_BUILD_TRICKS=on PGBENCH_TEST_REQUIRE_SERVER=1 CARGO_TARGET_DIR=$(TRICKS_TARGET_DIR) \
		$(CARGO) test $(CARGO_FLAGS) --test integration -- --test-threads=$(TEST_THREADS) $(TRICKS_TESTS)

## The integration tests once as each other pgbench version: every
## invocation a test does not give a version of its own reproduces
## pgbench N (--compat=N, none for the default) and is compared with C
## pgbench N (PGBENCH_TEST_COMPAT=N); the texts the tests store are 17's and
## give way there to that comparison. Needs the C pgbench 18 and 19
## references (scripts/pgref.sh, make reference).
VERSIONS_TESTED ?= 18 19
test-versions:
	scripts/deps.sh
	set -e; for v in $(VERSIONS_TESTED); do \
		echo "== the integration tests as pgbench $$v" >&2; \
		PGBENCH_TEST_COMPAT=$$v PGBENCH_TEST_REQUIRE_SERVER=1 PGBENCH_TEST_REQUIRE_REFERENCE=1 \
			$(CARGO) test $(CARGO_FLAGS) --test integration -- --test-threads=$(TEST_THREADS); \
	done

lint:
	scripts/deps.sh lint
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --all-targets $(CARGO_FLAGS) -- -D warnings
	RUSTDOCFLAGS="-D warnings" $(CARGO) doc --no-deps --document-private-items $(CARGO_FLAGS)

## The real C pgbench 17, 18 and 19 with their servers, which the tests
## compare with, and PostgreSQL 15's server, the oldest supported (as root;
## from Debian's archive, into /opt/pgbench-rs-ref),
## the Python libraries that check the JSON report (into target/pytools),
## and PostgreSQL 18's pgbench TAP suite (into target/tap18).
reference:
	scripts/pgref.sh
	scripts/pytools.sh
	scripts/tap18.sh --fetch

## Build, start a throwaway server, initialize it and run a short benchmark.
demo:
	scripts/demo.sh

## Side-by-side benchmarks against C pgbench (see scripts/bench/), the
## instructions per transaction of this build against an earlier one's,
## connections, memory against the run's length, and scaling with -j.
bench:
	scripts/bench/suite.sh
	scripts/bench/instructions.sh
	scripts/bench/repeat.sh
	scripts/bench/reconnect.sh
	scripts/bench/connect.sh
	scripts/bench/memory.sh
	scripts/bench/scaling.sh

## Refresh vendor/ from Cargo.lock (needs the crate registry).
vendor:
	scripts/vendor.sh

## The release tarballs, from the commit HEAD: target/dist/pgbench-rs-VERSION.tar.gz
## (the tracked files but vendor/: what a distribution takes) and, beside it,
## pgbench-rs-VERSION-vendor.tar.gz (vendor/ and VENDORED-CRATES).
dist:
	scripts/dist.sh

## make dist twice (the same tarballs), then two offline builds of them
## in different directories with an empty CARGO_HOME, which must give the
## same binary (two release builds: minutes).
dist-check:
	scripts/dist-check.sh

## Short runs of the fuzz targets, FUZZ_SECONDS each (cargo-fuzz; see
## fuzz/ and scripts/fuzz.sh): the script parser and evaluator, and the
## readers of documents from elsewhere (--merge, --compare, the CSV
## conversion), each input within a memory and a time limit.
fuzz:
	scripts/fuzz.sh $(FUZZ_SECONDS)

## Installs the release binary and the manual page (DESTDIR, PREFIX, BINDIR,
## MANDIR). The binary is built first only when there is none, so that
## `make release` as yourself then `make install` as root installs what
## you built instead of building again as root.
RELEASE_BIN = $(RELEASE_DIR)/pgbench-rs
install: $(RELEASE_BIN)
	install -D -m 0755 $(RELEASE_BIN) $(DESTDIR)$(BINDIR)/pgbench-rs
	install -D -m 0644 docs/pgbench-rs.1 $(DESTDIR)$(MANDIR)/man1/pgbench-rs.1

$(RELEASE_BIN):
	$(CARGO) build --release $(CARGO_FLAGS)

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/pgbench-rs $(DESTDIR)$(MANDIR)/man1/pgbench-rs.1

clean:
	$(CARGO) clean
