//! Verified credentials kept for a few seconds, so that a client sending the same application
//! password or session cookie on every request costs no database round trip each time.
//!
//! Keyed by a SHA-256 digest of what the client sent (never the secret itself). Only successful
//! checks are kept; a failure is checked again each time (the login throttle limits those).
//! Any change to a user (password, role, profile) or a session's end clears this process's
//! entries at once; other processes on the same database see it when their entries expire,
//! after at most [`KEEP_FOR`].

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use sha2::{Digest, Sha256};

use crate::service::Caller;

/// How long a verified credential is trusted without asking the database again: the longest
/// another process may go on accepting a credential revoked elsewhere.
pub const KEEP_FOR: Duration = Duration::from_secs(5);
/// Entries kept at most; when full, the expired ones go, and if none has, all of them.
const MAX_ENTRIES: usize = 10_000;

#[derive(Clone)]
enum Verified {
    Basic(Caller),
    /// The caller and the session's CSRF token.
    Session(Caller, String),
}

/// The verified credentials of this process.
#[derive(Default)]
pub struct CredentialCache {
    entries: Mutex<HashMap<[u8; 32], (Instant, Verified)>>,
}

impl std::fmt::Debug for CredentialCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CredentialCache").finish_non_exhaustive()
    }
}

fn key(parts: &[&str]) -> [u8; 32] {
    let mut hasher = Sha256::new();
    for part in parts {
        hasher.update(part.as_bytes());
        // A separator no credential contains, so ("ab", "c") and ("a", "bc") differ.
        hasher.update([0u8]);
    }
    hasher.finalize().into()
}

fn basic_key(login: &str, secret: &str) -> [u8; 32] {
    key(&["basic", &login.to_lowercase(), secret])
}

fn session_key(token: &str) -> [u8; 32] {
    key(&["session", token])
}

impl CredentialCache {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<[u8; 32], (Instant, Verified)>> {
        self.entries
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn get(&self, key: &[u8; 32]) -> Option<Verified> {
        let mut entries = self.lock();
        match entries.get(key) {
            Some((at, verified)) if at.elapsed() < KEEP_FOR => Some(verified.clone()),
            Some(_) => {
                entries.remove(key);
                None
            }
            None => None,
        }
    }

    fn put(&self, key: [u8; 32], verified: Verified) {
        let mut entries = self.lock();
        if entries.len() >= MAX_ENTRIES {
            entries.retain(|_, (at, _)| at.elapsed() < KEEP_FOR);
            if entries.len() >= MAX_ENTRIES {
                entries.clear();
            }
        }
        entries.insert(key, (Instant::now(), verified));
    }

    /// The caller of application-password credentials verified lately.
    pub fn basic(&self, login: &str, secret: &str) -> Option<Caller> {
        match self.get(&basic_key(login, secret))? {
            Verified::Basic(caller) => Some(caller),
            Verified::Session(..) => None,
        }
    }

    pub fn keep_basic(&self, login: &str, secret: &str, caller: &Caller) {
        self.put(basic_key(login, secret), Verified::Basic(caller.clone()));
    }

    /// The caller and CSRF token of a session verified lately.
    pub fn session(&self, token: &str) -> Option<(Caller, String)> {
        match self.get(&session_key(token))? {
            Verified::Session(caller, csrf) => Some((caller, csrf)),
            Verified::Basic(_) => None,
        }
    }

    pub fn keep_session(&self, token: &str, caller: &Caller, csrf: &str) {
        self.put(
            session_key(token),
            Verified::Session(caller.clone(), csrf.to_string()),
        );
    }

    pub fn forget_session(&self, token: &str) {
        self.lock().remove(&session_key(token));
    }

    /// Forgets everything: a user's password, role or profile changed.
    pub fn clear(&self) {
        self.lock().clear();
    }
}
