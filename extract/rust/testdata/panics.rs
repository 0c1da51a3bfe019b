use std::fmt;

pub struct Pool {
    size: usize,
}

impl Pool {
    pub fn new(size: usize) -> Pool {
        if size == 0 {
            panic!("pool size must be positive, got {}", size);
        }
        Pool { size }
    }

    pub fn get(&self, i: usize) -> usize {
        match i {
            0 => unreachable!(),
            1 => unreachable!("index {i} is reserved"),
            2 => todo!(),
            3 => todo!("slot {} of {}", i, self.size),
            4 => unimplemented!(),
            5 => unimplemented!("pool resizing"),
            _ => panic!(),
        }
    }
}

fn legacy(msg: &str) {
    // Rust 2018: a non-literal argument is the payload.
    panic!(msg);
}

fn from_variable(path: &str, attempts: u32) {
    let msg = format!("could not open {} after {} attempts", path, attempts);
    panic!("{}", msg);
}

fn branches(kind: u8) -> ! {
    let what = if kind == 0 { "empty" } else { "corrupt" };
    std::panic!("archive is {what}: {:?}", kind);
}

fn escapes() {
    panic!("tab\there, quote \" and braces {{}} and unicode \u{e9}");
    panic!(r#"raw "string" {}"#, 1);
    panic!(concat!("joined ", "text {}"), 2);
}
