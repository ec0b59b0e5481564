//! Channels against real tonic servers over loopback TCP, served as the services serve.

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;
use tonic::Code;
use tonic_health::pb::HealthCheckRequest;
use tonic_health::pb::health_check_response::ServingStatus;
use tonic_health::pb::health_client::HealthClient;

/// A health service on `listener` counting the calls it takes; stops when `stop` fires.
fn serve(listener: TcpListener, calls: Arc<AtomicUsize>) -> (oneshot::Sender<()>, JoinHandle<()>) {
    let (stop, stopped) = oneshot::channel::<()>();
    let task = tokio::spawn(async move {
        let (_reporter, health) = tonic_health::server::health_reporter();
        let counted = tonic::service::interceptor::InterceptedService::new(health, move |req| {
            calls.fetch_add(1, Ordering::SeqCst);
            Ok(req)
        });
        tonic::transport::Server::builder()
            .add_service(counted)
            .serve_with_incoming_shutdown(upcar_grpc::incoming(listener), async {
                let _ = stopped.await;
            })
            .await
            .unwrap_or_else(|e| panic!("server failed: {e}"));
    });
    (stop, task)
}

async fn check(channel: &upcar_grpc::Channel, service: &str) -> Result<i32, tonic::Status> {
    let mut client = HealthClient::new(channel.clone());
    let answer = client.check(HealthCheckRequest { service: service.to_owned() }).await?;
    Ok(answer.into_inner().status)
}

fn channel(addr: SocketAddr, timeout: Duration) -> upcar_grpc::Channel {
    upcar_grpc::channel(&format!("http://{addr}"), Duration::from_secs(2), timeout)
        .unwrap_or_else(|e| panic!("channel: {e}"))
}

/// A channel as the services make it over the replicas `inner` balances, with `timeout`.
fn over(inner: upcar_grpc::Balanced, timeout: Duration) -> upcar_grpc::Channel {
    upcar_grpc::Deadline::new(upcar_grpc::Transport::Replicas(inner), timeout)
}

/// A listener on a free loopback port, and its address.
async fn listener() -> (TcpListener, SocketAddr) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap_or_else(|e| panic!("bind: {e}"));
    let addr = listener.local_addr().unwrap_or_else(|e| panic!("{e}"));
    (listener, addr)
}

#[tokio::test]
async fn a_call_reaches_the_service_and_its_answer_or_status_comes_back() {
    let (listener, addr) = listener().await;
    let (_stop, _task) = serve(listener, Arc::default());
    let channel = channel(addr, Duration::from_secs(5));
    assert_eq!(check(&channel, "").await.ok(), Some(ServingStatus::Serving as i32));
    let (a, b) = tokio::join!(check(&channel, ""), check(&channel, ""));
    assert_eq!((a.ok(), b.ok()), (Some(1), Some(1)));
    let unknown = check(&channel, "no.such.Service").await.err().map(|s| s.code());
    assert_eq!(unknown, Some(Code::NotFound));
}

#[tokio::test]
async fn a_call_to_an_address_nobody_listens_on_is_unavailable() {
    let (listener, addr) = listener().await;
    drop(listener);
    let channel = channel(addr, Duration::from_secs(5));
    let status = check(&channel, "").await.err();
    assert_eq!(status.as_ref().map(|s| s.code()), Some(Code::Unavailable), "{status:?}");
}

#[tokio::test]
async fn a_service_that_never_answers_times_the_call_out_as_deadline_exceeded() {
    // Accepts the connection and reads nothing: not even the HTTP/2 handshake completes.
    let (listener, addr) = listener().await;
    let _held = tokio::spawn(async move {
        let mut held = Vec::new();
        while let Ok((conn, _)) = listener.accept().await {
            held.push(conn);
        }
    });
    let channel = channel(addr, Duration::from_millis(300));
    let started = std::time::Instant::now();
    let status = check(&channel, "").await.err();
    assert_eq!(status.as_ref().map(|s| s.code()), Some(Code::DeadlineExceeded), "{status:?}");
    assert!(started.elapsed() < Duration::from_secs(2), "took {:?}", started.elapsed());
}

