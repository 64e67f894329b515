//! Which statistics views `--server-stats` reads, chosen once by the
//! server's version, the SQL that reads them (each view as JSON, so that
//! its keys are the view's own column names), and the interval's change
//! of a reading against the one before it: counters as differences,
//! gauges as values.

use serde_json::{Map, Value};

/// Every statement of the sampler is a SELECT with this comment after
/// the keyword (where pg_stat_statements keeps it: 18 drops a leading
/// one), so that its own statements are left out of the list.
pub(super) const TAG: &str = "SELECT /* pgbench-rs server-stats */ ";

/// The comment of [`TAG`].
pub(super) const TAG_COMMENT: &str = "/* pgbench-rs server-stats */";

/// A view read at each interval.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct View {
    /// Its name, the key of its reading in a sample.
    pub(super) name: &'static str,
    /// The SQL expression (a scalar subquery) that reads it as JSON.
    pub(super) sql: &'static str,
    /// The columns that are values, not counters.
    pub(super) gauges: &'static [&'static str],
    /// The columns that name a row of a view of several rows.
    pub(super) keys: &'static [&'static str],
    /// A view of several rows (a list in the sample).
    pub(super) rows: bool,
}

/// Columns never reported: identities and reset times.
const SKIPPED: &[&str] = &["datid", "stats_reset", "relid", "pid"];

const DATABASE: View = View {
    name: "pg_stat_database",
    sql: "(SELECT row_to_json(v) FROM pg_catalog.pg_stat_database v WHERE datname = pg_catalog.current_database())",
    gauges: &["numbackends"],
    keys: &["datname"],
    rows: false,
};

const WAL: View = View {
    name: "pg_stat_wal",
    sql: "(SELECT row_to_json(v) FROM pg_catalog.pg_stat_wal v)",
    gauges: &[],
    keys: &[],
    rows: false,
};

const CHECKPOINTER: View = View {
    name: "pg_stat_checkpointer",
    sql: "(SELECT row_to_json(v) FROM pg_catalog.pg_stat_checkpointer v)",
    gauges: &[],
    keys: &[],
    rows: false,
};

const BGWRITER: View = View {
    name: "pg_stat_bgwriter",
    sql: "(SELECT row_to_json(v) FROM pg_catalog.pg_stat_bgwriter v)",
    gauges: &[],
    keys: &[],
    rows: false,
};

const IO: View = View {
    name: "pg_stat_io",
    sql: "(SELECT json_agg(v) FROM pg_catalog.pg_stat_io v)",
    gauges: &["op_bytes"],
    keys: &["backend_type", "object", "context"],
    rows: true,
};

/// The lags in seconds; 0 where the server shows none (NULL) because the
/// standby has all the WAL there is.
const REPLICATION: View = View {
    name: "pg_stat_replication",
    sql: "(SELECT json_agg(json_build_object('application_name', application_name, \
          'client_addr', client_addr, 'state', state, 'sync_state', sync_state, \
          'write_lag', CASE WHEN write_lsn = pg_catalog.pg_current_wal_lsn() THEN coalesce(extract(epoch FROM write_lag), 0) ELSE extract(epoch FROM write_lag) END, \
          'flush_lag', CASE WHEN flush_lsn = pg_catalog.pg_current_wal_lsn() THEN coalesce(extract(epoch FROM flush_lag), 0) ELSE extract(epoch FROM flush_lag) END, \
          'replay_lag', CASE WHEN replay_lsn = pg_catalog.pg_current_wal_lsn() THEN coalesce(extract(epoch FROM replay_lag), 0) ELSE extract(epoch FROM replay_lag) END, \
          'sent_bytes_behind', pg_catalog.pg_wal_lsn_diff(pg_catalog.pg_current_wal_lsn(), sent_lsn), \
          'write_bytes_behind', pg_catalog.pg_wal_lsn_diff(pg_catalog.pg_current_wal_lsn(), write_lsn), \
          'flush_bytes_behind', pg_catalog.pg_wal_lsn_diff(pg_catalog.pg_current_wal_lsn(), flush_lsn), \
          'replay_bytes_behind', pg_catalog.pg_wal_lsn_diff(pg_catalog.pg_current_wal_lsn(), replay_lsn)) \
          ORDER BY application_name, pid) FROM pg_catalog.pg_stat_replication)",
    gauges: &[
        "write_lag",
        "flush_lag",
        "replay_lag",
        "sent_bytes_behind",
        "write_bytes_behind",
        "flush_bytes_behind",
        "replay_bytes_behind",
    ],
    keys: &["application_name", "client_addr", "state", "sync_state"],
    rows: true,
};

