//! The spec's input sanitizers (002 section 5, 000 section 5): a "string" field loses HTML tags
//! and keeps only letters, spaces, apostrophes and hyphens; an "email" is lowercased and
//! trimmed; a "phone" keeps digits only.

/// Removes `<...>` tags, then keeps letters, spaces, apostrophes and hyphens; trims the ends
/// and folds runs of spaces.
pub fn string(input: &str) -> String {
    let mut without_tags = String::with_capacity(input.len());
    let mut in_tag = false;
    for c in input.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            _ if !in_tag => without_tags.push(c),
            _ => {}
        }
    }
    let kept: String = without_tags
        .chars()
        .filter(|c| c.is_alphabetic() || *c == ' ' || *c == '\'' || *c == '-')
        .collect();
    kept.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Lowercases and trims.
pub fn email(input: &str) -> String {
    input.trim().to_lowercase()
}

/// Keeps digits only.
pub fn phone(input: &str) -> String {
    input.chars().filter(char::is_ascii_digit).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn string_sanitizer_follows_the_spec() {
        let cases = [
            ("Ada", "Ada"),
            ("  Ada  ", "Ada"),
            ("<b>Ada</b>", "Ada"),
            ("<script>alert(1)</script>Bob", "alertBob"),
            ("O'Brien", "O'Brien"),
            ("Mary-Jane", "Mary-Jane"),
            ("Ana  María", "Ana María"),
            ("R2-D2", "R-D"),
            ("José!", "José"),
            ("12345", ""),
            ("<img src=x onerror=alert(1)>", ""),
        ];
        for (input, want) in cases {
            assert_eq!(string(input), want, "input {input:?}");
        }
    }

    #[test]
    fn email_sanitizer_lowercases_and_trims() {
        assert_eq!(email("  Ada@Example.COM "), "ada@example.com");
        assert_eq!(email(""), "");
    }

    #[test]
    fn phone_sanitizer_keeps_digits_only() {
        assert_eq!(phone("(415) 555-0100"), "4155550100");
        assert_eq!(phone("+1 415.555.0100"), "14155550100");
        assert_eq!(phone("abc"), "");
    }
}
