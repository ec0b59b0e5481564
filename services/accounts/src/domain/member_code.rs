//! A member's own invitation code (spec 002 section 1: membership is for verified
//! professionals, and sign-up needs an invitation code or professional information; spec 001
//! section 2: the invitation-code dialog with its Copy button). Each member may hand out one
//! code; the people it brings in are counted like any code's uses.

use rand::Rng;

/// Sign-ups one member's code admits. The spec sets no number; a member vouches for a handful
/// of colleagues, not a crowd, so a code that leaks cannot open the door to everyone.
pub const MEMBER_CODE_USES: i32 = 10;

/// The prefix of members' codes, apart from the codes the product issues itself.
pub const PREFIX: &str = "UP";

/// Letters and digits a person cannot misread when typing a code from a screen (no 0/O, 1/I/L).
const ALPHABET: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/// Characters after the prefix: 31^8, about 8.5e11 codes.
pub const LENGTH: usize = 8;

/// A new random code, `UP` and 8 characters of [`ALPHABET`], already in the form sign-up
/// normalises codes to (upper case).
pub fn generate() -> String {
    let mut rng = rand::rng();
    let mut s = String::with_capacity(PREFIX.len() + LENGTH);
    s.push_str(PREFIX);
    for _ in 0..LENGTH {
        s.push(ALPHABET[rng.random_range(0..ALPHABET.len())] as char);
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::signup::normalize_code;
    use std::collections::HashSet;

    #[test]
    fn a_code_is_the_prefix_and_eight_unambiguous_characters_sign_up_reads_as_typed() {
        for _ in 0..500 {
            let c = generate();
            assert_eq!(c.len(), PREFIX.len() + LENGTH, "{c}");
            assert!(c.starts_with(PREFIX), "{c}");
            assert!(c[PREFIX.len()..].bytes().all(|b| ALPHABET.contains(&b)), "{c}");
            assert!(!c[PREFIX.len()..].contains(['0', 'O', '1', 'I', 'L']), "{c}");
            assert_eq!(normalize_code(&c.to_lowercase()), c);
        }
    }

    #[test]
    fn codes_do_not_repeat_in_practice() {
        let codes: HashSet<String> = (0..10_000).map(|_| generate()).collect();
        assert_eq!(codes.len(), 10_000);
    }
}
