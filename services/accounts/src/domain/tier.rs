//! Driver tiers (002 sections 3 and 6) and what pre-booking verification still needs
//! (CONTRACT: email verified, date of birth on file and 21 or older, licence front, back and
//! selfie uploaded, a payment method on file) and the spec's driver form: the licence's details
//! on file, unexpired. A licence "upload" is needed until both its photos and its details are in.

use chrono::NaiveDate;

/// The four tiers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tier {
    /// New account; books 6+ hours ahead.
    Explorer,
    /// Email, documents and payment method verified; unlocks instant booking.
    VerifiedDriver,
    /// Verified with at least 3 completed trips.
    TrustedDriver,
    /// Verified with at least 10 completed trips.
    EliteDriver,
}

impl Tier {
    /// The name shown to users.
    pub fn label(self) -> &'static str {
        match self {
            Tier::Explorer => "Explorer",
            Tier::VerifiedDriver => "Verified Driver",
            Tier::TrustedDriver => "Trusted Driver",
            Tier::EliteDriver => "Elite Driver",
        }
    }
}

/// The facts that decide verification.
#[derive(Debug, Clone, Default)]
pub struct VerificationFacts {
    /// Email confirmed by a code.
    pub email_verified: bool,
    /// Date of birth on the profile.
    pub dob: Option<NaiveDate>,
    /// Licence front uploaded.
    pub dl_front: bool,
    /// Licence back uploaded.
    pub dl_back: bool,
    /// Selfie uploaded.
    pub selfie: bool,
    /// The licence's expiry, from its details (none until the driver form is sent).
    pub license_expires: Option<NaiveDate>,
    /// A card on file.
    pub has_payment_method: bool,
    /// Completed trips as a guest.
    pub completed_trips: u32,
}

/// `preBookVerifNeededFields` of the profile: `dob` and `dlUploadNeeded` are true while
/// something is missing; `emailVerified` is true once the email is verified.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NeededFields {
    /// A date of birth (21 or older) is still needed.
    pub dob: bool,
    /// The email is verified.
    pub email_verified: bool,
    /// Licence front, back, selfie or the licence's details still missing, or the licence
    /// expired.
    pub dl_upload_needed: bool,
}

impl VerificationFacts {
    /// Licence front, back and selfie are all present.
    pub fn driver_documents_complete(&self) -> bool {
        self.dl_front && self.dl_back && self.selfie
    }

    /// What the profile still needs before booking.
    pub fn needed(&self, today: NaiveDate) -> NeededFields {
        NeededFields {
            dob: self.dob.is_none_or(|d| !pricing_domain::driver::old_enough(d, today)),
            email_verified: self.email_verified,
            dl_upload_needed: !self.driver_documents_complete()
                || self.license_expires.is_none_or(|e| e < today),
        }
    }

    /// Pre-booking verification is complete (CONTRACT).
    pub fn prebook_complete(&self, today: NaiveDate) -> bool {
        let n = self.needed(today);
        !n.dob && n.email_verified && !n.dl_upload_needed && self.has_payment_method
    }

    /// The tier these facts earn.
    pub fn tier(&self, today: NaiveDate) -> Tier {
        if !self.prebook_complete(today) {
            Tier::Explorer
        } else if self.completed_trips >= 10 {
            Tier::EliteDriver
        } else if self.completed_trips >= 3 {
            Tier::TrustedDriver
        } else {
            Tier::VerifiedDriver
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }

    fn complete() -> VerificationFacts {
        VerificationFacts {
            email_verified: true,
            dob: Some(d(1990, 5, 1)),
            dl_front: true,
            dl_back: true,
            selfie: true,
            license_expires: Some(d(2030, 1, 1)),
            has_payment_method: true,
            completed_trips: 0,
        }
    }

    #[test]
    fn each_missing_fact_blocks_prebooking() {
        let today = d(2026, 11, 22);
        assert!(complete().prebook_complete(today));
        let mut f = complete();
        f.email_verified = false;
        assert!(!f.prebook_complete(today));
        assert!(!f.needed(today).email_verified);
        let mut f = complete();
        f.dob = None;
        assert!(f.needed(today).dob);
        let mut f = complete();
        f.dob = Some(d(2006, 1, 1));
        assert!(f.needed(today).dob, "under 21 still needs a valid dob");
        let mut f = complete();
        f.selfie = false;
        assert!(f.needed(today).dl_upload_needed);
        let mut f = complete();
        f.license_expires = None;
        assert!(f.needed(today).dl_upload_needed, "the licence's details are part of it");
        f.license_expires = Some(today);
        assert!(!f.needed(today).dl_upload_needed, "valid through its expiration date");
        f.license_expires = today.pred_opt();
        assert!(f.needed(today).dl_upload_needed, "an expired licence is asked for again");
        let mut f = complete();
        f.has_payment_method = false;
        assert!(!f.prebook_complete(today));
    }

    #[test]
    fn tiers_follow_verification_and_trips() {
        let today = d(2026, 11, 22);
        assert_eq!(VerificationFacts::default().tier(today), Tier::Explorer);
        let mut f = complete();
        assert_eq!(f.tier(today), Tier::VerifiedDriver);
        f.completed_trips = 3;
        assert_eq!(f.tier(today), Tier::TrustedDriver);
        f.completed_trips = 10;
        assert_eq!(f.tier(today).label(), "Elite Driver");
    }
}
