//! `/admin/reports`: the numbers of `GET /reports` for a range of days, the bookings-over-time
//! chart drawn as SVG on the server (with the same numbers as a table), and recent activity.

use crate::texts::dashboard::{t, tf};
use leptos::prelude::*;

use crate::domain::chart::layout;
use crate::model::dashboard::{ReportChart, ReportWidget, ReportsPage};
use crate::model::errors::PageError;

/// A page loader: called while the page renders on the server, never an endpoint.
pub async fn load_reports(
    from: Option<String>,
    to: Option<String>,
) -> Result<ReportsPage, PageError> {
    #[cfg(feature = "ssr")]
    {
        let caller = super::signed_in_caller().await?;
        let ctx = super::service_ctx()?;
        let today = chrono::Utc::now().date_naive();
        crate::pages::dashboard::reports(&ctx, &caller, from.as_deref(), to.as_deref(), today)
            .await
            .map_err(super::page_error)
    }
    #[cfg(not(feature = "ssr"))]
    {
        let _ = (from, to);
        Err(PageError::rendered_on_the_server())
    }
}

/// The reports' content for the range in the address.
pub async fn page(from: Option<String>, to: Option<String>) -> AnyView {
    let body = match load_reports(from, to).await {
        Ok(page) => view! { <Reports page /> }.into_any(),
        Err(e) => super::load_error(e),
    };
    view! {
        <h1 class="text-xl font-semibold" id="section-title">{t("reports")}</h1>
        {body}
    }
    .into_any()
}

const CARD: &str = "rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-slate-900";
const FIELD: &str = "mt-1 block min-h-10 rounded-md border border-slate-400 bg-white px-2 text-sm dark:border-slate-600 dark:bg-slate-950";

#[component]
fn Reports(page: ReportsPage) -> impl IntoView {
    let ReportsPage {
        from,
        to,
        range_label,
        presets,
        widgets,
        chart,
        activities,
        notices,
    } = page;
    let days = chart_days(&from, &to);
    view! {
        <p class="mt-1 text-sm text-slate-600 dark:text-slate-300" id="range-label">{range_label}" "{t("utc-days")}</p>
        {(!notices.is_empty()).then(|| view! {
            <div role="status" class="mt-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
                {notices.into_iter().map(|n| view! { <p>{n}</p> }).collect_view()}
            </div>
        })}
        <div class="mt-4 flex flex-wrap items-end gap-4">
            <nav aria-label=t("period")>
                <ul class="flex flex-wrap gap-1">
                    {presets.into_iter().map(|(label, href, current)| view! {
                        <li>
                            <a href=href aria-current=current.then_some("page")
                                class=format!("inline-flex min-h-10 items-center rounded-md border px-3 text-sm {}",
                                    if current { "border-sky-700 bg-sky-50 font-semibold text-sky-900 dark:bg-slate-800 dark:text-sky-200" } else { "border-slate-300 hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800" })>
                                {label}
                            </a>
                        </li>
                    }).collect_view()}
                </ul>
            </nav>
            <form method="get" action="/admin/reports" class="flex flex-wrap items-end gap-2" id="range-form">
                <div>
                    <label for="report-from" class="block text-sm font-medium">{t("from")}</label>
                    <input id="report-from" type="date" name="from" value=from.clone() class=FIELD />
                </div>
                <div>
                    <label for="report-to" class="block text-sm font-medium">{t("to")}</label>
                    <input id="report-to" type="date" name="to" value=to.clone() class=FIELD />
                </div>
                <button type="submit" class="min-h-10 rounded-md bg-sky-700 px-4 text-sm font-semibold text-white hover:bg-sky-800">{t("show")}</button>
            </form>
        </div>
        <ul class="mt-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-4" id="report-widgets">
            {widgets.into_iter().map(|w| view! { <Widget widget=w days /> }).collect_view()}
        </ul>
        <Chart chart />
        <section class=format!("mt-6 {CARD}") aria-labelledby="feed-heading">
            <h2 id="feed-heading" class="text-lg font-semibold">{t("recent-activity")}</h2>
            {if activities.is_empty() {
                view! { <p class="mt-2 text-sm text-slate-600 dark:text-slate-300">{t("nothing-yet")}</p> }.into_any()
            } else {
                view! {
                    <ol class="mt-3 space-y-3 text-sm" id="activity-feed">
                        {activities.into_iter().map(|a| view! {
                            <li>
                                <span class="font-medium">{a.title}</span>" \u{00b7} "
                                <time class="text-slate-600 dark:text-slate-300" datetime=a.at>{a.when}</time>
                                <p class="text-slate-700 dark:text-slate-200">{a.description}</p>
                            </li>
                        }).collect_view()}
                    </ol>
                }.into_any()
            }}
        </section>
    }
}

