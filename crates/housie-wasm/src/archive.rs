//! A run as one zip, in and out. Out: the run's files in one folder, byte for byte, dated
//! 1980 so the same run gives the same zip. In: a zip the visitor dropped, taken apart within
//! bounds, since anyone can make one: a name reaching outside its folder (`../`, `/etc`, `C:`),
//! a name given twice (the zip crate would keep one of them unseen), more files than a run has,
//! or more bytes than a run can be (a zip bomb) is refused whole — the bytes counted as they
//! inflate, before any is kept, so a bomb costs no memory.

use std::collections::BTreeMap;
use std::io::{self, Cursor, Read, Write};

use housie_core::support::said::Said;
use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, ZipArchive, ZipWriter};

/// The most files a dropped zip may hold: a run's volumes, manifest, record, proof and logo.
pub const MAX_FILES: usize = 256;
/// The most a dropped zip's files may come to, unpacked: past any run the page makes (100,000
/// books are about 130 MB), and within what a tab can hold beside the zip itself.
pub const MAX_BYTES: u64 = 384 << 20;

/// `files` as a zip, in the folder `folder`: PDFs and pictures stored as they are (they are
/// compressed already), text deflated.
pub fn write(folder: &str, files: &[(String, &[u8])]) -> Result<Vec<u8>, String> {
    let mut zip = ZipWriter::new(Cursor::new(Vec::new()));
    for (name, bytes) in files {
        let stored = name.ends_with(".pdf") || name.ends_with(".png") || name.ends_with(".jpg");
        let method = if stored { CompressionMethod::Stored } else { CompressionMethod::Deflated };
        // Deflate's fastest level: the manifest (the one large file deflated) is a quarter
        // bigger than at the default level, a zip 1.5 % bigger, for a fifth of the time — the
        // default level was a third of a 500-book run's time in the page.
        let level = (!stored).then_some(1);
        let options =
            SimpleFileOptions::default().compression_method(method).compression_level(level).unix_permissions(0o644);
        let path = if folder.is_empty() { name.clone() } else { format!("{folder}/{name}") };
        zip.start_file(path, options).map_err(|e| e.to_string())?;
        zip.write_all(bytes).map_err(|e| e.to_string())?;
    }
    Ok(zip.finish().map_err(|e| e.to_string())?.into_inner())
}

/// A dropped zip's files by their names in the run's folder, and that folder's name (`run`
/// when the files are not in one): one folder, no name outside it, within the bounds above.
/// A refusal is a catalogue message, said in the page's language.
pub fn read(bytes: &[u8]) -> Result<(String, BTreeMap<String, Vec<u8>>), Said> {
    read_within(bytes, MAX_BYTES)
}

/// As [`read`], refusing past `max` bytes unpacked.
fn read_within(bytes: &[u8], max: u64) -> Result<(String, BTreeMap<String, Vec<u8>>), Said> {
    let damaged = |e: &dyn std::fmt::Display| Said::new("zip-damaged", [("reason", e.to_string())]);
    let names = crate::zip_names::central_names(bytes).ok_or_else(|| Said::new("zip-not-a-zip", []))?;
    if names.len() > MAX_FILES {
        return Err(Said::new(
            "zip-too-many-files",
            [("files", names.len().to_string()), ("max", MAX_FILES.to_string())],
        ));
    }
    let mut seen = std::collections::BTreeSet::new();
    if let Some(twice) = names.iter().find(|n| !seen.insert(n.as_str())) {
        return Err(Said::new("zip-twice", [("name", clip(twice))]));
    }
    let mut zip = ZipArchive::new(Cursor::new(bytes)).map_err(|_| Said::new("zip-not-a-zip", []))?;
    // First counted as they inflate, nothing kept, so a bomb is refused at no cost...
    let mut sizes = Vec::with_capacity(zip.len());
    let mut total = 0u64;
    for i in 0..zip.len() {
        let mut entry = zip.by_index(i).map_err(|e| damaged(&e))?;
        let room = max - total;
        let size = io::copy(&mut entry.by_ref().take(room + 1), &mut io::sink()).map_err(|e| damaged(&e))?;
        if size > room {
            return Err(Said::new("zip-too-large", [("max", housie_core::world::size(max))]));
        }
        total += size;
        sizes.push(size);
    }
    // ...then kept, each in a buffer of its size.
    let mut named = Vec::new();
    for (i, size) in sizes.into_iter().enumerate() {
        let mut entry = zip.by_index(i).map_err(|e| damaged(&e))?;
        let name = entry.name().map_err(|e| damaged(&e))?.to_string();
        // A folder, and what macOS's Finder adds to a zip it makes (`__MACOSX/`, `.DS_Store`).
        if entry.is_dir() || name.starts_with("__MACOSX/") || name.rsplit('/').next() == Some(".DS_Store") {
            continue;
        }
        let parts = safe_parts(&name).ok_or_else(|| Said::new("zip-outside", [("name", clip(&name))]))?;
        let mut out = Vec::with_capacity(size as usize);
        entry.by_ref().take(size).read_to_end(&mut out).map_err(|e| damaged(&e))?;
        named.push((parts, out));
    }
    let folder = match named.first() {
        Some((parts, _)) if parts.len() == 2 && named.iter().all(|(p, _)| p.len() == 2 && p[0] == parts[0]) => {
            Some(parts[0].clone())
        }
        _ => None,
    };
    let mut files = BTreeMap::new();
    for (parts, bytes) in named {
        let name = match (&folder, parts.as_slice()) {
            (Some(_), [_, name]) | (None, [name]) => name.clone(),
            _ => return Err(Said::new("zip-folders", [])),
        };
        if files.insert(name.clone(), bytes).is_some() {
            return Err(Said::new("zip-twice", [("name", clip(&name))]));
        }
    }
    Ok((folder.unwrap_or_else(|| "run".to_string()), files))
}

