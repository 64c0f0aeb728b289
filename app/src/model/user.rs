//! The signed-in user as the dashboard sees it.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SessionUser {
    pub id: i64,
    pub login: String,
    pub name: String,
    pub email: String,
    pub role: String,
    pub csrf_token: String,
}
