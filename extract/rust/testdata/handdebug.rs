use std::fmt;

// A private error whose Debug is written by hand to hide its field:
// unwrap prints "BadToken", which names the Display below.
pub struct BadToken {
    _inner: (),
}

impl fmt::Debug for BadToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("BadToken").finish()
    }
}

impl fmt::Display for BadToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("token is not valid")
    }
}

impl std::error::Error for BadToken {}

// A Debug that shows some fields.
pub struct LimitError {
    limit: usize,
    seen: usize,
}

impl fmt::Debug for LimitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("LimitError").field("limit", &self.limit).field("seen", &self.seen).finish()
    }
}

impl fmt::Display for LimitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "read {} items, more than the limit of {}", self.seen, self.limit)
    }
}

// A tuple-style Debug, and one written with write!.
pub struct CodeError(u8);

impl fmt::Debug for CodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("CodeError").field(&self.0).finish()
    }
}

impl fmt::Display for CodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown status code {}", self.0)
    }
}

pub struct FullError;

impl fmt::Debug for FullError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "FullError: no room left")
    }
}

impl fmt::Display for FullError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("no room left")
    }
}

// A Debug that forwards to Display adds nothing.
pub struct ShapeError;

impl fmt::Debug for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("shapes do not fit")
    }
}

// A type named Invalid... is an error even without an Error impl.
#[derive(Debug)]
pub struct InvalidLength;

impl fmt::Display for InvalidLength {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("length field is not valid")
    }
}

// Not an error: Invalidated is a word, not a prefix.
pub struct Invalidated;

impl fmt::Display for Invalidated {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("cache entry dropped")
    }
}
