//! Two-factor login with TOTP (RFC 6238: SHA-1, 6 digits, 30-second steps; DESIGN 2.10): set up
//! from the security page with a QR code drawn on the server, ten single-use recovery codes
//! stored as digests, turned off by the user (with a code) or by an administrator, and checked
//! at login. A step once accepted for a user, and every earlier one, is never accepted again.

use sha2::{Digest, Sha256};
use totp_rs::{Builder, Secret};

use crate::domain::access::Capability;
use crate::domain::audit::AuditAction;
use crate::service::audit::{self, AuditEvent};
use crate::service::{Caller, Ctx, ServiceError, ServiceResult};
use crate::store::users::UserRow;
use crate::store::{Ex, now_epoch, two_factor, users};

/// Recovery codes made at a time.
pub const RECOVERY_CODES: usize = 10;
/// The refusal of a wrong, used or replayed code.
pub const BAD_CODE: &str = "The code is not correct.";

/// What the set-up page shows while two-factor login is off.
#[derive(Debug, Clone, PartialEq)]
pub struct Enrolment {
    /// The secret in base32 (32 characters).
    pub secret: String,
    /// `otpauth://totp/slotbook:{login}?secret=…&issuer=slotbook`.
    pub url: String,
    /// The URL as a QR code, an SVG document.
    pub qr_svg: String,
}

/// Which second factor a login used (`details.second_factor` of its audit entry).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SecondFactor {
    Totp,
    RecoveryCode,
}

impl SecondFactor {
    pub fn as_str(self) -> &'static str {
        match self {
            SecondFactor::Totp => "totp",
            SecondFactor::RecoveryCode => "recovery_code",
        }
    }
}

/// An entry of `caller` about their own account.
fn about_self(caller: &Caller, action: AuditAction) -> AuditEvent {
    AuditEvent::by(caller, action).target("user", Some(caller.id()), caller.user.login.clone())
}

fn bad_code() -> ServiceError {
    ServiceError::field("code", "incorrect", BAD_CODE)
}

fn totp_of(base32: &str) -> Option<totp_rs::Totp> {
    let secret = Secret::try_from_base32(base32).ok()?;
    Builder::new().with_secret(secret).build().ok()
}

/// The time step `code` is right for, now or one step either side.
fn step_of(base32: &str, code: &str, now: i64) -> Option<i64> {
    let code: String = code.chars().filter(|c| !c.is_whitespace()).collect();
    if code.len() != 6 || !code.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let totp = totp_of(base32)?;
    totp.check(&code, u64::try_from(now).ok()?)
        .and_then(|step| i64::try_from(step).ok())
}

/// A recovery code as typed, in the form its digest is taken of: lower case, no hyphen.
fn normalised_code(code: &str) -> Option<String> {
    let plain: String = code
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .map(|c| c.to_ascii_lowercase())
        .collect();
    (plain.len() == 10 && plain.chars().all(|c| c.is_ascii_alphanumeric())).then_some(plain)
}

fn code_digest(user_id: i64, plain: &str) -> String {
    hex::encode(Sha256::digest(format!("{user_id}:{plain}").as_bytes()))
}

/// Ten new recovery codes `xxxxx-xxxxx` (lower-case letters and digits).
fn new_codes() -> Vec<String> {
    const ALPHABET: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789";
    (0..RECOVERY_CODES)
        .map(|_| {
            let bytes: [u8; 10] = rand::random();
            let chars: String = bytes
                .iter()
                .map(|b| ALPHABET[(*b as usize) % ALPHABET.len()] as char)
                .collect();
            format!("{}-{}", &chars[..5], &chars[5..])
        })
        .collect()
}

fn url_of(login: &str, secret: &str) -> String {
    let account: String = url::form_urlencoded::byte_serialize(login.as_bytes()).collect();
    format!("otpauth://totp/slotbook:{account}?secret={secret}&issuer=slotbook")
}

fn qr_svg(url: &str) -> ServiceResult<String> {
    let code = qrcode::QrCode::new(url.as_bytes())
        .map_err(|e| ServiceError::Internal(format!("QR code: {e}")))?;
    let svg = code
        .render::<qrcode::render::svg::Color>()
        .min_dimensions(200, 200)
        .build();
    // Inline in the page: no XML declaration, and named for screen readers.
    let start = svg.find("<svg").unwrap_or(0);
    Ok(svg[start..].replacen("<svg ", "<svg role=\"img\" aria-label=\"QR code\" ", 1))
}

