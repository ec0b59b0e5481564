//! The authorization matrix. Every operation of the gateway's route table
//! (`services/gateway/openapi.json`) that names an object (a path or query parameter, or a
//! body field, named `id`, `key`, `token` or `...Id(s)`) is either a row of the matrix below or
//! an exemption with its reason; `every_operation_naming_an_object_is_in_the_matrix_or_exempt`
//! fails otherwise, and on a row or exemption the table no longer has.
//!
//! Each row is asserted for every actor: the owner (the host of the cars, teams and templates,
//! the creator of the ticket and the private file), the trip's guest, another signed-in user,
//! one co-host per permission of hosting-teams (booking management only, pricing and
//! availability, full; booking management is always granted, so "without" it is the stranger),
//! a co-host of another of the owner's teams, an additional driver who joined the guest's
//! trips, an admin, the demo captain and an anonymous caller. A refused call answers the row's
//! status and code (401 `token_missing` anonymous, 403 `wrong_account_kind` for a captain token
//! on a guest or host call and the other way round), exactly `{error, message}`, with no data of
//! the fixture the caller did not send; where a stranger is told 404, the same call with made-up
//! ids answers the same; a refused write changes nothing (the object is read again and
//! compared). An allowed call gets past the gate: a 2xx, or a 4xx about the request or the
//! object's state, never 401, 403, 404 or a 5xx; what the driver is answered holds no price.
//! Writes call their allowed actors only where it is cheap and harmless (`probe`); destructive
//! rows come last and act on their own objects.
//!
//! Co-hosts act on the objects of their own team's car (three cars of the owner, one team
//! each); everyone else acts on the first car's objects, whose team is the booking-only one.

use crate::helpers::*;
use crate::hosting::{admin, book, catalog_shows, fresh_vin, list_to_photos_at, section};
use crate::trip_extras::completed_three_hours_late;
use crate::trips::{create, day, trip_body, verified_guest};
use serde_json::{Value, json};
use std::collections::BTreeSet;
use std::time::Duration;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Actor {
    Owner,
    Guest,
    Stranger,
    CoBooking,
    CoPricing,
    CoFull,
    /// The full co-host, acting on the first car's objects: a co-host of the owner, but not
    /// in the team that holds that car. Answered as a stranger.
    CoOther,
    /// An additional driver the guest invited to the first car's trips, who joined.
    Driver,
    Admin,
    Captain,
    Anon,
}
use Actor::*;

const ACTORS: [Actor; 11] =
    [Owner, Guest, Stranger, CoBooking, CoPricing, CoFull, CoOther, Driver, Admin, Captain, Anon];
const COHOSTS: [Actor; 3] = [CoBooking, CoPricing, CoFull];

/// A request: the path with its query, and the JSON body (not sent on GET and DELETE).
struct Req {
    path: String,
    body: Value,
}

fn r(path: String) -> Req {
    Req { path, body: Value::Null }
}

fn rb(path: String, body: Value) -> Req {
    Req { path, body }
}

type Build = fn(&Fx, Actor) -> Req;

/// What a refused write is checked against: the object read again by someone who may.
#[derive(Clone, Copy, Debug)]
enum Snap {
    Nothing,
    /// The development outbox of the owner's email.
    Outbox,
    /// The first car's public ratings.
    Ratings,
    Trip,
    Requested,
    Done,
    Car,
    Draft,
    Team,
    Template,
    Doomed,
    /// The second car's trip, which the driver is invited to.
    Invited,
    Ticket,
    TicketMessages,
    Room,
    Blocks,
    Standing,
    Task,
    Incidentals,
    Reviews,
}

struct Write {
    /// Allowed actors actually called (after the refusals).
    probe: Vec<Actor>,
    snap: Snap,
}

