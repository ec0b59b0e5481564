//! Great-circle distance, for delivery prices.

/// Mean Earth radius in miles.
const EARTH_RADIUS_MILES: f64 = 3_958.8;

/// Miles between two points (haversine).
pub fn miles_between(lat1: f64, lng1: f64, lat2: f64, lng2: f64) -> f64 {
    let (p1, p2) = (lat1.to_radians(), lat2.to_radians());
    let dp = (lat2 - lat1).to_radians();
    let dl = (lng2 - lng1).to_radians();
    let a = (dp / 2.0).sin().powi(2) + p1.cos() * p2.cos() * (dl / 2.0).sin().powi(2);
    2.0 * EARTH_RADIUS_MILES * a.sqrt().min(1.0).asin()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_distances() {
        // Fremont to San Francisco International: about 24 miles.
        let d = miles_between(37.5485, -121.9886, 37.6213, -122.3790);
        assert!((d - 22.0).abs() < 2.5, "{d}");
        assert_eq!(miles_between(37.0, -122.0, 37.0, -122.0), 0.0);
    }
}
