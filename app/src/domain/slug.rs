//! Calendar slugs: the public address `/{slug}` of a calendar.

/// Why a slug cannot be used (before checking whether it is taken).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SlugProblem {
    TooShort,
    TooLong,
    BadCharacters,
    Numeric,
    Reserved,
}

impl SlugProblem {
    pub fn message(self) -> &'static str {
        match self {
            SlugProblem::TooShort => "The slug must be at least 4 characters long",
            SlugProblem::TooLong => "The slug may not be longer than 64 characters",
            SlugProblem::BadCharacters => {
                "The slug may only contain letters, numbers, dashes and underscores"
            }
            SlugProblem::Numeric => "The slug may not be a number",
            SlugProblem::Reserved => "This slug is reserved",
        }
    }
}

/// Paths the service itself answers at the top level, plus common reserved words. A calendar
/// slug is the first path segment of its public page, so these can never be slugs.
const RESERVED: &[&str] = &[
    "about",
    "account",
    "admin",
    "administrator",
    "ajax",
    "anonymous",
    "api",
    "app",
    "assets",
    "auth",
    "billing",
    "blog",
    "book",
    "booking",
    "bookings",
    "calendar",
    "calendars",
    "cancel",
    "config",
    "contact",
    "dashboard",
    "default",
    "delete",
    "demo",
    "docs",
    "download",
    "edit",
    "email",
    "event",
    "events",
    "favicon.ico",
    "feeds",
    "help",
    "home",
    "host",
    "hosts",
    "index",
    "info",
    "login",
    "logout",
    "mail",
    "mcp",
    "null",
    "openapi",
    "page",
    "pages",
    "password",
    "payment",
    "pkg",
    "privacy",
    "public",
    "register",
    "report",
    "reports",
    "reschedule",
    "root",
    "schedule",
    "schedules",
    "settings",
    "signin",
    "signup",
    "static",
    "status",
    "support",
    "system",
    "team",
    "terms",
    "test",
    "user",
    "users",
    "waitlist",
    "healthz",
    "readyz",
    "metrics",
    "_app",
    "wp-admin",
    "wp-json",
];

/// Longest accepted slug.
pub const MAX_SLUG_CHARS: usize = 64;

/// Checks the form of a slug; whether it is taken is the store's question.
pub fn check_slug(slug: &str) -> Result<(), SlugProblem> {
    if slug.chars().count() < 4 {
        return Err(SlugProblem::TooShort);
    }
    if slug.chars().count() > MAX_SLUG_CHARS {
        return Err(SlugProblem::TooLong);
    }
    if !slug
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    {
        return Err(SlugProblem::BadCharacters);
    }
    if slug.chars().all(|c| c.is_ascii_digit()) {
        return Err(SlugProblem::Numeric);
    }
    if RESERVED.contains(&slug.to_ascii_lowercase().as_str()) {
        return Err(SlugProblem::Reserved);
    }
    Ok(())
}

/// Turns a title or login into a slug candidate: lower case ASCII letters and digits joined by
/// single dashes. Too short a result is padded so it can still pass [`check_slug`].
pub fn slugify(text: &str) -> String {
    let mut slug = String::new();
    for c in text.chars() {
        if c.is_ascii_alphanumeric() {
            slug.push(c.to_ascii_lowercase());
        } else if !slug.ends_with('-') && !slug.is_empty() {
            slug.push('-');
        }
    }
    let mut slug: String = slug
        .trim_end_matches('-')
        .chars()
        .take(MAX_SLUG_CHARS - 8)
        .collect();
    while slug.ends_with('-') {
        slug.pop();
    }
    if slug.len() < 4 || check_slug(&slug).is_err() {
        slug = if slug.is_empty() {
            "my-calendar".to_string()
        } else {
            format!("{slug}-cal")
        };
    }
    slug
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn check_slug_accepts_letters_digits_dashes_underscores() {
        assert_eq!(check_slug("jane-doe_2"), Ok(()));
    }

    #[test]
    fn check_slug_refuses_each_bad_form() {
        assert_eq!(check_slug("abc"), Err(SlugProblem::TooShort));
        assert_eq!(check_slug(&"a".repeat(65)), Err(SlugProblem::TooLong));
        assert_eq!(check_slug("jane doe"), Err(SlugProblem::BadCharacters));
        assert_eq!(check_slug("12345"), Err(SlugProblem::Numeric));
        assert_eq!(check_slug("Admin"), Err(SlugProblem::Reserved));
    }

    #[test]
    fn slugify_makes_a_valid_slug_from_any_title() {
        assert_eq!(slugify("Jane Doe's Team!"), "jane-doe-s-team");
        assert_eq!(slugify("Ab"), "ab-cal");
        assert_eq!(slugify("日本"), "my-calendar");
        assert_eq!(slugify("admin"), "admin-cal");
        for title in ["x", "Sales", "  --  ", "Jöhn Smïth"] {
            assert_eq!(check_slug(&slugify(title)), Ok(()), "{title}");
        }
    }
}
