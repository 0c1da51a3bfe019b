fn main() {
    let port: u16 = std::env::args().nth(1).expect("usage: netcat PORT").parse().expect("PORT must be a number");
}
