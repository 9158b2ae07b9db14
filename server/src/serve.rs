//! `warlord serve`: options, start-up and shutdown.

use crate::hub::Games;
use crate::limits::Limits;
use crate::store::Store;
use std::net::SocketAddr;
use std::path::PathBuf;
use tokio::net::TcpListener;

/// The options of `warlord serve`.
#[derive(clap::Args, Clone, Debug)]
pub struct ServeArgs {
    /// The address and port to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub listen: SocketAddr,
    /// The SQLite database file, created on first start.
    #[arg(long, default_value = "warlord.db")]
    pub db: PathBuf,
    /// A PostgreSQL URL (postgres://user:password@host/database) to use instead of the file.
    /// Several server processes may share one PostgreSQL database.
    #[arg(long)]
    pub database_url: Option<String>,
    /// New games one client (IP address; IPv6 by /64) may create per minute; 0 for no limit.
    #[arg(long, default_value_t = crate::limit::DEFAULT_PER_MINUTE)]
    pub create_per_minute: u32,
    /// A reverse proxy (an address, or a network like 10.0.0.0/8) whose `X-Forwarded-For`
    /// header names the client for the per-client limits; repeat for several. Without it the
    /// header is ignored and the client is the connection's address (docs/OPERATIONS.md).
    #[arg(long = "trusted-proxy", value_name = "ADDRESS")]
    pub trusted_proxies: Vec<crate::client_ip::ProxyNet>,
    /// The limits that protect the server from a client's abuse (docs/OPERATIONS.md).
    #[command(flatten)]
    pub limits: Limits,
}

impl ServeArgs {
    /// The database URL these options name.
    #[must_use]
    pub fn store_url(&self) -> String {
        self.database_url.clone().unwrap_or_else(|| Store::sqlite_url(&self.db))
    }
}

/// A server listening on a socket.
#[derive(Debug)]
pub struct Running {
    /// The address it listens on (with the port chosen, if 0 was asked).
    pub addr: SocketAddr,
    /// Its games.
    pub games: Games,
    task: tokio::task::JoinHandle<()>,
}

impl Running {
    /// Waits until the server stops.
    pub async fn wait(self) -> anyhow::Result<()> {
        Ok(self.task.await?)
    }

    /// Stops accepting connections and ends the server's task.
    pub fn stop(&self) {
        self.task.abort();
    }
}

/// Opens the store (migrating it) and starts serving on `listen`, with the default limits.
pub async fn start(store_url: &str, listen: SocketAddr) -> anyhow::Result<Running> {
    start_with(store_url, listen, Limits::default()).await
}

/// Opens the store (migrating it) and starts serving on `listen` within `limits`.
pub async fn start_with(store_url: &str, listen: SocketAddr, limits: Limits) -> anyhow::Result<Running> {
    let store = Store::open(store_url).await?;
    let games = Games::with_ai(store, limits.ai(), limits.ai_waiting_per_user)?;
    crate::notify::spawn(games.clone());
    games.spawn_lobby_repair();
    let sweeper = games.clone();
    tokio::spawn(async move {
        let mut every = tokio::time::interval(std::time::Duration::from_secs(60));
        loop {
            every.tick().await;
            sweeper.evict_idle();
        }
    });
    let listener = TcpListener::bind(listen).await?;
    let addr = listener.local_addr()?;
    let app = crate::router::router(games.clone(), &limits)?;
    let task = tokio::spawn(crate::connections::serve(listener, app, limits, async {
        let _ = tokio::signal::ctrl_c().await;
    }));
    Ok(Running { addr, games, task })
}

/// Runs the server until interrupted (on its own multi-threaded runtime, with logging to
/// standard error; `RUST_LOG` filters it).
pub fn run(args: &ServeArgs) -> anyhow::Result<()> {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into());
    // Colours only on a terminal: a log file or journal gets plain text.
    let colour = std::io::IsTerminal::is_terminal(&std::io::stderr());
    let _ = tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr).with_ansi(colour).try_init();
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    runtime.block_on(async {
        let running = start_with(&args.store_url(), args.listen, args.limits).await?;
        running.games.set_create_limit(args.create_per_minute);
        running.games.set_trusted_proxies(&args.trusted_proxies);
        let store = if args.database_url.is_some() { "PostgreSQL".to_string() } else { args.db.display().to_string() };
        // The first line names the address, so that scripts and tests can wait for it.
        println!("warlord serve: listening on http://{} (games in {store})", running.addr);
        let ai = running.games.ai_config();
        tracing::info!(threads = ai.threads, searches = ai.searches, nice = ai.nice, "the AI's searches");
        running.wait().await
    })
}
