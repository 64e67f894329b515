//! Pipelines (`\startpipeline`, `\syncpipeline`, `\endpipeline`): working
//! in extended and prepared mode and under serializable, their `--debug`
//! lines, and the six pipeline errors.

use super::{ABORTED, aborted_report, ok_report, script_run};
use crate::harness::bench::{TAIL, report_head};
use crate::harness::{Output, needs, shapes};

fn ten_selects() -> String {
    "select 1;\n".repeat(10)
}

/// A working pipeline case: one transaction of `script` in `mode` by both
/// implementations, exit 0, the report, nothing on stderr.
fn working(name: &str, file: &str, script: &str, mode: &str) {
    let mut r = script_run(name, file, script, &["-t", "1", "-n", "-M", mode]);
    r.same().status(0).stdout_is(&ok_report(file, mode, 1)).stderr_is("");
    r.finish();
}

/// 'working \startpipeline'.
#[test]
fn pipeline_working() {
    needs!(Server);
    let script =
        format!("\n-- test startpipeline\n\\startpipeline\n{}\n\\endpipeline\n", ten_selects());
    working("pipeline_working", "001_pgbench_pipeline", &script, "extended");
}

/// 'working \startpipeline' in prepared mode (an empty pipeline first).
#[test]
fn pipeline_prepared() {
    needs!(Server);
    let script = format!(
        "\n-- test startpipeline\n\\startpipeline\n\\endpipeline\n\\startpipeline\n{}\n\\endpipeline\n",
        ten_selects()
    );
    working("pipeline_prepared", "001_pgbench_pipeline_prep", &script, "prepared");
}

/// A pipeline under `--debug`: the sync result's debug line (with the
/// count of ongoing syncs).
#[test]
fn pipeline_debug() {
    let name = needs!(Server);
    let script = "\\startpipeline\nselect 1;\nselect 2;\n\\endpipeline\n";
    let args = ["-t", "2", "-n", "-M", "extended", "--debug"];
    let mut r = script_run(name, "pipeline.sql", script, &args);
    r.same_status()
        .same_stdout()
        .same_by("stderr messages per client (`receiving` repeats collapsed)", |o: &Output| {
            shapes::render_per_client(&shapes::messages_per_client(&o.stderr))
        })
        .status(0)
        .stdout_is(&format!(
            "{}number of transactions per client: 2\n\
             number of transactions actually processed: 2/2\n{TAIL}",
            report_head("pipeline.sql", "extended", 1, 1, "1")
        ))
        .each(|o| {
            let n = o
                .stderr
                .lines()
                .filter(|l| *l == "pgbench: client 0 pipeline ending, ongoing syncs: 1")
                .count();
            if n == 2 {
                Ok(())
            } else {
                Err(format!("{n} `pipeline ending, ongoing syncs: 1` lines, expected 2"))
            }
        });
    r.finish();
}

/// 'working \startpipeline with \syncpipeline'.
#[test]
fn pipeline_syncpipeline() {
    needs!(Server);
    let script = "\n-- test startpipeline\n\\startpipeline\nselect 1;\n\\syncpipeline\n\\syncpipeline\nselect 2;\n\\syncpipeline\nselect 3;\n\\endpipeline\n";
    let file = "001_pgbench_pipeline_sync";
    let args = ["-t", "1", "-n", "-M", "extended"];
    let mut r = script_run("pipeline_syncpipeline", file, script, &args);
    r.status(0).stdout_is(&ok_report(file, "extended", 1)).stderr_is("");
    r.finish();
}

/// `\syncpipeline` under `--debug`: one `pipeline ending` line
/// per sync, with the count of syncs still pending before it (4, 3, 2, 1).
#[test]
fn pipeline_syncpipeline_debug() {
    needs!(Server);
    let script = "\\startpipeline\nselect 1;\n\\syncpipeline\n\\syncpipeline\nselect 2;\n\\syncpipeline\nselect 3;\n\\endpipeline\n";
    let args = ["-t", "1", "-n", "-M", "extended", "--debug"];
    let mut r = script_run("pipeline_syncpipeline_debug", "sync.sql", script, &args);
    r.status(0).stdout_is(&ok_report("sync.sql", "extended", 1)).each(|o| {
        let got: Vec<&str> = o.stderr.lines().filter(|l| l.contains("pipeline ending")).collect();
        let want: Vec<String> = (1..=4)
            .rev()
            .map(|k| format!("pgbench: client 0 pipeline ending, ongoing syncs: {k}"))
            .collect();
        if got == want {
            Ok(())
        } else {
            Err(format!("pipeline ending lines {got:?}, expected {want:?}"))
        }
    });
    r.finish();
}

