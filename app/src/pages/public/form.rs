//! The booking form under a chosen time: its fields, the summary of the event beside it, and
//! the choices (duration, clock) the page offers.

use chrono::NaiveDate;
use serde_json::Value;

use crate::service::events::booking_fields::effective_fields;
use crate::service::slots::LoadedEvent;
use crate::service::{Ctx, ServiceResult};
// Every visible text lives with the pages' texts (one place to translate).
use super::{NOT_ON_FORM, PageSpec, View};
use crate::domain::dates::{parse_date, parse_time, zone_label};
use crate::domain::language::Lang;
use crate::model::public::{BookingForm, Choice, DaySlots, EventSummary, FormField, SlotLink};
use crate::service::bookings::location::event_locations;
use crate::store::booking_fields;
use crate::texts as text;

pub(super) fn booking_form(
    loaded: &LoadedEvent,
    view: &View,
    day: &DaySlots,
    slot: &SlotLink,
    spec: &PageSpec,
) -> BookingForm {
    BookingForm {
        fields: spec.fields.clone(),
        button: spec.button.clone(),
        series: series_choice(loaded, view.lang),
        ..booking_form_summary(view, day, slot)
    }
}

/// The waitlist form of a taken time (`&waitlist=1`): the summary, name and email, "Join the
/// waitlist"; it posts to the same address.
pub(super) fn waitlist_form(
    view: &View,
    day: &DaySlots,
    slot: &SlotLink,
    spec: &PageSpec,
) -> BookingForm {
    let mut form = BookingForm {
        action: view.href(&[
            ("date", day.date.clone()),
            ("time", slot.time.clone()),
            ("waitlist", "1".into()),
        ]),
        // Labelled plainly: the entry asks for nothing else (DESIGN 2.12's "Name", "Email").
        fields: spec
            .fields
            .iter()
            .filter_map(|f| {
                let label = match f.name.as_str() {
                    "name" => crate::texts::NAME,
                    "email" => crate::texts::EMAIL,
                    _ => return None,
                };
                Some(FormField {
                    label: label.get(view.lang),
                    ..f.clone()
                })
            })
            .collect(),
        button: crate::texts::JOIN_WAITLIST.get(view.lang),
        series: None,
        ..booking_form_summary(view, day, slot)
    };
    form.hold = None;
    form
}

/// A form for `slot` with its summary and the link back to the day; no fields yet.
fn booking_form_summary(view: &View, day: &DaySlots, slot: &SlotLink) -> BookingForm {
    let date = parse_date(&day.date).unwrap_or_default();
    let start = parse_time(&slot.time).unwrap_or_default();
    let end = start + chrono::Duration::minutes(view.duration);
    // Right to left, the zone's Latin text is isolated (FSI ... PDI) so its closing
    // parenthesis stays where the sentence puts it.
    let zone = zone_label(view.zone, date);
    let zone = if view.lang.is_rtl() {
        format!("\u{2068}{zone}\u{2069}")
    } else {
        zone
    };
    BookingForm {
        summary: format!(
            "{} ({zone})",
            text::date_span(
                view.lang,
                &day.label,
                &view.dates.clock(start),
                &view.dates.clock(end)
            ),
        ),
        action: view.href(&[("date", day.date.clone()), ("time", slot.time.clone())]),
        fields: Vec::new(),
        button: String::new(),
        change_href: view.href(&[("date", day.date.clone())]),
        series: None,
        hold: None,
        proof_of_work: false,
    }
}

/// The series control of an event that books series.
fn series_choice(loaded: &LoadedEvent, lang: Lang) -> Option<crate::model::public::SeriesChoice> {
    let config = &loaded.settings.recurring_config;
    config.enabled.then(|| crate::model::public::SeriesChoice {
        max_count: config.max_count,
        fixed: config.is_count_fixed,
        repeats: text::repeats_every(
            lang,
            crate::domain::series::Frequency::parse(&config.frequency).unit(),
            config.interval,
        ),
    })
}

