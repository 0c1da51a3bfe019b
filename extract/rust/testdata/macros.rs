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
