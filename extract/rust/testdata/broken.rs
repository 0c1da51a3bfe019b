fn ok() {
    panic!("before the error");
}

fn broken( {
    let x = ;
    panic!("inside broken function {}", x);
}

fn also_ok() {
    Err::<(), _>(format!("after the error {}", 1));
}
