//! sysbench 1.0.20's OLTP tests as builtin scripts: per transaction, the
//! statements its Lua script of the same name issues with its defaults
//! (`oltp_common.lua`: 10 point selects, ranges of 100, one of each other
//! kind, BEGIN/COMMIT around the oltp-* mixes), on `sbtest1`..`sbtestN`
//! named through the `"sbtest:tnum"` identifier variable. Values are drawn
//! as sysbench draws them: the table uniformly for each group of
//! statements, ids and `k` from its default "special" distribution
//! (written out as a pgbench expression by the `special!` macro), and `c` and
//! `pad` as groups of 11 random digits joined by dashes.
//!
//! `:tables`, `:table_size` and `:clients` (sysbench's threads) are set at
//! the start of a run from the tables found in the database and `-c`.

/// One of sysbench's tests as a builtin script.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Test {
    /// The builtin's name (sysbench's, with dashes).
    pub(crate) name: &'static str,
    /// Its description, `<builtin: sysbench NAME>`.
    pub(crate) desc: &'static str,
    /// The script.
    pub(crate) script: &'static str,
}

/// sysbench's `sb_rand_special(lo, lo + span)` with its defaults
/// (`--rand-spec-iter=12 --rand-spec-pct=1 --rand-spec-res=75`), into
/// variable `$var`: a uniform `r` in [0, 1) (in steps of 1e-9); below
/// 0.25, `lo` plus the mean of 12 uniforms times `span`; otherwise `r`
/// mapped onto the 1 % of the range just past its middle.
macro_rules! special {
    ($var:literal, $lo:literal, $span:literal) => {
        concat!(
            "\\set r random(0, 999999999)\n",
            "\\set ",
            $var,
            " ",
            $lo,
            " + case when :r < 250000000 then int((random(0, 999999999) + random(0, 999999999) + random(0, 999999999) + random(0, 999999999) + random(0, 999999999) + random(0, 999999999) + random(0, 999999999) + random(0, 999999999) + random(0, 999999999) + random(0, 999999999) + random(0, 999999999) + random(0, 999999999)) / 12000000000.0 * (",
            $span,
            ")) else int(:r / 1000000000.0 * ((",
            $span,
            ") * 0.01 + 1) + (",
            $span,
            ") / 2.0 - (",
            $span,
            ") * 0.005) end\n"
        )
    };
}

/// `get_id()`: an id of a table, special over 1..table_size.
macro_rules! get_id {
    ($var:literal) => {
        special!($var, "1", ":table_size - 1")
    };
}

/// One point select (`point_selects` holds 10 of them after one TABLE).
macro_rules! point_select {
    () => {
        concat!(get_id!("id"), "SELECT c FROM \"sbtest:tnum\" WHERE id=:id;\n")
    };
}

/// The ten point selects of one transaction.
macro_rules! point_selects {
    () => {
        concat!(
            "\\set tnum random(1, :tables)\n",
            point_select!(),
            point_select!(),
            point_select!(),
            point_select!(),
            point_select!(),
            point_select!(),
            point_select!(),
            point_select!(),
            point_select!(),
            point_select!()
        )
    };
}

/// One range query of each kind, each on its own table (`execute_range`).
macro_rules! ranges {
    () => {
        concat!(
            "\\set tnum random(1, :tables)\n",
            get_id!("id"),
            "\\set id2 :id + 99\n",
            "SELECT c FROM \"sbtest:tnum\" WHERE id BETWEEN :id AND :id2;\n",
            "\\set tnum random(1, :tables)\n",
            get_id!("id"),
            "\\set id2 :id + 99\n",
            "SELECT SUM(k) FROM \"sbtest:tnum\" WHERE id BETWEEN :id AND :id2;\n",
            "\\set tnum random(1, :tables)\n",
            get_id!("id"),
            "\\set id2 :id + 99\n",
            "SELECT c FROM \"sbtest:tnum\" WHERE id BETWEEN :id AND :id2 ORDER BY c;\n",
            "\\set tnum random(1, :tables)\n",
            get_id!("id"),
            "\\set id2 :id + 99\n",
            "SELECT DISTINCT c FROM \"sbtest:tnum\" WHERE id BETWEEN :id AND :id2 ORDER BY c;\n"
        )
    };
}

