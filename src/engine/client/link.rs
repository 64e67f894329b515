//! The seam under the client: what its state machine asks of a connection
//! ([`Link`]) and of a query's result ([`Reply`]). libpq's [`Conn`] and
//! [`PgResult`] are the one implementation a run uses (the client is
//! generic over it and monomorphised, so the seam costs nothing per
//! transaction); the unit tests drive the machine through scripted ones.

use std::ffi::CStr;
use std::os::fd::RawFd;

use crate::pq::{
    Conn, ConnParams, ConnectError, Dialing, ExecStatus, ParamBuf, PgResult, PipelineStatus, Step,
    TxStatus, Want,
};

/// A query's result, as the client reads it.
pub(crate) trait Reply {
    /// `PQresultStatus`.
    fn status(&self) -> ExecStatus;
    /// `PG_DIAG_SQLSTATE`.
    fn sqlstate(&self) -> Option<[u8; 5]>;
    /// `PQntuples`.
    fn ntuples(&self) -> usize;
    /// `PQnfields`.
    fn nfields(&self) -> usize;
    /// `PQfname`.
    fn fname(&self, col: usize) -> &[u8];
    /// `PQgetvalue`.
    fn value(&self, row: usize, col: usize) -> &[u8];
    /// `PQresultErrorMessage`.
    fn error_message(&self) -> String;
}

/// A connection being made (see [`Link::start`]).
pub(crate) trait Dial: Sized + std::fmt::Debug + Send {
    /// A number that changes whenever the socket may be a new one.
    fn id(&self) -> u64;
    /// The socket to wait for.
    fn socket(&self) -> RawFd;
    /// When the attempt must be woken to give its address up
    /// (`connect_timeout`; monotonic µs).
    fn deadline(&self) -> Option<i64>;
}

/// Where an attempt to connect is after a step.
#[derive(Debug)]
pub(crate) enum Dialed<L: Link> {
    /// Waiting for the socket: to be writable (true) or readable.
    Wait(L::Dialing, bool),
    /// Connected.
    Done(L),
    /// Failed, with libpq's message.
    Failed(ConnectError),
}

/// A connection, as the client uses it: libpq's asynchronous calls.
pub(crate) trait Link: Sized + std::fmt::Debug {
    /// Its results.
    type Reply: Reply;
    /// A connection being made.
    type Dialing: Dial;
    /// Connects (blocking).
    fn connect(params: &ConnParams) -> Result<Self, ConnectError>;
    /// Starts connecting without blocking (by default: connects at once).
    fn start(params: &ConnParams) -> Dialed<Self> {
        match Self::connect(params) {
            Ok(c) => Dialed::Done(c),
            Err(e) => Dialed::Failed(e),
        }
    }
    /// The next step of an attempt whose socket is ready for what it
    /// waited for (only then).
    fn poll(d: Self::Dialing, params: &ConnParams) -> Dialed<Self>;
    /// The attempt's deadline passed: its address is given up.
    fn time_out(d: Self::Dialing, params: &ConnParams) -> Dialed<Self>;
    /// A number no other connection of the process has had.
    fn id(&self) -> u64;
    /// `PQbackendPID`.
    fn backend_pid(&self) -> i32;
    /// `PQsocket`.
    fn socket(&self) -> RawFd;
    /// `PQstatus` is `CONNECTION_OK`.
    fn is_ok(&self) -> bool;
    /// `PQerrorMessage`.
    fn error_message(&self) -> String;
    /// `PQsetnonblocking` (false: it failed).
    fn set_nonblocking(&mut self, on: bool) -> bool;
    /// `PQtransactionStatus`.
    fn transaction_status(&self) -> TxStatus;
    /// `PQpipelineStatus`.
    fn pipeline_status(&self) -> PipelineStatus;
    /// `PQprepare` (blocking).
    fn prepare(&mut self, name: &CStr, sql: &CStr, nparams: usize) -> Option<Self::Reply>;
    /// `PQsendPrepare`.
    fn send_prepare(&mut self, name: &CStr, sql: &CStr, nparams: usize) -> bool;
    /// `PQsendQuery`.
    fn send_query(&mut self, sql: &CStr) -> bool;
    /// `PQsendQueryParams` with the text parameters in `values`.
    fn send_query_params(
        &mut self,
        sql: &CStr,
        values: &[u8],
        starts: &[u32],
        params: &mut ParamBuf,
    ) -> bool;
    /// `PQsendQueryPrepared` with the text parameters in `values`.
    fn send_query_prepared(
        &mut self,
        name: &CStr,
        values: &[u8],
        starts: &[u32],
        params: &mut ParamBuf,
    ) -> bool;
    /// `PQconsumeInput`.
    fn consume_input(&mut self) -> bool;
    /// `PQisBusy`.
    fn is_busy(&mut self) -> bool;
    /// `PQgetResult`.
    fn get_result(&mut self) -> Option<Self::Reply>;
    /// `PQflush`.
    fn flush(&mut self) -> i32;
    /// `PQenterPipelineMode`.
    fn enter_pipeline_mode(&mut self) -> bool;
    /// `PQexitPipelineMode`.
    fn exit_pipeline_mode(&mut self) -> bool;
    /// `PQpipelineSync`.
    fn pipeline_sync(&mut self) -> bool;
    /// `PQsendPipelineSync` (or its equivalent before libpq 17).
    fn send_pipeline_sync(&mut self) -> bool;
    /// Leaves a COPY the server started.
    fn end_copy(&mut self) -> bool;
    /// Asks the server to cancel what runs (None: no cancel handle).
    fn cancel(&self) -> Option<Result<(), String>>;
    /// `PQfinish`.
    fn finish(self);
}