struct Row {
    method: &'static str,
    path: &'static str,
    build: Build,
    allow: Vec<Actor>,
    /// The answer to a signed-in user or co-host who is not allowed: status and code.
    deny: (u16, &'static str),
    /// Other answers for some of them.
    over: Vec<(Actor, u16, &'static str)>,
    /// A captain call: only a captain token gets in.
    captain_call: bool,
    /// Allowed for any signed-in account, about the caller's own data: what others get back
    /// must hold nothing of the owner's.
    caller_scoped: bool,
    write: Option<Write>,
}

fn row(method: &'static str, path: &'static str, build: Build) -> Row {
    Row {
        method,
        path,
        build,
        allow: Vec::new(),
        deny: (404, ""),
        over: Vec::new(),
        captain_call: false,
        caller_scoped: false,
        write: None,
    }
}

impl Row {
    fn allow(mut self, actors: &[Actor]) -> Self {
        self.allow.extend_from_slice(actors);
        self
    }
    fn deny(mut self, status: u16, code: &'static str) -> Self {
        self.deny = (status, code);
        self
    }
    fn over(mut self, actors: &[Actor], status: u16, code: &'static str) -> Self {
        self.over.extend(actors.iter().map(|a| (*a, status, code)));
        self
    }
    fn writes(mut self, snap: Snap, probe: &[Actor]) -> Self {
        self.write = Some(Write { probe: probe.to_vec(), snap });
        self
    }
    fn captain(mut self) -> Self {
        self.captain_call = true;
        self
    }
    fn caller_scoped(mut self) -> Self {
        self.caller_scoped = true;
        self
    }
}

enum Exp {
    Allow,
    Refuse(u16, &'static str),
}

fn expect(row: &Row, a: Actor) -> Exp {
    if a == CoOther && !row.caller_scoped {
        return expect(row, Stranger);
    }
    if let Some(&(_, s, c)) = row.over.iter().find(|o| o.0 == a) {
        return Exp::Refuse(s, c);
    }
    if a == Anon {
        return Exp::Refuse(401, "token_missing");
    }
    if row.captain_call {
        return if a == Captain { Exp::Allow } else { Exp::Refuse(403, "wrong_account_kind") };
    }
    if a == Captain {
        return Exp::Refuse(403, "wrong_account_kind");
    }
    if row.allow.contains(&a) { Exp::Allow } else { Exp::Refuse(row.deny.0, row.deny.1) }
}

/// The side of the caller: "guest" for the trip's guest, "host" for everyone else.
fn role(a: Actor) -> &'static str {
    if a == Guest { "guest" } else { "host" }
}

const SIGNED_IN: [Actor; 9] =
    [Owner, Guest, Stranger, CoBooking, CoPricing, CoFull, CoOther, Driver, Admin];
const TRIP_PEOPLE: [Actor; 5] = [Owner, Guest, CoBooking, CoPricing, CoFull];
const TRIP_READERS: [Actor; 6] = [Owner, Guest, CoBooking, CoPricing, CoFull, Admin];
const HOST_SIDE: [Actor; 4] = [Owner, CoBooking, CoPricing, CoFull];

/// The matrix: one row per operation.
fn rows() -> Vec<Row> {
    vec![
        // ---- Accounts: a user's profile, verification and standing -------------------------
        row("GET", "/v1/users/getuser/{id}", |f, _| r(format!("/v1/users/getuser/{}", f.owner.u.id)))
            .allow(&[Owner, Admin])
            .deny(403, "forbidden"),
        row("POST", "/v1/users/sendEmail", |f, _| {
            rb(
                "/v1/users/sendEmail".into(),
                json!({"email": f.owner.u.email, "firstName": f.owner.first, "userId": f.owner.u.id}),
            )
        })
        .allow(&[Owner])
        .deny(403, "forbidden")
        .writes(Snap::Outbox, &[Owner]),
        row("POST", "/v1/users/verifyMobileOTP", |f, _| {
            rb("/v1/users/verifyMobileOTP".into(), json!({"userId": f.owner.u.id, "otp": "000000"}))
        })
        .allow(&[Owner])
        .deny(403, "forbidden")
        .writes(Snap::Standing, &[Owner]),
        row("POST", "/v1/image/generateSecretImagePresignedUrlNew", |f, _| {
            rb("/v1/image/generateSecretImagePresignedUrlNew".into(), json!({"key": f.doc_key}))
        })
        .allow(&[Owner, Admin])
        .deny(403, "not_your_file"),
        row("GET", "/v1/admin/users/{userId}", |f, _| {
            r(format!("/v1/admin/users/{}", f.owner.u.id))
        })
        .allow(&[Admin])
        .deny(403, "admin_only"),
        row("POST", "/v1/admin/users/{userId}/suspend", |f, _| {
            rb(format!("/v1/admin/users/{}/suspend", f.owner.u.id), json!({"reason": "testing"}))
        })
        .allow(&[Admin])
        .deny(403, "admin_only")
        .writes(Snap::Standing, &[]),
        row("POST", "/v1/admin/users/{userId}/reinstate", |f, _| {
            rb(format!("/v1/admin/users/{}/reinstate", f.owner.u.id), json!({"reason": "testing"}))
        })
        .allow(&[Admin])
        .deny(403, "admin_only")
        .writes(Snap::Standing, &[Admin]),
        row("GET", "/v1/activity", |f, _| r(format!("/v1/activity?userId={}", f.owner.u.id)))
            .allow(&[Admin])
            .deny(403, "admin_only"),
        row("GET", "/v1/activity/journey", |f, _| {
            r(format!("/v1/activity/journey?userId={}", f.owner.u.id))
        })
        .allow(&[Admin])
        .deny(403, "admin_only"),
        // ---- Captains' tasks -----------------------------------------------------------------
        row("GET", "/v1/captains/tasks/{id}", |f, _| r(format!("/v1/captains/tasks/{}", f.task)))
            .captain(),
        row("POST", "/v1/captains/tasks/update/{id}", |f, _| {
            rb(format!("/v1/captains/tasks/update/{}", f.task), json!({"step": "accepted"}))
        })
        .captain()
        .writes(Snap::Task, &[]),
        // ---- Chat rooms (the room of the side's confirmed trip) -------------------------------
        row("GET", "/v1/chat/getChatRoom", |f, a| {
            r(format!("/v1/chat/getChatRoom?roomId={}&userType={}", f.side(a).room, role(a)))
        })
        .allow(&TRIP_READERS)
        .deny(404, "room_not_found"),
        row("GET", "/v1/chat/getmessages", |f, a| {
            r(format!("/v1/chat/getmessages?roomId={}&userType={}", f.side(a).room, role(a)))
        })
        .allow(&TRIP_READERS)
        .deny(404, "room_not_found"),
        // The guest tries to speak as the host's side.
        row("POST", "/v1/chat/sendmessage", |f, a| {
            let side = if a == Guest { "host" } else { role(a) };
            rb(
                "/v1/chat/sendmessage".into(),
                json!({"roomId": f.side(a).room, "message": "Is the car ready?", "senderType": side}),
            )
        })
        .allow(&HOST_SIDE)
        .deny(404, "room_not_found")
        .over(&[Admin], 403, "read_only_room")
        .over(&[Guest], 403, "wrong_sender_type")
        .writes(Snap::Room, &[Owner, CoFull]),
        // The guest tries to type as the owner; everyone else as themselves.
        row("POST", "/v1/chat/typing", |f, a| {
            let mut body = json!({"roomId": f.side(a).room, "isTyping": true});
            let who = if a == Guest { Some(f.owner.u.id.as_str()) } else { f.id_of(a) };
            if let Some(id) = who {
                body["userId"] = json!(id);
            }
            rb("/v1/chat/typing".into(), body)
        })
        .allow(&HOST_SIDE)
        .deny(404, "room_not_found")
        .over(&[Admin], 403, "read_only_room")
        .over(&[Guest], 403, "typing_user_mismatch")
        .writes(Snap::Nothing, &HOST_SIDE),
        // Everyone names the first room's message: in another room it is not found.
        row("POST", "/v1/chat/markRead", |f, a| {
            let s = f.side(a);
            rb(
                "/v1/chat/markRead".into(),
                json!({"roomId": s.room, "messageId": f.sides[0].message}),
            )
        })
        .allow(&TRIP_READERS)
        .deny(404, "room_not_found")
        .over(&[CoPricing, CoFull], 404, "message_not_found")
        .writes(Snap::Nothing, &[Owner, Guest]),
        // ---- Support tickets (filed by the owner) ----------------------------------------------
        row("GET", "/v1/admin/tasks/{id}", |f, _| r(format!("/v1/admin/tasks/{}", f.ticket)))
            .allow(&[Owner, Admin])
            .deny(404, "ticket_not_found"),
        row("POST", "/v1/admin/tasks/{id}", |f, _| {
            rb(format!("/v1/admin/tasks/{}", f.ticket), json!({"status": "in_progress"}))
        })
        .allow(&[Admin])
        .deny(403, "admin_only")
        .writes(Snap::Ticket, &[]),
        row("GET", "/v1/admin/tasks/{id}/messages", |f, _| {
            r(format!("/v1/admin/tasks/{}/messages", f.ticket))
        })
        .allow(&[Owner, Admin])
        .deny(404, "ticket_not_found"),
        row("POST", "/v1/admin/tasks/{id}/messages", |f, _| {
            rb(format!("/v1/admin/tasks/{}/messages", f.ticket), json!({"message": "Any news?"}))
        })
        .allow(&[Owner, Admin])
        .deny(404, "ticket_not_found")
        .writes(Snap::TicketMessages, &[Owner]),
        // ---- Listings: the wizard and the listing answers ------------------------------------
        row("POST", "/v1/host/carListing/checkCarListing", |f, _| {
            rb("/v1/host/carListing/checkCarListing".into(), json!({"userId": f.owner.u.id}))
        })
        .allow(&SIGNED_IN)
        .caller_scoped(),
        // The draft named by each of the id's three spellings.
        row("POST", "/v1/host/carListing/addCarListing", |f, a| {
            let field = match a {
                Guest => "carListingId",
                CoBooking | CoPricing => "_id",
                _ => "carId",
            };
            let mut body = json!({"sectionName": "availability", "advanceNotice": 3,
                                  "minTripDuration": 1, "maxTripDuration": 1000,
                                  "twoDayTripForWeekend": false});
            body[field] = json!(f.draft);
            rb("/v1/host/carListing/addCarListing".into(), body)
        })
        .allow(&[Owner])
        .deny(404, "listing_not_found")
        .writes(Snap::Draft, &[Owner]),
        row("GET", "/v1/host/carListing/car/{id}", |f, a| {
            r(format!("/v1/host/carListing/car/{}", f.side(a).car))
        })
        .allow(&[Owner, CoBooking, CoPricing, CoFull, Admin])
        .deny(404, "listing_not_found"),
        // The id is not read: the features are those of the vehicle sent.
        row("POST", "/v1/host/carListing/getcarfeatures", |f, a| {
            rb("/v1/host/carListing/getcarfeatures".into(), json!({"carListingId": f.side(a).car}))
        })
        .allow(&SIGNED_IN)
        .caller_scoped(),
        row("POST", "/v1/host/carListing/getcardescription", |f, a| {
            rb(
                "/v1/host/carListing/getcardescription".into(),
                json!({"carListingId": f.side(a).car}),
            )
        })
        .allow(&[Owner])
        .deny(404, "listing_not_found"),
        row("POST", "/v1/admin/cars/{id}/approve", |f, a| {
            rb(format!("/v1/admin/cars/{}/approve", f.side(a).car), json!({}))
        })
        .allow(&[Admin])
        .deny(403, "admin_only")
        .writes(Snap::Car, &[Admin]),
        row("POST", "/v1/admin/cars/{id}/reject", |f, a| {
            rb(format!("/v1/admin/cars/{}/reject", f.side(a).car), json!({"rejectReason": "No"}))
        })
        .allow(&[Admin])
        .deny(403, "admin_only")
        .writes(Snap::Car, &[Admin]),
        // ---- Car management: pricing, availability, full ---------------------------------------
        car_row("/v1/host/car-update/updateCarDailyPrice/{id}", Grant::Pricing, |f, a| {
            rb(
                format!("/v1/host/car-update/updateCarDailyPrice/{}", f.side(a).car),
                json!({"dailyPrice": PRICE}),
            )
        }),
        car_row("/v1/host/car-update/updateDatePrices/{id}", Grant::Pricing, |f, a| {
            let date = (chrono::Utc::now().date_naive() + chrono::Duration::days(200)).to_string();
            rb(
                format!("/v1/host/car-update/updateDatePrices/{}", f.side(a).car),
                json!({"prices": [{"date": date, "dailyPrice": PRICE}]}),
            )
        }),
        calendar_row("GET", "/v1/host/calendar/feed/{carId}", |f, a| {
            r(format!("/v1/host/calendar/feed/{}", f.side(a).car))
        }),
        calendar_row("POST", "/v1/host/calendar/feed/{carId}/rotate", |f, a| {
            rb(format!("/v1/host/calendar/feed/{}/rotate", f.side(a).car), json!({}))
        })
        .writes(Snap::Nothing, &[]),
        calendar_row("GET", "/v1/host/calendar/imports/{carId}", |f, a| {
            r(format!("/v1/host/calendar/imports/{}", f.side(a).car))
        }),
        calendar_row("POST", "/v1/host/calendar/imports/{carId}", |f, a| {
            rb(
                format!("/v1/host/calendar/imports/{}", f.side(a).car),
                json!({"url": "https://calendar.example.com/car.ics"}),
            )
        })
        .writes(Snap::Nothing, &[]),
        calendar_row("DELETE", "/v1/host/calendar/imports/{carId}/{importId}", |f, a| {
            r(format!(
                "/v1/host/calendar/imports/{}/0193ffff-0000-7000-8000-000000000001",
                f.side(a).car
            ))
        })
        .writes(Snap::Nothing, &[]),
        car_row("/v1/host/car-update/updatePriceDiscount/{id}", Grant::Pricing, |f, a| {
            rb(
                format!("/v1/host/car-update/updatePriceDiscount/{}", f.side(a).car),
                json!({"weeklyDiscount": 10}),
            )
        }),
        car_row("/v1/host/car-update/updateTripPreferences/{id}", Grant::Pricing, |f, a| {
            rb(
                format!("/v1/host/car-update/updateTripPreferences/{}", f.side(a).car),
                json!({"instantBooking": false}),
            )
        }),
        car_row("/v1/host/car-update/updateCarStatus/{id}", Grant::Pricing, |f, a| {
            rb(
                format!("/v1/host/car-update/updateCarStatus/{}", f.side(a).car),
                json!({"carStatus": "listed"}),
            )
        }),
        car_row("/v1/host/car-update/updateGuestInstructions/{id}", Grant::Full, |f, a| {
            rb(
                format!("/v1/host/car-update/updateGuestInstructions/{}", f.side(a).car),
                json!({"guestInstructions": "The keys are in the lockbox."}),
            )
        }),
        car_row("/v1/host/car-update/updateCarDetails/{id}", Grant::Full, |f, a| {
            rb(
                format!("/v1/host/car-update/updateCarDetails/{}", f.side(a).car),
                json!({"specialFeature": "Premium sound"}),
            )
        }),
        car_row("/v1/host/car-update/updateCarExtra/{id}", Grant::Full, |f, a| {
            rb(format!("/v1/host/car-update/updateCarExtra/{}", f.side(a).car), json!({"extras": []}))
        }),
        car_row("/v1/cars/updateCar/{id}", Grant::Full, |f, a| {
            rb(
                format!("/v1/cars/updateCar/{}", f.side(a).car),
                json!({"guestInstructions": "The keys are in the lockbox."}),
            )
        }),
        car_row("/v1/cars/extras/{id}", Grant::Full, |f, a| {
            rb(format!("/v1/cars/extras/{}", f.side(a).car), json!({"extras": []}))
        }),
        row("POST", "/v1/cars/addInspectionForm", |f, a| {
            rb(
                "/v1/cars/addInspectionForm".into(),
                json!({"carId": f.side(a).car, "documentUrl": "https://example.com/inspection.pdf"}),
            )
        })
        .allow(&[Owner, Admin, CoFull])
        .over(&[CoBooking, CoPricing], 403, "team_permission_denied")
        .deny(404, "listing_not_found")
        .writes(Snap::Car, &[]),
        row("POST", "/v1/host/car-update/deleteCar/{id}", |f, a| {
            rb(format!("/v1/host/car-update/deleteCar/{}", f.side(a).car), json!({}))
        })
        .allow(&[Owner, Admin])
        .over(&COHOSTS, 403, "team_permission_denied")
        .deny(404, "listing_not_found")
        // The cars have trips to come: the owner's delete is refused (409) and changes nothing.
        .writes(Snap::Car, &[Owner]),
        // A stranger, the booking-only co-host and a co-host of another team add a block on the
        // owner's car, the guest deletes the owner's block, the pricing co-host moves the first
        // car's block onto their own car; the owner, admins and the full co-host move their
        // side's block.
        row("POST", "/v1/trips/updateCustomAvailabilityForHost", |f, a| {
            let s = f.side(a);
            let (action, item) = match a {
                Stranger | CoBooking | CoOther => (
                    "add",
                    json!({"carId": s.car, "startDate": day(300), "endDate": day(301), "reason": "Mine"}),
                ),
                Guest => ("delete", json!({"_id": s.block})),
                // The first car's block, moved onto the co-host's own car.
                CoPricing => (
                    "update",
                    json!({"_id": f.sides[0].block, "carId": s.car, "startDate": day(310),
                           "endDate": day(311), "reason": "Moved"}),
                ),
                _ => (
                    "update",
                    json!({"_id": s.block, "carId": s.car, "startDate": day(310), "endDate": day(311),
                           "reason": "Moved"}),
                ),
            };
            rb(
                "/v1/trips/updateCustomAvailabilityForHost".into(),
                json!({"action": action, "customAvailability": [item]}),
            )
        })
        // Admins act on any car, as in car management.
        .allow(&[Owner, CoFull, Admin])
        .over(&[CoBooking], 403, "team_permission_denied")
        .over(&[Stranger], 404, "listing_not_found")
        .deny(404, "block_not_found")
        .writes(Snap::Blocks, &[CoFull]),
        // ---- Teams -------------------------------------------------------------------------
        row("POST", "/v1/cohost/createTeam", |f, a| {
            rb(
                "/v1/cohost/createTeam".into(),
                json!({"teamName": "Taken over", "carIds": [f.side(a).car]}),
            )
        })
        .allow(&[Owner])
        .deny(404, "listing_not_found")
        .writes(Snap::Team, &[Owner]),
        team_row("/v1/cohost/inviteCoHosts", |f, a| {
            rb(
                "/v1/cohost/inviteCoHosts".into(),
                json!({"teamId": f.side(a).team, "coHostEmails": ["intruder@example.com"]}),
            )
        }),
        team_row("/v1/cohost/manageTeamPermissions", |f, a| {
            rb(
                "/v1/cohost/manageTeamPermissions".into(),
                json!({"teamId": f.side(a).team, "permissions": {"full": true}}),
            )
        }),
        team_row("/v1/cohost/updateTeam", |f, a| {
            let s = f.side(a);
            rb(
                "/v1/cohost/updateTeam".into(),
                json!({"teamId": s.team, "teamName": "Taken over",
                       "earningsSplit": [{"coHostId": s.peer.u.id, "sharePercent": 99}]}),
            )
        }),
        team_row("/v1/cohost/deleteTeam", |f, a| {
            rb("/v1/cohost/deleteTeam".into(), json!({"teamId": f.side(a).team}))
        }),
        team_row("/v1/cohost/manageVehiclesOnTeam", |f, a| {
            let s = f.side(a);
            rb("/v1/cohost/manageVehiclesOnTeam".into(), json!({"teamId": s.team, "carIds": [s.car]}))
        }),
        row("POST", "/v1/cohost/handleCoHostInvite", |f, a| {
            rb(
                "/v1/cohost/handleCoHostInvite".into(),
                json!({"teamId": f.side(a).team, "action": "accept"}),
            )
        })
        // The co-hosts are the invitees: theirs is answered already (409).
        .allow(&COHOSTS)
        .deny(404, "invitation_not_found")
        .writes(Snap::Team, &COHOSTS),
        // The host removes anyone; a co-host only themselves (leaving), never another member.
        team_row("/v1/cohost/removeCoHost", |f, a| {
            let s = f.side(a);
            rb("/v1/cohost/removeCoHost".into(), json!({"teamId": s.team, "coHostId": s.peer.u.id}))
        }),
        row("GET", "/v1/cohost/getTeamById/{id}", |f, a| {
            r(format!("/v1/cohost/getTeamById/{}", f.side(a).team))
        })
        .allow(&HOST_SIDE)
        .deny(404, "team_not_found"),
        row("GET", "/v1/cohost/getTeamInfoForInvitee/{id}", |f, a| {
            r(format!("/v1/cohost/getTeamInfoForInvitee/{}", f.side(a).team))
        })
        .allow(&COHOSTS)
        .deny(404, "invitation_not_found"),
        row("GET", "/v1/cohost/getTeamVehicles/{id}", |f, a| {
            r(format!("/v1/cohost/getTeamVehicles/{}", f.side(a).team))
        })
        .allow(&HOST_SIDE)
        .deny(404, "team_not_found"),
        row("GET", "/v1/cohost/getTeamAuditLog/{id}", |f, a| {
            r(format!("/v1/cohost/getTeamAuditLog/{}", f.side(a).team))
        })
        .allow(&[Owner])
        .over(&COHOSTS, 403, "team_host_only")
        .deny(404, "team_not_found"),
        // ---- Scheduled message templates (the owner's) ------------------------------------
        row("GET", "/v1/scheduledMessage/getTemplate/{id}", |f, _| {
            r(format!("/v1/scheduledMessage/getTemplate/{}", f.template))
        })
        .allow(&[Owner])
        .deny(404, "template_not_found"),
        row("POST", "/v1/scheduledMessage/updateTemplate/{id}", |f, _| {
            rb(format!("/v1/scheduledMessage/updateTemplate/{}", f.template), json!({"enabled": true}))
        })
        .allow(&[Owner])
        .deny(404, "template_not_found")
        .writes(Snap::Template, &[Owner]),
        row("POST", "/v1/scheduledMessage/updateEnabledStatus/{id}", |f, _| {
            rb(
                format!("/v1/scheduledMessage/updateEnabledStatus/{}", f.template),
                json!({"enabled": true}),
            )
        })
        .allow(&[Owner])
        .deny(404, "template_not_found")
        .writes(Snap::Template, &[Owner]),
        row("GET", "/v1/scheduledMessage/getTripMessages/{tripId}", |f, a| {
            r(format!("/v1/scheduledMessage/getTripMessages/{}", f.side(a).trip))
        })
        .allow(&[Owner, CoBooking, CoPricing, CoFull, Admin])
        .deny(404, "trip_not_found"),
        // ---- Reviews -------------------------------------------------------------------------
        row("POST", "/v1/cars/respondToCarReview", |f, _| {
            rb(
                "/v1/cars/respondToCarReview".into(),
                json!({"ratingId": f.rating, "responseMessage": "Thank you for the kind words."}),
            )
        })
        .allow(&[Owner])
        .deny(404, "review_not_found")
        .writes(Snap::Ratings, &[Owner]),
        row("POST", "/v1/trips/reviewTrip/{tripId}", |f, a| {
            rb(
                format!("/v1/trips/reviewTrip/{}", f.side(a).done),
                json!({"stars": 1, "review": "Not written by a party"}),
            )
        })
        .allow(&TRIP_PEOPLE)
        .over(&[Admin], 403, "review_not_a_party")
        .over(&[Driver], 403, "review_not_a_party")
        .deny(404, "trip_not_found")
        .writes(Snap::Reviews, &[]),
        row("GET", "/v1/trips/getTripReviews/{tripId}", |f, a| {
            r(format!("/v1/trips/getTripReviews/{}", f.side(a).done))
        })
        .allow(&TRIP_PEOPLE)
        .over(&[Admin], 403, "review_not_a_party")
        .over(&[Driver], 403, "review_not_a_party")
        .deny(404, "trip_not_found"),
        // ---- Trips: a confirmed trip to come -----------------------------------------------
        row("GET", "/v1/trips/getTrip/{id}", |f, a| r(format!("/v1/trips/getTrip/{}", f.side(a).trip)))
            .allow(&TRIP_READERS)
            .allow(&[Driver])
            .deny(404, "trip_not_found"),
        row("GET", "/v1/trips/getCheckInAndCheckoutPhotos/{id}", |f, a| {
            r(format!("/v1/trips/getCheckInAndCheckoutPhotos/{}", f.side(a).trip))
        })
        .allow(&TRIP_READERS)
        .allow(&[Driver])
        .deny(404, "trip_not_found"),
        row("GET", "/v1/tripPrice/getTripRefundPrice", |f, a| {
            r(format!("/v1/tripPrice/getTripRefundPrice?tripId={}", f.side(a).trip))
        })
        .allow(&TRIP_READERS)
        .deny(404, "trip_not_found"),
        row("POST", "/v1/tripPrice/getModifiedTripPrice", |f, a| {
            rb(
                "/v1/tripPrice/getModifiedTripPrice".into(),
                json!({"tripId": f.side(a).trip, "newStartDate": day(31), "newStartTime": "10:00 AM",
                       "newEndDate": day(33), "newEndTime": "10:00 AM"}),
            )
        })
        .allow(&TRIP_READERS)
        .deny(404, "trip_not_found"),
        row("GET", "/v1/trips/getDeliveryTasks/{tripId}", |f, a| {
            r(format!("/v1/trips/getDeliveryTasks/{}", f.side(a).trip))
        })
        // Captains know a trip's guest and host (docs/RULES.md: "the guest's and host's view
        // of a trip's deliveries"), not its co-hosts.
        .allow(&[Owner, Guest, Admin])
        .deny(404, "trip_not_found"),
        // Readable without an account with the trip's agreement token: the anonymous caller
        // brings the token of another trip.
        // ---- Additional drivers: an invitation of the driver to the second car's trip, pending -
        row("POST", "/v1/additionaldriver/verification", |f, _| {
            rb("/v1/additionaldriver/verification".into(), json!({"token": f.invitation}))
        })
        .allow(&[Driver])
        .deny(403, "invitation_for_another_email"),
        row("POST", "/v1/additionaldriver/addDriverToTrip", |f, _| {
            rb("/v1/additionaldriver/addDriverToTrip".into(), json!({"token": f.invitation}))
        })
        .allow(&[Driver])
        .deny(403, "invitation_for_another_email")
        .writes(Snap::Invited, &[]),
        row("GET", "/v1/trips/getRentalAgreement/{tripId}", |f, a| {
            let token = if a == Anon { format!("?token={}", f.agreement_token) } else { String::new() };
            r(format!("/v1/trips/getRentalAgreement/{}{token}", f.side(a).trip))
        })
        .allow(&TRIP_READERS)
        .allow(&[Driver])
        .deny(404, "trip_not_found")
        .over(&[Anon], 404, "agreement_not_found")
        // A captain's token counts as none.
        .over(&[Captain], 401, "token_missing"),
        row("POST", "/v1/trips/checkIn/{tripId}", |f, a| {
            rb(
                format!("/v1/trips/checkIn/{}", f.side(a).trip),
                json!({"role": role(a), "photoUrls": f.photos(a), "type": "exterior"}),
            )
        })
        .allow(&TRIP_READERS)
        .over(&[Driver], 403, "not_allowed")
        .deny(404, "trip_not_found")
        .writes(Snap::Trip, &[]),
        row("POST", "/v1/trips/checkout/{tripId}", |f, a| {
            rb(
                format!("/v1/trips/checkout/{}", f.side(a).trip),
                json!({"role": role(a), "photoUrls": f.photos(a), "type": "exterior"}),
            )
        })
        .allow(&TRIP_READERS)
        .over(&[Driver], 403, "not_allowed")
        .deny(404, "trip_not_found")
        .writes(Snap::Trip, &[]),
        row("POST", "/v1/trips/createModifyTripRequest", |f, a| {
            rb(
                "/v1/trips/createModifyTripRequest".into(),
                json!({"tripId": f.side(a).trip, "newStartDate": day(31), "newStartTime": "10:00 AM",
                       "newEndDate": day(33), "newEndTime": "10:00 AM", "message": "Later?"}),
            )
        })
        .allow(&TRIP_READERS)
        .over(&[Driver], 403, "not_allowed")
        .deny(404, "trip_not_found")
        .writes(Snap::Trip, &[]),
        row("POST", "/v1/trips/cancelModifyRequest", |f, a| {
            rb("/v1/trips/cancelModifyRequest".into(), json!({"tripId": f.side(a).trip}))
        })
        .allow(&TRIP_READERS)
        .over(&[Driver], 403, "not_allowed")
        .deny(404, "trip_not_found")
        .writes(Snap::Trip, &[]),
        row("POST", "/v1/trips/respondToModifyRequest", |f, a| {
            rb(
                "/v1/trips/respondToModifyRequest".into(),
                json!({"tripId": f.side(a).trip, "response": "decline", "message": "No"}),
            )
        })
        .allow(&TRIP_READERS)
        .over(&[Driver], 403, "not_allowed")
        .deny(404, "trip_not_found")
        .writes(Snap::Trip, &[]),
        row("POST", "/v1/trips/addAdditionalDriver", |f, a| {
            rb(
                "/v1/trips/addAdditionalDriver".into(),
                json!({"tripId": f.side(a).trip, "additionalDriverEmails": ["driver-x@example.com"]}),
            )
        })
        .allow(&[Guest])
        .over(&[Owner, CoBooking, CoPricing, CoFull, Admin], 403, "not_allowed")
        .over(&[Driver], 403, "not_allowed")
        .deny(404, "trip_not_found")
        .writes(Snap::Trip, &[]),
        row("POST", "/v1/trips/removeAdditionalDriver", |f, a| {
            rb(
                "/v1/trips/removeAdditionalDriver".into(),
                json!({"tripId": f.side(a).trip, "email": "driver-x@example.com"}),
            )
        })
        .allow(&[Guest, Admin])
        .over(&[Owner, CoBooking, CoPricing, CoFull], 403, "not_allowed")
        .over(&[Driver], 403, "not_allowed")
        .deny(404, "trip_not_found")
        .writes(Snap::Trip, &[]),
        row("POST", "/v1/trips/cancelTrip", |f, a| {
            rb("/v1/trips/cancelTrip".into(), json!({"tripId": f.side(a).trip, "cancelReason": "x"}))
        })
        .allow(&TRIP_READERS)
        .over(&[Driver], 403, "not_allowed")
        .deny(404, "trip_not_found")
        .writes(Snap::Trip, &[]),
        // ---- Trips: a request waiting for the host ---------------------------------------------
        row("POST", "/v1/trips/acceptTrip/{id}", |f, a| {
            rb(format!("/v1/trips/acceptTrip/{}", f.side(a).requested), json!({}))
        })
        .allow(&[Owner, CoBooking, CoPricing, CoFull, Admin])
        .over(&[Guest], 403, "not_allowed")
        .over(&[Driver], 403, "not_allowed")
        .deny(404, "trip_not_found")
        .writes(Snap::Requested, &[]),
        row("POST", "/v1/trips/rejectTrip/{id}", |f, a| {
            rb(format!("/v1/trips/rejectTrip/{}", f.side(a).requested), json!({"rejectReason": "x"}))
        })
        .allow(&[Owner, CoBooking, CoPricing, CoFull, Admin])
        .over(&[Guest], 403, "not_allowed")
        .over(&[Driver], 403, "not_allowed")
        .deny(404, "trip_not_found")
        .writes(Snap::Requested, &[]),
        // ---- Trips: a completed trip (incidentals, issues) -------------------------------------
        row("GET", "/v1/trips/getIncidentalOptions/{id}", |f, a| {
            r(format!("/v1/trips/getIncidentalOptions/{}", f.side(a).done))
        })
        .allow(&TRIP_READERS)
        // Pricing computes the options: an added driver sees no money (docs/API.md, "who sees
        // a trip's prices").
        .over(&[Driver], 404, "trip_not_found")
        .deny(404, "trip_not_found"),
        row("GET", "/v1/trips/getIncidentals/{id}", |f, a| {
            // The booking-only co-host claims the guest's side.
            let side = if a == CoBooking { "guest" } else { role(a) };
            r(format!("/v1/trips/getIncidentals/{}?role={side}", f.side(a).done))
        })
        .allow(&TRIP_READERS)
        .over(&[CoBooking], 403, "not_allowed")
        .over(&[Driver], 403, "not_allowed")
        .deny(404, "trip_not_found"),
        row("POST", "/v1/trips/addIncidentals/{id}", |f, a| {
            rb(
                format!("/v1/trips/addIncidentals/{}", f.side(a).done),
                json!({"incidentals": [{"type": "cleaning"}]}),
            )
        })
        .allow(&[Owner, CoBooking, CoPricing, CoFull, Admin])
        .over(&[Guest], 403, "not_allowed")
        .over(&[Driver], 403, "not_allowed")
        .deny(404, "trip_not_found")
        .writes(Snap::Incidentals, &[]),
        row("POST", "/v1/trips/modifyIncidentals/{id}", |f, a| {
            rb(
                format!("/v1/trips/modifyIncidentals/{}", f.side(a).done),
                json!({"incidentalIds": [f.incidental]}),
            )
        })
        // Everyone names the first trip's incidental: on another trip it is not theirs to remove.
        .allow(&[Owner, CoBooking, Admin])
        .over(&[Guest], 403, "not_allowed")
        .over(&[CoPricing, CoFull], 409, "incidental_not_pending")
        .over(&[Driver], 403, "not_allowed")
        .deny(404, "trip_not_found")
        .writes(Snap::Incidentals, &[]),
        row("POST", "/v1/trips/acceptIncidentals", |f, a| {
            rb("/v1/trips/acceptIncidentals".into(), json!({"tripId": f.side(a).done, "priceToPay": 250}))
        })
        .allow(&[Guest])
        .over(&[Owner, CoBooking, CoPricing, CoFull, Admin], 403, "not_allowed")
        .over(&[Driver], 403, "not_allowed")
        .deny(404, "trip_not_found")
        .writes(Snap::Incidentals, &[]),
        row("POST", "/v1/trips/disputeIncidentals/{id}", |f, a| {
            rb(
                format!("/v1/trips/disputeIncidentals/{}", f.side(a).done),
                json!({"incidentalIds": [f.incidental], "reason": "Not mine"}),
            )
        })
        .allow(&[Guest])
        .over(&[Owner, CoBooking, CoPricing, CoFull, Admin], 403, "not_allowed")
        .over(&[Driver], 403, "not_allowed")
        .deny(404, "trip_not_found")
        .writes(Snap::Incidentals, &[]),
        row("POST", "/v1/admin/trips/decideDispute/{id}", |f, a| {
            rb(
                format!("/v1/admin/trips/decideDispute/{}", f.side(a).done),
                json!({"incidentalIds": [f.incidental], "uphold": false}),
            )
        })
        // The fixture's incidental is pending, never disputed: support is told so.
        .over(&[Admin], 409, "incidental_not_disputed")
        .deny(403, "admin_only"),
        row("GET", "/v1/trips/getAllReportIssuesOption/{id}", |f, a| {
            r(format!("/v1/trips/getAllReportIssuesOption/{}", f.side(a).done))
        })
        .allow(&TRIP_READERS)
        .allow(&[Driver])
        .deny(404, "trip_not_found"),
        row("POST", "/v1/trips/reportIssue/{id}", |f, a| {
            rb(
                format!("/v1/trips/reportIssue/{}", f.side(a).done),
                json!({"type": "other", "description": "A scratch", "photoUrls": []}),
            )
        })
        .allow(&TRIP_READERS)
        .allow(&[Driver])
        .deny(404, "trip_not_found")
        .writes(Snap::Done, &[]),
        row("GET", "/v1/trips/getTripIssueCharges/{id}", |f, a| {
            r(format!("/v1/trips/getTripIssueCharges/{}", f.side(a).done))
        })
        .allow(&TRIP_READERS)
        .over(&[Driver], 403, "not_allowed")
        .deny(404, "trip_not_found"),
        row("POST", "/v1/trips/attachReportPhotos/{id}", |f, a| {
            rb(
                format!("/v1/trips/attachReportPhotos/{}", f.side(a).done),
                json!({"kind": "report-issue", "category": "other", "photoUrls": f.photos(a)}),
            )
        })
        .allow(&TRIP_READERS)
        .allow(&[Driver])
        .deny(404, "trip_not_found")
        .writes(Snap::Done, &[]),
        // ---- Destructive rows last, on objects of their own ----------------------------------
        row("DELETE", "/v1/scheduledMessage/delete/{id}", |f, _| {
            r(format!("/v1/scheduledMessage/delete/{}", f.doomed_template))
        })
        .allow(&[Owner])
        .deny(404, "template_not_found")
        .writes(Snap::Doomed, &[Owner]),
        row("DELETE", "/v1/host/carListing/deleteCarListing/{id}", |f, _| {
            r(format!("/v1/host/carListing/deleteCarListing/{}", f.draft))
        })
        .allow(&[Owner])
        .deny(404, "listing_not_found")
        .writes(Snap::Draft, &[Owner]),
    ]
}

/// The cars' daily price (within what other tests expect of a car young drivers may rent).
const PRICE: &str = "113";

#[derive(Clone, Copy)]
enum Grant {
    Pricing,
    Full,
}

/// A car management call: the host and admins; co-hosts with the grant it needs (403
/// `team_permission_denied` without); anyone else 404 `listing_not_found`.
fn car_row(path: &'static str, grant: Grant, build: Build) -> Row {
    let (granted, missing): (&[Actor], &[Actor]) = match grant {
        Grant::Pricing => (&[CoPricing, CoFull], &[CoBooking]),
        Grant::Full => (&[CoFull], &[CoBooking, CoPricing]),
    };
    let mut probe = vec![Owner];
    probe.extend_from_slice(granted);
    row("POST", path, build)
        .allow(&[Owner, Admin])
        .allow(granted)
        .over(missing, 403, "team_permission_denied")
        .deny(404, "listing_not_found")
        .writes(Snap::Car, &probe)
}

/// A calendar call of a car: its host and admins, co-hosts whose team grants availability
/// (403 `team_permission_denied` without); anyone else 404 `listing_not_found`.
fn calendar_row(method: &'static str, path: &'static str, build: Build) -> Row {
    row(method, path, build)
        .allow(&[Owner, Admin, CoPricing, CoFull])
        .over(&[CoBooking], 403, "team_permission_denied")
        .deny(404, "listing_not_found")
}

/// A team management call: the host only; co-hosts 403 `team_host_only`; anyone else 404.
fn team_row(path: &'static str, build: Build) -> Row {
    let probe: &[Actor] = if path.ends_with("manageVehiclesOnTeam") { &[Owner] } else { &[] };
    row("POST", path, build)
        .allow(&[Owner])
        .over(&COHOSTS, 403, "team_host_only")
        .deny(404, "team_not_found")
        .writes(Snap::Team, probe)
}

/// Operations naming an object that are not in the matrix, with the reason.
const EXEMPT: &[(&str, &str, &str)] = &[
    (
        "POST",
        "/v1/users/verifyToken",
        "checks a session token: the token is the credential and answers its own user",
    ),
    (
        "POST",
        "/v1/users/login/otp",
        "signing in: the one-time code proves the account; no token, no object",
    ),
    (
        "GET",
        "/v1/users/gethost/{id}",
        "public host card (first name, last initial, flags); main.rs host_cards_need_no_token",
    ),
    ("POST", "/v1/users/addFav/{carId}", "the caller's own favourites, of a public car"),
    ("POST", "/v1/users/removeFav/{carId}", "the caller's own favourites, of a public car"),
    ("GET", "/v1/guestReviews/getReviews/{userId}", "published reviews of a user: public"),
    (
        "GET",
        "/v1/files/{key}",
        "a signed link or a public file: the signature is the capability (main.rs driver_documents_through_the_phone_flow_token)",
    ),
    (
        "PUT",
        "/v1/files/{key}",
        "a presigned upload: the signature is the capability (main.rs presigned_upload_round_trip_with_type_and_signature_checks)",
    ),
    ("GET", "/v1/cars/getCar/{carId}", "a car's public page"),
    ("GET", "/v1/cars/isCarAvailableForTheseDates/{id}", "a public car's availability"),
    ("GET", "/v1/calendar/getBlockedOrBookedDates", "a public car's calendar (dates only)"),
    ("GET", "/v1/cars/getRatings/{carId}", "a public car's published ratings"),
    ("GET", "/v1/cars/getCarsByOwner/{id}", "a host's public list of active cars"),
    ("GET", "/v1/places/details/{id}", "a gazetteer place id: public data, no one's object"),
    (
        "POST",
        "/v1/cars/reportListing/{id}",
        "any signed-in user reports a public listing (catalog.rs a_signed_in_user_reports_a_listing_once_a_day_and_the_car_stays_listed)",
    ),
    ("POST", "/v1/cars/calculateMaxDeliveryDistance/{id}", "a public car's delivery range"),
    (
        "GET",
        "/v1/tripPrice/getTripPrice",
        "public prices of a public car; userId is ignored (the token decides)",
    ),
    (
        "POST",
        "/v1/tripPrice/getTripPrices",
        "public prices of public cars; userId is ignored (the token decides)",
    ),
    (
        "GET",
        "/v1/cars/checkPrices/{ids}",
        "public prices of public cars; userId is ignored (the token decides)",
    ),
    (
        "GET",
        "/v1/tripPrice/getPricesByRequestId/{requestId}",
        "a search's page: public cars at public prices",
    ),
    (
        "POST",
        "/v1/tripPrice/getFinalTripPrice",
        "the caller's own quote of a public car; userId is ignored; a quote books only for its account (trips.rs booking_rules_are_enforced_by_the_server, quote_mismatch)",
    ),
    (
        "POST",
        "/v1/trips/createTrip",
        "books a public car as the caller; another account's quote is 403 quote_mismatch (trips.rs booking_rules_are_enforced_by_the_server)",
    ),
    (
        "POST",
        "/v1/payment/stripe/addPaymentMethod",
        "the caller's own card; userId is ignored (the token decides)",
    ),
    (
        "POST",
        "/v1/activity/log",
        "a userId in an event is ignored, the token decides (activity.rs activity_log_and_bulk_take_anonymous_callers_and_the_user_only_from_the_token)",
    ),
    (
        "POST",
        "/v1/activity/bulk",
        "a userId in an event is ignored, the token decides (activity.rs activity_log_and_bulk_take_anonymous_callers_and_the_user_only_from_the_token)",
    ),
    (
        "GET",
        "/v1/dev/payment/stripe/completeOnboarding/{accountId}",
        "development only: the fake payment provider's onboarding page",
    ),
];

/// Whether a parameter or body field names an object.
fn names_object(name: &str) -> bool {
    matches!(name, "id" | "_id" | "ids" | "key" | "token")
        || name.ends_with("Id")
        || name.ends_with("Ids")
}

/// The fields of a schema, nested ones included (`$ref`s followed once).
fn schema_fields(doc: &Value, schema: &Value, seen: &mut Vec<String>, out: &mut Vec<String>) {
    if let Some(reference) = schema["$ref"].as_str() {
        let name = reference.rsplit('/').next().unwrap().to_owned();
        if seen.contains(&name) {
            return;
        }
        seen.push(name.clone());
        schema_fields(doc, &doc["components"]["schemas"][&name], seen, out);
        seen.pop();
        return;
    }
    if let Some(props) = schema["properties"].as_object() {
        for (k, v) in props {
            out.push(k.clone());
            schema_fields(doc, v, seen, out);
        }
    }
    for key in ["items", "additionalProperties"] {
        if schema[key].is_object() {
            schema_fields(doc, &schema[key], seen, out);
        }
    }
    for key in ["oneOf", "anyOf", "allOf"] {
        for s in schema[key].as_array().into_iter().flatten() {
            schema_fields(doc, s, seen, out);
        }
    }
}

/// Every operation of the route table with the names of its object ids.
fn operations(doc: &Value) -> Vec<(String, String, Vec<String>)> {
    let mut ops = Vec::new();
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for (method, op) in item.as_object().expect("operations") {
            if !["get", "post", "put", "patch", "delete"].contains(&method.as_str()) {
                continue;
            }
            let mut ids: Vec<String> = op["parameters"]
                .as_array()
                .into_iter()
                .flatten()
                .filter(|p| p["in"] == "path" || p["in"] == "query")
                .filter_map(|p| p["name"].as_str())
                .filter(|n| names_object(n))
                .map(str::to_owned)
                .collect();
            let mut fields = Vec::new();
            schema_fields(
                doc,
                &op["requestBody"]["content"]["application/json"]["schema"],
                &mut Vec::new(),
                &mut fields,
            );
            ids.extend(fields.into_iter().filter(|f| names_object(f)).map(|f| format!("body.{f}")));
            ops.push((method.to_uppercase(), path.clone(), ids));
        }
    }
    ops
}

#[test]
fn every_operation_naming_an_object_is_in_the_matrix_or_exempt() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/openapi.json"))
        .expect("the gateway's route table");
    let doc: Value = serde_json::from_str(&text).expect("openapi.json is JSON");
    let ops = operations(&doc);
    let known: BTreeSet<(String, String)> =
        ops.iter().map(|(m, p, _)| (m.clone(), p.clone())).collect();
    let mut problems = Vec::new();
    let mut matrix = BTreeSet::new();
    for row in rows() {
        let key = (row.method.to_owned(), row.path.to_owned());
        if !known.contains(&key) {
            problems.push(format!("matrix row {} {} is not in openapi.json", row.method, row.path));
        }
        if !matrix.insert(key) {
            problems.push(format!("two matrix rows for {} {}", row.method, row.path));
        }
    }
    let mut exempt = BTreeSet::new();
    for (m, p, reason) in EXEMPT {
        let key = ((*m).to_owned(), (*p).to_owned());
        if !known.contains(&key) {
            problems.push(format!("exemption {m} {p} is not in openapi.json"));
        }
        if matrix.contains(&key) {
            problems.push(format!("{m} {p} is both in the matrix and exempt"));
        }
        if reason.trim().is_empty() || !exempt.insert(key) {
            problems.push(format!("exemption {m} {p} repeated or without a reason"));
        }
    }
    let mut naming = 0;
    for (m, p, ids) in &ops {
        if ids.is_empty() {
            continue;
        }
        naming += 1;
        let key = (m.clone(), p.clone());
        if !matrix.contains(&key) && !exempt.contains(&key) {
            problems.push(format!(
                "{m} {p} names an object ({}) but is neither in the matrix nor exempt",
                ids.join(", ")
            ));
        }
    }
    for key in matrix.iter().chain(exempt.iter()) {
        let ids = ops.iter().find(|(m, p, _)| (m, p) == (&key.0, &key.1)).map(|o| &o.2);
        if ids.is_some_and(Vec::is_empty) {
            problems.push(format!("{} {} names no object: drop it from the table", key.0, key.1));
        }
    }
    assert!(naming > 100, "the route table's object operations were not found ({naming})");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    eprintln!(
        "{} operations, {naming} naming an object: {} in the matrix, {} exempt",
        ops.len(),
        matrix.len(),
        exempt.len()
    );
}

