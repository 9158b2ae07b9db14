//! The AI's share of the machine, shared fairly: every AI turn to plan is a job queued under
//! the user it plays for (the address of the client who last acted in the game), and the
//! queues are served in turn, one job per user at a time, on a bounded number of searchers.
//!
//! - **Searchers**: `--ai-searches` searches run at once, each on its own rayon pool; the pools
//!   share `--ai-threads` threads (by default one fewer than the cores, at least one), so one
//!   core is always left to the requests and the games' own work; and the threads run at a
//!   lower priority (`--ai-nice`), so that requests also win any core they contend for. The champion's parallel
//!   search runs inside its searcher's pool (`ThreadPool::install`), never on every core.
//! - **Fairness**: users are served round-robin; a user's next job waits while one of theirs
//!   runs. Fifteen slow searches of one user thus delay another user's move by at most the
//!   searches already running, never by the whole backlog.
//! - **Cheap lane**: the cheap levels (random, greedy) skip the queue and run at once, a few at
//!   a time, on the blocking pool: a level-1 move never waits behind searches.
//! - **Cancellation**: each job has a [`Ticket`]. Cancelling it (the game changed: a
//!   resignation, a time forfeit, a draw, another process's move) drops the job if it is still
//!   queued, and stops its search at the next budget check if it runs (see
//!   [`warlord_ai::budget::stop_on`]); its turn is then thrown away.

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use tokio::sync::{oneshot, Semaphore};

/// The default niceness of the AI's threads (`warlord serve --ai-nice`).
pub const DEFAULT_AI_NICE: i32 = 10;

/// How the AI's work is run (`warlord serve --ai-threads`, `--ai-searches`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AiConfig {
    /// Threads of all the searchers together.
    pub threads: usize,
    /// Searches running at once (each gets `threads / searches` threads, at least one).
    pub searches: usize,
    /// The niceness (0 to 19) of the searchers' threads on Unix: with 10, a request's thread
    /// gets the CPU about ten times as readily as a search's when they contend.
    pub nice: i32,
}

impl AiConfig {
    /// From the options: 0 threads is one fewer than the cores (at least one); 0 searches is
    /// one. Searches beyond the threads are cut to the threads.
    #[must_use]
    pub fn new(threads: usize, searches: usize) -> AiConfig {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        let threads = if threads == 0 { cores.saturating_sub(1).max(1) } else { threads };
        let searches = searches.max(1).min(threads);
        AiConfig { threads, searches, nice: DEFAULT_AI_NICE }
    }
}

impl Default for AiConfig {
    fn default() -> AiConfig {
        AiConfig::new(0, 0)
    }
}

/// Which lane a job takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lane {
    /// A search: queued fairly, run on a searcher.
    Search,
    /// A cheap turn (random, greedy): run at once on the blocking pool, a few at a time.
    Cheap,
}

/// Counts of the scheduler's work, for tests, the log and the load test.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AiStats {
    /// Jobs waiting now.
    pub queued: u64,
    /// Searches running now.
    pub running: u64,
    /// Jobs run to their end (searches and cheap turns).
    pub finished: u64,
    /// Jobs cancelled while queued, never started.
    pub dropped: u64,
    /// Searches cancelled while running (stopped early).
    pub stopped: u64,
}

/// The cancellation handle of one job.
#[derive(Clone, Debug, Default)]
pub struct Ticket(Arc<TicketState>);

#[derive(Debug, Default)]
struct TicketState {
    cancelled: AtomicBool,
    /// The stop signal of the searcher running the job, while it runs.
    running_on: Mutex<Option<&'static AtomicBool>>,
}

impl Ticket {
    /// A new ticket, not cancelled.
    #[must_use]
    pub fn new() -> Ticket {
        Ticket::default()
    }

    /// Cancels the job: it is dropped if queued, stopped if running.
    pub fn cancel(&self) {
        let running_on = self.0.running_on.lock().expect("ticket");
        self.0.cancelled.store(true, Ordering::Release);
        if let Some(stop) = *running_on {
            stop.store(true, Ordering::Release);
        }
    }

    /// Whether the job was cancelled.
    #[must_use]
    pub fn is_cancelled(&self) -> bool {
        self.0.cancelled.load(Ordering::Acquire)
    }

    /// Whether two tickets are the same job's.
    #[must_use]
    pub fn same(&self, other: &Ticket) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }

    /// Marks the job as running on a searcher with that stop signal; false if it was
    /// cancelled already (it is then not to run).
    fn start_on(&self, stop: &'static AtomicBool) -> bool {
        let mut running_on = self.0.running_on.lock().expect("ticket");
        if self.is_cancelled() {
            return false;
        }
        stop.store(false, Ordering::Release);
        *running_on = Some(stop);
        true
    }

    fn finish(&self) {
        *self.0.running_on.lock().expect("ticket") = None;
    }
}

