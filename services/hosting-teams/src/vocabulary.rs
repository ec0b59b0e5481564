//! The product's listing vocabulary: the features a host can tick (the same names the
//! catalog's `carFeatures` list serves and its filters match).

/// Features a listing can have.
pub const FEATURES: &[&str] = &[
    "Apple CarPlay",
    "Android Auto",
    "Bluetooth",
    "Backup camera",
    "Blind spot warning",
    "Adaptive cruise control",
    "Heated seats",
    "Ventilated seats",
    "Keyless entry",
    "USB charger",
    "GPS",
    "Sunroof",
    "All-wheel drive",
    "Bike rack",
    "Ski rack",
    "Child seat",
    "Pet friendly",
    "Toll pass",
    "Convertible",
    "Third-row seating",
];