/// `n` groups of 11 random digits, `$prefix`1..n.
macro_rules! digits {
    ($prefix:literal, 10) => {
        concat!(
            digits!($prefix, 5),
            "\\set ",
            $prefix,
            "6 random(0, 99999999999)\n",
            "\\set ",
            $prefix,
            "7 random(0, 99999999999)\n",
            "\\set ",
            $prefix,
            "8 random(0, 99999999999)\n",
            "\\set ",
            $prefix,
            "9 random(0, 99999999999)\n",
            "\\set ",
            $prefix,
            "10 random(0, 99999999999)\n"
        )
    };
    ($prefix:literal, 5) => {
        concat!(
            "\\set ",
            $prefix,
            "1 random(0, 99999999999)\n",
            "\\set ",
            $prefix,
            "2 random(0, 99999999999)\n",
            "\\set ",
            $prefix,
            "3 random(0, 99999999999)\n",
            "\\set ",
            $prefix,
            "4 random(0, 99999999999)\n",
            "\\set ",
            $prefix,
            "5 random(0, 99999999999)\n"
        )
    };
}

/// `execute_index_updates`.
macro_rules! index_update {
    () => {
        concat!(
            "\\set tnum random(1, :tables)\n",
            get_id!("id"),
            "UPDATE \"sbtest:tnum\" SET k=k+1 WHERE id=:id;\n"
        )
    };
}

/// `execute_non_index_updates`.
macro_rules! non_index_update {
    () => {
        concat!(
            "\\set tnum random(1, :tables)\n",
            digits!("c", 10),
            get_id!("id"),
            "UPDATE \"sbtest:tnum\" SET c=lpad(:c1::text, 11, '0') || '-' || lpad(:c2::text, 11, '0') || '-' || lpad(:c3::text, 11, '0') || '-' || lpad(:c4::text, 11, '0') || '-' || lpad(:c5::text, 11, '0') || '-' || lpad(:c6::text, 11, '0') || '-' || lpad(:c7::text, 11, '0') || '-' || lpad(:c8::text, 11, '0') || '-' || lpad(:c9::text, 11, '0') || '-' || lpad(:c10::text, 11, '0') WHERE id=:id;\n"
        )
    };
}

/// `execute_delete_inserts`: a row deleted and inserted again with new
/// values.
macro_rules! delete_insert {
    () => {
        concat!(
            "\\set tnum random(1, :tables)\n",
            get_id!("id"),
            get_id!("k"),
            digits!("c", 10),
            digits!("p", 5),
            "DELETE FROM \"sbtest:tnum\" WHERE id=:id;\n",
            "INSERT INTO \"sbtest:tnum\" (id, k, c, pad) VALUES (:id, :k, lpad(:c1::text, 11, '0') || '-' || lpad(:c2::text, 11, '0') || '-' || lpad(:c3::text, 11, '0') || '-' || lpad(:c4::text, 11, '0') || '-' || lpad(:c5::text, 11, '0') || '-' || lpad(:c6::text, 11, '0') || '-' || lpad(:c7::text, 11, '0') || '-' || lpad(:c8::text, 11, '0') || '-' || lpad(:c9::text, 11, '0') || '-' || lpad(:c10::text, 11, '0'), lpad(:p1::text, 11, '0') || '-' || lpad(:p2::text, 11, '0') || '-' || lpad(:p3::text, 11, '0') || '-' || lpad(:p4::text, 11, '0') || '-' || lpad(:p5::text, 11, '0'));\n"
        )
    };
}

macro_rules! sysbench {
    ($name:literal, $test:literal, $script:expr) => {
        Test { name: $name, desc: concat!("<builtin: sysbench ", $test, ">"), script: $script }
    };
}

/// `oltp_read_write`.
pub(crate) const OLTP_READ_WRITE: Test = sysbench!(
    "oltp-read-write",
    "oltp_read_write",
    concat!(
        "BEGIN;\n",
        point_selects!(),
        ranges!(),
        index_update!(),
        non_index_update!(),
        delete_insert!(),
        "COMMIT;\n"
    )
);

/// `oltp_read_only`.
pub(crate) const OLTP_READ_ONLY: Test = sysbench!(
    "oltp-read-only",
    "oltp_read_only",
    concat!("BEGIN;\n", point_selects!(), ranges!(), "COMMIT;\n")
);

/// `oltp_write_only`.
pub(crate) const OLTP_WRITE_ONLY: Test = sysbench!(
    "oltp-write-only",
    "oltp_write_only",
    concat!("BEGIN;\n", index_update!(), non_index_update!(), delete_insert!(), "COMMIT;\n")
);

