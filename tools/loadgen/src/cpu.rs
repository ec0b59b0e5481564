//! CPU time per process name, read from `/proc` (Linux): what each part of the stack (the
//! services, Postgres, RabbitMQ, Redis, the load generator itself) spent during a step.

use std::collections::BTreeMap;

/// Clock ticks per second of `/proc/[pid]/stat` (`USER_HZ`, 100 on Linux).
const TICKS_PER_SECOND: f64 = 100.0;

/// CPU seconds (user + system, all threads) summed per process name, over every process
/// readable now; `labels` renames processes by pid (Postgres backends by their database).
/// Kernel workers count as one name. Processes that end between two snapshots drop out of the
/// difference.
pub fn snapshot_labelled(labels: &BTreeMap<u32, String>) -> BTreeMap<String, f64> {
    let mut out = BTreeMap::new();
    let Ok(dir) = std::fs::read_dir("/proc") else { return out };
    for entry in dir.flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else { continue };
        let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else { continue };
        if let Some((comm, seconds)) = parse_stat(&stat) {
            let name = match labels.get(&pid) {
                Some(label) => label.clone(),
                None if comm.starts_with("kworker") => "kworker".to_owned(),
                None => comm,
            };
            *out.entry(name).or_insert(0.0) += seconds;
        }
    }
    out
}

/// `(comm, utime + stime in seconds)` of one `/proc/[pid]/stat` line. The name is between the
/// first `(` and the last `)`; the fields after it are space separated, utime and stime being
/// the 12th and 13th.
fn parse_stat(stat: &str) -> Option<(String, f64)> {
    let open = stat.find('(')?;
    let close = stat.rfind(')')?;
    let comm = stat.get(open + 1..close)?.to_owned();
    let fields: Vec<&str> = stat.get(close + 1..)?.split_whitespace().collect();
    let utime: f64 = fields.get(11)?.parse().ok()?;
    let stime: f64 = fields.get(12)?.parse().ok()?;
    Some((comm, (utime + stime) / TICKS_PER_SECOND))
}

/// The CPU milliseconds per operation of each process name between two snapshots, largest
/// first, leaving out names under 0.05 ms per operation; and the total.
pub fn per_op(
    before: &BTreeMap<String, f64>,
    after: &BTreeMap<String, f64>,
    ops: u64,
) -> (Vec<(String, f64)>, f64) {
    let ops = ops.max(1) as f64;
    let mut rows: Vec<(String, f64)> = after
        .iter()
        .map(|(k, v)| (k.clone(), (v - before.get(k).copied().unwrap_or(0.0)) * 1000.0 / ops))
        .filter(|(_, ms)| *ms > 0.0)
        .collect();
    let total = rows.iter().map(|(_, ms)| ms).sum();
    rows.retain(|(_, ms)| *ms >= 0.05);
    rows.sort_by(|a, b| b.1.total_cmp(&a.1));
    (rows, total)
}

/// `name=1.23 other=0.45` for a report line.
pub fn describe(rows: &[(String, f64)]) -> String {
    rows.iter().map(|(k, v)| format!("{k}={v:.2}")).collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_stat_line_whose_name_has_spaces_and_parentheses() {
        let line =
            "4242 (tokio (rt) x) S 1 4242 4242 0 -1 4194560 100 0 0 0 250 75 0 0 20 0 9 0 1 2 3";
        assert_eq!(parse_stat(line), Some(("tokio (rt) x".to_owned(), 3.25)));
        assert_eq!(parse_stat("garbage"), None);
    }

    #[test]
    fn per_operation_differences_sorted_and_totalled() {
        let before = BTreeMap::from([("a".to_owned(), 1.0), ("b".to_owned(), 2.0)]);
        let after =
            BTreeMap::from([("a".to_owned(), 1.5), ("b".to_owned(), 4.0), ("c".to_owned(), 0.001)]);
        let (rows, total) = per_op(&before, &after, 100);
        assert_eq!(rows, vec![("b".to_owned(), 20.0), ("a".to_owned(), 5.0)]);
        assert!((total - 25.01).abs() < 1e-9, "{total}");
    }

    #[test]
    fn this_process_shows_up_under_its_label() {
        let me = std::process::id();
        let s = snapshot_labelled(&BTreeMap::from([(me, "me".to_owned())]));
        assert!(s.contains_key("me"), "{s:?}");
        assert!(!s.is_empty());
        assert!(s.values().all(|v| *v >= 0.0));
    }
}
