use std::error::Error;
use std::fmt;

#[derive(Debug)]
pub enum ParseError {
    Empty,
    BadChar(char, usize),
    Other(String),
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::Empty => f.write_str("cannot parse from empty string"),
            ParseError::BadChar(c, at) => write!(f, "invalid character {:?} at position {}", c, at),
            ParseError::Other(s) => write!(f, "{}", s),
        }
    }
}

impl Error for ParseError {}

// A type whose name does not say it is an error, but which implements
// Error: its Display is a site.
#[derive(Debug)]
pub struct Refused {
    code: u16,
}

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let reason = match self.code {
            403 => "forbidden",
            429 => "too many requests",
            _ => "refused",
        };
        writeln!(f, "request {} ({})", reason, self.code)
    }
}

impl std::error::Error for Refused {}

// Not an error: its Display is not a site.
pub struct Point {
    x: i32,
    y: i32,
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "point ({}, {})", self.x, self.y)
    }
}

// Display through a method of the type, and a run of writes.
#[derive(Debug)]
pub enum KindError {
    NotFound,
    Denied,
}

impl KindError {
    fn description(&self) -> &str {
        match *self {
            KindError::NotFound => "entity not found",
            KindError::Denied => "permission denied",
        }
    }
}

impl fmt::Display for KindError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{}", self.description())
    }
}

pub struct RuleError<'a> {
    unknown: &'a str,
    source: Option<String>,
}

impl<'a> fmt::Display for RuleError<'a> {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("unknown rule `")?;
        fmt::Debug::fmt(self.unknown, f)?;
        f.write_str("`, expected one of ")?;
        for (i, name) in RULES.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(name)?;
        }
        if let Some(s) = &self.source {
            write!(f, " (from {})", s)?;
        }
        Ok(())
    }
}
