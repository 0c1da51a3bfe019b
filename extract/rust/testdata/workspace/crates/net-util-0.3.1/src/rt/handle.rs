use std::fmt;

use crate::rt::messages::{NO_EXECUTOR, SHUT_DOWN};

#[derive(Debug)]
pub enum CurrentError {
    Missing,
    Gone,
}

impl fmt::Display for CurrentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CurrentError::Missing => f.write_str(NO_EXECUTOR),
            CurrentError::Gone => f.write_str(crate::rt::messages::SHUT_DOWN),
        }
    }
}

pub fn current() {
    panic!("{}", crate::rt::messages::NO_EXECUTOR)
}
