//! The languages the public pages, emails and dashboard speak (DESIGN 2.9): their codes, and
//! which one a visitor gets from the sources a request names (parameter, cookie, booking,
//! `Accept-Language`, calendar).

use serde::{Deserialize, Serialize};

/// One of the languages slotbook has catalogs for; written as its BCP 47 code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Lang {
    #[default]
    #[serde(rename = "en")]
    En,
    #[serde(rename = "de")]
    De,
    #[serde(rename = "fr")]
    Fr,
    #[serde(rename = "es")]
    Es,
    #[serde(rename = "pt-BR")]
    PtBr,
    #[serde(rename = "ar")]
    Ar,
    #[serde(rename = "ja")]
    Ja,
}

/// The cookie in which the public pages remember a language the visitor picked.
pub const LANG_COOKIE: &str = "slotbook_lang";

impl Lang {
    /// Every language, in the picker's order.
    pub const ALL: [Lang; 7] = [
        Lang::En,
        Lang::De,
        Lang::Fr,
        Lang::Es,
        Lang::PtBr,
        Lang::Ar,
        Lang::Ja,
    ];

    /// Its place in [`Lang::ALL`] (tables kept per language are in that order).
    pub fn index(self) -> usize {
        self as usize
    }

    /// The code as DESIGN 2.9 writes it (`lang=`, `<html lang>`, `Content-Language`, REST).
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::De => "de",
            Lang::Fr => "fr",
            Lang::Es => "es",
            Lang::PtBr => "pt-BR",
            Lang::Ar => "ar",
            Lang::Ja => "ja",
        }
    }

    /// The picker's option: the language's name in itself.
    pub fn own_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::De => "Deutsch",
            Lang::Fr => "Français",
            Lang::Es => "Español",
            Lang::PtBr => "Português (Brasil)",
            Lang::Ar => "العربية",
            Lang::Ja => "日本語",
        }
    }

    pub fn is_rtl(self) -> bool {
        self == Lang::Ar
    }

    /// `<html dir>`.
    pub fn dir(self) -> &'static str {
        if self.is_rtl() { "rtl" } else { "ltr" }
    }

    /// Exactly one of the codes (REST fields and stored values): no other spelling.
    pub fn from_code(code: &str) -> Option<Lang> {
        Lang::ALL.into_iter().find(|l| l.code() == code)
    }

    /// The language a BCP 47 tag names: the code itself in any case, or a tag whose primary
    /// subtag is a code's (`de-AT` is `de`, `pt` and `pt-PT` are `pt-BR`).
    pub fn from_tag(tag: &str) -> Option<Lang> {
        let tag = tag.trim();
        if let Some(lang) = Lang::ALL
            .into_iter()
            .find(|l| l.code().eq_ignore_ascii_case(tag))
        {
            return Some(lang);
        }
        let primary = tag.split(['-', '_']).next().unwrap_or_default();
        Lang::ALL.into_iter().find(|l| {
            let own = l.code().split('-').next().unwrap_or_default();
            !primary.is_empty() && own.eq_ignore_ascii_case(primary)
        })
    }

    /// The first language an `Accept-Language` header names, in q order (`q=0` excluded, ties
    /// in the header's order).
    pub fn from_accept_language(header: &str) -> Option<Lang> {
        let mut ranked: Vec<(u32, usize, &str)> = header
            .split(',')
            .enumerate()
            .filter_map(|(position, item)| {
                let mut parts = item.split(';');
                let tag = parts.next()?.trim();
                let quality = parts
                    .find_map(|p| p.trim().strip_prefix("q=").map(str::trim))
                    .map_or(Some(1000), parse_quality)?;
                (quality > 0 && !tag.is_empty()).then_some((quality, position, tag))
            })
            .collect();
        ranked.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        ranked
            .into_iter()
            .find_map(|(_, _, tag)| Lang::from_tag(tag))
    }
}

/// A `q` value in thousandths; `None` for a malformed one (the item is skipped).
fn parse_quality(text: &str) -> Option<u32> {
    let value: f64 = text.parse().ok()?;
    (0.0..=1.0)
        .contains(&value)
        .then(|| (value * 1000.0).round() as u32)
}