const PROGRESS_VACUUM: View = View {
    name: "pg_stat_progress_vacuum",
    sql: "(SELECT json_agg(json_build_object('relname', v.relid::pg_catalog.regclass::text, \
          'phase', v.phase, 'heap_blks_total', v.heap_blks_total, \
          'heap_blks_scanned', v.heap_blks_scanned, 'heap_blks_vacuumed', v.heap_blks_vacuumed, \
          'autovacuum', a.backend_type = 'autovacuum worker')) \
          FROM pg_catalog.pg_stat_progress_vacuum v LEFT JOIN pg_catalog.pg_stat_activity a USING (pid) \
          WHERE v.datname = pg_catalog.current_database())",
    gauges: &["heap_blks_total", "heap_blks_scanned", "heap_blks_vacuumed", "autovacuum"],
    keys: &["relname", "phase"],
    rows: true,
};

const USER_TABLES: View = View {
    name: "pg_stat_user_tables",
    sql: "(SELECT json_agg(json_build_object('relname', schemaname || '.' || relname, \
          'n_tup_ins', n_tup_ins, 'n_tup_upd', n_tup_upd, 'n_tup_del', n_tup_del, \
          'n_live_tup', n_live_tup, 'n_dead_tup', n_dead_tup, \
          'vacuum_count', vacuum_count, 'autovacuum_count', autovacuum_count, \
          'analyze_count', analyze_count, 'autoanalyze_count', autoanalyze_count) \
          ORDER BY schemaname, relname) FROM pg_catalog.pg_stat_user_tables)",
    gauges: &["n_live_tup", "n_dead_tup"],
    keys: &["relname"],
    rows: true,
};

/// The views a server of `version` (`server_version_num`) has, in the
/// order of a sample, with those it lacks (`null` in every sample).
pub(super) fn for_version(version: i32) -> (Vec<View>, Vec<&'static str>) {
    let mut have = vec![DATABASE, WAL];
    let mut lacks = Vec::new();
    if version >= 170_000 {
        have.push(CHECKPOINTER);
    } else {
        lacks.push(CHECKPOINTER.name);
    }
    have.push(BGWRITER);
    if version >= 160_000 {
        have.push(IO);
    } else {
        lacks.push(IO.name);
    }
    have.extend([REPLICATION, PROGRESS_VACUUM, USER_TABLES]);
    if version < 140_000 {
        // pg_stat_wal is 14's.
        have.retain(|v| v.name != WAL.name);
        lacks.push(WAL.name);
    }
    (have, lacks)
}

/// The sampler's own WAL on servers that count it per backend (18 and
/// newer), as JSON.
pub(super) const OWN_WAL: &str = "(SELECT row_to_json(w) FROM pg_catalog.pg_stat_get_backend_wal(pg_catalog.pg_backend_pid()) w)";

/// The statement that reads `views` in one transaction: one row, one
/// JSON object with a key per view (and with `own_wal`, [`OWN_WAL`]).
pub(super) fn reading_sql(views: &[View], own_wal: bool) -> String {
    let mut parts: Vec<String> = views.iter().map(|v| format!("'{}', {}", v.name, v.sql)).collect();
    if own_wal {
        parts.push(format!("'own_wal', {OWN_WAL}"));
    }
    format!("{TAG}pg_catalog.json_build_object({})", parts.join(", "))
}

/// `cur - prev` of two numbers: an integer when both are, else rounded
/// to the microsecond (the times are milliseconds).
fn difference(cur: &Value, prev: Option<&Value>) -> Value {
    match (cur.as_i64(), prev.and_then(Value::as_i64)) {
        (Some(c), Some(p)) => Value::from(c - p),
        (Some(c), None) if prev.is_none_or(Value::is_null) => Value::from(c),
        _ => {
            let c = cur.as_f64().unwrap_or(0.0);
            let p = prev.and_then(Value::as_f64).unwrap_or(0.0);
            Value::from(((c - p) * 1000.0).round() / 1000.0)
        }
    }
}

/// One row's change: counters as differences from `prev`'s row (the
/// whole value when there is none), gauges and key columns as they are.
fn row_change(view: &View, cur: &Map<String, Value>, prev: Option<&Map<String, Value>>) -> Value {
    let mut out = Map::new();
    for (k, v) in cur {
        if SKIPPED.contains(&k.as_str()) {
            continue;
        }
        if view.keys.contains(&k.as_str()) || view.gauges.contains(&k.as_str()) {
            out.insert(k.clone(), v.clone());
        } else if v.is_number() {
            out.insert(k.clone(), difference(v, prev.and_then(|p| p.get(k))));
        } else if v.is_null() {
            out.insert(k.clone(), Value::Null);
        }
    }
    Value::Object(out)
}

