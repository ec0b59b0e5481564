//! Points on the earth and great-circle distances.

/// The earth radius of Postgres' `earthdistance` module (`earth()`, meters), so a distance
/// computed here agrees with the one search computes in SQL for the same two points.
pub const EARTH_RADIUS_METERS: f64 = 6_378_168.0;
/// Meters per statute mile.
pub const METERS_PER_MILE: f64 = 1609.344;

/// A valid latitude and longitude, in degrees.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GeoPoint {
    pub latitude: f64,
    pub longitude: f64,
}

/// Why coordinates were refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PointError {
    /// Nothing was given.
    Missing,
    /// Not two finite numbers within range.
    Invalid,
}

impl GeoPoint {
    /// A point from degrees: latitude within -90..90, longitude within -180..180.
    pub fn new(latitude: f64, longitude: f64) -> Result<Self, PointError> {
        if latitude.is_finite()
            && longitude.is_finite()
            && (-90.0..=90.0).contains(&latitude)
            && (-180.0..=180.0).contains(&longitude)
        {
            Ok(Self { latitude, longitude })
        } else {
            Err(PointError::Invalid)
        }
    }

    /// A point from GeoJSON coordinates, longitude first: `[lng, lat]`.
    pub fn from_lng_lat(coordinates: &[f64]) -> Result<Self, PointError> {
        match coordinates {
            [] => Err(PointError::Missing),
            [lng, lat] => Self::new(*lat, *lng),
            _ => Err(PointError::Invalid),
        }
    }

    /// Great-circle distance in statute miles (haversine on a sphere).
    pub fn miles_to(&self, other: &GeoPoint) -> f64 {
        let (la1, la2) = (self.latitude.to_radians(), other.latitude.to_radians());
        let dla = la2 - la1;
        let dlo = (other.longitude - self.longitude).to_radians();
        let h = (dla / 2.0).sin().powi(2) + la1.cos() * la2.cos() * (dlo / 2.0).sin().powi(2);
        2.0 * EARTH_RADIUS_METERS * h.sqrt().min(1.0).asin() / METERS_PER_MILE
    }
}

/// Rounds to one decimal, as distances and ratings are shown.
pub fn round_tenth(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

#[cfg(test)]
mod tests {
    use super::*;

    const FREMONT: GeoPoint = GeoPoint { latitude: 37.5485, longitude: -121.9886 };
    const SAN_FRANCISCO: GeoPoint = GeoPoint { latitude: 37.7749, longitude: -122.4194 };
    const LOS_ANGELES: GeoPoint = GeoPoint { latitude: 34.0522, longitude: -118.2437 };

    #[test]
    fn coordinates_are_longitude_then_latitude_and_checked() {
        assert_eq!(GeoPoint::from_lng_lat(&[-121.9886, 37.5485]), Ok(FREMONT));
        for (c, want) in [
            (vec![], PointError::Missing),
            (vec![1.0], PointError::Invalid),
            (vec![1.0, 2.0, 3.0], PointError::Invalid),
            (vec![-121.0, 91.0], PointError::Invalid),
            (vec![-181.0, 37.0], PointError::Invalid),
            (vec![f64::NAN, 37.0], PointError::Invalid),
            (vec![-121.0, f64::INFINITY], PointError::Invalid),
        ] {
            assert_eq!(GeoPoint::from_lng_lat(&c), Err(want), "{c:?}");
        }
        assert!(GeoPoint::from_lng_lat(&[180.0, -90.0]).is_ok(), "the edges are valid");
    }

    #[test]
    fn distances_are_great_circle_miles() {
        assert_eq!(FREMONT.miles_to(&FREMONT), 0.0);
        let sf = FREMONT.miles_to(&SAN_FRANCISCO);
        assert!((sf - 28.3).abs() < 0.1, "Fremont to San Francisco: {sf}");
        assert!((sf - SAN_FRANCISCO.miles_to(&FREMONT)).abs() < 1e-9, "symmetric");
        let la = SAN_FRANCISCO.miles_to(&LOS_ANGELES);
        assert!((la - 347.0).abs() < 2.0, "San Francisco to Los Angeles: {la}");
        let antipode = GeoPoint { latitude: -37.5485, longitude: 58.0114 };
        let half = std::f64::consts::PI * EARTH_RADIUS_METERS / METERS_PER_MILE;
        assert!((FREMONT.miles_to(&antipode) - half).abs() < 0.01);
    }

    #[test]
    fn rounding_keeps_one_decimal() {
        assert_eq!(round_tenth(12.345), 12.3);
        assert_eq!(round_tenth(12.35), 12.4);
        assert_eq!(round_tenth(0.04), 0.0);
    }
}
