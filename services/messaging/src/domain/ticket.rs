//! Support tickets (spec 000 s. 4.8, 5, 7, 9): what a ticket needs, its defaults, and how
//! support moves it along.

/// Who a new ticket is assigned to (spec 000 s. 9: "assigned to the support team").
pub const SUPPORT_TEAM: &str = "support_team";
/// Where tickets of the help page come from (spec 000 s. 9).
pub const SUPPORT_PAGE: &str = "support_page";
/// The answer to a created ticket (spec 000 s. 8).
pub const CREATED_MESSAGE: &str = "Service Ticket Created Successfully!";
/// Longest name, title and description.
pub const MAX_NAME_CHARS: usize = 100;
pub const MAX_TITLE_CHARS: usize = 200;
pub const MAX_DESCRIPTION_CHARS: usize = 5000;
/// Tickets a page of the admin list holds when the caller does not say, and at most.
pub const DEFAULT_TICKETS_PAGE: i32 = 20;
pub const MAX_TICKETS_PAGE: i32 = 100;

/// Why a ticket is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TicketError {
    #[error("Title is required")]
    TitleRequired,
    #[error("Description is required")]
    DescriptionRequired,
    #[error("Name is required")]
    NameRequired,
    #[error("Please enter your email address")]
    EmailRequired,
    #[error("Please enter a valid email address")]
    InvalidEmail,
    #[error("The title can be at most 200 characters")]
    TitleTooLong,
    #[error("The description can be at most 5000 characters")]
    DescriptionTooLong,
    #[error("The name can be at most 100 characters")]
    NameTooLong,
    #[error("priority must be low, medium, high or urgent")]
    InvalidPriority,
    #[error("status must be pending, in_progress, resolved or closed")]
    InvalidStatus,
    #[error("A closed ticket cannot change")]
    Closed,
    #[error("assignedTo must be support_team or an admin's id")]
    InvalidAssignee,
}

/// How urgent a ticket is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Priority {
    Low,
    Medium,
    High,
    Urgent,
}

impl Priority {
    /// Reads a priority.
    pub fn parse(s: &str) -> Result<Self, TicketError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "low" => Ok(Priority::Low),
            "medium" => Ok(Priority::Medium),
            "high" => Ok(Priority::High),
            "urgent" => Ok(Priority::Urgent),
            _ => Err(TicketError::InvalidPriority),
        }
    }

    /// As stored and answered.
    pub fn as_str(self) -> &'static str {
        match self {
            Priority::Low => "low",
            Priority::Medium => "medium",
            Priority::High => "high",
            Priority::Urgent => "urgent",
        }
    }
}

/// Where a ticket stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    Pending,
    InProgress,
    Resolved,
    Closed,
}

impl Status {
    /// Reads a status (`in_progress`, also written `in-progress` or `inProgress`).
    pub fn parse(s: &str) -> Result<Self, TicketError> {
        match s.trim().to_ascii_lowercase().replace('-', "_").as_str() {
            "pending" => Ok(Status::Pending),
            "in_progress" | "inprogress" => Ok(Status::InProgress),
            "resolved" => Ok(Status::Resolved),
            "closed" => Ok(Status::Closed),
            _ => Err(TicketError::InvalidStatus),
        }
    }

    /// As stored and answered.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Pending => "pending",
            Status::InProgress => "in_progress",
            Status::Resolved => "resolved",
            Status::Closed => "closed",
        }
    }

    /// Support moves a ticket to any status, back as well (a resolved ticket reopens), except
    /// that a closed ticket stays closed.
    pub fn change_to(self, to: Status) -> Result<Status, TicketError> {
        if self == Status::Closed && to != Status::Closed {
            return Err(TicketError::Closed);
        }
        Ok(to)
    }
}

/// A ticket's assignee: the support team or one admin.
pub fn parse_assignee(s: &str) -> Result<String, TicketError> {
    let s = s.trim();
    if s.is_empty() || s.eq_ignore_ascii_case(SUPPORT_TEAM) {
        return Ok(SUPPORT_TEAM.to_owned());
    }
    s.parse::<uuid::Uuid>().map(|u| u.to_string()).map_err(|_| TicketError::InvalidAssignee)
}

/// The simple `{local}@{domain}.{tld}` shape the spec's client checks, with no spaces.
pub fn is_email(s: &str) -> bool {
    let Some((local, domain)) = s.split_once('@') else { return false };
    !local.is_empty()
        && !domain.contains('@')
        && domain.split('.').count() >= 2
        && domain.split('.').all(|p| !p.is_empty())
        && !s.chars().any(char::is_whitespace)
        && s.len() <= 254
}

/// A ticket as it will be stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TicketDraft {
    pub name: String,
    pub email: String,
    pub title: String,
    pub description: String,
}

/// Who is asking: a signed-in user's name and email come from their profile, an anonymous
/// visitor must give both.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Requester {
    Anonymous,
    SignedIn { name: String, email: String },
}

