//! Where a listing stands: the `listings.status` column, and what each stage lets the host
//! and a team do with the car. One match per question, so a new stage must answer each.

/// A listing's stage, from the wizard to deletion.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ListingStage {
    /// In the wizard (spec 001 sections 4-5): not every section saved, or not submitted.
    Draft,
    /// Submitted ("Your car listing is under review and will be approved soon.").
    UnderReview,
    /// Approved and listed: searchable and bookable.
    Active,
    /// Refused by review with a reason; the host edits it in the wizard and submits again.
    Rejected,
    /// Hidden for a while by the host.
    Snoozed,
    /// Taken off the platform by the host.
    Unlisted,
    /// Deleted by the host: kept for the trips it had, answered as not found.
    Deleted,
}

impl ListingStage {
    /// Every stage, for the tests that walk them all.
    pub const ALL: [ListingStage; 7] = [
        ListingStage::Draft,
        ListingStage::UnderReview,
        ListingStage::Active,
        ListingStage::Rejected,
        ListingStage::Snoozed,
        ListingStage::Unlisted,
        ListingStage::Deleted,
    ];

    /// The stored value (the column's CHECK lists the same).
    pub fn as_str(self) -> &'static str {
        match self {
            ListingStage::Draft => "draft",
            ListingStage::UnderReview => "pending",
            ListingStage::Active => "active",
            ListingStage::Rejected => "rejected",
            ListingStage::Snoozed => "snoozed",
            ListingStage::Unlisted => "unlisted",
            ListingStage::Deleted => "deleted",
        }
    }

    /// The stage of a stored value; `None` for a value the column does not take.
    pub fn parse(s: &str) -> Option<ListingStage> {
        Self::ALL.into_iter().find(|st| st.as_str() == s)
    }

    /// Past review and not deleted: the host sets its status (listed, snoozed, unlisted),
    /// deletes it, and its state is published to search and pricing.
    pub fn on_platform(self) -> bool {
        match self {
            ListingStage::Active | ListingStage::Snoozed | ListingStage::Unlisted => true,
            ListingStage::Draft
            | ListingStage::UnderReview
            | ListingStage::Rejected
            | ListingStage::Deleted => false,
        }
    }

    /// The car-update calls (price, discounts, trip preferences, guest instructions, details,
    /// extras, photos, inspection form) apply: on the platform, and under review, where the
    /// host corrects what the reviewer will approve (the listing stays under review).
    pub fn takes_car_updates(self) -> bool {
        self.on_platform() || self == ListingStage::UnderReview
    }

    /// A co-host team may hold the car: the ones that take car updates, so a team is formed
    /// while the listing waits for approval.
    pub fn may_join_team(self) -> bool {
        self.takes_car_updates()
    }

    /// Its state is published (`hosting.car_listing_changed`): approved once, deleted included
    /// (so search drops it).
    pub fn is_published(self) -> bool {
        self.on_platform() || self == ListingStage::Deleted
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_stage_reads_back_from_its_stored_value() {
        for st in ListingStage::ALL {
            assert_eq!(ListingStage::parse(st.as_str()), Some(st));
        }
        assert_eq!(ListingStage::parse("approved"), None);
    }

    #[test]
    fn what_each_stage_allows() {
        use ListingStage::*;
        // (stage, on the platform, car updates, team, published)
        let table = [
            (Draft, false, false, false, false),
            (UnderReview, false, true, true, false),
            (Active, true, true, true, true),
            (Rejected, false, false, false, false),
            (Snoozed, true, true, true, true),
            (Unlisted, true, true, true, true),
            (Deleted, false, false, false, true),
        ];
        assert_eq!(table.len(), ListingStage::ALL.len());
        for (st, platform, updates, team, published) in table {
            assert_eq!(
                (st.on_platform(), st.takes_car_updates(), st.may_join_team(), st.is_published()),
                (platform, updates, team, published),
                "{st:?}"
            );
        }
    }
}
