use std::num::ParseIntError;

fn main() -> Result<(), ParseIntError> {
    let n: i32 = "12x".parse()?;
    println!("{}", n);
    Ok(())
}
