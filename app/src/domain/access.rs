//! Roles and capabilities (DESIGN 2.3).

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    Administrator,
    Host,
}

impl Role {
    pub fn parse(text: &str) -> Option<Role> {
        match text {
            "administrator" => Some(Role::Administrator),
            "host" => Some(Role::Host),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Role::Administrator => "administrator",
            Role::Host => "host",
        }
    }

    pub fn can(self, capability: Capability) -> bool {
        match self {
            Role::Administrator => true,
            Role::Host => {
                let _ = capability;
                false
            }
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Capability {
    ManageAllData,
    InviteTeamMembers,
    InstallPlugins,
    ListUsers,
    ManageOptions,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn administrators_hold_every_capability_and_hosts_none() {
        for cap in [
            Capability::ManageAllData,
            Capability::InviteTeamMembers,
            Capability::InstallPlugins,
            Capability::ListUsers,
            Capability::ManageOptions,
        ] {
            assert!(Role::Administrator.can(cap));
            assert!(!Role::Host.can(cap));
        }
    }

    #[test]
    fn roles_round_trip_through_text() {
        assert_eq!(Role::parse("host").map(Role::as_str), Some("host"));
        assert_eq!(Role::parse("subscriber"), None);
    }
}
