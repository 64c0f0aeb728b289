//! The Fluent catalogs, compiled into the binary and parsed once per process.

use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};

use super::{Arg, Lang};

/// Each language's catalog file, by code.
pub(super) const SOURCES: [(Lang, &str); 7] = [
    (Lang::En, include_str!("../../locales/en.ftl")),
    (Lang::De, include_str!("../../locales/de.ftl")),
    (Lang::Fr, include_str!("../../locales/fr.ftl")),
    (Lang::Es, include_str!("../../locales/es.ftl")),
    (Lang::PtBr, include_str!("../../locales/pt-BR.ftl")),
    (Lang::Ar, include_str!("../../locales/ar.ftl")),
    (Lang::Ja, include_str!("../../locales/ja.ftl")),
];

/// The dashboard's and login's own catalogs (DESIGN 2.9: English and German complete); a
/// host of another language reads them in English.
pub(super) const DASHBOARD_SOURCES: [(Lang, &str); 2] = [
    (Lang::En, include_str!("../../locales/dashboard/en.ftl")),
    (Lang::De, include_str!("../../locales/dashboard/de.ftl")),
];

type Bundle = FluentBundle<FluentResource>;

fn parsed(sources: &[(Lang, &str)]) -> Vec<Bundle> {
    sources
        .iter()
        .map(|(lang, source)| bundle(*lang, source))
        .collect()
}

fn bundles() -> &'static [Bundle] {
    static BUNDLES: OnceLock<Vec<Bundle>> = OnceLock::new();
    BUNDLES.get_or_init(|| parsed(&SOURCES))
}

fn dashboard_bundles() -> &'static [Bundle] {
    static BUNDLES: OnceLock<Vec<Bundle>> = OnceLock::new();
    BUNDLES.get_or_init(|| parsed(&DASHBOARD_SOURCES))
}

/// A catalog's bundle. A file that does not parse keeps the messages that do (the unit tests
/// refuse any error, so a shipped catalog has none).
pub(super) fn bundle(lang: Lang, source: &str) -> Bundle {
    let resource =
        FluentResource::try_new(source.to_string()).unwrap_or_else(|(partial, _)| partial);
    let id = lang.code().parse().unwrap_or_default();
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    // Unicode isolation marks would reach attributes and plain-text emails; the pages isolate
    // what needs it (`<bdi>`) themselves.
    bundle.set_use_isolating(false);
    if let Err(errors) = bundle.add_resource(resource) {
        tracing::error!(
            ?errors,
            lang = lang.code(),
            "catalog has duplicate messages"
        );
    }
    bundle
}

