//! The effective user's name (`get_user_name_or_exit`), the last default
//! for the database name.

use std::ffi::CStr;

/// The effective user could not be looked up: `could not look up
/// effective user ID %ld: %s`.
#[derive(Debug)]
pub(crate) struct UserLookupError {
    uid: libc::uid_t,
    err: std::io::Error,
}

impl std::fmt::Display for UserLookupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "could not look up effective user ID {}: {}",
            self.uid,
            super::os_error_text(&self.err)
        )
    }
}

impl std::error::Error for UserLookupError {}

/// The name of the effective user.
pub(crate) fn effective_user_name() -> Result<String, UserLookupError> {
    // SAFETY: geteuid has no preconditions and cannot fail.
    let uid = unsafe { libc::geteuid() };
    // SAFETY: passwd is a plain C struct; all-zero bytes are a valid value
    // that getpwuid_r overwrites.
    let mut pwd: libc::passwd = unsafe { std::mem::zeroed() };
    let mut buf = vec![0 as libc::c_char; 16384];
    let mut result: *mut libc::passwd = std::ptr::null_mut();
    // SAFETY: every pointer refers to live, writable storage of the stated
    // size; getpwuid_r fills pwd and points result at it on success.
    let rc = unsafe { libc::getpwuid_r(uid, &mut pwd, buf.as_mut_ptr(), buf.len(), &mut result) };
    if rc != 0 || result.is_null() || pwd.pw_name.is_null() {
        let err = if rc != 0 {
            std::io::Error::from_raw_os_error(rc)
        } else {
            std::io::Error::other("user does not exist")
        };
        return Err(UserLookupError { uid, err });
    }
    // SAFETY: pw_name points into buf, a NUL-terminated string that lives
    // until buf is dropped at the end of this function.
    let name = unsafe { CStr::from_ptr(pwd.pw_name) };
    Ok(name.to_string_lossy().into_owned())
}
