//! Logging in through an OpenID Connect provider (DESIGN 2.10): the authorization code flow
//! with PKCE, a `state` and a `nonce`, checked by the `openidconnect` crate (discovery, the ID
//! token's signature against the provider's keys, `iss`, `aud`, `exp`, `nonce`).
//!
//! A login on its way through the provider is a database row, so any server process can take
//! the callback; it is bound to the browser that started it by a cookie whose token the row
//! keeps as a digest, and deleted when taken, so a `state` works once.

use std::time::{Duration, Instant};

use openidconnect::core::{
    CoreAuthenticationFlow, CoreClient, CoreIdTokenClaims, CoreProviderMetadata, CoreUserInfoClaims,
};
use openidconnect::{
    AuthorizationCode, ClientId, ClientSecret, CsrfToken, EndpointMaybeSet, EndpointNotSet,
    EndpointSet, IssuerUrl, Nonce, OAuth2TokenResponse, PkceCodeChallenge, PkceCodeVerifier,
    RedirectUrl, Scope, TokenResponse,
};
use tokio::sync::RwLock;

use crate::domain::access::Role;
use crate::domain::audit::{AuditAction, AuthMethod, LoginRefusal};
use crate::domain::sso::{AccountCreation, login_for, names_for};
use crate::service::audit::{self, AuditEvent, Origin};
use crate::service::auth::digest;
use crate::service::login::{Started, start_session};
use crate::service::{Caller, Ctx, ServiceResult};
use crate::store::users::{self, NewUser, UserRow};
use crate::store::{Tx, login_failures, now_epoch, sso};

/// How long a login may stay with the provider.
pub const LOGIN_SECONDS: i64 = 600;
/// The cookie binding a login at the provider to this browser.
pub const BROWSER_COOKIE: &str = "slotbook_sso";
/// Provider metadata and keys are fetched again after this long (keys rotate).
const METADATA_FOR: Duration = Duration::from_secs(3600);

/// `SLOTBOOK_OIDC_*`: the provider and who may become a host on a first login.
#[derive(Clone, PartialEq, Eq)]
pub struct SsoSettings {
    pub issuer: String,
    pub client_id: String,
    /// Never logged, never answered.
    pub client_secret: String,
    /// The login link reads "Log in with {name}".
    pub name: String,
    pub create_users: AccountCreation,
}

impl std::fmt::Debug for SsoSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SsoSettings")
            .field("issuer", &self.issuer)
            .field("client_id", &self.client_id)
            .field("name", &self.name)
            .field("create_users", &self.create_users)
            .finish_non_exhaustive()
    }
}

/// The name of the login link when `SLOTBOOK_OIDC_NAME` is unset.
pub const DEFAULT_NAME: &str = "single sign-on";

/// The configured provider, its discovered metadata (kept for an hour) and the HTTP client
/// that talks to it.
pub struct SingleSignOn {
    settings: SsoSettings,
    http: reqwest::Client,
    discovered: RwLock<Option<(Instant, CoreProviderMetadata)>>,
}

impl std::fmt::Debug for SingleSignOn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SingleSignOn")
            .field("settings", &self.settings)
            .finish_non_exhaustive()
    }
}

/// The client type `from_provider_metadata` makes: authorization endpoint set, token and
/// UserInfo endpoints as the provider advertises them.
type ProviderClient = CoreClient<
    EndpointSet,
    EndpointNotSet,
    EndpointNotSet,
    EndpointNotSet,
    EndpointMaybeSet,
    EndpointMaybeSet,
>;

/// The provider cannot be reached or answered nonsense; the details are in the log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProviderUnavailable;

/// Why the callback did not log anybody in, as the login page says it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SsoRefused {
    /// State, provider error, code exchange or ID token: "Single sign-on failed. Try again."
    Failed,
    UnverifiedEmail,
    NoAccount,
}