/// The secret being set up for the caller, made on first use and the same on every reload
/// until set-up completes. `None` when two-factor login is already on.
pub async fn enrolment(ctx: &Ctx, caller: &Caller) -> ServiceResult<Option<Enrolment>> {
    let mut tx = ctx.store.begin().await?;
    let state = two_factor::state(tx.ex(), caller.id())
        .await?
        .ok_or(ServiceError::NotFound)?;
    if state.totp_sealed.is_some() {
        return Ok(None);
    }
    let secret = match state
        .totp_pending_sealed
        .as_deref()
        .and_then(|sealed| ctx.secrets.open(sealed).ok())
    {
        Some(secret) => secret,
        None => {
            let secret = Secret::new_stack(rand::random::<[u8; 20]>()).to_base32();
            two_factor::set_pending(tx.ex(), caller.id(), &ctx.secrets.seal(&secret)).await?;
            secret
        }
    };
    tx.commit().await?;
    let url = url_of(&caller.user.login, &secret);
    Ok(Some(Enrolment {
        qr_svg: qr_svg(&url)?,
        secret,
        url,
    }))
}

/// "Turn on two-factor authentication": a right code of the pending secret turns it on and
/// answers the ten recovery codes (shown once).
pub async fn enable(ctx: &Ctx, caller: &Caller, code: &str) -> ServiceResult<Vec<String>> {
    let mut tx = ctx.store.begin().await?;
    let state = two_factor::state(tx.ex(), caller.id())
        .await?
        .ok_or(ServiceError::NotFound)?;
    if state.totp_sealed.is_some() {
        return Err(ServiceError::Unprocessable {
            code: "two_factor_enabled",
            message: "Two-factor authentication is already on.".into(),
        });
    }
    let secret = state
        .totp_pending_sealed
        .as_deref()
        .and_then(|sealed| ctx.secrets.open(sealed).ok())
        .ok_or_else(bad_code)?;
    let step = step_of(&secret, code, now_epoch()).ok_or_else(bad_code)?;
    if !two_factor::accept_step(tx.ex(), caller.id(), step).await? {
        return Err(bad_code());
    }
    two_factor::enable(tx.ex(), caller.id()).await?;
    let codes = store_new_codes(tx.ex(), caller.id()).await?;
    let event = about_self(caller, AuditAction::TwoFactorEnabled);
    audit::record(tx.ex(), &event).await?;
    tx.commit().await?;
    ctx.credentials.clear();
    Ok(codes)
}

async fn store_new_codes(ex: Ex<'_>, user_id: i64) -> ServiceResult<Vec<String>> {
    let codes = new_codes();
    let hashes: Vec<String> = codes
        .iter()
        .filter_map(|c| normalised_code(c))
        .map(|plain| code_digest(user_id, &plain))
        .collect();
    two_factor::replace_codes(ex, user_id, &hashes).await?;
    Ok(codes)
}

/// Checks a second factor of `user` (a TOTP code, or an unused recovery code, which is used
/// up), inside the caller's transaction. `None`: not right.
pub async fn check_code(
    ctx: &Ctx,
    mut ex: Ex<'_>,
    user: &UserRow,
    code: &str,
) -> ServiceResult<Option<SecondFactor>> {
    let Some(state) = two_factor::state(crate::store::reborrow(&mut ex), user.id).await? else {
        return Ok(None);
    };
    let Some(secret) = state
        .totp_sealed
        .as_deref()
        .and_then(|sealed| ctx.secrets.open(sealed).ok())
    else {
        return Ok(None);
    };
    if let Some(step) = step_of(&secret, code, now_epoch()) {
        let accepted =
            two_factor::accept_step(crate::store::reborrow(&mut ex), user.id, step).await?;
        return Ok(accepted.then_some(SecondFactor::Totp));
    }
    let Some(plain) = normalised_code(code) else {
        return Ok(None);
    };
    let used =
        two_factor::use_code(ex, user.id, &code_digest(user.id, &plain), now_epoch()).await?;
    Ok(used.then_some(SecondFactor::RecoveryCode))
}

