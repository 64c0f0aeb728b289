//! `GET /bookings/challenge` and the `altcha` of a create (DESIGN 2.8): while the site asks
//! for a proof of work, a public REST create needs a valid, unused solution (else 422 on
//! `altcha`); a posted booking form without one still books, up to
//! `SLOTBOOK_RATE_LIMIT_UNVERIFIED` an hour per address (the hydrated page solves it, so only
//! pages without JavaScript, and robots, come here). Hosts of the event need none.

use base64::Engine as _;

use crate::domain::proof_of_work::{self, Flaw, Solution};
use crate::domain::validation::FieldErrors;
use crate::model::booking::AltchaChallenge;
use crate::model::settings::ProofOfWork;
use crate::service::support::throttle::RequestLimiter;
use crate::service::{Ctx, ServiceError, ServiceResult};
use crate::store::Tx;

pub const MISSING: &str = "Solve the proof of work (altcha) to book.";
pub const INVALID: &str = "The altcha is not a valid proof of work.";
pub const EXPIRED: &str = "The proof of work has expired. Solve a new challenge.";
pub const USED: &str = "This proof of work was used already. Solve a new challenge.";

/// Whether the site asks for a proof of work now.
pub async fn asked(ctx: &Ctx) -> ServiceResult<bool> {
    let mut conn = ctx.store.conn().await?;
    Ok(crate::service::settings::protection::stored(conn.ex())
        .await?
        .proof_of_work
        .enabled)
}

/// A new challenge, signed with the server's key, that lives ten minutes.
pub async fn challenge(ctx: &Ctx) -> ServiceResult<AltchaChallenge> {
    let settings = {
        let mut conn = ctx.store.conn().await?;
        crate::service::settings::protection::stored(conn.ex())
            .await?
            .proof_of_work
    };
    let max = u64::try_from(settings.max_number.clamp(1_000, 1_000_000)).unwrap_or(50_000);
    let number = rand::random_range(0..=max);
    let salt = proof_of_work::salt(&hex::encode(rand::random::<[u8; 12]>()), ctx.clock.now());
    let challenge = proof_of_work::digest(&salt, number);
    Ok(AltchaChallenge {
        algorithm: proof_of_work::ALGORITHM.into(),
        signature: ctx.secrets.sign(&challenge),
        challenge,
        maxnumber: max,
        salt,
    })
}

/// How a create without a valid solution is met.
#[derive(Clone, Copy, Default)]
pub enum Unverified<'a> {
    /// 422 on `altcha` (the REST route).
    #[default]
    Refused,
    /// Counted against this address's hourly allowance, then 429 (the booking form).
    Counted {
        limiter: &'a RequestLimiter,
        key: &'a str,
    },
}

/// What the create goes on with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Proof {
    /// None was asked for (off, or a host of the event).
    NotAsked,
    /// A valid solution, to be recorded as used in the booking's transaction.
    Solved { challenge: String, expires_at: i64 },
    /// None, for a form post within its allowance (or refused in `errors`).
    Without,
}

/// Checks `altcha` while the site asks for a proof of work; a REST create's fault goes into
/// `errors` (so the 422 names every field at fault), a form's counts or is 429.
pub fn admit(
    ctx: &Ctx,
    settings: &ProofOfWork,
    is_host: bool,
    altcha: Option<&str>,
    unverified: Unverified<'_>,
    errors: &mut FieldErrors,
) -> ServiceResult<Proof> {
    if !settings.enabled || is_host {
        return Ok(Proof::NotAsked);
    }
    let flaw = match altcha.map(str::trim).filter(|a| !a.is_empty()) {
        None => None,
        Some(text) => match decode(text) {
            Some(solution) => {
                match proof_of_work::check(&solution, ctx.clock.now(), |c, s| {
                    ctx.secrets.signed(c, s)
                }) {
                    Ok(expires_at) => {
                        return Ok(Proof::Solved {
                            challenge: solution.challenge,
                            expires_at,
                        });
                    }
                    Err(flaw) => Some(flaw),
                }
            }
            None => Some(Flaw::Unreadable),
        },
    };
    match unverified {
        Unverified::Refused => {
            let (rule, message) = match flaw {
                None => ("required", MISSING),
                Some(Flaw::Expired) => ("expired", EXPIRED),
                Some(_) => ("invalid", INVALID),
            };
            errors.add("altcha", rule, message);
            Ok(Proof::Without)
        }
        Unverified::Counted { limiter, key } => match limiter.check(key) {
            Ok(()) => Ok(Proof::Without),
            Err(wait) => Err(ServiceError::TooMany {
                code: "too_many_requests",
                message: crate::texts::too_many_bookings(wait.as_secs().max(1)),
                retry_after: wait.as_secs().max(1),
            }),
        },
    }
}

/// Records a solution as used, in the booking's transaction: a second booking with it is 422
/// on `altcha` and writes nothing.
pub async fn spend(tx: &mut Tx, proof: &Proof, now: i64) -> ServiceResult<()> {
    let Proof::Solved {
        challenge,
        expires_at,
    } = proof
    else {
        return Ok(());
    };
    if crate::store::proofs::spend(tx.ex(), challenge, *expires_at, now).await? {
        Ok(())
    } else {
        Err(ServiceError::field("altcha", "used", USED))
    }
}

/// ALTCHA's payload: base64 of JSON (other keys ignored).
fn decode(text: &str) -> Option<Solution> {
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(text)
        .ok()?;
    serde_json::from_slice(&bytes).ok()
}
