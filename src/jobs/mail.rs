//! Email transport (lettre): SMTP when `SLOTBOOK_SMTP_URL` is set, otherwise `.eml` files in the
//! mail folder (`SLOTBOOK_MAIL_DIR`, default `data/mail`).
//!
//! SMTP is driven step by step on lettre's connection rather than through its pooled
//! transport, for two reasons. A send cancelled by a time-out went back into lettre's pool
//! mid-conversation, and the next, unrelated email failed on it 30 s later: here a connection
//! is reused only after a send that completed. And a server that takes long to accept a
//! message got it again at every retry: here each command has the command time-out, the reply
//! to the message's content has its own (RFC 5321 allows 10 minutes), and a message whose
//! reply never came is reported as possibly delivered, so it is not sent again by itself.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use app::service::deliveries::SendFailure;
use app::service::notifications::Email;
use lettre::Message;
use lettre::address::Envelope;
use lettre::message::header::ContentType;
use lettre::message::{Attachment, Mailbox, MultiPart};
use lettre::transport::smtp::authentication::{Credentials, Mechanism};
use lettre::transport::smtp::client::{AsyncSmtpConnection, TlsParameters};
use lettre::transport::smtp::commands::{Data, Mail, Rcpt, Rset};
use lettre::transport::smtp::extension::{ClientId, Extension, MailBodyParameter, MailParameter};

#[derive(Clone)]
pub enum Mailer {
    Smtp(Arc<SmtpMailer>),
    /// One `.eml` file per message. A file is written under a temporary name and then renamed,
    /// so whatever reads the folder (a pickup service, a test) never sees half a message, even
    /// when the process is killed mid-write.
    Files(PathBuf),
}

impl Mailer {
    /// SMTP from a URL such as `smtps://user:pass@smtp.example.com`, else files in `dir`.
    /// `command_timeout` bounds connecting and each command's reply; `data_timeout` the reply
    /// to a message's content.
    pub fn new(
        smtp_url: Option<&str>,
        dir: &str,
        command_timeout: Duration,
        data_timeout: Duration,
    ) -> anyhow::Result<Mailer> {
        if let Some(url) = smtp_url.filter(|u| !u.is_empty()) {
            return Ok(Mailer::Smtp(Arc::new(SmtpMailer {
                server: SmtpServer::from_url(url)?,
                command_timeout,
                data_timeout,
                idle: Mutex::default(),
            })));
        }
        std::fs::create_dir_all(dir)?;
        Ok(Mailer::Files(PathBuf::from(dir)))
    }

    /// The longest one SMTP send may take, connecting included (a claimed item's lease must
    /// outlast it, or another worker would send it too); `None` for files, written at once.
    pub fn longest_send(&self) -> Option<Duration> {
        match self {
            // Connect, greeting and EHLO, STARTTLS and EHLO, AUTH, RSET, MAIL, a few RCPTs,
            // DATA: ten command waits at most, then the content's reply.
            Mailer::Smtp(smtp) => Some(smtp.command_timeout * 10 + smtp.data_timeout),
            Mailer::Files(_) => None,
        }
    }

    /// Sends one email; the failure's text is kept with the outbox item.
    pub async fn send(&self, email: &Email) -> Result<(), SendFailure> {
        let message =
            build(email).map_err(|e| SendFailure::retry(format!("invalid message: {e}")))?;
        match self {
            Mailer::Smtp(smtp) => smtp.send(&message).await,
            Mailer::Files(dir) => write_atomically(dir, &message.formatted())
                .await
                .map_err(|e| SendFailure::retry(e.to_string())),
        }
    }
}

