//! What the admin reads take: ranges of days and pages.

use chrono::{Duration, NaiveDate};

/// The longest range analytics and the lists take.
pub const MAX_RANGE_DAYS: i64 = 366;
/// The default range: the last 7 days, today included.
const DEFAULT_DAYS: i64 = 7;

/// Why a query was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum QueryError {
    #[error("startDate must be a date (YYYY-MM-DD)")]
    StartDate,
    #[error("endDate must be a date (YYYY-MM-DD)")]
    EndDate,
    #[error("startDate must be on or before endDate")]
    Inverted,
    #[error("A range may span at most 366 days")]
    TooLong,
    #[error("limit must be between 1 and {0}")]
    Limit(i32),
    #[error("page must be 1 or more")]
    Page,
}

/// Inclusive UTC days.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DateRange {
    pub start: NaiveDate,
    pub end: NaiveDate,
}

fn date(s: &str, e: QueryError) -> Result<Option<NaiveDate>, QueryError> {
    let s = s.trim();
    if s.is_empty() {
        return Ok(None);
    }
    NaiveDate::parse_from_str(s, "%Y-%m-%d").map(Some).map_err(|_| e)
}

impl DateRange {
    /// `startDate` and `endDate`, either may be empty: the end defaults to `today`, the start
    /// to 6 days before the end.
    pub fn parse(start: &str, end: &str, today: NaiveDate) -> Result<Self, QueryError> {
        let start = date(start, QueryError::StartDate)?;
        let end = date(end, QueryError::EndDate)?;
        let (start, end) = match (start, end) {
            (Some(s), Some(e)) => (s, e),
            (Some(s), None) => (s, today.max(s)),
            (None, Some(e)) => (e - Duration::days(DEFAULT_DAYS - 1), e),
            (None, None) => (today - Duration::days(DEFAULT_DAYS - 1), today),
        };
        if start > end {
            return Err(QueryError::Inverted);
        }
        if (end - start).num_days() + 1 > MAX_RANGE_DAYS {
            return Err(QueryError::TooLong);
        }
        Ok(Self { start, end })
    }

    /// The range only when a date was given (the lists read everything otherwise).
    pub fn optional(start: &str, end: &str, today: NaiveDate) -> Result<Option<Self>, QueryError> {
        if start.trim().is_empty() && end.trim().is_empty() {
            return Ok(None);
        }
        Self::parse(start, end, today).map(Some)
    }

    /// Every day of the range, in order.
    pub fn days(&self) -> impl Iterator<Item = NaiveDate> + '_ {
        self.start.iter_days().take_while(|d| *d <= self.end)
    }
}

/// A page of a list: `limit` rows from `offset`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Page {
    pub page: i32,
    pub limit: i32,
}

impl Page {
    /// `limit` (default `default`, at most `max`) and `page` (from 1).
    pub fn parse(
        limit: Option<i32>,
        page: Option<i32>,
        default: i32,
        max: i32,
    ) -> Result<Self, QueryError> {
        let limit = limit.unwrap_or(default);
        if !(1..=max).contains(&limit) {
            return Err(QueryError::Limit(max));
        }
        let page = page.unwrap_or(1);
        if page < 1 {
            return Err(QueryError::Page);
        }
        Ok(Self { page, limit })
    }

    /// Rows before this page.
    pub fn offset(&self) -> i64 {
        i64::from(self.page - 1) * i64::from(self.limit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
    }

    #[test]
    fn ranges_default_to_the_last_week_and_are_bounded() {
        let today = d("2026-11-28");
        let r = |a: &str, b: &str| DateRange::parse(a, b, today).map(|r| (r.start, r.end));
        assert_eq!(r("", ""), Ok((d("2026-11-22"), today)));
        assert_eq!(r("2026-11-01", ""), Ok((d("2026-11-01"), today)));
        assert_eq!(r("", "2026-10-10"), Ok((d("2026-10-04"), d("2026-10-10"))));
        assert_eq!(r("2026-11-01", "2026-11-01"), Ok((d("2026-11-01"), d("2026-11-01"))));
        assert_eq!(r("2026-11-02", "2026-11-01"), Err(QueryError::Inverted));
        assert_eq!(r("2025-11-27", "2026-11-28"), Err(QueryError::TooLong));
        assert!(r("2025-11-28", "2026-11-28").is_ok());
        assert_eq!(r("11/01/2026", ""), Err(QueryError::StartDate));
        assert_eq!(r("", "2026-13-01"), Err(QueryError::EndDate));
        assert_eq!(DateRange::optional("", " ", today), Ok(None));
        let week = DateRange::parse("2026-11-01", "2026-11-07", today).unwrap();
        assert_eq!(week.days().count(), 7);
    }

    #[test]
    fn pages_are_bounded() {
        assert_eq!(Page::parse(None, None, 50, 200), Ok(Page { page: 1, limit: 50 }));
        assert_eq!(Page::parse(Some(200), Some(3), 50, 200).map(|p| p.offset()), Ok(400));
        assert_eq!(Page::parse(Some(0), None, 50, 200), Err(QueryError::Limit(200)));
        assert_eq!(Page::parse(Some(201), None, 50, 200), Err(QueryError::Limit(200)));
        assert_eq!(Page::parse(None, Some(0), 50, 200), Err(QueryError::Page));
    }
}
