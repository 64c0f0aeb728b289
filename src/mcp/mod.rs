//! The MCP server at `/mcp` (DESIGN 2.12): Streamable HTTP sessions through `rmcp`, the official
//! SDK. A guard in front of it refuses foreign `Origin`s (403) and credentials that do not
//! authenticate (401, the REST envelope), and fixes each session's mode at `initialize`: a host
//! (the application password's user) or a visitor (no `Authorization`). The tools are in
//! [`tools`]; each mirrors a REST route and answers what that route answers.

mod guard;
mod tools;

use std::borrow::Cow;

use app::service::Caller;
use axum::Router;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, Implementation, ListToolsResult,
    PaginatedRequestParams, ServerCapabilities, ServerConfig,
};
use rmcp::service::RequestContext;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::{StreamableHttpServerConfig, StreamableHttpService};
use rmcp::{ErrorData, RoleServer, ServerHandler};

use crate::AppState;

/// Who a request acts for; the guard puts it in the request's extensions.
#[derive(Clone)]
pub enum Mode {
    /// An application password's user: the tools act on what it manages through REST.
    Host(Box<Caller>),
    /// No credentials: the visitor tools, on events open to agents, under the per-address
    /// limits (`ip`).
    Visitor { ip: String },
}

/// The `/mcp` route: the guard, then rmcp's Streamable HTTP service.
pub fn routes(state: AppState, config: &crate::config::Config) -> Router<AppState> {
    let handler_state = state.clone();
    let confirm_seconds = config.mcp_confirm_seconds;
    let service = StreamableHttpService::new(
        move || {
            Ok(Agent {
                state: handler_state.clone(),
                confirm_seconds,
            })
        },
        LocalSessionManager::default().into(),
        // The guard checks Origin against the service's own address; any Host may reach a
        // public deployment.
        StreamableHttpServerConfig::default().disable_allowed_hosts(),
    );
    let guard = guard::Guard::new(state, config.public_url.clone());
    Router::new()
        .route_service("/mcp", service)
        .layer(axum::middleware::from_fn_with_state(guard, guard::check))
}

/// One MCP session's handler.
#[derive(Clone)]
pub struct Agent {
    state: AppState,
    /// `SLOTBOOK_MCP_CONFIRM_SECONDS`.
    confirm_seconds: i64,
}

impl Agent {
    fn mode(context: &RequestContext<RoleServer>) -> Option<Mode> {
        context
            .extensions
            .get::<axum::http::request::Parts>()
            .and_then(|parts| parts.extensions.get::<Mode>())
            .cloned()
    }
}

impl ServerHandler for Agent {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build()).with_server_info(
            Implementation::new("slotbook", env!("CARGO_PKG_VERSION")).with_title("slotbook"),
        )
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let mode = Self::mode(&context).ok_or_else(no_mode)?;
        Ok(ListToolsResult::with_all_items(tools::listed(&mode)))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let mode = Self::mode(&context).ok_or_else(no_mode)?;
        let arguments = request.arguments.unwrap_or_default();
        tools::call(
            &self.state,
            self.confirm_seconds,
            &mode,
            &request.name,
            arguments,
        )
        .await
        .map(CallToolResponse::from)
    }
}

fn no_mode() -> ErrorData {
    ErrorData::internal_error(Cow::Borrowed("the request passed no guard"), None)
}
