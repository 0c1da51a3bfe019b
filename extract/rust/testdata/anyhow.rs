use anyhow::{anyhow, bail, ensure, Context, Result};

fn start(port: u16, config: &std::path::Path) -> Result<()> {
    if port < 1024 {
        bail!("port {} is privileged", port);
    }
    ensure!(port != 8080, "port {port} is reserved");
    ensure!(port > 0);
    ensure!(config.exists() && port != 1);
    let text = std::fs::read_to_string(config)
        .with_context(|| format!("failed to read config file {}", config.display()))?;
    let _n: u32 = text.parse().context("config is not a number")?;
    let err = std::io::Error::last_os_error();
    return Err(anyhow!(err));
}

fn other() -> anyhow::Result<()> {
    Err(anyhow::anyhow!("could not start server"))
}

fn eyre_style() -> eyre::Result<()> {
    let x = something().wrap_err("while doing something")?;
    eyre::bail!("unsupported value {x:?}")
}
