//! How a room names its guest and host.

/// The name a room shows for a person: the first name and, as accounts gives it on public
/// cards, the initial of the last name (`Ada L.`).
pub fn display_name(first_name: &str, last_name: &str) -> String {
    format!("{} {}", first_name.trim(), last_name.trim()).trim().to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_join_with_one_space_and_missing_parts_leave_no_gap() {
        let cases = [("Ada", "L.", "Ada L."), (" Ada ", "", "Ada"), ("", "L.", "L."), ("", "", "")];
        for (first, last, want) in cases {
            assert_eq!(display_name(first, last), want, "{first:?} {last:?}");
        }
    }
}
