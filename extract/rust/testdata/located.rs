// A Display that writes the message of its kind, then the place it was
// found when known: each kind's message may go on with the place.
use std::fmt;

#[derive(Debug)]
pub struct ConfigError {
    kind: Kind,
    line: Option<usize>,
    col: usize,
    section: Vec<String>,
}

#[derive(Debug)]
enum Kind {
    MissingValue,
    BadIndent(usize),
    Custom(String),
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            Kind::MissingValue => "a key has no value".fmt(f)?,
            Kind::BadIndent(n) => {
                write!(f, "indent of {} spaces does not match the block", n)?;
            }
            Kind::Custom(ref msg) => msg.fmt(f)?,
        }

        if !self.section.is_empty() {
            write!(f, " in section ")?;
            for (i, s) in self.section.iter().enumerate() {
                if i > 0 {
                    f.write_str(".")?;
                }
                f.write_str(s)?;
            }
        }

        if let Some(line) = self.line {
            write!(f, " on line {} column {}", line + 1, self.col + 1)?;
        }

        Ok(())
    }
}

// Numbers computed before the write: line + 1 is arithmetic, a value of
// the run, not the text "1" appended.
pub struct SpanError {
    line: usize,
    col: usize,
}

impl fmt::Display for SpanError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let line_num = self.line + 1;
        let col_num = 1 + self.col;
        write!(f, "unexpected token at line {}, column {}", line_num, col_num)
    }
}
