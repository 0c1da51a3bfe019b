use std::thread;

fn main() {
    let h = thread::spawn(|| {
        let v: Option<u32> = None;
        v.expect("worker needs a value\nnone was configured")
    });
    let _ = h.join();
}
