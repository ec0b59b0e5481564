//! The edge's vocabulary: how `/v1` reads requests and writes money.
//!
//! The spec's clients send loose values: numbers as strings (`"age": "36"`), strings as numbers
//! (`"zip": 94538`), flags as text (`"isDelivery": "true"`) and money in dollars (`"$12.50"`).
//! Request bodies and queries are `#[derive(Deserialize)]` structs whose fields use the small
//! tolerant types of this module, so each looseness is accepted in one place, and a value that
//! is not even loosely right is a 400 naming its field (`age: must be a whole number`).
//! [`Json`] and [`Query`] are the extractors that produce those 400s.
//!
//! Every type here also describes itself to the OpenAPI document ([`utoipa::ToSchema`]), so the
//! document says what the server really accepts.

use crate::error::{GatewayError, HttpError};
use actix_web::dev::Payload;
use actix_web::mime;
use actix_web::{FromRequest, HttpRequest, web};
use futures::StreamExt;
use futures::future::LocalBoxFuture;
use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::fmt;
use utoipa::openapi::schema::{ObjectBuilder, Schema, SchemaType, Type};
use utoipa::openapi::{RefOr, schema};

// ---------------------------------------------------------------------------------------------
// Money

/// The most a money field may say: $10 million (no trip, fee or payout comes near it; a larger
/// number is a typo or a probe).
pub const MAX_DOLLARS: f64 = 10_000_000.0;

/// Cents as dollars, the way every answer writes money (`12.5` for 1250 cents).
pub fn dollars(cents: i64) -> f64 {
    (cents as f64) / 100.0
}

/// Dollars (from a client) as cents, rounded to the nearest cent; `None` when out of range.
fn cents_of(d: f64) -> Option<i64> {
    (d.is_finite() && (0.0..=MAX_DOLLARS).contains(&d)).then(|| (d * 100.0).round() as i64)
}

// ---------------------------------------------------------------------------------------------
// Loose scalars

/// A text field, trimmed. A number is taken as its text and a flag as `true`/`false`; absent or
/// `null` is empty. Arrays and objects are refused.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Text(pub String);

impl Text {
    /// The text.
    pub fn into_string(self) -> String {
        self.0
    }
    /// The text, borrowed.
    pub fn as_str(&self) -> &str {
        &self.0
    }
    /// Whether nothing was sent.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl From<Text> for String {
    fn from(t: Text) -> Self {
        t.0
    }
}

/// A text field passed on exactly as sent (not trimmed): passwords, where every character
/// counts and the service owning the rule decides.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct Verbatim(pub String);

impl fmt::Debug for Verbatim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Passwords ride in this type: never print them.
        f.write_str("Verbatim(..)")
    }
}

impl From<Verbatim> for String {
    fn from(t: Verbatim) -> Self {
        t.0
    }
}

/// A whole number, from a number or its text; absent, `null` or empty text is `None`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Int(pub Option<i32>);

impl Int {
    /// The number, or `default` when none was sent.
    pub fn or(self, default: i32) -> i32 {
        self.0.unwrap_or(default)
    }
}

/// A decimal number, from a number or its text; absent, `null` or empty text is `None`.
/// Not-a-number and infinities are refused.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Number(pub Option<f64>);

/// A yes/no field: `true`, `"true"`, `"1"`, `"yes"` and `1` are yes; `false`, `"false"`, `"0"`,
/// `"no"`, `0`, empty text, `null` and absent are no.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Flag(pub bool);

/// An amount in dollars (`12.5`, `"12.50"`, `"$12.50"`), held as cents, from $0 to
/// [`MAX_DOLLARS`]; absent, `null` or empty text is `None`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Dollars(pub Option<i64>);

/// What a loose scalar was sent as, before it is read as the field's type.
enum Scalar<'a> {
    Absent,
    Text(Cow<'a, str>),
    Int(i128),
    Float(f64),
    Bool(bool),
}

