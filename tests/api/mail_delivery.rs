//! Email delivery against a misbehaving SMTP server (issue 27, items 3 and 4): a stalled
//! conversation never poisons the next email, one slow domain cannot hold every email slot,
//! and a message whose acceptance came too late is not sent again by itself.

use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

use crate::support::{TestApp, daily_event};

/// How the sink misbehaves.
#[derive(Clone, Default)]
struct SinkRules {
    /// Recipients whose `RCPT TO` is never answered.
    stall_recipients: HashSet<String>,
    /// How long the reply to a message's content is held back.
    data_reply_delay: Duration,
}

/// A small SMTP server on loopback: answers as a real one would, except as `rules` say.
/// Answers its address and the recipients of every message it accepted (one entry per copy).
async fn smtp_sink(rules: SinkRules) -> (String, Arc<Mutex<Vec<String>>>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let addr = listener.local_addr().expect("addr").to_string();
    let accepted: Arc<Mutex<Vec<String>>> = Arc::default();
    let log = accepted.clone();
    tokio::spawn(async move {
        while let Ok((socket, _)) = listener.accept().await {
            tokio::spawn(converse(socket, rules.clone(), log.clone()));
        }
    });
    (addr, accepted)
}

async fn converse(
    socket: tokio::net::TcpStream,
    rules: SinkRules,
    accepted: Arc<Mutex<Vec<String>>>,
) {
    let (read, mut write) = socket.into_split();
    let mut lines = BufReader::new(read).lines();
    if write.write_all(b"220 sink ESMTP\r\n").await.is_err() {
        return;
    }
    let mut recipients = Vec::new();
    while let Ok(Some(line)) = lines.next_line().await {
        let upper = line.to_ascii_uppercase();
        let reply: &[u8] = if upper.starts_with("EHLO") || upper.starts_with("HELO") {
            b"250-sink\r\n250 8BITMIME\r\n"
        } else if upper.starts_with("MAIL FROM") || upper.starts_with("RSET") {
            recipients.clear();
            b"250 OK\r\n"
        } else if upper.starts_with("RCPT TO") {
            let address = line
                .split(['<', '>'])
                .nth(1)
                .unwrap_or_default()
                .to_string();
            if rules.stall_recipients.contains(&address) {
                // Hold the conversation until the client gives up.
                tokio::time::sleep(Duration::from_secs(3600)).await;
                return;
            }
            recipients.push(address);
            b"250 OK\r\n"
        } else if upper.starts_with("DATA") {
            if write.write_all(b"354 go ahead\r\n").await.is_err() {
                return;
            }
            while let Ok(Some(content)) = lines.next_line().await {
                if content == "." {
                    break;
                }
            }
            tokio::time::sleep(rules.data_reply_delay).await;
            if let Ok(mut log) = accepted.lock() {
                log.extend(recipients.drain(..));
            }
            b"250 queued\r\n"
        } else if upper.starts_with("QUIT") {
            let _ = write.write_all(b"221 bye\r\n").await;
            return;
        } else {
            b"250 OK\r\n"
        };
        if write.write_all(reply).await.is_err() {
            return;
        }
    }
}

/// Books slot `n` (15-minute steps from 08:00, 20 days ahead) for `email`.
async fn book(app: &TestApp, event: i64, n: i64, email: &str) {
    let day = (chrono::Utc::now().date_naive() + chrono::Duration::days(20 + n / 48))
        .format("%Y-%m-%d")
        .to_string();
    let minutes = 8 * 60 + (n % 48) * 15;
    let time = format!("{day} {:02}:{:02}:00", minutes / 60, minutes % 60);
    app.book(event)
        .name("Maya Singh")
        .email(email)
        .at(&time)
        .booked()
        .await;
}

fn copies_to(accepted: &Arc<Mutex<Vec<String>>>, address: &str) -> usize {
    accepted
        .lock()
        .map(|log| log.iter().filter(|a| *a == address).count())
        .unwrap_or(0)
}

