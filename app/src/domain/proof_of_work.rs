//! ALTCHA's proof of work (its first protocol, SHA-256; DESIGN 2.8 "Spam protection"). The
//! server picks a secret number up to `maxnumber` and publishes the hash of a salt followed by
//! it, signed with its key; the browser finds the number by trying them all, which costs a
//! person a moment and a spammer that moment per booking.
//!
//! Written here rather than taken from `altcha-lib-rs`: that crate ends salts with `&` (ours
//! follow DESIGN, `<hex>?expires=<unix seconds>`) and brings second copies of sha2, hmac and
//! rand. The splice its `&` guards against (moving digits between the salt's expiry and the
//! number, which leaves the hash alone) is refused here by the expiry's bounds instead.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

pub const ALGORITHM: &str = "SHA-256";
/// Seconds a challenge may be solved and used in.
pub const LIFETIME: i64 = 600;

/// Hex SHA-256 of `salt` followed by `number` in decimal: the challenge.
pub fn digest(salt: &str, number: u64) -> String {
    let mut hasher = Sha256::new();
    hasher.update(salt.as_bytes());
    hasher.update(number.to_string().as_bytes());
    hex::encode(hasher.finalize())
}

/// A salt made at `now`: the random hex, then when it stops being accepted.
pub fn salt(random_hex: &str, now: i64) -> String {
    format!("{random_hex}?expires={}", now + LIFETIME)
}

/// The `expires` a salt names.
pub fn expires_of(salt: &str) -> Option<i64> {
    let (_, query) = salt.split_once('?')?;
    query
        .split('&')
        .find_map(|pair| pair.strip_prefix("expires="))
        .and_then(|n| n.parse().ok())
}

/// ALTCHA's answer (`altcha` is this as base64 JSON; other keys are ignored).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Solution {
    pub algorithm: String,
    pub challenge: String,
    pub number: u64,
    pub salt: String,
    pub signature: String,
}

/// Why a solution is not accepted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flaw {
    /// Not base64 JSON of a solution, another algorithm, or a salt without an expiry.
    Unreadable,
    /// Past its expiry.
    Expired,
    /// The number does not give the challenge, the expiry is later than any this server
    /// gives, or the signature is not the server's.
    Wrong,
}

/// Checks a solution at `now` (all but whether it was used before); `signed` tells whether a
/// signature is the server's for a challenge. Answers the expiry, to remember it until then.
pub fn check(
    solution: &Solution,
    now: i64,
    signed: impl Fn(&str, &str) -> bool,
) -> Result<i64, Flaw> {
    if solution.algorithm != ALGORITHM {
        return Err(Flaw::Unreadable);
    }
    let expires = expires_of(&solution.salt).ok_or(Flaw::Unreadable)?;
    if expires < now {
        return Err(Flaw::Expired);
    }
    if expires > now + LIFETIME
        || digest(&solution.salt, solution.number) != solution.challenge
        || !signed(&solution.challenge, &solution.signature)
    {
        return Err(Flaw::Wrong);
    }
    Ok(expires)
}

/// The number in `from..to` whose digest is `challenge`, if it is there (the browser searches
/// in slices, so the page stays responsive).
pub fn search(salt: &str, challenge: &str, from: u64, to: u64) -> Option<u64> {
    (from..to).find(|n| digest(salt, *n) == challenge)
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: i64 = 1_800_000_000;

    fn made(number: u64) -> Solution {
        let salt = salt("00ff", NOW);
        Solution {
            algorithm: ALGORITHM.into(),
            challenge: digest(&salt, number),
            number,
            salt,
            signature: "signed".into(),
        }
    }

    fn ours(_: &str, signature: &str) -> bool {
        signature == "signed"
    }

    #[test]
    fn the_search_finds_the_number_and_the_check_accepts_it_until_it_expires() {
        let solution = made(4_321);
        let found = search(&solution.salt, &solution.challenge, 0, 5_000);
        assert_eq!(found, Some(4_321));
        assert_eq!(search(&solution.salt, &solution.challenge, 0, 4_000), None);
        assert_eq!(check(&solution, NOW, ours), Ok(NOW + LIFETIME));
        assert_eq!(check(&solution, NOW + LIFETIME, ours), Ok(NOW + LIFETIME));
        assert_eq!(
            check(&solution, NOW + LIFETIME + 1, ours),
            Err(Flaw::Expired)
        );
    }

    #[test]
    fn a_wrong_number_signature_algorithm_or_a_spliced_expiry_is_refused() {
        let solution = made(17);
        let wrong_number = Solution {
            number: 18,
            ..solution.clone()
        };
        assert_eq!(check(&wrong_number, NOW, ours), Err(Flaw::Wrong));
        let forged = Solution {
            signature: "mine".into(),
            ..solution.clone()
        };
        assert_eq!(check(&forged, NOW, ours), Err(Flaw::Wrong));
        let other = Solution {
            algorithm: "SHA-1".into(),
            ..solution.clone()
        };
        assert_eq!(check(&other, NOW, ours), Err(Flaw::Unreadable));
        // The number's first digit moved into the expiry: the same hash, an expiry ten times
        // further away.
        let spliced = Solution {
            salt: format!("{}1", solution.salt),
            number: 7,
            ..solution.clone()
        };
        assert_eq!(digest(&spliced.salt, spliced.number), solution.challenge);
        assert_eq!(check(&spliced, NOW, ours), Err(Flaw::Wrong));
        assert_eq!(expires_of("00ff"), None);
    }
}
