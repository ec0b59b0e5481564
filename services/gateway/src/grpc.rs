//! Building outgoing gRPC requests: the caller's identity and the trace context ride in the
//! metadata; services trust only that.

use upcar_identity::Identity;

/// Wraps `msg` with identity (when signed in), trace context and the request id.
pub fn request<T>(msg: T, identity: Option<&Identity>) -> tonic::Request<T> {
    upcar_identity::outgoing(msg, identity)
}
