//! Development demo accounts (CONTRACT "Development mode"). Loading is idempotent: every row
//! is inserted only when missing. Ids are fixed so other services' demo data can refer to them.

use crate::domain::Password;
use crate::error::AccountsResult;
use crate::state::AppState;
use crate::store::{codes, users};
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use uuid::Uuid;

/// The demo invitation code.
pub const INVITE_CODE: &str = "DEMO-INVITE";

/// Fixed ids of the demo accounts.
pub mod ids {
    use uuid::Uuid;
    pub const ADMIN: Uuid = Uuid::from_u128(0x0193_0000_0000_7000_8000_0000_0000_0001);
    pub const HOST: Uuid = Uuid::from_u128(0x0193_0000_0000_7000_8000_0000_0000_0002);
    pub const GUEST: Uuid = Uuid::from_u128(0x0193_0000_0000_7000_8000_0000_0000_0003);
    pub const CAPTAIN: Uuid = Uuid::from_u128(0x0193_0000_0000_7000_8000_0000_0000_0004);
    /// `cohost@demo.local`: the approved co-host (booking management) of the second demo
    /// host's team (hosting's demo data).
    pub const COHOST: Uuid = Uuid::from_u128(0x0193_0000_0000_7000_8000_0000_0000_0005);
    /// `rider@demo.local`: the guest of the demo delivery trips (trips' demo data) that give
    /// the demo captain tasks every day.
    pub const RIDER: Uuid = Uuid::from_u128(0x0193_0000_0000_7000_8000_0000_0000_0006);
    /// Further hosts owning the rest of the demo fleet: `host2@demo.local` ... `host6@demo.local`.
    pub const OTHER_HOSTS: [Uuid; 5] = [
        Uuid::from_u128(0x0193_0000_0000_7000_8000_0000_0000_0012),
        Uuid::from_u128(0x0193_0000_0000_7000_8000_0000_0000_0013),
        Uuid::from_u128(0x0193_0000_0000_7000_8000_0000_0000_0014),
        Uuid::from_u128(0x0193_0000_0000_7000_8000_0000_0000_0015),
        Uuid::from_u128(0x0193_0000_0000_7000_8000_0000_0000_0016),
    ];
}

struct DemoUser {
    id: Uuid,
    role: &'static str,
    first: &'static str,
    last: &'static str,
    email: String,
    phone: Option<&'static str>,
    password: &'static str,
    verified: bool,
}

