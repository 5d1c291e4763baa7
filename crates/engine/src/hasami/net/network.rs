//! The network file and its integer weights. A file is, little-endian (docs/eval.md, "The file"):
//!
//! | bytes | what |
//! |---|---|
//! | 8 | `HSNNUE1` and a zero byte |
//! | 1 | board size n (5–9) |
//! | 2 | hidden units (u16, [`HIDDEN`]) |
//! | 1 + k | the variant text: its length k (1–200), then k bytes of UTF-8 |
//! | 2 · 2n² · H | the input weights, i16, input by input (H per input), scaled by [`QA`] |
//! | 2 · H | the hidden biases, i16, scaled by [`QA`] |
//! | 2 · 2H | the output weights, i16 (the side to move's half first), scaled by [`QB`] |
//! | 4 | the output bias, i32, scaled by [`QA`] · [`QB`] |
//! | 8 | FNV-1a 64 of everything before it |
//!
//! Nothing may follow. The output, divided by [`QA`] · [`QB`], is in pieces: 100 centi-pieces.

use thiserror::Error;

/// Hidden units per side.
pub const HIDDEN: usize = 64;
/// The scale of the input weights and hidden biases: a hidden unit is clipped to `0..=QA`.
pub const QA: i32 = 256;
/// The scale of the output weights.
pub const QB: i32 = 64;
const MAGIC: &[u8; 8] = b"HSNNUE1\0";

/// Why network bytes were refused.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum NetworkError {
    /// Not a network file of this version.
    #[error("not a network file (bad magic)")]
    Magic,
    /// The bytes end early or run on.
    #[error("{0} bytes, expected {1}")]
    Length(usize, usize),
    /// A header field out of range.
    #[error("{0}")]
    Header(String),
    /// The checksum does not match.
    #[error("checksum mismatch")]
    Checksum,
}

/// A trained network in integer form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Network {
    variant: String,
    size: u8,
    /// One row of [`HIDDEN`] weights per input (2n² inputs).
    pub(super) w1: Vec<[i16; HIDDEN]>,
    pub(super) b1: [i16; HIDDEN],
    pub(super) w2: [i16; 2 * HIDDEN],
    pub(super) b2: i32,
}

/// FNV-1a, 64 bits.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

impl Network {
    /// A network from its parts: `w1` holds 2n² rows (the side's own pieces first, then the
    /// opponent's, each rank by rank from the side's own back rank).
    pub fn new(
        variant: &str,
        size: u8,
        w1: Vec<[i16; HIDDEN]>,
        b1: [i16; HIDDEN],
        w2: [i16; 2 * HIDDEN],
        b2: i32,
    ) -> Result<Network, NetworkError> {
        if !(5..=9).contains(&size) {
            return Err(NetworkError::Header(format!("board size {size} (5-9)")));
        }
        if variant.is_empty() || variant.len() > 200 {
            return Err(NetworkError::Header("variant text of 1-200 bytes".into()));
        }
        let inputs = 2 * usize::from(size) * usize::from(size);
        if w1.len() != inputs {
            return Err(NetworkError::Header(format!(
                "{} input rows, expected {inputs}",
                w1.len()
            )));
        }
        Ok(Network {
            variant: variant.to_string(),
            size,
            w1,
            b1,
            w2,
            b2,
        })
    }

    /// The variant text it was trained for.
    pub fn variant(&self) -> &str {
        &self.variant
    }

    /// The board size.
    pub fn size(&self) -> u8 {
        self.size
    }

    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut b = Vec::new();
        b.extend_from_slice(MAGIC);
        b.push(self.size);
        b.extend_from_slice(&(HIDDEN as u16).to_le_bytes());
        b.push(self.variant.len() as u8);
        b.extend_from_slice(self.variant.as_bytes());
        for row in &self.w1 {
            row.iter()
                .for_each(|w| b.extend_from_slice(&w.to_le_bytes()));
        }
        self.b1
            .iter()
            .for_each(|w| b.extend_from_slice(&w.to_le_bytes()));
        self.w2
            .iter()
            .for_each(|w| b.extend_from_slice(&w.to_le_bytes()));
        b.extend_from_slice(&self.b2.to_le_bytes());
        let sum = fnv1a(&b);
        b.extend_from_slice(&sum.to_le_bytes());
        b
    }

    /// Reads a file's bytes, checking every field and the checksum.
    pub fn read(bytes: &[u8]) -> Result<Network, NetworkError> {
        if bytes.len() < 12 || &bytes[..8] != MAGIC {
            return Err(NetworkError::Magic);
        }
        let size = bytes[8];
        let hidden = u16::from_le_bytes([bytes[9], bytes[10]]);
        if usize::from(hidden) != HIDDEN {
            return Err(NetworkError::Header(format!(
                "{hidden} hidden units, expected {HIDDEN}"
            )));
        }
        let k = usize::from(bytes[11]);
        let n = usize::from(size.min(9));
        let inputs = 2 * n * n;
        let expected = 12 + k + 2 * inputs * HIDDEN + 2 * HIDDEN + 4 * HIDDEN + 4 + 8;
        if bytes.len() != expected {
            return Err(NetworkError::Length(bytes.len(), expected));
        }
        let body = expected - 8;
        let sum = u64::from_le_bytes(bytes[body..].try_into().expect("8 bytes"));
        if fnv1a(&bytes[..body]) != sum {
            return Err(NetworkError::Checksum);
        }
        let variant = std::str::from_utf8(&bytes[12..12 + k])
            .map_err(|_| NetworkError::Header("the variant text is not UTF-8".into()))?;
        let mut at = 12 + k;
        let mut next = || {
            let v = i16::from_le_bytes([bytes[at], bytes[at + 1]]);
            at += 2;
            v
        };
        let w1 = (0..inputs)
            .map(|_| std::array::from_fn(|_| next()))
            .collect();
        let b1 = std::array::from_fn(|_| next());
        let w2 = std::array::from_fn(|_| next());
        let b2 = i32::from_le_bytes(bytes[body - 4..body].try_into().expect("4 bytes"));
        Network::new(variant, size, w1, b1, w2, b2)
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use hasami_core::SplitMix64;

    /// A network with random weights of about the trained size, for tests.
    pub fn random(variant: &str, size: u8, seed: u64) -> Network {
        let mut rng = SplitMix64(seed);
        let mut small = |m: u64| (rng.below(2 * m + 1) as i64 - m as i64) as i16;
        let inputs = 2 * usize::from(size) * usize::from(size);
        let w1 = (0..inputs)
            .map(|_| std::array::from_fn(|_| small(60)))
            .collect();
        let b1 = std::array::from_fn(|_| small(200));
        let w2 = std::array::from_fn(|_| small(300));
        Network::new(variant, size, w1, b1, w2, i32::from(small(1000))).unwrap()
    }

    #[test]
    fn a_network_reads_back_from_its_bytes_and_bad_bytes_are_refused() {
        let net = random("hasami", 9, 3);
        let bytes = net.to_bytes();
        assert_eq!(Network::read(&bytes).unwrap(), net);
        assert_eq!(
            Network::read(&bytes[..bytes.len() - 1]).unwrap_err(),
            NetworkError::Length(bytes.len() - 1, bytes.len())
        );
        let mut flipped = bytes.clone();
        flipped[100] ^= 1;
        assert_eq!(Network::read(&flipped).unwrap_err(), NetworkError::Checksum);
        assert_eq!(Network::read(b"nope").unwrap_err(), NetworkError::Magic);
        let mut big = bytes.clone();
        big[8] = 200;
        assert!(Network::read(&big).is_err());
    }
}
