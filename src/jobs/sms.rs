//! Text-message transport: a provider-neutral HTTP gateway when `SLOTBOOK_SMS_URL` is set (a
//! JSON `POST {to, body}` with `Authorization: Bearer <SLOTBOOK_SMS_TOKEN>`; any 2xx answer is
//! success), otherwise `.sms` files in `SLOTBOOK_SMS_DIR` (default `data/sms`), like the `.eml`
//! default of email.

use std::path::PathBuf;
use std::time::Duration;

#[derive(Clone)]
pub enum SmsSender {
    Gateway {
        client: reqwest::Client,
        url: String,
        token: Option<String>,
    },
    Files(PathBuf),
}

impl SmsSender {
    pub fn new(
        url: Option<&str>,
        token: Option<&str>,
        dir: &str,
        timeout: Duration,
    ) -> anyhow::Result<SmsSender> {
        if let Some(url) = url.filter(|u| !u.is_empty()) {
            reqwest::Url::parse(url)?;
            let client = reqwest::Client::builder()
                .redirect(reqwest::redirect::Policy::none())
                .timeout(timeout)
                .build()?;
            return Ok(SmsSender::Gateway {
                client,
                url: url.to_string(),
                token: token.filter(|t| !t.is_empty()).map(str::to_string),
            });
        }
        std::fs::create_dir_all(dir)?;
        Ok(SmsSender::Files(PathBuf::from(dir)))
    }

    /// Sends one message to an E.164 number; the error text is kept with the outbox item (it
    /// never carries the token).
    pub async fn send(&self, to: &str, body: &str) -> Result<(), String> {
        match self {
            SmsSender::Gateway { client, url, token } => {
                let mut request = client
                    .post(url)
                    .json(&serde_json::json!({"to": to, "body": body}));
                if let Some(token) = token {
                    request = request.bearer_auth(token);
                }
                let response = request
                    .send()
                    .await
                    .map_err(|e| format!("the SMS gateway failed: {}", e.without_url()))?;
                if response.status().is_success() {
                    Ok(())
                } else {
                    Err(format!(
                        "the SMS gateway answered HTTP {}",
                        response.status().as_u16()
                    ))
                }
            }
            SmsSender::Files(dir) => write_atomically(dir, to, body)
                .await
                .map_err(|e| e.to_string()),
        }
    }
}

/// One file per message, written under a temporary name and renamed, so a reader never sees
/// half a message.
async fn write_atomically(dir: &std::path::Path, to: &str, body: &str) -> std::io::Result<()> {
    let name = format!(
        "{}-{:016x}",
        chrono::Utc::now().format("%Y%m%dT%H%M%S%.6f"),
        rand::random::<u64>()
    );
    let partial = dir.join(format!(".{name}.tmp"));
    tokio::fs::write(&partial, format!("To: {to}\n\n{body}\n")).await?;
    tokio::fs::rename(&partial, dir.join(format!("{name}.sms"))).await
}
