//! The upstream retry workloads ('concurrent update with retrying' and
//! 'deadlock with retrying' of C pgbench's TAP suite): their scripts, their
//! database, and a run of each by two clients, one transaction each, that
//! sets the database back before each implementation's run.

use super::bench::Bench;
use super::cluster::{Cluster, create_db_on};
use super::{Db, Pgbench};

/// The script of the upstream test 'concurrent update with retrying': the
/// second client's UPDATE waits for the first client's transaction and then
/// fails with a serialization error under REPEATABLE READ. (Its wait loops
/// count waiters on advisory locks of this database only, as tests run in
/// parallel in databases of their own.)
pub(crate) const SERIALIZATION_SCRIPT: &str = r#"
\set delta random(-5000, 5000)

-- The second client will stop here
SELECT pg_advisory_lock(0);

-- Start transaction with concurrent update
BEGIN;
UPDATE xy SET y = y + :delta WHERE x = 1 AND pg_advisory_lock(1) IS NOT NULL;

-- Wait for the second client
DO $$
DECLARE
  exists boolean;
  waiters integer;
BEGIN
  -- The second client always comes in second, and the number of rows in the
  -- table first_client_table reflect this. Here the first client inserts a row,
  -- so the second client will see a non-empty table when repeating the
  -- transaction after the serialization error.
  SELECT EXISTS (SELECT * FROM first_client_table) INTO STRICT exists;
  IF NOT exists THEN
	-- Let the second client begin
	PERFORM pg_advisory_unlock(0);
	-- And wait until the second client tries to get the same lock
	LOOP
	  SELECT COUNT(*) INTO STRICT waiters FROM pg_locks WHERE
	  locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database()) AND objsubid = 1 AND
	  ((classid::bigint << 32) | objid::bigint = 1::bigint) AND NOT granted;
	  IF waiters = 1 THEN
		INSERT INTO first_client_table VALUES (1);

		-- Exit loop
		EXIT;
	  END IF;
	END LOOP;
  END IF;
END$$;

COMMIT;
SELECT pg_advisory_unlock_all();
"#;

/// The script of the upstream test 'deadlock with retrying'.
pub(crate) const DEADLOCK_SCRIPT: &str = r#"
-- Since the client with the deadlock error has not released the blocking locks,
-- let's do this here.
SELECT pg_advisory_unlock_all();

-- The second client and the client with the deadlock error stop here
SELECT pg_advisory_lock(0);
SELECT pg_advisory_lock(1);

DO $$
DECLARE
  exists boolean;
BEGIN
  SELECT EXISTS (SELECT * FROM first_client_table) INTO STRICT exists;
  IF exists THEN
	-- We are the second client or the client with the deadlock error

	-- The first client will take care by itself of this lock (see below)
	PERFORM pg_advisory_unlock(0);

	PERFORM pg_advisory_lock(3);

	-- The second client can get a deadlock here
	PERFORM pg_advisory_lock(2);
  ELSE
	-- We are the first client

	-- This code should not be used in a new transaction after an error
	INSERT INTO first_client_table VALUES (1);

	PERFORM pg_advisory_lock(2);
  END IF;
END$$;

DO $$
DECLARE
  num_rows integer;
  waiters integer;
BEGIN
  -- Check if we are the first client
  SELECT COUNT(*) FROM first_client_table INTO STRICT num_rows;
  IF num_rows = 1 THEN
	-- This code should not be used in a new transaction after an error
	INSERT INTO first_client_table VALUES (2);

	-- Let the second client begin
	PERFORM pg_advisory_unlock(0);
	PERFORM pg_advisory_unlock(1);

	-- Make sure the second client is ready for deadlock
	LOOP
	  SELECT COUNT(*) INTO STRICT waiters FROM pg_locks WHERE
	  locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database()) AND
	  objsubid = 1 AND
	  ((classid::bigint << 32) | objid::bigint = 2::bigint) AND
	  NOT granted;

	  IF waiters = 1 THEN
	    -- Exit loop
		EXIT;
	  END IF;
	END LOOP;

	PERFORM pg_advisory_lock(0);
    -- And the second client took care by itself of the lock 1
  END IF;
END$$;

-- The first client can get a deadlock here
SELECT pg_advisory_lock(3);

SELECT pg_advisory_unlock_all();
"#;

/// The isolation of the serialization workload (`PGOPTIONS`).
pub(crate) const REPEATABLE_READ: &str = "-c default_transaction_isolation=repeatable\\ read";

/// A database of `server` with the tables of the retry workloads.
pub(crate) fn retry_db_on(server: &'static Cluster, name: &str) -> Db {
    let db = create_db_on(server, name);
    db.exec(
        "CREATE UNLOGGED TABLE first_client_table (value integer); \
         CREATE UNLOGGED TABLE xy (x integer, y integer); \
         INSERT INTO xy VALUES (1, 2);",
    );
    db
}

/// `script` as `file` run in `db` (on its server) by two clients, one
/// transaction each, with `extra` options: `-n -c 2 -t 1 EXTRA -f FILE`.
pub(crate) fn retry_run(db: &Db, file: &str, script: &str, extra: &[&str]) -> Pgbench {
    let mut args = vec!["-n", "-c", "2", "-t", "1"];
    args.extend_from_slice(extra);
    args.extend(["-f", file, &db.name]);
    Pgbench::new(args).file(file, script).on(db.cluster)
}

/// The serialization workload ([`retry_run`] under REPEATABLE READ).
pub(crate) fn serialization_run(db: &Db, file: &str, extra: &[&str]) -> Pgbench {
    retry_run(db, file, SERIALIZATION_SCRIPT, extra).env("PGOPTIONS", REPEATABLE_READ)
}

/// Case `name` of `run` in `db`, whose tables are set back before each
/// implementation's run.
pub(crate) fn resetting(name: &str, db: &Db, run: Pgbench) -> Bench {
    let reset = db.clone();
    Bench::new(name, run.label(name))
        .before_each(move || reset.exec("DELETE FROM first_client_table; UPDATE xy SET y = 2"))
}
