//! `team_invitations`: a host asks another user to be on its teams; the user accepts or not.

use super::{Ex, StoreResult, now_epoch, on};

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct InvitationRow {
    pub id: i64,
    pub inviter_id: i64,
    pub invitee_id: i64,
    pub status: String,
    pub created_at: i64,
}

const COLUMNS: &str = "id, inviter_id, invitee_id, status, created_at";

/// Invites `invitee_id`, or renews a declined invitation as pending; an accepted one stays.
pub async fn upsert_pending(ex: Ex<'_>, inviter_id: i64, invitee_id: i64) -> StoreResult<i64> {
    let now = now_epoch();
    Ok(on!(ex, c => sqlx::query_scalar::<_, i64>(
        "INSERT INTO team_invitations (inviter_id, invitee_id, status, created_at, updated_at)
         VALUES ($1, $2, 'pending', $3, $3)
         ON CONFLICT (inviter_id, invitee_id) DO UPDATE SET
           status = CASE WHEN team_invitations.status = 'accepted' THEN 'accepted' ELSE 'pending' END,
           updated_at = $3
         RETURNING id")
        .bind(inviter_id).bind(invitee_id).bind(now).fetch_one(&mut *c).await)?)
}

pub async fn find(ex: Ex<'_>, id: i64) -> StoreResult<Option<InvitationRow>> {
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM team_invitations WHERE id = $1"
    ));
    Ok(
        on!(ex, c => sqlx::query_as::<_, InvitationRow>(sql).bind(id).fetch_optional(&mut *c).await)?,
    )
}

/// Invitations `user_id` sent or received, newest first.
pub async fn list_for(ex: Ex<'_>, user_id: i64) -> StoreResult<Vec<InvitationRow>> {
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM team_invitations WHERE inviter_id = $1 OR invitee_id = $1 ORDER BY id DESC"
    ));
    Ok(
        on!(ex, c => sqlx::query_as::<_, InvitationRow>(sql).bind(user_id).fetch_all(&mut *c).await)?,
    )
}

pub async fn set_status(ex: Ex<'_>, id: i64, status: &str) -> StoreResult<()> {
    on!(ex, c => sqlx::query("UPDATE team_invitations SET status = $2, updated_at = $3 WHERE id = $1")
        .bind(id).bind(status).bind(now_epoch()).execute(&mut *c).await.map(|_| ()))?;
    Ok(())
}

pub async fn delete(ex: Ex<'_>, id: i64) -> StoreResult<()> {
    on!(ex, c => sqlx::query("DELETE FROM team_invitations WHERE id = $1")
        .bind(id).execute(&mut *c).await.map(|_| ()))?;
    Ok(())
}

/// Which of `invitees` accepted an invitation of `inviter_id`.
pub async fn accepted_of(ex: Ex<'_>, inviter_id: i64, invitees: &[i64]) -> StoreResult<Vec<i64>> {
    if invitees.is_empty() {
        return Ok(Vec::new());
    }
    let rows: Vec<(i64,)> = on!(ex, c => sqlx::query_as(
        "SELECT invitee_id FROM team_invitations WHERE inviter_id = $1 AND status = 'accepted'")
        .bind(inviter_id).fetch_all(&mut *c).await)?;
    Ok(rows
        .into_iter()
        .map(|(id,)| id)
        .filter(|id| invitees.contains(id))
        .collect())
}
