//! The one redaction: what pgbench-rs records of a connection string (in a
//! document, a page, a table or its output) is the string with the value of
//! every option the linked libpq hides (`dispchar` `"*"`: password,
//! sslpassword, ...) replaced by [`MARKER`], in keyword/value form, in a
//! URI's user-info (`user:secret@`) and in a URI's query (`?password=`);
//! everything else is kept as given. A value libpq would expand as a
//! connection string but cannot parse is recorded as the marker alone; a
//! plain database name as given. libpq decides: the redacted string must
//! parse to the same options with the secrets replaced, or the marker alone
//! is recorded.

use std::borrow::Cow;

use crate::pq::conninfo::{self, ConnOption};

/// What stands in a record for a value libpq hides, or for a whole
/// connection string that cannot be parsed.
pub(crate) const MARKER: &str = "********";

/// The prefixes of a connection URI (libpq's `uri_prefix_length`).
const URI_PREFIXES: [&str; 2] = ["postgresql://", "postgres://"];

/// Whether libpq expands `s`, given as a database name, as a connection
/// string (libpq's `recognized_connection_string`).
pub(crate) fn is_connection_string(s: &str) -> bool {
    s.contains('=') || URI_PREFIXES.iter().any(|p| s.starts_with(p))
}

/// `s` (a database name or a connection string) as pgbench-rs records it.
pub(crate) fn conninfo(s: &str) -> Cow<'_, str> {
    if !is_connection_string(s) {
        return Cow::Borrowed(s);
    }
    let Ok(options) = conninfo::parse(s) else { return Cow::Borrowed(MARKER) };
    if !options.iter().any(hidden) {
        return Cow::Borrowed(s);
    }
    let secret = |keyword: &str| {
        options.iter().any(|o| o.secret && o.keyword.to_bytes() == keyword.as_bytes())
    };
    let rewritten = match URI_PREFIXES.iter().find_map(|p| s.strip_prefix(p).map(|rest| (p, rest)))
    {
        Some((prefix, rest)) => format!("{prefix}{}", uri(rest, &secret)),
        None => keyword_value(s, &secret),
    };
    if same_but_secrets(&options, &rewritten) {
        Cow::Owned(rewritten)
    } else {
        Cow::Borrowed(MARKER)
    }
}

/// Each of `values` (the server's settings: name and value) as pgbench-rs
/// records it: `primary_conninfo` is a connection string; any other
/// setting that libpq parses as one and that holds a secret is redacted
/// too (an extension's connection setting), and otherwise kept.
pub(crate) fn setting<'a>(name: &str, value: &'a str) -> Cow<'a, str> {
    if name == "primary_conninfo" {
        return conninfo(value);
    }
    match conninfo::parse(value) {
        Ok(options) if is_connection_string(value) && options.iter().any(hidden) => conninfo(value),
        _ => Cow::Borrowed(value),
    }
}

/// The server's settings (name to value) as pgbench-rs records them, each
/// through [`setting`].
pub(crate) fn settings(map: &mut std::collections::BTreeMap<String, String>) {
    for (name, value) in map.iter_mut() {
        let recorded = setting(name, value);
        if recorded != value.as_str() {
            *value = recorded.into_owned();
        }
    }
}

/// A secret option with a value to hide (an empty value hides nothing).
fn hidden(o: &ConnOption) -> bool {
    o.secret && o.value.as_ref().is_some_and(|v| !v.is_empty() && v.to_bytes() != MARKER.as_bytes())
}

/// Whether `rewritten` parses to `original`'s options with every secret
/// one's value replaced by the marker.
fn same_but_secrets(original: &[ConnOption], rewritten: &str) -> bool {
    let Ok(again) = conninfo::parse(rewritten) else { return false };
    original.len() == again.len()
        && original.iter().zip(&again).all(|(a, b)| {
            a.keyword == b.keyword
                && if hidden(a) {
                    b.value.as_ref().is_some_and(|v| v.to_bytes() == MARKER.as_bytes())
                } else {
                    a.value == b.value
                }
        })
}

/// libpq's `isspace` (the C locale's).
fn space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\x0b' | b'\x0c' | b'\r')
}

/// Keyword/value form (libpq's `conninfo_parse`): each value of a secret
/// keyword, quoted or not, replaced by the marker.
fn keyword_value(s: &str, secret: &dyn Fn(&str) -> bool) -> String {
    let b = s.as_bytes();
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    while i < b.len() {
        // Spaces before the keyword, as given.
        let spaces = i;
        while i < b.len() && space(b[i]) {
            i += 1;
        }
        out.push_str(&s[spaces..i]);
        if i == b.len() {
            break;
        }
        // The keyword, up to '=' or a space; spaces to the '='.
        let key_start = i;
        while i < b.len() && b[i] != b'=' && !space(b[i]) {
            i += 1;
        }
        let keyword = &s[key_start..i];
        while i < b.len() && b[i] != b'=' {
            i += 1;
        }
        i = (i + 1).min(b.len());
        while i < b.len() && space(b[i]) {
            i += 1;
        }
        // The value: quoted, or up to a space; a backslash escapes.
        let value_start = i;
        let quoted = b.get(i) == Some(&b'\'');
        if quoted {
            i += 1;
        }
        while i < b.len() {
            match b[i] {
                b'\\' => i += 2,
                b'\'' if quoted => {
                    i += 1;
                    break;
                }
                c if !quoted && space(c) => break,
                _ => i += 1,
            }
        }
        i = i.min(b.len());
        out.push_str(&s[key_start..value_start]);
        out.push_str(if secret(keyword) { MARKER } else { &s[value_start..i] });
    }
    out
}