impl SsoRefused {
    pub fn message(self) -> &'static str {
        match self {
            SsoRefused::Failed => "Single sign-on failed. Try again.",
            SsoRefused::UnverifiedEmail => "The provider has not verified this email address.",
            SsoRefused::NoAccount => "No account matches this email address.",
        }
    }

    pub fn status(self) -> u16 {
        match self {
            SsoRefused::Failed => 400,
            SsoRefused::UnverifiedEmail | SsoRefused::NoAccount => 403,
        }
    }

    fn reason(self) -> LoginRefusal {
        match self {
            SsoRefused::Failed => LoginRefusal::SsoError,
            SsoRefused::UnverifiedEmail => LoginRefusal::UnverifiedEmail,
            SsoRefused::NoAccount => LoginRefusal::UnknownEmail,
        }
    }
}

/// What the provider sent back to the callback address.
#[derive(Debug, Clone, Default)]
pub struct Callback {
    pub state: Option<String>,
    pub code: Option<String>,
    /// The provider's refusal (`access_denied`, ...).
    pub error: Option<String>,
    /// The issuer, from providers that name it (RFC 9207): another one is a mix-up.
    pub iss: Option<String>,
}

/// Who the provider says logged in.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
struct Identity {
    subject: String,
    email: Option<String>,
    email_verified: Option<bool>,
    name: Option<String>,
    given_name: Option<String>,
    family_name: Option<String>,
}

impl Identity {
    fn from_id_token(claims: &CoreIdTokenClaims) -> Identity {
        let text = |claim: Option<&str>| claim.map(str::to_string);
        Identity {
            subject: claims.subject().to_string(),
            email: text(claims.email().map(|e| e.as_str())),
            email_verified: claims.email_verified(),
            name: text(claims.name().and_then(|n| n.get(None)).map(|n| n.as_str())),
            given_name: text(
                claims
                    .given_name()
                    .and_then(|n| n.get(None))
                    .map(|n| n.as_str()),
            ),
            family_name: text(
                claims
                    .family_name()
                    .and_then(|n| n.get(None))
                    .map(|n| n.as_str()),
            ),
        }
    }

    /// The ID token's subject with the UserInfo endpoint's claims (the crate has checked that
    /// its `sub` is the ID token's).
    fn with_user_info(self, info: &CoreUserInfoClaims) -> Identity {
        let text = |claim: Option<&str>| claim.map(str::to_string);
        Identity {
            subject: self.subject,
            email: text(info.email().map(|e| e.as_str())),
            email_verified: info.email_verified(),
            name: text(info.name().and_then(|n| n.get(None)).map(|n| n.as_str())),
            given_name: text(
                info.given_name()
                    .and_then(|n| n.get(None))
                    .map(|n| n.as_str()),
            ),
            family_name: text(
                info.family_name()
                    .and_then(|n| n.get(None))
                    .map(|n| n.as_str()),
            ),
        }
    }
}

impl SingleSignOn {
    /// The provider of `settings`, reached within `timeout` per request and never following a
    /// redirect (the crate's advice against request forgery).
    pub fn new(settings: SsoSettings, timeout: Duration) -> Result<SingleSignOn, String> {
        IssuerUrl::new(settings.issuer.clone())
            .map_err(|e| format!("SLOTBOOK_OIDC_ISSUER is not a URL: {e}"))?;
        let http = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .timeout(timeout)
            .build()
            .map_err(|e| format!("single sign-on HTTP client: {e}"))?;
        Ok(SingleSignOn {
            settings,
            http,
            discovered: RwLock::new(None),
        })
    }

    /// The provider's name on the login page.
    pub fn name(&self) -> &str {
        &self.settings.name
    }

    /// The provider's metadata and keys: the kept copy while it is fresh, else discovered
    /// again (also when `refresh`: a signature by an unknown key may mean new keys).
    async fn metadata(&self, refresh: bool) -> Result<CoreProviderMetadata, ProviderUnavailable> {
        if !refresh
            && let Some((at, metadata)) = self.discovered.read().await.as_ref()
            && at.elapsed() < METADATA_FOR
        {
            return Ok(metadata.clone());
        }
        let issuer =
            IssuerUrl::new(self.settings.issuer.clone()).map_err(|_| ProviderUnavailable)?;
        let metadata = CoreProviderMetadata::discover_async(issuer, &self.http)
            .await
            .map_err(|e| {
                tracing::warn!(error = %e, issuer = %self.settings.issuer, "single sign-on discovery failed");
                ProviderUnavailable
            })?;
        *self.discovered.write().await = Some((Instant::now(), metadata.clone()));
        Ok(metadata)
    }

