//! The report files (`--report-json`, `--report-html`): checked before
//! anything else is done, and written whole or not at all.
//!
//! [`check`] runs right after the command line is parsed, before a run
//! connects or `--merge` reads its files: each report file must be one
//! that can be created (its directory exists and takes a new file; an
//! existing file is writable and not a directory), and no two of the
//! files named may be the same file: the JSON and the HTML report, or a
//! report and one of `--merge`'s inputs. Files are compared by their
//! directory's canonical path and their name, so `./r.json`, `r.json` and
//! `sub/../r.json` are one file, and a symbolic link is the file it
//! points to.
//!
//! [`write()`] writes a report to a temporary file in the same directory,
//! flushes it to the disk and renames it over the report's name, so that a
//! write that fails (a full file system) leaves the old file or none, never
//! a cut one; [`save`] does so and says why it failed, and the caller
//! hands on whether every file was written ([`Written`]) for the exit
//! status.

use crate::error::Error;
use crate::log;
use std::io::Write as _;
use std::path::{Path, PathBuf};

/// Whether every report file asked for was written (when one was not,
/// its message has been printed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[must_use]
pub(crate) enum Written {
    /// Every one (or none was asked for).
    All,
    /// Some could not be written.
    NotAll,
}

impl Written {
    /// Both `self` and `other` are all written.
    pub(crate) fn and(self, other: Written) -> Written {
        if self == Written::All { other } else { Written::NotAll }
    }
}

/// Writes the report `path` ([`write()`]); when that fails, says so in
/// pgbench's words.
pub(crate) fn save(
    path: &str,
    fill: impl FnOnce(&mut std::io::BufWriter<&std::fs::File>) -> std::io::Result<()>,
) -> Written {
    match write(path, fill) {
        Ok(()) => Written::All,
        Err(err) => {
            log::error!(
                "could not write report file \"{path}\": {}",
                crate::sys::os_error_text(&err)
            );
            Written::NotAll
        }
    }
}

/// [`save`] of bytes.
pub(crate) fn save_bytes(path: &str, bytes: &[u8]) -> Written {
    save(path, |out| out.write_all(bytes))
}

/// The file `path` names: the canonical path of an existing file (through
/// symbolic links), else its directory's canonical path and its name.
fn resolve(path: &str) -> std::io::Result<PathBuf> {
    let p = Path::new(path);
    match std::fs::canonicalize(p) {
        Ok(c) => return Ok(c),
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(e),
        Err(_) => {}
    }
    let name = p.file_name().ok_or_else(is_a_directory)?;
    let dir = match p.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    Ok(std::fs::canonicalize(dir)?.join(name))
}

fn is_a_directory() -> std::io::Error {
    std::io::Error::from_raw_os_error(libc::EISDIR)
}

