//! Tokens: the lexer that turns a source into tokens with their lines, and the splits on
//! them (items, brackets, attributes) that every later stage uses.

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    Ident,
    Punct,
    Literal,
}

/// A token of the code (comments are not tokens), with the line it starts on and ends on.
#[derive(Clone, Debug)]
pub struct Token {
    pub kind: Kind,
    pub text: String,
    pub line: usize,
    pub end_line: usize,
}

/// The tokens of `source`. Names in braces inside string literals (`"{name}"`, which a format
/// string may capture) come as identifiers too, after the literal.
pub fn lex(source: &str) -> Vec<Token> {
    let bytes = source.as_bytes();
    let mut tokens = Vec::new();
    let mut i = 0;
    let mut line = 0;
    let is_ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    while i < bytes.len() {
        let b = bytes[i];
        let start_line = line;
        let start = i;
        let mut kind = Kind::Punct;
        match b {
            b'\n' => {
                line += 1;
                i += 1;
                continue;
            }
            _ if b.is_ascii_whitespace() => {
                i += 1;
                continue;
            }
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                i = skip_block_comment(bytes, i, &mut line);
                continue;
            }
            b'"' => {
                kind = Kind::Literal;
                i = skip_string(bytes, i + 1, &mut line);
            }
            b'\'' => {
                kind = Kind::Literal;
                i = skip_char_or_lifetime(source, i);
            }
            _ if b.is_ascii_digit() => {
                kind = Kind::Literal;
                i = skip_number(bytes, i);
            }
            _ if is_ident(b) => {
                while i < bytes.len() && is_ident(bytes[i]) {
                    i += 1;
                }
                let word = &source[start..i];
                let quote = bytes.get(i).copied();
                if matches!(word, "b" | "r" | "br") && matches!(quote, Some(b'"' | b'#' | b'\'')) {
                    kind = Kind::Literal;
                    i = match (word, quote) {
                        ("b", Some(b'\'')) => skip_char_or_lifetime(source, i),
                        ("b", _) => skip_string(bytes, i + 1, &mut line),
                        _ => skip_raw_string(source, i, &mut line),
                    };
                } else {
                    kind = Kind::Ident;
                }
            }
            _ if bytes[i..].starts_with(b"::")
                || bytes[i..].starts_with(b"->")
                || bytes[i..].starts_with(b"=>") =>
            {
                i += 2
            }
            _ if b.is_ascii() => i += 1,
            _ => {
                i += 1;
                continue;
            }
        }
        let text = &source[start..i.min(bytes.len())];
        tokens.push(Token {
            kind,
            text: text.to_string(),
            line: start_line,
            end_line: line,
        });
        if kind == Kind::Literal && text.contains('"') {
            tokens.extend(names_in_braces(text, line));
        }
    }
    tokens
}

/// Past the block comment that opens at `i` (nested ones within it too), counting its lines.
fn skip_block_comment(bytes: &[u8], mut i: usize, line: &mut usize) -> usize {
    let mut depth = 0;
    while i < bytes.len() {
        if bytes[i..].starts_with(b"/*") {
            depth += 1;
            i += 2;
        } else if bytes[i..].starts_with(b"*/") {
            depth -= 1;
            i += 2;
            if depth == 0 {
                break;
            }
        } else {
            *line += usize::from(bytes[i] == b'\n');
            i += 1;
        }
    }
    i
}

/// Past the number that starts at `i`: digits, letters of a suffix or exponent, and a decimal
/// point followed by a digit (not a range's `..` or a method's `.`).
fn skip_number(bytes: &[u8], mut i: usize) -> usize {
    let is_ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    while i < bytes.len()
        && (is_ident(bytes[i])
            || bytes[i] == b'.' && bytes.get(i + 1).map_or(false, u8::is_ascii_digit))
    {
        i += 1;
    }
    i
}

/// Past the raw string whose hashes or quote begin at `i` (after its `r` or `br`):
/// `r#"..."#`, as many hashes at each end; counting its lines.
fn skip_raw_string(source: &str, i: usize, line: &mut usize) -> usize {
    let bytes = source.as_bytes();
    let hashes = bytes[i..].iter().take_while(|&&c| c == b'#').count();
    let close = format!("\"{}", "#".repeat(hashes));
    let body = i + hashes + 1;
    let end = source[body..]
        .find(&close)
        .map_or(bytes.len(), |e| body + e);
    *line += source[body..end].matches('\n').count();
    end + close.len()
}

