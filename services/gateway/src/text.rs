//! The product's one rule for the text people send: it is kept as they wrote it, without the
//! characters that change how text is shown rather than what it says. Every JSON body and
//! query string passes through [`clean`] at the edge (`wire.rs`), before any service sees it,
//! so a profile's `about`, a chat message, a listing's description, a review or a support
//! ticket is stored without them, whichever call carries it.
//!
//! Taken out: control characters other than tab and line feed (a carriage return goes: a
//! line ends with a line feed), DEL and the C1 controls (terminal escape sequences start with
//! them), the bidirectional embeddings, overrides, isolates and marks (U+202E turns
//! `exe.txt` into `txt.exe` on screen), zero-width spaces, joiners and the byte-order mark,
//! the soft hyphen, Hangul fillers used as blank names, interlinear annotations, and tag
//! characters. Kept: the zero-width joiner between two emoji (family and profession emoji are
//! built with it), tags after the black flag (subdivision flags), and variation selectors.
//! Line and paragraph separators become line feeds. Passwords are not touched: they are
//! compared, never shown. A NUL character is refused before this (400), as Postgres text
//! cannot hold one.

use serde_json::Value;
use std::borrow::Cow;

const ZWJ: char = '\u{200D}';
const BLACK_FLAG: char = '\u{1F3F4}';

/// Emoji and the marks that build emoji sequences (skin tones, VS16, keycaps).
fn is_emoji_part(c: char) -> bool {
    matches!(c as u32,
        0x1F000..=0x1FAFF | 0x2600..=0x27BF | 0x2B00..=0x2BFF | 0x2300..=0x23FF | 0xFE0F | 0x20E3)
}

fn is_tag(c: char) -> bool {
    matches!(c as u32, 0xE0000..=0xE007F)
}

/// Characters that never stay, whatever surrounds them.
fn is_hidden(c: char) -> bool {
    matches!(c as u32,
        // C0 controls but tab and line feed; DEL; C1 controls.
        0x00..=0x08 | 0x0B..=0x1F | 0x7F..=0x9F
        // Soft hyphen, Arabic letter mark, Hangul fillers, Mongolian vowel separator.
        | 0xAD | 0x061C | 0x115F | 0x1160 | 0x3164 | 0xFFA0 | 0x180E
        // Zero-width space and non-joiner, left-to-right and right-to-left marks.
        | 0x200B | 0x200C | 0x200E | 0x200F
        // Bidirectional embeddings and overrides; word joiner to invisible plus; isolates;
        // deprecated format characters.
        | 0x202A..=0x202E | 0x2060..=0x206F
        // Byte-order mark (zero-width no-break space), interlinear annotations.
        | 0xFEFF | 0xFFF9..=0xFFFB)
}

/// The text without the hidden characters (borrowed when there was none).
pub fn clean(s: &str) -> Cow<'_, str> {
    let needs = s
        .chars()
        .any(|c| is_hidden(c) || c == ZWJ || is_tag(c) || c == '\u{2028}' || c == '\u{2029}');
    if !needs {
        return Cow::Borrowed(s);
    }
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::with_capacity(s.len());
    // The last character kept that is not a tag: tags stay only in a flag's sequence.
    let mut base: Option<char> = None;
    for (i, &c) in chars.iter().enumerate() {
        let keep = match c {
            '\u{2028}' | '\u{2029}' => {
                out.push('\n');
                base = Some('\n');
                continue;
            }
            ZWJ => {
                let before = out.chars().next_back().is_some_and(is_emoji_part);
                let after = chars.get(i + 1).is_some_and(|n| is_emoji_part(*n));
                before && after
            }
            c if is_tag(c) => base == Some(BLACK_FLAG),
            c => !is_hidden(c),
        };
        if keep {
            out.push(c);
            if !is_tag(c) {
                base = Some(c);
            }
        }
    }
    Cow::Owned(out)
}

/// Whether a JSON document may hold a character [`clean`] takes out: any escape but the
/// common ones, or the UTF-8 lead bytes of the ranges above. A cheap scan, so the usual body
/// is read once; `false` means there is certainly nothing to clean.
pub fn json_may_need_cleaning(bytes: &[u8]) -> bool {
    bytes.windows(2).any(|w| match w {
        // `\u....`, `\r`, `\b`, `\f` escapes (a literal backslash `\\` is harmless but rare).
        [b'\\', b'u' | b'r' | b'b' | b'f'] => true,
        // DEL; C1 controls and the soft hyphen (C2 80-9F, C2 AD); U+061C (D8 9C).
        [0x7F, _] | [_, 0x7F] => true,
        [0xC2, 0x80..=0x9F | 0xAD] | [0xD8, 0x9C] => true,
        // U+1xxx (Hangul fillers, Mongolian separator: E1), U+2xxx (E2: zero-width,
        // bidirectional, separators), U+3164 (E3), U+FExx/FFxx (EF), tags (F3 A0).
        [0xE1 | 0xE2 | 0xE3 | 0xEF, _] | [0xF3, 0xA0] => true,
        _ => false,
    })
}

