//! libpq's arrays of connection options (`PQconninfoOption`): one owner
//! that frees each array once, read as keyword, value and whether libpq
//! hides the value (`dispchar` `"*"`: password, sslpassword, and whatever
//! a newer libpq adds). Two sources: a live connection's options in
//! effect (`PQconninfo`) and a connection string parsed as libpq parses
//! it (`PQconninfoParse`, which applies no defaults and reads neither the
//! environment nor a service file).

use std::ffi::{CStr, CString, c_char};
use std::ptr::NonNull;

use super::result::cstr_bytes;

/// One option of an array.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ConnOption {
    /// Its keyword (`password`).
    pub(crate) keyword: CString,
    /// Its value, where one is set.
    pub(crate) value: Option<CString>,
    /// libpq hides its value (`dispchar` starts with `*`).
    pub(crate) secret: bool,
}

/// An array libpq made, freed with `PQconninfoFree` when dropped.
pub(super) struct OptionArray(NonNull<pq_sys::PQconninfoOption>);

impl Drop for OptionArray {
    fn drop(&mut self) {
        // SAFETY: the array was returned by PQconninfo or PQconninfoParse,
        // is owned by self alone and is freed here once.
        unsafe { pq_sys::PQconninfoFree(self.0.as_ptr()) };
    }
}

impl OptionArray {
    /// Takes ownership of an array libpq returned (None: it returned NULL).
    ///
    /// # Safety
    /// `raw` is NULL or an array returned by `PQconninfo` or
    /// `PQconninfoParse` that nothing else frees.
    pub(super) unsafe fn from_raw(raw: *mut pq_sys::PQconninfoOption) -> Option<Self> {
        NonNull::new(raw).map(OptionArray)
    }

    /// Every option of the array, in libpq's order, borrowed from it:
    /// keyword, value where one is set, and whether libpq hides it.
    pub(super) fn entries(&self) -> impl Iterator<Item = (&CStr, Option<&CStr>, bool)> + '_ {
        let mut p = self.0.as_ptr();
        std::iter::from_fn(move || {
            // SAFETY: libpq's arrays end with an entry whose keyword is
            // NULL; p stays within the array, which self keeps alive.
            let opt = unsafe { &*p };
            if opt.keyword.is_null() {
                return None;
            }
            // SAFETY: keyword is a NUL-terminated string of the array,
            // alive as long as self.
            let keyword = unsafe { CStr::from_ptr(opt.keyword) };
            let value = (!opt.val.is_null()).then(|| {
                // SAFETY: val is a NUL-terminated string of the array.
                unsafe { CStr::from_ptr(opt.val) }
            });
            // SAFETY: dispchar is NULL or a NUL-terminated string of the
            // array (a constant of libpq's table).
            let secret = unsafe { cstr_bytes(opt.dispchar) }.first() == Some(&b'*');
            // SAFETY: the entry was not the last one, so the next is in
            // the array.
            p = unsafe { p.add(1) };
            Some((keyword, value, secret))
        })
    }

    /// Every option of the array, in libpq's order, copied.
    pub(super) fn options(&self) -> Vec<ConnOption> {
        self.entries()
            .map(|(k, v, secret)| ConnOption {
                keyword: k.to_owned(),
                value: v.map(CStr::to_owned),
                secret,
            })
            .collect()
    }
}

/// `conninfo` parsed as libpq parses a connection string (keyword/value
/// pairs or a `postgresql://` URI): every option libpq knows, with the
/// values the string sets; or libpq's message when it cannot parse it.
pub(crate) fn parse(conninfo: &str) -> Result<Vec<ConnOption>, String> {
    let Ok(text) = CString::new(conninfo) else {
        return Err("the connection string holds a NUL byte".into());
    };
    let mut message: *mut c_char = std::ptr::null_mut();
    // SAFETY: text is a NUL-terminated string alive for the call; message
    // is a valid place for libpq to store a pointer to its error message.
    let raw = unsafe { pq_sys::PQconninfoParse(text.as_ptr(), &raw mut message) };
    // SAFETY: raw is NULL or an array PQconninfoParse made for us alone.
    match unsafe { OptionArray::from_raw(raw) } {
        Some(array) => Ok(array.options()),
        None if message.is_null() => Err("out of memory".into()),
        None => {
            // SAFETY: libpq set message to a NUL-terminated string that
            // the caller frees with PQfreemem.
            let text = String::from_utf8_lossy(unsafe { cstr_bytes(message) }).into_owned();
            // SAFETY: message was allocated by libpq and is freed once.
            unsafe { pq_sys::PQfreemem(message.cast()) };
            Err(text.trim_end().to_string())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value<'a>(opts: &'a [ConnOption], keyword: &str) -> Option<&'a str> {
        let o = opts.iter().find(|o| o.keyword.to_str() == Ok(keyword))?;
        o.value.as_deref().map(|v| v.to_str().unwrap_or_default())
    }

    #[test]
    fn libpq_parses_both_forms_and_names_its_secrets() {
        let kv = parse("host=h password='a b' dbname=d").unwrap();
        assert_eq!(value(&kv, "password"), Some("a b"));
        assert_eq!(value(&kv, "dbname"), Some("d"));
        assert_eq!(value(&kv, "user"), None);
        let secret: Vec<&str> =
            kv.iter().filter(|o| o.secret).filter_map(|o| o.keyword.to_str().ok()).collect();
        assert!(secret.contains(&"password") && secret.contains(&"sslpassword"), "{secret:?}");
        assert!(!secret.contains(&"user") && !secret.contains(&"dbname"), "{secret:?}");
        let uri = parse("postgresql://u:p%40ss@h/d?sslpassword=k").unwrap();
        assert_eq!(value(&uri, "user"), Some("u"));
        assert_eq!(value(&uri, "password"), Some("p@ss"));
        assert_eq!(value(&uri, "sslpassword"), Some("k"));
        assert_eq!(
            parse("host=h password").unwrap_err(),
            "missing \"=\" after \"password\" in connection info string"
        );
        assert!(parse("a\0b").is_err());
    }
}
