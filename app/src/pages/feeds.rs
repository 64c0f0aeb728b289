//! The settings page's "Calendar feeds" forms (`section=feeds`, `op=create|regenerate|revoke`),
//! through the REST routes' use cases.

use crate::domain::feeds::FeedKind;
use crate::model::public::FormState;
use crate::pages::setup::refused_as;
use crate::service::{Caller, Ctx, ServiceError, feeds};
use crate::texts::dashboard::t;

/// Runs the posted feeds form; answers what it did (`created`, `regenerated`, `revoked`).
pub async fn save(ctx: &Ctx, caller: &Caller, form: &FormState) -> Result<&'static str, FormState> {
    let plain = |e: ServiceError| refused_as(form, e, str::to_string);
    let id = form.value("id").trim().parse::<i64>().unwrap_or(0);
    match form.value("op").as_str() {
        "create" => {
            let Some(kind) = FeedKind::parse(form.value("kind").trim()) else {
                return Err(not_ours(form));
            };
            feeds::create(ctx, caller, kind)
                .await
                .map(|_| "created")
                .map_err(plain)
        }
        "regenerate" => feeds::regenerate(ctx, caller, id)
            .await
            .map(|_| "regenerated")
            .map_err(plain),
        "revoke" => feeds::revoke(ctx, caller, id)
            .await
            .map(|()| "revoked")
            .map_err(plain),
        _ => Err(not_ours(form)),
    }
}

fn not_ours(form: &FormState) -> FormState {
    FormState {
        message: Some(t("this-form-is-not-one-of").into()),
        ..form.clone()
    }
}