    fn client(&self, metadata: CoreProviderMetadata, public_url: &str) -> ProviderClient {
        let client = CoreClient::from_provider_metadata(
            metadata,
            ClientId::new(self.settings.client_id.clone()),
            Some(ClientSecret::new(self.settings.client_secret.clone())),
        );
        match RedirectUrl::new(format!("{public_url}/login/oidc/callback")) {
            Ok(redirect) => client.set_redirect_uri(redirect),
            Err(_) => client,
        }
    }
}

/// Starts a login at the provider for the browser holding `browser_token`: records its state,
/// nonce and PKCE verifier, and answers the provider's authorization address to send it to.
pub async fn begin(
    ctx: &Ctx,
    sso: &SingleSignOn,
    browser_token: &str,
    next: &str,
) -> ServiceResult<Result<String, ProviderUnavailable>> {
    let metadata = match sso.metadata(false).await {
        Ok(metadata) => metadata,
        Err(unavailable) => return Ok(Err(unavailable)),
    };
    let client = sso.client(metadata, &ctx.public_url);
    let (challenge, verifier) = PkceCodeChallenge::new_random_sha256();
    // The crate's random state and nonce are 128 bits each (DESIGN's minimum).
    let (url, state, nonce) = client
        .authorize_url(
            CoreAuthenticationFlow::AuthorizationCode,
            CsrfToken::new_random,
            Nonce::new_random,
        )
        .add_scope(Scope::new("email".into()))
        .add_scope(Scope::new("profile".into()))
        .set_pkce_challenge(challenge)
        .url();
    let now = now_epoch();
    let mut tx = ctx.store.begin().await?;
    sso::add_login(
        tx.ex(),
        &sso::NewSsoLogin {
            state_hash: &digest(state.secret()),
            browser_hash: &digest(browser_token),
            nonce: nonce.secret(),
            verifier_sealed: &ctx.secrets.seal(verifier.secret()),
            next_path: next,
            expires_at: now + LOGIN_SECONDS,
        },
        now,
    )
    .await?;
    tx.commit().await?;
    Ok(Ok(url.to_string()))
}

/// A new token for the browser cookie of [`BROWSER_COOKIE`] (256 random bits, hex).
pub fn new_browser_token() -> String {
    hex::encode(rand::random::<[u8; 32]>())
}

/// The provider's answer for the browser holding `browser_token`: a session of the user the
/// provider vouches for, and where to go; or why not. Every outcome is audited.
pub async fn finish(
    ctx: &Ctx,
    sso: &SingleSignOn,
    browser_token: Option<&str>,
    callback: Callback,
    origin: Origin,
) -> ServiceResult<Result<(Started, String), SsoRefused>> {
    let identity = match verified_identity(ctx, sso, browser_token, callback).await? {
        Ok(found) => found,
        Err(why) => {
            tracing::info!(why, "single sign-on refused");
            refuse(ctx, None, &origin, SsoRefused::Failed).await?;
            return Ok(Err(SsoRefused::Failed));
        }
    };
    let (identity, next) = identity;
    let issuer = sso.settings.issuer.as_str();
    let mut tx = ctx.store.begin().await?;
    let user = match sso::linked_user(tx.ex(), issuer, &identity.subject).await? {
        Some(user) => user,
        None => match account_for(&mut tx, sso, &identity, &origin).await? {
            Ok(user) => {
                sso::link(tx.ex(), user.id, issuer, &identity.subject).await?;
                user
            }
            Err((refused, tried)) => {
                drop(tx);
                refuse(ctx, tried.as_ref(), &origin, refused).await?;
                return Ok(Err(refused));
            }
        },
    };
    let now = now_epoch();
    login_failures::clear(tx.ex(), &format!("user:{}", user.id)).await?;
    users::set_last_login(tx.ex(), user.id, now).await?;
    // The provider authenticated the user: no TOTP step, and no set-up demanded (DESIGN 2.10).
    let caller = Caller::from_user(user, AuthMethod::Oidc).at(origin);
    let started = start_session(ctx, tx.ex(), caller, now).await?;
    let event = AuditEvent::login(
        Some((started.caller.id(), started.caller.user.login.clone())),
        AuthMethod::Oidc,
        started.caller.origin.clone(),
        None,
        None,
    );
    audit::record(tx.ex(), &event).await?;
    tx.commit().await?;
    Ok(Ok((started, next)))
}