struct ScalarVisitor(&'static str);

impl<'de> Visitor<'de> for ScalarVisitor {
    type Value = Scalar<'de>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
    fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(Scalar::Absent)
    }
    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(Scalar::Absent)
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_any(self)
    }
    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Self::Value, E> {
        Ok(Scalar::Bool(v))
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Self::Value, E> {
        Ok(Scalar::Int(v.into()))
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Self::Value, E> {
        Ok(Scalar::Int(v.into()))
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Self::Value, E> {
        Ok(Scalar::Float(v))
    }
    fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Self::Value, E> {
        Ok(Scalar::Text(Cow::Borrowed(v)))
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
        Ok(Scalar::Text(Cow::Owned(v.to_owned())))
    }
    fn visit_string<E: de::Error>(self, v: String) -> Result<Self::Value, E> {
        Ok(Scalar::Text(Cow::Owned(v)))
    }
}

fn scalar<'de, D: Deserializer<'de>>(d: D, what: &'static str) -> Result<Scalar<'de>, D::Error> {
    d.deserialize_any(ScalarVisitor(what))
}

impl<'de> Deserialize<'de> for Text {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(Text(match scalar(d, "text")? {
            Scalar::Absent => String::new(),
            Scalar::Text(s) => s.trim().to_owned(),
            Scalar::Int(n) => n.to_string(),
            Scalar::Float(f) => f.to_string(),
            Scalar::Bool(b) => b.to_string(),
        }))
    }
}

impl<'de> Deserialize<'de> for Verbatim {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(Verbatim(match scalar(d, "text")? {
            Scalar::Absent => String::new(),
            Scalar::Text(s) => s.into_owned(),
            Scalar::Int(n) => n.to_string(),
            Scalar::Float(f) => f.to_string(),
            Scalar::Bool(b) => b.to_string(),
        }))
    }
}

impl<'de> Deserialize<'de> for Int {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let bad = || de::Error::custom("must be a whole number");
        let n: i128 = match scalar(d, "a whole number")? {
            Scalar::Absent => return Ok(Int(None)),
            Scalar::Text(s) if s.trim().is_empty() => return Ok(Int(None)),
            Scalar::Text(s) => s.trim().parse().map_err(|_| bad())?,
            Scalar::Int(n) => n,
            Scalar::Float(f) if f.fract() == 0.0 && f.abs() < 1e15 => f as i128,
            Scalar::Float(_) | Scalar::Bool(_) => return Err(bad()),
        };
        i32::try_from(n).map(|n| Int(Some(n))).map_err(|_| bad())
    }
}

impl<'de> Deserialize<'de> for Number {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let bad = || de::Error::custom("must be a number");
        let f: f64 = match scalar(d, "a number")? {
            Scalar::Absent => return Ok(Number(None)),
            Scalar::Text(s) if s.trim().is_empty() => return Ok(Number(None)),
            Scalar::Text(s) => s.trim().parse().map_err(|_| bad())?,
            Scalar::Int(n) => n as f64,
            Scalar::Float(f) => f,
            Scalar::Bool(_) => return Err(bad()),
        };
        if f.is_finite() { Ok(Number(Some(f))) } else { Err(bad()) }
    }
}

impl<'de> Deserialize<'de> for Flag {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let bad = || de::Error::custom("must be true or false");
        Ok(Flag(match scalar(d, "true or false")? {
            Scalar::Absent => false,
            Scalar::Bool(b) => b,
            Scalar::Int(1) => true,
            Scalar::Int(0) => false,
            Scalar::Text(s) => match s.trim().to_ascii_lowercase().as_str() {
                "true" | "1" | "yes" => true,
                "false" | "0" | "no" | "" => false,
                _ => return Err(bad()),
            },
            Scalar::Int(_) | Scalar::Float(_) => return Err(bad()),
        }))
    }
}

impl<'de> Deserialize<'de> for Dollars {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let bad = || de::Error::custom("must be an amount in dollars");
        let amount: f64 = match scalar(d, "an amount in dollars")? {
            Scalar::Absent => return Ok(Dollars(None)),
            Scalar::Text(s) if s.trim().is_empty() => return Ok(Dollars(None)),
            Scalar::Text(s) => s.trim().trim_start_matches('$').parse().map_err(|_| bad())?,
            Scalar::Int(n) => n as f64,
            Scalar::Float(f) => f,
            Scalar::Bool(_) => return Err(bad()),
        };
        cents_of(amount).map(|c| Dollars(Some(c))).ok_or_else(bad)
    }
}

/// A list of texts: a JSON array (each item read as [`Text`]), or one string holding the items
/// separated by commas (`"a@x.com, b@x.com"`). Empty items are dropped; absent or `null` is
/// empty.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Texts(pub Vec<String>);

impl Texts {
    /// The items.
    pub fn into_vec(self) -> Vec<String> {
        self.0
    }
}

struct TextsVisitor;

impl<'de> Visitor<'de> for TextsVisitor {
    type Value = Texts;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a list of texts, or one text with the items separated by commas")
    }
    fn visit_none<E: de::Error>(self) -> Result<Texts, E> {
        Ok(Texts::default())
    }
    fn visit_unit<E: de::Error>(self) -> Result<Texts, E> {
        Ok(Texts::default())
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Texts, D::Error> {
        d.deserialize_any(self)
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Texts, E> {
        Ok(Texts(
            v.split(',').map(str::trim).filter(|s| !s.is_empty()).map(str::to_owned).collect(),
        ))
    }
    fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<Texts, A::Error> {
        let mut out = Vec::new();
        while let Some(t) = seq.next_element::<Text>()? {
            if !t.is_empty() {
                out.push(t.0);
            }
        }
        Ok(Texts(out))
    }
}

impl<'de> Deserialize<'de> for Texts {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(TextsVisitor)
    }
}

// ---------------------------------------------------------------------------------------------
// One parameter, several names

