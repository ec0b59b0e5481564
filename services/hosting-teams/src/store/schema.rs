//! Diesel schema of the hosting database.

diesel::table! {
    /// A car listing, from draft to listed car.
    listings (id) {
        id -> Uuid,
        host_id -> Uuid,
        status -> Text,
        completed_steps -> Array<Text>,
        vin -> Nullable<Text>,
        make -> Nullable<Text>,
        model -> Nullable<Text>,
        style -> Nullable<Text>,
        car_year -> Nullable<Int4>,
        trim -> Nullable<Text>,
        odometer -> Nullable<Text>,
        transmission -> Nullable<Text>,
        license_plate -> Nullable<Text>,
        plate_state -> Nullable<Text>,
        seats -> Nullable<Int4>,
        doors -> Nullable<Int4>,
        gas_type -> Nullable<Text>,
        features -> Array<Text>,
        special_feature -> Nullable<Text>,
        description -> Nullable<Text>,
        photo_urls -> Array<Text>,
        primary_photo_url -> Nullable<Text>,
        daily_price_cents -> Nullable<Int8>,
        rejection_reason -> Nullable<Text>,
        version -> Int8,
        submitted_at -> Nullable<Timestamptz>,
        reviewed_at -> Nullable<Timestamptz>,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    /// Where the car is picked up.
    listing_places (listing_id) {
        listing_id -> Uuid,
        street -> Text,
        city -> Text,
        state -> Text,
        zip -> Text,
        country -> Text,
        latitude -> Float8,
        longitude -> Float8,
        time_zone -> Text,
    }
}

diesel::table! {
    /// The car's trip rules.
    listing_rules (listing_id) {
        listing_id -> Uuid,
        advance_notice_hours -> Int4,
        min_trip_days -> Int4,
        max_trip_days -> Int4,
        two_day_weekend -> Bool,
    }
}

diesel::joinable!(listing_places -> listings (listing_id));
diesel::joinable!(listing_rules -> listings (listing_id));

pub use upcar_events::schema::{outbox, processed_events};

diesel::table! {
    /// A listed car's settings beyond the wizard.
    listing_settings (listing_id) {
        listing_id -> Uuid,
        weekly_discount_pct -> Int4,
        monthly_discount_pct -> Int4,
        instant_booking -> Bool,
        guest_instructions -> Text,
        extras -> Jsonb,
        inspection_form_url -> Nullable<Text>,
        updated_at -> Timestamptz,
        date_prices -> Jsonb,
    }
}

diesel::joinable!(listing_settings -> listings (listing_id));
diesel::allow_tables_to_appear_in_same_query!(
    listings,
    listing_places,
    listing_rules,
    listing_settings
);

diesel::table! {
    /// A host's weekly pickup and return hours.
    host_weekly_availability (host_id) {
        host_id -> Uuid,
        is_always_available -> Bool,
        weekly -> Jsonb,
        updated_at -> Timestamptz,
        version -> Int8,
    }
}