/// A URI after its prefix (libpq's `conninfo_uri_parse_options`): the
/// password of its user-info and each secret parameter of its query
/// replaced by the marker.
fn uri(rest: &str, secret: &dyn Fn(&str) -> bool) -> String {
    let mut out = String::with_capacity(rest.len());
    // User-info: before an '@' that comes before any '/'.
    let authority_end = rest.find(['@', '/']).unwrap_or(rest.len());
    let mut tail = rest;
    if rest.as_bytes().get(authority_end) == Some(&b'@') {
        let info = &rest[..authority_end];
        match info.split_once(':') {
            Some((user, _)) => {
                out.push_str(user);
                out.push(':');
                out.push_str(MARKER);
            }
            None => out.push_str(info),
        }
        out.push('@');
        tail = &rest[authority_end + 1..];
    }
    let Some((before, query)) = tail.split_once('?') else {
        out.push_str(tail);
        return out;
    };
    out.push_str(before);
    out.push('?');
    for (n, pair) in query.split('&').enumerate() {
        if n > 0 {
            out.push('&');
        }
        match pair.split_once('=') {
            Some((key, _)) if secret(&percent_decoded(key)) => {
                out.push_str(key);
                out.push('=');
                out.push_str(MARKER);
            }
            _ => out.push_str(pair),
        }
    }
    out
}

/// `s` with its `%XX` escapes decoded (libpq's `conninfo_uri_decode`; an
/// invalid escape is kept, the parse that follows refuses it).
fn percent_decoded(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let hex = |c: u8| (c as char).to_digit(16);
        match (b[i], b.get(i + 1).copied().and_then(hex), b.get(i + 2).copied().and_then(hex)) {
            (b'%', Some(h), Some(l)) => {
                // Two hexadecimal digits make a byte.
                out.push(u8::try_from(h * 16 + l).unwrap_or(0));
                i += 3;
            }
            (c, ..) => {
                out.push(c);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Connection strings and what is recorded of them.
    const CASES: &[(&str, &str)] = &[
        // Plain database names, and strings without a secret: unchanged.
        ("bench", "bench"),
        ("", ""),
        ("my db", "my db"),
        ("postgresql:/x", "postgresql:/x"),
        ("host=h port=5432 user=u dbname=d", "host=h port=5432 user=u dbname=d"),
        ("postgresql://u@h:5432/d?sslmode=disable", "postgresql://u@h:5432/d?sslmode=disable"),
        ("postgres://h/d", "postgres://h/d"),
        ("password='' dbname=d", "password='' dbname=d"),
        // Keyword/value form.
        ("host=h user=u password=S3cret dbname=d", "host=h user=u password=******** dbname=d"),
        ("password=S3cret", "password=********"),
        ("  password = 'a b\\' c'  dbname=d ", "  password = ********  dbname=d "),
        ("password=a\\ b host=h", "password=******** host=h"),
        ("sslpassword=k\tsslkey=/k.pem", "sslpassword=********\tsslkey=/k.pem"),
        // (libpq skips the spaces after '=': the password is "dbname=d".)
        ("password= dbname=d", "password= ********"),
        ("user=password dbname=password", "user=password dbname=password"),
        // URIs: user-info and query.
        (
            "postgresql://bench:S3cret@127.0.0.1/bench",
            "postgresql://bench:********@127.0.0.1/bench",
        ),
        ("postgres://u:p%40ss@h1:5432,h2/d", "postgres://u:********@h1:5432,h2/d"),
        ("postgresql://:pw@h/d", "postgresql://:********@h/d"),
        (
            "postgresql://h/d?user=u&password=S3cret&sslmode=require",
            "postgresql://h/d?user=u&password=********&sslmode=require",
        ),
        ("postgresql:///d?pass%77ord=x", "postgresql:///d?pass%77ord=********"),
        ("postgresql://u@h/d?sslpassword=k", "postgresql://u@h/d?sslpassword=********"),
        ("postgresql://u:a:b@h/d?password=c", "postgresql://u:********@h/d?password=********"),
        // What libpq would expand but cannot parse: the marker alone.
        ("host=h password", MARKER),
        ("password='unterminated", MARKER),
        ("nokeyword=1", MARKER),
        ("postgresql://h/d?nokeyword=1", MARKER),
        ("=x", MARKER),
        // Already redacted: unchanged.
        ("password=******** dbname=d", "password=******** dbname=d"),
        ("postgresql://u:********@h/d", "postgresql://u:********@h/d"),
    ];

    #[test]
    fn each_string_is_recorded_with_its_secrets_replaced() {
        for (given, recorded) in CASES {
            assert_eq!(conninfo(given), *recorded, "{given:?}");
            // Redacting again changes nothing.
            assert_eq!(conninfo(recorded), *recorded, "{recorded:?}");
        }
    }

    #[test]
    fn a_string_without_a_secret_is_not_copied() {
        for s in ["bench", "host=h dbname=d", "postgresql://u@h/d"] {
            assert!(matches!(conninfo(s), Cow::Borrowed(b) if std::ptr::eq(b, s)), "{s}");
        }
    }

    #[test]
    fn settings_that_hold_connection_strings() {
        let standby = "user=replicator password=S3cret host=primary port=5432 sslmode=prefer";
        assert_eq!(
            setting("primary_conninfo", standby),
            "user=replicator password=******** host=primary port=5432 sslmode=prefer"
        );
        assert_eq!(setting("primary_conninfo", "host=p password"), MARKER);
        assert_eq!(setting("cron.host", "postgresql://u:k@h/d"), "postgresql://u:********@h/d");
        for (name, value) in
            [("search_path", "\"$user\", public"), ("archive_command", "cp %p /a/%f"), ("x", "a=b")]
        {
            assert_eq!(setting(name, value), value, "{name}");
        }
    }
}