/// The names a format string's braces capture (`{name}`, `{name:>5}`), as tokens on `line`: the
/// literal reaches them as code would.
fn names_in_braces(text: &str, line: usize) -> impl Iterator<Item = Token> + '_ {
    text.split('{').skip(1).filter_map(move |name| {
        let end = name.find(|c: char| !c.is_alphanumeric() && c != '_');
        let name = &name[..end.unwrap_or(name.len())];
        let named = name.starts_with(|c: char| c.is_alphabetic() || c == '_');
        named.then(|| Token {
            kind: Kind::Ident,
            text: name.to_string(),
            line,
            end_line: line,
        })
    })
}

/// The index just past the char literal ('x', '\n', '\'', '九') or lifetime ('a) at `i`.
fn skip_char_or_lifetime(source: &str, i: usize) -> usize {
    let bytes = source.as_bytes();
    if bytes.get(i + 1) == Some(&b'\\') {
        // The escaped character, then up to the closing quote.
        return source[i + 3..]
            .find('\'')
            .map_or(bytes.len(), |end| i + 3 + end + 1);
    }
    let next = source[i + 1..].chars().next().map_or(1, char::len_utf8);
    if bytes.get(i + 1 + next) == Some(&b'\'') {
        return i + 2 + next;
    }
    let name = source[i + 1..].find(|c: char| !(c.is_alphanumeric() || c == '_'));
    name.map_or(bytes.len(), |end| i + 1 + end)
}

/// The index just past the string literal whose body starts at `i`, counting its line ends.
fn skip_string(bytes: &[u8], mut i: usize, line: &mut usize) -> usize {
    while i < bytes.len() && bytes[i] != b'"' {
        if bytes[i] == b'\\' {
            i += 1;
        }
        *line += usize::from(bytes.get(i) == Some(&b'\n'));
        i += 1;
    }
    i + 1
}

/// The items of `tokens`, as index ranges: each ends at a `;` outside brackets, or at the `}`
/// that closes its body (with a `;` right after it, if there is one).
pub fn split_items(tokens: &[Token]) -> Vec<(usize, usize)> {
    let mut items = Vec::new();
    let mut depth = 0i32;
    let mut start = 0;
    let mut i = 0;
    while i < tokens.len() {
        let text = tokens[i].text.as_str();
        match text {
            "(" | "[" | "{" => depth += 1,
            ")" | "]" | "}" => depth -= 1,
            _ => {}
        }
        let ends = depth == 0 && (text == ";" || text == "}");
        if ends {
            if text == "}" && tokens.get(i + 1).map_or(false, |t| t.text == ";") {
                i += 1;
            }
            items.push((start, i + 1));
            start = i + 1;
        }
        i += 1;
    }
    items
}

/// The index of the token after the attributes and qualifiers (`pub(crate)`, `const`, ...) at
/// `i`; and whether an attribute was `#[cfg(test)]`.
pub fn skip_attributes(tokens: &[Token], mut i: usize) -> (usize, bool) {
    let mut test = false;
    while i < tokens.len() {
        match tokens[i].text.as_str() {
            "#" => {
                let close = matching(tokens, i + 1);
                let attribute: Vec<&str> =
                    tokens[i + 1..close].iter().map(|t| &t.text[..]).collect();
                test |= attribute.concat() == "[cfg(test)]";
                i = close;
            }
            "pub" if tokens.get(i + 1).map_or(false, |t| t.text == "(") => {
                i = matching(tokens, i + 1)
            }
            "pub" | "unsafe" | "async" | "extern" => i += 1,
            "const" if tokens.get(i + 1).map_or(false, |t| t.text == "fn") => i += 1,
            _ => break,
        }
    }
    (i, test)
}