/// Days in `from..=to` (both `YYYY-MM-DD`), for "the 30 days before".
fn chart_days(from: &str, to: &str) -> i64 {
    let parse = |d: &str| chrono::NaiveDate::parse_from_str(d, "%Y-%m-%d").ok();
    match (parse(from), parse(to)) {
        (Some(a), Some(b)) => (b - a).num_days() + 1,
        _ => 0,
    }
}

#[component]
fn Widget(widget: ReportWidget, days: i64) -> impl IntoView {
    let ReportWidget {
        title,
        number,
        stat,
        href,
    } = widget;
    let change = if stat > 0.0 {
        tf(
            "change-up",
            &[
                ("percent", (&stat.to_string()).into()),
                ("days", days.into()),
            ],
        )
    } else if stat < 0.0 {
        tf(
            "change-down",
            &[
                ("percent", (&(-stat).to_string()).into()),
                ("days", days.into()),
            ],
        )
    } else {
        tf("change-same", &[("days", days.into())])
    };
    view! {
        <li class=CARD>
            <p class="text-sm text-slate-600 dark:text-slate-300">{widget_words(&title)}</p>
            <p class="mt-1 text-3xl font-semibold tabular-nums" data-widget=title>{number}</p>
            <p class="mt-1 text-sm">{change}</p>
            {href.map(|href| view! { <a href=href class="mt-2 inline-block text-sm text-sky-800 underline dark:text-sky-300">{t("see-these-bookings")}</a> })}
        </li>
    }
}

/// A widget's title in the dashboard's language (`data-widget` keeps the REST title).
fn widget_words(title: &str) -> String {
    let id = match title {
        "Total Bookings" => "widget-total-bookings",
        "Completed Bookings" => "widget-completed-bookings",
        "Cancelled Bookings" => "widget-cancelled-bookings",
        "Total Guests" => "widget-total-guests",
        other => return other.to_string(),
    };
    t(id).to_string()
}

/// Stroke colour and dash of each series: told apart by pattern as well as colour.
const STYLES: [(&str, &str); 3] = [
    ("stroke-sky-700 dark:stroke-sky-400", ""),
    ("stroke-emerald-700 dark:stroke-emerald-400", "6 4"),
    ("stroke-red-700 dark:stroke-red-400", "2 3"),
];

