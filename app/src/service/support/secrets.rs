//! Credentials at rest: calendar passwords and feed URLs are sealed with XChaCha20-Poly1305
//! under one 32-byte key, from `SLOTBOOK_SECRET_KEY` (base64) or a file generated on first
//! start. A stolen database file alone gives nothing away; processes that share a database
//! must share the key.

use std::sync::Arc;

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD as BASE64;

use crate::store::sealing::Keys;

/// The sealing key, and a signing key derived from it. `Debug` never shows them.
#[derive(Clone)]
pub struct SecretBox {
    /// The AEAD and lookup hashes (the store seals attendee data with the same keys).
    keys: Arc<Keys>,
    /// HMAC-SHA-256 of a fixed label under the key: signs what the server hands out to be
    /// given back (proof-of-work challenges) without ever using the sealing key twice.
    signing: Arc<[u8; 32]>,
}

type HmacSha256 = hmac::Hmac<sha2::Sha256>;

impl std::fmt::Debug for SecretBox {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SecretBox(..)")
    }
}

/// Why a key or a sealed value cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum SecretError {
    #[error("SLOTBOOK_SECRET_KEY must be 32 bytes in base64")]
    BadKey,
    #[error("cannot read or create the key file {path}: {source}")]
    KeyFile {
        path: String,
        source: std::io::Error,
    },
    #[error("a sealed value does not open with this key")]
    Unreadable,
}

impl SecretBox {
    pub fn from_key(key: [u8; 32]) -> SecretBox {
        let mut derive = <HmacSha256 as hmac::Mac>::new_from_slice(&key)
            // HMAC takes a key of any length.
            .unwrap_or_else(|_| unreachable!());
        hmac::Mac::update(&mut derive, b"slotbook signing key v1");
        SecretBox {
            keys: Arc::new(Keys::from_key(&key)),
            signing: Arc::new(hmac::Mac::finalize(derive).into_bytes().into()),
        }
    }

    fn signer(&self) -> HmacSha256 {
        <HmacSha256 as hmac::Mac>::new_from_slice(self.signing.as_slice())
            .unwrap_or_else(|_| unreachable!())
    }

    /// Hex HMAC-SHA-256 of `text` under the signing key.
    pub fn sign(&self, text: &str) -> String {
        let mut mac = self.signer();
        hmac::Mac::update(&mut mac, text.as_bytes());
        hex::encode(hmac::Mac::finalize(mac).into_bytes())
    }

    /// A keyed hash that names this key without revealing it: a database records it to refuse
    /// being served, restored or imported with another key.
    pub fn fingerprint(&self) -> String {
        self.sign("slotbook secret key fingerprint v1")
    }

    /// Whether `signature` (hex) is [`SecretBox::sign`] of `text`, compared in constant time.
    pub fn signed(&self, text: &str, signature: &str) -> bool {
        let Ok(bytes) = hex::decode(signature) else {
            return false;
        };
        let mut mac = self.signer();
        hmac::Mac::update(&mut mac, text.as_bytes());
        hmac::Mac::verify_slice(mac, &bytes).is_ok()
    }

    /// A key that lives as long as the process (unit tests, one-off contexts).
    pub fn ephemeral() -> SecretBox {
        SecretBox::from_key(rand::random())
    }

