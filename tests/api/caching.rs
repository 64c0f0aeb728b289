//! How answers travel: compressed as the client accepts, with a `Cache-Control` that says what
//! may be kept; the browser files under hashed names, compressed at build time and kept for a
//! year; and the booking page's first HTML in the zone the visitor's browser gave last time.

use reqwest::StatusCode;
use reqwest::header::{ACCEPT_ENCODING, CACHE_CONTROL, CONTENT_ENCODING, COOKIE, VARY};
use serde_json::Value;

use crate::support::TestApp;

/// A client that decodes nothing, so the answer's encoding can be seen.
fn raw_client() -> reqwest::Client {
    reqwest::Client::builder()
        .no_gzip()
        .no_brotli()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("client")
}

fn header(response: &reqwest::Response, name: reqwest::header::HeaderName) -> String {
    response
        .headers()
        .get_all(name)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .collect::<Vec<_>>()
        .join(", ")
}

#[tokio::test]
async fn answers_are_compressed_as_the_client_accepts_and_say_they_are_not_stored() {
    let app = TestApp::spawn().await;
    let raw = raw_client();
    let url = format!("{}/api/v2/openapi.json", app.base);
    // Made per request, the answer is gzipped whole where gzip is welcome as much as brotli
    // (four times faster for the same size); brotli where only it is, or it is preferred.
    for (accepted, expected) in [
        ("br", "br"),
        ("gzip", "gzip"),
        ("br, gzip", "gzip"),
        ("br;q=1, gzip;q=0.5", "br"),
        ("identity", ""),
    ] {
        let response = raw
            .get(&url)
            .header(ACCEPT_ENCODING, accepted)
            .send()
            .await
            .expect("request");
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(header(&response, CONTENT_ENCODING), expected, "{accepted}");
        assert_eq!(header(&response, CACHE_CONTROL), "no-store");
        if !expected.is_empty() {
            assert!(
                header(&response, VARY)
                    .to_ascii_lowercase()
                    .contains("accept-encoding")
            );
        }
    }
    // The decoding client reads the same document.
    let decoded: Value = app
        .client
        .get(&url)
        .send()
        .await
        .expect("request")
        .json()
        .await
        .expect("JSON after decoding");
    assert!(decoded["paths"].is_object());
    // Pages with personal data (the dashboard, the login) are not stored either.
    let login = raw
        .get(format!("{}/login", app.base))
        .send()
        .await
        .expect("login");
    assert_eq!(header(&login, CACHE_CONTROL), "no-store");
}

#[tokio::test]
async fn browser_files_are_served_compressed_under_hashed_names_and_kept_a_year() {
    let site = tempfile::tempdir().expect("site");
    let pkg = site.path().join("pkg");
    std::fs::create_dir_all(&pkg).expect("pkg");
    let script = "console.log('hydrate');".repeat(40);
    std::fs::write(pkg.join("slotbook-public.0123456789abcdef.js"), &script).expect("js");
    std::fs::write(
        pkg.join("slotbook-public.0123456789abcdef.js.gz"),
        b"gzip copy",
    )
    .expect("gz");
    std::fs::write(
        pkg.join("slotbook-public.0123456789abcdef.js.br"),
        b"brotli copy",
    )
    .expect("br");
    std::fs::write(pkg.join("slotbook.fedcba9876543210.css"), "body{}").expect("css");
    std::fs::write(
        site.path().join("assets.txt"),
        "slotbook-public slotbook-public.0123456789abcdef\nslotbook.css slotbook.fedcba9876543210.css\n",
    )
    .expect("list");
    let root = site.path().display().to_string();
    let app = TestApp::spawn_with(|c| c.site_root = root).await;
    let raw = raw_client();
    let file = format!("{}/pkg/slotbook-public.0123456789abcdef.js", app.base);
    for (accepted, encoding, body) in [
        ("br, gzip", "br", "brotli copy".to_string()),
        ("gzip", "gzip", "gzip copy".to_string()),
        ("identity", "", script.clone()),
    ] {
        let response = raw
            .get(&file)
            .header(ACCEPT_ENCODING, accepted)
            .send()
            .await
            .expect("file");
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(header(&response, CONTENT_ENCODING), encoding, "{accepted}");
        assert_eq!(
            header(&response, CACHE_CONTROL),
            "public, max-age=31536000, immutable"
        );
        // The copy made at build time, not one compressed per request.
        assert_eq!(response.text().await.expect("body"), body);
    }
    // Every public page names the hashed files.
    let page = raw
        .get(format!("{}/no-such-calendar", app.base))
        .send()
        .await
        .expect("page");
    let html = page.text().await.expect("html");
    assert!(
        html.contains("/pkg/slotbook-public.0123456789abcdef.js"),
        "{html}"
    );
    assert!(
        html.contains("/pkg/slotbook-public.0123456789abcdef_bg.wasm"),
        "{html}"
    );
    assert!(
        html.contains("/pkg/slotbook.fedcba9876543210.css"),
        "{html}"
    );
    let missing = raw
        .get(format!("{}/pkg/slotbook-public.js", app.base))
        .send()
        .await
        .expect("old name");
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);

    // A form answered with its messages names them too, and is not to be stored (it shows
    // what was typed).
    let (_, _, _, path) = crate::pages::berlin_event(&app).await;
    let date = crate::pages::tomorrow_in(chrono_tz::Europe::Berlin);
    let refused = raw
        .post(format!("{}{path}?date={date}&time=10%3A00", app.base))
        .form(&[("name", "Ann"), ("email", "not-an-address")])
        .send()
        .await
        .expect("form");
    assert_eq!(refused.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(header(&refused, CACHE_CONTROL), "no-store");
    let html = refused.text().await.expect("html");
    assert!(
        html.contains("not-an-address"),
        "the typed value comes back"
    );
    assert!(
        html.contains("/pkg/slotbook-public.0123456789abcdef.js"),
        "{html}"
    );
    assert!(
        html.contains("/pkg/slotbook.fedcba9876543210.css"),
        "{html}"
    );
}

