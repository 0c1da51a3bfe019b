use std::fmt;

// An error whose Display prints the message a construction passes: the
// construction is a site with the Display's text around it.
#[derive(Debug)]
pub struct SyntaxError {
    pub pos: usize,
    pub msg: &'static str,
}

const ERR_NESTED: &str = "groups may not be nested";

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "syntax error at {}: {}", self.pos, self.msg)
    }
}

impl std::error::Error for SyntaxError {}

pub fn check(p: &str) -> Result<(), SyntaxError> {
    if p.contains("((") {
        return Err(SyntaxError { pos: p.find("((").unwrap(), msg: ERR_NESTED });
    }
    if p.ends_with('\\') {
        return Err(SyntaxError { pos: p.len(), msg: "trailing backslash" });
    }
    Ok(())
}

// A counter passed for a field is the run's value, not its first one.
pub fn scan(p: &str) -> Result<(), SyntaxError> {
    let mut i = 0;
    for c in p.chars() {
        if c == '\0' {
            return Err(SyntaxError { pos: i, msg: "null character" });
        }
        i += 1;
    }
    Ok(())
}

// A variant that carries the text it prints.
#[derive(Debug)]
pub enum ReadError {
    Eof(String),
    Limit { what: String, max: usize },
    Io(std::io::Error),
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Eof(e) => write!(f, "unexpected end of input in {}", e),
            ReadError::Limit { what, max } => write!(f, "{} exceeds the limit of {}", what, max),
            ReadError::Io(e) => write!(f, "read failed: {}", e),
        }
    }
}

impl std::error::Error for ReadError {}

pub fn read(buf: &[u8], limit: usize) -> Result<(), ReadError> {
    if buf.is_empty() {
        return Err(ReadError::Eof("element".to_string()));
    }
    if buf.len() > limit {
        return Err(ReadError::Limit { what: "document".into(), max: limit });
    }
    // Passes no text: the Display's site says it all.
    std::fs::read("x").map_err(|e| ReadError::Io(e))?;
    Ok(())
}

// A variant whose Display is its text alone, built by helpers that return
// the error: each helper passing text is a site.
#[derive(Debug)]
pub enum SerError {
    Custom(String),
}

impl fmt::Display for SerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SerError::Custom(ref msg) => msg.fmt(f),
        }
    }
}

impl SerError {
    fn unsupported() -> Self {
        SerError::Custom("only maps can be written".into())
    }

    // Passes no text: no site.
    fn wrap(msg: String) -> Self {
        SerError::Custom(msg)
    }
}