pub(super) fn format(lang: Lang, id: &str, args: &[(&str, Arg<'_>)]) -> String {
    in_own_else_english(bundles(), lang.index(), id, args)
}

/// A dashboard message in `lang`, else in English.
pub(super) fn format_dashboard(lang: Lang, id: &str, args: &[(&str, Arg<'_>)]) -> String {
    let own = DASHBOARD_SOURCES
        .iter()
        .position(|(code, _)| *code == lang)
        .unwrap_or(0);
    in_own_else_english(dashboard_bundles(), own, id, args)
}

/// Whether `text` is one of the dashboard catalog's texts in `lang` as written (a message
/// without placeholders): a refusal the dashboard already said in its user's language.
pub(super) fn is_dashboard_text(lang: Lang, text: &str) -> bool {
    use std::collections::HashSet;
    static TEXTS: OnceLock<Vec<HashSet<String>>> = OnceLock::new();
    let all = TEXTS.get_or_init(|| {
        DASHBOARD_SOURCES
            .iter()
            .zip(dashboard_bundles())
            .map(|((_, source), bundle)| {
                // A message starts its line with its id: "id = text".
                source
                    .lines()
                    .filter(|line| line.starts_with(|c: char| c.is_ascii_alphabetic()))
                    .filter_map(|line| line.split_once(" ="))
                    .filter_map(|(id, _)| format_in(bundle, id.trim(), &[]))
                    .collect()
            })
            .collect()
    });
    DASHBOARD_SOURCES
        .iter()
        .position(|(code, _)| *code == lang)
        .is_some_and(|own| all[own].contains(text))
}

/// Message `id` from bundle `own` of `all`, else from the first (English); its id if neither
/// has it (a unit test forbids that).
fn in_own_else_english(all: &[Bundle], own: usize, id: &str, args: &[(&str, Arg<'_>)]) -> String {
    [&all[own], &all[0]]
        .into_iter()
        .find_map(|bundle| format_in(bundle, id, args))
        .unwrap_or_else(|| id.to_string())
}

fn format_in(bundle: &Bundle, id: &str, args: &[(&str, Arg<'_>)]) -> Option<String> {
    let pattern = bundle.get_message(id)?.value()?;
    let mut fluent_args = FluentArgs::new();
    for (name, value) in args {
        let value = match value {
            Arg::Text(text) => FluentValue::from(*text),
            Arg::Number(n) => FluentValue::from(*n),
        };
        fluent_args.set(*name, value);
    }
    let mut errors = Vec::new();
    let text = bundle.format_pattern(pattern, Some(&fluent_args), &mut errors);
    Some(text.into_owned())
}

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, BTreeSet};

    use fluent_syntax::ast;

    use super::*;

    /// Each message's id and the placeholders (`$name`) its text uses, variants included.
    fn messages(source: &str) -> BTreeMap<String, BTreeSet<String>> {
        let resource = fluent_syntax::parser::parse(source).expect("the catalog parses");
        resource
            .body
            .iter()
            .filter_map(|entry| match entry {
                ast::Entry::Message(m) => Some(m),
                _ => None,
            })
            .map(|m| {
                let mut names = BTreeSet::new();
                if let Some(value) = &m.value {
                    placeholders(value, &mut names);
                }
                (m.id.name.to_string(), names)
            })
            .collect()
    }

    fn placeholders(pattern: &ast::Pattern<&str>, names: &mut BTreeSet<String>) {
        for element in &pattern.elements {
            if let ast::PatternElement::Placeable { expression } = element {
                expression_names(expression, names);
            }
        }
    }

    fn expression_names(expression: &ast::Expression<&str>, names: &mut BTreeSet<String>) {
        match expression {
            ast::Expression::Select { selector, variants } => {
                inline_names(selector, names);
                for variant in variants {
                    placeholders(&variant.value, names);
                }
            }
            ast::Expression::Inline(inline) => inline_names(inline, names),
        }
    }

    fn inline_names(inline: &ast::InlineExpression<&str>, names: &mut BTreeSet<String>) {
        match inline {
            ast::InlineExpression::VariableReference { id } => {
                names.insert(id.name.to_string());
            }
            ast::InlineExpression::Placeable { expression } => expression_names(expression, names),
            _ => {}
        }
    }

    #[test]
    fn every_catalog_has_the_english_keys_with_the_same_placeholders() {
        let english = messages(SOURCES[0].1);
        assert!(english.len() > 100, "{}", english.len());
        for (lang, source) in &SOURCES[1..] {
            let theirs = messages(source);
            assert_eq!(
                theirs.keys().collect::<Vec<_>>(),
                english.keys().collect::<Vec<_>>(),
                "{} has other keys than en",
                lang.code()
            );
            for (id, names) in &english {
                assert_eq!(&theirs[id], names, "{} {id}", lang.code());
            }
        }
    }

    #[test]
    fn the_dashboard_catalogs_have_the_english_keys_with_the_same_placeholders() {
        let english = messages(DASHBOARD_SOURCES[0].1);
        assert!(english.len() > 500, "{}", english.len());
        for (lang, source) in &DASHBOARD_SOURCES[1..] {
            let theirs = messages(source);
            let missing: Vec<_> = english
                .keys()
                .filter(|k| !theirs.contains_key(*k))
                .collect();
            let extra: Vec<_> = theirs
                .keys()
                .filter(|k| !english.contains_key(*k))
                .collect();
            assert!(
                missing.is_empty() && extra.is_empty(),
                "{}: missing {missing:?}, not in en {extra:?}",
                lang.code()
            );
            for (id, names) in &english {
                assert_eq!(&theirs[id], names, "{} {id}", lang.code());
            }
        }
    }

    /// The message ids the dashboard's code names: `t("id")`, `tf("id", ..)` and the tables
    /// of labels.
    fn dashboard_ids_in_code() -> Vec<String> {
        let mut ids = Vec::new();
        for (_, source) in super::super::tests::dashboard_sources() {
            for call in ["t(", "tf("] {
                let mut rest = source.as_str();
                while let Some(at) = rest.find(call) {
                    let before = rest[..at].chars().next_back();
                    rest = &rest[at + call.len()..];
                    let named = rest.trim_start().strip_prefix('"');
                    if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                        continue;
                    }
                    if let Some(id) = named.and_then(|r| r.split('"').next()) {
                        ids.push(id.to_string());
                    }
                }
            }
        }
        let tables = crate::ui::admin::SECTIONS
            .iter()
            .chain(&crate::model::settings_page::SECTIONS)
            .chain(&crate::model::setup::EDITOR_TABS)
            .chain(&crate::model::setup::LOCATION_CHOICES)
            .chain(&crate::model::event_tabs::FIELD_TYPES)
            .chain(&crate::pages::dashboard::TABS);
        ids.extend(tables.map(|(_, id)| id.to_string()));
        ids
    }

    #[test]
    fn every_message_id_the_dashboard_names_is_in_its_catalog() {
        let english = messages(DASHBOARD_SOURCES[0].1);
        let named = dashboard_ids_in_code();
        assert!(named.len() > 500, "{}", named.len());
        let missing: Vec<_> = named
            .iter()
            .filter(|id| !english.contains_key(*id))
            .collect();
        assert!(missing.is_empty(), "not in dashboard/en.ftl: {missing:?}");
    }

    #[test]
    fn every_catalog_parses_and_formats_without_errors() {
        for (lang, source) in SOURCES.into_iter().chain(DASHBOARD_SOURCES) {
            let bundle = bundle(lang, source);
            for (id, names) in messages(source) {
                let pattern = bundle
                    .get_message(&id)
                    .and_then(|m| m.value())
                    .expect("message has a value");
                let mut args = FluentArgs::new();
                for name in names {
                    let numeric = ["count", "interval", "position", "number", "index", "page"]
                        .into_iter()
                        .chain(["pages", "days"])
                        .any(|n| n == name);
                    let value = if numeric {
                        FluentValue::from(2)
                    } else {
                        FluentValue::from("x")
                    };
                    args.set(name, value);
                }
                let mut errors = Vec::new();
                let text = bundle.format_pattern(pattern, Some(&args), &mut errors);
                assert!(errors.is_empty(), "{} {id}: {errors:?}", lang.code());
                assert!(!text.trim().is_empty(), "{} {id}", lang.code());
            }
        }
    }

    #[test]
    fn every_message_id_the_code_names_is_in_the_catalogs() {
        let english = messages(SOURCES[0].1);
        let code = include_str!("mod.rs");
        let named: Vec<&str> = code
            .split("Msg(\"")
            .skip(1)
            .chain(code.split("MailLine(\"").skip(1))
            .chain(code.split("format(\n        lang,\n        \"").skip(1))
            .chain(code.split("format(lang, \"").skip(1))
            .filter_map(|rest| rest.split('"').next())
            .collect();
        assert!(named.len() > 100, "{}", named.len());
        for id in named {
            assert!(english.contains_key(id), "{id} is not in en.ftl");
        }
    }

    #[test]
    fn plural_forms_follow_each_languages_rules() {
        assert_eq!(super::super::seats_left(Lang::En, 1), "1 seat left");
        assert_eq!(super::super::seats_left(Lang::En, 3), "3 seats left");
        assert_eq!(super::super::seats_left(Lang::De, 1), "1 Platz frei");
        assert_eq!(super::super::seats_left(Lang::De, 2), "2 Plätze frei");
        assert_eq!(super::super::seats_left(Lang::Ar, 2), "بقي مكانان");
        assert_eq!(super::super::seats_left(Lang::Ar, 5), "بقيت 5 أماكن");
        assert_eq!(super::super::seats_left(Lang::Ar, 11), "بقي 11 مكانًا");
        assert_eq!(super::super::duration(Lang::En, 90), "1 hour 30 minutes");
        assert_eq!(super::super::duration(Lang::En, 30), "30 minutes");
        assert_eq!(super::super::duration(Lang::En, 120), "2 hours");
        assert_eq!(super::super::duration(Lang::De, 90), "1 Stunde 30 Minuten");
        assert_eq!(super::super::duration(Lang::Fr, 60), "1 heure");
        assert_eq!(super::super::duration(Lang::Ja, 45), "45 分");
        assert_eq!(
            super::super::times_announcement(Lang::En, "December 2026", "Monday", 0),
            "December 2026, Monday: no times"
        );
    }
}