/// The login of this state and browser, taken; the code exchanged; the ID token checked; the
/// claims read. `Err` says why not, for the log only (the visitor sees one message).
async fn verified_identity(
    ctx: &Ctx,
    sso: &SingleSignOn,
    browser_token: Option<&str>,
    callback: Callback,
) -> ServiceResult<Result<(Identity, String), &'static str>> {
    let (Some(state), Some(browser_token)) = (callback.state.as_deref(), browser_token) else {
        return Ok(Err("no state, or no cookie of this browser"));
    };
    let taken = {
        let mut tx = ctx.store.begin().await?;
        let taken =
            sso::take_login(tx.ex(), &digest(state), &digest(browser_token), now_epoch()).await?;
        tx.commit().await?;
        taken
    };
    let Some(login) = taken else {
        return Ok(Err("state unknown, used, expired or another browser's"));
    };
    if callback.error.is_some() {
        return Ok(Err("the provider answered an error"));
    }
    if callback
        .iss
        .as_ref()
        .is_some_and(|iss| *iss != sso.settings.issuer)
    {
        return Ok(Err("the answer names another issuer"));
    }
    let Some(code) = callback.code else {
        return Ok(Err("no code"));
    };
    let Ok(verifier) = ctx.secrets.open(&login.verifier_sealed) else {
        return Ok(Err("the PKCE verifier does not open with this key"));
    };
    let Ok(metadata) = sso.metadata(false).await else {
        return Ok(Err("provider unavailable"));
    };
    let client = sso.client(metadata, &ctx.public_url);
    let Ok(request) = client.exchange_code(AuthorizationCode::new(code)) else {
        return Ok(Err("the provider has no token endpoint"));
    };
    let token = match request
        .set_pkce_verifier(PkceCodeVerifier::new(verifier))
        .request_async(&sso.http)
        .await
    {
        Ok(token) => token,
        Err(e) => {
            tracing::info!(error = %e, "single sign-on code exchange failed");
            return Ok(Err("code exchange failed"));
        }
    };
    let Some(id_token) = token.id_token() else {
        return Ok(Err("no ID token"));
    };
    let nonce = Nonce::new(login.nonce);
    let identity = match id_token.claims(&client.id_token_verifier(), &nonce) {
        Ok(claims) => Identity::from_id_token(claims),
        Err(first) => {
            // Perhaps the provider has rotated its keys since they were fetched: once more
            // with fresh ones.
            let Ok(metadata) = sso.metadata(true).await else {
                return Ok(Err("provider unavailable"));
            };
            let fresh = sso.client(metadata, &ctx.public_url);
            match id_token.claims(&fresh.id_token_verifier(), &nonce) {
                Ok(claims) => Identity::from_id_token(claims),
                Err(_) => {
                    tracing::info!(error = %first, "single sign-on ID token refused");
                    return Ok(Err("ID token refused"));
                }
            }
        }
    };
    if identity.email.is_some() {
        return Ok(Ok((identity, login.next_path)));
    }
    // Many providers put the email in UserInfo only (for the code flow).
    let expected = Some(openidconnect::SubjectIdentifier::new(
        identity.subject.clone(),
    ));
    let Ok(request) = client.user_info(token.access_token().clone(), expected) else {
        return Ok(Ok((identity, login.next_path)));
    };
    let info: Result<CoreUserInfoClaims, _> = request.request_async(&sso.http).await;
    match info {
        Ok(info) => Ok(Ok((identity.with_user_info(&info), login.next_path))),
        Err(e) => {
            tracing::info!(error = %e, "single sign-on UserInfo failed");
            Ok(Err("UserInfo failed"))
        }
    }
}

