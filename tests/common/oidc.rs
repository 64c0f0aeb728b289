//! A real OpenID provider for tests: `oidc-provider` from npm (`scripts/setup` installs it with
//! the other npm tools), run by `oidc-provider.mjs` on a free loopback port with one client,
//! stopped when dropped.

// Each test binary that includes this module uses a part of it.
#![allow(dead_code)]

use tokio::io::AsyncBufReadExt;

pub const CLIENT_ID: &str = "slotbook-tests";
pub const CLIENT_SECRET: &str = "client-secret-of-the-tests";

pub struct OpenIdProvider {
    pub issuer: String,
    child: tokio::process::Child,
}

impl Drop for OpenIdProvider {
    fn drop(&mut self) {
        let _ = self.child.start_kill();
    }
}

pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

impl OpenIdProvider {
    /// A provider whose client may come back to `redirect_uri`. With `claims_in_id_token` the
    /// email and name are in the ID token; without, only at the UserInfo endpoint.
    pub async fn start(redirect_uri: &str, claims_in_id_token: bool) -> OpenIdProvider {
        let port = free_port();
        let script = format!(
            "{}/tests/common/oidc-provider.mjs",
            env!("CARGO_MANIFEST_DIR")
        );
        let mut child = tokio::process::Command::new("node")
            .arg(&script)
            .arg(port.to_string())
            .arg(CLIENT_ID)
            .arg(CLIENT_SECRET)
            .arg(redirect_uri)
            .env(
                "ID_TOKEN_CLAIMS",
                if claims_in_id_token { "1" } else { "0" },
            )
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .unwrap_or_else(|e| {
                panic!("start node {script} (scripts/setup installs npm tools): {e}")
            });
        let stdout = child.stdout.take().expect("provider stdout");
        let mut lines = tokio::io::BufReader::new(stdout).lines();
        let ready = tokio::time::timeout(std::time::Duration::from_secs(30), lines.next_line())
            .await
            .expect("the provider starts within 30 s")
            .expect("provider output")
            .expect("a ready line");
        assert!(ready.starts_with("ready "), "provider said {ready:?}");
        // The provider prints notices later on: its output is read to the end, or a write to
        // a closed pipe would stop it.
        tokio::spawn(async move { while let Ok(Some(_)) = lines.next_line().await {} });
        OpenIdProvider {
            issuer: format!("http://127.0.0.1:{port}"),
            child,
        }
    }

    /// slotbook's settings for this provider.
    pub fn settings(&self, create_users: &str) -> app::service::sso::SsoSettings {
        app::service::sso::SsoSettings {
            issuer: self.issuer.clone(),
            client_id: CLIENT_ID.into(),
            client_secret: CLIENT_SECRET.into(),
            name: "Acme ID".into(),
            create_users: app::domain::sso::AccountCreation::parse(create_users)
                .expect("creation rule"),
        }
    }

    /// Spoils the next ID token: `tamper` (payload changed, signature kept) or `none`
    /// (unsigned).
    pub async fn spoil_next_token(&self, mode: &str) {
        let status = reqwest::Client::new()
            .post(format!("{}/test/next-token?mode={mode}", self.issuer))
            .send()
            .await
            .expect("provider answers")
            .status();
        assert_eq!(status, 204);
    }
}
