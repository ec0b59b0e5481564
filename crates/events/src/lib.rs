//! Integration events between contexts, over RabbitMQ, with no loss and no double effects.
//!
//! * A service writes an event into its own `outbox` table **in the same transaction** as the
//!   change it describes ([`enqueue`]). Either both commit or neither does.
//! * A [`Relay`] publishes unpublished outbox rows to the topic exchange with publisher
//!   confirms and only then marks them published; after a broker outage it reconnects and
//!   resumes, so a committed event is delivered at least once.
//! * A consumer ([`run_consumer`]) records each event id in `processed_events` in the same
//!   transaction as the handler's writes, so a redelivered event has no second effect.
//!
//! Every service's migrations create the two tables with the SQL in [`MIGRATION_SQL`].

mod consumer;
mod relay;
pub mod schema;

pub use consumer::{
    Envelope, EventHandler, declare_queue, declare_queue_at_start, open_queue, run_consumer,
};
pub use relay::Relay;

use diesel_async::{AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

/// The DDL each service's migrations include for the outbox and the consumer ledger.
pub const MIGRATION_SQL: &str = include_str!("../outbox.sql");

/// An integration event: a protobuf message with a past-tense name used as routing key.
pub trait IntegrationEvent: prost::Message + Default {
    /// Routing key, `{context}.{event_name}`.
    const ROUTING_KEY: &'static str;
}

macro_rules! routing_keys {
    ($($ty:ident => $key:literal),* $(,)?) => {
        $(impl IntegrationEvent for upcar_proto::events::$ty {
            const ROUTING_KEY: &'static str = $key;
        })*
    };
}

routing_keys! {
    UserSignedUp => "accounts.user_signed_up",
    EmailVerified => "accounts.email_verified",
    DriverDocumentsCompleted => "accounts.driver_documents_completed",
    UserStandingChanged => "accounts.user_standing_changed",
    TripBooked => "trips.trip_booked",
    TripRescheduled => "trips.trip_rescheduled",
    TripCancelled => "trips.trip_cancelled",
    TripConfirmed => "trips.trip_confirmed",
    TripCheckedIn => "trips.trip_checked_in",
    TripCheckedOut => "trips.trip_checked_out",
    TripReviewPublished => "trips.review_published",
    PaymentAuthorized => "payments.payment_authorized",
    PaymentSettled => "payments.payment_settled",
    PaymentFailed => "payments.payment_failed",
    AdditionalDriverInvited => "trips.additional_driver_invited",
    IncidentalsCharged => "payments.incidentals_charged",
    IncidentalsDisputed => "trips.incidentals_disputed",
    PaymentMethodAdded => "trips.payment_method_added",
    AvailabilityBlocked => "hosting.availability_blocked",
    AvailabilityUnblocked => "hosting.availability_unblocked",
    TeamChanged => "hosting.team_changed",
    CoHostInvited => "hosting.cohost_invited",
    CarListingChanged => "hosting.car_listing_changed",
    WeeklyHoursChanged => "hosting.weekly_hours_changed",
    CarPricingChanged => "catalog.car_pricing_changed",
    MessageSent => "messaging.message_sent",
    MessageTemplatesChanged => "hosting.message_templates_changed",
    TaskStepRecorded => "captains.task_step_recorded",
    CarViewed => "catalog.car_viewed",
    BookingStarted => "trips.booking_started",
    ActivityEventsReceived => "activity.events_received",
}

/// Writes `event` into the outbox on `conn`, which should be inside the transaction of the
/// change the event describes. The current trace context travels with it.
pub async fn enqueue<E: IntegrationEvent>(
    conn: &mut AsyncPgConnection,
    event: &E,
) -> diesel::QueryResult<Uuid> {
    use schema::outbox::dsl as o;
    let id = Uuid::now_v7();
    let headers = serde_json::to_value(upcar_telemetry::current_context_map())
        .unwrap_or(serde_json::Value::Null);
    diesel::insert_into(o::outbox)
        .values((
            o::id.eq(id),
            o::event_type.eq(E::ROUTING_KEY),
            o::payload.eq(event.encode_to_vec()),
            o::headers.eq(headers),
            // The moment of the insert, not the transaction's start (`now()`): the outbox lag
            // then measures from the event's write, right before its transaction commits.
            o::created_at
                .eq(diesel::dsl::sql::<diesel::sql_types::Timestamptz>("clock_timestamp()")),
        ))
        .execute(conn)
        .await?;
    Ok(id)
}

use diesel::ExpressionMethods;
