//! The event editor's later tabs: booking fields, webhooks, advanced options, and what the
//! notifications and payment tabs show. Each write goes through the REST route's service
//! (`POST …/booking-fields`, `…/integrations/{id}`, `…/advanced-settings`), so the rules and
//! messages are the route's; a refusal comes back as the form with each message beside its field.

use serde_json::{Value, json};

use crate::model::event::BookingField;
use crate::model::event_tabs::{
    AdvancedTab, CHOICE_TYPES, DeliveryLine, FieldLine, FieldsOp, NotificationLine, PaymentTab,
    Policy, WebhookLine, WebhooksTab, apply_fields_op, new_field_from_form, parse_times_text,
    times_text,
};
use crate::model::public::FormState;
use crate::service::ServiceResult;
use crate::service::events::admin::load_managed_event;
use crate::service::outbox::{Message, Outgoing, WebhookDelivery, new_message_id};
use crate::service::setup_pages::refused_as;
use crate::service::{Caller, Ctx, ServiceError};
use crate::store::integrations;

// ---- Booking fields ----------------------------------------------------------------------

/// The event's booking form, in order (`GET …/booking-fields`).
pub async fn fields(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
) -> ServiceResult<Vec<FieldLine>> {
    let answer =
        crate::service::events::booking_fields::get(ctx, caller, calendar_id, event_id).await?;
    Ok(answer.fields.iter().map(line_of).collect())
}

fn line_of(field: &BookingField) -> FieldLine {
    FieldLine {
        name: field.name.clone(),
        label: field.label.clone(),
        kind: field.field_type.clone(),
        required: field.required,
        enabled: field.enabled,
        system: field.system_defined,
        locked: field.disable_alter,
        options: field
            .extra
            .get("options")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(|o| o.as_str().or_else(|| o["label"].as_str()))
            .map(str::to_string)
            .collect(),
    }
}

/// A button of the booking-fields tab (`op`): a move, a removal, one field's edit or a new
/// field, saved with the whole form in one transaction. One field is edited or added at a
/// time, so its errors are keyed by the input's name (`label`, `type`, `options`).
pub async fn save_fields(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
    form: &FormState,
) -> Result<(), FormState> {
    // The stored fields as they are, by name, so nothing the form does not show is lost.
    let raw = crate::service::events::booking_fields::get(ctx, caller, calendar_id, event_id)
        .await
        .map_err(|e| refused_as(form, e, str::to_string))?;
    let stored: Vec<FieldLine> = raw.fields.iter().map(line_of).collect();
    let mut lines = stored;
    let Some(op) = FieldsOp::parse(&form.value("op")) else {
        return Err(FormState {
            message: Some("Unknown action.".into()),
            ..form.clone()
        });
    };
    apply_fields_op(&mut lines, &op, form);
    let mut body: Vec<Value> = lines
        .iter()
        .map(|line| {
            let mut item = raw
                .fields
                .iter()
                .find(|f| f.name == line.name)
                .map(|f| json!(f))
                .unwrap_or_else(|| json!({"name": line.name, "type": line.kind}));
            item["label"] = json!(line.label);
            item["required"] = json!(line.required);
            item["enabled"] = json!(line.enabled);
            if CHOICE_TYPES.contains(&line.kind.as_str()) {
                item["options"] = json!(line.options);
            }
            item
        })
        .collect();
    if op == FieldsOp::Add {
        let new = new_field_from_form(form);
        let mut item = json!({"type": new.kind, "label": new.label, "required": new.required});
        if CHOICE_TYPES.contains(&new.kind.as_str()) {
            item["options"] = json!(new.options);
        }
        body.push(item);
    }
    let request = json!({"booking_fields": body});
    crate::service::events::booking_fields::save(ctx, caller, calendar_id, event_id, &request)
        .await
        .map(drop)
        .map_err(|e| {
            refused_as(form, e, |field| {
                let parts: Vec<&str> = field.split('.').collect();
                match parts.as_slice() {
                    // One field is edited or added at a time: its inputs carry the keys' names.
                    ["booking_fields", _, key, ..] => (*key).to_string(),
                    _ => field.to_string(),
                }
            })
        })
}

