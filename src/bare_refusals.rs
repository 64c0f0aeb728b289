//! hyper refuses some request heads itself, before any router runs: a request target over its
//! fixed 64 KiB limit (414) and a head with more headers than it parses (431). Its answer has
//! no body, which an `/api` client cannot read as the error envelope (DESIGN 2.10's hardening:
//! every head up to 256 KiB is answered in the envelope). This connection wrapper sees that
//! bodiless answer on its way out and writes the envelope in its place; hyper closes the
//! connection after such a refusal, so nothing follows it.

use std::io;
use std::pin::Pin;
use std::task::{Context, Poll, ready};

use axum::http::StatusCode;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

use crate::api::error::ApiError;

/// Statuses hyper answers on its own for a head it will not parse.
const BARE_STATUSES: [StatusCode; 2] = [
    StatusCode::URI_TOO_LONG,
    StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
];
/// A bodiless answer head is a few dozen bytes; anything longer is not one of hyper's.
const MAX_BARE_HEAD: usize = 512;

/// A connection whose bare protocol refusals are replaced by the error envelope.
pub struct EnvelopeBareRefusals<S> {
    inner: S,
    /// The envelope answer being written, and how much of it is written.
    replacement: Option<(Vec<u8>, usize)>,
}

impl<S> EnvelopeBareRefusals<S> {
    pub fn new(inner: S) -> Self {
        EnvelopeBareRefusals {
            inner,
            replacement: None,
        }
    }
}

impl<S: AsyncWrite + Unpin> EnvelopeBareRefusals<S> {
    /// Writes what is left of the replacement; ready once it is all written.
    fn drain(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        while let Some((answer, written)) = &mut self.replacement {
            if *written == answer.len() {
                self.replacement = None;
                break;
            }
            let n = ready!(Pin::new(&mut self.inner).poll_write(cx, &answer[*written..]))?;
            if n == 0 {
                return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
            }
            *written += n;
        }
        Poll::Ready(Ok(()))
    }

    /// Takes `head` in place of the inner stream when it is a bare refusal: the envelope is
    /// queued, and `head` counts as written.
    fn intercept(&mut self, cx: &mut Context<'_>, head: &[u8]) -> Option<Poll<io::Result<usize>>> {
        let answer = envelope_for(head)?;
        self.replacement = Some((answer, 0));
        Some(match self.drain(cx) {
            Poll::Ready(Err(error)) => Poll::Ready(Err(error)),
            // Pending: the rest is written by the next write, flush or shutdown.
            _ => Poll::Ready(Ok(head.len())),
        })
    }
}

/// The envelope answer for a bare refusal head of hyper's, `None` for anything else.
fn envelope_for(head: &[u8]) -> Option<Vec<u8>> {
    if head.len() > MAX_BARE_HEAD || !head.ends_with(b"\r\n\r\n") {
        return None;
    }
    let text = std::str::from_utf8(head).ok()?;
    let mut lines = text.trim_end().split("\r\n");
    let status_line = lines.next()?;
    let code: u16 = status_line
        .strip_prefix("HTTP/1.1 ")?
        .get(..3)?
        .parse()
        .ok()?;
    let status = StatusCode::from_u16(code).ok()?;
    if !BARE_STATUSES.contains(&status) {
        return None;
    }
    let mut bodiless = false;
    let mut date = None;
    for line in lines {
        let (name, value) = line.split_once(':')?;
        let value = value.trim();
        match name.trim().to_ascii_lowercase().as_str() {
            "content-length" => bodiless = value == "0",
            // The router's own refusals carry a body and a type: never replaced.
            "content-type" => return None,
            "date" => date = Some(value.to_string()),
            _ => {}
        }
    }
    if !bodiless {
        return None;
    }
    let body = ApiError::for_status(status).body().to_string();
    let mut answer = format!(
        "{status_line}\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\
         x-request-id: {}\r\nx-content-type-options: nosniff\r\ncache-control: no-store\r\n\
         connection: close\r\n",
        body.len(),
        crate::new_request_id(),
    );
    if let Some(date) = date {
        answer.push_str(&format!("date: {date}\r\n"));
    }
    answer.push_str("\r\n");
    answer.push_str(&body);
    Some(answer.into_bytes())
}

impl<S: AsyncRead + Unpin> AsyncRead for EnvelopeBareRefusals<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for EnvelopeBareRefusals<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        ready!(self.drain(cx))?;
        if let Some(intercepted) = self.intercept(cx, buf) {
            return intercepted;
        }
        Pin::new(&mut self.inner).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        ready!(self.drain(cx))?;
        let total: usize = bufs.iter().map(|b| b.len()).sum();
        if total <= MAX_BARE_HEAD {
            let joined: Vec<u8> = bufs.iter().flat_map(|b| b.iter().copied()).collect();
            if let Some(intercepted) = self.intercept(cx, &joined) {
                return intercepted;
            }
        }
        Pin::new(&mut self.inner).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        ready!(self.drain(cx))?;
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        ready!(self.drain(cx))?;
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn envelope_text(head: &str) -> Option<String> {
        envelope_for(head.as_bytes()).map(|a| String::from_utf8(a).expect("utf-8"))
    }

    #[test]
    fn a_bare_414_becomes_the_envelope() {
        let answer = envelope_text(
            "HTTP/1.1 414 URI Too Long\r\ncontent-length: 0\r\ndate: Fri, 27 Nov 2026 04:00:00 GMT\r\n\r\n",
        )
        .expect("replaced");
        let (head, body) = answer.split_once("\r\n\r\n").expect("head and body");
        assert!(head.starts_with("HTTP/1.1 414 URI Too Long\r\n"), "{head}");
        assert!(head.contains("content-type: application/json"), "{head}");
        assert!(head.contains(&format!("content-length: {}", body.len())));
        assert!(head.contains("date: Fri, 27 Nov 2026 04:00:00 GMT"));
        assert!(head.contains("x-request-id: "));
        let body: serde_json::Value = serde_json::from_str(body).expect("json");
        assert_eq!(body["code"], "uri_too_long");
        assert_eq!(body["message"], "The request URL is too long.");
        assert_eq!(body["data"]["status"], 414);
    }

    #[test]
    fn answers_with_a_body_or_another_status_pass_unchanged() {
        for head in [
            // The router's own 414 has a type and a body.
            "HTTP/1.1 414 URI Too Long\r\ncontent-type: application/json\r\ncontent-length: 0\r\n\r\n",
            "HTTP/1.1 414 URI Too Long\r\ncontent-length: 83\r\n\r\n",
            "HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n\r\n",
            "HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n",
            // Not a whole head.
            "HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-length: 0\r\n",
        ] {
            assert_eq!(envelope_text(head), None, "{head}");
        }
        assert!(
            envelope_text(
                "HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-length: 0\r\n\r\n"
            )
            .is_some_and(|a| a.contains("headers_too_large"))
        );
    }
}
