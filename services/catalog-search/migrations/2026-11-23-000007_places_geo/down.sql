DROP INDEX places_geo_idx;