// ---------------------------------------------------------------------------------------------
// The fixture

struct Person {
    u: NewUser,
    first: String,
    last: String,
}

/// A co-host's team and what hangs on its car.
struct Side {
    cohost: Person,
    /// Another accepted co-host of the same team.
    peer: Person,
    /// A block of the owner's on the car.
    block: String,
    car: String,
    team: String,
    /// Confirmed, to come.
    trip: String,
    /// Waiting for the host.
    requested: String,
    /// Completed.
    done: String,
    room: String,
    message: String,
}

struct Fx {
    owner: Person,
    guest: Person,
    stranger: Person,
    driver: Person,
    admin: String,
    captain: String,
    sides: Vec<Side>,
    draft: String,
    ticket: String,
    template: String,
    doomed_template: String,
    task: String,
    doc_key: String,
    rating: String,
    incidental: String,
    prices: Vec<String>,
    /// The agreement token of the second side's trip.
    agreement_token: String,
    /// The driver's pending invitation to the second car's confirmed trip.
    invitation: String,
    /// A photo each signed-in actor uploaded (handover and report photos are the caller's own).
    photo: Vec<(Actor, String)>,
}

impl Fx {
    fn side(&self, a: Actor) -> &Side {
        match a {
            CoPricing => &self.sides[1],
            CoFull => &self.sides[2],
            _ => &self.sides[0],
        }
    }