/// `oltp_point_select`: one point select per transaction.
pub(crate) const OLTP_POINT_SELECT: Test = sysbench!(
    "oltp-point-select",
    "oltp_point_select",
    concat!("\\set tnum random(1, :tables)\n", point_select!())
);

/// `oltp_update_index`.
pub(crate) const OLTP_UPDATE_INDEX: Test =
    sysbench!("oltp-update-index", "oltp_update_index", index_update!());

/// `oltp_update_non_index`.
pub(crate) const OLTP_UPDATE_NON_INDEX: Test =
    sysbench!("oltp-update-non-index", "oltp_update_non_index", non_index_update!());

/// `oltp_delete`.
pub(crate) const OLTP_DELETE: Test = sysbench!(
    "oltp-delete",
    "oltp_delete",
    concat!(
        "\\set tnum random(1, :tables)\n",
        get_id!("id"),
        "DELETE FROM \"sbtest:tnum\" WHERE id=:id;\n"
    )
);

/// `oltp_insert` (PostgreSQL, `--auto-inc` on: the id comes from the
/// table's sequence).
pub(crate) const OLTP_INSERT: Test = sysbench!(
    "oltp-insert",
    "oltp_insert",
    concat!(
        "\\set tnum random(1, :tables)\n",
        get_id!("k"),
        digits!("c", 10),
        digits!("p", 5),
        "INSERT INTO \"sbtest:tnum\" (k, c, pad) VALUES (:k, lpad(:c1::text, 11, '0') || '-' || lpad(:c2::text, 11, '0') || '-' || lpad(:c3::text, 11, '0') || '-' || lpad(:c4::text, 11, '0') || '-' || lpad(:c5::text, 11, '0') || '-' || lpad(:c6::text, 11, '0') || '-' || lpad(:c7::text, 11, '0') || '-' || lpad(:c8::text, 11, '0') || '-' || lpad(:c9::text, 11, '0') || '-' || lpad(:c10::text, 11, '0'), lpad(:p1::text, 11, '0') || '-' || lpad(:p2::text, 11, '0') || '-' || lpad(:p3::text, 11, '0') || '-' || lpad(:p4::text, 11, '0') || '-' || lpad(:p5::text, 11, '0'));\n"
    )
);

/// A point of `select_random_points` into `$var`.
macro_rules! point {
    ($var:literal) => {
        special!($var, ":lo", ":hi - :lo")
    };
}

/// This client's slice of the table (`rlen = table_size / threads`, each
/// thread its own), and ten points in it, `k1`..`k10`.
macro_rules! ten_points {
    () => {
        concat!(
            "\\set lo int(:table_size / (1.0 * :clients) * :client_id)\n",
            "\\set hi int(:table_size / (1.0 * :clients) * :client_id + :table_size / (1.0 * :clients))\n",
            point!("k1"),
            point!("k2"),
            point!("k3"),
            point!("k4"),
            point!("k5"),
            point!("k6"),
            point!("k7"),
            point!("k8"),
            point!("k9"),
            point!("k10"),
        )
    };
}

/// `select_random_points` (sbtest1 only, as sysbench): 10 values of `k`.
pub(crate) const SELECT_RANDOM_POINTS: Test = sysbench!(
    "select-random-points",
    "select_random_points",
    concat!(
        ten_points!(),
        "SELECT id, k, c, pad FROM sbtest1 WHERE k IN (:k1, :k2, :k3, :k4, :k5, :k6, :k7, :k8, :k9, :k10);\n"
    )
);

