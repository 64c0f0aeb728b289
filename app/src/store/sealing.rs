//! Sealing at rest (DESIGN 2.7, 2.11): one AEAD (XChaCha20-Poly1305) under the secret key for
//! calendar credentials and for attendee data, and keyed hashes (HMAC-SHA-256 under a key
//! derived from it) that stand in for attendee addresses and name words in lookups. The
//! storage layer seals attendee data as it writes and opens it as it reads, so nothing above
//! it handles sealed text, and a stolen database file, WAL or dump holds none in clear.

use std::sync::{Arc, OnceLock};

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD as BASE64;
use chacha20poly1305::aead::{Aead, KeyInit};
use chacha20poly1305::{Key, XChaCha20Poly1305, XNonce};

use super::{StoreError, StoreResult};

type HmacSha256 = hmac::Hmac<sha2::Sha256>;

/// Version prefix of sealed text: a later key rotation can tell generations apart.
pub const PREFIX: &str = "v1:";

/// What stands for "no name word" in a search: no stored value has it.
const NO_WORDS: &str = "-";

/// The sealing cipher and the lookup key of one secret key. `Debug` never shows them.
pub struct Keys {
    cipher: XChaCha20Poly1305,
    lookup: [u8; 32],
}

impl std::fmt::Debug for Keys {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Keys(..)")
    }
}

impl Keys {
    pub fn from_key(key: &[u8; 32]) -> Keys {
        Keys {
            cipher: XChaCha20Poly1305::new(Key::from_slice(key)),
            // Never the sealing key itself: a lookup hash reveals nothing about it.
            lookup: mac(key, b"slotbook lookup key v1"),
        }
    }

    /// `plain` sealed under a random nonce: `v1:` + base64(nonce ‖ ciphertext).
    pub fn seal(&self, plain: &str) -> String {
        let nonce: [u8; 24] = rand::random();
        let sealed = self
            .cipher
            .encrypt(XNonce::from_slice(&nonce), plain.as_bytes())
            // Encryption fails only for messages beyond the cipher's 256 GiB bound.
            .unwrap_or_default();
        let mut bytes = nonce.to_vec();
        bytes.extend(sealed);
        format!("{PREFIX}{}", BASE64.encode(bytes))
    }

    /// The plain text of [`Keys::seal`]; `None` when it is not sealed text of this key.
    pub fn open_sealed(&self, sealed: &str) -> Option<String> {
        let bytes = sealed
            .strip_prefix(PREFIX)
            .and_then(|b| BASE64.decode(b).ok())
            .filter(|b| b.len() > 24)?;
        let (nonce, body) = bytes.split_at(24);
        let plain = self.cipher.decrypt(XNonce::from_slice(nonce), body).ok()?;
        String::from_utf8(plain).ok()
    }

    /// An attendee field as stored: sealed, except the empty text (nothing to hide, and an
    /// erased booking's fields stay plainly empty).
    pub fn seal_field(&self, plain: &str) -> String {
        if plain.is_empty() {
            String::new()
        } else {
            self.seal(plain)
        }
    }

    /// A stored attendee field in clear. Text without the prefix is taken as it is: clear data
    /// of a database older than sealing, until `migrate`/`serve` seal it.
    pub fn open_field(&self, stored: &str) -> StoreResult<String> {
        if !stored.starts_with(PREFIX) {
            return Ok(stored.to_string());
        }
        self.open_sealed(stored).ok_or_else(|| {
            StoreError::Corrupt("attendee data does not open with SLOTBOOK_SECRET_KEY".into())
        })
    }

    /// [`Keys::open_field`] in place.
    pub fn open_in_place(&self, stored: &mut String) -> StoreResult<()> {
        if stored.starts_with(PREFIX) {
            *stored = self.open_field(stored)?;
        }
        Ok(())
    }

    fn hash(&self, text: &str) -> String {
        hex::encode(mac(&self.lookup, text.as_bytes()))
    }

    /// The lookup hash of an email address (trimmed, lower case); empty for an empty address.
    /// Its first 128 bits: it sits in every booking row, which the desk scans.
    pub fn email_hash(&self, email: &str) -> String {
        let email = email.trim().to_lowercase();
        if email.is_empty() {
            String::new()
        } else {
            self.hash(&format!("email:{email}"))[..32].to_string()
        }
    }

    /// The lookup hash of an IP address (holds count live ones per address).
    pub fn address_hash(&self, ip: &str) -> String {
        self.hash(&format!("ip:{ip}"))
    }

    /// A key compared only for equality (an outbox sequence names its recipient's address).
    pub fn key_hash(&self, key: &str) -> String {
        self.hash(&format!("key:{key}"))
    }

    /// The sorted, distinct hashes of the name's words.
    fn word_hashes(&self, text: &str) -> Vec<String> {
        let mut hashes: Vec<String> = words(text)
            .map(|word| self.hash(&format!("word:{word}"))[..32].to_string())
            .collect();
        hashes.sort();
        hashes.dedup();
        hashes
    }

    /// The stored name words of an attendee: `<h1><h2>...` in sorted order, so any set of
    /// words is one `LIKE` pattern ([`Keys::search`]).
    pub fn name_words(&self, first_name: &str, last_name: &str) -> String {
        self.word_hashes(&format!("{first_name} {last_name}"))
            .iter()
            .map(|h| format!("<{h}>"))
            .collect()
    }