#[tokio::test]
async fn hanging_recipients_delay_no_unrelated_confirmation() {
    let hanging: HashSet<String> = (0..10).map(|n| format!("guest{n}@stall.example")).collect();
    let (smtp, accepted) = smtp_sink(SinkRules {
        stall_recipients: hanging.clone(),
        ..SinkRules::default()
    })
    .await;
    let app = TestApp::spawn_with(|config| {
        config.smtp_url = Some(format!("smtp://{smtp}"));
        config.smtp_timeout = Duration::from_secs(2);
    })
    .await;
    let host = app.host("jane").await;
    let (_, event) = daily_event(&app, &host, "UTC", 15, ("08:00", "20:00")).await;
    for (n, address) in hanging.iter().enumerate() {
        book(&app, event, n as i64, address).await;
    }
    let started = Instant::now();
    for n in 0..5 {
        book(&app, event, 20 + n, &format!("guest{n}@fine.example")).await;
    }
    // Every unrelated confirmation arrives, while the stalled ones go on failing.
    let mut delivered = 0;
    while started.elapsed() < Duration::from_secs(25) {
        delivered = (0..5)
            .filter(|n| copies_to(&accepted, &format!("guest{n}@fine.example")) == 1)
            .count();
        if delivered == 5 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(
        delivered,
        5,
        "unrelated confirmations delivered after {:?}",
        started.elapsed()
    );
}

#[tokio::test]
async fn a_late_acceptance_is_not_sent_again_by_itself() {
    let (smtp, accepted) = smtp_sink(SinkRules {
        data_reply_delay: Duration::from_secs(4),
        ..SinkRules::default()
    })
    .await;
    let app = TestApp::spawn_with(|config| {
        config.smtp_url = Some(format!("smtp://{smtp}"));
        config.smtp_timeout = Duration::from_secs(1);
        config.smtp_data_timeout = Duration::from_secs(2);
    })
    .await;
    let host = app.host("jane").await;
    let (_, event) = daily_event(&app, &host, "UTC", 15, ("08:00", "20:00")).await;
    book(&app, event, 0, "slowly@accepting.example").await;
    // The reply comes after the data time-out: the item fails at once, unconfirmed.
    let mut state = Vec::new();
    for _ in 0..100 {
        let mut conn = app.store.conn().await.expect("conn");
        state = app::store::outbox::retry_state(conn.ex(), "email")
            .await
            .expect("state");
        if state.iter().any(|(status, _, _)| status == "failed") {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let failed = state
        .iter()
        .find(|(status, _, _)| status == "failed")
        .unwrap_or_else(|| panic!("no email failed: {state:?}"));
    assert!(
        failed
            .2
            .as_deref()
            .is_some_and(|e| e.contains("may have arrived")),
        "{state:?}"
    );
    // However long the retries would have run, the server got each message once.
    app.clock.advance(4 * 86_400);
    tokio::time::sleep(Duration::from_secs(6)).await;
    assert_eq!(copies_to(&accepted, "slowly@accepting.example"), 1);
}

#[tokio::test]
async fn a_slow_acceptance_within_the_data_time_out_is_delivered_once() {
    let (smtp, accepted) = smtp_sink(SinkRules {
        data_reply_delay: Duration::from_secs(2),
        ..SinkRules::default()
    })
    .await;
    // Commands must answer within 1 s, the content's reply may take 10.
    let app = TestApp::spawn_with(|config| {
        config.smtp_url = Some(format!("smtp://{smtp}"));
        config.smtp_timeout = Duration::from_secs(1);
        config.smtp_data_timeout = Duration::from_secs(10);
    })
    .await;
    let host = app.host("jane").await;
    let (_, event) = daily_event(&app, &host, "UTC", 15, ("08:00", "20:00")).await;
    book(&app, event, 0, "patient@accepting.example").await;
    let started = Instant::now();
    while copies_to(&accepted, "patient@accepting.example") == 0
        && started.elapsed() < Duration::from_secs(20)
    {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    tokio::time::sleep(Duration::from_secs(3)).await;
    assert_eq!(copies_to(&accepted, "patient@accepting.example"), 1);
    let mut conn = app.store.conn().await.expect("conn");
    let state = app::store::outbox::retry_state(conn.ex(), "email")
        .await
        .expect("state");
    assert!(
        state.iter().all(|(_, _, error)| error.is_none()),
        "{state:?}"
    );
}