// ---- Webhooks ----------------------------------------------------------------------------

/// The event's webhook feeds with their delivery logs, times in the calendar's zone.
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
    let label = |key: &str| {
        crate::service::events::integrations::TRIGGERS
            .iter()
            .find(|(k, _)| *k == key)
            .map_or_else(
                || {
                    if key == "test" {
                        "Test".to_string()
                    } else {
                        key.to_string()
                    }
                },
                |(_, l)| (*l).to_string(),
            )
    };
    Ok(WebhooksTab {
        zone: cal.author_timezone.clone(),
        triggers: crate::service::events::integrations::TRIGGERS
            .iter()
            .map(|(k, l)| ((*k).to_string(), (*l).to_string()))
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
    let body = json!({"integration_name": crate::service::events::integrations::WEBHOOK, "status": true,
        "integration": {"name": name, "request_url": url, "request_method": "POST",
                        "request_format": "JSON", "request_body": "all_data",
                        "event_triggers": triggers}});
    match crate::service::events::integrations::save(ctx, caller, calendar_id, event_id, 0, &body)
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
        FeedAction::Remove => crate::service::events::integrations::delete(ctx, caller, calendar_id, event_id, id)
            .await
            .map(drop),
        FeedAction::Enable(on) => crate::service::events::integrations::save(
            ctx,
            caller,
            calendar_id,
            event_id,
            id,
            &json!({"integration_name": crate::service::events::integrations::WEBHOOK, "status": on}),
        )
        .await
        .map(drop),
        FeedAction::SendTest => {
            let mut tx = ctx.store.begin().await?;
            let (_, ev) = load_managed_event(tx.ex(), caller, calendar_id, event_id).await?;
            integrations::find(tx.ex(), ev.id, id)
                .await?
                .ok_or(ServiceError::NotFound)?;
            let delivery = WebhookDelivery {
                event_id: ev.id,
                integration_id: id,
                booking_id: 0,
                trigger: "test".into(),
                test: true,
                message_id: new_message_id(),
                body: None,
            };
            let outgoing = Outgoing {
                message: Message::Webhook(delivery),
                booking_id: None,
                due_at: None,
            };
            crate::service::outbox::enqueue(tx.ex(), &outgoing).await?;
            tx.commit().await?;
            Ok(())
        }
    }
}

// ---- Advanced ----------------------------------------------------------------------------

/// The "Advanced" tab's options as stored.
pub async fn advanced(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
) -> ServiceResult<AdvancedTab> {
    let mut conn = ctx.store.conn().await?;
    let (_, ev) = load_managed_event(conn.ex(), caller, calendar_id, event_id).await?;
    let s = crate::service::support::present::event_settings(&ev);
    let policy = |rule: &crate::model::event::ConditionalRule| Policy {
        mode: match (rule.enabled, rule.rule_type.as_str()) {
            (false, _) => "allowed",
            (true, "conditional") => "before",
            (true, _) => "never",
        }
        .to_string(),
        value: rule.condition.value.to_string(),
        unit: rule.condition.unit.clone(),
    };
    Ok(AdvancedTab {
        requires_confirmation: s.requires_confirmation.enabled,
        cancel: policy(&s.can_not_cancel),
        reschedule: policy(&s.can_not_reschedule),
        multi_duration: s.multi_duration.enabled,
        durations: s
            .multi_duration
            .available_durations
            .iter()
            .map(i64::to_string)
            .collect::<Vec<_>>()
            .join(", "),
        default_duration: match &s.multi_duration.default_duration {
            Value::Number(n) => n.to_string(),
            Value::String(t) => t.clone(),
            _ => String::new(),
        },
    })
}

