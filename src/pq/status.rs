//! Rust mirrors of libpq's status enums, so that callers outside `pq`
//! never name pq-sys types.

use pq_sys::{ExecStatusType, PGTransactionStatusType, PGpipelineStatus};

/// The status of a result (`ExecStatusType`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ExecStatus {
    /// `PGRES_EMPTY_QUERY`: the query string was empty.
    EmptyQuery,
    /// `PGRES_COMMAND_OK`: a command that returns no rows succeeded.
    CommandOk,
    /// `PGRES_TUPLES_OK`: a query that returns rows succeeded.
    TuplesOk,
    /// `PGRES_COPY_OUT`: a COPY TO STDOUT started.
    CopyOut,
    /// `PGRES_COPY_IN`: a COPY FROM STDIN started.
    CopyIn,
    /// `PGRES_COPY_BOTH`: a replication copy started.
    CopyBoth,
    /// `PGRES_BAD_RESPONSE`: the server's response was not understood.
    BadResponse,
    /// `PGRES_NONFATAL_ERROR`: a notice or warning as a result.
    NonfatalError,
    /// `PGRES_FATAL_ERROR`: the command failed.
    FatalError,
    /// `PGRES_SINGLE_TUPLE` / `PGRES_TUPLES_CHUNK`: partial rows.
    PartialTuples,
    /// `PGRES_PIPELINE_SYNC`: a pipeline synchronization point.
    PipelineSync,
    /// `PGRES_PIPELINE_ABORTED`: a pipelined command skipped after an error.
    PipelineAborted,
}

impl From<ExecStatusType> for ExecStatus {
    fn from(s: ExecStatusType) -> Self {
        use ExecStatusType as E;
        match s {
            E::PGRES_EMPTY_QUERY => Self::EmptyQuery,
            E::PGRES_COMMAND_OK => Self::CommandOk,
            E::PGRES_TUPLES_OK => Self::TuplesOk,
            E::PGRES_COPY_OUT => Self::CopyOut,
            E::PGRES_COPY_IN => Self::CopyIn,
            E::PGRES_COPY_BOTH => Self::CopyBoth,
            E::PGRES_BAD_RESPONSE => Self::BadResponse,
            E::PGRES_NONFATAL_ERROR => Self::NonfatalError,
            E::PGRES_FATAL_ERROR => Self::FatalError,
            E::PGRES_SINGLE_TUPLE | E::PGRES_TUPLES_CHUNK => Self::PartialTuples,
            E::PGRES_PIPELINE_SYNC => Self::PipelineSync,
            E::PGRES_PIPELINE_ABORTED => Self::PipelineAborted,
        }
    }
}

/// The connection's transaction state (`PGTransactionStatusType`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TxStatus {
    /// `PQTRANS_IDLE`: idle, not in a transaction block.
    Idle,
    /// `PQTRANS_ACTIVE`: a command is in progress.
    Active,
    /// `PQTRANS_INTRANS`: idle inside a valid transaction block.
    InTrans,
    /// `PQTRANS_INERROR`: idle inside a failed transaction block.
    InError,
    /// `PQTRANS_UNKNOWN`: the connection is bad.
    Unknown,
}

impl From<PGTransactionStatusType> for TxStatus {
    fn from(s: PGTransactionStatusType) -> Self {
        use PGTransactionStatusType as T;
        match s {
            T::PQTRANS_IDLE => Self::Idle,
            T::PQTRANS_ACTIVE => Self::Active,
            T::PQTRANS_INTRANS => Self::InTrans,
            T::PQTRANS_INERROR => Self::InError,
            T::PQTRANS_UNKNOWN => Self::Unknown,
        }
    }
}

impl TxStatus {
    /// The numeric value libpq uses, for C's "unexpected transaction status %d".
    pub(crate) fn code(self) -> i32 {
        match self {
            Self::Idle => 0,
            Self::Active => 1,
            Self::InTrans => 2,
            Self::InError => 3,
            Self::Unknown => 4,
        }
    }
}

/// Whether the connection is in pipeline mode (`PGpipelineStatus`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PipelineStatus {
    /// `PQ_PIPELINE_OFF`.
    Off,
    /// `PQ_PIPELINE_ON`.
    On,
    /// `PQ_PIPELINE_ABORTED`: an error occurred inside the pipeline.
    Aborted,
}

impl From<PGpipelineStatus> for PipelineStatus {
    fn from(s: PGpipelineStatus) -> Self {
        match s {
            PGpipelineStatus::PQ_PIPELINE_OFF => Self::Off,
            PGpipelineStatus::PQ_PIPELINE_ON => Self::On,
            PGpipelineStatus::PQ_PIPELINE_ABORTED => Self::Aborted,
        }
    }
}