/// What a request says about its language, before the page knows its calendar or booking.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LangAsk {
    /// `lang` of the query or of a posted form.
    pub param: Option<String>,
    /// The `slotbook_lang` cookie.
    pub cookie: Option<String>,
    /// The `Accept-Language` header.
    pub accept: Option<String>,
}

impl LangAsk {
    /// The language the parameter names, if it names one (it then also sets the cookie).
    pub fn picked(&self) -> Option<Lang> {
        self.param.as_deref().and_then(Lang::from_tag)
    }

    /// The first source that names a language wins: parameter, cookie, the booking's
    /// language (pages of a booking), `Accept-Language`, the calendar's, then English.
    pub fn resolve(&self, booking: Option<Lang>, calendar: Option<Lang>) -> Lang {
        self.picked()
            .or_else(|| self.cookie.as_deref().and_then(Lang::from_tag))
            .or(booking)
            .or_else(|| self.accept.as_deref().and_then(Lang::from_accept_language))
            .or(calendar)
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tag_names_a_code_by_its_primary_subtag_in_any_case() {
        assert_eq!(Lang::from_tag("de-AT"), Some(Lang::De));
        assert_eq!(Lang::from_tag("EN-gb"), Some(Lang::En));
        assert_eq!(Lang::from_tag("pt"), Some(Lang::PtBr));
        assert_eq!(Lang::from_tag("pt-PT"), Some(Lang::PtBr));
        assert_eq!(Lang::from_tag("PT-br"), Some(Lang::PtBr));
        assert_eq!(Lang::from_tag("ar-SA"), Some(Lang::Ar));
        assert_eq!(Lang::from_tag("xx"), None);
        assert_eq!(Lang::from_tag(""), None);
        assert_eq!(Lang::from_tag("*"), None);
    }

    #[test]
    fn each_language_s_index_is_its_place_in_all() {
        for (place, lang) in Lang::ALL.into_iter().enumerate() {
            assert_eq!(lang.index(), place, "{}", lang.code());
        }
    }

    #[test]
    fn rest_fields_take_only_the_exact_codes() {
        assert_eq!(Lang::from_code("pt-BR"), Some(Lang::PtBr));
        assert_eq!(Lang::from_code("de-AT"), None);
        assert_eq!(Lang::from_code("DE"), None);
        assert_eq!(Lang::from_code(""), None);
    }

    #[test]
    fn accept_language_is_read_in_q_order_without_q0_and_ties_in_header_order() {
        assert_eq!(
            Lang::from_accept_language("xx, fr;q=0.5, de;q=0.9"),
            Some(Lang::De)
        );
        assert_eq!(
            Lang::from_accept_language("de;q=0, ja;q=0.1"),
            Some(Lang::Ja)
        );
        assert_eq!(
            Lang::from_accept_language("es;q=0.8, fr;q=0.8"),
            Some(Lang::Es)
        );
        assert_eq!(Lang::from_accept_language("da, nl;q=0.7"), None);
        assert_eq!(Lang::from_accept_language("fr;q=bad, ar"), Some(Lang::Ar));
    }

    #[test]
    fn the_first_source_that_names_a_language_wins() {
        let ask = |param: Option<&str>, cookie: Option<&str>, accept: Option<&str>| LangAsk {
            param: param.map(String::from),
            cookie: cookie.map(String::from),
            accept: accept.map(String::from),
        };
        let all = ask(Some("ja"), Some("fr"), Some("de"));
        assert_eq!(all.resolve(Some(Lang::Es), Some(Lang::Ar)), Lang::Ja);
        let unknown_param = ask(Some("xx"), Some("fr"), Some("de"));
        assert_eq!(unknown_param.resolve(None, None), Lang::Fr);
        let header_only = ask(None, None, Some("de-CH"));
        assert_eq!(
            header_only.resolve(Some(Lang::Es), Some(Lang::Ar)),
            Lang::Es
        );
        assert_eq!(header_only.resolve(None, Some(Lang::Ar)), Lang::De);
        assert_eq!(
            ask(None, None, None).resolve(None, Some(Lang::Ar)),
            Lang::Ar
        );
        assert_eq!(ask(None, None, Some("nl")).resolve(None, None), Lang::En);
    }
}