/// Where and how to reach the SMTP server, read from `SLOTBOOK_SMTP_URL` the way lettre reads
/// it: `smtp://` (plain), `smtp://…?tls=required|opportunistic` (STARTTLS), `smtps://`
/// (implicit TLS); user and password percent-decoded; a path names the EHLO host.
struct SmtpServer {
    host: String,
    port: u16,
    tls: Tls,
    credentials: Option<Credentials>,
    hello: ClientId,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Tls {
    None,
    StartTlsRequired,
    StartTlsOpportunistic,
    Implicit,
}

impl SmtpServer {
    fn from_url(text: &str) -> anyhow::Result<SmtpServer> {
        let url = url::Url::parse(text)?;
        let host = url
            .host_str()
            .ok_or_else(|| anyhow::anyhow!("the SMTP URL names no host"))?
            .trim_matches(['[', ']'])
            .to_string();
        let tls_option = url
            .query_pairs()
            .find(|(k, _)| k == "tls")
            .map(|(_, v)| v.into_owned());
        let (tls, default_port) = match (url.scheme(), tls_option.as_deref()) {
            ("smtp", None) => (Tls::None, 25),
            ("smtp", Some("required")) => (Tls::StartTlsRequired, 587),
            ("smtp", Some("opportunistic")) => (Tls::StartTlsOpportunistic, 587),
            ("smtps", _) => (Tls::Implicit, 465),
            (scheme, tls) => anyhow::bail!("unknown SMTP URL scheme {scheme:?} or tls={tls:?}"),
        };
        let decode = |s: &str| -> anyhow::Result<String> {
            Ok(percent_encoding::percent_decode_str(s)
                .decode_utf8()?
                .into_owned())
        };
        let credentials = match url.password() {
            Some(password) => Some(Credentials::new(decode(url.username())?, decode(password)?)),
            None => None,
        };
        let path = url.path().trim_matches('/');
        let hello = if path.is_empty() {
            ClientId::default()
        } else {
            ClientId::Domain(path.to_string())
        };
        Ok(SmtpServer {
            port: url.port().unwrap_or(default_port),
            host,
            tls,
            credentials,
            hello,
        })
    }
}

/// Connections kept open between sends, at most this many.
const MAX_IDLE: usize = 8;
/// An idle connection older than this is closed rather than reused (servers drop idle
/// clients after a minute or so).
const IDLE_FOR: Duration = Duration::from_secs(30);

pub struct SmtpMailer {
    server: SmtpServer,
    command_timeout: Duration,
    data_timeout: Duration,
    /// Connections whose last send completed, with when it did.
    idle: Mutex<Vec<(AsyncSmtpConnection, Instant)>>,
}

/// Where a conversation failed: before the content was sent (safe to retry) or after.
type Step<T> = Result<T, SendFailure>;

impl SmtpMailer {
    async fn send(&self, message: &Message) -> Result<(), SendFailure> {
        let envelope = message.envelope();
        let bytes = message.formatted();
        let mut conn = match self.reusable().await {
            Some(conn) => conn,
            None => self.connect().await?,
        };
        // Any failure drops the connection here, half-way or not: it is never reused.
        self.conversation(&mut conn, envelope, &bytes).await?;
        self.keep(conn);
        Ok(())
    }

    /// An idle connection that answers RSET, if there is one.
    async fn reusable(&self) -> Option<AsyncSmtpConnection> {
        loop {
            let (mut conn, since) = self
                .idle
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .pop()?;
            if since.elapsed() < IDLE_FOR && self.step("RSET", conn.command(Rset)).await.is_ok() {
                return Some(conn);
            }
        }
    }

    fn keep(&self, conn: AsyncSmtpConnection) {
        let mut idle = self
            .idle
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if idle.len() < MAX_IDLE {
            idle.push((conn, Instant::now()));
        }
    }

    /// A new connection: greeting, EHLO, STARTTLS as configured, AUTH.
    async fn connect(&self) -> Step<AsyncSmtpConnection> {
        let server = &self.server;
        let tls_parameters = || {
            TlsParameters::new(server.host.clone())
                .map_err(|e| SendFailure::retry(format!("TLS set-up failed: {e}")))
        };
        let wrapper = match server.tls {
            Tls::Implicit => Some(tls_parameters()?),
            _ => None,
        };
        let mut conn = self
            .step(
                "connecting",
                AsyncSmtpConnection::connect_tokio1(
                    (server.host.as_str(), server.port),
                    Some(self.command_timeout),
                    &server.hello,
                    wrapper,
                    None,
                ),
            )
            .await?;
        let starttls = match server.tls {
            Tls::StartTlsRequired => true,
            Tls::StartTlsOpportunistic => conn.can_starttls(),
            Tls::None | Tls::Implicit => false,
        };
        if starttls {
            self.step("STARTTLS", conn.starttls(tls_parameters()?, &server.hello))
                .await?;
        }
        if let Some(credentials) = &server.credentials {
            self.step(
                "AUTH",
                conn.auth(&[Mechanism::Plain, Mechanism::Login], credentials),
            )
            .await?;
        }
        Ok(conn)
    }

