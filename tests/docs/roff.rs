//! The manual page's sections made from the Markdown the documentation
//! is written in (the subset it uses): `##` and `###` headings, paragraphs,
//! `- ` lists, fenced code blocks, `code`, **bold**, links and images
//! (left out). The output is man(7) roff that groff and mandoc read without
//! a warning: text lines of at most 80 bytes, code lines continued with
//! `\c`, no paragraph macro after a heading.

/// The longest input line written.
const WIDTH: usize = 78;

/// One block of the Markdown.
#[derive(Debug, PartialEq)]
enum Block {
    /// `##` (2) or `###` (3) and the heading's text.
    Heading(usize, String),
    /// A paragraph's text, its lines joined.
    Para(String),
    /// A list item's text.
    Item(String),
    /// A code block's lines.
    Code(Vec<String>),
    /// An image.
    Image,
}

/// The blocks of `md` (a `#` title is left out).
fn blocks(md: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut lines = md.lines().peekable();
    while let Some(line) = lines.next() {
        if line.trim().is_empty() || line.starts_with("# ") {
            continue;
        }
        if line.starts_with("```") {
            let mut code = Vec::new();
            for l in lines.by_ref() {
                if l.starts_with("```") {
                    break;
                }
                code.push(l.to_string());
            }
            out.push(Block::Code(code));
        } else if let Some(h) = line.strip_prefix("### ") {
            out.push(Block::Heading(3, h.to_string()));
        } else if let Some(h) = line.strip_prefix("## ") {
            out.push(Block::Heading(2, h.to_string()));
        } else if line.starts_with("![") {
            out.push(Block::Image);
        } else if let Some(first) = line.strip_prefix("- ") {
            let mut text = first.to_string();
            while let Some(more) = lines.next_if(|l| l.starts_with("  ") && !l.trim().is_empty()) {
                text.push(' ');
                text.push_str(more.trim());
            }
            out.push(Block::Item(text));
        } else {
            let mut text = line.to_string();
            while let Some(more) = lines
                .next_if(|l| !l.trim().is_empty() && !l.starts_with("- ") && !l.starts_with('#'))
            {
                text.push(' ');
                text.push_str(more.trim());
            }
            out.push(Block::Para(text));
        }
    }
    out
}

/// Text escaped for roff: backslashes, hyphens, and what roff has no
/// input character for.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\e"),
            '-' => out.push_str("\\-"),
            'µ' => out.push_str("\\(mc"),
            '·' => out.push_str("\\(md"),
            '√' => out.push_str("\\(sr"),
            '⌊' => out.push_str("\\(lf"),
            '⌋' => out.push_str("\\(rf"),
            '±' => out.push_str("\\(+-"),
            '×' => out.push_str("\\(mu"),
            c if c.is_ascii() => out.push(c),
            c => panic!("no roff for {c:?} in {text:?}"),
        }
    }
    out
}

/// A paragraph's text with its inline marks: `code` and **bold** in
/// bold, links as their text.
fn inline(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while !rest.is_empty() {
        if let Some(r) = rest.strip_prefix('`') {
            let end = r.find('`').unwrap_or_else(|| panic!("an unclosed ` in {text:?}"));
            out.push_str(&format!("\\fB{}\\fR", escape(&r[..end])));
            rest = &r[end + 1..];
        } else if let Some(r) = rest.strip_prefix("**") {
            let end = r.find("**").unwrap_or_else(|| panic!("an unclosed ** in {text:?}"));
            out.push_str(&format!("\\fB{}\\fR", inline(&r[..end]).replace("\\fR", "\\fB")));
            rest = &r[end + 2..];
        } else if let Some(r) = rest.strip_prefix('[').filter(|r| r.contains("](")) {
            let close = r.find("](").unwrap_or_default();
            let end = r[close..].find(')').map_or(r.len(), |e| close + e);
            out.push_str(&inline(&r[..close]));
            rest = r.get(end + 1..).unwrap_or_default();
        } else {
            // Plain text up to the next mark (at least one character).
            let first = rest.chars().next().map_or(1, char::len_utf8);
            let next = rest[first..].find(['`', '*', '[']).map_or(rest.len(), |i| first + i);
            let (plain, more) = rest.split_at(next);
            out.push_str(&escape(plain));
            rest = more;
        }
    }
    out
}