#[tokio::test]
async fn the_booking_page_shows_the_remembered_zone_unless_the_address_names_one() {
    let app = TestApp::spawn().await;
    let (_, _, _, page_path) = crate::pages::berlin_event(&app).await;
    let path = format!("{}{page_path}", app.base);
    let raw = raw_client();
    let visit = async |query: &str, cookie: Option<&str>| {
        let mut request = raw.get(format!("{path}{query}"));
        if let Some(cookie) = cookie {
            request = request.header(COOKIE, cookie);
        }
        request.send().await.expect("page")
    };

    let first = visit("", None).await;
    assert_eq!(first.status(), StatusCode::OK);
    assert_eq!(header(&first, CACHE_CONTROL), "no-cache");
    assert!(header(&first, VARY).to_ascii_lowercase().contains("cookie"));
    assert!(
        first
            .text()
            .await
            .expect("html")
            .contains("Europe/Berlin, UTC+")
    );

    let remembered = visit("", Some("other=1; slotbook_tz=Asia/Tokyo")).await;
    let html = remembered.text().await.expect("html");
    assert!(
        html.contains("Asia/Tokyo, UTC+09:00"),
        "the remembered zone"
    );
    // The links do not carry it: the address stays the visitor's choice.
    assert!(!html.contains("tz=Asia"), "links name no zone");

    let chosen = visit("?tz=America%2FNew_York", Some("slotbook_tz=Asia/Tokyo")).await;
    assert!(
        chosen
            .text()
            .await
            .expect("html")
            .contains("America/New_York, UTC-0")
    );

    // A cookie naming no zone is ignored without a notice.
    let nonsense = visit("", Some("slotbook_tz=Mars/Base")).await;
    assert_eq!(nonsense.status(), StatusCode::OK);
    let html = nonsense.text().await.expect("html");
    assert!(html.contains("Europe/Berlin, UTC+"));
    assert!(!html.contains("Mars"), "no notice about the cookie");
}

#[tokio::test]
async fn a_page_travels_in_one_piece_and_compressed_reads_the_same() {
    let app = TestApp::spawn().await;
    let (_, _, _, page_path) = crate::pages::berlin_event(&app).await;
    let url = format!("{}{page_path}?tz=Europe%2FBerlin", app.base);
    // Uncompressed, the whole page is gathered before it is sent: its length is known.
    let plain = raw_client()
        .get(&url)
        .header(ACCEPT_ENCODING, "identity")
        .send()
        .await
        .expect("page");
    assert_eq!(plain.status(), StatusCode::OK);
    let length = plain.content_length().expect("a page of known length");
    let plain = plain.text().await.expect("html");
    assert_eq!(length as usize, plain.len());
    // Compressed either way (and decoded by the client), it is the same page but for its
    // nonces.
    let nonce = regex::Regex::new(r#"nonce="[^"]*""#).expect("pattern");
    for (accepts, encoding) in [("br", "br"), ("gzip, br", "gzip")] {
        let response = app
            .client
            .get(&url)
            .header(ACCEPT_ENCODING, accepts)
            .send()
            .await
            .expect("page");
        assert_eq!(header(&response, CONTENT_ENCODING), "", "decoded");
        let decoded = response.text().await.expect("decoded html");
        assert_eq!(
            nonce.replace_all(&plain, "").len(),
            nonce.replace_all(&decoded, "").len(),
            "{encoding}"
        );
        assert!(decoded.contains("time="), "{encoding}: the times are in it");
        let raw = raw_client()
            .get(&url)
            .header(ACCEPT_ENCODING, accepts)
            .send()
            .await
            .expect("page");
        assert_eq!(header(&raw, CONTENT_ENCODING), encoding);
        let on_the_wire = raw.bytes().await.expect("bytes").len();
        assert!(
            on_the_wire * 3 < plain.len(),
            "{encoding}: {on_the_wire} bytes"
        );
    }
}
