//! PostgreSQL pg_prng: xoroshiro128** seeded through splitmix64.
//!
//! Every function reproduces the corresponding `pg_prng_*` function bit for
//! bit, including how many values each one consumes, so that a generator
//! seeded like C pgbench's yields the same stream of draws.

use super::{i64_bits, u64_bits};

/// State of one pg_prng generator (`pg_prng_state`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PgPrng {
    s0: u64,
    s1: u64,
}

/// One splitmix64 step over `state`: advances it and returns the output.
fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Index of the most significant set bit of a nonzero value
/// (`pg_leftmost_one_pos64`).
pub(crate) fn leftmost_one_pos64(x: u64) -> u32 {
    63 - x.leading_zeros()
}

impl PgPrng {
    /// `pg_prng_seed`: two splitmix64 outputs, replaced by fixed nonzero
    /// words in the (theoretical) case that both are zero.
    pub(crate) fn from_seed(seed: u64) -> Self {
        let mut sm = seed;
        let s0 = splitmix64(&mut sm);
        let s1 = splitmix64(&mut sm);
        if s0 == 0 && s1 == 0 {
            PgPrng { s0: 0x5851_F42D_4C95_7F2D, s1: 0x1405_7B7E_F767_814F }
        } else {
            PgPrng { s0, s1 }
        }
    }

    /// `pg_prng_uint64`: the next xoroshiro128** 1.0 output.
    pub(crate) fn next_u64(&mut self) -> u64 {
        let s0 = self.s0;
        let sx = self.s1 ^ s0;
        let val = s0.wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        self.s0 = s0.rotate_left(24) ^ sx ^ (sx << 16);
        self.s1 = sx.rotate_left(37);
        val
    }

    /// `pg_prng_uint64_range`: uniform in `[lo, hi]` by bitmask rejection.
    /// When `hi <= lo` it returns `lo` without drawing.
    pub(crate) fn uint64_range(&mut self, lo: u64, hi: u64) -> u64 {
        if hi <= lo {
            return lo;
        }
        let range = hi - lo;
        let rshift = 63 - leftmost_one_pos64(range);
        loop {
            let val = self.next_u64() >> rshift;
            if val <= range {
                return lo + val;
            }
        }
    }

    /// `pg_prng_int64_range`: uniform in `[lo, hi]`; `lo` without drawing
    /// when `hi <= lo`.
    pub(crate) fn int64_range(&mut self, lo: i64, hi: i64) -> i64 {
        if hi <= lo {
            return lo;
        }
        let span = u64_bits(hi).wrapping_sub(u64_bits(lo));
        i64_bits(u64_bits(lo).wrapping_add(self.uint64_range(0, span)))
    }

    /// `pg_prng_double`: uniform in `[0, 1)` from the top 52 bits.
    pub(crate) fn double(&mut self) -> f64 {
        // 2^-52; the product is exact, like C's ldexp(v, -52).
        const SCALE: f64 = 1.0 / 4_503_599_627_370_496.0;
        (self.next_u64() >> 12) as f64 * SCALE
    }

    /// `pg_prng_double_normal`: one Box-Muller normal value from two draws,
    /// `sqrt(-2 ln(1 - d1)) * sin(2 pi (1 - d2))`.
    pub(crate) fn double_normal(&mut self) -> f64 {
        let u1 = 1.0 - self.double();
        let u2 = 1.0 - self.double();
        (-2.0 * u1.ln()).sqrt() * (2.0 * std::f64::consts::PI * u2).sin()
    }

