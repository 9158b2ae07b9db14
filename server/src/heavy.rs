//! Heavy read-only work (reading a record, replaying an analysis line, previewing a turn):
//! done on its own threads, never on the async runtime, so that it cannot stall the other
//! requests and the games' WebSockets; at most a fixed number of jobs at once, and a request
//! that finds them all busy is answered at once with `429 busy` rather queued. The threads
//! run at a lower priority (like the AI's), so that the requests of the games win the CPU when
//! they contend with it.

use crate::error::{ApiError, ErrorCode};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use std::sync::Arc;
use tokio::sync::Semaphore;

/// The slots of heavy jobs, shared by the routes that run them.
#[derive(Clone, Debug)]
pub struct Heavy {
    slots: Arc<Semaphore>,
    /// One thread per slot, at a lower priority.
    pool: Arc<rayon::ThreadPool>,
}

/// The niceness of the heavy jobs' threads.
const HEAVY_NICE: i32 = 10;

impl Heavy {
    /// At most `jobs` heavy jobs at once (at least one), each on a thread of its own.
    pub fn new(jobs: usize) -> anyhow::Result<Heavy> {
        let jobs = jobs.max(1);
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(jobs)
            .thread_name(|i| format!("warlord-heavy-{i}"))
            .start_handler(|_| crate::scheduler::lower_priority(HEAVY_NICE))
            .build()?;
        Ok(Heavy { slots: Arc::new(Semaphore::new(jobs)), pool: Arc::new(pool) })
    }

    /// Runs `job` on a blocking thread and answers with its value as JSON (serialized there
    /// too), or with its error; `busy` at once if every slot is taken.
    pub async fn answer<T, F>(&self, job: F) -> Result<Response, ApiError>
    where
        T: Serialize,
        F: FnOnce() -> Result<T, ApiError> + Send + 'static,
    {
        let slot = self.slots.clone().try_acquire_owned().map_err(|_| {
            // A job takes about a second; the client may ask again after that.
            let busy =
                ApiError::new(ErrorCode::Busy, "the server is busy with other heavy requests; try again in a moment");
            ApiError { retry_after_s: Some(1), ..busy }
        })?;
        let (tx, rx) = tokio::sync::oneshot::channel();
        self.pool.spawn(move || {
            // A panic is caught here (a rayon pool would abort on it); the channel then closes.
            let json = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                serde_json::to_vec(&job()?).map_err(|e| ApiError::new(ErrorCode::Internal, format!("the answer: {e}")))
            }));
            // The slot is free before the answer leaves: a client that asks again as soon as it
            // has the answer must find it free.
            drop(slot);
            if let Ok(json) = json {
                let _ = tx.send(json);
            }
        });
        let json = rx
            .await
            .map_err(|_| ApiError::new(ErrorCode::Internal, "the server failed; nothing was changed, try again"))??;
        Ok(([(header::CONTENT_TYPE, "application/json")], json).into_response())
    }
}
