//! The site's settings (REST `/settings/...` and the dashboard's settings page).

pub mod page;
pub mod site;
