//! A small WebSocket client for black-box tests and the load generator, on actix-http's own
//! frame codec over a tokio TCP stream (client side: masked frames).

use actix_http::ws::{Codec, Frame, Message};
use futures::{SinkExt, StreamExt};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_util::codec::Framed;

/// What the server sent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Received {
    /// A text frame.
    Text(String),
    /// The server closed the connection, with its close code when it gave one.
    Closed(Option<u16>),
}

/// An open WebSocket connection.
pub struct WsClient {
    framed: Framed<TcpStream, Codec>,
}

impl WsClient {
    /// Opens `path` (`/v1/ws`) on the server at `base` (`http://host:port`).
    pub async fn connect(base: &str, path: &str) -> anyhow::Result<Self> {
        let host = base.trim_start_matches("http://").trim_end_matches('/');
        let mut stream = TcpStream::connect(host).await?;
        stream.set_nodelay(true)?;
        let request = format!(
            "GET {path} HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
             Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        );
        stream.write_all(request.as_bytes()).await?;
        // The answer's head, byte by byte, so no frame byte is read past it.
        let mut head = Vec::new();
        let mut byte = [0u8; 1];
        while !head.ends_with(b"\r\n\r\n") {
            if stream.read(&mut byte).await? == 0 {
                anyhow::bail!("the server closed during the handshake");
            }
            head.push(byte[0]);
            if head.len() > 8192 {
                anyhow::bail!("handshake answer too long");
            }
        }
        let head = String::from_utf8_lossy(&head);
        if !head.starts_with("HTTP/1.1 101") {
            anyhow::bail!("no upgrade: {}", head.lines().next().unwrap_or_default());
        }
        let codec = Codec::new().client_mode().max_size(1 << 20);
        Ok(Self { framed: Framed::new(stream, codec) })
    }

    /// Sends a text frame.
    pub async fn send(&mut self, text: &str) -> anyhow::Result<()> {
        self.framed.send(Message::Text(text.to_owned().into())).await?;
        Ok(())
    }

    /// Sends a JSON object as a text frame.
    pub async fn send_json(&mut self, v: &serde_json::Value) -> anyhow::Result<()> {
        self.send(&v.to_string()).await
    }

    /// The next text frame or the close, answering the server's pings meanwhile; `None` when
    /// nothing came within `wait`.
    pub async fn next(&mut self, wait: Duration) -> anyhow::Result<Option<Received>> {
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            let frame = match tokio::time::timeout_at(deadline, self.framed.next()).await {
                Err(_) => return Ok(None),
                Ok(None) => return Ok(Some(Received::Closed(None))),
                Ok(Some(f)) => f?,
            };
            match frame {
                Frame::Text(bytes) => {
                    return Ok(Some(Received::Text(String::from_utf8(bytes.to_vec())?)));
                }
                Frame::Ping(bytes) => self.framed.send(Message::Pong(bytes)).await?,
                Frame::Close(reason) => {
                    return Ok(Some(Received::Closed(reason.map(|r| u16::from(r.code)))));
                }
                Frame::Binary(_) | Frame::Pong(_) | Frame::Continuation(_) => {}
            }
        }
    }

    /// The next text frame read as JSON; an error when none came within `wait` or the server
    /// closed.
    pub async fn next_json(&mut self, wait: Duration) -> anyhow::Result<serde_json::Value> {
        match self.next(wait).await? {
            Some(Received::Text(t)) => Ok(serde_json::from_str(&t)?),
            Some(Received::Closed(code)) => anyhow::bail!("closed by the server ({code:?})"),
            None => anyhow::bail!("nothing within {wait:?}"),
        }
    }

    /// Closes the connection without a close frame (a client that vanished).
    pub fn drop_connection(self) {
        drop(self.framed);
    }

    /// Closes the connection politely.
    pub async fn close(mut self) -> anyhow::Result<()> {
        self.framed.send(Message::Close(None)).await?;
        Ok(())
    }
}
