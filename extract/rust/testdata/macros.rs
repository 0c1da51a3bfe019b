// Sites in the transcribers of macro_rules! definitions: a trait of
// default methods, an expression, a repetition.
use std::fmt::Display;

macro_rules! define_decode_error {
    (Error: Sized $(+ $($bound:ident)::+)*) => {
        pub trait DecodeError: Sized $(+ $($bound)::+)* {
            fn custom<T: Display>(msg: T) -> Self;

            fn absent_key(key: &'static str) -> Self {
                DecodeError::custom(format_args!("key `{}` is absent", key))
            }

            fn bad_width(width: usize, wanted: &dyn Display) -> Self {
                DecodeError::custom(format_args!("width {} does not fit, wanted {}", width, wanted))
            }
        }
    };
}

define_decode_error!(Error: Sized + std::error::Error);

macro_rules! fail_at {
    ($pos:expr, $($arg:tt)*) => (
        panic!("decoding stopped at byte {}: {}", $pos, format!($($arg)*))
    );
}

macro_rules! checked_widths {
    ($($ty:ident => $max:expr),* $(,)?) => {
        $(
            impl Width for $ty {
                fn check(n: usize) -> Result<(), String> {
                    if n > $max {
                        return Err(format!("{} bits is too wide for {}", n, stringify!($ty)));
                    }
                    Ok(())
                }
            }
        )*
    };
}

checked_widths!(u8 => 8, u16 => 16);

#[cfg(test)]
mod tests {
    macro_rules! must {
        ($e:expr) => { panic!("test helper failed: {}", $e) };
    }
}

// A table of kinds and messages, given to a macro that defines the type
// and its Display: each message is a site where the table writes it.
macro_rules! kinds_with_text {
    ($($kind: ident => $text: expr,)+) => {
        #[derive(Debug, Clone, Copy)]
        pub enum LoadError {
            $(
                $kind,
            )+
        }

        impl std::fmt::Display for LoadError {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                match *self {
                    $(
                        LoadError::$kind => f.write_str($text),
                    )+
                }
            }
        }
    }
}

kinds_with_text! {
    Truncated => "input ends inside a record",
    BadMagic => "not a bundle file",
}

macro_rules! limit_error {
    ($name:ident, $what:literal, $max:expr) => {
        pub fn $name(n: usize) -> Result<(), String> {
            if n > $max {
                return Err(format!(concat!("too many ", $what, ": {}"), n));
            }
            Err(format!("{} exceeds the limit for {}", n, $what))
        }
    };
}

limit_error!(check_fields, "fields", 64);

macro_rules! bail_with {
    ($fmt:literal $(, $arg:expr)*) => {
        return Err(format!($fmt $(, $arg)*))
    };
}

pub fn open_bundle(path: &str) -> Result<(), String> {
    if path.is_empty() {
        bail_with!("no bundle path given");
    }
    bail_with!("cannot open bundle {}", path);
}

// Items wrapped in another crate's macro are read too, named for the
// items around the invocation.
pub struct Pool;

cfg_threads! {
    pub fn spawn_worker(n: usize) {
        if n == 0 {
            panic!("a pool needs at least one worker");
        }
    }
}

impl Pool {
    cfg_threads! {
        pub fn enter(&self) {
            panic!("cannot enter a pool from within a pool");
        }
    }
}
