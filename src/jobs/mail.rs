//! Email transport (lettre): SMTP when `SLOTBOOK_SMTP_URL` is set, otherwise `.eml` files in the
//! mail folder (`SLOTBOOK_MAIL_DIR`, default `data/mail`).

use app::service::notifications::Email;
use lettre::message::header::ContentType;
use lettre::message::{Attachment, Mailbox, MultiPart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use std::path::PathBuf;

#[derive(Clone)]
pub enum Mailer {
    /// The transport and the time one whole send may take.
    Smtp(AsyncSmtpTransport<Tokio1Executor>, std::time::Duration),
    /// One `.eml` file per message. A file is written under a temporary name and then renamed,
    /// so whatever reads the folder (a pickup service, a test) never sees half a message, even
    /// when the process is killed mid-write.
    Files(PathBuf),
}

impl Mailer {
    /// SMTP from a URL such as `smtps://user:pass@smtp.example.com`, else files in `dir`.
    /// `timeout` bounds each SMTP command and the whole conversation of one email.
    pub fn new(
        smtp_url: Option<&str>,
        dir: &str,
        timeout: std::time::Duration,
    ) -> anyhow::Result<Mailer> {
        if let Some(url) = smtp_url.filter(|u| !u.is_empty()) {
            let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(url)?
                .timeout(Some(timeout))
                .build();
            return Ok(Mailer::Smtp(transport, timeout));
        }
        std::fs::create_dir_all(dir)?;
        Ok(Mailer::Files(PathBuf::from(dir)))
    }

    /// Sends one email; the error text is kept with the outbox item.
    pub async fn send(&self, email: &Email) -> Result<(), String> {
        let message = build(email).map_err(|e| format!("invalid message: {e}"))?;
        match self {
            Mailer::Smtp(t, timeout) => match tokio::time::timeout(*timeout, t.send(message)).await
            {
                Ok(sent) => sent.map(|_| ()).map_err(|e| e.to_string()),
                Err(_) => Err(format!(
                    "the SMTP server did not answer within {} seconds",
                    timeout.as_secs()
                )),
            },
            Mailer::Files(dir) => write_atomically(dir, &message.formatted())
                .await
                .map_err(|e| e.to_string()),
        }
    }
}

async fn write_atomically(dir: &std::path::Path, bytes: &[u8]) -> std::io::Result<()> {
    let name = format!(
        "{}-{:016x}",
        chrono::Utc::now().format("%Y%m%dT%H%M%S%.6f"),
        rand::random::<u64>()
    );
    let partial = dir.join(format!(".{name}.tmp"));
    tokio::fs::write(&partial, bytes).await?;
    tokio::fs::rename(&partial, dir.join(format!("{name}.eml"))).await
}

/// A display name fit for a header: line breaks and other control characters become spaces
/// (names are validated on write; this guards rows written before that check).
fn header_text(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

fn build(email: &Email) -> anyhow::Result<Message> {
    let from = Mailbox::new(
        Some(header_text(&email.from_name)),
        email.from_email.parse()?,
    );
    let name = Some(header_text(&email.to_name)).filter(|n| !n.trim().is_empty());
    let mut builder = Message::builder()
        .from(from)
        .to(Mailbox::new(name, email.to.parse()?))
        .subject(header_text(&email.subject));
    for copy in &email.bcc {
        builder = builder.bcc(copy.parse()?);
    }
    if !email.bcc.is_empty() {
        // SMTP takes the copies from the envelope either way; a written `.eml` names them.
        builder = builder.keep_bcc();
    }
    if let Some(reply_to) = &email.reply_to {
        builder = builder.reply_to(reply_to.parse()?);
    }
    let body = MultiPart::alternative_plain_html(email.text.clone(), email.html.clone());
    let message = match &email.ics {
        Some(ics) => builder.multipart(MultiPart::mixed().multipart(body).singlepart(
            Attachment::new("invite.ics".into()).body(
                ics.clone(),
                ContentType::parse("text/calendar; charset=utf-8; method=REQUEST")?,
            ),
        ))?,
        None => builder.multipart(body)?,
    };
    Ok(message)
}
