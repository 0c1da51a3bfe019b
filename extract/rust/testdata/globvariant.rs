use std::fmt;

use self::TemplateError::*;

// Variants built by their short names after a glob import of the enum's
// variants are constructions of that enum's variants.
#[derive(Debug)]
pub enum TemplateError {
    Parse { msg: String, line: usize },
    Render { msg: String },
}

impl fmt::Display for TemplateError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            TemplateError::Parse { msg, line } => write!(f, "cannot parse template at line {}: {}", line, msg),
            TemplateError::Render { msg } => write!(f, "cannot render template: {}", msg),
        }
    }
}

fn parse_error(line: usize, msg: String) -> TemplateError {
    Parse { msg, line }
}

pub fn compile(s: &str) -> Result<(), TemplateError> {
    if s.is_empty() {
        return Err(parse_error(1, format!("template {:?} has no text", s)));
    }
    Err(Render { msg: "no value for the first field".to_string() })
}