#[tokio::test]
async fn a_channel_dials_again_after_the_service_restarts() {
    let (listener, addr) = listener().await;
    let (stop, task) = serve(listener, Arc::default());
    let channel = channel(addr, Duration::from_secs(5));
    assert_eq!(check(&channel, "").await.ok(), Some(1));
    let _ = stop.send(());
    task.await.unwrap_or_else(|e| panic!("{e}"));
    assert!(check(&channel, "").await.is_err());
    let listener = TcpListener::bind(addr).await.unwrap_or_else(|e| panic!("rebind: {e}"));
    let (_stop, _task) = serve(listener, Arc::default());
    // tonic's channel reconnects in the background, with a backoff.
    let mut answered = None;
    for _ in 0..50 {
        if let Ok(v) = check(&channel, "").await {
            answered = Some(v);
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(answered, Some(1));
}

#[tokio::test]
async fn calls_spread_over_every_replica_the_name_resolves_to_and_follow_its_changes() {
    let (la, a) = listener().await;
    let (lb, b) = listener().await;
    let (calls_a, calls_b) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
    let (_sa, _ta) = serve(la, calls_a.clone());
    let (_sb, _tb) = serve(lb, calls_b.clone());
    // What the service's name resolves to: both replicas, then only the second.
    let replicas = Arc::new(std::sync::Mutex::new(vec![a, b]));
    let answer = replicas.clone();
    let template = tonic::transport::Endpoint::from_static("http://trips:50054");
    let inner = upcar_grpc::balanced_with(template, Duration::from_millis(50), move || {
        let found = answer.lock().map(|v| v.clone()).unwrap_or_default();
        async move { Ok(found) }
    });
    let channel = over(inner, Duration::from_secs(5));
    tokio::time::sleep(Duration::from_millis(200)).await;
    for _ in 0..40 {
        assert_eq!(check(&channel, "").await.ok(), Some(1));
    }
    let (ca, cb) = (calls_a.load(Ordering::SeqCst), calls_b.load(Ordering::SeqCst));
    assert_eq!(ca + cb, 40);
    assert!(ca >= 5 && cb >= 5, "calls per replica: {ca} and {cb}");

    *replicas.lock().unwrap_or_else(|e| e.into_inner()) = vec![b];
    tokio::time::sleep(Duration::from_millis(300)).await;
    let before = calls_a.load(Ordering::SeqCst);
    for _ in 0..20 {
        assert_eq!(check(&channel, "").await.ok(), Some(1));
    }
    assert_eq!(
        calls_a.load(Ordering::SeqCst),
        before,
        "a replica gone from the name gets no calls"
    );
}

/// A channel over the fixed `replicas` of a service named `trips`.
fn replicated(replicas: Vec<SocketAddr>, timeout: Duration) -> upcar_grpc::Channel {
    let template = tonic::transport::Endpoint::from_static("http://trips:50054")
        .connect_timeout(Duration::from_secs(2));
    let inner = upcar_grpc::balanced_with(template, Duration::from_secs(3600), move || {
        let found = replicas.clone();
        async move { Ok(found) }
    });
    over(inner, timeout)
}

#[tokio::test]
async fn a_replica_that_stops_costs_no_call_and_gets_calls_again_once_it_is_back() {
    let (la, a) = listener().await;
    let (lb, b) = listener().await;
    let (calls_a, calls_b) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
    let (stop_a, task_a) = serve(la, calls_a.clone());
    let (_sb, _tb) = serve(lb, calls_b.clone());
    let channel = replicated(vec![a, b], Duration::from_secs(5));
    for _ in 0..10 {
        assert_eq!(check(&channel, "").await.ok(), Some(1));
    }
    assert!(calls_a.load(Ordering::SeqCst) > 0 && calls_b.load(Ordering::SeqCst) > 0);

    // The first replica shuts down (as on SIGTERM): its listener closes, its connection ends.
    let _ = stop_a.send(());
    task_a.await.unwrap_or_else(|e| panic!("{e}"));
    let served_a = calls_a.load(Ordering::SeqCst);
    let served_b = calls_b.load(Ordering::SeqCst);
    for i in 0..40 {
        let answer = check(&channel, "").await;
        assert_eq!(answer.as_ref().ok(), Some(&1), "call {i} after the stop: {answer:?}");
    }
    assert_eq!(calls_a.load(Ordering::SeqCst), served_a);
    assert_eq!(calls_b.load(Ordering::SeqCst), served_b + 40, "each call ran once, on the other");

    // Back on the same address: a background dial finds it and it takes calls again.
    let listener = TcpListener::bind(a).await.unwrap_or_else(|e| panic!("rebind: {e}"));
    let (_sa, _ta) = serve(listener, calls_a.clone());
    let mut back = false;
    for _ in 0..100 {
        assert_eq!(check(&channel, "").await.ok(), Some(1));
        if calls_a.load(Ordering::SeqCst) > served_a {
            back = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(back, "the replica back on its address got no call within 5 s");
}

#[tokio::test]
async fn a_call_a_server_answered_is_never_sent_again_and_with_no_replica_up_it_fails_at_once() {
    let (la, a) = listener().await;
    let (lb, b) = listener().await;
    let calls = Arc::new(AtomicUsize::new(0));
    let (_sa, _ta) = serve(la, calls.clone());
    let (_sb, _tb) = serve(lb, calls.clone());
    let channel = replicated(vec![a, b], Duration::from_secs(5));
    let unknown = check(&channel, "no.such.Service").await.err().map(|s| s.code());
    assert_eq!(unknown, Some(Code::NotFound));
    assert_eq!(calls.load(Ordering::SeqCst), 1, "an answer, even an error, ends the call");

    let (l1, gone_a) = listener().await;
    let (l2, gone_b) = listener().await;
    drop((l1, l2));
    let channel = replicated(vec![gone_a, gone_b], Duration::from_secs(5));
    let started = std::time::Instant::now();
    for _ in 0..3 {
        let status = check(&channel, "").await.err();
        assert_eq!(status.as_ref().map(|s| s.code()), Some(Code::Unavailable), "{status:?}");
    }
    assert!(started.elapsed() < Duration::from_secs(2), "took {:?}", started.elapsed());
}

#[tokio::test]
async fn a_call_made_before_the_name_is_first_resolved_waits_for_its_answer() {
    let (listener, addr) = listener().await;
    let (_stop, _task) = serve(listener, Arc::default());
    let template = tonic::transport::Endpoint::from_static("http://trips:50054");
    let inner =
        upcar_grpc::balanced_with(template, Duration::from_secs(3600), move || async move {
            tokio::time::sleep(Duration::from_millis(200)).await;
            Ok(vec![addr])
        });
    let channel = over(inner, Duration::from_secs(5));
    assert_eq!(check(&channel, "").await.ok(), Some(1));
}

#[tokio::test]
async fn a_replica_whose_dial_gets_no_answer_is_given_up_in_time_for_the_other_to_answer() {
    // An address whose SYNs go unanswered (as a killed replica's, before it is given again): a
    // listener with a full accept queue, which Linux answers by dropping the SYN.
    let silent = tokio::net::TcpSocket::new_v4().unwrap_or_else(|e| panic!("{e}"));
    silent
        .bind("127.0.0.1:0".parse().unwrap_or_else(|e| panic!("{e}")))
        .unwrap_or_else(|e| panic!("{e}"));
    let silent_addr = silent.local_addr().unwrap_or_else(|e| panic!("{e}"));
    let silent = silent.listen(0).unwrap_or_else(|e| panic!("listen: {e}"));
    let mut queued = Vec::new();
    for _ in 0..3 {
        if let Ok(Ok(c)) = tokio::time::timeout(
            Duration::from_millis(200),
            tokio::net::TcpStream::connect(silent_addr),
        )
        .await
        {
            queued.push(c);
        }
    }
    let (listener, addr) = listener().await;
    let (_stop, _task) = serve(listener, Arc::default());
    // The gateway's deadline (2 s) and dial timeout (2 s): a dial allowed the whole deadline
    // would leave no time for the other replica.
    let template = tonic::transport::Endpoint::from_static("http://trips:50054")
        .connect_timeout(Duration::from_secs(2));
    let inner =
        upcar_grpc::balanced_with(template, Duration::from_secs(3600), move || async move {
            Ok(vec![silent_addr, addr])
        });
    let channel = over(inner, Duration::from_secs(2));
    // Answered, not DeadlineExceeded: the unanswered dial was given up in time.
    for i in 0..4 {
        let answer = check(&channel, "").await;
        assert_eq!(answer.as_ref().ok(), Some(&1), "call {i}: {answer:?}");
    }
    drop((silent, queued));
}

/// A server whose stop has begun answers its health check NOT_SERVING (its readiness fails
/// while it drains), over the connection its callers already hold.
#[tokio::test]
async fn a_server_that_begins_to_stop_answers_not_serving() {
    let (listener, addr) = listener().await;
    let (reporter, health) = tonic_health::server::health_reporter();
    let (stop, stopped) = oneshot::channel::<()>();
    let _task = tokio::spawn(
        tonic::transport::Server::builder().add_service(health).serve_with_incoming_shutdown(
            upcar_grpc::incoming(listener),
            async {
                let _ = stopped.await;
            },
        ),
    );
    let channel = channel(addr, Duration::from_secs(5));
    assert_eq!(check(&channel, "").await.ok(), Some(ServingStatus::Serving as i32));
    upcar_grpc::stop_serving(&reporter).await;
    assert_eq!(check(&channel, "").await.ok(), Some(ServingStatus::NotServing as i32));
    let _ = stop.send(());
}
