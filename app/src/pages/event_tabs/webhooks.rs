//! The Webhooks tab: the event's feeds and their last deliveries, saved through
//! `POST …/integrations/{id}`.

use crate::model::event_tabs::{DeliveryLine, WebhookLine, WebhooksTab};
use crate::model::public::FormState;
use crate::pages::setup::refused_as;
use crate::service::ServiceResult;
use crate::service::events::admin::load_managed_event;
use crate::service::events::integrations::{SaveIntegration, WebhookChanges};
use crate::service::{Caller, Ctx};
use crate::store::integrations;
use crate::texts::dashboard::t;

/// The event's webhook feeds with their delivery logs, times in the calendar's zone.
/// A trigger's name in the dashboard's language (REST keeps the interface's names).
fn trigger_name(key: &str) -> Option<&'static str> {
    Some(match key {
        "after_booking_scheduled" => t("trigger-scheduled"),
        "booking_schedule_cancelled" => t("trigger-cancelled"),
        "booking_schedule_completed" => t("trigger-completed"),
        "after_booking_rescheduled" => t("trigger-rescheduled"),
        "booking_schedule_rejected" => t("trigger-rejected"),
        "test" => t("test"),
        _ => return None,
    })
}

pub async fn webhooks(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
) -> ServiceResult<WebhooksTab> {
    let mut conn = ctx.store.conn().await?;
    let (cal, ev) = load_managed_event(conn.ex(), caller, calendar_id, event_id).await?;
    let feeds = integrations::list_for_event(conn.ex(), ev.id).await?;
    let ids: Vec<i64> = feeds.iter().map(|f| f.id).collect();
    let log = integrations::deliveries_of(conn.ex(), &ids).await?;
    let zone = crate::domain::zone::parse_zone(&cal.author_timezone).unwrap_or(chrono_tz::UTC);
    let label = |key: &str| trigger_name(key).map_or_else(|| key.to_string(), str::to_string);
    Ok(WebhooksTab {
        zone: cal.author_timezone.clone(),
        triggers: crate::service::events::integrations::TRIGGERS
            .iter()
            .map(|(k, l)| ((*k).to_string(), trigger_name(k).unwrap_or(l).to_string()))
            .collect(),
        feeds: feeds
            .iter()
            .map(|feed| {
                let settings = crate::service::events::integrations::WebhookSettings::parse(feed);
                WebhookLine {
                    id: feed.id,
                    name: feed.title.clone(),
                    url: crate::service::support::targets::redacted_url(&settings.request_url),
                    enabled: feed.enabled,
                    triggers: settings.event_triggers.iter().map(|t| label(t)).collect(),
                    deliveries: log
                        .iter()
                        .filter(|d| d.integration_id == feed.id)
                        .map(|d| DeliveryLine {
                            at: chrono::DateTime::from_timestamp(d.created_at, 0)
                                .unwrap_or_default()
                                .with_timezone(&zone)
                                .format("%Y-%m-%d %H:%M:%S")
                                .to_string(),
                            trigger: label(&d.trigger_name),
                            status: d.http_status.and_then(|s| u16::try_from(s).ok()),
                            ok: d.succeeded,
                            detail: d.detail.clone(),
                        })
                        .collect(),
                }
            })
            .collect(),
    })
}

/// "Add webhook": URL and the triggers ticked (all of them when none is), through
/// `POST …/integrations/0`. Answers the signing secret, shown once.
pub async fn add_webhook(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
    form: &FormState,
) -> Result<String, FormState> {
    let url = form.value("url").trim().to_string();
    let mut triggers = form.values.get("triggers").cloned().unwrap_or_default();
    if triggers.is_empty() {
        triggers = crate::service::events::integrations::TRIGGERS
            .iter()
            .map(|(k, _)| (*k).to_string())
            .collect();
    }
    let name = match form.value("name").trim() {
        "" => reqwest_free_host(&url),
        given => given.to_string(),
    };
    let feed = WebhookChanges {
        name: Some(name),
        request_url: Some(url.trim().to_string()),
        request_method: Some("POST".into()),
        request_format: Some("JSON".into()),
        request_body: Some("all_data".into()),
        event_triggers: Some(triggers),
        ..WebhookChanges::default()
    };
    let save = SaveIntegration {
        status: Some(true),
        integration: Some(feed),
    };
    match crate::service::events::integrations::save(ctx, caller, calendar_id, event_id, 0, save)
        .await
    {
        Ok(answer) => Ok(answer.signing_secret.unwrap_or_default()),
        Err(e) => Err(refused_as(form, e, |field| {
            match field.strip_prefix("integration.").unwrap_or(field) {
                "request_url" => "url".to_string(),
                "name" => "name".to_string(),
                "event_triggers" => "triggers".to_string(),
                other => other.to_string(),
            }
        })),
    }
}

/// A feed's name when none is given: the URL's host.
fn reqwest_free_host(url: &str) -> String {
    url.split("://")
        .nth(1)
        .and_then(|rest| rest.split(['/', '?', '#']).next())
        .map(|host| host.rsplit('@').next().unwrap_or(host).to_string())
        .filter(|h| !h.is_empty())
        .unwrap_or_else(|| "Webhook".to_string())
}

/// What a feed's buttons ask for.
pub enum FeedAction {
    SendTest,
    Remove,
    Enable(bool),
}

/// "Send test", "Remove", "Pause"/"Resume" on feed `id`. A test is queued like a delivery
/// (signed, logged) without booking data.
pub async fn feed_action(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
    id: i64,
    action: FeedAction,
) -> ServiceResult<()> {
    match action {
        FeedAction::Remove => {
            crate::service::events::integrations::delete(ctx, caller, calendar_id, event_id, id)
                .await
                .map(drop)
        }
        FeedAction::Enable(on) => crate::service::events::integrations::save(
            ctx,
            caller,
            calendar_id,
            event_id,
            id,
            SaveIntegration {
                status: Some(on),
                integration: None,
            },
        )
        .await
        .map(drop),
        FeedAction::SendTest => {
            crate::service::events::integrations::send_test(ctx, caller, calendar_id, event_id, id)
                .await
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_feed_is_named_after_its_host_without_credentials() {
        assert_eq!(
            reqwest_free_host("https://user:pw@hooks.example.com/x?y=1"),
            "hooks.example.com"
        );
        assert_eq!(reqwest_free_host("not a url"), "Webhook");
    }
}
