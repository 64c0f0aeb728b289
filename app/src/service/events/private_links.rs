//! Private links (DESIGN 2.8): a token link that lets its holder book an event up to
//! `max_uses` times until an expiry, revocable by the event's hosts. A `secret` event is
//! bookable only through one. The token is `link` on the slot routes and pages, `private_link`
//! in a create or hold; a booking uses it once inside its own transaction.

use crate::domain::validation::FieldErrors;
use crate::model::event::{PrivateLink, PrivateLinkAnswer, PrivateLinkList};
use crate::service::auth::digest;
use crate::service::bookings::views::utc_text;
use crate::service::events::admin::load_managed_event;
use crate::service::{Caller, Ctx, ServiceError, ServiceResult};
use crate::store::private_links::{self, PrivateLinkRow};
use crate::store::{Ex, Tx};

pub const LINK_CREATED: &str = "Private link has been created";
pub const LINK_REVOKED: &str = "Private link has been revoked";
/// The refusal of a link used up, expired or revoked.
pub const LINK_INVALID: &str = "This private link is no longer valid.";

/// `POST …/private-links`' body, checked: how many bookings, until when (epoch seconds).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NewLink {
    pub max_uses: i64,
    pub expires_at: Option<i64>,
}

impl NewLink {
    /// `max_uses` 1-1000 (default 1); `expires_at` a future UTC time or none.
    pub fn checked(
        max_uses: Option<i64>,
        expires_at: Option<chrono::NaiveDateTime>,
        mut errors: FieldErrors,
        now: i64,
    ) -> ServiceResult<NewLink> {
        let max_uses = max_uses.unwrap_or(1);
        if !(1..=1000).contains(&max_uses) {
            errors.add(
                "max_uses",
                "between",
                "The max uses must be between 1 and 1000.",
            );
        }
        let expires_at = expires_at.map(|at| at.and_utc().timestamp());
        if expires_at.is_some_and(|at| at <= now) && !errors.contains("expires_at") {
            errors.add("expires_at", "future", "The expiry must be in the future.");
        }
        errors.into_result().map_err(ServiceError::invalid)?;
        Ok(NewLink {
            max_uses,
            expires_at,
        })
    }
}

/// `GET …/private-links`: every link of the event, revoked ones too.
pub async fn list(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
) -> ServiceResult<PrivateLinkList> {
    let mut conn = ctx.store.conn().await?;
    let (cal, ev) = load_managed_event(conn.ex(), caller, calendar_id, event_id).await?;
    let rows = private_links::for_event(conn.ex(), ev.id).await?;
    let page = page_url(ctx, &cal.slug, &ev.slug);
    rows.iter()
        .map(|row| view(ctx, &page, row))
        .collect::<ServiceResult<Vec<_>>>()
        .map(|links| PrivateLinkList { links })
}

/// `POST …/private-links`: a new link (256 random bits; its digest finds it).
pub async fn create(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
    link: NewLink,
) -> ServiceResult<PrivateLinkAnswer> {
    let mut tx = ctx.store.begin().await?;
    let (cal, ev) = load_managed_event(tx.ex(), caller, calendar_id, event_id).await?;
    let token = hex::encode(rand::random::<[u8; 32]>());
    let id = private_links::insert(
        tx.ex(),
        ev.id,
        &digest(&token),
        &ctx.secrets.seal(&token),
        link.max_uses,
        link.expires_at,
    )
    .await?;
    let row = private_links::find(tx.ex(), ev.id, id)
        .await?
        .ok_or(ServiceError::NotFound)?;
    tx.commit().await?;
    Ok(PrivateLinkAnswer {
        message: LINK_CREATED.into(),
        link: view(ctx, &page_url(ctx, &cal.slug, &ev.slug), &row)?,
    })
}

/// `DELETE …/private-links/{link_id}`: the link stops working (and stays listed).
pub async fn revoke(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
    link_id: i64,
) -> ServiceResult<()> {
    let mut tx = ctx.store.begin().await?;
    let (_, ev) = load_managed_event(tx.ex(), caller, calendar_id, event_id).await?;
    private_links::find(tx.ex(), ev.id, link_id)
        .await?
        .ok_or(ServiceError::NotFound)?;
    private_links::revoke(tx.ex(), link_id).await?;
    tx.commit().await?;
    Ok(())
}

/// The event a request wants to see or book: its id, whether it is secret, and whether the
/// caller is one of its hosts (with credentials).
#[derive(Debug, Clone, Copy)]
pub struct Asked {
    pub event_id: i64,
    pub secret: bool,
    pub is_host: bool,
}

/// Whether a request may see or book the event, and through which link: a valid link of the
/// event answers its id; one used up, expired or revoked is 410 `link_invalid`; an unknown
/// token (or another event's) counts as none, and then a `secret` event is 404 unless asked
/// by one of its hosts.
pub async fn admit(ex: Ex<'_>, asked: Asked, token: Option<&str>) -> ServiceResult<Option<i64>> {
    let token = token.map(str::trim).filter(|t| !t.is_empty());
    let found = match token {
        Some(token) => private_links::find_by_digest(ex, &digest(token))
            .await?
            .filter(|row| row.event_id == asked.event_id),
        None => None,
    };
    match found {
        Some(row) if row.is_valid(chrono::Utc::now().timestamp()) => Ok(Some(row.id)),
        Some(_) => Err(gone()),
        None if asked.secret && !asked.is_host => Err(ServiceError::NotFound),
        None => Ok(None),
    }
}

/// [`admit`] with a connection of its own.
pub async fn admit_with(
    ctx: &Ctx,
    asked: Asked,
    token: Option<&str>,
) -> ServiceResult<Option<i64>> {
    if token.is_none_or(|t| t.trim().is_empty()) && !asked.secret {
        return Ok(None);
    }
    let mut conn = ctx.store.conn().await?;
    admit(conn.ex(), asked, token).await
}

/// Inside a create's transaction: the booking (a series once) uses the link it came through,
/// or the create is refused with 410 when it was used up, expired or revoked meanwhile.
pub async fn use_once(tx: &mut Tx, link_id: Option<i64>) -> ServiceResult<()> {
    let Some(link_id) = link_id else {
        return Ok(());
    };
    if private_links::use_once(tx.ex(), link_id, chrono::Utc::now().timestamp()).await? {
        Ok(())
    } else {
        Err(gone())
    }
}

fn gone() -> ServiceError {
    ServiceError::Gone {
        code: "link_invalid",
        message: LINK_INVALID.into(),
    }
}

/// The booking page's absolute address.
fn page_url(ctx: &Ctx, calendar_slug: &str, event_slug: &str) -> String {
    format!("{}/{calendar_slug}/{event_slug}", ctx.public_url)
}

fn view(ctx: &Ctx, page: &str, row: &PrivateLinkRow) -> ServiceResult<PrivateLink> {
    let token = ctx
        .secrets
        .open(&row.token_sealed)
        .map_err(|e| ServiceError::Internal(format!("private link {}: {e}", row.id)))?;
    Ok(PrivateLink {
        id: row.id,
        url: format!("{page}?link={token}"),
        token,
        max_uses: row.max_uses,
        uses: row.uses,
        expires_at: row.expires_at.map(utc_text),
        revoked: row.revoked,
        created_at: utc_text(row.created_at),
    })
}
