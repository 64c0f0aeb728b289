//! What may be cached, and compression. Files under `/pkg` carry a hash of their content in
//! their name (`scripts/build-site`): browsers keep them a year without asking again, and get
//! the brotli or gzip copy made at build time. Every other answer says how it may be cached:
//! `no-store` unless the handler said otherwise (pages and JSON may show personal data; the
//! public booking pages say `no-cache` themselves), and is compressed as the client accepts.

use std::path::Path;

use std::io::Write;

use axum::Router;
use axum::body::Body;
use axum::extract::Request;
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::Response;
use flate2::Compression;
use flate2::write::GzEncoder;
use tower_http::compression::{CompressionLayer, CompressionLevel};
use tower_http::services::{ServeDir, ServeFile};
use tower_http::set_header::SetResponseHeaderLayer;

/// For files whose name changes with their content.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";
/// For files at fixed addresses (`/embed.js`, `/favicon.svg`): an hour, then asked again.
const AN_HOUR: &str = "public, max-age=3600";

/// `/pkg/*` (hashed names), `/favicon.svg` and `/embed.js`, each with its compressed copies.
pub fn files<S: Clone + Send + Sync + 'static>(site: &Path) -> Router<S> {
    let pkg = ServeDir::new(site.join("pkg"))
        .precompressed_br()
        .precompressed_gzip();
    let fixed = |name: &str| {
        ServeFile::new(site.join(name))
            .precompressed_br()
            .precompressed_gzip()
    };
    Router::new()
        .nest_service("/pkg", pkg)
        .layer(SetResponseHeaderLayer::overriding(
            header::CACHE_CONTROL,
            HeaderValue::from_static(IMMUTABLE),
        ))
        .merge(
            Router::new()
                .route_service("/favicon.svg", fixed("favicon.svg"))
                .route_service("/embed.js", fixed("embed.js"))
                .layer(SetResponseHeaderLayer::overriding(
                    header::CACHE_CONTROL,
                    HeaderValue::from_static(AN_HOUR),
                )),
        )
}

/// `Cache-Control: no-store` on every answer that does not say otherwise.
pub async fn not_stored_unless_said(mut response: Response) -> Response {
    response
        .headers_mut()
        .entry(header::CACHE_CONTROL)
        .or_insert(HeaderValue::from_static("no-store"));
    response
}

/// Largest answer gathered whole before it is compressed (every page and list is paged far
/// below it; the largest, the bookings desk, is about 200 KB).
const WHOLE_ANSWER_LIMIT: usize = 16 * 1024 * 1024;
/// Answers shorter than this are sent as they are (the encoding would cost more than it saves).
const SMALLEST_COMPRESSED: usize = 1024;
/// Gzip level 3: a booking page's 45 KB become 8.7 KB in 0.25 ms (brotli quality 3: 8.6 KB
/// in 0.9 ms; BENCHMARKS.md, "Delivery").
const GZIP_LEVEL: u32 = 3;

/// How much the client wants `coding` in its `Accept-Encoding` (`q` from 0 to 1; `*` counts
/// for codings it does not name).
fn accepted(accept_encoding: &str, coding: &str) -> f32 {
    let mut star = 0.0;
    for item in accept_encoding.split(',') {
        let mut parts = item.split(';');
        let name = parts.next().unwrap_or("").trim();
        let q = parts
            .find_map(|p| p.trim().strip_prefix("q="))
            .map_or(1.0, |q| q.trim().parse().unwrap_or(0.0));
        if name.eq_ignore_ascii_case(coding) {
            return q;
        }
        if name == "*" {
            star = q;
        }
    }
    star
}

/// Pages and JSON answers, made per request, gathered whole and gzipped in one piece when the
/// client takes gzip at least as gladly as brotli. Compressing a booking page as the renderer
/// wrote it, in many small pieces and with brotli, halved its throughput under load
/// (BENCHMARKS.md, "Delivery"). A client that takes only brotli gets it from [`compression`],
/// also of the whole answer.
pub async fn compress_whole(request: Request, next: Next) -> Response {
    let asked = request
        .headers()
        .get(header::ACCEPT_ENCODING)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_string();
    let response = next.run(request).await;
    let made_per_request = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("text/html") || v.starts_with("application/json"));
    if !made_per_request || response.headers().contains_key(header::CONTENT_ENCODING) {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    let bytes = match axum::body::to_bytes(body, WHOLE_ANSWER_LIMIT).await {
        Ok(bytes) => bytes,
        Err(error) => {
            // The renderer failed mid-answer: it is lost either way, so say so instead of
            // sending half of it.
            tracing::error!(%error, "an answer could not be made whole");
            let mut failed = Response::new(Body::from("The answer could not be made."));
            *failed.status_mut() = StatusCode::INTERNAL_SERVER_ERROR;
            return failed;
        }
    };
    let gzip = accepted(&asked, "gzip");
    if bytes.len() < SMALLEST_COMPRESSED || gzip <= 0.0 || gzip < accepted(&asked, "br") {
        return Response::from_parts(parts, Body::from(bytes));
    }
    let mut encoder = GzEncoder::new(
        Vec::with_capacity(bytes.len() / 4),
        Compression::new(GZIP_LEVEL),
    );
    let Ok(zipped) = encoder.write_all(&bytes).and_then(|()| encoder.finish()) else {
        return Response::from_parts(parts, Body::from(bytes));
    };
    let headers = &mut parts.headers;
    headers.remove(header::CONTENT_LENGTH);
    headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
    headers.append(header::VARY, HeaderValue::from_static("accept-encoding"));
    Response::from_parts(parts, Body::from(zipped))
}

/// Brotli or gzip, as the client asks, for what [`compress_whole`] left: answers to clients
/// that take only brotli, and other answers made per request (feeds, exports). Level 3: a
/// booking page's 51 KB of HTML becomes 8.8 KB (brotli) or 9.8 KB (gzip) in about 0.7 ms;
/// level 5 saves another 0.7 KB for twice the time (BENCHMARKS.md, "Delivery"). Answers
/// already compressed (the files, what [`compress_whole`] gzipped) pass as they are.
pub fn compression() -> CompressionLayer {
    CompressionLayer::new()
        .br(true)
        .gzip(true)
        .no_deflate()
        .no_zstd()
        .quality(CompressionLevel::Precise(3))
}

#[cfg(test)]
mod tests {
    use super::accepted;

    #[test]
    fn the_clients_wish_is_read_with_its_weights() {
        assert_eq!(accepted("gzip, deflate, br, zstd", "gzip"), 1.0);
        assert_eq!(accepted("br;q=1.0, gzip;q=0.5", "gzip"), 0.5);
        assert_eq!(accepted("br", "gzip"), 0.0);
        assert_eq!(accepted("identity, *;q=0.1", "gzip"), 0.1);
        assert_eq!(accepted("gzip;q=0, *", "gzip"), 0.0);
        assert_eq!(accepted("", "gzip"), 0.0);
        assert_eq!(accepted("GZIP", "gzip"), 1.0);
    }
}
