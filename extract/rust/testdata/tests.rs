pub fn add(a: u32, b: u32) -> u32 {
    a.checked_add(b).expect("addition overflowed")
}

#[test]
fn top_level_test() {
    assert_eq!(add(1, 2), 3, "arithmetic is broken");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn it_adds() {
        assert_eq!(add(2, 2), 4);
        panic!("test panic");
    }

    fn helper() {
        panic!("helper panic in test module");
    }
}

#[tokio::test]
async fn async_test() {
    panic!("async test panic");
}