/// A loose value that was sent or not (empty text and absent numbers were not).
pub trait Sent: PartialEq {
    /// Whether the client sent something.
    fn is_sent(&self) -> bool;
}

impl Sent for Text {
    fn is_sent(&self) -> bool {
        !self.0.is_empty()
    }
}

impl Sent for Int {
    fn is_sent(&self) -> bool {
        self.0.is_some()
    }
}

impl Sent for Number {
    fn is_sent(&self) -> bool {
        self.0.is_some()
    }
}

impl Sent for Dollars {
    fn is_sent(&self) -> bool {
        self.0.is_some()
    }
}

/// One parameter the spec's calls send under different names (`sortBy` and `sortOrder`,
/// `fromDate` and `newStartDate`): whichever was sent. Several names sent with the same value
/// are that value; with different values the request is refused (`conflicting_parameters`),
/// since nobody can tell which one the client meant. (Serde aliases would refuse any two.)
pub fn one_of<T: Sent + Default, const N: usize>(
    named: [(&'static str, T); N],
) -> Result<T, HttpError> {
    let mut chosen: Option<(&'static str, T)> = None;
    for (name, value) in named {
        if !value.is_sent() {
            continue;
        }
        match &chosen {
            Some((first, v)) if *v != value => {
                return Err(GatewayError::ConflictingParameters(first, name).into());
            }
            Some(_) => {}
            None => chosen = Some((name, value)),
        }
    }
    Ok(chosen.map(|(_, v)| v).unwrap_or_default())
}

// ---------------------------------------------------------------------------------------------
// Places and extras

/// A place: `{latitude, longitude}`, `{lat, lng}` or GeoJSON `{coordinates: [lng, lat]}`, with
/// an optional `address` (text, or `{street, city, state, zip}` joined with commas).
#[derive(Debug, Clone, PartialEq)]
pub struct Point {
    pub latitude: f64,
    pub longitude: f64,
    pub address: String,
}

/// A place field; absent, `null`, empty text or `{}` is `None`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Place(pub Option<Point>);

#[derive(Deserialize, Default)]
#[serde(default)]
struct PlaceIn {
    latitude: Number,
    #[serde(rename = "lat")]
    lat_short: Number,
    longitude: Number,
    #[serde(rename = "lng")]
    lng_short: Number,
    coordinates: Option<Vec<Number>>,
    address: Option<AddressIn>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum AddressIn {
    Line(Text),
    Parts {
        #[serde(default)]
        street: Text,
        #[serde(default)]
        city: Text,
        #[serde(default)]
        state: Text,
        #[serde(default)]
        zip: Text,
    },
}

#[derive(Deserialize)]
#[serde(untagged)]
enum PlaceWire {
    // Only which variant matched matters.
    #[allow(dead_code)]
    Empty(Option<EmptyText>),
    Place(PlaceIn),
}

/// Empty text, which some clients send for "no place".
struct EmptyText;

impl<'de> Deserialize<'de> for EmptyText {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        if s.trim().is_empty() {
            Ok(EmptyText)
        } else {
            Err(de::Error::custom("a place is an object"))
        }
    }
}

const PLACE_NEEDS: &str = "needs latitude and longitude (or coordinates [longitude, latitude])";

impl<'de> Deserialize<'de> for Place {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let p = match PlaceWire::deserialize(d).map_err(|_| de::Error::custom(PLACE_NEEDS))? {
            PlaceWire::Empty(_) => return Ok(Place(None)),
            PlaceWire::Place(p) => p,
        };
        let (lat, lng) = match &p.coordinates {
            Some(c) => (c.get(1).and_then(|n| n.0), c.first().and_then(|n| n.0)),
            None => (p.latitude.0.or(p.lat_short.0), p.longitude.0.or(p.lng_short.0)),
        };
        let address = match p.address {
            None => String::new(),
            Some(AddressIn::Line(t)) => t.0,
            Some(AddressIn::Parts { street, city, state, zip }) => [street, city, state, zip]
                .into_iter()
                .map(|t| t.0)
                .filter(|s| !s.is_empty())
                .collect::<Vec<_>>()
                .join(", "),
        };
        let nothing_sent = p.coordinates.is_none() && lat.is_none() && lng.is_none();
        match (lat, lng) {
            (Some(latitude), Some(longitude)) => {
                Ok(Place(Some(Point { latitude, longitude, address })))
            }
            // `{}` (or only an address with no position): no place.
            _ if nothing_sent && address.is_empty() => Ok(Place(None)),
            _ => Err(de::Error::custom(PLACE_NEEDS)),
        }
    }
}

/// A chosen extra: `{extraType, extraId, quantity}` (quantity 1 when absent), or a bare string
/// naming the extra.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Extra {
    pub id: String,
    pub kind: String,
    pub quantity: i32,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum ExtraWire {
    Name(String),
    Full {
        #[serde(default, rename = "extraId")]
        id: Text,
        #[serde(default, rename = "extraType")]
        kind: Text,
        #[serde(default)]
        quantity: Int,
    },
}

/// The `extras` list; absent or `null` is empty.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Extras(pub Vec<Extra>);

impl<'de> Deserialize<'de> for Extras {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let items = Option::<Vec<ExtraWire>>::deserialize(d)
            .map_err(|_| de::Error::custom("must be a list of {extraType, extraId, quantity}"))?;
        Ok(Extras(
            items
                .unwrap_or_default()
                .into_iter()
                .map(|x| match x {
                    ExtraWire::Name(s) => Extra { id: s.clone(), kind: s, quantity: 1 },
                    ExtraWire::Full { id, kind, quantity } => {
                        Extra { id: id.0, kind: kind.0, quantity: quantity.or(1) }
                    }
                })
                .collect(),
        ))
    }
}

// ---------------------------------------------------------------------------------------------
// Writing the loose types back (the OpenAPI document shows their defaults)

impl Serialize for Text {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.0)
    }
}

