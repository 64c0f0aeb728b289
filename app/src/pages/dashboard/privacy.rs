//! `/admin/privacy` ("Personal data", DESIGN 2.11): an administrator looks for an attendee's
//! address, sees its bookings, downloads everything held as JSON or erases it. Anyone else gets
//! the dashboard's 404 page.

use crate::domain::access::Capability;
use crate::model::privacy::{PersonalDataPage, PersonalLine};
use crate::service::bookings::views::status_text;
use crate::service::{Caller, Ctx, ServiceError, ServiceResult, privacy};

/// The page for the address typed (`email=`; empty: the form only).
pub async fn personal_data(
    ctx: &Ctx,
    caller: &Caller,
    email: &str,
) -> ServiceResult<PersonalDataPage> {
    if !caller.can(Capability::ManageOptions) {
        return Err(ServiceError::NotFound);
    }
    let mut page = PersonalDataPage {
        email: email.trim().to_string(),
        ..PersonalDataPage::default()
    };
    if page.email.is_empty() {
        return Ok(page);
    }
    page.searched = true;
    let found = match privacy::address_for(caller, email) {
        Ok(address) => privacy::find(ctx, caller, &address).await,
        Err(refusal) => Err(refusal),
    };
    match found {
        Ok(rows) => {
            page.rows = rows
                .into_iter()
                .map(|row| PersonalLine {
                    id: row.booking.id,
                    when: chrono::DateTime::from_timestamp(row.booking.start_time, 0)
                        .map(|t| crate::texts::dashboard::utc_stamp(&t.to_rfc3339(), false))
                        .unwrap_or_default(),
                    event: row.event_title.unwrap_or_default(),
                    status: crate::texts::dashboard::status(&row.booking.status)
                        .map_or_else(|| status_text(&row.booking.status), str::to_string),
                })
                .collect();
            let query: String = url::form_urlencoded::Serializer::new(String::new())
                .append_pair("email", page.email.as_str())
                .finish();
            page.json_href = format!("/admin/privacy.json?{query}");
            page.erase_action = format!("/admin/privacy?{query}");
        }
        Err(ServiceError::Validation { message, errors }) => {
            page.error = Some(
                errors
                    .messages()
                    .next()
                    .map_or(message, |(_, text)| text.to_string()),
            );
        }
        Err(other) => return Err(other),
    }
    Ok(page)
}