    /// A new generator seeded with the next value of this one; this is how
    /// pgbench derives the client and thread generators from the base one
    /// (`initRandomState`).
    pub(crate) fn derive(&mut self) -> PgPrng {
        PgPrng::from_seed(self.next_u64())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix_reference_values() {
        // First outputs of splitmix64 from state 0 (reference vectors of
        // the published algorithm).
        let mut s = 0u64;
        assert_eq!(splitmix64(&mut s), 0xE220_A839_7B1D_CDAF);
        assert_eq!(splitmix64(&mut s), 0x6E78_9E6A_A1B9_65F4);
        assert_eq!(splitmix64(&mut s), 0x06C4_5D18_8009_454F);
    }

    #[test]
    fn seeding_uses_two_splitmix_outputs() {
        let g = PgPrng::from_seed(0);
        assert_eq!(g, PgPrng { s0: 0xE220_A839_7B1D_CDAF, s1: 0x6E78_9E6A_A1B9_65F4 });
    }

    #[test]
    fn xoroshiro_step_by_hand() {
        // State (1, 2): out = rotl(5, 7) * 9 = 640 * 9.
        let mut g = PgPrng { s0: 1, s1: 2 };
        assert_eq!(g.next_u64(), 5760);
        let sx = 3u64;
        assert_eq!(g.s0, (1u64 << 24) ^ sx ^ (sx << 16));
        assert_eq!(g.s1, sx.rotate_left(37));
    }

    #[test]
    fn seed_5432_stream() {
        // Produced by an independent C transcription of pg_prng.c.
        let mut g = PgPrng::from_seed(5432);
        let got: Vec<u64> = (0..4).map(|_| g.next_u64()).collect();
        assert_eq!(got, SEED_5432_FIRST4.to_vec());
    }

    const SEED_5432_FIRST4: [u64; 4] = [
        6_700_983_354_324_037_338,
        7_590_783_070_443_337_668,
        7_312_993_047_133_655_103,
        17_364_174_458_056_748_114,
    ];

    #[test]
    fn double_normal_matches_c() {
        // Same C transcription; bit patterns of the doubles it printed.
        let mut g = PgPrng::from_seed(99);
        let want: [u64; 5] = [
            0xbff0_718c_fb7f_692a, // -1.0277223419312329
            0x3fdf_5636_6659_5bf7, // 0.48963699336076111
            0x3ffb_11fb_884a_2f16, // 1.6918902705974168
            0x3ff5_0b20_07e0_f815, // 1.3152160938038879
            0x3fd2_f17a_2b5e_4b7b, // 0.29598860011281375
        ];
        for w in want {
            assert_eq!(g.double_normal().to_bits(), w);
        }
    }

    #[test]
    fn range_without_span_does_not_draw() {
        let mut g = PgPrng::from_seed(42);
        let before = g;
        assert_eq!(g.uint64_range(7, 7), 7);
        assert_eq!(g.uint64_range(9, 3), 9);
        assert_eq!(g.int64_range(-3, -3), -3);
        assert_eq!(g.int64_range(5, -5), 5);
        assert_eq!(g, before);
    }

    #[test]
    fn range_stays_in_bounds() {
        let mut g = PgPrng::from_seed(1);
        for _ in 0..2000 {
            let v = g.uint64_range(10, 19);
            assert!((10..=19).contains(&v));
            let w = g.int64_range(-5, 5);
            assert!((-5..=5).contains(&w));
            let d = g.double();
            assert!((0.0..1.0).contains(&d));
        }
        // The full range never rejects.
        let mut a = PgPrng::from_seed(3);
        let mut b = a;
        assert_eq!(a.uint64_range(0, u64::MAX), b.next_u64());
        assert_eq!(a.int64_range(i64::MIN, i64::MAX), i64_bits(b.next_u64() ^ (1 << 63)));
    }

    #[test]
    fn double_uses_top_52_bits() {
        let mut a = PgPrng::from_seed(77);
        let mut b = a;
        let raw = b.next_u64();
        assert_eq!(a.double(), (raw >> 12) as f64 / 4_503_599_627_370_496.0);
    }

    #[test]
    fn derive_seeds_from_next_value() {
        let mut base = PgPrng::from_seed(5432);
        let mut copy = base;
        let child = base.derive();
        assert_eq!(child, PgPrng::from_seed(copy.next_u64()));
        assert_eq!(base, copy);
    }
}
