//! Latency distributions: an HdrHistogram of microseconds with three
//! significant digits that grows to fit what it records, its percentiles,
//! and its standard encoding (V2, deflate-compressed; base64 for text),
//! which HdrHistogram's libraries in other languages decode.

use base64::Engine as _;
use hdrhistogram::Histogram;
use hdrhistogram::serialization::{
    Deserializer, Serializer as _, V2DeflateSerializer, V2Serializer,
};

/// Significant decimal digits kept: a value is recorded within 0.1%.
pub(crate) const SIGNIFICANT_DIGITS: u8 = 3;

/// The largest value a new histogram holds before it grows: one second.
/// Growing copies the counts, so a histogram that starts large enough for
/// usual latencies records without ever growing (90 kB of counts).
const INITIAL_HIGHEST_US: u64 = 1_000_000;

/// A distribution of durations in microseconds. Its counts are allocated
/// when the first value is recorded or added (a distribution that never
/// gets one, such as the lags of a run without `-R`, costs nothing); it
/// reads, encodes and merges as the empty histogram it stands for.
#[derive(Clone, Debug)]
pub(crate) struct Hist(Option<Histogram<u64>>);

/// An empty histogram with the bounds every [`Hist`] starts from.
fn fresh() -> Histogram<u64> {
    // The bounds and three significant digits are valid, so creating
    // cannot fail.
    match Histogram::new_with_bounds(1, INITIAL_HIGHEST_US, SIGNIFICANT_DIGITS) {
        Ok(mut h) => {
            h.auto(true);
            h
        }
        Err(_) => unreachable!("valid histogram bounds"),
    }
}

/// [`Hist::to_bytes`] of an empty [`Hist`], made once.
fn empty_bytes() -> &'static [u8] {
    static EMPTY: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
    EMPTY.get_or_init(|| {
        let mut out = Vec::new();
        // Writing to a vector cannot fail.
        let _ = V2Serializer::new().serialize(&fresh(), &mut out);
        out
    })
}

/// A histogram could not be decoded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct DecodeError(String);

impl std::fmt::Display for DecodeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "invalid histogram: {}", self.0)
    }
}

impl std::error::Error for DecodeError {}

/// Makes [`Hist::to_bytes`]'s encoding into a buffer of the caller's,
/// with a work buffer of its own that it keeps: the encoder reserves room
/// for every count up to the largest value (some 90 kB up to a second),
/// which a worker closing a second would otherwise allocate and free each
/// second. It is reserved once for a new histogram's whole range, so that
/// it does not grow again with each larger latency the run meets; only
/// the pages the encodings are written to become resident.
pub(crate) struct Packer(V2Serializer);

impl Default for Packer {
    fn default() -> Self {
        let mut p = Packer(V2Serializer::new());
        let mut top = Hist::new();
        top.record(INITIAL_HIGHEST_US as f64);
        p.pack(&top, &mut Vec::new());
        p
    }
}

impl std::fmt::Debug for Packer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Packer")
    }
}

impl Packer {
    /// `h`'s V2 encoding ([`Hist::to_bytes`]'s), in `out` (emptied first;
    /// its allocation kept).
    pub(crate) fn pack(&mut self, h: &Hist, out: &mut Vec<u8>) {
        out.clear();
        match &h.0 {
            Some(h) => {
                // Writing to a vector cannot fail.
                let _ = self.0.serialize(h, out);
            }
            None => out.extend_from_slice(empty_bytes()),
        }
    }
}

impl Default for Hist {
    fn default() -> Self {
        Hist::new()
    }
}

impl Hist {
    /// An empty distribution (nothing allocated yet).
    pub(crate) const fn new() -> Self {
        Hist(None)
    }

    /// The counts, allocated on first use.
    #[inline]
    fn counts(&mut self) -> &mut Histogram<u64> {
        self.0.get_or_insert_with(fresh)
    }

    /// Records a duration in microseconds (negative ones as 0: the cast
    /// saturates).
    #[inline]
    pub(crate) fn record(&mut self, us: f64) {
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let v = us as u64;
        // An auto-resizing histogram refuses only values beyond 2^62 µs.
        let _ = self.counts().record(v);
    }

    /// Forgets every value, keeping the memory it grew to.
    pub(crate) fn clear(&mut self) {
        if let Some(h) = &mut self.0 {
            h.reset();
        }
    }

    /// Adds every value of `other`.
    pub(crate) fn add(&mut self, other: &Hist) {
        if let Some(o) = &other.0 {
            let _ = self.counts().add(o);
        }
    }

    /// Number of values recorded.
    pub(crate) fn count(&self) -> u64 {
        self.0.as_ref().map_or(0, Histogram::len)
    }