/// A new, empty file next to `target`, with a name of its own.
fn temporary(target: &Path) -> std::io::Result<(PathBuf, std::fs::File)> {
    let dir = target.parent().unwrap_or(Path::new("/"));
    let name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let mut attempt = 0u32;
    loop {
        let tmp = dir.join(format!(".{name}.{}.{attempt}.tmp", std::process::id()));
        match std::fs::OpenOptions::new().write(true).create_new(true).open(&tmp) {
            Ok(f) => return Ok((tmp, f)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && attempt < 100 => {
                attempt += 1;
            }
            Err(e) => return Err(e),
        }
    }
}

/// Whether the report file `path` can be written: its directory takes a
/// new file, and an existing file is one (not a directory) that may be
/// written. Its resolved path.
fn writable(path: &str) -> std::io::Result<PathBuf> {
    let target = resolve(path)?;
    match std::fs::metadata(&target) {
        Ok(m) if m.is_dir() => return Err(is_a_directory()),
        // Opened for writing without truncating it: the permission check.
        Ok(_) => drop(std::fs::OpenOptions::new().write(true).open(&target)?),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(e),
    }
    let (tmp, file) = temporary(&target)?;
    drop(file);
    std::fs::remove_file(&tmp)?;
    Ok(target)
}

/// Checks the report files (`(option, file)`) before a run connects or a
/// merge reads `inputs`: each can be written, and each is another file
/// than the other reports and the inputs; else the error.
pub(crate) fn check(reports: &[(&str, &str)], inputs: &[String]) -> Result<(), Error> {
    let mut seen: Vec<(&str, &str, PathBuf)> = Vec::with_capacity(reports.len());
    for &(option, path) in reports {
        let target = match writable(path) {
            Ok(t) => t,
            Err(e) => {
                return Err(Error::new(format!(
                    "could not create report file \"{path}\": {}",
                    crate::sys::os_error_text(&e)
                )));
            }
        };
        if let Some((other, other_path, _)) = seen.iter().find(|s| s.2 == target) {
            return Err(Error::new(format!(
                "{other} and {option} name the same file (\"{other_path}\" and \"{path}\"): one report would overwrite the other"
            )));
        }
        for input in inputs {
            if resolve(input).is_ok_and(|i| i == target) {
                return Err(Error::new(format!(
                    "{option} would overwrite \"{input}\", one of the reports to merge"
                )));
            }
        }
        seen.push((option, path, target));
    }
    Ok(())
}

/// Writes a report to `path`: `fill` writes it to a temporary file next
/// to it, which is flushed to the disk and renamed to `path`. On an error
/// the temporary file is removed and `path` is as it was.
fn write(
    path: &str,
    fill: impl FnOnce(&mut std::io::BufWriter<&std::fs::File>) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let target = resolve(path)?;
    let existing = match std::fs::metadata(&target) {
        Ok(m) if m.is_dir() => return Err(is_a_directory()),
        Ok(m) => Some(m.permissions()),
        Err(_) => None,
    };
    let (tmp, file) = temporary(&target)?;
    let written = (|| {
        let mut out = std::io::BufWriter::new(&file);
        fill(&mut out)?;
        out.flush()?;
        drop(out);
        if let Some(perm) = existing {
            // The report keeps the mode of the file it replaces.
            file.set_permissions(perm)?;
        }
        file.sync_all()?;
        std::fs::rename(&tmp, &target)
    })();
    drop(file);
    match written {
        Ok(()) => {
            // The rename itself on the disk (best effort: not every file
            // system lets a directory be synced).
            if let Some(dir) = target.parent() {
                let _ = std::fs::File::open(dir).and_then(|d| d.sync_all());
            }
            Ok(())
        }
        Err(e) => {
            let _ = std::fs::remove_file(&tmp);
            Err(e)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let d =
            std::env::temp_dir().join(format!("pgbench-rs-files-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(d.join("sub")).expect("scratch directory");
        d
    }

    #[test]
    fn the_same_file_by_another_name_is_the_same_file() {
        let d = scratch("same");
        let a = d.join("a.json").to_string_lossy().into_owned();
        let also_a = d.join("sub/../a.json").to_string_lossy().into_owned();
        let b = d.join("b.json").to_string_lossy().into_owned();
        assert_eq!(resolve(&a).ok(), resolve(&also_a).ok());
        assert!(check(&[("--report-json", &a), ("--report-html", &b)], &[]).is_ok());
        assert!(check(&[("--report-json", &a), ("--report-html", &also_a)], &[]).is_err());
        std::fs::write(&b, "{}").expect("b.json");
        #[cfg(unix)]
        std::os::unix::fs::symlink(&b, d.join("link.json")).expect("link");
        let link = d.join("link.json").to_string_lossy().into_owned();
        assert!(check(&[("--report-json", &link)], std::slice::from_ref(&b)).is_err());
        assert!(check(&[("--report-json", &a)], &[b]).is_ok());
        // Nothing was left behind by the checks.
        let mut names: Vec<String> = std::fs::read_dir(&d)
            .expect("list")
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        assert_eq!(names, ["b.json", "link.json", "sub"]);
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn a_failed_write_leaves_the_old_file() {
        let d = scratch("write");
        let r = d.join("r.json").to_string_lossy().into_owned();
        std::fs::write(&r, "old").expect("r.json");
        let err = write(&r, |w| {
            w.write_all(b"part")?;
            Err(std::io::Error::from_raw_os_error(libc::ENOSPC))
        });
        assert!(err.is_err());
        assert_eq!(save_bytes(&d.join("none/r.json").to_string_lossy(), b"x"), Written::NotAll);
        assert_eq!(Written::All.and(Written::NotAll), Written::NotAll);
        assert_eq!(std::fs::read_to_string(&r).expect("r.json"), "old");
        write(&r, |w| w.write_all(b"new")).expect("write");
        assert_eq!(std::fs::read_to_string(&r).expect("r.json"), "new");
        assert_eq!(std::fs::read_dir(&d).expect("list").count(), 2, "a temporary file is left");
        assert!(writable(&d.to_string_lossy()).is_err(), "a directory is not a report file");
        assert!(writable(&d.join("none/r.json").to_string_lossy()).is_err());
        let _ = std::fs::remove_dir_all(&d);
    }
}
