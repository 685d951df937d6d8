//! Hidden choices, committed and then revealed: no phone, the host
//! included, reads a player's hidden choice (Einstein's, see
//! [`Game::hidden_choice`](super::super::game::Game::hidden_choice))
//! before every player the game awaits has made theirs.
//!
//! A phone making a hidden choice keeps it and sends its [`Commitment`]:
//! BLAKE3 of a random [`Nonce`] and the choice. The host orders
//! commitments in the log like any step (`Step::Commit`: whose, not
//! what). Once every awaited player's commitment stands, each phone sends
//! the [`Opening`] of its own (`Step::Reveal`), and every phone checks it
//! against the commitment before playing it. Nothing a phone receives
//! before then holds a choice: every phone gets the same entries.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// The context of the commitments' key derivation: a commitment of this
/// app's tables and of nothing else.
const CONTEXT: &str = "genius table 2026-11 hidden choice commitment";

/// 32 bytes, written as 64 lower-case hex digits.
macro_rules! bytes32 {
    ($name:ident) => {
        impl $name {
            pub const fn from_bytes(bytes: [u8; 32]) -> Self {
                $name(bytes)
            }

            pub fn to_hex(&self) -> String {
                super::hex::encode(&self.0)
            }

            pub fn from_hex(text: &str) -> Option<Self> {
                super::hex::decode(text).map($name)
            }
        }

        impl Serialize for $name {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(&self.to_hex())
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let text = String::deserialize(deserializer)?;
                $name::from_hex(&text)
                    .ok_or_else(|| serde::de::Error::custom(concat!("not a ", stringify!($name))))
            }
        }
    };
}

/// What a phone sends of a hidden choice before it is shown.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Commitment([u8; 32]);
bytes32!(Commitment);

impl fmt::Debug for Commitment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Commitment({})", &self.to_hex()[..8])
    }
}

/// The random bytes that make a commitment impossible to guess from the
/// few choices a roll allows.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Nonce([u8; 32]);
bytes32!(Nonce);

impl fmt::Debug for Nonce {
    /// Never printed: a log must not open a commitment early.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Nonce(…)")
    }
}

/// A hidden choice and its nonce: what opens its commitment.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Opening<A> {
    pub nonce: Nonce,
    pub action: A,
}

impl<A: Serialize> Opening<A> {
    /// The commitment this opening opens.
    pub fn commitment(&self) -> Commitment {
        let mut hasher = blake3::Hasher::new_derive_key(CONTEXT);
        hasher.update(&self.nonce.0);
        hasher.update(&serde_json::to_vec(&self.action).unwrap_or_default());
        Commitment(*hasher.finalize().as_bytes())
    }
}

/// Where a phone's nonces come from: 32 random bytes its driver gives it
/// (the core draws no randomness of its own), stretched by BLAKE3 into a
/// nonce per choice and phone (two phones never draw the same, even from
/// the same bytes).
#[derive(Clone)]
pub struct Nonces {
    key: [u8; 32],
    drawn: u64,
}

impl Nonces {
    pub const fn new(entropy: [u8; 32]) -> Nonces {
        Nonces {
            key: entropy,
            drawn: 0,
        }
    }

    /// The next nonce of the phone whose key is `phone`.
    pub fn next(&mut self, phone: &[u8; 32]) -> Nonce {
        self.drawn += 1;
        let mut hasher = blake3::Hasher::new_keyed(&self.key);
        hasher.update(phone);
        hasher.update(&self.drawn.to_le_bytes());
        Nonce(*hasher.finalize().as_bytes())
    }
}

impl fmt::Debug for Nonces {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Nonces(…)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_opening_opens_its_own_commitment_only() {
        let mut nonces = Nonces::new([9; 32]);
        let (a, b) = (nonces.next(&[1; 32]), nonces.next(&[1; 32]));
        assert_ne!(a, b, "every choice gets its own nonce");
        let mut same = Nonces::new([9; 32]);
        assert_ne!(same.next(&[2; 32]), a, "and every phone");
        let opening = Opening {
            nonce: a,
            action: 3u8,
        };
        let other = Opening {
            nonce: a,
            action: 4u8,
        };
        let renonced = Opening {
            nonce: b,
            action: 3u8,
        };
        assert_ne!(opening.commitment(), other.commitment());
        assert_ne!(opening.commitment(), renonced.commitment());
        assert_eq!(opening.commitment(), opening.clone().commitment());
    }

    #[test]
    fn commitments_read_back_and_nonces_never_print() {
        let opening = Opening {
            nonce: Nonces::new([1; 32]).next(&[0; 32]),
            action: "x",
        };
        let commitment = opening.commitment();
        let json = serde_json::to_string(&commitment).unwrap();
        assert_eq!(
            serde_json::from_str::<Commitment>(&json).unwrap(),
            commitment
        );
        assert!(serde_json::from_str::<Commitment>("\"ab\"").is_err());
        assert_eq!(format!("{:?}", opening.nonce), "Nonce(…)");
        let json = serde_json::to_string(&opening).unwrap();
        assert_eq!(
            serde_json::from_str::<Opening<String>>(&json)
                .unwrap()
                .nonce,
            opening.nonce
        );
    }
}