    /// The value below or at which `percentile` % of the values lie
    /// (HdrHistogram's value at that quantile: the highest value
    /// equivalent to it at three digits), in microseconds; 0 when empty.
    #[cfg(test)]
    pub(crate) fn percentile(&self, percentile: f64) -> u64 {
        match &self.0 {
            Some(h) if !h.is_empty() => h.value_at_quantile(percentile / 100.0),
            _ => 0,
        }
    }

    /// The value at each of `percentiles` (HdrHistogram's quantile rule), in one pass over the
    /// histogram (a pass per percentile costs as much each).
    pub(crate) fn percentiles(&self, percentiles: &[f64]) -> Vec<u64> {
        let mut out = vec![0; percentiles.len()];
        let Some(h) = self.0.as_ref().filter(|h| !h.is_empty()) else { return out };
        let total = h.len() as f64;
        // The rank of each, as HdrHistogram's value_at_quantile counts it.
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let mut ranks: Vec<(u64, usize)> = percentiles
            .iter()
            .enumerate()
            .map(|(i, p)| ((((p / 100.0).min(1.0) * total).ceil() as u64).max(1), i))
            .collect();
        ranks.sort_unstable();
        let mut next = ranks.iter().peekable();
        let mut seen = 0u64;
        for v in h.iter_recorded() {
            seen += v.count_since_last_iteration();
            while let Some(&&(rank, i)) = next.peek() {
                if rank > seen {
                    break;
                }
                out[i] = v.value_iterated_to();
                next.next();
            }
            if next.peek().is_none() {
                break;
            }
        }
        out
    }

    /// The largest value recorded (at three digits), in microseconds.
    #[cfg(test)]
    pub(crate) fn max(&self) -> u64 {
        self.0.as_ref().filter(|h| !h.is_empty()).map_or(0, Histogram::max)
    }

    /// Each value bucket that holds something: (its highest value, µs;
    /// how many values it holds), in increasing order.
    pub(crate) fn buckets(&self) -> Vec<(u64, u64)> {
        let Some(h) = &self.0 else { return Vec::new() };
        h.iter_recorded().map(|v| (v.value_iterated_to(), v.count_at_value())).collect()
    }

    /// The V2 compressed encoding (HdrHistogram's standard one).
    pub(crate) fn to_compressed(&self) -> Vec<u8> {
        let mut out = Vec::new();
        let mut s = V2DeflateSerializer::new();
        // Writing to a vector fails only if the histogram cannot be
        // compressed, which an in-memory deflate never refuses.
        let _ = match &self.0 {
            Some(h) => s.serialize(h, &mut out),
            None => s.serialize(&fresh(), &mut out),
        };
        out
    }

    /// The V2 encoding without compression: counts as run-length
    /// varints, a few hundred bytes for a second of latencies, and much
    /// cheaper to make than [`Hist::to_compressed`] (no deflate state).
    pub(crate) fn to_bytes(&self) -> Vec<u8> {
        let Some(h) = &self.0 else { return empty_bytes().to_vec() };
        let mut out = Vec::new();
        // Writing to a vector cannot fail.
        let _ = V2Serializer::new().serialize(h, &mut out);
        out
    }

    /// A distribution from either V2 encoding; it grows again as values
    /// are added to it.
    pub(crate) fn from_bytes(bytes: &[u8]) -> Result<Hist, DecodeError> {
        let mut h: Histogram<u64> = Deserializer::new()
            .deserialize(&mut &bytes[..])
            .map_err(|e| DecodeError(format!("{e:?}")))?;
        h.auto(true);
        Ok(Hist(Some(h)))
    }

    /// The V2 compressed encoding in base64, as HdrHistogram's libraries
    /// exchange histograms as text.
    pub(crate) fn encode(&self) -> String {
        base64::engine::general_purpose::STANDARD.encode(self.to_compressed())
    }

    /// A distribution from [`Hist::encode`]'s text.
    pub(crate) fn decode(text: &str) -> Result<Hist, DecodeError> {
        let bytes = base64::engine::general_purpose::STANDARD
            .decode(text.trim())
            .map_err(|e| DecodeError(e.to_string()))?;
        Hist::from_bytes(&checked_v2(&bytes)?)
    }
}

/// The cookies of HdrHistogram's V2 encoding and of its compressed form
/// (their base, with the word size 8 of 64-bit counts).
const V2_COOKIE: u32 = 0x1c84_9303 | 0x10;
const V2_COMPRESSED_COOKIE: u32 = 0x1c84_9304 | 0x10;
/// The length of a V2 encoding's header.
const V2_HEADER: usize = 40;
/// The most counts a histogram of three significant digits has, whatever
/// its range (up to `u64::MAX / 2`, the most HdrHistogram takes).
const MOST_COUNTS: usize = 57 * 1024;
/// The longest V2 encoding of such a histogram: its header and a varint
/// (at most 9 bytes) a count.
const LONGEST_V2: usize = V2_HEADER + 9 * MOST_COUNTS;