    fn side_index(a: Actor) -> usize {
        match a {
            CoPricing => 1,
            CoFull => 2,
            _ => 0,
        }
    }

    fn person(&self, a: Actor) -> Option<&Person> {
        match a {
            Owner => Some(&self.owner),
            Guest => Some(&self.guest),
            Stranger => Some(&self.stranger),
            Driver => Some(&self.driver),
            CoBooking | CoPricing | CoFull => Some(&self.side(a).cohost),
            CoOther => Some(&self.sides[2].cohost),
            _ => None,
        }
    }

    fn photos(&self, a: Actor) -> Vec<String> {
        self.photo.iter().filter(|(b, _)| *b == a).map(|(_, p)| p.clone()).collect()
    }

    fn id_of(&self, a: Actor) -> Option<&str> {
        self.person(a).map(|p| p.u.id.as_str())
    }

    fn token(&self, a: Actor) -> Option<&str> {
        match a {
            Admin => Some(&self.admin),
            Captain => Some(&self.captain),
            Anon => None,
            _ => self.person(a).map(|p| p.u.token.as_str()),
        }
    }

    /// The ids of the fixture's objects and people.
    fn object_ids(&self) -> Vec<String> {
        let mut out = vec![
            self.owner.u.id.clone(),
            self.guest.u.id.clone(),
            self.draft.clone(),
            self.ticket.clone(),
            self.template.clone(),
            self.doomed_template.clone(),
            self.rating.clone(),
            self.incidental.clone(),
        ];
        for s in &self.sides {
            out.extend([
                s.cohost.u.id.clone(),
                s.peer.u.id.clone(),
                s.car.clone(),
                s.team.clone(),
                s.trip.clone(),
                s.requested.clone(),
                s.done.clone(),
                s.room.clone(),
                s.message.clone(),
                s.block.clone(),
            ]);
        }
        out
    }