    /// MAIL, RCPT and DATA within the command time-out each, then the content and its reply
    /// within the data time-out.
    async fn conversation(
        &self,
        conn: &mut AsyncSmtpConnection,
        envelope: &Envelope,
        bytes: &[u8],
    ) -> Step<()> {
        let mut options = Vec::new();
        let non_ascii = envelope
            .from()
            .into_iter()
            .chain(envelope.to())
            .any(|address| !AsRef::<str>::as_ref(address).is_ascii());
        if non_ascii {
            if !conn.server_info().supports_feature(Extension::SmtpUtfEight) {
                return Err(SendFailure::retry(
                    "the SMTP server does not take non-ASCII addresses (SMTPUTF8)",
                ));
            }
            options.push(MailParameter::SmtpUtfEight);
        }
        if !bytes.is_ascii() {
            options.push(MailParameter::Body(MailBodyParameter::EightBitMime));
        }
        self.step(
            "MAIL FROM",
            conn.command(Mail::new(envelope.from().cloned(), options)),
        )
        .await?;
        for to in envelope.to() {
            self.step("RCPT TO", conn.command(Rcpt::new(to.clone(), Vec::new())))
                .await?;
        }
        self.step("DATA", conn.command(Data)).await?;
        match tokio::time::timeout(self.data_timeout, conn.message(bytes)).await {
            Ok(Ok(_)) => Ok(()),
            Ok(Err(error)) => Err(SendFailure::retry(format!("after the message: {error}"))),
            Err(_) => Err(SendFailure::unconfirmed(format!(
                "the SMTP server did not confirm the message within {} seconds of receiving it; it may have arrived",
                self.data_timeout.as_secs()
            ))),
        }
    }

    /// One step of the conversation within the command time-out.
    async fn step<T>(
        &self,
        what: &str,
        work: impl std::future::Future<Output = Result<T, lettre::transport::smtp::Error>>,
    ) -> Step<T> {
        match tokio::time::timeout(self.command_timeout, work).await {
            Ok(Ok(value)) => Ok(value),
            Ok(Err(error)) => Err(SendFailure::retry(format!("{what}: {error}"))),
            Err(_) => Err(SendFailure::retry(format!(
                "the SMTP server did not answer within {} seconds ({what})",
                self.command_timeout.as_secs()
            ))),
        }
    }
}

/// Sends at once per recipient domain, at most: a domain whose server stalls holds no more
/// than these of the email slots, and mail to every other domain goes on.
pub const SENDS_PER_DOMAIN: usize = 4;

/// The email slots taken per recipient domain.
#[derive(Clone, Default)]
pub struct DomainSlots {
    taken: Arc<Mutex<HashMap<String, usize>>>,
}

/// A taken slot of one domain; dropping it frees the slot.
pub struct DomainSlot {
    domain: String,
    slots: DomainSlots,
}

impl DomainSlots {
    /// A slot for mail to `address`'s domain, or `None` when the domain has all of its own.
    pub fn take(&self, address: &str) -> Option<DomainSlot> {
        let domain = address
            .rsplit_once('@')
            .map_or(address, |(_, d)| d)
            .to_ascii_lowercase();
        let mut taken = self
            .taken
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let count = taken.entry(domain.clone()).or_default();
        if *count >= SENDS_PER_DOMAIN {
            return None;
        }
        *count += 1;
        Some(DomainSlot {
            domain,
            slots: self.clone(),
        })
    }
}

impl Drop for DomainSlot {
    fn drop(&mut self) {
        let mut taken = self
            .slots
            .taken
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(count) = taken.get_mut(&self.domain) {
            *count -= 1;
            if *count == 0 {
                taken.remove(&self.domain);
            }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn smtp_urls_are_read_as_lettre_reads_them() {
        let plain = SmtpServer::from_url("smtp://127.0.0.1:2525").expect("plain");
        assert!(plain.tls == Tls::None && plain.port == 2525 && plain.credentials.is_none());
        let secure = SmtpServer::from_url("smtps://mailer:p%40ss@smtp.example.org").expect("smtps");
        assert!(secure.tls == Tls::Implicit && secure.port == 465);
        assert!(secure.credentials.is_some());
        let start = SmtpServer::from_url("smtp://smtp.example.org?tls=required").expect("starttls");
        assert!(start.tls == Tls::StartTlsRequired && start.port == 587);
        assert!(SmtpServer::from_url("http://smtp.example.org").is_err());
    }

    #[test]
    fn a_domain_gets_at_most_its_share_of_the_slots() {
        let slots = DomainSlots::default();
        let held: Vec<_> = (0..SENDS_PER_DOMAIN)
            .map(|n| slots.take(&format!("guest{n}@Slow.example")).expect("slot"))
            .collect();
        assert!(slots.take("another@slow.example").is_none());
        assert!(slots.take("someone@fast.example").is_some());
        drop(held);
        assert!(slots.take("another@slow.example").is_some());
    }
}
