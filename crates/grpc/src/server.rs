//! The serving side: a unary answer (headers, message, trailers) leaves in one write.
//!
//! h2 copies a DATA frame into its write buffer only when the frame is small (under 1 KiB
//! when the connection does not take vectored writes); a larger frame is chained behind the
//! buffer, and h2 writes the buffer out before it takes the next frame. A search page's
//! message is a few KiB, so its trailers used to follow in a second write, and the caller
//! woke twice for one answer. Here the connection reports plain writes and every message is
//! cut into frames below that size: headers, frames and trailers fill one buffer, written at
//! once (up to about 14 KiB; a larger answer is written 16 KiB at a time).

use bytes::{Buf, Bytes};
use futures::{Stream, StreamExt, TryFutureExt};
use http_body::{Body, Frame, SizeHint};
use std::io;
use std::pin::Pin;
use std::task::{Context, Poll, ready};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tonic::transport::server::{Connected, TcpConnectInfo, TcpIncoming};

/// The largest DATA frame h2 copies into its write buffer on a connection without vectored
/// writes is 1023 bytes; frames stay a little below it.
pub const FRAME_PIECE: usize = 1000;

/// The accepted connections of `listener` (with `TCP_NODELAY`), for
/// `Server::serve_with_incoming_shutdown`.
pub fn incoming(listener: TcpListener) -> impl Stream<Item = io::Result<PlainWrites>> + Send {
    TcpIncoming::from(listener).with_nodelay(Some(true)).map(|conn| conn.map(PlainWrites))
}

/// A TCP connection that tells h2 it takes plain writes, so h2 copies small frames into one
/// buffer instead of chaining them.
#[derive(Debug)]
pub struct PlainWrites(pub TcpStream);

impl Connected for PlainWrites {
    type ConnectInfo = TcpConnectInfo;

    fn connect_info(&self) -> Self::ConnectInfo {
        self.0.connect_info()
    }
}

impl AsyncRead for PlainWrites {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.0).poll_read(cx, buf)
    }
}

impl AsyncWrite for PlainWrites {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.0).poll_write(cx, buf)
    }

    fn is_write_vectored(&self) -> bool {
        false
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.0).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.0).poll_shutdown(cx)
    }
}

/// The layer that cuts every answer's data into frames of at most [`FRAME_PIECE`] bytes:
/// `Server::builder().layer(SmallFramesLayer)`.
#[derive(Clone, Copy, Debug, Default)]
pub struct SmallFramesLayer;

impl<S> tower_layer::Layer<S> for SmallFramesLayer {
    type Service = SmallFrames<S>;

    fn layer(&self, inner: S) -> Self::Service {
        SmallFrames(inner)
    }
}

/// See [`SmallFramesLayer`].
#[derive(Clone, Debug)]
pub struct SmallFrames<S>(S);

impl<S, Req, B> tower_service::Service<Req> for SmallFrames<S>
where
    S: tower_service::Service<Req, Response = http::Response<B>>,
{
    type Response = http::Response<Pieces<B>>;
    type Error = S::Error;
    type Future = futures::future::MapOk<S::Future, fn(http::Response<B>) -> Self::Response>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.0.poll_ready(cx)
    }

    fn call(&mut self, req: Req) -> Self::Future {
        self.0.call(req).map_ok(|answer| answer.map(Pieces::new))
    }
}

pin_project_lite::pin_project! {
    /// A body whose data frames are at most [`FRAME_PIECE`] bytes (the same bytes, shared,
    /// not copied).
    pub struct Pieces<B> {
        #[pin]
        inner: B,
        rest: Bytes,
    }
}

impl<B> Pieces<B> {
    /// Wraps `inner`.
    pub fn new(inner: B) -> Self {
        Self { inner, rest: Bytes::new() }
    }
}

impl<B> Body for Pieces<B>
where
    B: Body<Data = Bytes>,
{
    type Data = Bytes;
    type Error = B::Error;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Self::Error>>> {
        let this = self.project();
        if this.rest.is_empty() {
            match ready!(this.inner.poll_frame(cx)) {
                Some(Ok(frame)) => match frame.into_data() {
                    Ok(data) => *this.rest = data,
                    Err(other) => return Poll::Ready(Some(Ok(other))),
                },
                end_or_error => return Poll::Ready(end_or_error),
            }
            if this.rest.is_empty() {
                return Poll::Ready(Some(Ok(Frame::data(Bytes::new()))));
            }
        }
        let n = this.rest.remaining().min(FRAME_PIECE);
        Poll::Ready(Some(Ok(Frame::data(this.rest.split_to(n)))))
    }

    fn is_end_stream(&self) -> bool {
        self.rest.is_empty() && self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        let inner = self.inner.size_hint();
        let rest = self.rest.len() as u64;
        let mut hint = SizeHint::new();
        hint.set_lower(inner.lower() + rest);
        if let Some(upper) = inner.upper() {
            hint.set_upper(upper + rest);
        }
        hint
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use http_body_util::{BodyExt, StreamBody};

    #[tokio::test]
    async fn an_answer_is_cut_into_small_frames_and_keeps_its_bytes_and_trailers() {
        let message: Bytes = (0..2500u32).map(|i| (i % 251) as u8).collect::<Vec<_>>().into();
        let mut trailers = http::HeaderMap::new();
        trailers.insert("grpc-status", http::HeaderValue::from_static("0"));
        let frames: Vec<Result<Frame<Bytes>, std::convert::Infallible>> = vec![
            Ok(Frame::data(message.clone())),
            Ok(Frame::data(Bytes::from_static(b"tail"))),
            Ok(Frame::trailers(trailers.clone())),
        ];
        let mut body = Pieces::new(StreamBody::new(futures::stream::iter(frames)));
        let mut sizes = Vec::new();
        let mut data = Vec::new();
        let mut got_trailers = None;
        while let Some(frame) = body.frame().await {
            let frame = frame.unwrap_or_else(|e| match e {});
            match frame.into_data() {
                Ok(d) => {
                    sizes.push(d.len());
                    data.extend_from_slice(&d);
                }
                Err(f) => got_trailers = f.into_trailers().ok(),
            }
        }
        assert_eq!(sizes, vec![1000, 1000, 500, 4]);
        assert_eq!(&data[..2500], &message[..]);
        assert_eq!(&data[2500..], b"tail");
        assert_eq!(got_trailers, Some(trailers));
    }
}