pub async fn load(state: &AppState) -> AccountsResult<()> {
    use crate::store::schema::users::dsl as u;
    let mut conn = state.conn().await?;
    codes::upsert_invitation(&mut conn, INVITE_CODE, "Demo invitation code").await?;
    let other_names = [
        ("Maya", "Patel"),
        ("Diego", "Ramirez"),
        ("Grace", "Kim"),
        ("Omar", "Haddad"),
        ("Lena", "Fischer"),
    ];
    let mut people = vec![
        DemoUser {
            id: ids::ADMIN,
            role: "admin",
            first: "Avery",
            last: "Admin",
            email: "admin@demo.local".into(),
            phone: None,
            password: "DemoAdmin123!",
            verified: true,
        },
        DemoUser {
            id: ids::HOST,
            role: "user",
            first: "Harper",
            last: "Host",
            email: "host@demo.local".into(),
            phone: Some("5105550102"),
            password: "DemoHost123!",
            verified: true,
        },
        DemoUser {
            id: ids::COHOST,
            role: "user",
            first: "Casey",
            last: "Cohost",
            email: "cohost@demo.local".into(),
            phone: Some("5105550105"),
            password: "DemoCohost123!",
            verified: true,
        },
        DemoUser {
            id: ids::RIDER,
            role: "user",
            first: "Riley",
            last: "Rider",
            email: "rider@demo.local".into(),
            phone: Some("5105550106"),
            password: "DemoRider123!",
            verified: true,
        },
        DemoUser {
            id: ids::GUEST,
            role: "user",
            first: "Gabriel",
            last: "Guest",
            email: "guest@demo.local".into(),
            phone: Some("5105550103"),
            password: "DemoGuest123!",
            verified: true,
        },
    ];
    for (i, id) in ids::OTHER_HOSTS.iter().enumerate() {
        let (first, last) = other_names[i];
        people.push(DemoUser {
            id: *id,
            role: "user",
            first,
            last,
            email: format!("host{}@demo.local", i + 2),
            phone: None,
            password: "DemoHost123!",
            verified: true,
        });
    }
    for p in &people {
        // The demo hosts come with a history of trips and reviews.
        let hosts = p.id == ids::HOST || ids::OTHER_HOSTS.contains(&p.id);
        if users::by_id(&mut conn, p.id).await?.is_some() {
            continue;
        }
        let hash = Password::parse(p.password)
            .map_err(|e| anyhow::anyhow!("demo password: {e:?}"))?
            .hash()?;
        diesel::insert_into(u::users)
            .values((
                u::id.eq(p.id),
                u::role.eq(p.role),
                u::first_name.eq(p.first),
                u::last_name.eq(p.last),
                u::email.eq(&p.email),
                u::phone_number.eq(p.phone),
                u::password_hash.eq(&hash),
                u::sign_up_code.eq(INVITE_CODE),
                u::email_verified.eq(p.verified),
                u::dob.eq(chrono::NaiveDate::from_ymd_opt(1990, 5, 17)),
                u::has_payment_method.eq(p.id == ids::GUEST),
                u::host_rating.eq(if hosts { 4.9 } else { 0.0 }),
                u::host_trip_count.eq(if hosts { 37 } else { 0 }),
                // 37 guest reviews averaging 4.9.
                u::host_rating_count.eq(if hosts { 37 } else { 0 }),
                u::host_rating_sum.eq(if hosts { 181_i64 } else { 0 }),
            ))
            .on_conflict_do_nothing()
            .execute(&mut conn)
            .await?;
    }
    // The demo guest is fully verified: licence front, back and selfie on file.
    for (slot, name) in [
        (users::DocumentSlot::DlFront, "dl_front.jpg"),
        (users::DocumentSlot::DlBack, "dl_back.jpg"),
        (users::DocumentSlot::Selfie, "selfie.jpg"),
    ] {
        let docs = users::documents_of(&mut conn, ids::GUEST).await?;
        let present = docs.as_ref().is_some_and(|d| match slot {
            users::DocumentSlot::DlFront => d.dl_key.is_some(),
            users::DocumentSlot::DlBack => d.dl_back_key.is_some(),
            users::DocumentSlot::Selfie => d.selfie_key.is_some(),
            users::DocumentSlot::Insurance => d.insurance_key.is_some(),
        });
        if !present {
            users::set_document(
                &mut conn,
                ids::GUEST,
                slot,
                &format!("private/users/{}/{name}", ids::GUEST),
            )
            .await?;
        }
    }
    // And the driver form: a licence valid for years (its expiry moves with the demo).
    let today = state.clock.now().date_naive();
    let docs = users::documents_of(&mut conn, ids::GUEST).await?;
    if docs
        .and_then(|d| d.license_expires_on)
        .is_none_or(|e| e < today + chrono::Duration::days(365))
    {
        let dob = users::by_id(&mut conn, ids::GUEST)
            .await?
            .and_then(|u| u.dob)
            .unwrap_or(chrono::NaiveDate::from_ymd_opt(1990, 5, 17).unwrap_or_default());
        let license = crate::domain::license::License {
            first_name: "Gabriel".to_owned(),
            last_name: "Guest".to_owned(),
            number: "D4821937".to_owned(),
            issued_on: today - chrono::Duration::days(3 * 365),
            expires_on: today + chrono::Duration::days(5 * 365),
            dob,
        };
        users::set_license(&mut conn, ids::GUEST, &license).await?;
    }
    if users::captain_by_id(&mut conn, ids::CAPTAIN).await?.is_none() {
        let hash = Password::parse("DemoCaptain123!")
            .map_err(|e| anyhow::anyhow!("demo password: {e:?}"))?
            .hash()?;
        users::insert_captain(
            &mut conn,
            ids::CAPTAIN,
            "captain@demo.local",
            "Casey",
            "Captain",
            &hash,
        )
        .await?;
    }
    tracing::info!("demo accounts loaded");
    Ok(())
}
