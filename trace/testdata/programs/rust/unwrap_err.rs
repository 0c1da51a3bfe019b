fn parse_port(s: &str) -> u16 {
    s.parse::<u16>().unwrap()
}

fn main() {
    println!("{}", parse_port("80a"));
}