pub(super) fn duration_choices(
    loaded: &LoadedEvent,
    view: &View,
    chosen: Option<NaiveDate>,
) -> Vec<Choice> {
    let md = &loaded.settings.multi_duration;
    if !md.enabled || md.available_durations.len() < 2 {
        return Vec::new();
    }
    md.available_durations
        .iter()
        .map(|minutes| {
            let mut extra = vec![("duration", minutes.to_string())];
            if let Some(date) = chosen {
                extra.push(("date", date.format("%Y-%m-%d").to_string()));
            }
            let mut v = View {
                duration_in_query: false,
                path: view.path.clone(),
                link: view.link.clone(),
                ..*view
            };
            v.duration = *minutes;
            Choice {
                label: text::duration(view.lang, *minutes),
                href: v.href(&extra),
                current: *minutes == view.duration,
            }
        })
        .collect()
}

pub(super) fn clock_choices(view: &View, chosen: Option<NaiveDate>) -> Vec<Choice> {
    [(text::CLOCK_12, true), (text::CLOCK_24, false)]
        .into_iter()
        .map(|(label, h12)| {
            let mut extra = vec![("h12", if h12 { "1" } else { "0" }.to_string())];
            if let Some(date) = chosen {
                extra.push(("date", date.format("%Y-%m-%d").to_string()));
            }
            let v = View {
                h12_in_query: false,
                path: view.path.clone(),
                link: view.link.clone(),
                ..*view
            };
            Choice {
                label: label.get(view.lang),
                href: v.href(&extra),
                current: h12 == view.h12,
            }
        })
        .collect()
}

pub(super) fn summary(loaded: &LoadedEvent, lang: Lang) -> EventSummary {
    let row = &loaded.row;
    let host_name = row.owner_name().unwrap_or_default();
    let md = &loaded.settings.multi_duration;
    let duration_label = if md.enabled && md.available_durations.len() > 1 {
        text::alternatives(
            lang,
            md.available_durations
                .iter()
                .map(|m| text::duration(lang, *m))
                .collect(),
        )
    } else {
        text::duration(lang, loaded.duration(None))
    };
    let locations = event_locations(loaded, lang);
    let color = row.event.color_schema.trim();
    EventSummary {
        title: row.event.title.clone(),
        brand_color: if crate::service::support::checks::is_hex_color(color) && color.len() == 7 {
            color.to_string()
        } else {
            "#0099ff".into()
        },
        theme: loaded.general.theme.clone(),
        accent: crate::domain::brand::accent_style(&loaded.general.brand_color),
        calendar_title: row.cal_title.clone(),
        calendar_href: format!("/{}?lang={}", row.cal_slug, lang.code()),
        host_name,
        host_photo: row.owner_avatar.clone().unwrap_or_default(),
        duration_label,
        location: (!locations.is_empty()).then(|| {
            text::alternatives(
                lang,
                locations.iter().map(|(_, label)| label.clone()).collect(),
            )
        }),
        description_html: row.event.description.clone(),
    }
}

pub(super) fn submit_text(loaded: &LoadedEvent, lang: Lang) -> String {
    let text = loaded.settings.submit_button_text.trim();
    if text.is_empty() || text.eq_ignore_ascii_case("submit") {
        text::CONFIRM_BOOKING.get(lang)
    } else {
        text.to_string()
    }
}

