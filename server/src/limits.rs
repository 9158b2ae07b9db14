//! The limits that keep one client from starving the others (docs/OPERATIONS.md): how long a
//! connection may take to send a request's head, how many connections may be open at once,
//! how many heavy read-only jobs (records, analysis lines, previews) may run at once, and the
//! AI's share of the machine (its threads, searches at once, and the turns one user may have
//! waiting).

use std::time::Duration;

/// The default of `--header-timeout`, in seconds.
pub const DEFAULT_HEADER_TIMEOUT_SECS: u64 = 10;

/// The default of `--max-connections`.
pub const DEFAULT_MAX_CONNECTIONS: usize = 1024;

/// The limits of `warlord serve`, each a flag.
#[derive(clap::Args, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Seconds a connection has to send a whole request head, whether it is new or idle
    /// between requests; past them it is closed (a silent or slow client holds nothing).
    /// WebSockets, once open, are not cut.
    #[arg(long = "header-timeout", value_name = "SECONDS", default_value_t = DEFAULT_HEADER_TIMEOUT_SECS,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub header_timeout_secs: u64,
    /// Connections open at once, WebSockets included; those over it are closed as soon as
    /// they are accepted.
    #[arg(long, value_name = "COUNT", default_value_t = DEFAULT_MAX_CONNECTIONS,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
    pub max_connections: usize,
    /// Heavy read-only jobs (reading a record, replaying an analysis line, previewing a
    /// turn) running at once; more are answered `429 busy`. 0: one per core.
    #[arg(long, value_name = "COUNT", default_value_t = 0)]
    pub heavy_jobs: usize,
    /// Threads of the AI's searches, all searches together. 0: one fewer than the cores (at
    /// least one), so that the searches always leave a core to the requests.
    #[arg(long, value_name = "COUNT", default_value_t = 0)]
    pub ai_threads: usize,
    /// AI searches running at once, sharing the AI's threads (at most one per thread); the
    /// others wait in a queue served in turn, one user at a time. 0: one.
    #[arg(long, value_name = "COUNT", default_value_t = 0)]
    pub ai_searches: usize,
    /// The niceness of the AI's threads (0 to 19; Unix): searches give way to requests.
    #[arg(long, value_name = "NICE", default_value_t = crate::scheduler::DEFAULT_AI_NICE,
          value_parser = clap::value_parser!(i32).range(0..=19))]
    pub ai_nice: i32,
    /// AI turns one user (IP address; IPv6 by /64) may have waiting in the queue; past it their
    /// new games against the AI are refused with `busy`. 0: no limit.
    #[arg(long, value_name = "COUNT", default_value_t = crate::hub::DEFAULT_AI_WAITING_PER_USER)]
    pub ai_waiting_per_user: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            header_timeout_secs: DEFAULT_HEADER_TIMEOUT_SECS,
            max_connections: DEFAULT_MAX_CONNECTIONS,
            heavy_jobs: 0,
            ai_threads: 0,
            ai_searches: 0,
            ai_nice: crate::scheduler::DEFAULT_AI_NICE,
            ai_waiting_per_user: crate::hub::DEFAULT_AI_WAITING_PER_USER,
        }
    }
}

impl Limits {
    /// The time a connection has to send a request's head.
    #[must_use]
    pub fn header_timeout(&self) -> Duration {
        Duration::from_secs(self.header_timeout_secs)
    }

    /// The AI's threads and searches at once.
    #[must_use]
    pub fn ai(&self) -> crate::scheduler::AiConfig {
        crate::scheduler::AiConfig {
            nice: self.ai_nice,
            ..crate::scheduler::AiConfig::new(self.ai_threads, self.ai_searches)
        }
    }

    /// Heavy jobs at once: the setting, or one per core.
    #[must_use]
    pub fn heavy_jobs(&self) -> usize {
        if self.heavy_jobs > 0 {
            self.heavy_jobs
        } else {
            std::thread::available_parallelism().map_or(1, usize::from)
        }
    }
}
