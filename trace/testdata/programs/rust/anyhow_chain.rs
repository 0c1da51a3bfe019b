use anyhow::{Context, Result};

fn read_config() -> Result<String> {
    let s = std::fs::read_to_string("/nonexistent/errdex/config.toml")
        .context("failed to read config file /nonexistent/errdex/config.toml")?;
    Ok(s)
}

fn main() -> Result<()> {
    read_config().context("could not start server")?;
    Ok(())
}