impl TicketDraft {
    /// Checks a ticket: title and description always, name and email from an anonymous
    /// visitor (a signed-in user's own are used whatever the form says).
    pub fn parse(
        who: &Requester,
        name: &str,
        email: &str,
        title: &str,
        description: &str,
    ) -> Result<Self, TicketError> {
        let title = title.trim();
        let description = description.trim();
        if title.is_empty() {
            return Err(TicketError::TitleRequired);
        }
        if description.is_empty() {
            return Err(TicketError::DescriptionRequired);
        }
        if title.chars().count() > MAX_TITLE_CHARS {
            return Err(TicketError::TitleTooLong);
        }
        if description.chars().count() > MAX_DESCRIPTION_CHARS {
            return Err(TicketError::DescriptionTooLong);
        }
        let (name, email) = match who {
            Requester::SignedIn { name, email } => {
                (name.trim().to_owned(), email.trim().to_lowercase())
            }
            Requester::Anonymous => {
                let (name, email) = (name.trim(), email.trim().to_lowercase());
                if name.is_empty() {
                    return Err(TicketError::NameRequired);
                }
                if email.is_empty() {
                    return Err(TicketError::EmailRequired);
                }
                (name.to_owned(), email)
            }
        };
        if name.chars().count() > MAX_NAME_CHARS {
            return Err(TicketError::NameTooLong);
        }
        if !is_email(&email) {
            return Err(TicketError::InvalidEmail);
        }
        // A profile without a name still files a ticket under its email.
        let name = if name.is_empty() { email.clone() } else { name };
        Ok(Self { name, email, title: title.to_owned(), description: description.to_owned() })
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn anon(
        name: &str,
        email: &str,
        title: &str,
        description: &str,
    ) -> Result<TicketDraft, TicketError> {
        TicketDraft::parse(&Requester::Anonymous, name, email, title, description)
    }

    #[test]
    fn anonymous_tickets_need_a_name_and_a_valid_email_and_every_ticket_a_title_and_description() {
        let long_title = "t".repeat(MAX_TITLE_CHARS + 1);
        let cases = [
            ("Ana", "ana@example.com", "Refund", "Where is it?", Ok(())),
            ("", "ana@example.com", "Refund", "Where?", Err(TicketError::NameRequired)),
            ("Ana", " ", "Refund", "Where?", Err(TicketError::EmailRequired)),
            ("Ana", "ana@example", "Refund", "Where?", Err(TicketError::InvalidEmail)),
            ("Ana", "ana example.com", "Refund", "Where?", Err(TicketError::InvalidEmail)),
            ("Ana", "a@b@c.com", "Refund", "Where?", Err(TicketError::InvalidEmail)),
            ("Ana", "ana@example.com", " ", "Where?", Err(TicketError::TitleRequired)),
            ("Ana", "ana@example.com", "Refund", "", Err(TicketError::DescriptionRequired)),
            ("Ana", "ana@example.com", &long_title, "x", Err(TicketError::TitleTooLong)),
        ];
        for (name, email, title, description, want) in cases {
            assert_eq!(
                anon(name, email, title, description).map(|_| ()),
                want,
                "{name} {email} {title:.10}"
            );
        }
        let t = anon(" Ana ", " Ana@Example.COM ", " Refund ", " Where? ").unwrap();
        assert_eq!(
            (t.name.as_str(), t.email.as_str(), t.title.as_str()),
            ("Ana", "ana@example.com", "Refund")
        );
    }

    #[test]
    fn a_signed_in_users_own_name_and_email_are_used_whatever_the_form_says() {
        let me = Requester::SignedIn { name: "Ada L.".into(), email: "ada@example.com".into() };
        let t = TicketDraft::parse(&me, "", "someone@else.com", "Help", "Please").unwrap();
        assert_eq!((t.name.as_str(), t.email.as_str()), ("Ada L.", "ada@example.com"));
        let nameless = Requester::SignedIn { name: String::new(), email: "x@y.io".into() };
        assert_eq!(TicketDraft::parse(&nameless, "", "", "Help", "Please").unwrap().name, "x@y.io");
    }

    #[test]
    fn statuses_and_priorities_read_their_spellings_and_a_closed_ticket_stays_closed() {
        for (s, want) in [
            ("pending", Status::Pending),
            ("in-progress", Status::InProgress),
            ("IN_PROGRESS", Status::InProgress),
            ("resolved", Status::Resolved),
            ("closed", Status::Closed),
        ] {
            assert_eq!(Status::parse(s), Ok(want), "{s}");
            assert_eq!(Status::parse(want.as_str()), Ok(want));
        }
        assert_eq!(Status::parse("done"), Err(TicketError::InvalidStatus));
        for p in [Priority::Low, Priority::Medium, Priority::High, Priority::Urgent] {
            assert_eq!(Priority::parse(p.as_str()), Ok(p));
        }
        assert_eq!(Priority::parse("asap"), Err(TicketError::InvalidPriority));
        assert_eq!(Status::Resolved.change_to(Status::InProgress), Ok(Status::InProgress));
        assert_eq!(Status::Closed.change_to(Status::Pending), Err(TicketError::Closed));
        assert_eq!(Status::Closed.change_to(Status::Closed), Ok(Status::Closed));
    }

    #[test]
    fn tickets_go_to_the_support_team_or_one_admin() {
        assert_eq!(parse_assignee(""), Ok(SUPPORT_TEAM.to_owned()));
        assert_eq!(parse_assignee("Support_Team"), Ok(SUPPORT_TEAM.to_owned()));
        let id = uuid::Uuid::now_v7();
        assert_eq!(parse_assignee(&id.to_string()), Ok(id.to_string()));
        assert_eq!(parse_assignee("bob"), Err(TicketError::InvalidAssignee));
    }
}