/// A pipeline error case: exit 2, stored stderr.
fn pipeline_error(name: &str, file: &str, script: &str, t: u32, stderr: &str) {
    let t_arg = t.to_string();
    let mut r = script_run(name, file, script, &["-t", &t_arg, "-n", "-M", "extended"]);
    r.same()
        .status(2)
        .stdout_is(&aborted_report(file, "extended", t))
        .stderr_is(&format!("{stderr}{ABORTED}"));
    r.finish();
}

/// 'error: call \startpipeline twice'.
#[test]
fn pipeline_twice() {
    needs!(Server);
    pipeline_error(
        "pipeline_twice",
        "001_pgbench_pipeline_2",
        "\n-- startpipeline twice\n\\startpipeline\n\\startpipeline\n",
        1,
        "pgbench: error: client 0 aborted in command 1 (startpipeline) of script 0; already in pipeline mode\n",
    );
}

/// 'error: \endpipeline with no start'.
#[test]
fn pipeline_end_without_start() {
    needs!(Server);
    pipeline_error(
        "pipeline_no_start",
        "001_pgbench_pipeline_3",
        "\n-- pipeline not started\n\\endpipeline\n",
        1,
        "pgbench: error: client 0 aborted in command 0 (endpipeline) of script 0; not in pipeline mode\n",
    );
}

/// 'error: \gset not allowed in pipeline mode'.
#[test]
fn pipeline_gset() {
    needs!(Server);
    pipeline_error(
        "pipeline_gset",
        "001_pgbench_pipeline_4",
        "\n\\startpipeline\nselect 1 \\gset f\n\\endpipeline\n",
        1,
        "pgbench: error: client 0 aborted in command 1 (gset) of script 0; \\gset is not allowed in pipeline mode\n",
    );
}

/// 'error: call \startpipeline without \endpipeline in a single transaction'.
#[test]
fn pipeline_open_single() {
    needs!(Server);
    pipeline_error(
        "pipeline_open_single",
        "001_pgbench_pipeline_5",
        "\n-- startpipeline only with single transaction\n\\startpipeline\n",
        1,
        "pgbench: error: client 0 aborted: end of script reached with pipeline open\n",
    );
}

/// 'error: call \startpipeline without \endpipeline'.
#[test]
fn pipeline_open() {
    needs!(Server);
    pipeline_error(
        "pipeline_open",
        "001_pgbench_pipeline_6",
        "\n-- startpipeline only\n\\startpipeline\n",
        2,
        "pgbench: error: client 0 aborted: end of script reached with pipeline open\n",
    );
}

/// 'error: call \startpipeline and \syncpipeline without \endpipeline'.
#[test]
fn pipeline_open_after_syncpipeline() {
    needs!(Server);
    pipeline_error(
        "pipeline_open_sync",
        "001_pgbench_pipeline_7",
        "\n-- startpipeline with \\syncpipeline only\n\\startpipeline\n\\syncpipeline\n",
        2,
        "pgbench: error: client 0 aborted: end of script reached with pipeline open\n",
    );
}

/// 'working \startpipeline with serializable' (4 clients).
#[test]
fn pipeline_serializable() {
    let name = needs!(Server);
    let script = format!(
        "\n-- test startpipeline with serializable\n\\startpipeline\nBEGIN ISOLATION LEVEL SERIALIZABLE;\n{}\nEND;\n\\endpipeline\n",
        ten_selects()
    );
    let file = "001_pgbench_pipeline_serializable";
    let mut r = script_run(name, file, &script, &["-c4", "-t", "10", "-n", "-M", "prepared"]);
    r.same().status(0).stderr_is("").stdout_is(&format!(
        "{}number of transactions per client: 10\n\
         number of transactions actually processed: 40/40\n{TAIL}",
        report_head(file, "prepared", 4, 1, "1")
    ));
    r.finish();
}
