//! The `slotbook` binary for tests that run it as a user would.

use std::process::Command;

pub const BIN: &str = env!("CARGO_BIN_EXE_slotbook");

/// Runs a command-line command against `db`; answers its output (fails the test if it fails).
pub fn cli(db: &str, args: &[&str]) -> String {
    let out = Command::new(BIN)
        .args(args)
        .args(["--database-url", db])
        .output()
        .expect("run");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}
