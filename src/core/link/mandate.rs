//! Who may host a table: votes and mandates.
//!
//! A phone that takes a table over hosts it under a later term (a
//! [`Lead`]), and a host that hears of a lead winning over its own steps
//! down and joins it. Were a lead all it took, one modified phone could
//! pull the whole table to itself with one message ("I host it, term 99").
//! So a lead comes with the **votes** of the phones that joined it: every
//! phone signs, with its endpoint's key (the one the transport
//! authenticates its connections with), the lead of each host that
//! welcomes it, and the host carries those signatures as its [`Mandate`].
//!
//! A mandate is **confirmed** when more than half the table's seated phones
//! (its [`electorate`], as the judge sees the seats: a phone that only
//! watches does not vote, so keys minted to join as watchers dilute
//! nothing) signed it, and a host steps down only to a mandate that
//! [`prevails`] over its own: a confirmed one over an unconfirmed one, and
//! between two alike the later lead (Raft's term, then the lower key). So:
//! - a phone alone cannot outvote a host that the others have joined,
//!   whatever term it claims;
//! - a host whose screen locked while the others joined a new host finds
//!   that one confirmed under a later term, and steps down to it;
//! - two phones that took a table over at once, neither confirmed yet, end
//!   on the one with the lower key, which the other then confirms.
//!
//! The arithmetic is the transport's (ed25519, as its keys): a phone is
//! given a [`PhoneKey`] that signs and checks with it, as quinn-proto is
//! given its crypto. A phone without one (the numbered ids of copies saved
//! before phones were their keys) signs nothing and confirms nothing:
//! leads then compare as terms alone.

use super::hex;
use super::wire::{Lead, PhoneId, Secret};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// What a phone's vote signs: the table (its secret, so a vote is good for
/// no other table) and the lead.
fn ballot(secret: Secret, lead: Lead) -> Vec<u8> {
    let mut ballot = b"genius/table/vote\0".to_vec();
    ballot.extend_from_slice(&secret.to_bytes());
    ballot.extend_from_slice(&lead.term.to_be_bytes());
    ballot.extend_from_slice(&lead.host.to_bytes());
    ballot
}

/// An ed25519 signature.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Signature(pub [u8; 64]);

impl fmt::Debug for Signature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Signature({:02x}{:02x}…)", self.0[0], self.0[1])
    }
}

impl Serialize for Signature {
    /// 128 lower-case hex digits.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&hex::encode(&self.0))
    }
}

impl<'de> Deserialize<'de> for Signature {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Signature, D::Error> {
        let text = String::deserialize(deserializer)?;
        hex::decode(&text)
            .map(Signature)
            .ok_or_else(|| serde::de::Error::custom("not a signature"))
    }
}

/// A phone's signature of a lead: it joined that host.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Vote {
    pub phone: PhoneId,
    pub signature: Signature,
}

/// A lead and the votes of the phones that joined it (its host's own
/// among them): what a host shows another to say it hosts the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Mandate {
    pub lead: Lead,
    #[serde(default)]
    pub votes: Vec<Vote>,
}

/// Whether `learned` (confirmed or not, and its lead) wins over `own`: a
/// confirmed mandate over an unconfirmed one, then the later lead. Every
/// phone judges it the same way, so two hosts never both step down to
/// each other, nor both stay.
pub fn prevails(learned: (bool, Lead), own: (bool, Lead)) -> bool {
    match (learned.0, own.0) {
        (true, false) => true,
        (false, true) => false,
        _ => learned.1.supersedes(&own.1),
    }
}

/// The ed25519 arithmetic of the phones' keys: the transport's, given to
/// the state machines (as quinn-proto is given its crypto), so that they
/// stay pure and the app's web build carries no curve arithmetic of its
/// own.
#[derive(Clone, Copy)]
pub struct Crypto {
    /// The signature of a message by a secret key.
    pub sign: fn(&[u8; 32], &[u8]) -> [u8; 64],
    /// Whether a signature is a public key's of a message.
    pub verify: fn(&[u8; 32], &[u8], &[u8; 64]) -> bool,
}

/// This phone's key: its endpoint's, whose public half is its
/// [`PhoneId`]. It signs this phone's votes and checks the others'.
#[derive(Clone, Copy)]
pub struct PhoneKey {
    secret: [u8; 32],
    phone: PhoneId,
    crypto: Crypto,
}

impl fmt::Debug for PhoneKey {
    /// Its phone only: the secret is never printed.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PhoneKey({:?})", self.phone)
    }
}

impl PhoneKey {
    /// The endpoint's secret key and its public key (`phone`).
    pub fn new(secret: [u8; 32], phone: PhoneId, crypto: Crypto) -> PhoneKey {
        PhoneKey {
            secret,
            phone,
            crypto,
        }
    }

