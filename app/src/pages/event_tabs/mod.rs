//! The event editor's later tabs: booking fields, webhooks, advanced options, and what the
//! notifications and payment tabs show. Each write goes through the REST route's service
//! (`POST …/booking-fields`, `…/integrations/{id}`, `…/advanced-settings`), so the rules and
//! messages are the route's; a refusal comes back as the form with each message beside its field.

mod advanced;
mod fields;
mod links;
mod notifications;
mod webhooks;

pub use advanced::{advanced, save_advanced};
pub use fields::{fields, save_fields};
pub use links::create_link;
pub use notifications::{notifications, payment, save_notification, save_payment};
pub use webhooks::{FeedAction, add_webhook, feed_action, webhooks};