    /// A desk search as (the email hash it matches, a `LIKE` pattern over name words): the
    /// whole address, or every word of it among the name's words, in any case. An empty search
    /// is `("", "")`.
    pub fn search(&self, search: &str) -> (String, String) {
        let search = search.trim();
        if search.is_empty() {
            return (String::new(), String::new());
        }
        let hashes = self.word_hashes(search);
        let pattern = if hashes.is_empty() {
            NO_WORDS.to_string()
        } else {
            format!(
                "%{}%",
                hashes
                    .iter()
                    .map(|h| format!("<{h}>"))
                    .collect::<Vec<_>>()
                    .join("%")
            )
        };
        (self.email_hash(search), pattern)
    }
}

/// The lower-case words of a name: runs of letters and digits.
fn words(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
}

fn mac(key: &[u8], text: &[u8]) -> [u8; 32] {
    let mut mac = <HmacSha256 as hmac::Mac>::new_from_slice(key)
        // HMAC takes a key of any length.
        .unwrap_or_else(|_| unreachable!());
    hmac::Mac::update(&mut mac, text);
    hmac::Mac::finalize(mac).into_bytes().into()
}

/// The keys a store seals attendee data with, given once the secret key is read (a store
/// without them refuses to read or write attendee data rather than store it in clear).
#[derive(Clone, Default)]
pub struct Sealing(Arc<OnceLock<Arc<Keys>>>);

impl std::fmt::Debug for Sealing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Sealing(..)")
    }
}

impl Sealing {
    /// Gives the keys; a second call keeps the first ones and answers false when they differ
    /// (one store, one key).
    pub fn set(&self, keys: Arc<Keys>) -> bool {
        let probe = keys.hash("probe");
        self.0.get_or_init(|| keys).hash("probe") == probe
    }

    pub fn keys(&self) -> StoreResult<Arc<Keys>> {
        self.0
            .get()
            .cloned()
            .ok_or_else(|| StoreError::Corrupt("attendee data needs the secret key".into()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_seal_with_a_fresh_nonce_and_open_with_their_key_only() {
        let keys = Keys::from_key(&[1; 32]);
        let sealed = keys.seal_field("Ann Quokka");
        assert!(sealed.starts_with(PREFIX) && !sealed.contains("Quokka"));
        assert_ne!(sealed, keys.seal_field("Ann Quokka"));
        assert_eq!(keys.open_field(&sealed).expect("opens"), "Ann Quokka");
        assert!(Keys::from_key(&[2; 32]).open_field(&sealed).is_err());
        assert_eq!(keys.seal_field(""), "");
        assert_eq!(
            keys.open_field("clear, older").expect("as is"),
            "clear, older"
        );
    }

    #[test]
    fn email_hashes_ignore_case_and_spaces_and_depend_on_the_key() {
        let keys = Keys::from_key(&[1; 32]);
        let hash = keys.email_hash(" Ann@Example.ORG ");
        assert_eq!(hash, keys.email_hash("ann@example.org"));
        assert_eq!(hash.len(), 32);
        assert_ne!(hash, keys.email_hash("ann@example.com"));
        assert_ne!(hash, Keys::from_key(&[2; 32]).email_hash("ann@example.org"));
        assert_eq!(keys.email_hash("  "), "");
    }

    /// `LIKE` as both databases apply it to these patterns (only `%` is special in them).
    fn like(pattern: &str, text: &str) -> bool {
        let parts: Vec<&str> = pattern.split('%').collect();
        let mut rest = text;
        for (i, part) in parts.iter().enumerate() {
            if i == 0 {
                let Some(after) = rest.strip_prefix(part) else {
                    return false;
                };
                rest = after;
            } else if i == parts.len() - 1 {
                return rest.ends_with(part);
            } else {
                let Some(at) = rest.find(part) else {
                    return false;
                };
                rest = &rest[at + part.len()..];
            }
        }
        rest.is_empty()
    }

    #[test]
    fn a_search_finds_whole_words_of_the_name_in_any_order_and_case() {
        let keys = Keys::from_key(&[1; 32]);
        let stored = keys.name_words("Ann-Marie", "de Quokka");
        for found in [
            "quokka",
            "ANN",
            "quokka ann",
            "marie de",
            "Ann-Marie de Quokka",
        ] {
            let (_, pattern) = keys.search(found);
            assert!(like(&pattern, &stored), "{found} finds the name");
        }
        for missed in ["quok", "bob", "ann bob", "@", "x@y"] {
            let (_, pattern) = keys.search(missed);
            assert!(!like(&pattern, &stored), "{missed} does not");
        }
        let (email, _) = keys.search(" ANN@example.org");
        assert_eq!(email, keys.email_hash("ann@example.org"));
        assert_eq!(keys.search(""), (String::new(), String::new()));
        assert!(!stored.contains("ann") && !stored.contains("quokka"));
    }

    #[test]
    fn a_store_keeps_its_first_keys() {
        let sealing = Sealing::default();
        assert!(sealing.keys().is_err());
        assert!(sealing.set(Arc::new(Keys::from_key(&[1; 32]))));
        assert!(sealing.set(Arc::new(Keys::from_key(&[1; 32]))));
        assert!(!sealing.set(Arc::new(Keys::from_key(&[2; 32]))));
        let keys = sealing.keys().expect("set");
        assert_eq!(
            keys.email_hash("a@b.c"),
            Keys::from_key(&[1; 32]).email_hash("a@b.c")
        );
    }
}
