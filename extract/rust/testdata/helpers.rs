use std::fmt;

// The parser builds its errors in one helper; each call passing the
// message is where the error is raised.
#[derive(Debug)]
pub struct ConfigError {
    line: usize,
    msg: String,
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.msg)
    }
}

impl std::error::Error for ConfigError {}

pub struct Parser {
    line: usize,
}

impl Parser {
    fn fail<T, M: Into<String>>(&self, msg: M) -> Result<T, ConfigError> {
        Err(ConfigError { line: self.line, msg: msg.into() })
    }

    pub fn section(&mut self, s: &str) -> Result<String, ConfigError> {
        if !s.ends_with(']') {
            return self.fail(format!("section {:?} has no closing bracket", s));
        }
        if s.len() < 3 {
            return self.fail("empty section name");
        }
        // Not text: no site.
        self.fail(s.to_string())
    }
}

// A free helper whose error converts from text.
#[derive(Debug)]
pub struct NumError(String);

impl From<&str> for NumError {
    fn from(s: &str) -> Self {
        NumError(s.to_string())
    }
}

fn bad(what: &'static str) -> Result<u64, NumError> {
    Err(what.into())
}

pub fn digits(s: &str) -> Result<u64, NumError> {
    if s.is_empty() {
        return bad("number has no digits");
    }
    s.parse().map_err(|_| NumError("not a number".into()))
}

// Calls of functions that are no error helpers make no sites.
fn log(msg: &str) -> usize {
    msg.len()
}

pub fn noisy() -> usize {
    log("starting the parser")
}

// A helper returning the error itself, which the caller wraps in Err: each
// call passing text is a site with it.
fn other(msg: &str) -> std::io::Error {
    std::io::Error::new(std::io::ErrorKind::Other, msg)
}

fn invalid(msg: String) -> ConfigError {
    ConfigError { line: 0, msg: msg }
}

pub fn read_block(buf: &[u8], num: &str) -> Result<usize, std::io::Error> {
    if buf.len() < 512 {
        return Err(other("failed to read entire block"));
    }
    if num.is_empty() {
        return Err(other(&format!("numeric field was not a number: {}", num)));
    }
    Ok(buf.len())
}

pub fn check(s: &str) -> Result<(), ConfigError> {
    if s.is_empty() {
        return Err(invalid(format!("empty value {:?}", s)));
    }
    Ok(())
}

// An associated function of an error type that wraps its parameter in
// constructors of one argument, called as Type::f(text): each call is a
// site with the text.
#[derive(Debug)]
pub struct DetailError(Box<dyn std::error::Error + Send + Sync>);

#[derive(Debug)]
pub enum ImageError {
    Format(DetailError),
    Io(std::io::Error),
}

impl ImageError {
    pub(crate) fn format(err: impl Into<Box<dyn std::error::Error + Send + Sync>>) -> Self {
        ImageError::Format(DetailError(err.into()))
    }
}

pub fn check_magic(b: &[u8]) -> Result<(), ImageError> {
    if b.len() < 6 {
        return Err(ImageError::format("image header is truncated"));
    }
    Ok(())
}