impl Serialize for Verbatim {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        // Never a password back out: the document only shows the empty default.
        s.serialize_str(if self.0.is_empty() { "" } else { "***" })
    }
}

impl Serialize for Int {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(s)
    }
}

impl Serialize for Number {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(s)
    }
}

impl Serialize for Flag {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bool(self.0)
    }
}

impl Serialize for Dollars {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.map(dollars).serialize(s)
    }
}

impl Serialize for Texts {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(s)
    }
}

impl Serialize for Place {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        match &self.0 {
            None => s.serialize_none(),
            Some(p) => {
                let mut m = s.serialize_map(Some(3))?;
                m.serialize_entry("latitude", &p.latitude)?;
                m.serialize_entry("longitude", &p.longitude)?;
                m.serialize_entry("address", &p.address)?;
                m.end()
            }
        }
    }
}

impl Serialize for Extras {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::{SerializeMap, SerializeSeq};
        struct One<'a>(&'a Extra);
        impl Serialize for One<'_> {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let mut m = s.serialize_map(Some(3))?;
                m.serialize_entry("extraId", &self.0.id)?;
                m.serialize_entry("extraType", &self.0.kind)?;
                m.serialize_entry("quantity", &self.0.quantity)?;
                m.end()
            }
        }
        let mut seq = s.serialize_seq(Some(self.0.len()))?;
        for e in &self.0 {
            seq.serialize_element(&One(e))?;
        }
        seq.end()
    }
}

// ---------------------------------------------------------------------------------------------
// Schemas of the loose types

fn loose(types: &[Type], description: &str) -> RefOr<Schema> {
    ObjectBuilder::new()
        .schema_type(SchemaType::Array(types.to_vec()))
        .description(Some(description))
        .into()
}

macro_rules! schema_of {
    ($ty:ty, $name:literal, $body:expr) => {
        impl utoipa::PartialSchema for $ty {
            fn schema() -> RefOr<Schema> {
                $body
            }
        }
        impl utoipa::ToSchema for $ty {
            fn name() -> Cow<'static, str> {
                Cow::Borrowed($name)
            }
        }
    };
}

schema_of!(
    Text,
    "Text",
    loose(
        &[Type::String, Type::Number, Type::Boolean, Type::Null],
        "Text; numbers are read as their text"
    )
);
schema_of!(Verbatim, "Verbatim", loose(&[Type::String, Type::Null], "Text, taken exactly as sent"));
schema_of!(
    Int,
    "Int",
    loose(&[Type::Integer, Type::String, Type::Null], "A whole number, or its text")
);
schema_of!(
    Number,
    "Number",
    loose(&[Type::Number, Type::String, Type::Null], "A number, or its text")
);
schema_of!(
    Flag,
    "Flag",
    loose(
        &[Type::Boolean, Type::String, Type::Integer, Type::Null],
        "true/false, \"true\"/\"false\", \"yes\"/\"no\", 1/0"
    )
);
schema_of!(
    Dollars,
    "Dollars",
    loose(&[Type::Number, Type::String, Type::Null], "US dollars: 12.5, \"12.50\" or \"$12.50\"")
);
/// A schema of one JSON type.
fn of_type(t: Type) -> ObjectBuilder {
    ObjectBuilder::new().schema_type(t)
}

// The tolerant types below are unions of whole schemas (`oneOf`), each branch saying what it
// holds (an array its items, an object its properties), so that generators of clients in other
// languages read them.
schema_of!(
    Texts,
    "Texts",
    schema::OneOfBuilder::new()
        .item(schema::ArrayBuilder::new().items(Text::schema_ref()))
        .item(of_type(Type::String))
        // No null branch: an optional list says null itself (`oneOf [Texts, null]`), and a
        // branch in both would match null twice. A null where a list is expected reads as none.
        .description(Some("A list of texts, or one text with the items separated by commas"))
        .into()
);
/// A place's address given as an object (its schema: [`Place`]'s reader takes it).
#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
struct PlaceAddress {
    street: Text,
    city: Text,
    state: Text,
    zip: Text,
}