    /// What no refused answer may hold: other people's ids, emails, phones and names, the
    /// objects' ids and the prices (the caller's own data left out).
    fn secrets(&self, a: Actor) -> Vec<String> {
        let me = self.id_of(a);
        let mut out = Vec::new();
        let people = [&self.owner, &self.guest, &self.stranger, &self.driver]
            .into_iter()
            .chain(self.sides.iter().flat_map(|s| [&s.cohost, &s.peer]));
        for p in people {
            if Some(p.u.id.as_str()) == me {
                continue;
            }
            out.extend([
                p.u.id.clone(),
                p.u.email.clone(),
                p.u.phone.clone(),
                p.first.clone(),
                p.last.clone(),
            ]);
        }
        for s in &self.sides {
            out.extend([
                s.car.clone(),
                s.team.clone(),
                s.trip.clone(),
                s.requested.clone(),
                s.done.clone(),
                s.room.clone(),
                s.message.clone(),
                s.block.clone(),
            ]);
        }
        out.extend([
            self.draft.clone(),
            self.ticket.clone(),
            self.template.clone(),
            self.doomed_template.clone(),
            self.task.clone(),
            self.doc_key.clone(),
            self.rating.clone(),
            self.incidental.clone(),
            self.agreement_token.clone(),
            self.invitation.clone(),
        ]);
        out.extend(self.prices.iter().cloned());
        out.retain(|s| s.len() >= 4);
        out
    }
}

