//! The search text as tokens: words, numbers (1st, 24th), clock times (9am, 9:30 pm), ISO
//! dates (2026-12-24), slash dates (12/24, 12/24/2026) and dashes.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Meridiem {
    Am,
    Pm,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Tok {
    Word(String),
    /// A number; `ordinal` for 1st, 2nd, 24th.
    Num {
        value: u32,
        ordinal: bool,
    },
    /// 9am, 9:30, 9:30 pm.
    Clock {
        hour: u32,
        minute: u32,
        meridiem: Option<Meridiem>,
    },
    /// 2026-12-24.
    Iso {
        year: i32,
        month: u32,
        day: u32,
    },
    /// 12/24 or 12/24/2026.
    Slash {
        first: u32,
        second: u32,
        year: Option<i32>,
    },
    Dash,
}

pub(super) fn tokenize(text: &str) -> Vec<Tok> {
    let cs: Vec<char> = text.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < cs.len() {
        let c = cs[i];
        if c.is_ascii_digit() {
            i = lex_number(&cs, i, &mut tokens);
        } else if c.is_alphabetic() {
            let start = i;
            while i < cs.len()
                && (cs[i].is_alphabetic()
                    || (matches!(cs[i], '\'' | '\u{2019}')
                        && cs.get(i + 1).is_some_and(|n| n.is_alphabetic())))
            {
                i += 1;
            }
            let word: String = cs[start..i]
                .iter()
                .filter(|c| c.is_alphabetic())
                .flat_map(|c| c.to_lowercase())
                .collect();
            tokens.push(Tok::Word(word));
        } else {
            if matches!(c, '-' | '\u{2013}' | '\u{2014}') {
                tokens.push(Tok::Dash);
            } else if c == '@' {
                tokens.push(Tok::Word("at".to_owned()));
            }
            i += 1;
        }
    }
    tokens
}

fn read_digits(cs: &[char], from: usize) -> (String, usize) {
    let mut end = from;
    while end < cs.len() && cs[end].is_ascii_digit() {
        end += 1;
    }
    (cs[from..end].iter().collect(), end)
}

fn to_u32(digits: &str) -> u32 {
    digits.parse().unwrap_or(u32::MAX)
}

/// Reads a number-like token at `i`; returns the index after it.
fn lex_number(cs: &[char], i: usize, tokens: &mut Vec<Tok>) -> usize {
    let (d1, j) = read_digits(cs, i);
    let at = |k: usize| cs.get(k).copied();

    if d1.len() == 4 && at(j) == Some('-') {
        let (d2, k) = read_digits(cs, j + 1);
        if (1..=2).contains(&d2.len()) && at(k) == Some('-') {
            let (d3, end) = read_digits(cs, k + 1);
            if (1..=2).contains(&d3.len()) {
                tokens.push(Tok::Iso {
                    year: i32::try_from(to_u32(&d1)).unwrap_or(i32::MAX),
                    month: to_u32(&d2),
                    day: to_u32(&d3),
                });
                return end;
            }
        }
    }
    if d1.len() <= 2 && at(j) == Some('/') {
        let (d2, k) = read_digits(cs, j + 1);
        if (1..=2).contains(&d2.len()) {
            let mut end = k;
            let mut year = None;
            if at(k) == Some('/') {
                let (d3, e) = read_digits(cs, k + 1);
                if d3.len() == 2 || d3.len() == 4 {
                    let y = i32::try_from(to_u32(&d3)).unwrap_or(i32::MAX);
                    year = Some(if d3.len() == 2 { 2000 + y } else { y });
                    end = e;
                }
            }
            tokens.push(Tok::Slash { first: to_u32(&d1), second: to_u32(&d2), year });
            return end;
        }
    }
    let value = to_u32(&d1);
    if d1.len() <= 2 && at(j) == Some(':') {
        let (d2, k) = read_digits(cs, j + 1);
        if d2.len() == 2 {
            let (meridiem, end) = lex_meridiem(cs, k);
            tokens.push(Tok::Clock { hour: value, minute: to_u32(&d2), meridiem });
            return end;
        }
    }
    if d1.len() <= 2
        && let (Some(meridiem), end) = lex_meridiem(cs, j)
    {
        tokens.push(Tok::Clock { hour: value, minute: 0, meridiem: Some(meridiem) });
        return end;
    }
    let suffix: String = cs[j..cs.len().min(j + 2)].iter().collect();
    let ends_word = !at(j + 2).is_some_and(char::is_alphabetic);
    if matches!(suffix.as_str(), "st" | "nd" | "rd" | "th") && ends_word {
        tokens.push(Tok::Num { value, ordinal: true });
        return j + 2;
    }
    tokens.push(Tok::Num { value, ordinal: false });
    j
}

/// "am"/"pm" (after optional spaces), or "a"/"p" right after the digits.
fn lex_meridiem(cs: &[char], from: usize) -> (Option<Meridiem>, usize) {
    let mut k = from;
    while k < cs.len() && cs[k] == ' ' {
        k += 1;
    }
    let meridiem = |c: char| match c {
        'a' => Some(Meridiem::Am),
        'p' => Some(Meridiem::Pm),
        _ => None,
    };
    let alpha_at = |k: usize| cs.get(k).is_some_and(|c| c.is_alphabetic());
    if let (Some(&c), Some('m')) = (cs.get(k), cs.get(k + 1).copied())
        && let Some(m) = meridiem(c)
        && !alpha_at(k + 2)
    {
        return (Some(m), k + 2);
    }
    if let Some(&c) = cs.get(from)
        && let Some(m) = meridiem(c)
        && !alpha_at(from + 1)
    {
        return (Some(m), from + 1);
    }
    (None, from)
}
