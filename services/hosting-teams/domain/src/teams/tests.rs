use super::*;
use chrono::TimeZone;
use proptest::prelude::*;
use upcar_errors::ErrorCode;

fn at(d: u32, h: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 3, d, h, 0, 0).unwrap()
}

#[test]
fn permissions_force_booking_management_and_full_implies_pricing() {
    let cases = [
        (PermissionsInput::default(), (false, true, false)),
        (PermissionsInput { full: true, ..Default::default() }, (true, true, true)),
        (
            PermissionsInput { pricing_and_availability: true, ..Default::default() },
            (false, true, true),
        ),
        (
            PermissionsInput { booking_management: false, ..Default::default() },
            (false, true, false),
        ),
    ];
    for (input, (full, booking, pricing)) in cases {
        let p = Permissions::parse(input);
        assert_eq!(
            (p.full, p.booking_management, p.pricing_and_availability),
            (full, booking, pricing)
        );
    }
    let p: Permissions = serde_json_from(r#"{"full":true,"bookingManagement":false}"#);
    assert_eq!(
        p,
        Permissions { full: true, booking_management: true, pricing_and_availability: true }
    );
}

/// A tiny JSON reader for the test, so the crate needs no JSON dependency: only flat objects
/// of booleans.
fn serde_json_from(text: &str) -> Permissions {
    use serde::de::value::{Error, MapDeserializer};
    let inner = text.trim().trim_start_matches('{').trim_end_matches('}');
    let pairs: Vec<(String, bool)> = inner
        .split(',')
        .filter(|p| !p.trim().is_empty())
        .map(|p| {
            let (k, v) = p.split_once(':').unwrap();
            (k.trim().trim_matches('"').to_string(), v.trim() == "true")
        })
        .collect();
    let d: MapDeserializer<'_, _, Error> = MapDeserializer::new(pairs.into_iter());
    Permissions::deserialize(d).unwrap()
}

#[test]
fn roles() {
    assert_eq!(Role::parse("host"), Ok(Role::Host));
    assert_eq!(Role::parse(" Co-Host "), Ok(Role::CoHost));
    assert_eq!(Role::parse("cohost"), Ok(Role::CoHost));
    assert_eq!(Role::parse("owner").unwrap_err().code(), "invalid_role");
}

#[test]
fn what_each_role_may_do() {
    use Capability as C;
    let basic = Permissions::default();
    let pricing = Permissions::parse(PermissionsInput {
        pricing_and_availability: true,
        ..Default::default()
    });
    let full = Permissions::parse(PermissionsInput { full: true, ..Default::default() });
    let all = [
        C::ViewBookings,
        C::ManageBookings,
        C::ManagePricing,
        C::ManageAvailability,
        C::ManageListing(ListingPart::Details),
        C::ManageListing(ListingPart::Photos),
        C::ManageListing(ListingPart::Extras),
        C::ManagePayouts,
        C::ManageTeam,
        C::DeleteCar,
    ];
    // (capability, basic co-host, pricing co-host, full co-host)
    let table = [
        (true, true, true),
        (true, true, true),
        (false, true, true),
        (false, true, true),
        (false, false, true),
        (false, false, true),
        (false, false, true),
        (false, false, false),
        (false, false, false),
        (false, false, false),
    ];
    for (cap, (b, p, f)) in all.into_iter().zip(table) {
        assert!(allows(Role::Host, &basic, cap), "host {cap:?}");
        assert_eq!(allows(Role::CoHost, &basic, cap), b, "basic {cap:?}");
        assert_eq!(allows(Role::CoHost, &pricing, cap), p, "pricing {cap:?}");
        assert_eq!(allows(Role::CoHost, &full, cap), f, "full {cap:?}");
    }
}

#[test]
fn a_team_is_active_once_a_co_host_is_approved() {
    assert_eq!(TeamStatus::from_approved_co_hosts(0), TeamStatus::Inactive);
    assert_eq!(TeamStatus::from_approved_co_hosts(1), TeamStatus::Active);
}

#[test]
fn invitations() {
    let inv = Invitation::new(at(1, 12));
    assert_eq!(inv.expires_at, at(8, 12));
    assert_eq!(inv.status_at(at(8, 11)), InvitationStatus::Pending);
    assert_eq!(inv.status_at(at(8, 12)), InvitationStatus::Expired);
    let accepted = inv.respond(InviteAction::Accept, at(2, 0)).unwrap();
    assert_eq!(accepted.status, InvitationStatus::Accepted);
    assert_eq!(
        inv.respond(InviteAction::Reject, at(7, 0)).unwrap().status,
        InvitationStatus::Rejected
    );
    let cases = [
        (inv, at(8, 12), "invitation_expired"),
        (accepted, at(2, 1), "invitation_already_answered"),
        (accepted, at(20, 0), "invitation_already_answered"),
        (inv.revoke(at(3, 0)).unwrap(), at(4, 0), "invitation_revoked"),
    ];
    for (i, now, code) in cases {
        assert_eq!(i.respond(InviteAction::Accept, now).unwrap_err().code(), code);
    }
    assert_eq!(accepted.revoke(at(3, 0)).unwrap_err().code(), "invitation_already_answered");
    assert_eq!(InviteAction::parse(" ACCEPT"), Ok(InviteAction::Accept));
    assert_eq!(InviteAction::parse("maybe").unwrap_err().code(), "invalid_invite_action");
}

#[test]
fn team_forms() {
    assert_eq!(TeamName::parse("  Bay Area Fleet ").unwrap().as_str(), "Bay Area Fleet");
    assert_eq!(TeamName::parse(" ").unwrap_err().message(), "Please enter a team name");
    assert_eq!(TeamName::parse(&"x".repeat(80)).map(|n| n.as_str().len()), Ok(80));
    assert_eq!(TeamName::parse(&"x".repeat(81)).unwrap_err().code(), "team_name_too_long");
    assert_eq!(parse_car_ids(&["a", " b ", "a", ""]).unwrap(), ["a", "b"]);
    assert_eq!(parse_car_ids(&[" "]).unwrap_err().message(), "Please select at least one vehicle");
}

#[test]
fn invites() {
    let i = CoHostInvite::parse("t1", &["Ann@Example.com", "ann@example.com", "bob@mail.co.uk"])
        .unwrap();
    assert_eq!(i.co_host_emails, ["ann@example.com", "bob@mail.co.uk"]);
    let required = "Invalid input: teamId and coHostEmails are required";
    assert_eq!(CoHostInvite::parse("", &["a@b.co"]).unwrap_err().message(), required);
    assert_eq!(CoHostInvite::parse("t1", &[]).unwrap_err().message(), required);
    assert_eq!(CoHostInvite::parse("t1", &[" "]).unwrap_err().message(), required);
    for bad in [
        "ann",
        "ann@",
        "@x.com",
        "a b@x.com",
        "a@x",
        "a@x..com",
        "a@-x.com",
        "a@x.c0m",
        "a@b@c.com",
    ] {
        assert_eq!(CoHostInvite::parse("t1", &[bad]).unwrap_err().code(), "invalid_email", "{bad}");
    }
    let many: Vec<String> = (0..21).map(|n| format!("u{n}@x.com")).collect();
    let many: Vec<&str> = many.iter().map(String::as_str).collect();
    assert!(CoHostInvite::parse("t1", &many[..20]).is_ok());
    assert_eq!(CoHostInvite::parse("t1", &many).unwrap_err().code(), "too_many_invites");
}

#[test]
fn earnings_shares() {
    let cases = [
        ("30", Ok(3_000)),
        ("12.5", Ok(1_250)),
        ("0.05%", Ok(5)),
        ("100", Ok(10_000)),
        ("0", Ok(0)),
    ];
    for (text, want) in cases {
        assert_eq!(share_bp_from_percent(text), want, "{text}");
    }
    for bad in ["", "-1", "100.01", "1.234", "abc", "1e2", ".5", "1000"] {
        assert_eq!(share_bp_from_percent(bad), Err(TeamError::InvalidShare), "{bad}");
    }
    let split = EarningsSplit::new(&[("c1", 3_000), ("c2", 2_500)]).unwrap();
    assert_eq!(split.host_bp(), 4_500);
    assert_eq!(
        split.split(10_001),
        SplitCents { host: 4_501, co_hosts: vec![("c1".into(), 3_000), ("c2".into(), 2_500)] }
    );
    assert_eq!(
        EarningsSplit::new(&[("c1", 6_000), ("c2", 4_001)]).unwrap_err().code(),
        "shares_over_100"
    );
    assert_eq!(EarningsSplit::new(&[("c1", 10_001)]).unwrap_err().code(), "invalid_share");
    assert_eq!(
        EarningsSplit::new(&[("c1", 1), ("c1", 1)]).unwrap_err().code(),
        "duplicate_co_host"
    );
    assert_eq!(EarningsSplit::new(&[]).unwrap().split(999).host, 999);
}

proptest! {
    #[test]
    fn a_split_loses_no_cent(
        total in -10_000_000_000i64..10_000_000_000,
        shares in prop::collection::vec(0u32..=2_500, 0..=4),
    ) {
        let named: Vec<(String, u32)> = shares.iter().enumerate().map(|(i, bp)| (format!("c{i}"), *bp)).collect();
        let refs: Vec<(&str, u32)> = named.iter().map(|(n, bp)| (n.as_str(), *bp)).collect();
        let split = EarningsSplit::new(&refs).unwrap();
        let parts = split.split(total);
        let sum: i128 = i128::from(parts.host) + parts.co_hosts.iter().map(|(_, c)| i128::from(*c)).sum::<i128>();
        prop_assert_eq!(sum, i128::from(total));
        for ((_, got), bp) in parts.co_hosts.iter().zip(&shares) {
            let exact = i128::from(total) * i128::from(*bp) / 10_000;
            prop_assert_eq!(i128::from(*got), exact);
        }
        if total >= 0 {
            prop_assert!(parts.host >= 0);
        }
    }

    #[test]
    fn any_email_text_never_panics(s in "\\PC{0,40}") {
        let _ = is_plausible_email(&s);
        let _ = share_bp_from_percent(&s);
    }
}
