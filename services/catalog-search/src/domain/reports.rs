//! Listing reports (spec 000 sections 4.5 and 5: both fields required).

/// The longest reason accepted.
pub const MAX_REASON_CHARS: usize = 1000;
/// The longest report type accepted (the client sends a short label).
pub const MAX_REPORT_TYPE_CHARS: usize = 100;

/// Why a report was refused; the texts are shown to the user.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReportError {
    #[error("Report type is required")]
    TypeRequired,
    #[error("Reason is required")]
    ReasonRequired,
    #[error("Report type must be at most 100 characters")]
    TypeTooLong,
    #[error("Reason must be at most 1000 characters")]
    ReasonTooLong,
}

/// A valid report: trimmed, without control characters (Postgres refuses NUL), within limits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListingReport {
    pub report_type: String,
    pub reason: String,
}

fn clean(s: &str) -> String {
    s.chars()
        .filter(|c| !c.is_control() || matches!(c, '\n' | '\t'))
        .collect::<String>()
        .trim()
        .to_owned()
}

impl ListingReport {
    /// Checks the two fields in the order the form shows them.
    pub fn parse(report_type: &str, reason: &str) -> Result<Self, ReportError> {
        let (report_type, reason) = (clean(report_type), clean(reason));
        if report_type.is_empty() {
            return Err(ReportError::TypeRequired);
        }
        if reason.is_empty() {
            return Err(ReportError::ReasonRequired);
        }
        if report_type.chars().count() > MAX_REPORT_TYPE_CHARS {
            return Err(ReportError::TypeTooLong);
        }
        if reason.chars().count() > MAX_REASON_CHARS {
            return Err(ReportError::ReasonTooLong);
        }
        Ok(Self { report_type, reason })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_fields_are_required_and_limited() {
        let long_reason = "é".repeat(MAX_REASON_CHARS + 1);
        for (t, r, want) in [
            ("", "photos are fake", ReportError::TypeRequired),
            ("   ", "photos are fake", ReportError::TypeRequired),
            ("Inaccurate", "", ReportError::ReasonRequired),
            ("Inaccurate", " \n\t ", ReportError::ReasonRequired),
            ("", "", ReportError::TypeRequired),
            ("Inaccurate", long_reason.as_str(), ReportError::ReasonTooLong),
        ] {
            assert_eq!(ListingReport::parse(t, r), Err(want), "{t:?} {r:?}");
        }
        assert_eq!(
            ListingReport::parse(&"x".repeat(MAX_REPORT_TYPE_CHARS + 1), "why"),
            Err(ReportError::TypeTooLong)
        );
    }

    #[test]
    fn the_limit_counts_characters_and_text_is_cleaned() {
        let reason = "é".repeat(MAX_REASON_CHARS);
        assert!(ListingReport::parse("Other", &reason).is_ok(), "1000 characters, 2000 bytes");
        let r = ListingReport::parse("  Unsafe\u{0} ", " brakes\u{0}\u{7} squeal\nbadly ").unwrap();
        assert_eq!(r.report_type, "Unsafe");
        assert_eq!(r.reason, "brakes squeal\nbadly");
        assert_eq!(ListingReport::parse("Spam", "\u{0}"), Err(ReportError::ReasonRequired));
    }
}
