//! Event definitions and schedules of recently asked events. Slot lists read them on every
//! request while hosts change them rarely: entries live [`SlotCache::TTL`] (the bound on
//! staleness when another process changes an event) and every local change clears the cache.
//! Busy times are never cached, and booking writes never read this cache. Besides, for the
//! same short time, which month a booking page opens on when its own month has no time left
//! (a hint: that month's times are still computed live, and an empty one is searched again).

use chrono::NaiveDate;

use super::event::{LoadedEvent, load_event, schedule_rows};
use crate::service::ServiceResult;
use crate::store::availability_schedules::ScheduleRow;

/// A cached event definition with its hosts' schedules.
type CachedEvent = std::sync::Arc<(LoadedEvent, Vec<ScheduleRow>)>;
type CacheMap = std::collections::HashMap<i64, (std::time::Instant, CachedEvent)>;
type MonthMap = std::collections::HashMap<FirstMonthKey, (std::time::Instant, NaiveDate)>;
/// A booking page address's (calendar slug, event slug), as asked, to its event's id.
type SlugMap = std::collections::HashMap<(String, String), (std::time::Instant, i64)>;

/// A booking page's view that opens on the first month with times: the event, the zone and
/// duration shown, and the month searched from (today's).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct FirstMonthKey {
    pub event_id: i64,
    pub zone: chrono_tz::Tz,
    pub duration: i64,
    pub from: NaiveDate,
}

#[derive(Clone, Default)]
pub struct SlotCache {
    entries: std::sync::Arc<std::sync::RwLock<CacheMap>>,
    first_months: std::sync::Arc<std::sync::RwLock<MonthMap>>,
    slugs: std::sync::Arc<std::sync::RwLock<SlugMap>>,
}

impl std::fmt::Debug for SlotCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SlotCache")
    }
}

impl SlotCache {
    pub const TTL: std::time::Duration = std::time::Duration::from_secs(2);
    const MAX_ENTRIES: usize = 10_000;

    fn get(&self, event_id: i64) -> Option<CachedEvent> {
        let entries = self.entries.read().unwrap_or_else(|e| e.into_inner());
        entries
            .get(&event_id)
            .filter(|(at, _)| at.elapsed() < Self::TTL)
            .map(|(_, v)| v.clone())
    }

    fn put(&self, event_id: i64, value: CachedEvent) {
        let mut entries = self.entries.write().unwrap_or_else(|e| e.into_inner());
        insert_bounded(&mut entries, event_id, value);
    }

    fn slug_id(&self, slugs: &(String, String)) -> Option<i64> {
        let known = self.slugs.read().unwrap_or_else(|e| e.into_inner());
        known
            .get(slugs)
            .filter(|(at, _)| at.elapsed() < Self::TTL)
            .map(|(_, id)| *id)
    }

    fn remember_slug(&self, slugs: (String, String), event_id: i64) {
        let mut known = self.slugs.write().unwrap_or_else(|e| e.into_inner());
        insert_bounded(&mut known, slugs, event_id);
    }

    /// Forgets everything: called by every change to events, calendars and schedules.
    pub fn clear(&self) {
        self.entries
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .clear();
        self.slugs
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .clear();
        self.forget_first_months();
    }

    /// The month a page opened on lately when `key.from`'s month had no time left. Once that
    /// is older than the TTL, one caller gets `None` (and searches again) while the others
    /// keep the month one TTL more: under load, one search per TTL instead of one per
    /// request in flight (a month shown is then at most two TTLs old).
    pub fn first_month(&self, key: &FirstMonthKey) -> Option<NaiveDate> {
        {
            let months = self.first_months.read().unwrap_or_else(|e| e.into_inner());
            match months.get(key) {
                None => return None,
                Some((at, month)) if at.elapsed() < Self::TTL => return Some(*month),
                Some(_) => {}
            }
        }
        let mut months = self.first_months.write().unwrap_or_else(|e| e.into_inner());
        let (at, month) = months.get_mut(key)?;
        if at.elapsed() < Self::TTL {
            return Some(*month);
        }
        *at = std::time::Instant::now();
        None
    }

    /// Remembers that the page of `key` opens on `month` (a later one than `key.from`'s).
    pub fn remember_first_month(&self, key: FirstMonthKey, month: NaiveDate) {
        let mut months = self.first_months.write().unwrap_or_else(|e| e.into_inner());
        insert_bounded(&mut months, key, month);
    }

    /// Forgets the months pages open on: called when a booking frees a time, so an earlier
    /// month is offered again at once in this process (other processes within the TTL).
    pub fn forget_first_months(&self) {
        self.first_months
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .clear();
    }
}