/// The existing user of a verified email, or a new host when the site allows its domain; else
/// why not, with the account it named (for the audit entry).
async fn account_for(
    tx: &mut Tx,
    sso: &SingleSignOn,
    identity: &Identity,
    origin: &Origin,
) -> ServiceResult<Result<UserRow, (SsoRefused, Option<UserRow>)>> {
    let email = identity.email.as_deref().unwrap_or_default().trim();
    let named = if email.is_empty() || email.contains('\0') {
        None
    } else {
        users::find_by_email(tx.ex(), email).await?
    };
    if identity.email_verified != Some(true) {
        return Ok(Err((SsoRefused::UnverifiedEmail, named)));
    }
    if let Some(user) = named {
        return Ok(Ok(user));
    }
    if email.is_empty() || !sso.settings.create_users.allows(email) {
        return Ok(Err((SsoRefused::NoAccount, None)));
    }
    Ok(Ok(create_host(tx, identity, email, origin).await?))
}

/// A host for a verified email of an allowed domain: login from the email, name from the
/// claims, no password. Its `user.created` entry names the new user as the actor.
async fn create_host(
    tx: &mut Tx,
    identity: &Identity,
    email: &str,
    origin: &Origin,
) -> ServiceResult<UserRow> {
    let local = email.rsplit_once('@').map_or(email, |(local, _)| local);
    let taken: std::collections::HashSet<String> =
        users::logins_containing(tx.ex(), &local.to_lowercase())
            .await?
            .into_iter()
            .collect();
    let login = login_for(email, |candidate| taken.contains(candidate));
    let (first, last) = names_for(
        identity.name.as_deref(),
        identity.given_name.as_deref(),
        identity.family_name.as_deref(),
        &login,
    );
    let id = users::insert(
        tx.ex(),
        &NewUser {
            login: &login,
            email,
            first_name: &first,
            last_name: &last,
            password_hash: "",
            role: Role::Host.as_str(),
        },
    )
    .await?;
    let Some(user) = users::find(tx.ex(), id).await? else {
        return Err(crate::service::ServiceError::Store(
            crate::store::StoreError::NotFound,
        ));
    };
    let actor = Caller::from_user(user.clone(), AuthMethod::Oidc).at(origin.clone());
    let event = AuditEvent::by(&actor, AuditAction::UserCreated)
        .target("user", Some(id), login)
        .detail("role", Role::Host.as_str());
    audit::record(tx.ex(), &event).await?;
    Ok(user)
}

/// One `login.failed` entry for a refused callback, naming the account tried when one is.
async fn refuse(
    ctx: &Ctx,
    tried: Option<&UserRow>,
    origin: &Origin,
    refused: SsoRefused,
) -> ServiceResult<()> {
    let event = AuditEvent::login(
        tried.map(|u| (u.id, u.login.clone())),
        AuthMethod::Oidc,
        origin.clone(),
        Some(refused.reason()),
        None,
    );
    audit::record_alone(ctx, &event).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_say_what_design_says() {
        assert_eq!(SsoRefused::Failed.status(), 400);
        assert_eq!(
            SsoRefused::Failed.message(),
            "Single sign-on failed. Try again."
        );
        assert_eq!(SsoRefused::UnverifiedEmail.status(), 403);
        assert_eq!(
            SsoRefused::NoAccount.message(),
            "No account matches this email address."
        );
        assert_eq!(SsoRefused::NoAccount.reason(), LoginRefusal::UnknownEmail);
    }

    #[test]
    fn settings_never_show_the_client_secret() {
        let settings = SsoSettings {
            issuer: "https://id.example.com".into(),
            client_id: "slotbook".into(),
            client_secret: "very-secret-value".into(),
            name: DEFAULT_NAME.into(),
            create_users: AccountCreation::Never,
        };
        assert!(!format!("{settings:?}").contains("very-secret"));
        let sso = SingleSignOn::new(settings, Duration::from_secs(1)).expect("valid issuer");
        assert!(!format!("{sso:?}").contains("very-secret"));
    }
}