/// Whether two rows are the same row of a view (their key columns agree).
fn same_row(view: &View, a: &Map<String, Value>, b: &Map<String, Value>) -> bool {
    view.keys
        .iter()
        .filter(|k| !matches!(**k, "state" | "sync_state" | "phase"))
        .all(|k| a.get(*k) == b.get(*k))
}

/// Whether a row's counters all stayed the same (such rows of
/// pg_stat_io and pg_stat_user_tables are left out of a sample).
fn unchanged(view: &View, change: &Value) -> bool {
    change.as_object().is_some_and(|o| {
        o.iter().all(|(k, v)| {
            view.keys.contains(&k.as_str())
                || view.gauges.contains(&k.as_str())
                || v.as_f64().is_none_or(|x| x == 0.0)
        })
    })
}

/// A view's change over an interval, from its readings at the interval's
/// start (`prev`) and end (`cur`): an object, or a list of objects for a
/// view of several rows (only the rows that changed, but every standby
/// and vacuum in progress); `null` when it could not be read.
pub(super) fn change(view: &View, cur: Option<&Value>, prev: Option<&Value>) -> Value {
    let Some(cur) = cur else { return Value::Null };
    if !view.rows {
        let Some(c) = cur.as_object() else { return Value::Null };
        return row_change(view, c, prev.and_then(Value::as_object));
    }
    let empty = Vec::new();
    let rows = cur.as_array().unwrap_or(&empty);
    let before = prev.and_then(Value::as_array).unwrap_or(&empty);
    let keep_all = view.name == REPLICATION.name || view.name == PROGRESS_VACUUM.name;
    let mut out = Vec::new();
    for r in rows.iter().filter_map(Value::as_object) {
        let p = before.iter().filter_map(Value::as_object).find(|p| same_row(view, r, p));
        let c = row_change(view, r, p);
        if keep_all || !unchanged(view, &c) {
            out.push(c);
        }
    }
    Value::Array(out)
}

/// The counters of `cur` less `prev` for one key of a single-row reading
/// (0 when either is missing).
pub(super) fn counter(cur: Option<&Value>, prev: Option<&Value>, key: &str) -> i64 {
    let get = |v: Option<&Value>| v.and_then(|v| v.get(key)).and_then(Value::as_i64);
    match (get(cur), get(prev)) {
        (Some(c), Some(p)) => c - p,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn changes_of_counters_and_gauges() {
        let prev = json!({"datid": 5, "datname": "db", "numbackends": 3, "xact_commit": 10,
            "blk_read_time": 1.25, "stats_reset": null});
        let cur = json!({"datid": 5, "datname": "db", "numbackends": 4, "xact_commit": 17,
            "blk_read_time": 2.5, "stats_reset": null});
        assert_eq!(
            change(&DATABASE, Some(&cur), Some(&prev)),
            json!({"datname": "db", "numbackends": 4, "xact_commit": 7, "blk_read_time": 1.25})
        );
        assert_eq!(change(&DATABASE, None, Some(&prev)), Value::Null);
    }

    #[test]
    fn rows_that_changed() {
        let prev = json!([{"backend_type": "a", "object": "relation", "context": "normal", "reads": 1, "op_bytes": 8192},
                          {"backend_type": "b", "object": "relation", "context": "normal", "reads": 5, "op_bytes": 8192}]);
        let cur = json!([{"backend_type": "a", "object": "relation", "context": "normal", "reads": 4, "op_bytes": 8192},
                         {"backend_type": "b", "object": "relation", "context": "normal", "reads": 5, "op_bytes": 8192}]);
        assert_eq!(
            change(&IO, Some(&cur), Some(&prev)),
            json!([{"backend_type": "a", "object": "relation", "context": "normal", "reads": 3, "op_bytes": 8192}])
        );
    }

    #[test]
    fn views_by_version() {
        let names = |v| for_version(v).0.iter().map(|v| v.name).collect::<Vec<_>>();
        assert!(names(150_000).contains(&"pg_stat_bgwriter"));
        assert!(!names(150_000).contains(&"pg_stat_io"));
        assert!(names(170_000).contains(&"pg_stat_checkpointer"));
        assert_eq!(for_version(150_000).1, ["pg_stat_checkpointer", "pg_stat_io"]);
    }
}
