fn check(a: &[u8], b: &[u8], n: usize) {
    assert!(n > 0);
    assert!(
        a.len() == b.len()
            && n <= a.len(), // trailing comment
    );
    assert!(n < 10, "n must be small, got {}", n);
    debug_assert!(!a.is_empty(), "empty input");
    assert_eq!(a.len(), b.len());
    assert_eq!(a[0], b[0], "first bytes differ at {}", n);
    assert_ne!(n, 3);
    debug_assert_ne!(a, b, "inputs must differ");
}
