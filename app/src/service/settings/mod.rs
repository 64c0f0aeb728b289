//! The site's settings (REST `/settings/...` and the dashboard's settings page).

pub mod general;
pub mod host_limits;
pub mod modules;
pub mod protection;
pub mod site;
pub mod test_email;
