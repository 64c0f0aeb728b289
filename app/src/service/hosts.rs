//! Host lookups for the dashboard's pickers. Without `list_users` a caller only ever sees
//! itself, so user accounts cannot be enumerated.

use crate::model::listing::{
    HostCalendar, HostCalendarList, HostCandidate, HostCandidateList, OtherHost, OtherHostList,
};
use std::collections::{HashMap, HashSet};

use crate::domain::access::Capability;
use crate::service::{Caller, Ctx, ServiceError, ServiceResult};
use crate::store::users::UserRow;
use crate::store::{calendars, users};

const DELETED: &str = "Deleted User";

fn label(user: &UserRow) -> String {
    format!("{} ({})", user.full_name(), user.email)
}

/// Every host calendar with its owner.
pub async fn all_hosts(ctx: &Ctx, caller: &Caller) -> ServiceResult<HostCalendarList> {
    if !caller.can(Capability::ListUsers) {
        return Err(ServiceError::forbidden());
    }
    let mut conn = ctx.store.conn().await?;
    let owners = calendars::simple_owners(conn.ex()).await?;
    let ids: Vec<i64> = owners.iter().map(|(_, u)| *u).collect();
    let found: HashMap<i64, UserRow> = users::find_many(conn.ex(), &ids)
        .await?
        .into_iter()
        .map(|u| (u.id, u))
        .collect();
    let hosts = owners
        .iter()
        .map(|&(calendar_id, user_id)| match found.get(&user_id) {
            Some(u) => HostCalendar {
                id: u.id,
                name: u.full_name(),
                label: label(u),
                avatar: u.avatar_url.clone(),
                calendar_id,
                deleted_user: false,
            },
            None => HostCalendar {
                id: user_id,
                name: DELETED.into(),
                label: DELETED.into(),
                avatar: String::new(),
                calendar_id,
                deleted_user: true,
            },
        })
        .collect();
    Ok(HostCalendarList { hosts })
}

/// Users who may be given a calendar; `disabled` when they already have one.
pub async fn remaining_hosts(
    ctx: &Ctx,
    caller: &Caller,
    search: &str,
    selected_id: Option<i64>,
) -> ServiceResult<HostCandidateList> {
    let mut conn = ctx.store.conn().await?;
    let with_calendar: HashSet<i64> = calendars::simple_owners(conn.ex())
        .await?
        .into_iter()
        .map(|(_, u)| u)
        .collect();
    if !caller.can(Capability::ListUsers) {
        let me = &caller.user;
        let own = HostCandidate {
            id: me.id,
            label: label(me),
            avatar: me.avatar_url.clone(),
            disabled: with_calendar.contains(&me.id),
            is_own: Some(true),
        };
        return Ok(HostCandidateList { hosts: vec![own] });
    }
    let mut found = users::search(conn.ex(), search.trim(), 100).await?;
    if let Some(selected) = selected_id.filter(|id| !found.iter().any(|u| u.id == *id)) {
        found.extend(users::find(conn.ex(), selected).await?);
    }
    let hosts = found
        .iter()
        .map(|u| HostCandidate {
            id: u.id,
            label: label(u),
            avatar: u.avatar_url.clone(),
            disabled: with_calendar.contains(&u.id),
            is_own: None,
        })
        .collect();
    Ok(HostCandidateList { hosts })
}

/// Owners of host calendars other than the caller.
pub async fn other_hosts(ctx: &Ctx, caller: &Caller) -> ServiceResult<OtherHostList> {
    if !caller.can(Capability::ListUsers) {
        return Ok(OtherHostList { hosts: Vec::new() });
    }
    let mut conn = ctx.store.conn().await?;
    let mut ids: Vec<i64> = calendars::simple_owners(conn.ex())
        .await?
        .into_iter()
        .map(|(_, u)| u)
        .filter(|u| *u != caller.id())
        .collect();
    ids.sort_unstable();
    ids.dedup();
    let found: HashMap<i64, UserRow> = users::find_many(conn.ex(), &ids)
        .await?
        .into_iter()
        .map(|u| (u.id, u))
        .collect();
    let hosts = ids
        .iter()
        .map(|id| OtherHost {
            id: id.to_string(),
            label: found
                .get(id)
                .map_or_else(|| DELETED.into(), UserRow::full_name),
        })
        .collect();
    Ok(OtherHostList { hosts })
}
