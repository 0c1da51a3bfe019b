fn main() {
    let got = 2 + 2;
    assert_eq!(got, 5, "arithmetic is broken for {}", "addition");
}
