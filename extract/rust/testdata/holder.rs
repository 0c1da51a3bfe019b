// The Display of a kind matches on *self; the error users see is the
// struct that holds the kind, printed with Debug by unwrap.
use std::fmt;

#[derive(Clone, Debug, PartialEq)]
pub struct ScanError {
    pub reason: ErrorReason,
    pub at: Offset,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Offset {
    pub row: usize,
    pub col: usize,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ErrorReason {
    UnexpectedEnd,
    WantedDigit(char),
    Other(String),
}

impl fmt::Display for ErrorReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ErrorReason::UnexpectedEnd => f.write_str("input ended early"),
            ErrorReason::WantedDigit(c) => write!(f, "wanted a digit, got {:?}", c),
            ErrorReason::Other(ref s) => f.write_str(s),
        }
    }
}
