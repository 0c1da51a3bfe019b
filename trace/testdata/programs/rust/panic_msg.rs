struct Pool {
    size: usize,
}

impl Pool {
    fn new(size: usize) -> Pool {
        if size == 0 {
            panic!("pool size must be positive, got {}", size);
        }
        Pool { size }
    }
}

fn main() {
    let p = Pool::new(0);
    println!("{}", p.size);
}
