//! SHA-256 as hex: the stored form of seat tokens and the fingerprint of pinned scenario texts.

use sha2::{Digest, Sha256};
use std::fmt::Write;

/// The SHA-256 of a text, as 64 lower-case hex digits.
#[must_use]
pub fn sha256_hex(text: &str) -> String {
    hex(&Sha256::digest(text.as_bytes()))
}

/// Bytes as lower-case hex digits.
#[must_use]
pub fn hex(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        let _ = write!(out, "{b:02x}");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sha256_of_a_known_text() {
        assert_eq!(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
        assert_eq!(hex(&[0, 15, 255]), "000fff");
    }
}
