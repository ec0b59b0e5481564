DROP TABLE login_guard;
DROP TABLE session_cuts;
