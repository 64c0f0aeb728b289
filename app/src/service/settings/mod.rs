//! The site's settings (REST `/settings/...` and the dashboard's settings page).

pub mod general;
pub mod host_limits;
pub mod modules;
pub mod out_of_office;
pub mod privacy;
pub mod profile;
pub mod protection;
pub mod security;
pub mod site;
pub mod test_email;

use crate::domain::access::Capability;
use crate::service::{Caller, Ctx, ServiceError, ServiceResult};
use crate::store::users;

/// Whose host limits or days away: the caller's, or (with `manage_all_data`) the named user's; an unknown user
/// is 404.
pub(crate) async fn subject(
    ctx: &Ctx,
    caller: &Caller,
    user_id: Option<i64>,
) -> ServiceResult<i64> {
    match user_id {
        None => Ok(caller.id()),
        Some(id) if id == caller.id() => Ok(id),
        Some(_) if !caller.can(Capability::ManageAllData) => Err(ServiceError::forbidden()),
        Some(id) => {
            let mut conn = ctx.store.conn().await?;
            users::find(conn.ex(), id)
                .await?
                .map(|user| user.id)
                .ok_or(ServiceError::NotFound)
        }
    }
}
