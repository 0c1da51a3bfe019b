use std::fmt;

// The error's Display calls a method of the boxed details that writes to
// the formatter itself: each text that method writes is a site; the
// method that writes the Debug form is none.
pub struct LoadError(Box<LoadErrorImpl>);

enum LoadErrorImpl {
    Message(String),
    Truncated,
    TwoDocuments,
    Depth(usize),
}

impl LoadErrorImpl {
    fn display(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            LoadErrorImpl::Message(msg) => f.write_str(msg),
            LoadErrorImpl::Truncated => f.write_str("input ended inside a value"),
            LoadErrorImpl::TwoDocuments => f.write_str("more than one document in the input"),
            LoadErrorImpl::Depth(n) => write!(f, "nesting deeper than {} levels", n),
        }
    }

    fn debug(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            LoadErrorImpl::Depth(n) => write!(f, "Depth({})", n),
            _ => f.write_str("LoadErrorImpl"),
        }
    }

    // Not a formatter's writer: no site.
    fn label(&self) -> &'static str {
        "load"
    }
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        self.0.display(f)
    }
}

impl fmt::Debug for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        self.0.debug(f)
    }
}

// A type that is no error: its writer methods make no sites.
pub struct Table;

impl Table {
    fn render(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("table")
    }
}
