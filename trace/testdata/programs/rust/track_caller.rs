use std::ops::Index;

struct Table {
    keys: Vec<&'static str>,
}

// Index::index is #[track_caller]: the panic's location is the caller's
// line, the panic! itself is in the frame under it.
impl Index<&str> for Table {
    type Output = str;

    fn index(&self, key: &str) -> &str {
        match self.keys.iter().find(|k| **k == key) {
            Some(k) => k,
            None => panic!("Section `{}` does not exist", key),
        }
    }
}

fn main() {
    let t = Table { keys: vec!["a"] };
    println!("{}", &t["missing"]);
}
