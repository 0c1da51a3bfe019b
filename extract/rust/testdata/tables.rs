// Display impls that print a message table: a method returning one text
// per kind, and a literal's own fmt.
use std::fmt;

#[derive(Debug)]
pub enum SyntaxErrorKind {
    Unclosed,
    BadEscape,
    TooDeep,
    #[doc(hidden)]
    __Nonexhaustive,
}

impl SyntaxErrorKind {
    fn describe(&self) -> &str {
        match *self {
            SyntaxErrorKind::Unclosed => "unclosed bracket",
            SyntaxErrorKind::BadEscape => "unknown escape in literal",
            SyntaxErrorKind::TooDeep => {
                "nesting exceeds the depth limit"
            }
            _ => unreachable!(),
        }
    }
}

impl fmt::Display for SyntaxErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.describe())
    }
}

#[derive(Debug)]
pub struct WidthError {
    kind: WidthKind,
}

#[derive(Debug)]
enum WidthKind {
    Zero,
    Huge,
}

impl WidthError {
    #[doc(hidden)]
    pub fn __text(&self) -> &str {
        match self.kind {
            WidthKind::Zero => "width must not be zero",
            WidthKind::Huge => return "width exceeds the page",
        }
    }
}

impl fmt::Display for WidthError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.__text().fmt(f)
    }
}

#[derive(Debug)]
pub struct FlagError;

impl fmt::Display for FlagError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        "flag was neither `on` nor `off`".fmt(f)
    }
}

#[derive(Debug)]
pub struct RangeError(());

impl RangeError {
    pub fn __text(&self) -> &str {
        "value out of the accepted range"
    }
}

impl fmt::Display for RangeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.__text().fmt(f)
    }
}

#[derive(Debug)]
pub enum MetricError {
    UnequalInputs,
    Negative(i64),
}

impl fmt::Display for MetricError {
    fn fmt(&self, fmt: &mut fmt::Formatter) -> fmt::Result {
        let text = match self {
            MetricError::UnequalInputs => "inputs differ in length",
            MetricError::Negative(_) => "weights must not be negative",
        };
        write!(fmt, "{}", text)
    }
}