/// The index after the bracket that closes the one at `open`.
pub fn matching(tokens: &[Token], open: usize) -> usize {
    let mut depth = 0;
    for (i, token) in tokens.iter().enumerate().skip(open) {
        match token.text.as_str() {
            "(" | "[" | "{" => depth += 1,
            ")" | "]" | "}" => {
                depth -= 1;
                if depth == 0 {
                    return i + 1;
                }
            }
            _ => {}
        }
    }
    tokens.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The texts of `source`'s tokens, each with its kind's initial and its first line.
    fn tokens(source: &str) -> Vec<String> {
        let initial = |kind| match kind {
            Kind::Ident => 'i',
            Kind::Punct => 'p',
            Kind::Literal => 'l',
        };
        let tokens = lex(source).into_iter();
        tokens
            .map(|t| format!("{}{} {}", initial(t.kind), t.line, t.text))
            .collect()
    }

    #[test]
    fn comments_are_not_tokens_and_lines_are_counted_through_them() {
        let source = "a // b \"c\n/* d /* nested */ e\n */ f";
        assert_eq!(tokens(source), ["i0 a", "i2 f"]);
    }

    #[test]
    fn strings_keep_their_escapes_and_give_the_names_a_format_captures() {
        let source = "x(\"say \\\"{name}\\\" {0} {{\", y)";
        let expected = [
            "i0 x",
            "p0 (",
            "l0 \"say \\\"{name}\\\" {0} {{\"",
            "i0 name",
            "p0 ,",
            "i0 y",
            "p0 )",
        ];
        assert_eq!(tokens(source), expected);
    }

    #[test]
    fn raw_and_byte_strings_are_one_literal_each_over_their_lines() {
        let source = "r#\"a \"quoted\" // not a comment\n\"# b\"\\x00\" br\"\\\" c";
        let expected = [
            "l0 r#\"a \"quoted\" // not a comment\n\"#",
            "l1 b\"\\x00\"",
            "l1 br\"\\\"",
            "i1 c",
        ];
        assert_eq!(tokens(source), expected);
        let multi_line = lex("\"one\ntwo\" z");
        assert_eq!((multi_line[0].line, multi_line[0].end_line), (0, 1));
        assert_eq!((multi_line[1].text.as_str(), multi_line[1].line), ("z", 1));
    }

    #[test]
    fn chars_and_lifetimes_are_told_apart() {
        let source = "'a' '\\'' '九' b'x' &'a str<'static>";
        let expected = [
            "l0 'a'",
            "l0 '\\''",
            "l0 '九'",
            "l0 b'x'",
            "p0 &",
            "l0 'a",
            "i0 str",
            "p0 <",
            "l0 'static",
            "p0 >",
        ];
        assert_eq!(tokens(source), expected);
    }

    #[test]
    fn numbers_paths_arrows_and_ranges() {
        let source = "a::b(1.5, 0..5, 2_u8) -> c => d";
        let texts: Vec<String> = lex(source).into_iter().map(|t| t.text).collect();
        let expected = [
            "a", "::", "b", "(", "1.5", ",", "0", ".", ".", "5", ",", "2_u8", ")", "->", "c", "=>",
            "d",
        ];
        assert_eq!(texts, expected);
    }

    #[test]
    fn items_end_at_semicolons_and_closing_braces_outside_brackets() {
        let source = "use a::{b, c}; fn f() { g(); } struct S { x: [u8; 2] } const X: u8 = 1; \
                      impl S {};";
        let tokens = lex(source);
        let items: Vec<String> = split_items(&tokens)
            .into_iter()
            .map(|(start, end)| tokens[start..end].iter().map(|t| &t.text[..]).collect())
            .collect();
        let expected = [
            "usea::{b,c};",
            "fnf(){g();}",
            "structS{x:[u8;2]}",
            "constX:u8=1;",
            "implS{};",
        ];
        assert_eq!(items, expected);
    }

    #[test]
    fn attributes_and_qualifiers_are_skipped_and_a_test_module_is_told() {
        let tokens = lex("#[cfg(test)] #[allow(x)] pub(crate) const fn f() {}");
        let (at, test) = skip_attributes(&tokens, 0);
        assert_eq!((tokens[at].text.as_str(), test), ("fn", true));
        let tokens = lex("pub const X: u8 = 1;");
        let (at, test) = skip_attributes(&tokens, 0);
        assert_eq!((tokens[at].text.as_str(), test), ("const", false));
        let tokens = lex("f(a[(b)], {c}) d");
        assert_eq!(tokens[matching(&tokens, 1)].text, "d");
        assert_eq!(matching(&tokens, 3), 8);
    }
}
