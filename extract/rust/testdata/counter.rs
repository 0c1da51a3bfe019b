// A counter's value in a message is the run's, not the 0 it starts at.
pub fn same(a: &[u8], b: &[u8]) {
    let mut i = 0;
    for (x, y) in a.iter().zip(b) {
        assert!(x == y, "values differ: {x:?} != {y:?} at position {i}", i = i, x = x, y = y);
        i += 1;
    }
}

pub fn total(parts: &[&str]) -> usize {
    let mut n = 0;
    for p in parts {
        if p.is_empty() {
            panic!("part {} is empty", n);
        }
        n += 1;
    }
    n
}

// A text variable still resolves.
pub fn named(kind: u8) {
    let what = "reader";
    if kind > 3 {
        panic!("unknown {} kind {}", what, kind);
    }
}
