use std::collections::HashMap;
use std::fs;

fn load(path: &str, m: &HashMap<String, u32>) -> u32 {
    let text = fs::read_to_string(path).expect("failed to read config");
    let n: u32 = text.trim().parse().expect(&format!("config {} is not a number", path));
    let v = m.get("key").expect("key is always present");
    let first = text.lines().next().expect("config is empty");
    let e = "x".parse::<u32>().expect_err("x must not parse");
    let msg = "cannot lock";
    let _g = std::sync::Mutex::new(0).lock().expect(msg);
    n + v + first.len() as u32
}
