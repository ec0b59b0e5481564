DROP TABLE task_steps;
DROP FUNCTION task_steps_append_only();
DROP FUNCTION task_steps_forward();
DROP TABLE tasks;
DROP TABLE cancelled_trips;
DROP TABLE trips;
DROP TABLE captains;