/// A job's work: plans, and returns what hands the result over (called once the scheduler
/// has counted the job, so that its result is never seen before the counts are).
type Work = Box<dyn FnOnce() -> Deliver + Send>;
type Deliver = Box<dyn FnOnce() + Send>;

/// One queued job.
struct Job {
    user: String,
    ticket: Ticket,
    work: Work,
}

/// A searcher: a rayon pool whose threads' meters obey its stop signal.
struct Searcher {
    pool: rayon::ThreadPool,
    stop: &'static AtomicBool,
}

#[derive(Default)]
struct Queues {
    /// Each user's waiting jobs, oldest first.
    waiting: HashMap<String, VecDeque<Job>>,
    /// Users with waiting jobs, in the order they are served.
    turn: VecDeque<String>,
    /// Users with a job running.
    running: HashMap<String, usize>,
    /// Searchers free now.
    free: Vec<usize>,
}

impl Queues {
    /// The next job to run: the first user in turn with a job waiting. A user leaves the turn
    /// while their job runs and rejoins it at the back when it ends, so that users who arrive
    /// meanwhile go first. Cancelled jobs met on the way are dropped.
    fn next(&mut self, stats: &Counters) -> Option<Job> {
        for _ in 0..self.turn.len() {
            let user = self.turn.pop_front()?;
            let Some(queue) = self.waiting.get_mut(&user) else { continue };
            while queue.front().is_some_and(|j| j.ticket.is_cancelled()) {
                queue.pop_front();
                stats.dropped.fetch_add(1, Ordering::Relaxed);
                stats.queued.fetch_sub(1, Ordering::Relaxed);
            }
            if queue.is_empty() {
                self.waiting.remove(&user);
                continue;
            }
            if self.running.contains_key(&user) {
                self.turn.push_back(user);
                continue;
            }
            let job = queue.pop_front();
            if queue.is_empty() {
                self.waiting.remove(&user);
            }
            stats.queued.fetch_sub(1, Ordering::Relaxed);
            return job;
        }
        None
    }

    /// Puts a user with jobs waiting and none running in the turn, unless there already.
    fn rejoin(&mut self, user: &str) {
        if self.waiting.contains_key(user) && !self.running.contains_key(user) && !self.turn.iter().any(|u| u == user) {
            self.turn.push_back(user.to_string());
        }
    }
}

#[derive(Debug, Default)]
struct Counters {
    queued: AtomicU64,
    running: AtomicU64,
    finished: AtomicU64,
    dropped: AtomicU64,
    stopped: AtomicU64,
}

/// The fair AI scheduler of a server process.
pub struct Scheduler {
    config: AiConfig,
    searchers: Vec<Searcher>,
    queues: Mutex<Queues>,
    cheap: Arc<Semaphore>,
    stats: Counters,
}

impl std::fmt::Debug for Scheduler {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Scheduler").field("config", &self.config).field("stats", &self.stats()).finish()
    }
}

impl Scheduler {
    /// A scheduler with its searchers' pools (their threads start now and live as long as it).
    pub fn new(config: AiConfig) -> anyhow::Result<Arc<Scheduler>> {
        let searches = config.searches.max(1);
        let per_searcher = (config.threads / searches).max(1);
        let nice = config.nice.clamp(0, 19);
        let mut searchers = Vec::with_capacity(searches);
        for i in 0..searches {
            // One flag per searcher, for the life of the process: a handful at most.
            let stop: &'static AtomicBool = Box::leak(Box::new(AtomicBool::new(false)));
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(per_searcher)
                .thread_name(move |t| format!("warlord-ai-{i}-{t}"))
                .start_handler(move |_| {
                    warlord_ai::budget::stop_on(Some(stop));
                    lower_priority(nice);
                })
                .build()?;
            searchers.push(Searcher { pool, stop });
        }
        let queues = Queues { free: (0..searches).rev().collect(), ..Queues::default() };
        Ok(Arc::new(Scheduler {
            config: AiConfig { threads: per_searcher * searches, searches, nice },
            searchers,
            queues: Mutex::new(queues),
            cheap: Arc::new(Semaphore::new(config.threads.max(1))),
            stats: Counters::default(),
        }))
    }

    /// The threads and searches in use.
    #[must_use]
    pub fn config(&self) -> AiConfig {
        self.config
    }

