use std::fmt;

// FrameFault is declared an error in errors.rs, another file.
pub struct FrameFault(pub u8);

impl fmt::Display for FrameFault {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "bad frame type {:#04x}", self.0)
    }
}