/// A link that connects at once has no attempt in progress: the unit
/// tests' scripted connections.
#[cfg(test)]
#[derive(Debug)]
pub(crate) enum NoDial {}

#[cfg(test)]
impl Dial for NoDial {
    fn id(&self) -> u64 {
        match *self {}
    }
    fn socket(&self) -> RawFd {
        match *self {}
    }
    fn deadline(&self) -> Option<i64> {
        match *self {}
    }
}

impl Dial for Dialing {
    #[inline]
    fn id(&self) -> u64 {
        Dialing::id(self)
    }
    fn socket(&self) -> RawFd {
        Dialing::socket(self)
    }
    fn deadline(&self) -> Option<i64> {
        Dialing::deadline(self)
    }
}

/// libpq's step as the client sees it.
fn dialed(step: Step) -> Dialed<Conn> {
    match step {
        Step::Wait(d, want) => Dialed::Wait(d, want == Want::Write),
        Step::Done(c) => Dialed::Done(c),
        Step::Failed(e) => Dialed::Failed(e),
    }
}

impl Reply for PgResult {
    #[inline]
    fn status(&self) -> ExecStatus {
        PgResult::status(self)
    }
    fn sqlstate(&self) -> Option<[u8; 5]> {
        PgResult::sqlstate(self)
    }
    #[inline]
    fn ntuples(&self) -> usize {
        PgResult::ntuples(self)
    }
    #[inline]
    fn nfields(&self) -> usize {
        PgResult::nfields(self)
    }
    #[inline]
    fn fname(&self, col: usize) -> &[u8] {
        PgResult::fname(self, col)
    }
    #[inline]
    fn value(&self, row: usize, col: usize) -> &[u8] {
        PgResult::value(self, row, col)
    }
    fn error_message(&self) -> String {
        PgResult::error_message(self)
    }
}

impl Link for Conn {
    type Reply = PgResult;
    type Dialing = Dialing;
    fn connect(params: &ConnParams) -> Result<Self, ConnectError> {
        Conn::connect(params)
    }
    fn start(params: &ConnParams) -> Dialed<Self> {
        match Dialing::start(params) {
            Ok(step) => dialed(step),
            Err(e) => Dialed::Failed(e),
        }
    }
    fn poll(d: Dialing, params: &ConnParams) -> Dialed<Self> {
        dialed(d.poll(params))
    }
    fn time_out(d: Dialing, params: &ConnParams) -> Dialed<Self> {
        dialed(d.time_out(params))
    }
    #[inline]
    fn id(&self) -> u64 {
        Conn::id(self)
    }
    fn backend_pid(&self) -> i32 {
        Conn::backend_pid(self)
    }
    #[inline]
    fn socket(&self) -> RawFd {
        Conn::socket(self)
    }
    #[inline]
    fn is_ok(&self) -> bool {
        Conn::is_ok(self)
    }
    fn error_message(&self) -> String {
        Conn::error_message(self)
    }
    fn set_nonblocking(&mut self, on: bool) -> bool {
        Conn::set_nonblocking(self, on)
    }
    #[inline]
    fn transaction_status(&self) -> TxStatus {
        Conn::transaction_status(self)
    }
    #[inline]
    fn pipeline_status(&self) -> PipelineStatus {
        Conn::pipeline_status(self)
    }
    fn prepare(&mut self, name: &CStr, sql: &CStr, nparams: usize) -> Option<PgResult> {
        Conn::prepare(self, name, sql, nparams)
    }
    fn send_prepare(&mut self, name: &CStr, sql: &CStr, nparams: usize) -> bool {
        Conn::send_prepare(self, name, sql, nparams)
    }
    #[inline]
    fn send_query(&mut self, sql: &CStr) -> bool {
        Conn::send_query(self, sql)
    }
    #[inline]
    fn send_query_params(
        &mut self,
        sql: &CStr,
        values: &[u8],
        starts: &[u32],
        params: &mut ParamBuf,
    ) -> bool {
        Conn::send_query_params(self, sql, values, starts, params)
    }
    #[inline]
    fn send_query_prepared(
        &mut self,
        name: &CStr,
        values: &[u8],
        starts: &[u32],
        params: &mut ParamBuf,
    ) -> bool {
        Conn::send_query_prepared(self, name, values, starts, params)
    }
    #[inline]
    fn consume_input(&mut self) -> bool {
        Conn::consume_input(self)
    }
    #[inline]
    fn is_busy(&mut self) -> bool {
        Conn::is_busy(self)
    }
    #[inline]
    fn get_result(&mut self) -> Option<PgResult> {
        Conn::get_result(self)
    }
    #[inline]
    fn flush(&mut self) -> i32 {
        Conn::flush(self)
    }
    fn enter_pipeline_mode(&mut self) -> bool {
        Conn::enter_pipeline_mode(self)
    }
    fn exit_pipeline_mode(&mut self) -> bool {
        Conn::exit_pipeline_mode(self)
    }
    fn pipeline_sync(&mut self) -> bool {
        Conn::pipeline_sync(self)
    }
    fn send_pipeline_sync(&mut self) -> bool {
        Conn::send_pipeline_sync(self)
    }
    fn end_copy(&mut self) -> bool {
        Conn::end_copy(self)
    }
    fn cancel(&self) -> Option<Result<(), String>> {
        self.canceller().map(|k| k.cancel())
    }
    fn finish(self) {
        Conn::finish(self);
    }
}
