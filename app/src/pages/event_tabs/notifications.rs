//! The Notifications and Payment tabs: each email's switch, subject, text and times; the
//! price and paying offline.

use crate::domain::validation::FieldErrors;
use crate::model::event_tabs::{NotificationLine, PaymentTab, parse_times_text, times_text};
use crate::model::notifications::{ReminderTime, ReminderUnit, defaults};
use crate::model::payment::PriceItem;
use crate::model::public::FormState;
use crate::pages::setup::refused_as;
use crate::service::ServiceResult;
use crate::service::events::admin::load_managed_event;
use crate::service::events::email_notifications::{EmailChange, Heading, Posted};
use crate::service::events::payments::EventPaymentChanges;
use crate::service::{Caller, Ctx, ServiceError};
use crate::texts::dashboard::t;

/// The "Payment" tab: the event's price and method, and the site's payment switch.
/// An email's name in the dashboard's language (REST answers keep the interface's `title`).
fn email_title(key: &str) -> Option<&'static str> {
    Some(match key {
        "booking_conf_attendee" => t("email-title-booking-conf-attendee"),
        "booking_conf_host" => t("email-title-booking-conf-host"),
        "reminder_to_attendee" => t("email-title-reminder-to-attendee"),
        "reminder_to_host" => t("email-title-reminder-to-host"),
        "cancelled_by_attendee" => t("email-title-cancelled-by-attendee"),
        "cancelled_by_host" => t("email-title-cancelled-by-host"),
        "rescheduled_by_attendee" => t("email-title-rescheduled-by-attendee"),
        "rescheduled_by_host" => t("email-title-rescheduled-by-host"),
        "booking_request_host" => t("email-title-booking-request-host"),
        "booking_request_attendee" => t("email-title-booking-request-attendee"),
        "declined_by_host" => t("email-title-declined-by-host"),
        _ => return None,
    })
}

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
    let price = form.value("price");
    let Ok(value) = price.trim().parse::<serde_json::Number>() else {
        let mut errors = FieldErrors::new();
        errors.add("price", "number", t("the-price-must-be-an-amount"));
        return Err(refused_as(
            form,
            ServiceError::invalid(errors),
            str::to_string,
        ));
    };
    let mut items = current.items.clone();
    let line = PriceItem {
        title: form.value("price_title").trim().to_string(),
        value,
    };
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
    let changes = EventPaymentChanges {
        enabled: Some(yes("take_payment").into()),
        offline_enabled: Some(yes("offline").into()),
        offline_instructions: Some(instructions),
        items: Some(items),
        ..EventPaymentChanges::default()
    };
    crate::service::events::payments::save(ctx, caller, calendar_id, event_id, changes)
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
                title: email_title(kind.key).map_or_else(|| n.title.clone(), str::to_string),
                to_host: n.is_host,
                enabled: n.enabled,
                subject: n.email.subject.clone(),
                body: n.email.body.clone(),
                copies: n.email.additional_recipients.clone(),
                times: n.email.times.as_ref().map(|times| {
                    let pairs: Vec<(i64, String)> = times
                        .iter()
                        .map(|t| (t.value, t.unit.as_str().to_string()))
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
    let mut change = EmailChange {
        heading: Heading {
            title: None,
            enabled: Some(form.value("enabled") == "on"),
        },
        subject: Some(form.value("subject")),
        body: Some(form.value("body")),
        additional_recipients: form
            .values
            .contains_key("copies")
            .then(|| form.value("copies")),
        times: None,
    };
    if form.values.contains_key("times") {
        let times = parse_times_text(&form.value("times")).and_then(|pairs| {
            pairs
                .into_iter()
                .map(|(value, unit)| {
                    Some(ReminderTime {
                        unit: ReminderUnit::parse(&unit)?,
                        value,
                    })
                })
                .collect::<Option<Vec<_>>>()
        });
        match times {
            Some(times) if !times.is_empty() => change.times = Some(times),
            _ => {
                let mut refused = form.clone();
                refused
                    .errors
                    .insert("times".into(), t("write-the-times-as-15-minutes").into());
                refused.message = Some(t("the-reminder-times-could-not-be").into());
                return Err(refused);
            }
        }
    }
    // Only the notifications the event has are changed (as a REST body's unknown keys).
    let known = defaults().contains_key(&key);
    let posted = Posted {
        changes: known.then(|| (key.clone(), change)).into_iter().collect(),
        unreadable: FieldErrors::new(),
    };
    crate::service::events::email_notifications::save(ctx, caller, calendar_id, event_id, posted)
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
