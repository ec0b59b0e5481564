//! Reading loosely typed JSON bodies. The spec's clients send numbers as strings and strings as
//! numbers; each helper accepts both and answers a 400 naming the field otherwise.

use crate::error::{HttpError, HttpResult};
use serde_json::Value;

/// A string field, trimmed; numbers are taken as their text; anything else is empty.
pub fn text(v: &Option<Value>) -> String {
    match v {
        Some(Value::String(s)) => s.trim().to_owned(),
        Some(Value::Number(n)) => n.to_string(),
        _ => String::new(),
    }
}

/// A yes/no field: `true`, `"true"`, `"1"`, `"yes"`, `1`.
pub fn flag(v: &Option<Value>) -> bool {
    match v {
        Some(Value::Bool(b)) => *b,
        Some(Value::String(s)) => matches!(s.trim(), "true" | "1" | "yes"),
        Some(Value::Number(n)) => n.as_i64() == Some(1),
        _ => false,
    }
}

/// A whole number; absent, null or empty is `None`.
pub fn int(v: &Option<Value>, field: &str) -> HttpResult<Option<i32>> {
    let bad = || HttpError::invalid("invalid_input", format!("{field} must be a whole number"));
    match v {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) if s.trim().is_empty() => Ok(None),
        Some(Value::String(s)) => s.trim().parse::<i32>().map(Some).map_err(|_| bad()),
        Some(Value::Number(n)) => {
            n.as_i64().and_then(|n| i32::try_from(n).ok()).map(Some).ok_or_else(bad)
        }
        _ => Err(bad()),
    }
}

/// An amount in dollars (`12.5`, `"12.50"`, `"$12.50"`) as cents, from 0 to $10 million;
/// absent, null or empty is `None`.
pub fn cents(v: &Option<Value>, field: &str) -> HttpResult<Option<i64>> {
    let bad =
        || HttpError::invalid("invalid_input", format!("{field} must be an amount in dollars"));
    let d = match v {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::String(s)) if s.trim().is_empty() => return Ok(None),
        Some(Value::Number(n)) => n.as_f64().ok_or_else(bad)?,
        Some(Value::String(s)) => {
            s.trim().trim_start_matches('$').parse::<f64>().map_err(|_| bad())?
        }
        _ => return Err(bad()),
    };
    if !d.is_finite() || !(0.0..=10_000_000.0).contains(&d) {
        return Err(bad());
    }
    Ok(Some((d * 100.0).round() as i64))
}

/// A place: `{latitude, longitude}`, `{lat, lng}` or GeoJSON `{coordinates: [lng, lat]}`, with
/// an optional `address` (text or `{street, city, state, zip}`).
#[derive(Debug, Clone, PartialEq)]
pub struct Point {
    pub latitude: f64,
    pub longitude: f64,
    pub address: String,
}

/// A place field; absent, null, empty text or `{}` is `None`.
pub fn point(v: &Option<Value>, field: &str) -> HttpResult<Option<Point>> {
    let bad = || {
        HttpError::invalid(
            "invalid_coordinates",
            format!("{field} needs latitude and longitude (or coordinates [longitude, latitude])"),
        )
    };
    let num = |x: Option<&Value>| -> Option<f64> {
        match x? {
            Value::Number(n) => n.as_f64(),
            Value::String(s) => s.trim().parse().ok(),
            _ => None,
        }
    };
    match v {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) if s.trim().is_empty() => Ok(None),
        Some(Value::Object(o)) if o.is_empty() => Ok(None),
        Some(Value::Object(o)) => {
            let (lat, lng) = if let Some(Value::Array(c)) = o.get("coordinates") {
                (num(c.get(1)), num(c.first()))
            } else {
                (num(o.get("latitude").or(o.get("lat"))), num(o.get("longitude").or(o.get("lng"))))
            };
            let address = match o.get("address") {
                Some(Value::String(s)) => s.clone(),
                Some(Value::Object(a)) => ["street", "city", "state", "zip"]
                    .iter()
                    .filter_map(|k| a.get(*k).and_then(|v| v.as_str()))
                    .filter(|s| !s.is_empty())
                    .collect::<Vec<_>>()
                    .join(", "),
                _ => String::new(),
            };
            match (lat, lng) {
                (Some(latitude), Some(longitude)) => {
                    Ok(Some(Point { latitude, longitude, address }))
                }
                _ => Err(bad()),
            }
        }
        _ => Err(bad()),
    }
}

/// A chosen extra: `{extraType, extraId, quantity}` (quantity 1 when absent).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Extra {
    pub id: String,
    pub kind: String,
    pub quantity: i32,
}

/// The `extras` list; a bare string is an extra id.
pub fn extras(v: &Option<Value>) -> HttpResult<Vec<Extra>> {
    let bad = || {
        HttpError::invalid(
            "invalid_input",
            "extras must be a list of {extraType, extraId, quantity}",
        )
    };
    match v {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::Array(items)) => items
            .iter()
            .map(|x| match x {
                Value::Object(o) => Ok(Extra {
                    id: text(&o.get("extraId").cloned()),
                    kind: text(&o.get("extraType").cloned()),
                    quantity: int(&o.get("quantity").cloned(), "quantity")?.unwrap_or(1),
                }),
                Value::String(s) => Ok(Extra { id: s.clone(), kind: s.clone(), quantity: 1 }),
                _ => Err(bad()),
            })
            .collect(),
        _ => Err(bad()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn numbers_and_strings_are_both_read() {
        assert_eq!(int(&Some(json!("36")), "age").unwrap(), Some(36));
        assert_eq!(int(&Some(json!(36)), "age").unwrap(), Some(36));
        assert_eq!(int(&Some(json!("")), "age").unwrap(), None);
        assert!(int(&Some(json!("old")), "age").is_err());
        assert_eq!(cents(&Some(json!("$12.50")), "p").unwrap(), Some(1250));
        assert_eq!(cents(&Some(json!(0.1)), "p").unwrap(), Some(10));
        assert!(cents(&Some(json!(-1)), "p").is_err());
        assert!(flag(&Some(json!("true"))) && !flag(&Some(json!("no"))));
    }

    #[test]
    fn places_in_every_shape() {
        let p = point(&Some(json!({"coordinates": [-121.9, 37.5]})), "x").unwrap().unwrap();
        assert_eq!((p.latitude, p.longitude), (37.5, -121.9));
        let p = point(&Some(json!({"lat": "37.5", "lng": -121.9, "address": {"street": "1 Main", "city": "Fremont"}})), "x").unwrap().unwrap();
        assert_eq!(p.address, "1 Main, Fremont");
        assert_eq!(point(&Some(json!({})), "x").unwrap(), None);
        assert!(point(&Some(json!({"latitude": "north"})), "x").is_err());
        let e = extras(&Some(json!([{"extraId": "a", "extraType": "t"}, "b"]))).unwrap();
        assert_eq!(e[0], Extra { id: "a".into(), kind: "t".into(), quantity: 1 });
        assert_eq!(e[1].id, "b");
    }
}
