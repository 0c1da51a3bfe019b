use std::path::PathBuf;
use thiserror::Error;

#[derive(Debug, Error)]
pub enum ConfigError {
    #[error("config file {path} not found")]
    NotFound { path: PathBuf },
    #[error("invalid value {0:?} for key {1} at line {line}", line = .2 + 1)]
    Invalid(String, String, usize),
    /// A doc comment between the attribute and the variant.
    #[error("io error: {0}")]
    Io(#[from] std::io::Error),
    #[error(transparent)]
    Other(#[from] anyhow::Error),
    #[error("first letter must be lowercase but was {:?}", first_char(.0))]
    Uppercase(String),
    NoMessage,
}

#[derive(Error, Debug)]
#[error("timed out after {seconds:.1}s waiting for {what}")]
pub struct Timeout {
    seconds: f64,
    what: String,
}

#[derive(Debug, snafu::Snafu)]
enum SnafuError {
    #[snafu(display("Could not open config from {}: {}", filename.display(), source))]
    OpenConfig { filename: PathBuf, source: std::io::Error },
}

#[derive(Debug, Fail)]
enum FailError {
    #[fail(display = "invalid toolchain name: {}", name)]
    InvalidToolchainName { name: String },
}
