//! The binary's layout and linking (see build.rs): `src/hot-text.ld`
//! gathered the functions a run executes into `.text.hot` ahead of the rest
//! of the code, on pages of their own; the unwinder is linked in rather than
//! loaded from `libgcc_s.so.1`; relative relocations are packed. Read from
//! the ELF headers of the program cargo built (64-bit little-endian ELF).
//!
//! Each check runs only if build.rs applied its trick (it records each
//! trick's state in `PGBENCH_RS_TRICK_*`); otherwise it says why it was
//! skipped. A trick switched off is checked to be absent.

use std::path::Path;

use crate::harness::compare::skipped;

/// An ELF64 little-endian file's sections (name, address, size), the
/// file offsets of its executable PT_LOAD segments, and its dynamic
/// section's entries (tag, value) with the libraries it needs.
struct Elf {
    sections: Vec<(String, u64, u64)>,
    exec_segment_offsets: Vec<u64>,
    dynamic: Vec<(u64, u64)>,
    needed: Vec<String>,
}

fn read_elf(path: &Path) -> Result<Elf, String> {
    let b = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let u16_at = |o: usize| b.get(o..o + 2).map(|s| u16::from_le_bytes([s[0], s[1]]));
    let u32_at =
        |o: usize| b.get(o..o + 4).map(|s| u32::from_le_bytes(s.try_into().unwrap_or([0; 4])));
    let u64_at =
        |o: usize| b.get(o..o + 8).map(|s| u64::from_le_bytes(s.try_into().unwrap_or([0; 8])));
    let bad = || format!("{}: not an ELF64 file", path.display());
    if b.get(0..5) != Some(b"\x7fELF\x02") {
        return Err(bad());
    }
    let us = |v: u64| usize::try_from(v).map_err(|_| bad());
    let (phoff, shoff) = (us(u64_at(0x20).ok_or_else(bad)?)?, us(u64_at(0x28).ok_or_else(bad)?)?);
    let phentsize = usize::from(u16_at(0x36).ok_or_else(bad)?);
    let phnum = usize::from(u16_at(0x38).ok_or_else(bad)?);
    let shentsize = usize::from(u16_at(0x3a).ok_or_else(bad)?);
    let shnum = usize::from(u16_at(0x3c).ok_or_else(bad)?);
    let shstrndx = usize::from(u16_at(0x3e).ok_or_else(bad)?);
    let mut exec_segment_offsets = Vec::new();
    for i in 0..phnum {
        let h = phoff + i * phentsize;
        let (kind, flags) = (u32_at(h).ok_or_else(bad)?, u32_at(h + 4).ok_or_else(bad)?);
        // PT_LOAD, PF_X
        if kind == 1 && flags & 1 != 0 {
            exec_segment_offsets.push(u64_at(h + 8).ok_or_else(bad)?);
        }
    }
    let strtab = us(u64_at(shoff + shstrndx * shentsize + 0x18).ok_or_else(bad)?)?;
    let mut sections = Vec::new();
    for i in 0..shnum {
        let h = shoff + i * shentsize;
        let name_at = strtab + us(u64::from(u32_at(h).ok_or_else(bad)?))?;
        let name = b.get(name_at..).ok_or_else(bad)?;
        let name = &name[..name.iter().position(|&c| c == 0).ok_or_else(bad)?];
        let addr = u64_at(h + 0x10).ok_or_else(bad)?;
        let size = u64_at(h + 0x20).ok_or_else(bad)?;
        let offset = u64_at(h + 0x18).ok_or_else(bad)?;
        sections.push((String::from_utf8_lossy(name).into_owned(), addr, size, offset));
    }
    // The dynamic section, and the strings DT_NEEDED points into.
    let file_of = |n: &str| sections.iter().find(|s| s.0 == n).map(|s| (s.3, s.2));
    let mut dynamic = Vec::new();
    if let Some((off, size)) = file_of(".dynamic") {
        for e in (off..off + size).step_by(16) {
            let e = us(e)?;
            dynamic.push((u64_at(e).ok_or_else(bad)?, u64_at(e + 8).ok_or_else(bad)?));
        }
    }
    let mut needed = Vec::new();
    if let Some((dynstr, _)) = file_of(".dynstr") {
        for &(_, v) in dynamic.iter().filter(|e| e.0 == DT_NEEDED) {
            let name = b.get(us(dynstr + v)?..).ok_or_else(bad)?;
            let name = &name[..name.iter().position(|&c| c == 0).ok_or_else(bad)?];
            needed.push(String::from_utf8_lossy(name).into_owned());
        }
    }
    let sections = sections.into_iter().map(|(n, a, s, _)| (n, a, s)).collect();
    Ok(Elf { sections, exec_segment_offsets, dynamic, needed })
}

