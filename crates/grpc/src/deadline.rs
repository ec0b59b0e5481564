//! A call that gets no answer in time ends as `DeadlineExceeded`.

use std::task::{Context, Poll};
use std::time::Duration;
use tower_service::Service;

use crate::{BoxError, BoxFuture};

/// Wraps a transport so each call has `timeout` to be answered; past it the call fails with
/// the status `DeadlineExceeded` (tonic reads a [`tonic::Status`] out of the error as it is).
#[derive(Debug, Clone)]
pub struct Deadline<S> {
    inner: S,
    timeout: Duration,
}

impl<S> Deadline<S> {
    /// `inner` with calls limited to `timeout`.
    pub fn new(inner: S, timeout: Duration) -> Self {
        Self { inner, timeout }
    }

    /// The transport underneath.
    pub fn get_ref(&self) -> &S {
        &self.inner
    }
}

impl<S, Req> Service<Req> for Deadline<S>
where
    S: Service<Req>,
    S::Error: Into<BoxError>,
    S::Future: Send + 'static,
{
    type Response = S::Response;
    type Error = BoxError;
    type Future = BoxFuture<Result<S::Response, BoxError>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), BoxError>> {
        self.inner.poll_ready(cx).map_err(Into::into)
    }

    fn call(&mut self, req: Req) -> Self::Future {
        let call = self.inner.call(req);
        let timeout = self.timeout;
        Box::pin(async move {
            match tokio::time::timeout(timeout, call).await {
                Ok(answer) => answer.map_err(Into::into),
                Err(_) => Err(Box::new(tonic::Status::deadline_exceeded(format!(
                    "no answer within {} ms",
                    timeout.as_millis()
                ))) as BoxError),
            }
        })
    }
}