/// Cleans every text of a JSON document in place, keys included; the values of keys naming a
/// password are left as sent.
pub fn clean_json(v: &mut Value) {
    match v {
        Value::String(s) => {
            if let Cow::Owned(c) = clean(s) {
                *s = c;
            }
        }
        Value::Array(items) => items.iter_mut().for_each(clean_json),
        Value::Object(map) => {
            let entries = std::mem::take(map);
            for (k, mut val) in entries {
                if !k.to_ascii_lowercase().contains("password") {
                    clean_json(&mut val);
                }
                map.insert(clean(&k).into_owned(), val);
            }
        }
        Value::Null | Value::Bool(_) | Value::Number(_) => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn hidden_characters_go_and_what_people_write_stays() {
        for (sent, stored) in [
            // Bidirectional override: "gpj.exe" shown as "exe.jpg".
            ("photo\u{202E}gpj.exe", "photogpj.exe"),
            ("isolate \u{2066}x\u{2069} mark\u{200F}", "isolate x mark"),
            // Terminal escape sequences lose their escape.
            ("\u{1b}[31mred\u{1b}[0m", "[31mred[0m"),
            ("c1\u{9b}31m", "c131m"),
            // Zero-width and invisible characters.
            ("pay\u{200B}pal\u{200C}\u{2060}\u{FEFF}", "paypal"),
            ("soft\u{AD}hyphen", "softhyphen"),
            ("\u{3164}\u{3164}", ""),
            ("a\rb\r\nc", "ab\nc"),
            ("line\u{2028}break\u{2029}", "line\nbreak\n"),
            ("bell\u{7}del\u{7f}", "belldel"),
            // Kept as written.
            ("Tabs\tand\nlines stay", "Tabs\tand\nlines stay"),
            ("Café 東京 Ünïcödé, 50% off — $12.50", "Café 東京 Ünïcödé, 50% off — $12.50"),
            ("mañana عربى עברית", "mañana عربى עברית"),
        ] {
            assert_eq!(clean(sent), stored, "{sent:?}");
        }
        assert!(matches!(clean("plain text"), Cow::Borrowed(_)));
    }

    #[test]
    fn emoji_sequences_keep_their_joiners_and_tags_and_lose_stray_ones() {
        let family = "👨\u{200D}👩\u{200D}👧";
        assert_eq!(clean(family), family);
        let scientist = "👩🏽\u{200D}🔬";
        assert_eq!(clean(scientist), scientist);
        let rainbow = "🏳\u{FE0F}\u{200D}🌈";
        assert_eq!(clean(rainbow), rainbow);
        let england = "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}";
        assert_eq!(clean(england), england);
        assert_eq!(clean("a\u{200D}b"), "ab");
        assert_eq!(clean("👍\u{200D}x"), "👍x");
        assert_eq!(clean("hidden\u{E0041}\u{E0042} tags"), "hidden tags");
    }

    #[test]
    fn the_scan_finds_every_hidden_character_the_rule_takes_out() {
        for c in (0u32..0x30000).chain(0xE0000..0xE0080).filter_map(char::from_u32) {
            let s = format!("x{c}y");
            if clean(&s) != s {
                let raw = serde_json::to_string(&json!({ "t": s })).unwrap();
                assert!(json_may_need_cleaning(raw.as_bytes()), "U+{:04X} slips past", c as u32);
            }
        }
        assert!(!json_may_need_cleaning("{\"about\":\"Plain text, café too\"}".as_bytes()));
    }

    #[test]
    fn a_json_document_is_cleaned_everywhere_but_passwords() {
        let mut v = json!({
            "about": "hi\u{202E}there",
            "tags": ["a\u{200B}b", {"n\u{200B}ame": "x\u{1b}y"}],
            "newPassword": "pa\u{200B}ss",
            "password": "\u{202E}secret",
            "count": 3
        });
        clean_json(&mut v);
        assert_eq!(
            v,
            json!({
                "about": "hithere",
                "tags": ["ab", {"name": "xy"}],
                "newPassword": "pa\u{200B}ss",
                "password": "\u{202E}secret",
                "count": 3
            })
        );
    }
}
