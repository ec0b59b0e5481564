//! The hosting rules: pure functions, no I/O, no clock (the caller passes `now`).
