fn third(v: &[i32]) -> i32 {
    v[3]
}

fn main() {
    let v = vec![1, 2];
    println!("{}", third(&v));
}
