//! A search's request id carries the page's window and the driver's age:
//! `{uuid v7, 32 hex}.{start}.{end}.{age}`, start and end in Unix seconds. A page's prices
//! (`cars/checkPrices/{ids}?requestId=`) then need nothing stored and no call made during the
//! search; only the list of the page's cars, for prices by request id alone, is kept (Redis).
//! The uuid's timestamp tells when the search ran, so an id expires like a stored page would.

use chrono::{DateTime, Duration, Utc};
use uuid::{NoContext, Timestamp, Uuid};

/// The parts of a request id.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchPageId {
    pub id: Uuid,
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
    pub age: i32,
}

/// Longest id [`SearchPageId::parse`] reads (32 + 3 dots + two 12-digit times + 3-digit age).
const MAX_LEN: usize = 64;

impl SearchPageId {
    /// A new id for a search run at `searched_at` (the service's clock) over this window.
    pub fn new(
        start: DateTime<Utc>,
        end: DateTime<Utc>,
        age: i32,
        searched_at: DateTime<Utc>,
    ) -> Self {
        let secs = u64::try_from(searched_at.timestamp()).unwrap_or(0);
        let at = Timestamp::from_unix(NoContext, secs, searched_at.timestamp_subsec_nanos());
        Self { id: Uuid::new_v7(at), start, end, age }
    }

    /// The id as clients see it.
    pub fn encode(&self) -> String {
        format!(
            "{}.{}.{}.{}",
            self.id.simple(),
            self.start.timestamp(),
            self.end.timestamp(),
            self.age
        )
    }

    /// Reads an id; None for anything this service did not mint.
    pub fn parse(s: &str) -> Option<Self> {
        let s = s.trim();
        if s.len() > MAX_LEN {
            return None;
        }
        let mut parts = s.split('.');
        let (id, start, end, age) = (parts.next()?, parts.next()?, parts.next()?, parts.next()?);
        if parts.next().is_some() || id.len() != 32 {
            return None;
        }
        let id = Uuid::try_parse(id).ok().filter(|u| u.get_version_num() == 7)?;
        let start = DateTime::from_timestamp(start.parse().ok()?, 0)?;
        let end = DateTime::from_timestamp(end.parse().ok()?, 0)?;
        let age: i32 = age.parse().ok()?;
        (start < end && (16..=120).contains(&age)).then_some(Self { id, start, end, age })
    }

    /// When the search ran (the uuid v7's clock).
    pub fn searched_at(&self) -> Option<DateTime<Utc>> {
        let (secs, nanos) = self.id.get_timestamp()?.to_unix();
        DateTime::from_timestamp(i64::try_from(secs).ok()?, nanos)
    }

    /// Whether a page searched this long ago is still served.
    pub fn is_live(&self, now: DateTime<Utc>, ttl: Duration) -> bool {
        self.searched_at().is_some_and(|at| at <= now + Duration::minutes(1) && now - at <= ttl)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
    }

    #[test]
    fn an_id_reads_back_as_minted() {
        let p = SearchPageId::new(
            at("2026-12-05T18:00:00Z"),
            at("2026-12-07T18:00:00Z"),
            25,
            at("2026-12-01T09:30:00.250Z"),
        );
        assert_eq!(p.searched_at(), Some(at("2026-12-01T09:30:00.250Z")));
        let s = p.encode();
        assert!(s.len() <= MAX_LEN, "{s}");
        assert!(s.chars().all(|c| c.is_ascii_alphanumeric() || c == '.'), "{s}");
        assert_eq!(SearchPageId::parse(&s), Some(p));
        assert!(p.is_live(at("2026-12-01T10:00:00Z"), Duration::minutes(60)));
    }

    #[test]
    fn foreign_or_damaged_ids_are_refused() {
        let good = SearchPageId::new(
            at("2026-12-05T18:00:00Z"),
            at("2026-12-07T18:00:00Z"),
            30,
            at("2026-12-01T09:30:00Z"),
        )
        .encode();
        let (id, rest) = good.split_once('.').unwrap();
        for bad in [
            String::new(),
            Uuid::now_v7().to_string(),
            format!("{}.{rest}", Uuid::new_v4().simple()),
            format!("{id}.{rest}.1"),
            format!("{id}.1765130400.1765044000.30"),
            format!("{id}.1765044000.1765130400.12"),
            format!("{id}.x.1765130400.30"),
            format!("{id}.1765044000.1765130400"),
            format!("{}.{rest}", &id[..31]),
            format!("{good}{}", "9".repeat(40)),
        ] {
            assert_eq!(SearchPageId::parse(&bad), None, "{bad}");
        }
    }

    #[test]
    fn an_id_lives_as_long_as_its_page() {
        let p = SearchPageId::new(
            at("2026-12-05T18:00:00Z"),
            at("2026-12-07T18:00:00Z"),
            25,
            at("2026-12-01T09:30:00Z"),
        );
        let searched = p.searched_at().unwrap();
        let ttl = Duration::minutes(60);
        assert!(p.is_live(searched + Duration::minutes(59), ttl));
        assert!(!p.is_live(searched + Duration::minutes(61), ttl));
        // A clock far behind the id's (a forged future timestamp) is not trusted either.
        assert!(!p.is_live(searched - Duration::minutes(5), ttl));
    }
}