/// The form's inputs: the event's enabled, visible booking fields; the location choice when the
/// event offers several. Keys match what `src/pages.rs` turns into the create body.
pub(super) async fn form_fields(
    ctx: &Ctx,
    loaded: &LoadedEvent,
    duration: i64,
    lang: Lang,
) -> ServiceResult<Vec<FormField>> {
    let (stored, payment, privacy) = {
        let mut conn = ctx.store.conn().await?;
        (
            booking_fields::list(conn.ex(), loaded.event().id).await?,
            crate::service::events::payments::load(conn.ex(), loaded.event().id).await?,
            crate::service::settings::privacy::stored(conn.ex()).await?,
        )
    };
    let locations = event_locations(loaded, lang);
    let mut out = Vec::new();
    for f in effective_fields(loaded.event(), stored) {
        if !f.enabled || !f.is_visible || NOT_ON_FORM.contains(&f.name.as_str()) {
            continue;
        }
        let config = serde_json::from_str::<Value>(&f.config).unwrap_or(Value::Null);
        let mut options: Vec<(String, String)> = config
            .get("options")
            .or_else(|| config.get("payment_items"))
            .and_then(Value::as_array)
            .map(|list| {
                list.iter()
                    .filter_map(|o| {
                        let value = o
                            .as_str()
                            .or_else(|| o.get("value").and_then(Value::as_str))?;
                        let label = o.get("label").and_then(Value::as_str).unwrap_or(value);
                        Some((value.to_string(), label.to_string()))
                    })
                    .collect()
            })
            .unwrap_or_default();
        let name = match f.name.as_str() {
            "location" => {
                options = locations.clone();
                "location_type".to_string()
            }
            n if f.system_defined => n.to_string(),
            n => format!("custom_fields.{n}"),
        };
        let help_text = if f.field_type == "multi-guests" && f.help_text.is_empty() {
            if loaded.event().kind().is_group() {
                text::GUESTS_HELP_GROUP.get(lang)
            } else {
                text::GUESTS_HELP.get(lang)
            }
        } else {
            f.help_text.clone()
        };
        out.push(FormField {
            name,
            label: text::field_text(lang, &f.label),
            kind: f.field_type.clone(),
            required: f.required,
            placeholder: text::field_text(lang, &f.placeholder),
            help_text,
            options,
        });
    }
    if let Some(field) = payment_field(loaded, &payment, duration, lang) {
        out.push(field);
    }
    if privacy.consent_required {
        // The notice's own words are its label; `src/pages.rs` posts the box as
        // `privacy_consent` (DESIGN 2.11).
        out.push(FormField {
            name: "privacy_consent".into(),
            label: privacy.consent_text,
            kind: "checkbox".into(),
            required: true,
            placeholder: String::new(),
            help_text: String::new(),
            options: Vec::new(),
        });
    }
    Ok(out)
}

/// A paid event's "Payment" choice: each method with the price of the chosen duration, and
/// the offline instructions as help.
pub(super) fn payment_field(
    loaded: &LoadedEvent,
    payment: &crate::service::events::payments::EventPayment,
    duration: i64,
    lang: Lang,
) -> Option<FormField> {
    let site = &loaded.general.payments;
    let lines = crate::service::events::payments::price(payment, site, duration)?;
    let total = crate::domain::money::format_amount(
        lines.iter().map(|(_, v)| v).sum(),
        &crate::service::events::payments::money_format(site),
    );
    let options = crate::service::events::payments::methods(payment)
        .iter()
        .map(|m| (m.key().to_string(), format!("{} ({total})", m.title())))
        .collect();
    Some(FormField {
        name: "payment_method".into(),
        label: text::PAYMENT.get(lang),
        kind: "payment".into(),
        required: true,
        placeholder: String::new(),
        help_text: crate::domain::smart_codes::html_to_text(&payment.offline_instructions)
            .trim()
            .to_string(),
        options,
    })
}

/// A reason field (`cancellation_reason`, `rescheduling_reason`) when the event asks for it.
pub(super) async fn reason_field(
    ctx: &Ctx,
    loaded: &LoadedEvent,
    name: &str,
    lang: Lang,
) -> ServiceResult<Option<FormField>> {
    let stored = {
        let mut conn = ctx.store.conn().await?;
        booking_fields::list(conn.ex(), loaded.event().id).await?
    };
    Ok(effective_fields(loaded.event(), stored)
        .into_iter()
        .find(|f| f.name == name && f.enabled)
        .map(|f| FormField {
            name: f.name.clone(),
            label: text::reason_label(lang, &text::field_text(lang, &f.label)),
            kind: "textarea".into(),
            required: f.required,
            placeholder: text::field_text(lang, &f.placeholder),
            help_text: f.help_text.clone(),
            options: Vec::new(),
        }))
}
