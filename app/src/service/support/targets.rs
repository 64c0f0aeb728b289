//! Outgoing request targets (webhooks today, calendar servers later): which addresses are on the
//! public internet, and how a target URL is shown in logs and activities (scheme, host, port and
//! path: never userinfo or query, which often carry credentials or tokens).

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// Whether `ip` is on the public internet. Refused: loopback, private, shared (CGNAT),
/// link-local, benchmarking, IETF protocol assignments, documentation, reserved, multicast,
/// broadcast and unspecified IPv4; and in IPv6 the same, plus unique-local, site-local,
/// and every form that embeds an IPv4 address (mapped, compatible, NAT64, 6to4), judged by
/// the address it embeds.
pub fn is_public_ip(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => is_public_v4(v4),
        IpAddr::V6(v6) => is_public_v6(v6),
    }
}

fn is_public_v4(v4: Ipv4Addr) -> bool {
    let [a, b, c, _] = v4.octets();
    !(v4.is_loopback()
        || v4.is_private()
        || v4.is_link_local()
        || v4.is_unspecified()
        || v4.is_broadcast()
        || v4.is_multicast()
        || v4.is_documentation()
        || a == 0
        // 100.64.0.0/10 shared address space (carrier-grade NAT)
        || (a == 100 && (64..128).contains(&b))
        // 192.0.0.0/24 IETF protocol assignments
        || (a == 192 && b == 0 && c == 0)
        // 198.18.0.0/15 benchmarking
        || (a == 198 && (b & 0xfe) == 18)
        // 240.0.0.0/4 reserved
        || a >= 240)
}

fn is_public_v6(v6: Ipv6Addr) -> bool {
    let s = v6.segments();
    if let Some(v4) = embedded_v4(v6) {
        return is_public_v4(v4);
    }
    !(v6.is_loopback()
        || v6.is_unspecified()
        || v6.is_multicast()
        // fc00::/7 unique local
        || (s[0] & 0xfe00) == 0xfc00
        // fe80::/10 link-local
        || (s[0] & 0xffc0) == 0xfe80
        // fec0::/10 site-local (deprecated, still routed inside some networks)
        || (s[0] & 0xffc0) == 0xfec0
        // 2001:db8::/32 documentation
        || (s[0] == 0x2001 && s[1] == 0x0db8)
        // 100::/64 discard
        || (s[0] == 0x0100 && s[1..4] == [0, 0, 0]))
}

/// The IPv4 address an IPv6 address carries: IPv4-mapped `::ffff:a.b.c.d`, IPv4-compatible
/// `::a.b.c.d`, NAT64 `64:ff9b::/96` (and the local-use `64:ff9b:1::/48`), 6to4 `2002::/16`.
fn embedded_v4(v6: Ipv6Addr) -> Option<Ipv4Addr> {
    let s = v6.segments();
    let low = |hi: u16, lo: u16| {
        let [a, b] = hi.to_be_bytes();
        let [c, d] = lo.to_be_bytes();
        Ipv4Addr::new(a, b, c, d)
    };
    if let Some(v4) = v6.to_ipv4_mapped() {
        return Some(v4);
    }
    if s[..6] == [0, 0, 0, 0, 0, 0] && !(s[6] == 0 && s[7] <= 1) {
        return Some(low(s[6], s[7]));
    }
    if s[0] == 0x0064 && s[1] == 0xff9b && (s[2..6] == [0, 0, 0, 0] || s[2] == 1) {
        return Some(low(s[6], s[7]));
    }
    if s[0] == 0x2002 {
        return Some(low(s[1], s[2]));
    }
    None
}

/// The IP address a URL's host names literally (`http://10.0.0.1/`, `http://[::1]:8080/`).
pub fn literal_ip(url: &url::Url) -> Option<IpAddr> {
    match url.host()? {
        url::Host::Ipv4(v4) => Some(IpAddr::V4(v4)),
        url::Host::Ipv6(v6) => Some(IpAddr::V6(v6)),
        url::Host::Domain(_) => None,
    }
}

/// The host to resolve or connect to: a domain as is, an IPv6 literal without its brackets.
pub fn connect_host(url: &url::Url) -> Option<String> {
    match url.host()? {
        url::Host::Ipv6(v6) => Some(v6.to_string()),
        url::Host::Ipv4(v4) => Some(v4.to_string()),
        url::Host::Domain(d) => Some(d.to_string()),
    }
}

/// `url` as logs and activities show it: without userinfo, query and fragment.
pub fn redacted_url(text: &str) -> String {
    match url::Url::parse(text) {
        Ok(mut url) => {
            let _ = url.set_username("");
            let _ = url.set_password(None);
            url.set_query(None);
            url.set_fragment(None);
            url.to_string()
        }
        Err(_) => "(invalid URL)".into(),
    }
}

