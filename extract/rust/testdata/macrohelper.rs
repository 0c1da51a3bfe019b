use std::fmt;

// A macro that passes its message to the parser's error helper: each
// invocation with text is a site, at the text, with the message the
// helper makes of it. An expr fragment stops at a top-level comma, so
// the one-message rule does not take a format with arguments, and the
// repeated arguments of the second rule are read once.
macro_rules! fail(
    ($this:ident; $msg:expr) => ($this.error($msg));
    ($this:ident; $fmt:expr, $($arg:expr),+) => ($this.error(format!($fmt, $($arg),+)))
);

#[derive(Debug)]
pub struct MarkupError {
    line: usize,
    msg: String,
}

impl fmt::Display for MarkupError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(&self.msg)?;
        if self.line > 0 {
            write!(f, " (line {})", self.line)?;
        }
        Ok(())
    }
}

pub struct Reader {
    line: usize,
    depth: usize,
}

impl Reader {
    // The error is converted from the position and the message.
    fn error<M: Into<String>>(&self, msg: M) -> Result<(), MarkupError> {
        Err((self.line, msg).into())
    }

    pub fn close(&self, name: &str, open: &str) -> Result<(), MarkupError> {
        if name != open {
            return fail!(self; "end tag {} closes {}", name, open);
        }
        if self.depth == 0 {
            return fail!(self; "end tag outside any element");
        }
        Ok(())
    }
}

impl<M: Into<String>> From<(usize, M)> for MarkupError {
    fn from(v: (usize, M)) -> Self {
        MarkupError { line: v.0, msg: v.1.into() }
    }
}
