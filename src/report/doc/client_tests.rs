//! The client's object of a document from elsewhere, checked: what
//! `check` takes and what it refuses, naming the field.

use serde_json::{Value, json};

use super::check;
use super::client::example;
use super::model::{RunDocument, kept};

/// The check of the kept run with the example's object, edited by `edit`.
fn run_with(edit: impl FnOnce(&mut Value)) -> Result<(), String> {
    let mut run: RunDocument = kept("run.json");
    run.client = Some(example(run.progress.start_time_us, true, true));
    let mut v = serde_json::to_value(&run).unwrap();
    edit(&mut v["client"]);
    check::run(&v).map_err(|bad| format!("{}: {}", bad.field, bad.problem))
}

/// The object passes the check of a document from elsewhere; shares
/// past 100 %, more seconds than the run had, a second numbered past its
/// end, a shard past the most there are, are refused, naming the field.
#[test]
fn what_the_check_refuses() {
    assert_eq!(run_with(|_| {}), Ok(()));
    assert_eq!(
        run_with(|c| c["threads"][0]["busy_pct"] = json!(250)),
        Err("client.threads[0].busy_pct: expected at most 100, found 250".into())
    );
    assert_eq!(
        run_with(|c| c["threads"][0]["seconds"]["busy_pct"] = json!(vec![1.0; 1000])),
        Err("client.threads[0].seconds.busy_pct: seconds 0 to 1000 in a run of 3 s".into())
    );
    assert_eq!(
        run_with(|c| c["threads"][0]["seconds"]["first"] = json!(1_u64 << 40)),
        Err(
            "client.threads[0].seconds.first: expected an integer from 0 to 5, found 1099511627776"
                .into()
        )
    );
    assert_eq!(
        run_with(|c| c["threads"][1]["seconds"]["waiting_pct"] = json!([1.0])),
        Err("client.threads[1].seconds.waiting_pct: 1 seconds, busy_pct has 2".into())
    );
    assert_eq!(
        run_with(|c| c["threads"][1]["seconds"]["schedule_lag_ms"][1] = json!(-3)),
        Err("client.threads[1].seconds.schedule_lag_ms: expected numbers of 0 or more, found -3"
            .into())
    );
    assert_eq!(
        run_with(|c| c["verdict"]["saturated"][0]["shard"] = json!(1_u64 << 20)),
        Err(
            "client.verdict.saturated[0].shard: expected an integer from 0 to 16383, found 1048576"
                .into()
        )
    );
    assert_eq!(
        run_with(|c| c["totals"]["voluntary_switches"] = json!(-1)),
        Err("client.totals.voluntary_switches: expected an integer from 0 to 281474976710656, found -1".into())
    );
}
