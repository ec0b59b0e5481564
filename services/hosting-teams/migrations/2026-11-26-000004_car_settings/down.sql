DROP TABLE listing_settings;
