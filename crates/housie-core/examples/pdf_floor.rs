//! The floor a PDF writer can reach for a run: given a `books.pdf`, takes its pages' content
//! streams (decompressed, untimed) and times only what any writer of those pages must do:
//! deflate each at housie's level with the same library, and write them after the file's head
//! with a page object each and a cross-reference table. housie's whole run (drawing the books,
//! building each page's content, the manifest, the record) is measured against this.
//!
//! `cargo run -p housie-core --release --example pdf_floor -- DIR/books.pdf`

use std::io::Write;
use std::time::Instant;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args().nth(1).ok_or("give a books.pdf")?;
    let doc = lopdf::Document::load(&path)?;
    let pages: Vec<Vec<u8>> = doc.get_pages().values().map(|&id| doc.get_page_content(id)).collect();
    let raw: usize = pages.iter().map(Vec::len).sum();
    // A stand-in for the head (the font, the profile): copying bytes costs next to nothing.
    let head = std::fs::metadata(&path)?.len().saturating_sub(1_000 * pages.len() as u64).min(1 << 20);
    let out_path = std::env::temp_dir().join("housie-pdf-floor.pdf");

    let cpu = cpu_seconds();
    let start = Instant::now();
    let mut out = std::io::BufWriter::new(std::fs::File::create(&out_path)?);
    out.write_all(&vec![b'%'; head as usize])?;
    let mut offsets = Vec::with_capacity(2 * pages.len());
    let mut at = head;
    let mut compressed = 0;
    for (i, page) in pages.iter().enumerate() {
        let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::new(6));
        z.write_all(page)?;
        let stream = z.finish()?;
        compressed += stream.len();
        let content = format!("{} 0 obj\n<</Length {}/Filter/FlateDecode>>stream\n", 2 * i + 10, stream.len());
        offsets.push(at);
        out.write_all(content.as_bytes())?;
        out.write_all(&stream)?;
        out.write_all(b"\nendstream\nendobj\n")?;
        at += (content.len() + stream.len() + 18) as u64;
        let object = format!("{} 0 obj\n<</Type/Page/Parent 3 0 R/Contents {} 0 R>>\nendobj\n", 2 * i + 11, 2 * i + 10);
        offsets.push(at);
        out.write_all(object.as_bytes())?;
        at += object.len() as u64;
    }
    for o in &offsets {
        writeln!(out, "{o:010} 00000 n ")?;
    }
    out.flush()?;
    let (wall, cpu) = (start.elapsed().as_secs_f64(), cpu_seconds() - cpu);
    std::fs::remove_file(&out_path)?;
    println!(
        "{} pages, {raw} raw content bytes ({} a page), deflated to {compressed} ({} a page): \
         {cpu:.3} s CPU, {wall:.3} s wall",
        pages.len(),
        raw / pages.len(),
        compressed / pages.len()
    );
    Ok(())
}

/// This process's CPU time (user and system), from /proc (Linux), seconds.
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let fields: Vec<&str> = stat.rsplit(')').next().unwrap_or("").split_whitespace().collect();
    let ticks = |i: usize| fields.get(i).and_then(|v| v.parse::<f64>().ok()).unwrap_or(0.0);
    // Fields 14 and 15 of stat (utime, stime), counted after the command's closing parenthesis.
    (ticks(11) + ticks(12)) / 100.0
}
