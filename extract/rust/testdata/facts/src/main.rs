use clap::Parser;
use std::env;

/// Command-line arguments.
#[derive(Parser, Debug)]
#[command(version)]
struct Args {
    /// Port to listen on.
    #[arg(long = "listen-port", default_value_t = 8080, env = "APP_PORT")]
    port: u16,
    #[arg(short, long, default_value = "info")]
    log_level: String,
    #[command(subcommand)]
    cmd: Option<Cmd>,
    plain: bool,
}

#[derive(serde::Deserialize)]
pub struct ServerConfig {
    pub workers: usize,
    pub timeout_ms: u64,
}

pub struct Server {
    port: u16,
    workers: usize,
    name: String,
}

impl Server {
    pub fn new(cfg: &crate::ServerConfig, args: &Args) -> Self {
        let name = env::var("SERVER_NAME").unwrap_or_else(|_| "srv".into());
        Self { port: args.port, workers: cfg.workers, name }
    }

    fn check(&mut self, extra: usize) -> Result<(), String> {
        let limit = std::env::var("MAX_WORKERS").ok().and_then(|v| v.parse().ok()).unwrap_or(64);
        let (lo, hi) = (1, limit + extra);
        let mut total = self.workers;
        total += extra;
        if total < lo || total > hi {
            return Err(format!("{} workers out of range {lo}..{hi} for {}", total, self.name));
        }
        if self.port == 0 {
            panic!("port {} is not set", self.port);
        }
        self.workers = total;
        Ok(())
    }
}

static STRICT: once_cell::sync::Lazy<bool> = once_cell::sync::Lazy::new(|| std::env::var("APP_STRICT").is_ok());
const UNUSED: u32 = 7;

fn strict_check(n: u32) {
    if *STRICT && n > 3 {
        panic!("too many: {n}");
    }
}

fn unrelated(x: i32) -> i32 {
    let y = x * 2;
    y + 1
}

fn main() {
    let args = Args::parse();
    let home = env!("CARGO_MANIFEST_DIR");
    let key = get_env("API_KEY", "none");
    std::process::Command::new("man").env("MANPATH", home);
    std::env::set_var("RUST_LOG", "debug");
    if args.port < 1024 {
        eprintln!("{home}");
        panic!("privileged port {} with key {}", args.port, key);
    }
}
