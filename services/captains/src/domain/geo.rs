//! Distances and driving times between places. No routing provider is reached from here:
//! a drive is the great-circle distance stretched by [`ROAD_FACTOR`] at [`CITY_MPH`], a
//! plain estimate that a maps adapter could replace behind the same function.

use chrono::Duration;

/// A place on the map.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Point {
    pub lat: f64,
    pub lng: f64,
}

/// Roads are longer than the straight line; 1.3 is the usual urban detour factor.
pub const ROAD_FACTOR: f64 = 1.3;
/// Average driving speed in town, miles per hour.
pub const CITY_MPH: f64 = 25.0;
const EARTH_RADIUS_MILES: f64 = 3958.8;

/// Great-circle miles between two points.
pub fn miles(a: Point, b: Point) -> f64 {
    let (la1, la2) = (a.lat.to_radians(), b.lat.to_radians());
    let dlat = la2 - la1;
    let dlng = (b.lng - a.lng).to_radians();
    let h = (dlat / 2.0).sin().powi(2) + la1.cos() * la2.cos() * (dlng / 2.0).sin().powi(2);
    2.0 * EARTH_RADIUS_MILES * h.sqrt().min(1.0).asin()
}

/// Road miles between two points (the estimate dispatch minimises).
pub fn road_miles(a: Point, b: Point) -> f64 {
    miles(a, b) * ROAD_FACTOR
}

/// The time to drive from `a` to `b`, rounded up to the minute.
pub fn drive(a: Point, b: Point) -> Duration {
    let minutes = (road_miles(a, b) / CITY_MPH * 60.0).ceil();
    Duration::minutes(minutes as i64)
}

#[cfg(test)]
mod tests {
    use super::*;

    const FREMONT: Point = Point { lat: 37.5485, lng: -121.9886 };
    const SAN_JOSE: Point = Point { lat: 37.3382, lng: -121.8863 };

    #[test]
    fn distances_and_drives_follow_the_earth_and_the_city_speed() {
        let m = miles(FREMONT, SAN_JOSE);
        assert!((15.0..16.5).contains(&m), "{m}");
        assert_eq!(miles(FREMONT, FREMONT), 0.0);
        assert!((miles(SAN_JOSE, FREMONT) - m).abs() < 1e-9);
        // About 20 road miles at 25 mph: 48 or 49 minutes.
        let d = drive(FREMONT, SAN_JOSE).num_minutes();
        assert!((47..=50).contains(&d), "{d}");
        assert_eq!(drive(FREMONT, FREMONT), Duration::zero());
    }
}
