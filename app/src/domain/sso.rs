//! Single sign-on's rules that need no provider (DESIGN 2.10): who may become a host on a
//! first login, and the login and name such a new host gets from the provider's claims.

/// `SLOTBOOK_OIDC_CREATE_USERS`: whose unknown verified email becomes a new host.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum AccountCreation {
    /// Unset or empty: only existing users log in.
    #[default]
    Never,
    /// `*`: any verified email.
    AnyEmail,
    /// Email domains, lowercase (`example.com,example.org`).
    Domains(Vec<String>),
}

impl AccountCreation {
    /// Reads the variable's text; a domain that cannot be one is an error naming it.
    pub fn parse(text: &str) -> Result<AccountCreation, String> {
        let text = text.trim();
        if text.is_empty() {
            return Ok(AccountCreation::Never);
        }
        if text == "*" {
            return Ok(AccountCreation::AnyEmail);
        }
        let mut domains = Vec::new();
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let domain = part.trim_start_matches('@').to_ascii_lowercase();
            let plausible = domain.contains('.')
                && !domain.starts_with('.')
                && !domain.ends_with('.')
                && domain
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '.' || c == '-');
            if !plausible {
                return Err(format!("{part:?} is not an email domain"));
            }
            domains.push(domain);
        }
        Ok(AccountCreation::Domains(domains))
    }

    /// Whether an unknown user with this (verified) email becomes a host.
    pub fn allows(&self, email: &str) -> bool {
        match self {
            AccountCreation::Never => false,
            AccountCreation::AnyEmail => email.contains('@'),
            AccountCreation::Domains(domains) => email
                .rsplit_once('@')
                .is_some_and(|(_, domain)| domains.iter().any(|d| d.eq_ignore_ascii_case(domain))),
        }
    }
}

/// The longest login slotbook accepts (the users route's rule).
const MAX_LOGIN_CHARS: usize = 60;

/// A new host's login: the email's local part in the characters a login may hold, lowercase,
/// made unique by a number (`ann`, `ann2`, `ann3`, ...) among the logins `taken` says exist.
pub fn login_for(email: &str, taken: impl Fn(&str) -> bool) -> String {
    let local = email.rsplit_once('@').map_or(email, |(local, _)| local);
    let mut base: String = local
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || "._-".contains(*c))
        .map(|c| c.to_ascii_lowercase())
        .take(MAX_LOGIN_CHARS - 6)
        .collect();
    if base.is_empty() {
        base = "user".into();
    }
    if !taken(&base) {
        return base;
    }
    (2u32..)
        .map(|n| format!("{base}{n}"))
        .find(|candidate| !taken(candidate))
        .unwrap_or(base)
}

/// A new host's first and last name from the claims: `name` (its first word is the first
/// name), else `given_name` and `family_name`, else the login.
pub fn names_for(
    name: Option<&str>,
    given_name: Option<&str>,
    family_name: Option<&str>,
    login: &str,
) -> (String, String) {
    let clean = |text: Option<&str>| -> String {
        text.unwrap_or_default()
            .chars()
            .filter(|c| !c.is_control())
            .take(100)
            .collect::<String>()
            .trim()
            .to_string()
    };
    let full = clean(name);
    if !full.is_empty() {
        let (first, last) = full.split_once(' ').unwrap_or((&full, ""));
        return (first.trim().to_string(), last.trim().to_string());
    }
    let (given, family) = (clean(given_name), clean(family_name));
    if given.is_empty() && family.is_empty() {
        return (login.to_string(), String::new());
    }
    (given, family)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn creation_follows_the_variable() {
        assert_eq!(AccountCreation::parse("").unwrap(), AccountCreation::Never);
        assert_eq!(
            AccountCreation::parse(" * ").unwrap(),
            AccountCreation::AnyEmail
        );
        let domains = AccountCreation::parse("Example.com, @example.org").unwrap();
        assert!(domains.allows("ann@EXAMPLE.com"));
        assert!(domains.allows("bob@example.org"));
        assert!(!domains.allows("eve@example.com.evil.test"));
        assert!(!domains.allows("eve@sub.example.com"));
        assert!(!AccountCreation::Never.allows("ann@example.com"));
        assert!(AccountCreation::AnyEmail.allows("ann@anywhere.test"));
        assert!(AccountCreation::parse("example.com,not a domain").is_err());
        assert!(AccountCreation::parse("localhost").is_err());
    }

    #[test]
    fn a_new_login_comes_from_the_local_part_and_is_unique() {
        assert_eq!(login_for("Ann.Lee@example.com", |_| false), "ann.lee");
        let taken = ["ann", "ann2"];
        assert_eq!(login_for("ann@example.com", |l| taken.contains(&l)), "ann3");
        assert_eq!(
            login_for("\"quoted\"+tag@example.com", |_| false),
            "quotedtag"
        );
        assert_eq!(login_for("+++@example.com", |_| false), "user");
        let long = format!("{}@example.com", "a".repeat(200));
        assert!(login_for(&long, |_| false).len() <= MAX_LOGIN_CHARS);
    }

    #[test]
    fn a_new_name_prefers_name_then_given_and_family() {
        assert_eq!(
            names_for(Some("Ann Lee Smith"), Some("X"), None, "ann"),
            ("Ann".into(), "Lee Smith".into())
        );
        assert_eq!(
            names_for(None, Some("Ann"), Some("Lee"), "ann"),
            ("Ann".into(), "Lee".into())
        );
        assert_eq!(
            names_for(Some(" \n "), None, None, "ann"),
            ("ann".into(), String::new())
        );
    }
}