impl utoipa::PartialSchema for Place {
    fn schema() -> RefOr<Schema> {
        schema::OneOfBuilder::new()
            .item(
                of_type(Type::Object)
                    .property("latitude", Number::schema_ref())
                    .property("longitude", Number::schema_ref())
                    .property("lat", Number::schema_ref())
                    .property("lng", Number::schema_ref())
                    .property(
                        "coordinates",
                        schema::ArrayBuilder::new()
                            .items(Number::schema_ref())
                            .min_items(Some(2))
                            .max_items(Some(2)),
                    )
                    .property(
                        "address",
                        schema::OneOfBuilder::new()
                            .item(of_type(Type::String))
                            .item(schema::Ref::from_schema_name("PlaceAddress")),
                    ),
            )
            .item(of_type(Type::String))
            .item(of_type(Type::Null))
            .description(Some(
                "{latitude, longitude}, {lat, lng} or {coordinates: [longitude, latitude]}, with an optional address (text or {street, city, state, zip})",
            ))
            .into()
    }
}

impl utoipa::ToSchema for Place {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("Place")
    }
    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        use utoipa::PartialSchema;
        schemas.push(("PlaceAddress".to_owned(), PlaceAddress::schema()));
    }
}
schema_of!(
    Extras,
    "Extras",
    schema::ArrayBuilder::new()
        .items(
            schema::OneOfBuilder::new()
                .item(
                    of_type(Type::Object)
                        .property("extraId", Text::schema_ref())
                        .property("extraType", Text::schema_ref())
                        .property("quantity", Int::schema_ref())
                )
                .item(of_type(Type::String))
        )
        .description(Some("Chosen extras; a bare string names the extra"))
        .into()
);

/// A `$ref` to a loose type's schema (inlined: they are small).
trait SchemaRef {
    fn schema_ref() -> RefOr<Schema>;
}

impl<T: utoipa::PartialSchema> SchemaRef for T {
    fn schema_ref() -> RefOr<Schema> {
        T::schema()
    }
}

// ---------------------------------------------------------------------------------------------
// Extractors

/// The JSON body limit (`limits.json_body_bytes`), as app data.
#[derive(Debug, Clone, Copy)]
pub struct BodyLimit(pub usize);

/// A JSON request body read into `T`. An empty body reads as `{}` (every body struct has
/// defaults, and the spec's clients post some actions with no body). The 400s name the field.
#[derive(Debug)]
pub struct Json<T>(pub T);

impl<T> Json<T> {
    /// The body.
    pub fn into_inner(self) -> T {
        self.0
    }
}

impl<T> std::ops::Deref for Json<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

fn is_json(req: &HttpRequest) -> bool {
    req.headers()
        .get(actix_web::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<mime::Mime>().ok())
        .is_some_and(|m| m.subtype() == mime::JSON || m.suffix() == Some(mime::JSON))
}

/// Whether a JSON document holds a NUL character in a string (`\u0000`: a NUL byte itself is
/// not JSON). An escaped backslash before `u0000` is text, not the escape.
fn json_has_nul(bytes: &[u8]) -> bool {
    bytes.windows(6).enumerate().any(|(i, w)| {
        w == b"\\u0000" && bytes[..i].iter().rev().take_while(|b| **b == b'\\').count() % 2 == 0
    })
}

/// Reads a JSON document into `T`, naming the field of a bad value. Text with a NUL character
/// is refused: no store of ours takes it (Postgres text cannot hold one). Every text is
/// cleaned of hidden characters first (`crate::text`, the product's one rule for them).
pub fn from_json<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Result<T, HttpError> {
    let bytes: &[u8] = if bytes.iter().all(u8::is_ascii_whitespace) { b"{}" } else { bytes };
    if json_has_nul(bytes) {
        return Err(GatewayError::InvalidBody(
            "Invalid JSON body: text must not contain a NUL character (\\u0000)".into(),
        )
        .into());
    }
    let cleaned;
    let bytes: &[u8] = match cleaned_json(bytes) {
        Some(c) => {
            cleaned = c;
            &cleaned
        }
        None => bytes,
    };
    let mut de = serde_json::Deserializer::from_slice(bytes);
    let value = serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let path = e.path().to_string();
        let inner = e.into_inner();
        let text = if inner.is_data() && path != "." {
            format!("{path}: {}", strip_position(&inner.to_string()))
        } else {
            format!("Invalid JSON body: {inner}")
        };
        HttpError::from(GatewayError::InvalidBody(text))
    })?;
    de.end().map_err(|e| GatewayError::InvalidBody(format!("Invalid JSON body: {e}")))?;
    Ok(value)
}