/// The parts of a zip entry's name, or `None` when it reaches outside the zip's folder: an
/// absolute path, a drive, `..`, or a part that is empty or holds a backslash.
fn safe_parts(name: &str) -> Option<Vec<String>> {
    if name.starts_with('/') || name.contains('\\') || name.contains(':') || name.contains('\0') {
        return None;
    }
    let parts: Vec<String> = name.split('/').map(str::to_string).collect();
    let bad = |p: &String| p.is_empty() || p == "." || p == "..";
    (!parts.iter().any(bad)).then_some(parts)
}

/// A name from a zip, short enough to show.
fn clip(name: &str) -> String {
    housie_core::domain::text::clip(name, 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A refusal in English, as the catalogue says it.
    fn english(said: Said) -> String {
        let args: Vec<(&str, &str)> = said.args.iter().map(|(k, v)| (*k, v.as_str())).collect();
        housie_core::support::catalogue::Catalogue::english().say(said.id, &args)
    }

    #[test]
    fn a_zip_written_reads_back_and_hostile_names_are_refused() {
        let zip = write("spring", &[("books.pdf".into(), b"%PDF"), ("run.json".into(), b"{}")]).unwrap();
        assert_eq!(zip, write("spring", &[("books.pdf".into(), b"%PDF"), ("run.json".into(), b"{}")]).unwrap());
        let (folder, files) = read(&zip).unwrap();
        assert_eq!(folder, "spring");
        assert_eq!(files["books.pdf"], b"%PDF");
        for bad in ["../run.json", "/etc/passwd", "a/../../b", "C:/x", "a\\..\\b", "a//b"] {
            let zip = write("", &[(bad.into(), b"x")]).unwrap();
            assert!(english(read(&zip).unwrap_err()).contains("outside its folder"), "{bad}");
        }
        let two = write("", &[("a/run.json".into(), b"x"), ("b/run.json".into(), b"y")]).unwrap();
        assert!(english(read(&two).unwrap_err()).contains("more than one folder"));
        assert!(english(read(b"PK not a zip").unwrap_err()).starts_with("this is not a zip file"));
        // A name given twice (an edited manifest first, the real one after): refused, where
        // the zip crate alone keeps the last and never shows the first.
        let zip = write("run", &[("manifest.csv".into(), b"edited"), ("manifest.cs_".into(), b"real")]).unwrap();
        let mut twice = zip.clone();
        let at: Vec<usize> = (0..zip.len() - 12).filter(|&i| &zip[i..i + 12] == b"manifest.cs_").collect();
        assert_eq!(at.len(), 2, "its local header and its directory entry");
        at.iter().for_each(|&i| twice[i + 11] = b'v');
        assert_eq!(ZipArchive::new(Cursor::new(&twice[..])).unwrap().len(), 1, "control: the crate folds them");
        assert_eq!(
            english(read(&twice).unwrap_err()),
            "the zip holds `run/manifest.csv` twice: it was not made by housie"
        );
        // What macOS's Finder adds is left out.
        let finder =
            write("", &[("spring/run.json".into(), b"{}"), ("__MACOSX/spring/._run.json".into(), b"x")]).unwrap();
        assert_eq!(read(&finder).unwrap().0, "spring");
    }

    #[test]
    fn a_zip_bomb_is_refused_before_it_is_unpacked() {
        let big = vec![0u8; 16 << 20];
        let names: Vec<(String, &[u8])> = (0..4).map(|i| (format!("f{i}"), big.as_slice())).collect();
        let zip = write("", &names).unwrap();
        assert!(zip.len() < 1 << 20, "deflated zeros are small: {}", zip.len());
        assert!(english(read_within(&zip, 48 << 20).unwrap_err()).contains("more than 48 MiB"));
        assert_eq!(read_within(&zip, 64 << 20).unwrap().1.len(), 4, "control: within the bound it unpacks");
    }
}