async fn send(method: &str, req: &Req, token: Option<&str>) -> (u16, Value) {
    let url = format!("{}{}", stack().base, req.path);
    let mut b = match method {
        "GET" => client().get(url),
        "DELETE" => client().delete(url),
        "POST" => client().post(url).json(&req.body),
        "PUT" => client().put(url).json(&req.body),
        m => panic!("no {m} here"),
    };
    if let Some(t) = token {
        b = b.bearer_auth(t);
    }
    parts(b.send().await.expect("request")).await
}

async fn ok(method: &str, path: &str, body: Value, token: &str) -> Value {
    let (s, b) = send(method, &rb(path.to_owned(), body), Some(token)).await;
    assert!((200..300).contains(&s), "{method} {path}: {s} {b}");
    b
}

/// Gives an account a first and last name of its own (the shared helpers all sign up "Ada
/// Lovelace"), so that a name in an answer says whose it is.
async fn person(u: NewUser) -> Person {
    let n = uuid::Uuid::new_v4().as_u128();
    let letters = |from: u32| -> String {
        (0..8).map(|i| char::from(b'a' + ((n >> (from + i * 5)) % 26) as u8)).collect()
    };
    let (first, last) = (format!("Zo{}", letters(0)), format!("Qu{}", letters(50)));
    ok("PUT", "/v1/users/profile", json!({"firstName": first, "lastName": last}), &u.token).await;
    Person { u, first, last }
}