    pub fn phone(&self) -> PhoneId {
        self.phone
    }

    /// This phone's vote for `lead` at the table of `secret`.
    pub fn vote(&self, secret: Secret, lead: Lead) -> Vote {
        Vote {
            phone: self.phone,
            signature: Signature((self.crypto.sign)(&self.secret, &ballot(secret, lead))),
        }
    }

    /// Whether `vote` is its phone's for `lead` at the table of `secret`.
    pub fn checks(&self, vote: &Vote, secret: Secret, lead: Lead) -> bool {
        (self.crypto.verify)(
            &vote.phone.to_bytes(),
            &ballot(secret, lead),
            &vote.signature.0,
        )
    }

    /// Whether more than half the phones of `electorate` (see
    /// [`electorate`]) signed `mandate` at the table of `secret` (votes of
    /// other phones, and forged ones, do not count).
    pub fn confirms(&self, mandate: &Mandate, secret: Secret, electorate: &[PhoneId]) -> bool {
        // One signature checked per phone of the electorate at most,
        // whatever a mandate from the wire repeats.
        let mut tried: Vec<PhoneId> = Vec::new();
        let mut voters = 0;
        for vote in &mandate.votes {
            if tried.contains(&vote.phone) || !electorate.contains(&vote.phone) {
                continue;
            }
            tried.push(vote.phone);
            if self.checks(vote, secret, mandate.lead) {
                voters += 1;
            }
        }
        voters * 2 > electorate.len()
    }
}

/// The phones whose votes count: those holding a seat (each once). A
/// table holds a handful of seats, so minted keys, joined to watch, can
/// neither vote nor dilute the votes of the players' phones.
pub fn electorate(seats: impl IntoIterator<Item = Option<PhoneId>>) -> Vec<PhoneId> {
    let mut phones: Vec<PhoneId> = seats.into_iter().flatten().collect();
    phones.sort_unstable();
    phones.dedup();
    phones
}

/// Whether a guest follows (and signs for) a host welcoming it under
/// `offered` (confirmed or not, and its lead), knowing `known` (the lead
/// it followed, confirmed or not as its welcome showed it): the same lead
/// (a reconnection); a later one (its host went silent and another phone
/// took the table over: the guest's vote is what confirms it); or a
/// confirmed mandate over an unconfirmed one (a host woken with the
/// table's votes, which the phone that took over had not gathered). A
/// phone answering with an earlier lead, or an equal term it does not win,
/// unconfirmed, is neither followed nor signed for.
pub fn may_follow(offered: (bool, Lead), known: (bool, Lead)) -> bool {
    offered.1 == known.1 || offered.1.supersedes(&known.1) || (offered.0 && !known.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lead(term: u32, host: u64) -> Lead {
        Lead {
            term,
            host: PhoneId::numbered(host),
        }
    }

    #[test]
    fn a_confirmed_mandate_wins_then_the_later_lead() {
        assert!(prevails((true, lead(0, 1)), (false, lead(5, 1))));
        assert!(!prevails((false, lead(99, 2)), (true, lead(0, 1))));
        assert!(prevails((true, lead(2, 2)), (true, lead(1, 1))));
        assert!(prevails((false, lead(1, 1)), (false, lead(1, 2))));
        assert!(!prevails((false, lead(1, 2)), (false, lead(1, 1))));
    }

    #[test]
    fn a_guest_follows_its_lead_a_later_one_or_a_confirmed_one() {
        assert!(may_follow((false, lead(1, 1)), (true, lead(1, 1))));
        assert!(may_follow((false, lead(2, 2)), (true, lead(1, 1))));
        assert!(may_follow((true, lead(0, 1)), (false, lead(1, 2))));
        assert!(!may_follow((false, lead(0, 1)), (false, lead(1, 2))));
        assert!(!may_follow((true, lead(0, 1)), (true, lead(1, 2))));
        assert!(!may_follow((false, lead(1, 2)), (false, lead(1, 1))));
    }

    #[test]
    fn a_watcher_does_not_vote() {
        let seats = [Some(PhoneId::numbered(2)), None, Some(PhoneId::numbered(1))];
        let both = electorate(seats.into_iter().chain([Some(PhoneId::numbered(2))]));
        assert_eq!(both, vec![PhoneId::numbered(1), PhoneId::numbered(2)]);
    }

    #[test]
    fn a_signature_reads_back_from_hex() {
        let vote = Vote {
            phone: PhoneId::numbered(3),
            signature: Signature([0xcd; 64]),
        };
        let json = serde_json::to_string(&vote).unwrap();
        assert!(json.contains(&"cd".repeat(64)));
        assert_eq!(serde_json::from_str::<Vote>(&json).unwrap(), vote);
        let short = json.replace(&"cd".repeat(64), "cd");
        assert!(serde_json::from_str::<Vote>(&short).is_err());
    }
}