/// `select_random_ranges` (sbtest1 only, as sysbench): 10 ranges of `k`
/// of 5.
pub(crate) const SELECT_RANDOM_RANGES: Test = sysbench!(
    "select-random-ranges",
    "select_random_ranges",
    concat!(
        ten_points!(),
        "SELECT count(k) FROM sbtest1 WHERE k BETWEEN :k1 AND :k1 + 5 OR k BETWEEN :k2 AND :k2 + 5 OR k BETWEEN :k3 AND :k3 + 5 OR k BETWEEN :k4 AND :k4 + 5 OR k BETWEEN :k5 AND :k5 + 5 OR k BETWEEN :k6 AND :k6 + 5 OR k BETWEEN :k7 AND :k7 + 5 OR k BETWEEN :k8 AND :k8 + 5 OR k BETWEEN :k9 AND :k9 + 5 OR k BETWEEN :k10 AND :k10 + 5;\n"
    )
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::script::vars::VarRegistry;
    use crate::script::{CommandKind, parse_script};

    /// The SQL commands of a builtin, by their first words.
    fn statements(b: &Test) -> Vec<String> {
        let mut reg = VarRegistry::new();
        let s = parse_script(b.desc, b.script.as_bytes(), &mut reg).unwrap();
        s.commands
            .iter()
            .filter_map(|c| match &c.kind {
                CommandKind::Sql(sql) => Some(String::from_utf8_lossy(&sql.text).into_owned()),
                CommandKind::Meta(_) => None,
            })
            .collect()
    }

    fn kinds(b: &Test) -> Vec<&'static str> {
        statements(b)
            .iter()
            .map(|s| match s {
                s if s.starts_with("BEGIN") => "begin",
                s if s.starts_with("COMMIT") => "commit",
                s if s.starts_with("SELECT c FROM") && s.contains("ORDER") => "order",
                s if s.starts_with("SELECT c FROM") && s.contains("BETWEEN") => "simple",
                s if s.starts_with("SELECT c FROM") => "point",
                s if s.starts_with("SELECT SUM") => "sum",
                s if s.starts_with("SELECT DISTINCT") => "distinct",
                s if s.starts_with("UPDATE") && s.contains("k=k+1") => "index",
                s if s.starts_with("UPDATE") => "non-index",
                s if s.starts_with("DELETE") => "delete",
                s if s.starts_with("INSERT") => "insert",
                s if s.starts_with("SELECT id, k") => "points",
                s if s.starts_with("SELECT count(k)") => "ranges",
                _ => "?",
            })
            .collect()
    }

    /// The SQL text of a `c` value (`c_value_template`: 10 groups, 119
    /// characters) from the variables `c1`..`c10`.
    const C_VALUE: &str = "lpad(:c1::text, 11, '0') || '-' || lpad(:c2::text, 11, '0') || '-' || lpad(:c3::text, 11, '0') || '-' || lpad(:c4::text, 11, '0') || '-' || lpad(:c5::text, 11, '0') || '-' || lpad(:c6::text, 11, '0') || '-' || lpad(:c7::text, 11, '0') || '-' || lpad(:c8::text, 11, '0') || '-' || lpad(:c9::text, 11, '0') || '-' || lpad(:c10::text, 11, '0')";

    /// The SQL text of a `pad` value (`pad_value_template`: 5 groups, 59
    /// characters) from the variables `p1`..`p5`.
    const PAD_VALUE: &str = "lpad(:p1::text, 11, '0') || '-' || lpad(:p2::text, 11, '0') || '-' || lpad(:p3::text, 11, '0') || '-' || lpad(:p4::text, 11, '0') || '-' || lpad(:p5::text, 11, '0')";

    /// The part of the table `select_random_*` draw from on a client.
    const SLICE: &str = "\\set lo int(:table_size / (1.0 * :clients) * :client_id)\n\\set hi int(:table_size / (1.0 * :clients) * :client_id + :table_size / (1.0 * :clients))\n";

    #[test]
    fn each_test_issues_sysbenchs_statements() {
        let mut rw = vec!["begin"];
        rw.extend(["point"; 10]);
        rw.extend(["simple", "sum", "order", "distinct", "index", "non-index", "delete", "insert"]);
        rw.push("commit");
        assert_eq!(kinds(&OLTP_READ_WRITE), rw);
        let mut ro = vec!["begin"];
        ro.extend(["point"; 10]);
        ro.extend(["simple", "sum", "order", "distinct", "commit"]);
        assert_eq!(kinds(&OLTP_READ_ONLY), ro);
        assert_eq!(
            kinds(&OLTP_WRITE_ONLY),
            ["begin", "index", "non-index", "delete", "insert", "commit"]
        );
        assert_eq!(kinds(&OLTP_POINT_SELECT), ["point"]);
        assert_eq!(kinds(&OLTP_UPDATE_INDEX), ["index"]);
        assert_eq!(kinds(&OLTP_UPDATE_NON_INDEX), ["non-index"]);
        assert_eq!(kinds(&OLTP_DELETE), ["delete"]);
        assert_eq!(kinds(&OLTP_INSERT), ["insert"]);
        assert_eq!(kinds(&SELECT_RANDOM_POINTS), ["points"]);
        assert_eq!(kinds(&SELECT_RANDOM_RANGES), ["ranges"]);
    }

    #[test]
    fn value_templates_are_the_sql_the_scripts_send() {
        let rw = statements(&OLTP_READ_WRITE);
        assert!(rw.iter().any(|s| s.contains(C_VALUE) && s.starts_with("UPDATE")));
        assert!(rw.iter().any(|s| s.contains(C_VALUE) && s.contains(PAD_VALUE)));
        assert!(statements(&OLTP_INSERT)[0].contains(PAD_VALUE));
        assert!(OLTP_READ_ONLY.script.starts_with("BEGIN;\n\\set tnum"));
        assert!(SELECT_RANDOM_POINTS.script.starts_with(SLICE));
    }

    /// Runs the `\set` commands of `t` `n` times with the given variables,
    /// collecting the values of `watch` after each run.
    fn draws(t: &Test, defs: &[(&str, i64)], watch: &[&str], n: usize) -> Vec<Vec<i64>> {
        use crate::rand::prng::PgPrng;
        use crate::script::{EvalCtx, MetaCommand, Value, Vars, eval};
        let mut reg = VarRegistry::new();
        let script = parse_script(t.desc, t.script.as_bytes(), &mut reg).unwrap();
        let mut vars = Vars::new(&reg);
        for (name, v) in defs {
            vars.set_value(reg.lookup(name).unwrap(), Value::Int(*v));
        }
        let slots: Vec<_> = watch.iter().map(|w| reg.lookup(w).unwrap()).collect();
        let mut rng = PgPrng::from_seed(11);
        let mut out = vec![Vec::new(); watch.len()];
        let mut sink = |_: &str| {};
        for _ in 0..n {
            for c in &script.commands {
                let CommandKind::Meta(MetaCommand::Set { target, expr }) = &c.kind else {
                    continue;
                };
                let mut ctx = EvalCtx {
                    vars: &mut vars,
                    rng: &mut rng,
                    script: 0,
                    command: 0,
                    debug_out: &mut sink,
                };
                let v = eval(expr, &mut ctx).unwrap();
                target.assign(&mut vars, v, "set").unwrap();
            }
            for (o, s) in out.iter_mut().zip(&slots) {
                match vars.value(*s).unwrap() {
                    Value::Int(i) => o.push(i),
                    other => panic!("{other:?}"),
                }
            }
        }
        out
    }

    #[test]
    fn the_scripts_draw_as_sysbench_draws() {
        let n = 100_000;
        let d =
            draws(&OLTP_POINT_SELECT, &[("tables", 4), ("table_size", 10_000)], &["tnum", "id"], n);
        let (tnum, id) = (&d[0], &d[1]);
        for t in 1..=4 {
            let share = tnum.iter().filter(|&&x| x == t).count() as f64 / n as f64;
            assert!((0.24..0.26).contains(&share), "table {t}: {share}");
        }
        assert!(id.iter().all(|&x| (1..=10_000).contains(&x)));
        // The same share on the hot 1% as sysbench's sb_rand_special
        // (crate::rand's port of it): 0.76.
        let hot = id.iter().filter(|&&x| (4975..=5051).contains(&x)).count() as f64 / n as f64;
        let mut rng = crate::rand::prng::PgPrng::from_seed(12);
        let theirs = (0..n)
            .filter(|_| {
                (4975..=5051).contains(&crate::rand::sysbench::special(&mut rng, 1, 10_000))
            })
            .count() as f64
            / n as f64;
        assert!((hot - theirs).abs() < 0.01 && (0.75..0.77).contains(&hot), "{hot} {theirs}");
        // Below the middle: the gaussian quarter, as often as above it.
        let low = id.iter().filter(|&&x| x < 4975).count() as f64 / n as f64;
        assert!((0.11..0.13).contains(&low), "{low}");
        // select_random_points: client 2 of 4 draws in its quarter.
        let defs = [("table_size", 10_000), ("clients", 4), ("client_id", 2)];
        let k = draws(&SELECT_RANDOM_POINTS, &defs, &["k1", "k10"], 10_000);
        assert!(k.iter().flatten().all(|&x| (5_000..=7_500).contains(&x)));
        let hot = k[0].iter().filter(|&&x| (6_238..=6_276).contains(&x)).count();
        assert!(hot > 7_000, "{hot}");
    }
}