/// Why no request may go to a target.
#[derive(Debug, Clone, thiserror::Error)]
pub enum TargetError {
    #[error("invalid URL")]
    Invalid,
    #[error("cannot resolve {0}")]
    Unresolved(String),
    #[error("resolving {0} timed out")]
    ResolveTimedOut(String),
    #[error("refused: {0} resolves to an address outside the public internet")]
    Private(String),
}

/// A client bound to `url`'s host at the address that was checked: the host name is resolved
/// once, every address must be public (unless `allow_private`), and the connection goes to
/// that address, so a second lookup cannot rebind it. No redirects are followed (callers that
/// need them follow same-host ones themselves). `timeout` bounds the lookup, the connect and
/// each whole request.
pub async fn pinned_client(
    url: &url::Url,
    allow_private: bool,
    timeout: std::time::Duration,
) -> Result<reqwest::ClientBuilder, TargetError> {
    let host = connect_host(url).ok_or(TargetError::Invalid)?;
    let port = url.port_or_known_default().unwrap_or(443);
    let literal = literal_ip(url);
    let addresses: Vec<std::net::SocketAddr> = match literal {
        Some(ip) => vec![std::net::SocketAddr::new(ip, port)],
        None => tokio::time::timeout(timeout, tokio::net::lookup_host((host.as_str(), port)))
            .await
            .map_err(|_| TargetError::ResolveTimedOut(host.clone()))?
            .map_err(|_| TargetError::Unresolved(host.clone()))?
            .collect(),
    };
    if !allow_private && addresses.iter().any(|a| !is_public_ip(a.ip())) {
        return Err(TargetError::Private(host));
    }
    let pinned = *addresses
        .first()
        .ok_or_else(|| TargetError::Unresolved(host.clone()))?;
    let mut client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .connect_timeout(timeout)
        .timeout(timeout);
    if literal.is_none() {
        client = client.resolve(&host, pinned);
    }
    Ok(client)
}

/// A URL's scheme and host (and port), all that logs and error texts show of a target.
pub fn origin_of(url: &url::Url) -> String {
    match (url.host_str(), url.port()) {
        (Some(host), Some(port)) => format!("{}://{host}:{port}", url.scheme()),
        (Some(host), None) => format!("{}://{host}", url.scheme()),
        _ => url.scheme().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_outside_the_public_ranges_are_refused() {
        for ip in [
            "127.0.0.1",
            "10.1.2.3",
            "172.16.0.1",
            "192.168.1.1",
            "169.254.169.254",
            "100.64.0.1",
            "0.0.0.0",
            "192.0.0.8",
            "198.18.0.1",
            "198.19.255.255",
            "240.0.0.1",
            "255.255.255.255",
            "224.0.0.1",
            "192.0.2.1",
            "::1",
            "::",
            "fd00::1",
            "fe80::1",
            "fec0::1",
            "::ffff:127.0.0.1",
            "::127.0.0.1",
            "::a00:1",
            "64:ff9b::7f00:1",
            "64:ff9b::a9fe:a9fe",
            "64:ff9b:1::a00:1",
            "2002:7f00:1::",
            "2002:c0a8:101::1",
            "2001:db8::1",
            "ff02::1",
        ] {
            assert!(!is_public_ip(ip.parse().expect("ip")), "{ip}");
        }
    }

    #[test]
    fn public_addresses_pass_also_when_embedded() {
        for ip in [
            "93.184.216.34",
            "8.8.8.8",
            "198.20.0.1",
            "2606:4700::1111",
            "64:ff9b::808:808",
            "2002:808:808::1",
            "::ffff:8.8.8.8",
        ] {
            assert!(is_public_ip(ip.parse().expect("ip")), "{ip}");
        }
    }

    #[test]
    fn literal_hosts_are_found_without_brackets() {
        let url = url::Url::parse("http://[::1]:8080/hook").expect("url");
        assert_eq!(literal_ip(&url), Some("::1".parse().expect("ip")));
        assert_eq!(connect_host(&url).as_deref(), Some("::1"));
        let named = url::Url::parse("https://hooks.example.com/x").expect("url");
        assert_eq!(literal_ip(&named), None);
        assert_eq!(connect_host(&named).as_deref(), Some("hooks.example.com"));
    }

    #[test]
    fn shown_urls_carry_no_credentials_or_query() {
        assert_eq!(
            redacted_url("https://user:s3cret@hooks.example.com/path?token=abc#frag"),
            "https://hooks.example.com/path"
        );
        assert_eq!(redacted_url("not a url"), "(invalid URL)");
    }
}