/// "Turn off two-factor authentication", with a current or recovery code.
pub async fn disable(ctx: &Ctx, caller: &Caller, code: &str) -> ServiceResult<()> {
    let mut tx = ctx.store.begin().await?;
    if check_code(ctx, tx.ex(), &caller.user, code)
        .await?
        .is_none()
    {
        return Err(bad_code());
    }
    two_factor::disable(tx.ex(), caller.id()).await?;
    let event = about_self(caller, AuditAction::TwoFactorDisabled);
    audit::record(tx.ex(), &event).await?;
    tx.commit().await?;
    ctx.credentials.clear();
    Ok(())
}

/// "New recovery codes", with a current or recovery code: ten new ones replace the old.
pub async fn renew_codes(ctx: &Ctx, caller: &Caller, code: &str) -> ServiceResult<Vec<String>> {
    let mut tx = ctx.store.begin().await?;
    if check_code(ctx, tx.ex(), &caller.user, code)
        .await?
        .is_none()
    {
        return Err(bad_code());
    }
    let codes = store_new_codes(tx.ex(), caller.id()).await?;
    let event = about_self(caller, AuditAction::TwoFactorRecoveryCodesRenewed);
    audit::record(tx.ex(), &event).await?;
    tx.commit().await?;
    Ok(codes)
}

/// `DELETE /users/{id}/two-factor` (`list_users`): another user's two-factor login off (a lost
/// phone).
pub async fn disable_for(ctx: &Ctx, caller: &Caller, user_id: i64) -> ServiceResult<()> {
    if !caller.can(Capability::ListUsers) {
        return Err(ServiceError::forbidden());
    }
    let mut tx = ctx.store.begin().await?;
    let Some(user) = users::find(tx.ex(), user_id).await? else {
        return Err(ServiceError::NotFound);
    };
    two_factor::disable(tx.ex(), user_id).await?;
    let event = AuditEvent::by(caller, AuditAction::TwoFactorDisabled)
        .target("user", Some(user.id), user.login.clone())
        .detail("by", "administrator");
    audit::record(tx.ex(), &event).await?;
    tx.commit().await?;
    ctx.credentials.clear();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &str = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

    fn code_at(time: i64) -> String {
        totp_of(SECRET)
            .expect("totp")
            .generate(u64::try_from(time).expect("time"))
            .to_string()
    }

    #[test]
    fn a_code_is_right_for_its_step_and_one_either_side() {
        let now = 1_800_000_000;
        let step = now / 30;
        assert_eq!(step_of(SECRET, &code_at(now), now), Some(step));
        assert_eq!(step_of(SECRET, &code_at(now - 30), now), Some(step - 1));
        assert_eq!(step_of(SECRET, &code_at(now + 30), now), Some(step + 1));
        assert_eq!(step_of(SECRET, &code_at(now - 90), now), None);
        assert_eq!(step_of(SECRET, "12345", now), None);
        assert_eq!(step_of(SECRET, "abcdef", now), None);
    }

    #[test]
    fn recovery_codes_are_ten_pairs_of_five_and_read_in_any_form() {
        let codes = new_codes();
        assert_eq!(codes.len(), 10);
        for code in &codes {
            assert_eq!(code.len(), 11);
            assert_eq!(&code[5..6], "-");
            let upper = code.to_uppercase().replace('-', "");
            assert_eq!(normalised_code(&upper), Some(code.replace('-', "")));
        }
        assert_eq!(normalised_code("abc"), None);
        assert_ne!(code_digest(1, "abcdeabcde"), code_digest(2, "abcdeabcde"));
    }

    #[test]
    fn the_authenticator_link_names_slotbook_and_the_login() {
        assert_eq!(
            url_of("ann lee", "ABC"),
            "otpauth://totp/slotbook:ann+lee?secret=ABC&issuer=slotbook"
        );
        let svg = qr_svg(&url_of("ann", SECRET)).expect("svg");
        assert!(
            svg.starts_with("<svg role=\"img\" aria-label=\"QR code\" "),
            "{svg}"
        );
    }
}
