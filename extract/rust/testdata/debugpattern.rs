use std::fmt;

// Arms that pin a field in their pattern print errors whose Debug text
// shows that value: the arm for pos: None is the one whose Debug text says
// "pos: None", the one for Some(pos) says "pos: Some(..)".
#[derive(Debug)]
pub struct Position {
    line: u64,
}

#[derive(Debug)]
pub enum RowError {
    Width { pos: Option<Position>, want: usize, got: usize },
    Quote(Option<u64>, char),
    Strict { level: u8 },
}

impl fmt::Display for RowError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            RowError::Width { pos: None, want, got } => write!(f, "row has {} fields, not {}", got, want),
            RowError::Width { pos: Some(ref pos), want, got } => {
                write!(f, "row at line {} has {} fields, not {}", pos.line, got, want)
            }
            RowError::Quote(None, c) => write!(f, "unclosed quote {}", c),
            RowError::Quote(Some(line), c) => write!(f, "unclosed quote {} on line {}", c, line),
            RowError::Strict { level: 2 } => f.write_str("strict mode rejects the row"),
            RowError::Strict { level } => write!(f, "level {} rejects the row", level),
        }
    }
}
