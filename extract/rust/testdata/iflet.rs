use std::fmt;

// A Display that prints one variant apart in an if let and the others from
// a table method in the else branch: each of the others' entries is a site,
// the variant apart's entry is one only in the if let's message.
#[derive(Debug)]
pub enum HeaderError {
    NoColon,
    EmptyName,
    BadByte { at: usize, byte: u8 },
}

impl HeaderError {
    fn text(&self) -> &str {
        use self::HeaderError::*;
        match *self {
            NoColon => "header line has no colon",
            EmptyName => "header name is empty",
            BadByte { .. } => "header has a byte that is not allowed",
        }
    }
}

impl fmt::Display for HeaderError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        if let HeaderError::BadByte { at, byte } = *self {
            write!(f, "{} ({:#x} at {})", self.text(), byte, at)
        } else {
            f.write_str(self.text())
        }
    }
}

// A match arm naming a variant by its short name, struct-like, after a
// glob import.
#[derive(Debug)]
pub enum LimitError {
    TooLong { max: usize },
    TooDeep,
}

impl LimitError {
    fn what(&self) -> &'static str {
        use self::LimitError::*;
        match self {
            TooLong { .. } => "value too long",
            TooDeep => "nesting too deep",
        }
    }
}

impl fmt::Display for LimitError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        use self::LimitError::*;
        match self {
            TooLong { max } => write!(f, "{} (max {})", self.what(), max),
            TooDeep => f.write_str(self.what()),
        }
    }
}
