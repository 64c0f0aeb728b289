//! The booking policies an event's advanced settings carry (DESIGN 2.8): series, held times,
//! the per-attendee limit, secrecy, email domains and the video link template. Each key sent
//! changes; a bad value is refused on `settings.<key>`.

use crate::domain::policies::{domain_name, video_template_ok};
use crate::domain::validation::FieldErrors;
use crate::model::event::EventSettings;

/// The policy keys of `POST …/advanced-settings`, as sent (`None`: keep).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PolicyPatch {
    pub recurring_config: Option<RecurringPatch>,
    pub hold_minutes: Option<i64>,
    pub attendee_limit: Option<AttendeeLimitPatch>,
    pub secret: Option<bool>,
    pub email_domains: Option<DomainsPatch>,
    pub video_link_template: Option<String>,
    pub agents_may_book: Option<bool>,
    pub waitlist: Option<WaitlistPatch>,
}

/// `waitlist`'s keys sent.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct WaitlistPatch {
    pub enabled: Option<bool>,
    pub offer_minutes: Option<i64>,
}

/// `recurring_config`'s keys sent.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RecurringPatch {
    pub enabled: Option<bool>,
    pub frequency: Option<String>,
    pub interval: Option<i64>,
    pub max_count: Option<i64>,
    pub is_count_fixed: Option<bool>,
}

/// `attendee_limit`'s keys sent.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct AttendeeLimitPatch {
    pub enabled: Option<bool>,
    pub value: Option<i64>,
}

/// `email_domains`' lists sent.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct DomainsPatch {
    pub allow: Option<Vec<String>>,
    pub deny: Option<Vec<String>>,
}

/// The frequencies a series may repeat at.
pub const FREQUENCIES: [&str; 3] = ["daily", "weekly", "monthly"];

impl PolicyPatch {
    /// Changes `settings` by what was sent, refusing each bad value on `settings.<key>`.
    pub fn apply(self, settings: &mut EventSettings, errors: &mut FieldErrors) {
        if let Some(patch) = self.recurring_config {
            let c = &mut settings.recurring_config;
            c.enabled = patch.enabled.unwrap_or(c.enabled);
            c.is_count_fixed = patch.is_count_fixed.unwrap_or(c.is_count_fixed);
            let frequency = patch.frequency.unwrap_or_else(|| c.frequency.clone());
            let interval = patch.interval.unwrap_or(c.interval);
            let max_count = patch.max_count.unwrap_or(c.max_count);
            let key = "settings.recurring_config";
            if !FREQUENCIES.contains(&frequency.as_str()) {
                errors.add(key, "in", "The frequency must be daily, weekly or monthly.");
            } else if !(1..=30).contains(&interval) {
                errors.add(key, "between", "The interval must be between 1 and 30.");
            } else if !(2..=52).contains(&max_count) {
                errors.add(
                    key,
                    "between",
                    "The maximum count must be between 2 and 52.",
                );
            }
            c.frequency = frequency;
            c.interval = interval;
            c.max_count = max_count;
        }
        if let Some(minutes) = self.hold_minutes {
            if !(0..=60).contains(&minutes) {
                errors.add(
                    "settings.hold_minutes",
                    "between",
                    "The hold minutes must be between 0 and 60.",
                );
            }
            settings.hold_minutes = minutes;
        }
        if let Some(patch) = self.attendee_limit {
            let l = &mut settings.attendee_limit;
            l.enabled = patch.enabled.unwrap_or(l.enabled);
            l.value = patch.value.unwrap_or(l.value);
            if !(1..=100).contains(&l.value) {
                errors.add(
                    "settings.attendee_limit",
                    "between",
                    "The attendee limit must be between 1 and 100.",
                );
            }
        }
        if let Some(secret) = self.secret {
            settings.secret = secret;
        }
        if let Some(allowed) = self.agents_may_book {
            settings.agents_may_book = allowed;
        }
        if let Some(patch) = self.waitlist {
            let w = &mut settings.waitlist;
            w.enabled = patch.enabled.unwrap_or(w.enabled);
            w.offer_minutes = patch.offer_minutes.unwrap_or(w.offer_minutes);
            if !(5..=1440).contains(&w.offer_minutes) {
                errors.add(
                    "settings.waitlist.offer_minutes",
                    "between",
                    "The offer minutes must be between 5 and 1440.",
                );
            }
        }
        if let Some(patch) = self.email_domains {
            let lists = [
                (patch.allow, &mut settings.email_domains.allow),
                (patch.deny, &mut settings.email_domains.deny),
            ];
            for (given, list) in lists {
                let Some(given) = given else { continue };
                let names: Option<Vec<String>> = given.iter().map(|d| domain_name(d)).collect();
                match names {
                    Some(mut names) if names.len() <= 500 => {
                        names.dedup();
                        *list = names;
                    }
                    _ => errors.add(
                        "settings.email_domains",
                        "domain",
                        "Each entry must be a domain name such as example.com.",
                    ),
                }
            }
        }
        if let Some(template) = self.video_link_template {
            let template = template.trim().to_string();
            if !video_template_ok(&template) || template.len() > 500 {
                errors.add(
                    "settings.video_link_template",
                    "url",
                    "The video link template must be empty or an http(s) URL containing {uid}.",
                );
            }
            settings.video_link_template = template;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_keys_sent_change_and_bad_values_name_their_key() {
        let mut settings = EventSettings::default();
        let mut errors = FieldErrors::new();
        PolicyPatch {
            recurring_config: Some(RecurringPatch {
                enabled: Some(true),
                interval: Some(2),
                ..RecurringPatch::default()
            }),
            hold_minutes: Some(0),
            email_domains: Some(DomainsPatch {
                allow: Some(vec!["Example.COM".into()]),
                deny: None,
            }),
            ..PolicyPatch::default()
        }
        .apply(&mut settings, &mut errors);
        assert!(errors.is_empty());
        assert!(settings.recurring_config.enabled);
        assert_eq!(settings.recurring_config.interval, 2);
        assert_eq!(settings.recurring_config.frequency, "weekly");
        assert_eq!(settings.hold_minutes, 0);
        assert_eq!(settings.email_domains.allow, vec!["example.com"]);
        assert!(!settings.secret);

        let mut errors = FieldErrors::new();
        PolicyPatch {
            recurring_config: Some(RecurringPatch {
                max_count: Some(53),
                ..RecurringPatch::default()
            }),
            hold_minutes: Some(61),
            attendee_limit: Some(AttendeeLimitPatch {
                enabled: Some(true),
                value: Some(0),
            }),
            email_domains: Some(DomainsPatch {
                allow: None,
                deny: Some(vec!["not a domain".into()]),
            }),
            video_link_template: Some("https://meet.test/room".into()),
            ..PolicyPatch::default()
        }
        .apply(&mut settings, &mut errors);
        for key in [
            "settings.recurring_config",
            "settings.hold_minutes",
            "settings.attendee_limit",
            "settings.email_domains",
            "settings.video_link_template",
        ] {
            assert!(errors.contains(key), "{key}");
        }
    }
}