/// The document again with its texts cleaned, when it may hold a hidden character; `None`
/// when there is nothing to clean (or it is not JSON, which the reading then says).
fn cleaned_json(bytes: &[u8]) -> Option<Vec<u8>> {
    if !crate::text::json_may_need_cleaning(bytes) {
        return None;
    }
    let mut v: serde_json::Value = serde_json::from_slice(bytes).ok()?;
    crate::text::clean_json(&mut v);
    serde_json::to_vec(&v).ok()
}

/// serde_json appends " at line 1 column 12" to data errors; the field path says more.
fn strip_position(s: &str) -> &str {
    s.rfind(" at line ").map_or(s, |i| &s[..i])
}

impl<T: serde::de::DeserializeOwned + 'static> FromRequest for Json<T> {
    type Error = HttpError;
    type Future = LocalBoxFuture<'static, Result<Self, HttpError>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let limit = req.app_data::<BodyLimit>().map_or(256 * 1024, |l| l.0);
        let json = is_json(req);
        let declared = req
            .headers()
            .get(actix_web::http::header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse::<usize>().ok());
        let mut payload = payload.take();
        Box::pin(async move {
            if declared.is_some_and(|n| n > limit) {
                return Err(GatewayError::PayloadTooLarge.into());
            }
            let mut body = web::BytesMut::new();
            while let Some(chunk) = payload.next().await {
                let chunk = chunk.map_err(|e| GatewayError::InvalidBody(e.to_string()))?;
                if body.len() + chunk.len() > limit {
                    return Err(GatewayError::PayloadTooLarge.into());
                }
                body.extend_from_slice(&chunk);
            }
            if !json && !body.iter().all(u8::is_ascii_whitespace) {
                return Err(GatewayError::InvalidContentType.into());
            }
            from_json(&body).map(Json)
        })
    }
}

/// A query string read into `T`; the 400s name the parameter.
#[derive(Debug)]
pub struct Query<T>(pub T);

impl<T> Query<T> {
    /// The query.
    pub fn into_inner(self) -> T {
        self.0
    }
}

impl<T> std::ops::Deref for Query<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

/// Reads a query string into `T`, naming the parameter of a bad value. A parameter with a NUL
/// character is refused (as in bodies).
pub fn from_query<T: serde::de::DeserializeOwned>(query: &str) -> Result<T, HttpError> {
    if let Some((name, _)) =
        form_urlencoded::parse(query.as_bytes()).find(|(k, v)| k.contains('\0') || v.contains('\0'))
    {
        let name = name.replace('\0', "");
        return Err(GatewayError::InvalidQuery(format!(
            "{name}: must not contain a NUL character"
        ))
        .into());
    }
    // The same cleaning as bodies: a query holding a hidden character is read again without it.
    let cleaned: Option<String> = form_urlencoded::parse(query.as_bytes())
        .any(|(k, v)| crate::text::clean(&k) != k || crate::text::clean(&v) != v)
        .then(|| {
            form_urlencoded::Serializer::new(String::new())
                .extend_pairs(form_urlencoded::parse(query.as_bytes()).map(|(k, v)| {
                    (crate::text::clean(&k).into_owned(), crate::text::clean(&v).into_owned())
                }))
                .finish()
        });
    let query = cleaned.as_deref().unwrap_or(query);
    let de = serde_urlencoded::Deserializer::new(form_urlencoded::parse(query.as_bytes()));
    serde_path_to_error::deserialize(de).map_err(|e| {
        let path = e.path().to_string();
        let inner = e.into_inner();
        let text = if path == "." {
            format!("Invalid query parameters: {inner}")
        } else {
            format!("{path}: {inner}")
        };
        GatewayError::InvalidQuery(text).into()
    })
}

impl<T: serde::de::DeserializeOwned> FromRequest for Query<T> {
    type Error = HttpError;
    type Future = std::future::Ready<Result<Self, HttpError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        std::future::ready(from_query(req.query_string()).map(Query))
    }
}

// ---------------------------------------------------------------------------------------------
// Answers

/// `body` as JSON with `status`; a body that cannot be written (it holds a state a service
/// left unspecified, `crate::states`) is a 500 `internal_error`, logged, never a made-up answer.
fn json_answer<T: Serialize>(
    status: actix_web::http::StatusCode,
    body: &T,
) -> actix_web::HttpResponse {
    match serde_json::to_vec(body) {
        Ok(bytes) => actix_web::HttpResponse::build(status)
            .content_type(actix_web::http::header::ContentType::json())
            .body(bytes),
        Err(e) => actix_web::ResponseError::error_response(&HttpError::internal(format_args!(
            "an answer could not be written: {e}"
        ))),
    }
}

impl<T: Serialize> actix_web::Responder for Json<T> {
    type Body = actix_web::body::BoxBody;
    fn respond_to(self, _: &HttpRequest) -> actix_web::HttpResponse {
        json_answer(actix_web::http::StatusCode::OK, &self.0)
    }
}

/// A 201 answer with a JSON body.
#[derive(Debug)]
pub struct Created<T>(pub T);