/// Saves the "Advanced" tab through `POST …/advanced-settings` (one transaction).
pub async fn save_advanced(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
    form: &FormState,
) -> Result<(), FormState> {
    let policy = |prefix: &str| Policy {
        mode: form.value(&format!("{prefix}_mode")),
        value: form.value(&format!("{prefix}_value")),
        unit: form.value(&format!("{prefix}_unit")),
    };
    let durations: Vec<Value> = form
        .value("durations")
        .split([',', ' '])
        .filter(|d| !d.trim().is_empty())
        .map(|d| {
            d.trim()
                .parse::<i64>()
                .map_or_else(|_| json!(d.trim()), Value::from)
        })
        .collect();
    let default = form.value("default_duration");
    let body = json!({"settings": {
        "requires_confirmation": form.value("requires_confirmation") == "on",
        "can_not_cancel": policy("cancel").to_rule(),
        "can_not_reschedule": policy("reschedule").to_rule(),
        "multi_duration": {
            "enabled": form.value("multi_duration") == "on",
            "default_duration": default.trim().parse::<i64>().map_or_else(|_| json!(default.trim()), Value::from),
            "available_durations": durations,
        },
    }});
    crate::service::events::limits::update_advanced(ctx, caller, calendar_id, event_id, &body)
        .await
        .map(drop)
        .map_err(|e| {
            refused_as(form, e, |field| {
                let field = field.strip_prefix("settings.").unwrap_or(field);
                match field {
                    "can_not_cancel" => "cancel".to_string(),
                    "can_not_reschedule" => "reschedule".to_string(),
                    "multi_duration.available_durations" => "durations".to_string(),
                    "multi_duration.default_duration" => "default_duration".to_string(),
                    other => other.to_string(),
                }
            })
        })
}

// ---- Notifications and payment -----------------------------------------------------------

/// The "Payment" tab: the event's price and method, and the site's payment switch.
pub async fn payment(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
) -> ServiceResult<PaymentTab> {
    let mut conn = ctx.store.conn().await?;
    let (_, ev) = load_managed_event(conn.ex(), caller, calendar_id, event_id).await?;
    let settings = crate::service::events::payments::load(conn.ex(), ev.id).await?;
    let general: crate::model::settings::GeneralSettings =
        crate::service::settings::site::load(conn.ex(), crate::model::settings::GENERAL).await?;
    let first = settings.items.first();
    Ok(PaymentTab {
        event_enabled: settings.enabled == "yes",
        payments_active: general.payments.is_active == "yes",
        currency: general.payments.currency.clone(),
        offline_enabled: settings.offline_enabled == "yes",
        price_title: first.map(|i| i.title.clone()).unwrap_or_default(),
        price: first
            .map(|i| {
                let decimals = general.payments.decimal_points;
                crate::domain::money::parse_amount(&i.value.to_string(), decimals).map_or_else(
                    || i.value.to_string(),
                    |m| crate::domain::money::plain_amount(m, decimals),
                )
            })
            .unwrap_or_default(),
        instructions: crate::domain::smart_codes::html_to_text(&settings.offline_instructions)
            .trim()
            .to_string(),
        per_duration: settings.multi_payment_enabled == "yes",
    })
}

