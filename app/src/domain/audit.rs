//! The security audit log's vocabulary (DESIGN 2.10): what can be recorded and how an actor
//! authenticated. Plain values; the store and the use cases build on them.

/// An audited action, by its name in the log.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AuditAction {
    LoginSucceeded,
    LoginFailed,
    Logout,
    SessionRevoked,
    SessionRevokedOthers,
    PasswordChanged,
    TwoFactorEnabled,
    TwoFactorDisabled,
    TwoFactorRecoveryCodesRenewed,
    AppPasswordCreated,
    AppPasswordRevoked,
    UserCreated,
    UserDeleted,
    UserRoleChanged,
    SettingsChanged,
    DataExported,
    DataErased,
}

impl AuditAction {
    /// Every action, in the order the dashboard's filter lists them.
    pub const ALL: [AuditAction; 17] = [
        AuditAction::LoginSucceeded,
        AuditAction::LoginFailed,
        AuditAction::Logout,
        AuditAction::SessionRevoked,
        AuditAction::SessionRevokedOthers,
        AuditAction::PasswordChanged,
        AuditAction::TwoFactorEnabled,
        AuditAction::TwoFactorDisabled,
        AuditAction::TwoFactorRecoveryCodesRenewed,
        AuditAction::AppPasswordCreated,
        AuditAction::AppPasswordRevoked,
        AuditAction::UserCreated,
        AuditAction::UserDeleted,
        AuditAction::UserRoleChanged,
        AuditAction::SettingsChanged,
        AuditAction::DataExported,
        AuditAction::DataErased,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            AuditAction::LoginSucceeded => "login.succeeded",
            AuditAction::LoginFailed => "login.failed",
            AuditAction::Logout => "logout",
            AuditAction::SessionRevoked => "session.revoked",
            AuditAction::SessionRevokedOthers => "session.revoked_others",
            AuditAction::PasswordChanged => "password.changed",
            AuditAction::TwoFactorEnabled => "two_factor.enabled",
            AuditAction::TwoFactorDisabled => "two_factor.disabled",
            AuditAction::TwoFactorRecoveryCodesRenewed => "two_factor.recovery_codes_renewed",
            AuditAction::AppPasswordCreated => "app_password.created",
            AuditAction::AppPasswordRevoked => "app_password.revoked",
            AuditAction::UserCreated => "user.created",
            AuditAction::UserDeleted => "user.deleted",
            AuditAction::UserRoleChanged => "user.role_changed",
            AuditAction::SettingsChanged => "settings.changed",
            AuditAction::DataExported => "data.exported",
            AuditAction::DataErased => "data.erased",
        }
    }

    pub fn parse(name: &str) -> Option<AuditAction> {
        AuditAction::ALL.into_iter().find(|a| a.as_str() == name)
    }
}

/// How the actor of an entry authenticated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AuthMethod {
    Password,
    Oidc,
    AppPassword,
    /// The command line, run by whoever runs the server.
    Cli,
}

impl AuthMethod {
    pub fn as_str(self) -> &'static str {
        match self {
            AuthMethod::Password => "password",
            AuthMethod::Oidc => "oidc",
            AuthMethod::AppPassword => "app_password",
            AuthMethod::Cli => "cli",
        }
    }

    pub fn parse(name: &str) -> Option<AuthMethod> {
        [
            AuthMethod::Password,
            AuthMethod::Oidc,
            AuthMethod::AppPassword,
            AuthMethod::Cli,
        ]
        .into_iter()
        .find(|m| m.as_str() == name)
    }
}

/// Whether the audited attempt did what it tried.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Success,
    Failure,
}

impl Outcome {
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Success => "success",
            Outcome::Failure => "failure",
        }
    }

    pub fn parse(name: &str) -> Option<Outcome> {
        match name {
            "success" => Some(Outcome::Success),
            "failure" => Some(Outcome::Failure),
            _ => None,
        }
    }
}

/// Why a login was refused (`details.reason` of `login.failed`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LoginRefusal {
    BadCredentials,
    BadCode,
    Delayed,
    PasswordLoginOff,
    UnknownEmail,
    UnverifiedEmail,
    SsoError,
}

impl LoginRefusal {
    pub fn as_str(self) -> &'static str {
        match self {
            LoginRefusal::BadCredentials => "bad_credentials",
            LoginRefusal::BadCode => "bad_code",
            LoginRefusal::Delayed => "delayed",
            LoginRefusal::PasswordLoginOff => "password_login_off",
            LoginRefusal::UnknownEmail => "unknown_email",
            LoginRefusal::UnverifiedEmail => "unverified_email",
            LoginRefusal::SsoError => "sso_error",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_action_reads_back_from_its_name() {
        for action in AuditAction::ALL {
            assert_eq!(AuditAction::parse(action.as_str()), Some(action));
        }
        assert_eq!(AuditAction::parse("login"), None);
        let names: std::collections::HashSet<_> =
            AuditAction::ALL.iter().map(|a| a.as_str()).collect();
        assert_eq!(names.len(), AuditAction::ALL.len());
    }
}

/// How long an account waits after failed logins in a row (DESIGN 2.10: the first wait after
/// `after` failures, doubling with each further one, up to `max_seconds`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LoginDelay {
    pub after: i64,
    pub first_seconds: i64,
    pub max_seconds: i64,
}

impl Default for LoginDelay {
    fn default() -> LoginDelay {
        LoginDelay {
            after: 5,
            first_seconds: 30,
            max_seconds: 900,
        }
    }
}

impl LoginDelay {
    /// Seconds to wait after the `failures`-th failure in a row (0: none).
    pub fn wait_after(&self, failures: i64) -> i64 {
        if failures < self.after.max(1) {
            return 0;
        }
        let doublings = (failures - self.after.max(1)).clamp(0, 40) as u32;
        self.first_seconds
            .saturating_mul(1_i64 << doublings)
            .min(self.max_seconds)
    }
}

#[cfg(test)]
mod delay_tests {
    use super::LoginDelay;

    #[test]
    fn the_wait_starts_after_the_allowed_failures_and_doubles_up_to_the_maximum() {
        let rule = LoginDelay::default();
        let waits: Vec<i64> = (1..=11).map(|n| rule.wait_after(n)).collect();
        assert_eq!(waits, [0, 0, 0, 0, 30, 60, 120, 240, 480, 900, 900]);
        assert_eq!(rule.wait_after(10_000), 900);
    }
}