const DT_NEEDED: u64 = 1;
const DT_RELR: u64 = 36;

/// Whether build.rs applied a trick, from the state it recorded (`on`, or
/// why not); says why not.
fn applied(case: &str, trick: &str, state: &str) -> bool {
    if state == "on" {
        return true;
    }
    skipped(case, &format!("{trick} not applied ({state})"));
    false
}

/// The program cargo built, if it is a 64-bit little-endian ELF file (the
/// reader reads no other); says why not.
fn program(case: &str) -> Option<Elf> {
    let path = Path::new(env!("CARGO_BIN_EXE_pgbench-rs"));
    // The magic number, EI_CLASS 2 (64-bit) and EI_DATA 1 (little-endian).
    if !std::fs::read(path).unwrap().starts_with(b"\x7fELF\x02\x01") {
        skipped(case, &format!("{} is not a 64-bit little-endian ELF file", path.display()));
        return None;
    }
    Some(read_elf(path).unwrap())
}

#[test]
fn hot_text_comes_first_on_its_own_pages() {
    let case = "layout_hot_text";
    if !applied(case, "hot-text layout", env!("PGBENCH_RS_TRICK_HOT_TEXT")) {
        return;
    }
    let Some(elf) = program(case) else { return };
    let find = |n: &str| elf.sections.iter().find(|s| s.0 == n);
    let hot = find(".text.hot").expect("no .text.hot section: the linker script was not applied");
    let text = find(".text").expect("no .text section");
    assert!(hot.1 < text.1, ".text.hot at {:#x} is not ahead of .text at {:#x}", hot.1, text.1);
    // The listed functions matched: far more than the C start-up code that
    // `*(.text)` alone would bring.
    assert!(hot.2 >= 64 * 1024, ".text.hot holds only {} bytes", hot.2);
    // -z separate-code: executable segments start on a page of their own
    // (valgrind finds no symbols otherwise).
    assert!(!elf.exec_segment_offsets.is_empty());
    for off in &elf.exec_segment_offsets {
        assert_eq!(off % 4096, 0, "executable segment at file offset {off:#x}");
    }
}

#[test]
fn unwinder_is_linked_in() {
    let case = "layout_static_unwind";
    if !applied(case, "static unwinder", env!("PGBENCH_RS_TRICK_STATIC_UNWIND")) {
        return;
    }
    let Some(elf) = program(case) else { return };
    assert!(elf.needed.iter().any(|n| n.starts_with("libpq.so")), "needed: {:?}", elf.needed);
    assert!(!elf.needed.iter().any(|n| n.starts_with("libgcc_s")), "needed: {:?}", elf.needed);
}

#[test]
fn relative_relocations_are_packed() {
    let case = "layout_relr";
    if !applied(case, "packed relocations", env!("PGBENCH_RS_TRICK_RELR")) {
        return;
    }
    let Some(elf) = program(case) else { return };
    assert!(elf.dynamic.iter().any(|e| e.0 == DT_RELR), "no DT_RELR entry");
    // What is left unpacked is the few relocations against symbols.
    let rela = elf.sections.iter().find(|s| s.0 == ".rela.dyn").map_or(0, |s| s.2);
    assert!(rela < 8 * 1024, ".rela.dyn still holds {rela} bytes");
}

/// A trick switched off (on a target where it applies: build.rs checks the
/// target first) left no trace: no `.text.hot` section, `libgcc_s.so.1`
/// loaded, no DT_RELR entry.
#[test]
fn tricks_switched_off_are_absent() {
    let case = "layout_switched_off";
    let off = |state: &str| state.starts_with("switched off");
    let (hot, unwind, relr) = (
        off(env!("PGBENCH_RS_TRICK_HOT_TEXT")),
        off(env!("PGBENCH_RS_TRICK_STATIC_UNWIND")),
        off(env!("PGBENCH_RS_TRICK_RELR")),
    );
    if !(hot || unwind || relr) {
        skipped(case, "no link trick was switched off");
        return;
    }
    let Some(elf) = program(case) else { return };
    if hot {
        assert!(!elf.sections.iter().any(|s| s.0 == ".text.hot"), "a .text.hot section");
    }
    if unwind {
        assert!(elf.needed.iter().any(|n| n == "libgcc_s.so.1"), "needed: {:?}", elf.needed);
    }
    if relr {
        assert!(!elf.dynamic.iter().any(|e| e.0 == DT_RELR), "a DT_RELR entry");
    }
}
