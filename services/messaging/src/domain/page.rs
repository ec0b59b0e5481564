//! Paging of the chat list (spec 001: page size 10).

/// Rooms per page when the caller does not say.
pub const DEFAULT_PAGE_SIZE: i32 = 10;
/// Most rooms one page holds.
pub const MAX_PAGE_SIZE: i32 = 50;

/// Why paging parameters are refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PageError {
    #[error("limit must be between 1 and 50")]
    Limit,
    #[error("currentPage must be 1 or more")]
    Page,
}

/// One page of a list: its size and its number, from 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Page {
    pub limit: i32,
    pub current: i32,
}

impl Page {
    /// Reads the request's `limit` and `currentPage`; absent means 10 and 1.
    pub fn parse(limit: Option<i32>, current_page: Option<i32>) -> Result<Self, PageError> {
        let limit = limit.unwrap_or(DEFAULT_PAGE_SIZE);
        if !(1..=MAX_PAGE_SIZE).contains(&limit) {
            return Err(PageError::Limit);
        }
        let current = current_page.unwrap_or(1);
        if current < 1 {
            return Err(PageError::Page);
        }
        Ok(Self { limit, current })
    }

    /// Rows skipped before this page.
    pub fn offset(self) -> i64 {
        (i64::from(self.current) - 1) * i64::from(self.limit)
    }

    /// Pages needed for `total` rows (0 for none).
    pub fn count(self, total: i64) -> i32 {
        let pages = (total.max(0) + i64::from(self.limit) - 1) / i64::from(self.limit);
        i32::try_from(pages).unwrap_or(i32::MAX)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn absent_paging_is_the_first_page_of_ten() {
        assert_eq!(Page::parse(None, None), Ok(Page { limit: 10, current: 1 }));
    }

    #[test]
    fn out_of_range_paging_is_refused() {
        let cases = [
            (Some(0), None, Err(PageError::Limit)),
            (Some(-3), None, Err(PageError::Limit)),
            (Some(51), None, Err(PageError::Limit)),
            (Some(50), Some(1), Ok(Page { limit: 50, current: 1 })),
            (Some(1), Some(0), Err(PageError::Page)),
            (None, Some(-1), Err(PageError::Page)),
            (None, Some(i32::MAX), Ok(Page { limit: 10, current: i32::MAX })),
        ];
        for (limit, page, want) in cases {
            assert_eq!(Page::parse(limit, page), want, "{limit:?} {page:?}");
        }
    }

    #[test]
    fn offsets_and_page_counts_follow_the_size() {
        let p = Page { limit: 10, current: 3 };
        assert_eq!(p.offset(), 20);
        for (total, pages) in [(0, 0), (1, 1), (10, 1), (11, 2), (25, 3)] {
            assert_eq!(p.count(total), pages, "{total}");
        }
        let far = Page { limit: 50, current: i32::MAX };
        assert_eq!(far.offset(), (i64::from(i32::MAX) - 1) * 50);
    }
}
