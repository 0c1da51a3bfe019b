mod outer {
    pub mod inner {
        pub fn f() {
            panic!("in inner function");
        }
    }

    trait Check {
        fn check(&self) {
            panic!("default method");
        }
    }

    impl<T: Clone> Check for Vec<T> {
        fn check(&self) {
            fn nested() {
                panic!("nested function");
            }
            let c = || panic!("in closure");
        }
    }
}

static TABLE: once_cell::sync::Lazy<u32> = once_cell::sync::Lazy::new(|| "3".parse().expect("table size"));
