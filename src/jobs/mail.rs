//! Email transport (lettre): SMTP when `SLOTBOOK_SMTP_URL` is set, otherwise `.eml` files in the
//! mail folder (`SLOTBOOK_MAIL_DIR`, default `data/mail`).

use app::service::notifications::Email;
use lettre::message::header::ContentType;
use lettre::message::{Attachment, Mailbox, MultiPart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use std::path::PathBuf;

#[derive(Clone)]
pub enum Mailer {
    Smtp(AsyncSmtpTransport<Tokio1Executor>),
    /// One `.eml` file per message. A file is written under a temporary name and then renamed,
    /// so whatever reads the folder (a pickup service, a test) never sees half a message, even
    /// when the process is killed mid-write.
    Files(PathBuf),
}

impl Mailer {
    /// SMTP from a URL such as `smtps://user:pass@smtp.example.com`, else files in `dir`.
    pub fn new(smtp_url: Option<&str>, dir: &str) -> anyhow::Result<Mailer> {
        if let Some(url) = smtp_url.filter(|u| !u.is_empty()) {
            return Ok(Mailer::Smtp(
                AsyncSmtpTransport::<Tokio1Executor>::from_url(url)?.build(),
            ));
        }
        std::fs::create_dir_all(dir)?;
        Ok(Mailer::Files(PathBuf::from(dir)))
    }

    /// Sends one email; the error text is kept with the outbox item.
    pub async fn send(&self, email: &Email) -> Result<(), String> {
        let message = build(email).map_err(|e| format!("invalid message: {e}"))?;
        match self {
            Mailer::Smtp(t) => t.send(message).await.map(|_| ()).map_err(|e| e.to_string()),
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

fn build(email: &Email) -> anyhow::Result<Message> {
    let from = Mailbox::new(Some(email.from_name.clone()), email.from_email.parse()?);
    let mut builder = Message::builder()
        .from(from)
        .to(email.to.parse()?)
        .subject(email.subject.clone());
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
