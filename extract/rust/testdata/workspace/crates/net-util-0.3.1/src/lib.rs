pub mod proto;

pub fn connect(addr: &str) {
    panic!("cannot connect to {addr}");
}

pub fn dial(addr: &str) -> Result<(), errors::NetError> {
    Err(errors::NetError::Refused { addr: addr.to_string(), attempts: 3 })
}
