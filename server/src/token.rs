//! Seat tokens: 256 random bits from the operating system, shown once, stored only as SHA-256.
//!
//! SHA-256 (the `sha2` crate) fits because tokens are long random strings: a fast unsalted hash
//! cannot be brute-forced back, and lookups stay a single comparison. Tokens never enter logs.

use crate::digest::{hex, sha256_hex};
use rand::rngs::OsRng;
use rand::RngCore;

/// A secret token as given to a seat holder (64 hex digits).
#[derive(Clone, PartialEq, Eq)]
pub struct Token(String);

impl std::fmt::Debug for Token {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Token(<secret>)")
    }
}

impl Token {
    /// A fresh token of 256 bits from the operating system's random source.
    #[must_use]
    pub fn generate() -> Token {
        let mut bytes = [0u8; 32];
        OsRng.fill_bytes(&mut bytes);
        Token(hex(&bytes))
    }

    /// The token's text, to hand to its holder once.
    #[must_use]
    pub fn secret(&self) -> &str {
        &self.0
    }

    /// The hash stored in place of the token.
    #[must_use]
    pub fn hash(&self) -> String {
        sha256_hex(&self.0)
    }
}

/// Whether a presented token matches a stored hash (compared in constant time).
#[must_use]
pub fn matches(token: &str, stored: &str) -> bool {
    let presented = sha256_hex(token);
    presented.len() == stored.len() && presented.bytes().zip(stored.bytes()).fold(0u8, |acc, (a, b)| acc | (a ^ b)) == 0
}

/// A short random identifier (64 bits, hex): game ids. Not secret.
#[must_use]
pub fn random_id() -> String {
    let mut bytes = [0u8; 8];
    OsRng.fill_bytes(&mut bytes);
    hex(&bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_long_distinct_and_checked_by_hash() {
        let (a, b) = (Token::generate(), Token::generate());
        assert_eq!(a.secret().len(), 64);
        assert_ne!(a, b);
        assert!(matches(a.secret(), &a.hash()));
        assert!(!matches(b.secret(), &a.hash()));
        assert!(!format!("{a:?}").contains(a.secret()));
    }
}
