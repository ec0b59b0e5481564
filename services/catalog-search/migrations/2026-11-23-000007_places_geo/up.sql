-- Reverse geocoding: the places nearest a point, walked in distance order.
CREATE INDEX places_geo_idx ON places USING gist (ll_to_earth(latitude, longitude));
