DROP TABLE activity_daily_actor_counts, activity_daily_actors, activity_daily_counts, activity_seen, activity_events;
