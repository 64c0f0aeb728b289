//! `/reports…`: dashboard figures.

use app::model::listing::ActivityList;
use app::model::report::{GraphReport, ReportsOverview};
use app::service::reports;
use chrono::{Duration, NaiveDate, NaiveDateTime};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::error::ApiError;
use super::extract::{QueryParams, invalid_param};
use super::handler::{Answer, Host, IntoAnswer};
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_reports))
        .routes(routes!(get_graph_reports))
        .routes(routes!(get_report_activities))
}

fn instant(query: &QueryParams, key: &str) -> Result<Option<i64>, ApiError> {
    match query.get(key).map(str::trim).filter(|t| !t.is_empty()) {
        None => Ok(None),
        Some(text) => NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M:%S")
            .map(|t| Some(t.and_utc().timestamp()))
            .map_err(|_| {
                invalid_param(
                    key,
                    &format!("The {key} must be YYYY-MM-DD HH:mm:ss (UTC)."),
                )
            }),
    }
}

#[utoipa::path(get, path = "/reports", tag = "reports",
    params(("startTime" = Option<String>, Query, description = "`YYYY-MM-DD HH:mm:ss` UTC"), ("endTime" = Option<String>, Query, description = "`YYYY-MM-DD HH:mm:ss` UTC; with startTime")),
    responses((status = 200, description = "`{overview: [widget], latest_books, next_meetings}`", body = ReportsOverview)))]
pub async fn get_reports(host: Host, query: QueryParams) -> Answer<ReportsOverview> {
    let range = match (instant(&query, "startTime")?, instant(&query, "endTime")?) {
        (Some(a), Some(b)) if a <= b => Some((a, b)),
        (Some(_), Some(_)) => {
            return Err(invalid_param(
                "endTime",
                "The endTime must not precede the startTime.",
            ));
        }
        _ => None,
    };
    reports::overview(
        &host.ctx,
        &host.caller,
        range,
        chrono::Utc::now().timestamp(),
    )
    .await
    .json()
}

#[utoipa::path(get, path = "/reports/graph-reports", tag = "reports",
    params(("date_range[0]" = Option<String>, Query, description = "`YYYY-MM-DD`, default 6 days ago"), ("date_range[1]" = Option<String>, Query, description = "`YYYY-MM-DD`, default tomorrow")),
    responses((status = 200, description = "`{booked_stats, completed_stats, cancelled_stats}`: date key -> count (`YYYY-MM-DD`, or `Mon YYYY` past 92 days)", body = GraphReport)))]
pub async fn get_graph_reports(host: Host, query: QueryParams) -> Answer<GraphReport> {
    let today = chrono::Utc::now().date_naive();
    let dates = query.list("date_range");
    let parse = |text: Option<&&str>, fallback: NaiveDate| -> Result<NaiveDate, ApiError> {
        match text.map(|t| t.trim()).filter(|t| !t.is_empty()) {
            None => Ok(fallback),
            Some(t) => {
                NaiveDate::parse_from_str(t.get(..10).unwrap_or(t), "%Y-%m-%d").map_err(|_| {
                    invalid_param("date_range", "The date_range must be two dates YYYY-MM-DD.")
                })
            }
        }
    };
    let from = parse(dates.first(), today - Duration::days(6))?;
    let to = parse(dates.get(1), today + Duration::days(1))?;
    if to < from {
        return Err(invalid_param(
            "date_range",
            "The end of the date_range must not precede its start.",
        ));
    }
    if (to - from).num_days() > 3 * 366 {
        return Err(invalid_param(
            "date_range",
            "The date_range may span at most three years.",
        ));
    }
    reports::graph(&host.ctx, &host.caller, from, to)
        .await
        .json()
}

#[utoipa::path(get, path = "/reports/activities", tag = "reports",
    responses((status = 200, description = "`{activities: [Activity]}` (latest 100)", body = ActivityList)))]
pub async fn get_report_activities(host: Host) -> Answer<ActivityList> {
    reports::activities(&host.ctx, &host.caller).await.json()
}
