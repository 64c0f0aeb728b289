//! Webhook deliveries, queued one per subscribed feed in the booking's transaction. Each is signed in the Standard Webhooks style (`webhook-id`, `webhook-timestamp`,
//! `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">`), retried with back-off
//! for 24 hours, every attempt in the booking's activity log and the feed's delivery log. Targets that resolve to an address
//! outside the public ranges are refused unless `SLOTBOOK_ALLOW_PRIVATE_TARGETS` is set. URLs
//! appear in activities and logs without userinfo and query.

use anyhow::{Context, anyhow};
use app::service::Ctx;
use app::service::deliveries::{self, OutboxRow};
use app::service::events::integrations::{WebhookSettings, delivery_body, test_delivery_body};
use app::service::outbox::Message;
use app::service::support::targets::redacted_url;
use base64::Engine as _;
use hmac::{Hmac, Mac};
use serde_json::Value;
use sha2::Sha256;

/// The endpoint answered, but not with a 2xx status.
#[derive(Debug)]
struct Refused(u16);

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the endpoint answered HTTP {}", self.0)
    }
}

impl std::error::Error for Refused {}

/// The HTTP status of an attempt's outcome, when the endpoint answered.
fn status_of(result: &anyhow::Result<u16>) -> Option<u16> {
    match result {
        Ok(status) => Some(*status),
        Err(error) => error.downcast_ref::<Refused>().map(|r| r.0),
    }
}

/// One delivery attempt, logged; a failure is retried later until a day has passed. A test
/// delivery ("Send test" in the editor) carries no booking and is tried once.
#[tracing::instrument(skip_all, fields(outbox_id = item.id))]
pub async fn deliver(ctx: &Ctx, item: &OutboxRow, jobs: super::JobSettings) -> anyhow::Result<()> {
    let Some(Message::Webhook(delivery)) = deliveries::read_message(ctx, item).await? else {
        return Ok(());
    };
    let Some(target) = deliveries::webhook_target(ctx, item, &delivery).await? else {
        return Ok(());
    };
    let settings = &target.settings;
    let trigger = delivery.trigger.as_str();
    // Deliveries queued by this version carry their body, rendered when they were queued; older
    // ones are rendered now from the booking.
    let body = match (delivery.body.clone(), &target.booking) {
        (Some(body), _) => body,
        (None, Some(b)) => delivery_body(
            settings,
            trigger,
            b,
            target.event.as_ref(),
            target.host.as_ref(),
        ),
        (None, None) => test_delivery_body(settings, target.event.as_ref()),
    };
    let result = send(settings, &delivery.message_id, &body, jobs).await;
    let url = &redacted_url(&settings.request_url);
    let (title, description) = match &result {
        Ok(status) => (
            "Webhook sent successfully",
            format!(
                "Webhook sent successfully to {url} ({status}, feed \"{}\")",
                settings.name
            ),
        ),
        Err(error) => (
            "Failed to send webhook",
            format!(
                "Failed to send webhook to {url} (feed \"{}\", attempt {}): {error:#}",
                settings.name, item.attempts
            ),
        ),
    };
    let error = result.as_ref().err().map(|e| format!("{e:#}"));
    if let Some(error) = &error
        && !delivery.test
    {
        let booking_id = target.booking.as_ref().map_or(0, |b| b.id);
        tracing::warn!(outbox_id = item.id, booking_id, url, %error, "webhook delivery failed");
    }
    let attempt = deliveries::WebhookAttempt {
        trigger,
        http_status: status_of(&result),
        error,
        title,
        description: &description,
        test: delivery.test,
    };
    deliveries::record_webhook(ctx, item, &target, attempt).await?;
    Ok(())
}

/// Sends one signed request; answers the HTTP status on 2xx.
async fn send(
    settings: &WebhookSettings,
    message_id: &str,
    body: &Value,
    jobs: super::JobSettings,
) -> anyhow::Result<u16> {
    let url = reqwest::Url::parse(&settings.request_url).context("invalid URL")?;
    let client = app::service::support::targets::pinned_client(
        &url,
        jobs.allow_private_targets,
        jobs.webhook_timeout,
    )
    .await?;
    let client = client.build()?;
    let method = reqwest::Method::from_bytes(settings.request_method.as_bytes())
        .unwrap_or(reqwest::Method::POST);
    let form: Vec<(String, String)> = body
        .as_object()
        .into_iter()
        .flatten()
        .map(|(k, v)| {
            (
                k.clone(),
                v.as_str().map_or_else(|| v.to_string(), str::to_string),
            )
        })
        .collect();
    let (request, signed_body) = if method == reqwest::Method::GET {
        (client.get(url.clone()).query(&form), String::new())
    } else if settings.request_format == "JSON" {
        let text = body.to_string();
        (
            client
                .request(method, url.clone())
                .header("content-type", "application/json; charset=utf-8")
                .body(text.clone()),
            text,
        )
    } else {
        let text = form_urlencoded::Serializer::new(String::new())
            .extend_pairs(&form)
            .finish();
        (
            client
                .request(method, url.clone())
                .header("content-type", "application/x-www-form-urlencoded")
                .body(text.clone()),
            text,
        )
    };
    let mut request = request;
    if settings.with_header == "yup" {
        for header in &settings.request_headers {
            request = request.header(header.key.as_str(), header.value.as_str());
        }
    }
    let timestamp = chrono::Utc::now().timestamp().to_string();
    let signature = sign(&settings.secret, message_id, &timestamp, &signed_body)?;
    let response = request
        .header("webhook-id", message_id)
        .header("webhook-timestamp", &timestamp)
        .header("webhook-signature", format!("v1,{signature}"))
        .send()
        .await
        .map_err(|e| anyhow!("request failed: {}", with_causes(&e.without_url())))?;
    let status = response.status();
    if status.is_success() {
        Ok(status.as_u16())
    } else {
        Err(Refused(status.as_u16()).into())
    }
}

/// An error with the chain of its causes: reqwest's own text ("error sending request") says
/// nothing of why (connection refused, no route, TLS).
fn with_causes(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut cause = error.source();
    while let Some(next) = cause {
        let said = next.to_string();
        if !text.ends_with(&said) {
            text.push_str(": ");
            text.push_str(&said);
        }
        cause = next.source();
    }
    text
}

/// `base64(HMAC-SHA256(key, "{id}.{timestamp}.{body}"))`, the key being the secret after
/// `whsec_`, base64-decoded (Standard Webhooks).
pub fn sign(secret: &str, id: &str, timestamp: &str, body: &str) -> anyhow::Result<String> {
    let engine = base64::engine::general_purpose::STANDARD;
    let key = engine
        .decode(secret.trim_start_matches("whsec_"))
        .context("invalid signing secret")?;
    let mut mac = Hmac::<Sha256>::new_from_slice(&key).context("invalid signing key")?;
    mac.update(format!("{id}.{timestamp}.{body}").as_bytes());
    Ok(engine.encode(mac.finalize().into_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signatures_follow_the_standard_webhooks_example() {
        // The Standard Webhooks specification's published test vector.
        let signature = sign(
            "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
            "msg_p5jXN8AQM9LWM0D4loKWxJek",
            "1614265330",
            r#"{"test": 2432232314}"#,
        )
        .expect("sign");
        assert_eq!(signature, "g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
    }
}