    /// The counts of work done and waiting.
    #[must_use]
    pub fn stats(&self) -> AiStats {
        let s = &self.stats;
        AiStats {
            queued: s.queued.load(Ordering::Relaxed),
            running: s.running.load(Ordering::Relaxed),
            finished: s.finished.load(Ordering::Relaxed),
            dropped: s.dropped.load(Ordering::Relaxed),
            stopped: s.stopped.load(Ordering::Relaxed),
        }
    }

    /// Jobs of `user` waiting now (not running).
    #[must_use]
    pub fn waiting(&self, user: &str) -> usize {
        let queues = self.queues.lock().expect("AI queues");
        queues.waiting.get(user).map_or(0, |q| q.iter().filter(|j| !j.ticket.is_cancelled()).count())
    }

    /// Queues `work` for `user` (must be called within a Tokio runtime); its result comes on
    /// the channel returned, which is closed instead if the job is dropped. A search runs on a
    /// searcher's pool when its turn comes, unless `ticket` is cancelled first; a cheap job
    /// runs at once on the blocking pool.
    pub fn submit<T: Send + 'static>(
        self: &Arc<Self>,
        user: &str,
        lane: Lane,
        ticket: Ticket,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> oneshot::Receiver<T> {
        let (tx, rx) = oneshot::channel();
        let work: Work = Box::new(move || {
            let result = work();
            Box::new(move || {
                let _ = tx.send(result);
            })
        });
        match lane {
            Lane::Cheap => {
                let scheduler = self.clone();
                tokio::spawn(async move {
                    let Ok(_permit) = scheduler.cheap.clone().acquire_owned().await else { return };
                    if ticket.is_cancelled() {
                        scheduler.stats.dropped.fetch_add(1, Ordering::Relaxed);
                        return;
                    }
                    if let Ok(deliver) = tokio::task::spawn_blocking(work).await {
                        scheduler.stats.finished.fetch_add(1, Ordering::Relaxed);
                        deliver();
                    }
                });
            }
            Lane::Search => {
                {
                    let mut queues = self.queues.lock().expect("AI queues");
                    let job = Job { user: user.to_string(), ticket, work };
                    queues.waiting.entry(user.to_string()).or_default().push_back(job);
                    queues.rejoin(user);
                    self.stats.queued.fetch_add(1, Ordering::Relaxed);
                }
                self.pump();
            }
        }
        rx
    }

    /// Starts waiting jobs while searchers are free.
    fn pump(self: &Arc<Self>) {
        let mut queues = self.queues.lock().expect("AI queues");
        while !queues.free.is_empty() {
            let Some(job) = queues.next(&self.stats) else { break };
            let Some(searcher) = queues.free.pop() else { break };
            *queues.running.entry(job.user.clone()).or_default() += 1;
            self.stats.running.fetch_add(1, Ordering::Relaxed);
            let scheduler = self.clone();
            tokio::task::spawn_blocking(move || scheduler.run(searcher, job));
        }
    }

    /// Runs a job on a searcher (a blocking thread waits for the pool), then frees the searcher
    /// and starts the next job.
    fn run(self: Arc<Self>, index: usize, job: Job) {
        let Job { user, ticket, work } = job;
        let searcher = &self.searchers[index];
        let mut deliver = None;
        if ticket.start_on(searcher.stop) {
            let ran = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| searcher.pool.install(work)));
            ticket.finish();
            match ran {
                Err(_) => tracing::error!(user, "an AI search panicked"),
                Ok(_) if ticket.is_cancelled() => {
                    self.stats.stopped.fetch_add(1, Ordering::Relaxed);
                }
                Ok(result) => {
                    self.stats.finished.fetch_add(1, Ordering::Relaxed);
                    deliver = Some(result);
                }
            }
        } else {
            self.stats.dropped.fetch_add(1, Ordering::Relaxed);
        }
        {
            let mut queues = self.queues.lock().expect("AI queues");
            if let Some(n) = queues.running.get_mut(&user) {
                *n -= 1;
                if *n == 0 {
                    queues.running.remove(&user);
                }
            }
            queues.rejoin(&user);
            queues.free.push(index);
            self.stats.running.fetch_sub(1, Ordering::Relaxed);
        }
        self.pump();
        // A stopped search's turn is not handed over: its channel closes.
        if let Some(deliver) = deliver {
            deliver();
        }
    }
}

/// Gives the calling thread a niceness (on Linux the niceness is the thread's own).
#[cfg(unix)]
pub(crate) fn lower_priority(nice: i32) {
    if nice > 0 {
        if let Err(e) = rustix::process::setpriority_process(None, nice) {
            tracing::warn!(error = %e, "could not lower the priority of an AI thread");
        }
    }
}

/// Does nothing where threads have no niceness of their own.
#[cfg(not(unix))]
pub(crate) fn lower_priority(_nice: i32) {}
