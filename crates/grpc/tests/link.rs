//! A `Link` against a real tonic server on `upcar_grpc::incoming`, over loopback TCP.

use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;
use tonic::Code;
use tonic_health::pb::HealthCheckRequest;
use tonic_health::pb::health_check_response::ServingStatus;
use tonic_health::pb::health_client::HealthClient;
use upcar_grpc::Link;

/// A health service on `listener`, served as the services serve; stops when `stop` fires.
fn serve(listener: TcpListener) -> (oneshot::Sender<()>, JoinHandle<()>) {
    let (stop, stopped) = oneshot::channel::<()>();
    let task = tokio::spawn(async move {
        let (_reporter, health) = tonic_health::server::health_reporter();
        tonic::transport::Server::builder()
            .layer(upcar_grpc::SmallFramesLayer)
            .add_service(health)
            .serve_with_incoming_shutdown(upcar_grpc::incoming(listener), async {
                let _ = stopped.await;
            })
            .await
            .unwrap_or_else(|e| panic!("server failed: {e}"));
    });
    (stop, task)
}

async fn check(link: &Link, service: &str) -> Result<i32, tonic::Status> {
    let mut client = HealthClient::new(link.clone());
    let answer = client.check(HealthCheckRequest { service: service.to_owned() }).await?;
    Ok(answer.into_inner().status)
}

fn link(addr: std::net::SocketAddr, timeout: Duration) -> Link {
    Link::lazy(&format!("http://{addr}"), Duration::from_secs(2), timeout)
        .unwrap_or_else(|e| panic!("link: {e}"))
}

/// A listener on a free loopback port, and its address.
async fn listener() -> (TcpListener, std::net::SocketAddr) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap_or_else(|e| panic!("bind: {e}"));
    let addr = listener.local_addr().unwrap_or_else(|e| panic!("{e}"));
    (listener, addr)
}

#[tokio::test]
async fn a_call_reaches_the_service_and_its_answer_or_status_comes_back() {
    let (listener, addr) = listener().await;
    let (_stop, _task) = serve(listener);
    let link = link(addr, Duration::from_secs(5));
    assert_eq!(check(&link, "").await.ok(), Some(ServingStatus::Serving as i32));
    // Calls side by side share the one connection.
    let (a, b) = tokio::join!(check(&link, ""), check(&link, ""));
    assert_eq!((a.ok(), b.ok()), (Some(1), Some(1)));
    let unknown = check(&link, "no.such.Service").await.err().map(|s| s.code());
    assert_eq!(unknown, Some(Code::NotFound));
}

#[tokio::test]
async fn a_call_to_an_address_nobody_listens_on_is_unavailable() {
    let (listener, addr) = listener().await;
    drop(listener);
    let link = link(addr, Duration::from_secs(5));
    let status = check(&link, "").await.err();
    assert_eq!(status.as_ref().map(|s| s.code()), Some(Code::Unavailable), "{status:?}");
}

#[tokio::test]
async fn a_service_that_never_answers_times_the_call_out() {
    // Accepts the connection and reads nothing: not even the HTTP/2 handshake completes.
    let (listener, addr) = listener().await;
    let _held = tokio::spawn(async move {
        let mut held = Vec::new();
        while let Ok((conn, _)) = listener.accept().await {
            held.push(conn);
        }
    });
    let link = link(addr, Duration::from_millis(300));
    let started = std::time::Instant::now();
    let status = check(&link, "").await.err();
    assert_eq!(status.as_ref().map(|s| s.code()), Some(Code::DeadlineExceeded), "{status:?}");
    assert!(started.elapsed() < Duration::from_secs(2), "took {:?}", started.elapsed());
}

#[tokio::test]
async fn a_link_dials_again_after_the_service_restarts() {
    let (listener, addr) = listener().await;
    let (stop, task) = serve(listener);
    let link = link(addr, Duration::from_secs(5));
    assert_eq!(check(&link, "").await.ok(), Some(1));

    // The service stops (its connections close) and comes back on the same address.
    let _ = stop.send(());
    task.await.unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(check(&link, "").await.err().map(|s| s.code()), Some(Code::Unavailable));
    let listener = TcpListener::bind(addr).await.unwrap_or_else(|e| panic!("rebind: {e}"));
    let (_stop, _task) = serve(listener);
    assert_eq!(check(&link, "").await.ok(), Some(1));
}
