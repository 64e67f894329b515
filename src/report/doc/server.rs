//! `--server-stats`' object of a run's document ([`ServerDoc`]) from what
//! the sampler found ([`ServerStats`]), and back (what `--merge` prints
//! of shard 0's).

use super::model::{CheckpointDoc, SamplerDoc, ServerDoc, ServerSample};
use crate::serverstats::{Checkpoint, Sample, ServerStats, WAIT_HZ};

/// The findings back from a document's `server` object (what `--merge`
/// prints of shard 0's).
pub(crate) fn from_json(d: &ServerDoc) -> ServerStats {
    ServerStats {
        interval_s: d.interval_s,
        server_version: d.server_version.clone(),
        samples: d
            .samples
            .iter()
            .map(|x| Sample { t: x.t, views: x.views.clone(), wait_events: x.wait_events.clone() })
            .collect(),
        checkpoints: d
            .checkpoints
            .iter()
            .map(|c| Checkpoint { start: c.start, end: c.end })
            .collect(),
        statements: d.statements.clone(),
        settings: d.settings.clone(),
        notes: d.unavailable.clone(),
        own_commits: d.sampler.xact_commit,
        own_rollbacks: d.sampler.xact_rollback,
    }
}

/// The document's `server` object.
pub(crate) fn json(s: &ServerStats) -> ServerDoc {
    ServerDoc {
        interval_s: s.interval_s,
        wait_samples_per_s: WAIT_HZ,
        server_version: s.server_version.clone(),
        samples: s
            .samples
            .iter()
            .map(|x| ServerSample {
                t: x.t,
                views: x.views.clone(),
                wait_events: x.wait_events.clone(),
            })
            .collect(),
        checkpoints: s
            .checkpoints
            .iter()
            .map(|c| CheckpointDoc { start: c.start, end: c.end })
            .collect(),
        statements: s.statements.clone(),
        settings: s.settings.clone(),
        unavailable: s.notes.clone(),
        sampler: SamplerDoc { xact_commit: s.own_commits, xact_rollback: s.own_rollbacks },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The kept documents' server object reads back into what the sampler
    /// found and makes the same object again.
    #[test]
    fn the_object_and_the_findings_are_one_another() {
        let doc: super::super::model::RunDocument = super::super::model::kept("shard0.json");
        let d = doc.server.expect("shard 0 sampled");
        let back = from_json(&d);
        assert_eq!(back.settings.as_ref().map(|s| &s["fsync"]), Some(&"off".to_string()));
        assert_eq!(json(&back), d);
    }
}
