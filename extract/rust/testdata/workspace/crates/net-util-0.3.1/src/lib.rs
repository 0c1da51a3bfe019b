pub mod proto;

pub fn connect(addr: &str) {
    panic!("cannot connect to {addr}");
}