/// The bookings-over-time chart: SVG (an image named by its totals) and the same numbers as a
/// table under "Show the numbers".
#[component]
fn Chart(chart: ReportChart) -> impl IntoView {
    let ReportChart { labels, series } = chart;
    let values: Vec<Vec<i64>> = series.iter().map(|(_, v)| v.clone()).collect();
    let geometry = layout(&labels, &values, 720.0, 260.0);
    let (left, top, right, bottom) = geometry.plot;
    let totals = series
        .iter()
        .map(|(name, v)| format!("{} {}", v.iter().sum::<i64>(), name.to_lowercase()))
        .collect::<Vec<_>>()
        .join(", ");
    let summary = tf(
        if labels.first().is_some_and(|l| l.len() > 6) {
            "chart-summary-months"
        } else {
            "chart-summary-days"
        },
        &[
            (
                "from",
                (&labels.first().cloned().unwrap_or_default()).into(),
            ),
            ("to", (&labels.last().cloned().unwrap_or_default()).into()),
            ("totals", (&totals).into()),
        ],
    );
    let markers = labels.len() <= 62;
    view! {
        <section class=format!("mt-6 {CARD}") aria-labelledby="chart-heading">
            <h2 id="chart-heading" class="text-lg font-semibold">{t("bookings-over-time")}</h2>
            <ul class="mt-2 flex flex-wrap gap-4 text-sm" aria-hidden="true">
                {series.iter().zip(STYLES).map(|((name, _), (stroke, dash))| view! {
                    <li class="flex items-center gap-2">
                        <svg width="28" height="10" viewBox="0 0 28 10"><line x1="0" y1="5" x2="28" y2="5" class=stroke stroke-width="3" stroke-dasharray=dash /></svg>
                        {name.clone()}
                    </li>
                }).collect_view()}
            </ul>
            // Below ~600 px the chart keeps a readable size and scrolls sideways in its card.
            <div class="mt-3 overflow-x-auto" tabindex="0" role="region" aria-label=t("chart")>
            <svg id="bookings-chart" role="img" aria-label=summary viewBox=format!("0 0 {} {}", geometry.width, geometry.height)
                class="h-auto w-full min-w-[36rem] text-slate-600 dark:text-slate-300">
                {geometry.y_ticks.iter().map(|(y, value)| view! {
                    <line x1=left x2=right y1=*y y2=*y class="stroke-slate-200 dark:stroke-slate-700" stroke-width="1" />
                    <text x=left - 6.0 y=y + 4.0 text-anchor="end" font-size="11" fill="currentColor">{*value}</text>
                }).collect_view()}
                <line x1=left x2=left y1=top y2=bottom class="stroke-slate-400" stroke-width="1" />
                {geometry.x_labels.iter().map(|(x, label)| view! {
                    <text x=*x y=bottom + 18.0 text-anchor="middle" font-size="11" fill="currentColor">{label.clone()}</text>
                }).collect_view()}
                {geometry.lines.iter().zip(STYLES).map(|(points, (stroke, dash))| {
                    let path = points.iter().map(|(x, y)| format!("{x:.1},{y:.1}")).collect::<Vec<_>>().join(" ");
                    view! {
                        <polyline points=path fill="none" class=stroke stroke-width="2.5" stroke-dasharray=dash stroke-linejoin="round" />
                        {markers.then(|| points.iter().map(|(x, y)| view! {
                            <circle cx=format!("{x:.1}") cy=format!("{y:.1}") r="2.5" class=format!("fill-white dark:fill-slate-900 {stroke}") stroke-width="1.5" />
                        }).collect_view())}
                    }
                }).collect_view()}
            </svg>
            </div>
            <details class="mt-3 text-sm">
                <summary class="inline-flex min-h-10 cursor-pointer items-center text-sky-800 underline dark:text-sky-300">{t("show-the-numbers")}</summary>
                <div class="mt-2 max-h-96 overflow-auto" tabindex="0" role="region" aria-label=t("bookings-over-time-as-numbers")>
                    <table class="w-full text-left rtl:text-right tabular-nums" id="chart-table">
                        <caption class="sr-only">{t("bookings-over-time")}</caption>
                        <thead>
                            <tr>
                                <th scope="col" class="px-2 py-1 font-medium">{t("date")}</th>
                                {series.iter().map(|(name, _)| view! { <th scope="col" class="px-2 py-1 font-medium">{name.clone()}</th> }).collect_view()}
                            </tr>
                        </thead>
                        <tbody>
                            {labels.iter().enumerate().map(|(i, label)| view! {
                                <tr class="border-t border-slate-200 dark:border-slate-700">
                                    <th scope="row" class="px-2 py-1 font-normal">{label.clone()}</th>
                                    {series.iter().map(|(_, v)| view! { <td class="px-2 py-1">{v.get(i).copied().unwrap_or(0)}</td> }).collect_view()}
                                </tr>
                            }).collect_view()}
                        </tbody>
                    </table>
                </div>
            </details>
        </section>
    }
}