/// "Save" of the Payment tab, through `POST …/payment-settings`. The price is the first line
/// (other lines, and prices per duration, are kept as they are).
pub async fn save_payment(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
    form: &FormState,
) -> Result<(), FormState> {
    let current = {
        let mut conn = ctx
            .store
            .conn()
            .await
            .map_err(|e| refused_as(form, e.into(), str::to_string))?;
        let (_, ev) = load_managed_event(conn.ex(), caller, calendar_id, event_id)
            .await
            .map_err(|e| refused_as(form, e, str::to_string))?;
        crate::service::events::payments::load(conn.ex(), ev.id)
            .await
            .map_err(|e| refused_as(form, e, str::to_string))?
    };
    let mut items: Vec<Value> = current.items.iter().map(|i| json!(i)).collect();
    let line =
        json!({"title": form.value("price_title").trim(), "value": form.value("price").trim()});
    match items.first_mut() {
        Some(first) => *first = line,
        None => items.push(line),
    }
    // Plain text in, kept as paragraphs.
    let instructions: String = form
        .value("instructions")
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(|l| format!("<p>{}</p>", crate::domain::smart_codes::escape_html(l)))
        .collect();
    let yes = |name: &str| {
        if form.value(name) == "on" {
            "yes"
        } else {
            "no"
        }
    };
    let body = json!({"settings": {
        "enabled": yes("take_payment"), "offline_enabled": yes("offline"),
        "offline_instructions": instructions, "items": items,
    }});
    crate::service::events::payments::save(ctx, caller, calendar_id, event_id, &body)
        .await
        .map(drop)
        .map_err(|e| {
            refused_as(form, e, |field| {
                match field.strip_prefix("settings.").unwrap_or(field) {
                    "enabled" => "take_payment".to_string(),
                    "offline_enabled" | "driver" => "offline".to_string(),
                    "items.0.title" => "price_title".to_string(),
                    "items.0.value" | "items" => "price".to_string(),
                    other => other.to_string(),
                }
            })
        })
}

/// The "Notifications" tab: every email of the event with its state and text.
pub async fn notifications(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
) -> ServiceResult<Vec<NotificationLine>> {
    let mut conn = ctx.store.conn().await?;
    let (_, ev) = load_managed_event(conn.ex(), caller, calendar_id, event_id).await?;
    let all = crate::service::events::email_notifications::load(conn.ex(), ev.id).await?;
    Ok(crate::model::notifications::KINDS
        .iter()
        .filter_map(|kind| {
            let n = all.get(kind.key)?;
            Some(NotificationLine {
                key: kind.key.to_string(),
                title: n.title.clone(),
                to_host: n.is_host,
                enabled: n.enabled,
                subject: n.email.subject.clone(),
                body: n.email.body.clone(),
                copies: n.email.additional_recipients.clone(),
                times: n.email.times.as_ref().map(|times| {
                    let pairs: Vec<(i64, String)> = times
                        .iter()
                        .map(|t| {
                            let unit = serde_json::to_value(t.unit)
                                .ok()
                                .and_then(|v| v.as_str().map(str::to_string))
                                .unwrap_or_default();
                            (t.value, unit)
                        })
                        .collect();
                    times_text(&pairs)
                }),
            })
        })
        .collect())
}

/// "Save" of one email's form (`key`), through `POST …/email-notifications`.
pub async fn save_notification(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
    form: &FormState,
) -> Result<(), FormState> {
    let key = form.value("key");
    let mut email = json!({
        "subject": form.value("subject"),
        "body": form.value("body"),
    });
    if form.values.contains_key("copies") {
        email["additional_recipients"] = json!(form.value("copies"));
    }
    if form.values.contains_key("times") {
        match parse_times_text(&form.value("times")) {
            Some(times) if !times.is_empty() => {
                email["times"] = json!(
                    times
                        .iter()
                        .map(|(value, unit)| json!({"unit": unit, "value": value}))
                        .collect::<Vec<_>>()
                );
            }
            _ => {
                let mut refused = form.clone();
                refused.errors.insert(
                    "times".into(),
                    "Write the times as \"15 minutes, 1 day\": whole numbers of minutes, hours or days.".into(),
                );
                refused.message = Some("The reminder times could not be read.".into());
                return Err(refused);
            }
        }
    }
    let body = json!({"notifications": {key.clone(): {
        "enabled": form.value("enabled") == "on", "email": email,
    }}});
    crate::service::events::email_notifications::save(ctx, caller, calendar_id, event_id, &body)
        .await
        .map(drop)
        .map_err(|e| {
            refused_as(form, e, |field| {
                let inner = field
                    .strip_prefix(&format!("notifications.{key}."))
                    .unwrap_or(field);
                match inner {
                    "email.subject" => "subject".to_string(),
                    "email.body" => "body".to_string(),
                    "email.additional_recipients" => "copies".to_string(),
                    "email.times" => "times".to_string(),
                    other => other.to_string(),
                }
            })
        })
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
