//! One PDF file, written as its pages arrive: the shared head ([`super::shared`]), then each
//! page's content stream and page object, then the page tree, the cross-reference table and the
//! trailer. Only the objects' offsets are kept, so memory does not grow with the pages.

use std::io::{self, Write};

use sha2::{Digest, Sha256};

use super::shared::Shared;
use super::PdfStyle;
use crate::export::csv::ManifestWriter;
use crate::print::pages::Page;

/// A page drawn and compressed, waiting for its turn in the file.
pub struct RenderedPage {
    /// The page.
    pub page: Page,
    /// The content stream, deflated.
    pub content: Vec<u8>,
}

impl RenderedPage {
    /// Draws and compresses one page of a file of `pages` pages.
    pub fn new(style: &PdfStyle<'_>, page: Page, pages: u64) -> RenderedPage {
        let content = deflate_page(style.format, &super::page::content(style, &page, pages));
        RenderedPage { page, content }
    }
}

/// Deflates a page's content (zlib) as `format` does: with libdeflate from housie 0.10 (level
/// 6, and 5 from housie 0.11), with miniz (through flate2) before it. Each writes different
/// bytes, so each run keeps the one it was made with.
pub fn deflate_page(format: super::PdfFormat, bytes: &[u8]) -> Vec<u8> {
    if !format.ground() {
        return deflate(bytes);
    }
    type Compressor = std::cell::RefCell<libdeflater::Compressor>;
    fn compressor(level: u32) -> Compressor {
        std::cell::RefCell::new(libdeflater::Compressor::new(
            libdeflater::CompressionLvl::new(level as i32).expect("a level libdeflate has"),
        ))
    }
    thread_local! {
        static GROUND: Compressor = compressor(super::DEFLATE_LEVEL);
        static SYMBOLS: Compressor = compressor(super::SYMBOLS_DEFLATE_LEVEL);
    }
    let key = if format == super::PdfFormat::Ground { &GROUND } else { &SYMBOLS };
    key.with(|z| {
        let mut z = z.borrow_mut();
        let mut out = vec![0; z.zlib_compress_bound(bytes.len())];
        let n = z.zlib_compress(bytes, &mut out).expect("the bound holds the deflated page");
        out.truncate(n);
        out
    })
}

/// Deflates bytes (zlib) with miniz at [`super::DEFLATE_LEVEL`]. Each thread keeps its compressor: a new one
/// zeroes some 300 KB of tables, which cost more than deflating a page.
pub fn deflate(bytes: &[u8]) -> Vec<u8> {
    thread_local! {
        static COMPRESS: std::cell::RefCell<flate2::Compress> =
            std::cell::RefCell::new(flate2::Compress::new(flate2::Compression::new(super::DEFLATE_LEVEL), true));
    }
    COMPRESS.with(|z| {
        let mut z = z.borrow_mut();
        z.reset();
        let mut out = Vec::with_capacity(bytes.len() / 2 + 64);
        loop {
            let consumed = z.total_in() as usize;
            let status = z
                .compress_vec(&bytes[consumed..], &mut out, flate2::FlushCompress::Finish)
                .expect("deflating to memory");
            if status == flate2::Status::StreamEnd {
                return out;
            }
            out.reserve(out.capacity().max(1024));
        }
    })
}

/// A PDF file being streamed to `W`.
pub struct PdfFile<'a, W: Write> {
    style: &'a PdfStyle<'a>,
    shared: &'a Shared,
    out: W,
    /// Bytes written so far.
    at: u64,
    /// Offsets of the objects written after the head, from `first_id` on.
    offsets: Vec<u64>,
    first_id: u32,
    /// The manifest rows of this file's tickets, hashed: the source of the document /ID.
    rows: ManifestWriter<Sha256>,
    /// The page objects, in order, for the page tree.
    kids: Vec<u32>,
    /// With 2-up imposition: each page as a form, placed on the sheets at the end.
    forms: Vec<u32>,
}

impl<'a, W: Write> PdfFile<'a, W> {
    /// Starts a file by writing the shared head.
    pub fn new(style: &'a PdfStyle<'a>, shared: &'a Shared, mut out: W) -> io::Result<Self> {
        out.write_all(&shared.head)?;
        let rows = ManifestWriter::new(Sha256::new(), style.template.card_format())?;
        Ok(PdfFile {
            style,
            shared,
            out,
            at: shared.head.len() as u64,
            offsets: Vec::new(),
            first_id: shared.offsets.len() as u32,
            rows,
            kids: Vec::new(),
            forms: Vec::new(),
        })
    }

    fn next_id(&self) -> u32 {
        self.first_id + self.offsets.len() as u32
    }

    /// Starts object `id` (the next one) at the current offset.
    fn begin(&mut self, id: u32) -> io::Result<()> {
        debug_assert_eq!(id, self.next_id());
        self.offsets.push(self.at);
        self.write(format!("{id} 0 obj\n").as_bytes())
    }