/// An encoding from elsewhere (a document's), checked before it is
/// decoded, so that what decoding allocates is bounded by what a
/// histogram of this program can be, not by a length or a range the
/// encoding declares: the V2 encoding (inflated, at most
/// [`LONGEST_V2`] bytes, from the compressed form), its declared payload
/// the rest of it, three significant digits and a lowest value of 1, as
/// this program's histograms have.
fn checked_v2(bytes: &[u8]) -> Result<Vec<u8>, DecodeError> {
    use std::io::Read as _;
    let word = |b: &[u8], at: usize| -> Option<u32> {
        Some(u32::from_be_bytes(b.get(at..at + 4)?.try_into().ok()?))
    };
    let bad = |what: &str| Err(DecodeError(what.to_string()));
    let plain = match word(bytes, 0) {
        Some(V2_COMPRESSED_COOKIE) => {
            let declared = word(bytes, 4).map(|n| n as usize);
            if declared.is_none() || declared != bytes.len().checked_sub(8) {
                return bad("its compressed length is not the rest of it");
            }
            let mut out = Vec::new();
            let limit = u64::try_from(LONGEST_V2 + 1).unwrap_or(u64::MAX);
            flate2::read::ZlibDecoder::new(&bytes[8..])
                .take(limit)
                .read_to_end(&mut out)
                .map_err(|e| DecodeError(format!("it does not inflate: {e}")))?;
            if out.len() > LONGEST_V2 {
                return bad("it inflates to more than a histogram can hold");
            }
            out
        }
        Some(V2_COOKIE) => bytes.to_vec(),
        _ => return bad("not HdrHistogram's V2 encoding"),
    };
    if word(&plain, 0) != Some(V2_COOKIE) || plain.len() < V2_HEADER {
        return bad("not HdrHistogram's V2 encoding");
    }
    if word(&plain, 4).map(|n| n as usize) != Some(plain.len() - V2_HEADER) {
        return bad("its payload length is not the rest of it");
    }
    if word(&plain, 12) != Some(u32::from(SIGNIFICANT_DIGITS)) {
        return bad("not of three significant digits");
    }
    if plain.get(16..24) != Some(&1u64.to_be_bytes()[..]) {
        return bad("its lowest value is not 1");
    }
    Ok(plain)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_documents_encoding_is_checked_before_it_is_decoded() {
        let mut h = Hist::new();
        for v in [1.0, 250.0, 7_200_000_000.0] {
            h.record(v);
        }
        let text = h.encode();
        assert_eq!(Hist::decode(&text).unwrap().to_bytes(), h.to_bytes());
        let b64 = |b: &[u8]| base64::engine::general_purpose::STANDARD.encode(b);
        let plain = h.to_bytes();
        assert_eq!(Hist::decode(&b64(&plain)).unwrap().count(), 3);
        let problem = |bytes: &[u8]| Hist::decode(&b64(bytes)).unwrap_err().to_string();
        // A payload declared longer than what follows (4 GB).
        let mut long = plain.clone();
        long[4..8].copy_from_slice(&u32::MAX.to_be_bytes());
        assert_eq!(problem(&long), "invalid histogram: its payload length is not the rest of it");
        // Five significant digits, a range far larger than the file.
        let mut digits = plain.clone();
        digits[12..16].copy_from_slice(&5u32.to_be_bytes());
        assert_eq!(problem(&digits), "invalid histogram: not of three significant digits");
        let mut low = plain.clone();
        low[16..24].copy_from_slice(&0u64.to_be_bytes());
        assert_eq!(problem(&low), "invalid histogram: its lowest value is not 1");
        // A compressed one whose stream inflates to more than a histogram.
        let mut bomb = Vec::new();
        {
            use std::io::Write as _;
            let mut z = flate2::write::ZlibEncoder::new(&mut bomb, flate2::Compression::best());
            z.write_all(&V2_COOKIE.to_be_bytes()).unwrap();
            z.write_all(&vec![0u8; 4 << 20]).unwrap();
            z.finish().unwrap();
        }
        let mut framed = V2_COMPRESSED_COOKIE.to_be_bytes().to_vec();
        framed.extend_from_slice(&u32::try_from(bomb.len()).unwrap().to_be_bytes());
        framed.extend_from_slice(&bomb);
        assert!(framed.len() < 8192, "{}", framed.len());
        assert_eq!(
            problem(&framed),
            "invalid histogram: it inflates to more than a histogram can hold"
        );
        assert_eq!(problem(b"xyz"), "invalid histogram: not HdrHistogram's V2 encoding");
        assert!(
            problem(&h.to_compressed()[..6])
                .starts_with("invalid histogram: its compressed length")
        );
        assert!(
            problem(&h.to_compressed()[..20])
                .starts_with("invalid histogram: its compressed length")
        );
        let cut = plain[..plain.len() - 1].to_vec();
        assert_eq!(problem(&cut), "invalid histogram: its payload length is not the rest of it");
        // The largest range: at most MOST_COUNTS counts.
        let mut top = Hist::new();
        top.record(4.6e18);
        let top = top.0.unwrap();
        assert!(top.distinct_values() <= MOST_COUNTS, "{}", top.distinct_values());
    }

    /// A packer's encodings are [`Hist::to_bytes`]'s, each in place of
    /// the one before.
    #[test]
    fn a_packer_encodes_as_to_bytes() {
        let mut p = Packer::default();
        let mut out = Vec::new();
        let mut h = Hist::new();
        h.record(1.0);
        p.pack(&h, &mut out);
        assert_eq!(out, h.to_bytes());
        for v in [5_000.0, 999_000.0, 3.0, 7_200_000_000.0] {
            h.record(v);
            p.pack(&h, &mut out);
            assert_eq!(out, h.to_bytes());
        }
        assert_eq!(Hist::from_bytes(&out).unwrap().count(), 5);
    }

    /// A distribution nothing was recorded in allocates nothing, adding
    /// it changes nothing, and it encodes, decodes and reads as an empty
    /// histogram with the bounds of one that was allocated.
    #[test]
    fn an_unused_distribution_is_the_empty_one() {
        let mut none = Hist::new();
        none.add(&Hist::new());
        none.clear();
        assert!(none.0.is_none());
        let mut cleared = Hist::new();
        cleared.record(10.0);
        cleared.clear();
        assert!(cleared.0.is_some());
        assert_eq!(none.to_bytes(), cleared.to_bytes());
        assert_eq!(none.to_compressed(), cleared.to_compressed());
        let mut packed = vec![1, 2, 3];
        Packer::default().pack(&none, &mut packed);
        assert_eq!(packed, cleared.to_bytes());
        let back = Hist::from_bytes(&none.to_bytes()).unwrap();
        assert_eq!((back.count(), back.to_bytes()), (0, none.to_bytes()));
        assert_eq!((none.count(), none.max(), none.buckets()), (0, 0, Vec::new()));
        assert_eq!(none.percentiles(&[50.0, 100.0]), vec![0, 0]);
        let mut h = Hist::new();
        h.record(42.0);
        h.add(&none);
        assert_eq!((h.count(), h.max()), (1, 42));
        none.add(&h);
        assert_eq!(none.to_bytes(), h.to_bytes());
    }

    #[test]
    fn percentiles_are_within_three_digits() {
        let mut h = Hist::new();
        for v in 1..=100_000 {
            h.record(f64::from(v));
        }
        assert_eq!(h.count(), 100_000);
        for (p, exact) in [(50.0, 50_000.0), (90.0, 90_000.0), (99.9, 99_900.0), (100.0, 100_000.0)]
        {
            let got = h.percentile(p) as f64;
            assert!((got - exact).abs() <= exact * 1e-3, "p{p}: {got} vs {exact}");
        }
        assert_eq!(h.percentile(100.0), h.max());
        let ps = [99.9, 50.0, 0.001, 90.0, 100.0, 99.99];
        let one_pass = h.percentiles(&ps);
        for (p, v) in ps.iter().zip(&one_pass) {
            assert_eq!(*v, h.percentile(*p), "p{p}");
        }
        assert_eq!(Hist::new().percentiles(&[50.0]), vec![0]);
        assert_eq!(Hist::new().percentile(50.0), 0);
        assert_eq!(Hist::new().max(), 0);
    }

    #[test]
    fn encoding_round_trips_and_grows_after_decoding() {
        let mut h = Hist::new();
        for v in [1.0, 10.0, 1234.0, 5e6] {
            h.record(v);
        }
        let text = h.encode();
        assert!(text.starts_with("HISTF"), "{text}");
        let mut back = Hist::decode(&text).unwrap();
        assert_eq!(back.count(), 4);
        assert_eq!(back.max(), h.max());
        back.record(3.6e9);
        assert_eq!(back.count(), 5);
        let mut sum = Hist::new();
        sum.add(&back);
        sum.add(&h);
        assert_eq!(sum.count(), 9);
        assert_eq!(Hist::from_bytes(&h.to_bytes()).unwrap().count(), 4);
        assert_eq!(Hist::from_bytes(&h.to_compressed()).unwrap().count(), 4);
        assert!(Hist::decode("not base64!").is_err());
        assert!(Hist::from_bytes(b"short").is_err());
    }
}