/// Adds `value` at `key`, timed from now; a full map first drops its entries older than the
/// TTL, so it stays bounded by what a TTL brings in.
fn insert_bounded<K: std::hash::Hash + Eq, V>(
    map: &mut std::collections::HashMap<K, (std::time::Instant, V)>,
    key: K,
    value: V,
) {
    if map.len() >= SlotCache::MAX_ENTRIES {
        map.retain(|_, (at, _)| at.elapsed() < SlotCache::TTL);
    }
    map.insert(key, (std::time::Instant::now(), value));
}

/// The event and its hosts' schedules from the cache, or loaded (and cached) on `conn`.
pub(super) async fn cached_event(
    ctx: &crate::service::Ctx,
    conn: &mut crate::store::Conn,
    event_id: i64,
) -> ServiceResult<CachedEvent> {
    if let Some(hit) = ctx.slot_cache.get(event_id) {
        return Ok(hit);
    }
    let loaded = load_event(conn.ex(), event_id).await?;
    let rows = schedule_rows(conn.ex(), &loaded).await?;
    let entry = std::sync::Arc::new((loaded, rows));
    ctx.slot_cache.put(event_id, entry.clone());
    Ok(entry)
}

/// The event as the public pages show it, from the same short-lived cache as the slot list
/// (never for writes: a booking re-reads everything inside its transaction).
pub async fn public_event(ctx: &crate::service::Ctx, event_id: i64) -> ServiceResult<LoadedEvent> {
    if let Some(hit) = ctx.slot_cache.get(event_id) {
        return Ok(hit.0.clone());
    }
    let mut conn = ctx.store.conn().await?;
    Ok(cached_event(ctx, &mut conn, event_id).await?.0.clone())
}

/// The id of the event a booking page address names (any status), from the same
/// short-lived cache: a renamed slug or a moved event clears it in this process, and the
/// others follow within the TTL, as for the event itself.
pub async fn event_id_by_slugs(
    ctx: &crate::service::Ctx,
    calendar_slug: &str,
    event_slug: &str,
) -> ServiceResult<Option<i64>> {
    let slugs = (calendar_slug.to_owned(), event_slug.to_owned());
    if let Some(id) = ctx.slot_cache.slug_id(&slugs) {
        return Ok(Some(id));
    }
    let mut conn = ctx.store.conn().await?;
    let found =
        crate::store::events::find_id_by_slugs(conn.ex(), calendar_slug, event_slug).await?;
    if let Some(id) = found {
        ctx.slot_cache.remember_slug(slugs, id);
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key() -> FirstMonthKey {
        FirstMonthKey {
            event_id: 1,
            zone: chrono_tz::Europe::Berlin,
            duration: 30,
            from: NaiveDate::from_ymd_opt(2026, 11, 1).expect("date"),
        }
    }

    #[test]
    fn an_old_month_is_searched_again_by_one_caller_while_the_others_keep_it() {
        let cache = SlotCache::default();
        let january = NaiveDate::from_ymd_opt(2027, 1, 1).expect("date");
        assert_eq!(cache.first_month(&key()), None);
        cache.remember_first_month(key(), january);
        assert_eq!(cache.first_month(&key()), Some(january));
        // Made old: the first caller searches, the next ones keep January meanwhile.
        cache
            .first_months
            .write()
            .expect("lock")
            .get_mut(&key())
            .expect("entry")
            .0 -= SlotCache::TTL;
        assert_eq!(cache.first_month(&key()), None);
        assert_eq!(cache.first_month(&key()), Some(january));
        cache.forget_first_months();
        assert_eq!(cache.first_month(&key()), None);
    }

    #[test]
    fn an_address_is_known_for_the_ttl_and_forgotten_at_any_change() {
        let cache = SlotCache::default();
        let slugs = ("alice".to_owned(), "30min".to_owned());
        assert_eq!(cache.slug_id(&slugs), None);
        cache.remember_slug(slugs.clone(), 7);
        assert_eq!(cache.slug_id(&slugs), Some(7));
        assert_eq!(
            cache.slug_id(&("alice".to_owned(), "60min".to_owned())),
            None
        );
        cache.clear();
        assert_eq!(cache.slug_id(&slugs), None);
        cache.remember_slug(slugs.clone(), 7);
        cache
            .slugs
            .write()
            .expect("lock")
            .get_mut(&slugs)
            .expect("entry")
            .0 -= SlotCache::TTL;
        assert_eq!(cache.slug_id(&slugs), None);
    }
}
