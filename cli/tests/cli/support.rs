//! Running the built `warlord` binary from the workspace root.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// What a run of `warlord` printed and returned.
#[derive(Debug)]
pub struct Run {
    /// The exit code.
    pub code: i32,
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
}

impl Run {
    /// Asserts success and returns stdout.
    pub fn ok(self) -> String {
        assert_eq!(self.code, 0, "expected success: {self:#?}");
        self.stdout
    }

    /// Asserts a user error (exit 1, one `error:` message, nothing printed on stdout) and
    /// returns stderr.
    pub fn user_error(self) -> String {
        assert_eq!(self.code, 1, "expected exit code 1: {self:#?}");
        assert!(self.stderr.starts_with("error: "), "expected an error message: {self:#?}");
        self.stderr
    }
}

/// The workspace root: relative paths in tests (`records/...`) start here.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("the cli crate is in the workspace").to_path_buf()
}

/// The path of a file a test writes (each test uses its own names).
pub fn temp_file(name: &str) -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join(name)
}

/// Runs `warlord` with arguments and nothing on stdin.
pub fn warlord(args: &[&str]) -> Run {
    warlord_with_input(args, "")
}

/// Runs `warlord` with arguments, feeding `input` on stdin. Fails the test on any panic.
pub fn warlord_with_input(args: &[&str], input: &str) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_warlord"))
        .args(args)
        .current_dir(root())
        .env_remove("RUST_BACKTRACE")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the warlord binary runs");
    child.stdin.take().expect("stdin is piped").write_all(input.as_bytes()).expect("input is written");
    let output = child.wait_with_output().expect("warlord finishes");
    let run = Run {
        code: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    };
    assert!(!run.stderr.contains("panicked"), "warlord panicked: {run:#?}");
    run
}
