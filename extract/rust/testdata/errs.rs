use std::io::{self, ErrorKind};

fn parse_port(s: &str) -> Result<u16, String> {
    if s.is_empty() {
        return Err("empty port".into());
    }
    if s.len() > 5 {
        return Err(format!("port {} is too long: {} digits", s, s.len()));
    }
    let n: u32 = s.parse().map_err(|e| format!("invalid port {:?}: {}", s, e))?;
    if n > 65535 {
        Err(String::from("port out of range"))
    } else if n == 0 {
        Err("port zero".to_string())
    } else {
        Ok(n as u16)
    }
}

fn lookup(name: &str) -> Result<u32, Box<dyn std::error::Error>> {
    let v = find(name).ok_or("no such name")?;
    let w = find(name).ok_or_else(|| format!("no such name: {}", name))?;
    let msg = match v {
        0 => "zero",
        1 => "one",
        _ => "many",
    };
    if w > v {
        return Err(msg.into());
    }
    Err(e.to_string().into())
}

fn io_errors(path: &str) -> io::Result<()> {
    let e = io::Error::new(ErrorKind::Other, format!("{} is locked", path));
    let f = std::io::Error::other("disk full");
    let g = serde::de::Error::custom(format!("unknown field `{}`", path));
    let h = MyError::new(path);
    Err(io::Error::new(ErrorKind::InvalidData, "bad header"))
}
