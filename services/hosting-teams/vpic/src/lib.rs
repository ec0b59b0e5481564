//! VIN decoding behind one trait.
