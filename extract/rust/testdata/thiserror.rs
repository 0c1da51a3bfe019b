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

impl ConfigError {
    fn check(path: &std::path::Path, key: &str, value: &str) -> Result<(), ConfigError> {
        if !path.exists() {
            return Err(ConfigError::NotFound { path: path.to_owned() });
        }
        if value.is_empty() {
            return Err(Self::Invalid(value.to_string(), "empty".to_string(), 3).into());
        }
        let n: u32 = value.parse().map_err(|_| ConfigError::Invalid(value.into(), key.into(), 0))?;
        let _f = std::fs::File::open(path).map_err(ConfigError::Io)?;
        Err(Box::new(Timeout { seconds: 1.5, what: format!("lock on {}", key) }))?;
        Err(ConfigError::Io(std::io::Error::last_os_error()))?;
        Err(Unknown::Variant(3))?;
        Ok(())
    }
}
