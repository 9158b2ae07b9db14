//! Heavy read-only work (reading a record, replaying an analysis line, previewing a turn):
//! done on blocking threads, never on the async runtime, so that it cannot stall the other
//! requests and the games' WebSockets; at most a fixed number of jobs at once, and a request
//! that finds them all busy is answered at once with `429 busy` rather than queued.

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
}

impl Heavy {
    /// At most `jobs` heavy jobs at once (at least one).
    #[must_use]
    pub fn new(jobs: usize) -> Heavy {
        Heavy { slots: Arc::new(Semaphore::new(jobs.max(1))) }
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
        let json = tokio::task::spawn_blocking(move || {
            let _slot = slot;
            serde_json::to_vec(&job()?).map_err(|e| ApiError::new(ErrorCode::Internal, format!("the answer: {e}")))
        })
        .await
        .map_err(|_| ApiError::new(ErrorCode::Internal, "the server failed; nothing was changed, try again"))??;
        Ok(([(header::CONTENT_TYPE, "application/json")], json).into_response())
    }
}