    fn write(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.out.write_all(bytes)?;
        self.at += bytes.len() as u64;
        Ok(())
    }

    /// Appends the next page.
    pub fn push(&mut self, page: &RenderedPage) -> io::Result<()> {
        if page.page.first_ticket == 0 {
            self.rows.write_books(&page.page.books)?;
        }
        let content = self.next_id();
        self.begin(content)?;
        if self.style.two_up {
            // Drawn on its sheet at the end, beside the page half a stack away.
            let form = format!(
                "<</Type/XObject/Subtype/Form/BBox{}/Resources {} 0 R/Length {}/Filter/FlateDecode>>stream\n",
                self.shared.page_media,
                self.shared.resources_id,
                page.content.len()
            );
            self.write(form.as_bytes())?;
            self.write(&page.content)?;
            self.forms.push(content);
            return self.write(b"\nendstream\nendobj\n");
        }
        self.write(format!("<</Length {}/Filter/FlateDecode>>stream\n", page.content.len()).as_bytes())?;
        self.write(&page.content)?;
        self.write(b"\nendstream\nendobj\n")?;
        let id = self.next_id();
        self.kids.push(id);
        self.begin(id)?;
        let page = format!(
            "<</Type/Page/Parent {} 0 R{}/Contents {content} 0 R>>\nendobj\n",
            self.shared.pages_id, self.shared.page_boxes
        );
        self.write(page.as_bytes())
    }

    /// Cut-and-stack: sheet k holds page k on its left and page S + k on its right (S sheets),
    /// so the stack cut in half gives two piles in page order, the right pile under the left.
    fn write_sheets(&mut self) -> io::Result<()> {
        let forms = std::mem::take(&mut self.forms);
        let sheets = forms.len().div_ceil(2);
        for k in 0..sheets {
            let right = forms.get(sheets + k);
            let mut content = String::from("q /A Do Q\n");
            let mut xobjects = format!("/A {} 0 R", forms[k]);
            if let Some(b) = right {
                content.push_str(&format!("q 1 0 0 1 {} 0 cm /B Do Q\n", self.shared.page_width_pt));
                xobjects.push_str(&format!("/B {b} 0 R"));
            }
            let id = self.next_id();
            self.begin(id)?;
            self.write(format!("<</Length {}>>stream\n{content}\nendstream\nendobj\n", content.len()).as_bytes())?;
            let page = self.next_id();
            self.begin(page)?;
            let dict = format!(
                "<</Type/Page/Parent {} 0 R{}/Resources<</XObject<<{xobjects}>>>>/Contents {id} 0 R>>\nendobj\n",
                self.shared.pages_id, self.shared.page_boxes
            );
            self.write(dict.as_bytes())?;
            self.kids.push(page);
        }
        Ok(())
    }

    /// Writes the page tree, the cross-reference table and the trailer; returns the writer.
    pub fn finish(mut self) -> io::Result<W> {
        if self.style.two_up {
            self.write_sheets()?;
        }
        let s = self.shared;
        let offsets = std::mem::take(&mut self.offsets);
        let kids = std::mem::take(&mut self.kids);
        let pages = kids.len();
        let tree_at = self.at;
        let mut tree = format!(
            "{} 0 obj\n<</Type/Pages/Count {pages}{}/Resources {} 0 R/Kids[",
            s.pages_id, s.tree_boxes, s.resources_id
        );
        for (p, id) in kids.iter().enumerate() {
            tree.push_str(&format!("{}{id} 0 R", if p == 0 { "" } else { " " }));
            if tree.len() > 1 << 16 {
                self.write(tree.as_bytes())?;
                tree.clear();
            }
        }
        tree.push_str("]>>\nendobj\n");
        self.write(tree.as_bytes())?;

        let xref_at = self.at;
        let size = self.first_id as usize + offsets.len();
        let mut table = format!("xref\n0 {size}\n0000000000 65535 f \n");
        let head =
            s.offsets.iter().enumerate().skip(1).map(|(id, &o)| if id == s.pages_id as usize { tree_at } else { o });
        for offset in head.chain(offsets.iter().copied()) {
            table.push_str(&format!("{offset:010} 00000 n \n"));
            if table.len() > 1 << 16 {
                self.write(table.as_bytes())?;
                table.clear();
            }
        }
        let rows =
            std::mem::replace(&mut self.rows, ManifestWriter::new(Sha256::new(), self.style.template.card_format())?);
        let digest = rows.into_inner()?.finalize();
        let id: String = digest[..16].iter().map(|b| format!("{b:02X}")).collect();
        table.push_str(&format!(
            "trailer\n<</Size {size}/Root {} 0 R/Info {} 0 R/ID[<{id}><{id}>]>>\nstartxref\n{xref_at}\n%%EOF\n",
            s.catalog_id, s.info_id
        ));
        self.write(table.as_bytes())?;
        self.out.flush()?;
        Ok(self.out)
    }
}