/// `text` as filled text lines of at most [`WIDTH`] bytes, none starting
/// with a control character.
fn fill(text: &str) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        if !line.is_empty() && line.len() + 1 + word.len() > WIDTH {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
        .into_iter()
        .map(|l| if l.starts_with(['.', '\'']) { format!("\\&{l}") } else { l })
        .collect()
}

/// A code line, escaped, cut with `\c` into input lines of at most
/// [`WIDTH`] bytes (never inside an escape).
fn code_lines(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    for c in line.chars() {
        let piece = escape(&c.to_string());
        // (Room for a `\&` before and a `\c` after.)
        if cur.len() + piece.len() > WIDTH - 4 {
            out.push(format!("{cur}\\c"));
            cur.clear();
        }
        cur.push_str(&piece);
    }
    out.push(cur);
    out.into_iter()
        .map(|l| if l.starts_with(['.', '\'']) { format!("\\&{l}") } else { l })
        .collect()
}

/// The roff of a part of the documentation. A `##` heading directly
/// followed by a `###` one only groups them and is left out.
pub(crate) fn from_markdown(md: &str) -> String {
    let blocks = blocks(md);
    let mut out = String::new();
    // (It goes under a heading of the page's.)
    let mut after_heading = true;
    for (i, b) in blocks.iter().enumerate() {
        let para = |out: &mut String, after: bool| {
            if !after {
                out.push_str(".PP\n");
            }
        };
        match b {
            Block::Heading(2, _) if matches!(blocks.get(i + 1), Some(Block::Heading(3, _))) => {}
            Block::Heading(_, h) => {
                out.push_str(&format!(".SS \"{}\"\n", escape(h)));
                after_heading = true;
                continue;
            }
            Block::Para(t) => {
                para(&mut out, after_heading);
                for l in fill(&inline(t)) {
                    out.push_str(&l);
                    out.push('\n');
                }
            }
            Block::Item(t) => {
                out.push_str(".IP \\(bu 2\n");
                for l in fill(&inline(t)) {
                    out.push_str(&l);
                    out.push('\n');
                }
            }
            Block::Code(lines) => {
                para(&mut out, after_heading);
                out.push_str(".RS 2\n.nf\n");
                for l in lines {
                    for piece in code_lines(l) {
                        out.push_str(&piece);
                        out.push('\n');
                    }
                }
                out.push_str(".fi\n.RE\n");
            }
            Block::Image => continue,
        }
        after_heading = false;
    }
    out
}

#[test]
fn markdown_becomes_roff() {
    let md = "# Title\n\nIntro with `--a-b` and **bold `x`**, a [link](x.md).\n\n## Group\n\n\
              ### --opt=N\n\nText\ngoes on.\n\n- one\n  more\n- two\n\n```\n.dot \\x\n```\n\n\
              ![img](p.png)\n\n## Alone\n\n.starts with a dot\n";
    assert_eq!(
        from_markdown(md),
        "Intro with \\fB\\-\\-a\\-b\\fR and \\fBbold \\fBx\\fB\\fR, a link.\n\
         .SS \"\\-\\-opt=N\"\nText goes on.\n.IP \\(bu 2\none more\n.IP \\(bu 2\ntwo\n\
         .PP\n.RS 2\n.nf\n\\&.dot \\ex\n.fi\n.RE\n.SS \"Alone\"\n\\&.starts with a dot\n"
    );
    assert_eq!(code_lines(&format!("{}.5 ms", "x".repeat(WIDTH - 4)))[1], "\\&.5 ms");
    let long = "x".repeat(200);
    let pieces = code_lines(&long);
    assert!(pieces.iter().all(|p| p.len() <= WIDTH), "{pieces:?}");
    assert_eq!(pieces.concat().replace("\\c", ""), long);
    assert!(fill(&"word ".repeat(50)).iter().all(|l| l.len() <= WIDTH));
}
