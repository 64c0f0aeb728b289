//! What may be cached, and compression. Files under `/pkg` carry a hash of their content in
//! their name (`scripts/build-site`): browsers keep them a year without asking again, and get
//! the brotli or gzip copy made at build time. Every other answer says how it may be cached:
//! `no-store` unless the handler said otherwise (pages and JSON may show personal data; the
//! public booking pages say `no-cache` themselves), and is compressed as the client accepts.

use std::path::Path;

use axum::Router;
use axum::http::{HeaderValue, header};
use axum::response::Response;
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

/// Brotli or gzip, as the client asks, for answers made per request (pages, JSON). Level 3: a
/// booking page's 51 KB of HTML becomes 8.8 KB (brotli) or 9.8 KB (gzip) in about 0.7 ms;
/// level 5 saves another 0.7 KB for twice the time (BENCHMARKS.md, "Compression"). Answers
/// already compressed (the files) pass as they are.
pub fn compression() -> CompressionLayer {
    CompressionLayer::new()
        .br(true)
        .gzip(true)
        .no_deflate()
        .no_zstd()
        .quality(CompressionLevel::Precise(3))
}
