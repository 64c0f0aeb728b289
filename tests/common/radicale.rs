//! A Radicale CalDAV server for tests: started on a free loopback port with its own folder,
//! users `alice` and `bob` (password `<name>-pw`), stopped when dropped. The binary comes from
//! `SLOTBOOK_TEST_RADICALE` or `target/radicale` (`scripts/setup --caldav` installs it).

// Each test binary that includes this module uses a part of it.
#![allow(dead_code)]

use reqwest::Method;

/// A Radicale server with its own folder, users `alice` and `bob` (password `<name>-pw`).
pub struct Radicale {
    pub base: String,
    child: tokio::process::Child,
    _dir: tempfile::TempDir,
}

impl Drop for Radicale {
    fn drop(&mut self) {
        let _ = self.child.start_kill();
    }
}

fn radicale_binary() -> String {
    std::env::var("SLOTBOOK_TEST_RADICALE").unwrap_or_else(|_| {
        format!(
            "{}/target/radicale/bin/radicale",
            env!("CARGO_MANIFEST_DIR")
        )
    })
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

impl Radicale {
    pub async fn start() -> Radicale {
        let dir = tempfile::tempdir().expect("radicale dir");
        let port = free_port();
        std::fs::write(dir.path().join("users"), "alice:alice-pw\nbob:bob-pw\n").expect("users");
        let config = format!(
            "[server]\nhosts = 127.0.0.1:{port}\n[auth]\ntype = htpasswd\nhtpasswd_filename = {users}\nhtpasswd_encryption = plain\n\
             [rights]\ntype = owner_only\n[storage]\nfilesystem_folder = {store}\n[logging]\nlevel = warning\n",
            users = dir.path().join("users").display(),
            store = dir.path().join("collections").display(),
        );
        std::fs::write(dir.path().join("config"), config).expect("config");
        let binary = radicale_binary();
        let child = tokio::process::Command::new(&binary)
            .arg("--config")
            .arg(dir.path().join("config"))
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .unwrap_or_else(|e| {
                panic!("start Radicale at {binary} (scripts/setup --caldav installs it): {e}")
            });
        let base = format!("http://127.0.0.1:{port}");
        for _ in 0..100 {
            if tokio::net::TcpStream::connect(("127.0.0.1", port))
                .await
                .is_ok()
            {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        Radicale {
            base,
            child,
            _dir: dir,
        }
    }

    async fn call(&self, method: &str, path: &str, user: &str, body: Option<String>) -> u16 {
        let client = reqwest::Client::new();
        let mut request = client
            .request(
                Method::from_bytes(method.as_bytes()).expect("method"),
                format!("{}{path}", self.base),
            )
            .basic_auth(user, Some(format!("{user}-pw")));
        if let Some(body) = body {
            let kind = if method == "PUT" {
                "text/calendar"
            } else {
                "application/xml"
            };
            request = request.header("content-type", kind).body(body);
        }
        request
            .send()
            .await
            .expect("radicale answers")
            .status()
            .as_u16()
    }

    /// A calendar collection `/<user>/<slug>/` named `name`.
    pub async fn calendar(&self, user: &str, slug: &str, name: &str) {
        let body = format!(
            r#"<?xml version="1.0"?><C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop><D:displayname>{name}</D:displayname><C:supported-calendar-component-set><C:comp name="VEVENT"/></C:supported-calendar-component-set></D:prop></D:set></C:mkcalendar>"#
        );
        let status = self
            .call("MKCALENDAR", &format!("/{user}/{slug}/"), user, Some(body))
            .await;
        assert_eq!(status, 201, "MKCALENDAR /{user}/{slug}/");
    }

    /// Puts one event (a VEVENT text, or several sharing one UID) as `<uid>.ics`.
    pub async fn put_event(&self, user: &str, slug: &str, uid: &str, vevents: &str) {
        let status = self
            .call(
                "PUT",
                &format!("/{user}/{slug}/{uid}.ics"),
                user,
                Some(ics(vevents)),
            )
            .await;
        assert!(status == 201 || status == 204, "PUT event: {status}");
    }

    pub async fn delete_event(&self, user: &str, slug: &str, uid: &str) {
        let status = self
            .call("DELETE", &format!("/{user}/{slug}/{uid}.ics"), user, None)
            .await;
        assert!(status == 200 || status == 204, "DELETE event: {status}");
    }
}

impl Radicale {
    /// The events in `/<user>/<slug>/` as iCalendar texts.
    pub async fn objects(&self, user: &str, slug: &str) -> Vec<String> {
        let body = r#"<?xml version="1.0"?><C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop><C:calendar-data/></D:prop><C:filter><C:comp-filter name="VCALENDAR"/></C:filter></C:calendar-query>"#;
        let text = reqwest::Client::new()
            .request(
                Method::from_bytes(b"REPORT").expect("method"),
                format!("{}/{user}/{slug}/", self.base),
            )
            .basic_auth(user, Some(format!("{user}-pw")))
            .header("depth", "1")
            .header("content-type", "application/xml")
            .body(body)
            .send()
            .await
            .expect("report")
            .text()
            .await
            .expect("body");
        let doc = roxmltree::Document::parse(&text).expect("multistatus");
        doc.descendants()
            .filter(|n| n.tag_name().name() == "calendar-data")
            .filter_map(|n| n.text().map(|t| t.replace("\r\n ", "").replace("\n ", "")))
            .collect()
    }
}

fn ics(vevents: &str) -> String {
    format!(
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//slotbook tests//EN\r\n{vevents}END:VCALENDAR\r\n"
    )
}
