use std::fmt;

// The error's Display prints what a method of its kind's type returns:
// each of that method's texts is a site, with the Debug text of the error
// holding that kind.
#[derive(Debug)]
pub struct ParseSizeError {
    kind: SizeErrorKind,
}

#[derive(Debug)]
enum SizeErrorKind {
    NoDigits,
    UnknownSuffix,
}

impl SizeErrorKind {
    fn text(&self) -> &'static str {
        match *self {
            SizeErrorKind::NoDigits => "size has no digits",
            SizeErrorKind::UnknownSuffix => "size has an unknown suffix",
        }
    }
}

impl fmt::Display for ParseSizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.kind.text().fmt(f)
    }
}

// The same through write! with a field's method.
#[derive(Debug)]
pub struct LimitError {
    reason: LimitReason,
}

#[derive(Debug)]
enum LimitReason {
    Depth,
}

impl LimitReason {
    fn describe(&self) -> &'static str {
        match self {
            LimitReason::Depth => "nesting limit reached",
        }
    }
}

impl fmt::Display for LimitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.reason.describe())
    }
}

// The table written inline: f.write_str(match *self { .. }).
#[derive(Debug)]
pub enum ReadError {
    Marker(u8),
    Data,
    Mismatch,
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match *self {
            ReadError::Marker(..) => "cannot read the marker byte",
            ReadError::Data => "cannot read the value's data",
            ReadError::Mismatch => {
                "the value read has another type than the one asked for"
            }
        })
    }
}
