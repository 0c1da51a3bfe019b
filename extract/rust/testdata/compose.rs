use std::fmt;

// What went wrong is said by the kind; the error prints it after the
// pattern, and its derived Debug holds it.
#[derive(Debug)]
pub struct PatternError {
    pattern: String,
    kind: PatternKind,
}

#[derive(Debug)]
pub enum PatternKind {
    UnclosedBracket,
    EmptyName,
    BadRange(char, char),
    Io(std::io::Error),
}

impl PatternKind {
    fn text(&self) -> &str {
        match *self {
            PatternKind::UnclosedBracket => "bracket is never closed",
            PatternKind::EmptyName => "name must not be empty",
            PatternKind::BadRange(..) => "range is reversed",
            PatternKind::Io(_) => "could not read the pattern file",
        }
    }
}

impl fmt::Display for PatternError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad pattern '{}': {}", self.pattern, self.kind)
    }
}

impl std::error::Error for PatternError {}

// The kind's Display reads a table for some variants: each entry is a
// site of its own; the others write their own message.
impl fmt::Display for PatternKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PatternKind::UnclosedBracket | PatternKind::EmptyName => write!(f, "{}", self.text()),
            PatternKind::BadRange(a, b) => write!(f, "{}: '{}' > '{}'", self.text(), a, b),
            PatternKind::Io(ref e) => write!(f, "{}: {}", self.text(), e),
        }
    }
}

// A position and a kind that is no error by itself, printed by an error.
#[derive(Debug)]
pub enum Fault {
    Length,
    Symbol,
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            Fault::Length => "wrong length",
            Fault::Symbol => "unknown symbol",
        };
        write!(f, "{}", text)
    }
}

#[derive(Debug)]
pub struct DecodeError {
    pub at: usize,
    pub fault: Fault,
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at byte {}", self.fault, self.at)
    }
}

// An enum wrapping another error in a variant.
#[derive(Debug)]
pub enum ReadError {
    Attr(AttrError),
    Eof,
}

#[derive(Debug)]
pub enum AttrError {
    Duplicate(usize),
    Unquoted(usize),
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Attr(e) => write!(f, "bad attribute: {}", e),
            ReadError::Eof => f.write_str("unexpected end of input"),
        }
    }
}

impl fmt::Display for AttrError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AttrError::Duplicate(at) => write!(f, "attribute at {} is repeated", at),
            AttrError::Unquoted(at) => write!(f, "value at {} has no quotes", at),
        }
    }
}

// A part of the input that the message names is no error of its own: the
// error's message says what failed, and the part gets nothing.
pub enum Part {
    Major,
    Minor,
}

impl fmt::Display for Part {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Part::Major => f.write_str("major number"),
            Part::Minor => f.write_str("minor number"),
        }
    }
}

#[derive(Debug)]
pub enum VersionErrorKind {
    Missing(Part),
}

pub struct VersionError {
    kind: VersionErrorKind,
}

impl fmt::Display for VersionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            VersionErrorKind::Missing(part) => write!(f, "version has no {}", part),
        }
    }
}


// The outer error keeps its details boxed in a struct of the file: the
// kind it prints is a field of that struct (self.0.code).
#[derive(Debug)]
pub enum FrameKind {
    Truncated,
    TrailingBytes,
}

impl fmt::Display for FrameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            FrameKind::Truncated => f.write_str("input ends before the value does"),
            FrameKind::TrailingBytes => f.write_str("bytes follow the value"),
        }
    }
}

#[derive(Debug)]
struct FrameDetail {
    code: FrameKind,
    offset: u64,
}

pub struct FrameError(Box<FrameDetail>);

impl fmt::Display for FrameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at byte {}", self.0.code, self.0.offset)
    }
}
