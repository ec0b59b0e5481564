//! Diesel schema of the accounts database (kept in step with `migrations/`).

diesel::table! {
    users (id) {
        id -> Uuid,
        role -> Text,
        first_name -> Text,
        last_name -> Text,
        email -> Text,
        professional_email -> Nullable<Text>,
        phone_number -> Nullable<Text>,
        country_code -> Text,
        password_hash -> Nullable<Text>,
        promotions_enrollment -> Bool,
        sign_up_code -> Nullable<Text>,
        terms_accepted -> Bool,
        device_fingerprint -> Nullable<Text>,
        is_professional_user -> Bool,
        email_verified -> Bool,
        mobile_verified -> Bool,
        dob -> Nullable<Date>,
        profile_pic -> Nullable<Text>,
        about -> Nullable<Text>,
        home_location -> Jsonb,
        stripe_customer_id -> Nullable<Text>,
        has_payment_method -> Bool,
        completed_trips -> Int4,
        host_rating -> Float8,
        host_trip_count -> Int4,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
        google_sub -> Nullable<Text>,
        host_rating_sum -> Int8,
        host_rating_count -> Int4,
    }
}

diesel::table! {
    account_standing (user_id) {
        user_id -> Uuid,
        suspended_at -> Nullable<Timestamptz>,
        suspension_reason -> Nullable<Text>,
        version -> Int8,
    }
}

diesel::table! {
    account_actions (id) {
        id -> Uuid,
        admin_id -> Uuid,
        user_id -> Uuid,
        action -> Text,
        reason -> Text,
        at -> Timestamptz,
    }
}

diesel::table! {
    captains (id) {
        id -> Uuid,
        email -> Text,
        first_name -> Text,
        last_name -> Text,
        phone_number -> Nullable<Text>,
        password_hash -> Text,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    invitation_codes (code) {
        code -> Text,
        description -> Text,
        max_uses -> Nullable<Int4>,
        uses -> Int4,
        expires_at -> Nullable<Timestamptz>,
        active -> Bool,
        created_at -> Timestamptz,
        owner_id -> Nullable<Uuid>,
    }
}

diesel::table! {
    otp_codes (id) {
        id -> Uuid,
        subject_kind -> Text,
        subject_id -> Uuid,
        channel -> Text,
        purpose -> Text,
        destination -> Text,
        code_hash -> Text,
        attempts -> Int4,
        expires_at -> Timestamptz,
        consumed_at -> Nullable<Timestamptz>,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    favourites (user_id, car_id) {
        user_id -> Uuid,
        car_id -> Uuid,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    guest_reviews (id) {
        id -> Uuid,
        user_id -> Uuid,
        from_user_id -> Uuid,
        from_user_name -> Text,
        stars -> Int4,
        review -> Text,
        created_at -> Timestamptz,
        trip_id -> Nullable<Uuid>,
        author_role -> Text,
    }
}

diesel::table! {
    driver_documents (user_id) {
        user_id -> Uuid,
        dl_key -> Nullable<Text>,
        dl_back_key -> Nullable<Text>,
        selfie_key -> Nullable<Text>,
        insurance_key -> Nullable<Text>,
        updated_at -> Timestamptz,
        license_first_name -> Nullable<Text>,
        license_last_name -> Nullable<Text>,
        license_number -> Nullable<Text>,
        license_issued_on -> Nullable<Date>,
        license_expires_on -> Nullable<Date>,
    }
}

diesel::table! {
    sent_messages (id) {
        id -> Uuid,
        to_address -> Text,
        channel -> Text,
        subject -> Text,
        body -> Text,
        code -> Nullable<Text>,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    email_captures (email, source) {
        email -> Text,
        source -> Text,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    session_cuts (account_id) {
        account_id -> Uuid,
        sessions_from -> Timestamptz,
        kept_session -> Nullable<Text>,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    login_guard (account_id) {
        account_id -> Uuid,
        failures -> Int4,
        last_failure_at -> Timestamptz,
        locked_until -> Nullable<Timestamptz>,
    }
}

diesel::joinable!(driver_documents -> users (user_id));
diesel::allow_tables_to_appear_in_same_query!(users, driver_documents);
