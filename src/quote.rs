//! Outside text (input, a file's name) quoted in a message, which stays one line.

/// `text` quoted for an error message: control characters escaped, cut after 40 characters.
pub fn quoted(text: &str) -> String {
    format!("'{}'", escaped(text, 40))
}

/// `text` quoted as [`quoted`] does, but whole: a file's name.
pub fn quoted_in_full(text: &str) -> String {
    format!("'{}'", escaped(text, usize::MAX))
}

/// `text` with control characters escaped, cut to `...` after `longest` characters.
pub fn escaped(text: &str, longest: usize) -> String {
    let mut out = String::new();
    for (i, c) in text.chars().enumerate() {
        if i == longest {
            out += "...";
            break;
        }
        match c {
            '\0' => out += "\\0",
            c if c.is_control() => out.extend(c.escape_default()),
            c => out.push(c),
        }
    }
    out
}