impl<T: Serialize> actix_web::Responder for Created<T> {
    type Body = actix_web::body::BoxBody;
    fn respond_to(self, _: &HttpRequest) -> actix_web::HttpResponse {
        json_answer(actix_web::http::StatusCode::CREATED, &self.0)
    }
}

/// `{status, message}`: the spec's acknowledgement.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Ack {
    pub status: bool,
    pub message: String,
}

impl Ack {
    /// A successful acknowledgement.
    pub fn ok(message: impl Into<String>) -> Self {
        Self { status: true, message: message.into() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn an_answer_holding_an_unspecified_state_is_a_500_internal_error_not_a_made_up_value() {
        use crate::states::TripStatus;
        use actix_web::body::MessageBody;
        #[derive(Serialize)]
        struct Answer {
            status: TripStatus,
        }
        let ok =
            json_answer(actix_web::http::StatusCode::OK, &Answer { status: TripStatus::Confirmed });
        assert_eq!(ok.status(), 200);
        let body = ok.into_body().try_into_bytes().unwrap();
        assert_eq!(
            serde_json::from_slice::<serde_json::Value>(&body).unwrap(),
            json!({"status": "confirmed"})
        );
        let bad = json_answer(
            actix_web::http::StatusCode::OK,
            &Answer { status: TripStatus::Unspecified },
        );
        assert_eq!(bad.status(), 500);
        let body = bad.into_body().try_into_bytes().unwrap();
        let v: serde_json::Value = serde_json::from_slice(&body).unwrap();
        assert_eq!(v["error"], "internal_error", "{v}");
    }

    #[derive(Deserialize, Default, Debug)]
    #[serde(default, rename_all = "camelCase")]
    struct Sample {
        first_name: Text,
        password: Verbatim,
        age: Int,
        latitude: Number,
        is_delivery: Flag,
        final_price: Dollars,
        pick_up_location: Place,
        extras: Extras,
    }

    fn read(v: serde_json::Value) -> Result<Sample, String> {
        from_json::<Sample>(v.to_string().as_bytes()).map_err(|e| e.0.message)
    }

    #[test]
    fn loose_values_are_read_as_the_field_says() {
        let s = read(json!({
            "firstName": "  Ada ", "password": " pw ", "age": "36", "latitude": "37.5",
            "isDelivery": "true", "finalPrice": "$12.50", "extras": ["a"]
        }))
        .unwrap();
        assert_eq!(s.first_name.as_str(), "Ada");
        assert_eq!(s.password.0, " pw ");
        assert_eq!(
            (s.age, s.latitude, s.is_delivery),
            (Int(Some(36)), Number(Some(37.5)), Flag(true))
        );
        assert_eq!(s.final_price, Dollars(Some(1250)));
        assert_eq!(s.extras.0, vec![Extra { id: "a".into(), kind: "a".into(), quantity: 1 }]);
        let s = read(json!({"firstName": 94538, "age": 36, "isDelivery": 1, "finalPrice": 0.1}))
            .unwrap();
        assert_eq!((s.first_name.as_str(), s.age.0, s.is_delivery.0), ("94538", Some(36), true));
        assert_eq!(s.final_price.0, Some(10));
    }

    #[test]
    fn text_with_a_nul_character_is_refused_in_bodies_and_queries() {
        let e = read(json!({"firstName": "Ada\u{0}"})).unwrap_err();
        assert!(e.contains("NUL"), "{e}");
        // An escaped backslash before u0000 is text, and so is a NUL written out in words.
        let s = from_json::<Sample>(br#"{"firstName": "a\\u0000"}"#).unwrap();
        assert_eq!(s.first_name.as_str(), "a\\u0000");
        assert!(from_json::<Sample>(br#"{"firstName": "a\\\u0000"}"#).is_err());
        #[derive(Deserialize, Debug)]
        struct Q {
            #[allow(dead_code)]
            text: String,
        }
        let e = from_query::<Q>("text=abc%00def").unwrap_err();
        assert_eq!(e.0.code, "invalid_query");
        assert_eq!(e.0.message, "text: must not contain a NUL character");
        assert!(from_query::<Q>("text=abc%2500def").is_ok());
    }

    #[test]
    fn absent_null_and_empty_are_nothing() {
        let s = read(json!({"age": "", "latitude": null, "finalPrice": "", "isDelivery": "", "pickUpLocation": {}})).unwrap();
        assert_eq!((s.age.0, s.latitude.0, s.final_price.0), (None, None, None));
        assert!(!s.is_delivery.0);
        assert_eq!(s.pick_up_location.0, None);
        let s = from_json::<Sample>(b"").unwrap();
        assert!(s.first_name.is_empty());
    }

    #[test]
    fn a_bad_value_is_refused_naming_its_field() {
        for (body, want) in [
            (json!({"age": "old"}), "age: must be a whole number"),
            (json!({"age": 1.5}), "age: must be a whole number"),
            (json!({"age": 3_000_000_000_i64}), "age: must be a whole number"),
            (json!({"latitude": "north"}), "latitude: must be a number"),
            (json!({"isDelivery": "maybe"}), "isDelivery: must be true or false"),
            (json!({"finalPrice": -1}), "finalPrice: must be an amount in dollars"),
            (json!({"finalPrice": 2e7}), "finalPrice: must be an amount in dollars"),
            (json!({"firstName": ["a"]}), "firstName: invalid type"),
            (json!({"pickUpLocation": {"latitude": "north"}}), "pickUpLocation: needs latitude"),
            (json!({"extras": 5}), "extras: must be a list"),
        ] {
            let got = read(body.clone()).unwrap_err();
            assert!(got.starts_with(want), "{body}: {got}");
        }
        let e = from_json::<Sample>(b"{\"age\": ").unwrap_err();
        assert_eq!(e.0.code, "invalid_body");
        assert!(e.0.message.starts_with("Invalid JSON body"), "{}", e.0.message);
    }

    #[test]
    fn lists_of_texts_are_arrays_or_comma_separated_text() {
        #[derive(Deserialize, Default, Debug)]
        #[serde(default)]
        struct L {
            ids: Texts,
        }
        let read = |v: serde_json::Value| from_json::<L>(v.to_string().as_bytes()).map(|l| l.ids.0);
        assert_eq!(read(json!({"ids": ["a", " b ", "", 7]})).unwrap(), ["a", "b", "7"]);
        assert_eq!(read(json!({"ids": "a@x.com, b@x.com,"})).unwrap(), ["a@x.com", "b@x.com"]);
        assert!(read(json!({"ids": null})).unwrap().is_empty());
        assert!(read(json!({})).unwrap().is_empty());
        let e = read(json!({"ids": [["a"]]})).unwrap_err();
        assert!(e.0.message.starts_with("ids[0]: invalid type"), "{}", e.0.message);
        let e = read(json!({"ids": {"a": 1}})).unwrap_err();
        assert!(e.0.message.starts_with("ids: invalid type"), "{}", e.0.message);
    }

    #[test]
    fn places_in_every_shape() {
        let p = |v| read(json!({"pickUpLocation": v})).unwrap().pick_up_location.0.unwrap();
        let a = p(json!({"coordinates": [-121.9, 37.5]}));
        assert_eq!((a.latitude, a.longitude), (37.5, -121.9));
        let b = p(
            json!({"lat": "37.5", "lng": -121.9, "address": {"street": "1 Main", "city": "Fremont"}}),
        );
        assert_eq!((b.latitude, b.address.as_str()), (37.5, "1 Main, Fremont"));
        let c = p(json!({"latitude": 1, "longitude": 2, "address": "Somewhere"}));
        assert_eq!(c.address, "Somewhere");
        assert_eq!(read(json!({"pickUpLocation": ""})).unwrap().pick_up_location.0, None);
    }

    #[derive(Deserialize, Default, Debug)]
    #[serde(default, rename_all = "camelCase")]
    struct SampleQuery {
        page: Int,
        is_delivery: Flag,
        car_id: Text,
    }

    #[test]
    fn queries_read_the_same_types_and_name_the_parameter() {
        let q: SampleQuery = from_query("page=2&isDelivery=true&carId=%20abc").unwrap();
        assert_eq!((q.page.0, q.is_delivery.0, q.car_id.as_str()), (Some(2), true, "abc"));
        let q: SampleQuery = from_query("").unwrap();
        assert_eq!(q.page.0, None);
        let e = from_query::<SampleQuery>("page=two").unwrap_err();
        assert_eq!(
            (e.0.code.as_str(), e.0.message.as_str()),
            ("invalid_query", "page: must be a whole number")
        );
    }

    #[test]
    fn one_parameter_under_several_names_is_taken_once() {
        let t = |s: &str| Text(s.to_owned());
        assert_eq!(
            one_of([("sortBy", t("")), ("sortOrder", t("distance"))]).unwrap(),
            t("distance")
        );
        assert_eq!(
            one_of([("sortBy", t("distance")), ("sortOrder", t("distance"))]).unwrap(),
            t("distance")
        );
        assert_eq!(one_of([("a", t("")), ("b", t("")), ("c", t(""))]).unwrap(), t(""));
        assert_eq!(one_of([("page", Int(None)), ("p", Int(Some(2)))]).unwrap(), Int(Some(2)));
        let e = one_of([("sortBy", t("distance")), ("x", t("")), ("sortOrder", t("priceAsc"))])
            .unwrap_err();
        assert_eq!(e.0.code, "conflicting_parameters");
        assert!(
            e.0.message.contains("sortBy") && e.0.message.contains("sortOrder"),
            "{}",
            e.0.message
        );
    }

    #[test]
    fn money_goes_out_as_dollars() {
        assert_eq!(dollars(1250), 12.5);
        assert_eq!(cents_of(0.105), Some(11));
        assert_eq!(cents_of(f64::NAN), None);
    }
}