    /// The key from `encoded` (base64) when given, else from `path`, which is created with a
    /// fresh key (mode 0600) when it does not exist.
    pub fn load(encoded: Option<&str>, path: &std::path::Path) -> Result<SecretBox, SecretError> {
        if let Some(text) = encoded {
            return Self::decode(text).ok_or(SecretError::BadKey);
        }
        let file_error = |source| SecretError::KeyFile {
            path: path.display().to_string(),
            source,
        };
        match std::fs::read_to_string(path) {
            Ok(text) => Self::decode(&text).ok_or(SecretError::BadKey),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                    std::fs::create_dir_all(dir).map_err(file_error)?;
                }
                let key: [u8; 32] = rand::random();
                write_private(path, &BASE64.encode(key)).map_err(file_error)?;
                Ok(SecretBox::from_key(key))
            }
            Err(e) => Err(file_error(e)),
        }
    }

    /// Writes `encoded` (a key in base64) to `path` (mode 0600), under a temporary name first:
    /// the file holds the old key or the new one, never half of either.
    pub fn write_key_file(path: &std::path::Path, encoded: &str) -> Result<(), SecretError> {
        let file_error = |source| SecretError::KeyFile {
            path: path.display().to_string(),
            source,
        };
        let mut partial = path.as_os_str().to_owned();
        partial.push(".new");
        let partial = std::path::PathBuf::from(partial);
        let _ = std::fs::remove_file(&partial);
        write_private(&partial, encoded).map_err(file_error)?;
        std::fs::rename(&partial, path).map_err(file_error)
    }

    fn decode(text: &str) -> Option<SecretBox> {
        let bytes = BASE64.decode(text.trim()).ok()?;
        let key: [u8; 32] = bytes.try_into().ok()?;
        Some(SecretBox::from_key(key))
    }

    /// `plain` sealed under a random nonce: `v1:` + base64(nonce ‖ ciphertext).
    pub fn seal(&self, plain: &str) -> String {
        self.keys.seal(plain)
    }

    pub fn open(&self, sealed: &str) -> Result<String, SecretError> {
        self.keys.open_sealed(sealed).ok_or(SecretError::Unreadable)
    }

    /// The keys a store seals attendee data with.
    pub fn keys(&self) -> Arc<Keys> {
        self.keys.clone()
    }
}

#[cfg(unix)]
fn write_private(path: &std::path::Path, text: &str) -> std::io::Result<()> {
    use std::io::Write;
    use std::os::unix::fs::OpenOptionsExt;
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(path)?;
    file.write_all(text.as_bytes())
}

#[cfg(not(unix))]
fn write_private(path: &std::path::Path, text: &str) -> std::io::Result<()> {
    std::fs::write(path, text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sealed_text_opens_with_its_key_only_and_never_shows_the_plain_text() {
        let one = SecretBox::ephemeral();
        let sealed = one.seal("hunter2-password");
        assert!(!sealed.contains("hunter2"));
        assert_ne!(
            sealed,
            one.seal("hunter2-password"),
            "a fresh nonce each time"
        );
        assert_eq!(one.open(&sealed).expect("opens"), "hunter2-password");
        assert!(SecretBox::ephemeral().open(&sealed).is_err());
        assert!(one.open("v1:AAAA").is_err());
    }

    #[test]
    fn a_signature_is_the_keys_own_and_checked_whole() {
        let one = SecretBox::from_key([7; 32]);
        let signature = one.sign("challenge");
        assert_eq!(signature.len(), 64);
        assert_eq!(signature, SecretBox::from_key([7; 32]).sign("challenge"));
        assert!(one.signed("challenge", &signature));
        assert!(!one.signed("challenge!", &signature));
        assert!(!one.signed("challenge", &signature[..62]));
        assert!(!one.signed("challenge", "not hex"));
        assert!(!SecretBox::from_key([8; 32]).signed("challenge", &signature));
    }

    #[test]
    fn a_key_file_is_created_once_with_owner_only_access() {
        let dir = std::env::temp_dir().join(format!("slotbook-key-{}", rand::random::<u64>()));
        let path = dir.join("secret.key");
        let first = SecretBox::load(None, &path).expect("created");
        let sealed = first.seal("x");
        let again = SecretBox::load(None, &path).expect("read back");
        assert_eq!(again.open(&sealed).expect("same key"), "x");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).expect("file").permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        assert!(SecretBox::load(Some("c2hvcnQ="), &path).is_err());
        let _ = std::fs::remove_dir_all(dir);
    }
}