/// Polls `path` as `token` until it answers `want`.
async fn until(path: &str, token: &str, want: impl Fn(u16, &Value) -> bool) -> Value {
    let mut last = (0, Value::Null);
    for _ in 0..150 {
        last = send("GET", &r(path.to_owned()), Some(token)).await;
        if want(last.0, &last.1) {
            return last.1;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("{path} never answered as wanted: {last:?}");
}

/// The guest invites `driver` to the trip, who joins with the emailed token.
async fn join(guest: &NewUser, driver: &NewUser, trip: &str, used: &mut Vec<String>) {
    let token = invite(guest, driver, trip, used).await;
    ok("POST", "/v1/additionaldriver/addDriverToTrip", json!({"token": token}), &driver.token)
        .await;
}

/// The guest invites `driver` to the trip: the emailed token.
async fn invite(guest: &NewUser, driver: &NewUser, trip: &str, used: &mut Vec<String>) -> String {
    ok(
        "POST",
        "/v1/trips/addAdditionalDriver",
        json!({"tripId": trip, "additionalDriverEmails": [driver.email]}),
        &guest.token,
    )
    .await;
    let path = format!("/v1/dev/outbox?to={}", urlencode(&driver.email));
    let mut token = None;
    for _ in 0..200 {
        let (_, b) = send("GET", &r(path.clone()), None).await;
        token = b["data"].as_array().into_iter().flatten().find_map(|m| {
            let code = m["code"].as_str()?;
            (m["subject"].as_str()?.ends_with("invited you to drive")
                && !used.iter().any(|u| u == code))
            .then(|| code.to_owned())
        });
        if token.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let token = token.expect("the invitation reached the driver");
    used.push(token.clone());
    token
}

/// The fixture's cars stand in Sacramento, beyond the 50 miles of the searches around Fremont
/// that other tests count demo cars in.
fn sacramento() -> Value {
    json!({"sectionName": "location",
           "address": {"street": "1315 10th St", "city": "Sacramento", "state": "CA", "zip": "95814", "country": "US"},
           "location": {"type": "Point", "coordinates": [-121.4937, 38.5767]}})
}

/// Books a trip delivered to the guest (the captains' tasks come with it).
async fn delivered(guest: &NewUser, car: &str, from: i64) -> Value {
    let mut body = trip_body(car, from, from + 2);
    body["pickUpLocation"] = json!({"latitude": 38.5816, "longitude": -121.4944,
                                    "address": "1000 I St, Sacramento, CA 95814"});
    body["returnToSameAddress"] = json!(true);
    let mut last = (0, Value::Null);
    for _ in 0..50 {
        last = create(&guest.token, body.clone(), None).await;
        if last.0 == 201 || last.0 == 200 {
            return last.1;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    panic!("the car {car} could not be booked with a delivery: {last:?}");
}

/// Books a request (the car takes requests now): an instant booking made before the car's
/// setting reached trips is cancelled and tried again.
async fn requested(guest: &NewUser, car: &str, from: i64) -> String {
    for _ in 0..50 {
        let (s, b) = create(&guest.token, trip_body(car, from, from + 2), None).await;
        if s == 201 || s == 200 {
            let id = b["data"]["tripId"].as_str().unwrap().to_owned();
            if b["data"]["status"] == "requested" {
                return id;
            }
            ok(
                "POST",
                "/v1/trips/cancelTrip",
                json!({"tripId": id, "cancelReason": "again"}),
                &guest.token,
            )
            .await;
        }
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
    panic!("the car {car} never took a request");
}

async fn fixture() -> Fx {
    let admin = admin().await;
    let captain = crate::captains::captain_login("captain@demo.local").await;
    let owner = person(sign_up().await).await;
    let stranger = person(sign_up().await).await;
    let driver = person(verified_guest().await).await;
    let mut used_tokens = Vec::new();
    let guest = person(verified_guest().await).await;
    let o = owner.u.token.clone();

    // Three listed cars of the owner, at a price no other number in an answer shares.
    let mut cars = Vec::new();
    for _ in 0..3 {
        let id = list_to_photos_at(&o, &fresh_vin(), sacramento()).await;
        let (s, b) = section(&o, json!({"sectionName": "finalize"})).await;
        assert_eq!(s, 200, "{b}");
        ok("POST", &format!("/v1/admin/cars/{id}/approve"), json!({}), &admin).await;
        cars.push(id);
    }
    for c in &cars {
        catalog_shows(c, |car| car["dailyPrice"].as_f64() == Some(75.0)).await;
        ok(
            "POST",
            &format!("/v1/host/car-update/updateCarDailyPrice/{c}"),
            json!({"dailyPrice": PRICE}),
            &o,
        )
        .await;
        catalog_shows(c, |car| car["dailyPrice"].as_f64() == Some(113.0)).await;
    }
    // A draft of a fourth.
    let (s, b) = section(&o, sacramento()).await;
    assert_eq!(s, 200, "{b}");
    let draft = b["carId"].as_str().unwrap().to_owned();
    assert!(!cars.contains(&draft), "{b}");

    // One team per permission, each holding one car with one accepted co-host.
    let grants = [
        json!({"full": false, "bookingManagement": true, "pricingAndAvailability": false}),
        json!({"full": false, "bookingManagement": true, "pricingAndAvailability": true}),
        json!({"full": true, "bookingManagement": true, "pricingAndAvailability": true}),
    ];
    let mut teams = Vec::new();
    let mut cohosts = Vec::new();
    let mut peers = Vec::new();
    for (i, grant) in grants.iter().enumerate() {
        let cohost = person(sign_up().await).await;
        let peer = person(sign_up().await).await;
        let b = ok(
            "POST",
            "/v1/cohost/createTeam",
            json!({"teamName": format!("Matrix {i}"), "carIds": [cars[i]], "permissions": grant}),
            &o,
        )
        .await;
        let team = b["data"]["_id"].as_str().unwrap().to_owned();
        ok(
            "POST",
            "/v1/cohost/inviteCoHosts",
            json!({"teamId": team, "coHostEmails": [cohost.u.email, peer.u.email]}),
            &o,
        )
        .await;
        for p in [&cohost, &peer] {
            let b = ok(
                "POST",
                "/v1/cohost/handleCoHostInvite",
                json!({"teamId": team, "action": "accept"}),
                &p.u.token,
            )
            .await;
            assert_eq!(b["data"]["teamStatus"], "active", "{b}");
        }
        teams.push(team);
        cohosts.push(cohost);
        peers.push(peer);
    }

    // Per car: a confirmed trip to come and a completed one; then a request.
    let mut trips = Vec::new();
    let mut done = Vec::new();
    let mut prices = vec![format!("{PRICE}.0")];
    for (i, c) in cars.iter().enumerate() {
        let i = i as i64;
        let b = delivered(&guest.u, c, 30 + 10 * i).await;
        assert_eq!(b["data"]["status"], "confirmed", "{b}");
        let id = b["data"]["tripId"].as_str().unwrap().to_owned();
        prices.push(b["data"]["finalPrice"].to_string());
        if i == 0 {
            join(&guest.u, &driver.u, &id, &mut used_tokens).await;
        }
        trips.push(id);
        let b = book(&guest.u, c, 90 + 10 * i, 92 + 10 * i).await;
        let id = b["data"]["tripId"].as_str().unwrap().to_owned();
        prices.push(b["data"]["finalPrice"].to_string());
        if i == 0 {
            join(&guest.u, &driver.u, &id, &mut used_tokens).await;
        }
        completed_three_hours_late(&guest.u, &o, &id).await;
        done.push(id);
    }
    let mut requests = Vec::new();
    for (i, c) in cars.iter().enumerate() {
        ok(
            "POST",
            &format!("/v1/host/car-update/updateTripPreferences/{c}"),
            json!({"instantBooking": false}),
            &o,
        )
        .await;
        let id = requested(&guest.u, c, 60 + 10 * i as i64).await;
        if i == 0 {
            join(&guest.u, &driver.u, &id, &mut used_tokens).await;
        }
        requests.push(id);
    }

    // The confirmed trips' rooms, each with a message of the guest.
    let mut sides = Vec::new();
    for (i, (cohost, peer)) in cohosts.into_iter().zip(peers).enumerate() {
        let b = ok(
            "POST",
            "/v1/trips/updateCustomAvailabilityForHost",
            json!({"action": "add", "customAvailability": [{"carId": cars[i],
                   "startDate": day(200 + 3 * i as i64), "endDate": day(201 + 3 * i as i64),
                   "reason": "Owner's"}]}),
            &o,
        )
        .await;
        let block = b["data"]
            .as_array()
            .unwrap()
            .iter()
            .find(|k| k["carIds"].as_array().is_some_and(|c| c.iter().any(|c| *c == cars[i])))
            .expect("the owner's block")["_id"]
            .as_str()
            .unwrap()
            .to_owned();
        let trip = trips[i].clone();
        let rooms = until("/v1/chat/rooms?userType=host&limit=50&currentPage=1", &o, |s, b| {
            s == 200
                && b["chatboxes"].as_array().is_some_and(|l| l.iter().any(|r| r["tripId"] == trip))
        })
        .await;
        let room = rooms["chatboxes"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["tripId"] == trip)
            .unwrap()["id"]
            .as_str()
            .unwrap()
            .to_owned();
        let b = ok(
            "POST",
            "/v1/chat/sendmessage",
            json!({"roomId": room, "message": "Hello from the guest", "senderType": "guest"}),
            &guest.u.token,
        )
        .await;
        let message = b["messageId"].as_str().expect("messageId").to_owned();
        // Trips learns the team from hosting's event: wait until the co-host reads the trips.
        until(&format!("/v1/trips/getTrip/{trip}"), &cohost.u.token, |s, _| s == 200).await;
        until(&format!("/v1/trips/getTrip/{}", requests[i]), &cohost.u.token, |s, _| s == 200)
            .await;
        until(&format!("/v1/trips/getTrip/{}", done[i]), &cohost.u.token, |s, _| s == 200).await;
        // Captains make the delivery's tasks from the booking's event.
        until(&format!("/v1/trips/getDeliveryTasks/{trip}"), &guest.u.token, |s, b| {
            s == 200 && b["data"].as_array().is_some_and(|l| !l.is_empty())
        })
        .await;
        sides.push(Side {
            cohost,
            peer,
            block,
            car: cars[i].clone(),
            team: teams[i].clone(),
            trip,
            requested: requests[i].clone(),
            done: done[i].clone(),
            room,
            message,
        });
    }

    // A pending incidental of the first completed trip, and both reviews of it (published,
    // the guest's becomes a rating of the car the owner may answer).
    let b = ok(
        "POST",
        &format!("/v1/trips/addIncidentals/{}", done[0]),
        json!({"incidentals": [{"type": "smoking"}]}),
        &o,
    )
    .await;
    let incidental = b["data"]["incidentals"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["type"] == "smoking")
        .expect("the smoking incidental")["_id"]
        .as_str()
        .unwrap()
        .to_owned();
    ok(
        "POST",
        &format!("/v1/trips/reviewTrip/{}", done[0]),
        json!({"stars": 5, "review": "Spotless car"}),
        &guest.u.token,
    )
    .await;
    ok(
        "POST",
        &format!("/v1/trips/reviewTrip/{}", done[0]),
        json!({"stars": 5, "review": "A careful guest"}),
        &o,
    )
    .await;
    let ratings = until(&format!("/v1/cars/getRatings/{}", cars[0]), &o, |s, b| {
        s == 200 && b["data"]["reviews"].as_array().is_some_and(|l| !l.is_empty())
    })
    .await;
    let rating = ratings["data"]["reviews"][0]["ratingId"].as_str().unwrap().to_owned();

    // The agreement token of the second side's trip (made on the host's first read).
    let b = ok("GET", &format!("/v1/trips/getRentalAgreement/{}", trips[1]), Value::Null, &o).await;
    let agreement_token = b["data"]["agreementToken"].as_str().expect("agreementToken").to_owned();
    // A pending invitation of the driver to the second car's trip.
    let invitation = invite(&guest.u, &driver.u, &trips[1], &mut used_tokens).await;

    // The owner's support ticket, templates and private file.
    let b = ok(
        "POST",
        "/v1/admin/tasks",
        json!({"title": "My payout", "description": "Where is it?"}),
        &o,
    )
    .await;
    let ticket = b["data"]["_id"].as_str().unwrap().to_owned();
    let mut templates = Vec::new();
    for name in ["Keys", "Farewell"] {
        let b = ok(
            "POST",
            "/v1/scheduledMessage/createTemplate",
            json!({"name": name, "message": "The keys are in the lockbox.", "trigger": "trip_started"}),
            &o,
        )
        .await;
        templates.push(b["data"]["_id"].as_str().unwrap().to_owned());
    }
    let (s, b) = crate::upload_doc(&o, "selfie").await;
    assert_eq!(s, 200, "{b}");
    let docs = ok("GET", "/v1/users/driverDocuments", Value::Null, &o).await;
    let doc_key = docs["selfieStorageKey"].as_str().unwrap().to_owned();

    // One of the demo captain's tasks (the demo delivery trips give them some every day).
    let mut task = None;
    for d in [0, -1, 1, 2] {
        let b = ok("GET", &format!("/v1/tasks?date={}", day(d)), Value::Null, &captain).await;
        if let Some(id) = b["data"][0]["taskId"].as_str() {
            task = Some(id.to_owned());
            break;
        }
    }

    Fx {
        owner,
        guest,
        stranger,
        driver,
        admin,
        captain,
        sides,
        draft,
        ticket,
        template: templates[0].clone(),
        doomed_template: templates[1].clone(),
        task: task.expect("a task of the demo captain"),
        doc_key,
        rating,
        incidental,
        prices,
        agreement_token,
        invitation,
        photo: Vec::new(),
    }
}

/// The object a write may have changed, read by someone who may read it.
async fn snapshot(fx: &Fx, snap: Snap, side: &Side) -> Value {
    let o = fx.owner.u.token.as_str();
    let (path, token) = match snap {
        Snap::Nothing => return Value::Null,
        Snap::Outbox => (format!("/v1/dev/outbox?to={}", urlencode(&fx.owner.u.email)), o),
        Snap::Ratings => (format!("/v1/cars/getRatings/{}", fx.sides[0].car), o),
        Snap::Trip => (format!("/v1/trips/getTrip/{}", side.trip), o),
        Snap::Requested => (format!("/v1/trips/getTrip/{}", side.requested), o),
        Snap::Done => (format!("/v1/trips/getTripIssueCharges/{}", side.done), o),
        Snap::Car => (format!("/v1/host/carListing/car/{}", side.car), o),
        Snap::Draft => (format!("/v1/host/carListing/car/{}", fx.draft), o),
        Snap::Team => (format!("/v1/cohost/getTeamById/{}", side.team), o),
        Snap::Template => (format!("/v1/scheduledMessage/getTemplate/{}", fx.template), o),
        Snap::Doomed => (format!("/v1/scheduledMessage/getTemplate/{}", fx.doomed_template), o),
        Snap::Invited => (format!("/v1/trips/getTrip/{}", fx.sides[1].trip), o),
        Snap::Ticket => (format!("/v1/admin/tasks/{}", fx.ticket), fx.admin.as_str()),
        Snap::TicketMessages => (format!("/v1/admin/tasks/{}/messages", fx.ticket), o),
        Snap::Room => (format!("/v1/chat/getmessages?roomId={}&userType=host", side.room), o),
        Snap::Blocks => ("/v1/trips/getCustomAvailabilityForHost".to_owned(), o),
        Snap::Standing => (format!("/v1/admin/users/{}", fx.owner.u.id), fx.admin.as_str()),
        Snap::Task => (format!("/v1/captains/tasks/{}", fx.task), fx.captain.as_str()),
        Snap::Incidentals => (format!("/v1/trips/getIncidentals/{}?role=host", side.done), o),
        Snap::Reviews => (format!("/v1/trips/getTripReviews/{}", side.done), o),
    };
    let (s, mut b) = send("GET", &r(path), Some(token)).await;
    if let Snap::Task = snap {
        // What the captain is told of the time left moves with the clock.
        for k in ["etaPickup", "etaDelivery", "late"] {
            if let Some(m) = b["data"].as_object_mut() {
                m.remove(k);
            }
        }
    }
    json!({"status": s, "body": b})
}

#[derive(Default)]
struct Tally {
    /// Refusals of a stranger compared with the answer for ids that do not exist.
    unknown: usize,
    refused: usize,
    allowed: usize,
    unchanged: usize,
    failures: Vec<String>,
}

fn is_error_shape(b: &Value) -> bool {
    b.as_object().is_some_and(|m| {
        m.len() == 2
            && m["error"].as_str().is_some_and(|e| !e.is_empty())
            && m["message"].is_string()
    })
}

async fn run(fx: &Fx, row: &Row, t: &mut Tally) {
    let label = format!("{} {}", row.method, row.path);
    let refused: Vec<Actor> =
        ACTORS.into_iter().filter(|a| matches!(expect(row, *a), Exp::Refuse(..))).collect();
    let allowed: Vec<Actor> = ACTORS
        .into_iter()
        .filter(|a| matches!(expect(row, *a), Exp::Allow))
        .filter(|a| row.write.as_ref().is_none_or(|w| w.probe.contains(a)))
        .collect();
    let sides: BTreeSet<usize> = refused.iter().map(|a| Fx::side_index(*a)).collect();
    let mut before = Vec::new();
    if let Some(w) = &row.write {
        for i in &sides {
            before.push(snapshot(fx, w.snap, &fx.sides[*i]).await);
        }
    }
    for a in refused {
        let Exp::Refuse(status, code) = expect(row, a) else { unreachable!() };
        let req = (row.build)(fx, a);
        let (s, b) = send(row.method, &req, fx.token(a)).await;
        t.refused += 1;
        let sent = format!("{}{}", req.path, req.body);
        let text = b.to_string();
        if s != status || (!code.is_empty() && b["error"] != code) {
            t.failures.push(format!("{label} as {a:?}: wanted {status} {code}, got {s} {b}"));
        } else if !is_error_shape(&b) {
            t.failures.push(format!("{label} as {a:?}: a refusal is {{error, message}}: {b}"));
        }
        for secret in fx.secrets(a) {
            if !sent.contains(&secret) && text.contains(&secret) {
                t.failures.push(format!("{label} as {a:?}: the refusal leaks {secret:?}: {b}"));
            }
        }
    }
    // Where existence is hidden (a stranger's 404), the same call with ids nobody has must
    // answer the same, message included.
    if let Exp::Refuse(404, _) = expect(row, Stranger) {
        let req = (row.build)(fx, Stranger);
        let mut path = req.path.clone();
        let mut body = req.body.to_string();
        for id in fx.object_ids() {
            let fresh = uuid::Uuid::now_v7().to_string();
            path = path.replace(&id, &fresh);
            body = body.replace(&id, &fresh);
        }
        let made_up = Req { path, body: serde_json::from_str(&body).unwrap() };
        let (s1, b1) = send(row.method, &req, fx.token(Stranger)).await;
        let (s2, b2) = send(row.method, &made_up, fx.token(Stranger)).await;
        t.unknown += 1;
        if (s1, &b1["error"], &b1["message"]) != (s2, &b2["error"], &b2["message"]) {
            t.failures.push(format!(
                "{label}: a stranger tells an object that exists ({s1} {b1}) from one that does \
                 not ({s2} {b2})"
            ));
        }
    }
    if let Some(w) = &row.write {
        for (i, was) in sides.iter().zip(before) {
            let now = snapshot(fx, w.snap, &fx.sides[*i]).await;
            t.unchanged += 1;
            if now != was {
                t.failures.push(format!(
                    "{label}: a refused call changed {:?} of side {i}:\nbefore {was}\nafter  {now}",
                    w.snap
                ));
            }
        }
    }
    for a in allowed {
        let req = (row.build)(fx, a);
        let (s, b) = send(row.method, &req, fx.token(a)).await;
        t.allowed += 1;
        if s >= 500 || matches!(s, 401 | 403 | 404) {
            t.failures.push(format!("{label} as {a:?}: allowed, but got {s} {b}"));
        } else if a == Driver {
            // An added driver sees no money (docs/API.md, additional drivers).
            let text = b.to_string();
            for price in fx.prices.iter().filter(|p| p.contains('.')) {
                if text.contains(price.as_str()) {
                    t.failures
                        .push(format!("{label} as {a:?}: the driver sees the price {price}: {b}"));
                }
            }
        } else if row.caller_scoped && a != Owner {
            let sent = format!("{}{}", req.path, req.body);
            let text = b.to_string();
            for secret in fx.secrets(a) {
                if !sent.contains(&secret) && text.contains(&secret) {
                    t.failures.push(format!("{label} as {a:?}: the answer leaks {secret:?}: {b}"));
                }
            }
        }
    }
}

#[tokio::test]
async fn every_object_operation_refuses_whom_it_must_and_leaks_nothing() {
    let started = std::time::Instant::now();
    let mut fx = fixture().await;
    for a in SIGNED_IN {
        let p = crate::trips::upload_photo(fx.token(a).unwrap()).await;
        fx.photo.push((a, p));
    }
    eprintln!("authz fixture ready in {:?}", started.elapsed());
    let mut t = Tally::default();
    let rows = rows();
    for row in &rows {
        run(&fx, row, &mut t).await;
    }
    eprintln!(
        "authz matrix: {} operations, {} refused cells, {} allowed cells called, {} objects re-read \
         unchanged, {} stranger refusals compared with made-up ids, in {:?}",
        rows.len(),
        t.refused,
        t.allowed,
        t.unchanged,
        t.unknown,
        started.elapsed()
    );
    assert!(t.failures.is_empty(), "{} failures:\n{}", t.failures.len(), t.failures.join("\n"));
}
