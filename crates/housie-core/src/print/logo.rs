//! A club's or sponsor's logo for the tickets: PNG or JPEG in, decoded within limits (a
//! decompression bomb is refused from its declared size, before any pixel is allocated). For
//! the print file it becomes DeviceCMYK, converted by littleCMS from sRGB through the very
//! output profile the file declares (Coated FOGRA39), or DeviceGray for a grey image, so every
//! file stays PDF/X-1a; for screens (the preview, the players' phones) it is the image as it
//! came, laid on white.

use std::path::Path;

use serde::{Deserialize, Serialize};

/// The largest image file read.
pub const LOGO_FILE_MAX: u64 = 20 << 20;
/// The largest width or height decoded, pixels.
pub const LOGO_SIDE_MAX: u32 = 8000;
/// Memory a decode may take.
const DECODE_ALLOC_MAX: u64 = 300 << 20;
/// Below this many pixels per inch at its printed size, a logo is refused: it would print as
/// visible squares.
pub const MIN_PPI: f32 = 150.0;
/// Below this, it is printed with a warning.
pub const GOOD_PPI: f32 = 300.0;
/// The most pixels per inch a logo is printed at (housie 0.13 on): a finer image is resampled
/// to this at its printed size, so a phone's photo costs the file what the print can show.
/// Offset print renders a photo at about 300 lines an inch; 400 keeps a margin for a line-art
/// logo's edges, and a 12-megapixel photo printed 12 mm high then costs a file under 100 KB.
pub const PRINT_PPI_MAX: f32 = 400.0;
/// The tallest image a logo is worked at (housie 0.13 on): 400 ppi at 130 mm, taller than any
/// band a logo goes in.
pub const WORK_HEIGHT_MAX: u32 = 2048;
/// The tallest image for screens (the preview, the players' pages): a photo is scaled down to
/// it once, at load, not drawn at its full size on every edit.
pub const SCREEN_HEIGHT_MAX: u32 = 240;

/// Where on the page a logo goes: centred in the header (between its texts) or the footer, or
/// at either end.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LogoPosition {
    /// The header's left end.
    HeaderLeft,
    /// The middle of the header.
    #[default]
    HeaderCentre,
    /// The header's right end.
    HeaderRight,
    /// The footer's left end.
    FooterLeft,
    /// The middle of the footer.
    FooterCentre,
    /// The footer's right end.
    FooterRight,
}

impl std::fmt::Display for LogoPosition {
    /// As templates and `--logo-position` write it: `header-centre`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for LogoPosition {
    type Err = String;

    /// As templates and `--logo-position` write it: `header-centre`.
    fn from_str(text: &str) -> Result<LogoPosition, String> {
        LogoPosition::ALL.into_iter().find(|p| p.name() == text).ok_or_else(|| {
            format!("`{text}` is not a place for a logo ({})", LogoPosition::ALL.map(LogoPosition::name).join(", "))
        })
    }
}

impl LogoPosition {
    /// Every place, in the order a form lists them.
    pub const ALL: [LogoPosition; 6] = [
        LogoPosition::HeaderLeft,
        LogoPosition::HeaderCentre,
        LogoPosition::HeaderRight,
        LogoPosition::FooterLeft,
        LogoPosition::FooterCentre,
        LogoPosition::FooterRight,
    ];

    /// As templates and `--logo-position` write it: `header-centre`.
    pub const fn name(self) -> &'static str {
        match self {
            LogoPosition::HeaderLeft => "header-left",
            LogoPosition::HeaderCentre => "header-centre",
            LogoPosition::HeaderRight => "header-right",
            LogoPosition::FooterLeft => "footer-left",
            LogoPosition::FooterCentre => "footer-centre",
            LogoPosition::FooterRight => "footer-right",
        }
    }

    /// The place in words, as `--help` lists it.
    pub const fn description(self) -> &'static str {
        match self {
            LogoPosition::HeaderLeft => "The header's left end",
            LogoPosition::HeaderCentre => "The middle of the header",
            LogoPosition::HeaderRight => "The header's right end",
            LogoPosition::FooterLeft => "The footer's left end",
            LogoPosition::FooterCentre => "The middle of the footer",
            LogoPosition::FooterRight => "The footer's right end",
        }
    }

    /// Whether it sits in the header (else the footer).
    pub fn in_header(self) -> bool {
        matches!(self, LogoPosition::HeaderLeft | LogoPosition::HeaderCentre | LogoPosition::HeaderRight)
    }
}

/// Why an image was refused.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum LogoError {
    /// The file could not be read.
    #[error("{file}: {message}")]
    Read {
        /// The file.
        file: String,
        /// What the system said.
        message: String,
    },
    /// Larger than a logo's file may be.
    #[error("{file}: larger than the {} a logo may be", crate::world::size(LOGO_FILE_MAX))]
    TooBig {
        /// The file.
        file: String,
    },
    /// Not a PNG or JPEG, whatever its name says.
    #[error("{file} is not a PNG or JPEG image{}", found.as_ref().map(|f| format!(" (it is {f})")).unwrap_or_default())]
    NotAnImage {
        /// The file.
        file: String,
        /// What it seems to be, if anything.
        found: Option<String>,
    },
    /// Larger than housie decodes.
    #[error("{file} is {width} × {height} pixels; housie takes images up to {LOGO_SIDE_MAX} pixels a side")]
    TooLarge {
        /// The file.
        file: String,
        /// Width, pixels.
        width: u32,
        /// Height, pixels.
        height: u32,
    },
    /// A damaged image.
    #[error("{file}: the image cannot be read ({message})")]
    Damaged {
        /// The file.
        file: String,
        /// What the decoder said.
        message: String,
    },
    /// Too few pixels for its printed size.
    #[error(
        "the logo is {ppi:.0} pixels per inch at {height_mm} mm high, below the {MIN_PPI:.0} a print needs; use a \
         larger image or print it smaller"
    )]
    LowResolution {
        /// Pixels per inch at the printed size.
        ppi: f32,
        /// The printed height, mm.
        height_mm: f32,
    },
    /// The image is not the one the run was made with.
    #[error("{file} is not the logo the run was made with (its SHA-256 differs)")]
    Changed {
        /// The file.
        file: String,
    },
    /// Colour conversion failed (a bug or a broken profile).
    #[error("the logo's colours could not be converted for print: {0}")]
    Colour(String),
}

impl LogoError {
    /// The same as a catalogue message, in a form's words, for a page in its language.
    pub fn said(&self) -> crate::support::said::Said {
        use crate::support::said::Said;
        match self {
            LogoError::Read { .. } => Said::new("logo-unreadable", []),
            LogoError::TooBig { .. } => Said::new("logo-too-big", [("max", crate::world::size(LOGO_FILE_MAX))]),
            LogoError::NotAnImage { found: None, .. } => Said::new("logo-not-an-image", []),
            LogoError::NotAnImage { found: Some(found), .. } => {
                Said::new("logo-not-an-image-but", [("found", found.clone())])
            }
            LogoError::TooLarge { width, height, .. } => Said::new(
                "logo-too-many-pixels",
                [("width", width.to_string()), ("height", height.to_string()), ("max", LOGO_SIDE_MAX.to_string())],
            ),
            LogoError::Damaged { .. } => Said::new("logo-damaged", []),
            LogoError::LowResolution { ppi, height_mm } => Said::new(
                "logo-low-resolution",
                [("ppi", format!("{ppi:.0}")), ("height", height_mm.to_string()), ("min", format!("{MIN_PPI:.0}"))],
            ),
            LogoError::Changed { .. } => Said::new("logo-changed", []),
            LogoError::Colour(_) => Said::new("logo-colour", []),
        }
    }
}

/// A decoded logo, ready for print and screen.
#[derive(Clone)]
pub struct Logo {
    /// Width, pixels.
    pub width: u32,
    /// Height, pixels.
    pub height: u32,
    /// Grey: one component a pixel (DeviceGray), else four (DeviceCMYK).
    pub gray: bool,
    /// The pixels for print, row by row from the top, 8 bits a component.
    pub print: Vec<u8>,
    /// The image for screens, as PNG (on white).
    pub screen_png: Vec<u8>,
    /// SHA-256 of the file, hex.
    pub sha256: String,
    /// The file itself, which a run of housie 0.14 on carries in its folder
    /// ([`Logo::file_name`]).
    pub bytes: std::sync::Arc<[u8]>,
}

impl std::fmt::Debug for Logo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Logo({} × {}, sha256 {})", self.width, self.height, self.sha256)
    }
}

impl Logo {
    /// Reads and converts an image file of `world`, at no more than [`WORK_HEIGHT_MAX`] pixels
    /// high (see [`Logo::from_bytes`]).
    pub fn load(path: &Path, world: &dyn crate::world::World) -> Result<Logo, LogoError> {
        Logo::load_sized(path, world, Rules::Current)
    }

    /// As [`Logo::load`], every pixel kept: how runs of housie before 0.13 printed it.
    pub fn load_whole(path: &Path, world: &dyn crate::world::World) -> Result<Logo, LogoError> {
        Logo::load_sized(path, world, Rules::Before013)
    }

    fn load_sized(path: &Path, world: &dyn crate::world::World, rules: Rules) -> Result<Logo, LogoError> {
        let file = path.display().to_string();
        let bytes = world.read(path, LOGO_FILE_MAX).map_err(|e| match e.kind() {
            std::io::ErrorKind::FileTooLarge => LogoError::TooBig { file: file.clone() },
            _ => LogoError::Read { file: file.clone(), message: e.to_string() },
        })?;
        Logo::decode(&bytes, &file, rules)
    }

    /// Converts an image's bytes; `file` names it in errors. An image taller than
    /// [`WORK_HEIGHT_MAX`] is scaled down to it as soon as it is decoded (no logo prints that
    /// many pixels: see [`Logo::fitted`]), so a phone's photo costs a fraction of the memory
    /// and time its every pixel would.
    pub fn from_bytes(bytes: &[u8], file: &str) -> Result<Logo, LogoError> {
        // The limit a run's file is read within: an upload is refused where a run would be.
        if bytes.len() as u64 > LOGO_FILE_MAX {
            return Err(LogoError::TooBig { file: file.into() });
        }
        Logo::decode(bytes, file, Rules::Current)
    }

    fn decode(bytes: &[u8], file: &str, rules: Rules) -> Result<Logo, LogoError> {
        let most = (rules == Rules::Current).then_some(WORK_HEIGHT_MAX);
        use image::{ImageFormat, ImageReader};
        let reader = ImageReader::new(std::io::Cursor::new(bytes))
            .with_guessed_format()
            .map_err(|e| LogoError::Damaged { file: file.into(), message: e.to_string() })?;
        let format = reader.format();
        match format {
            Some(ImageFormat::Png | ImageFormat::Jpeg) => {}
            other => {
                return Err(LogoError::NotAnImage {
                    file: file.into(),
                    found: other.map(|f| format!("{f:?}").to_ascii_uppercase()),
                })
            }
        }
        let (width, height) =
            reader.into_dimensions().map_err(|e| LogoError::Damaged { file: file.into(), message: e.to_string() })?;
        if width > LOGO_SIDE_MAX || height > LOGO_SIDE_MAX || width == 0 || height == 0 {
            return Err(LogoError::TooLarge { file: file.into(), width, height });
        }
        let damaged = |message: String| LogoError::Damaged { file: file.into(), message };
        // A PNG taller than wanted is shrunk as its rows are read, never held at full size.
        let shrunk = match (format, most) {
            (Some(ImageFormat::Png), Some(most)) => super::shrunk_png::decode(bytes, height, most, DECODE_ALLOC_MAX),
            _ => None,
        };
        let decoded = match shrunk {
            Some(shrunk) => shrunk.map_err(damaged)?,
            None => {
                let mut reader = ImageReader::new(std::io::Cursor::new(bytes))
                    .with_guessed_format()
                    .map_err(|e| damaged(e.to_string()))?;
                let mut limits = image::Limits::default();
                limits.max_image_width = Some(LOGO_SIDE_MAX);
                limits.max_image_height = Some(LOGO_SIDE_MAX);
                limits.max_alloc = Some(DECODE_ALLOC_MAX);
                reader.limits(limits);
                reader.decode().map_err(|e| damaged(e.to_string()))?
            }
        };
        let decoded = match most {
            // The width from the original's proportions, not the shrunk one's rounded sides.
            Some(most) if decoded.height() > most => {
                let w = ((width as f64 * f64::from(most) / f64::from(height)).round() as u32).max(1);
                decoded.thumbnail_exact(w, most)
            }
            _ => decoded,
        };
        let (width, height) = (decoded.width(), decoded.height());
        let gray = matches!(
            decoded.color(),
            image::ColorType::L8 | image::ColorType::La8 | image::ColorType::L16 | image::ColorType::La16
        );
        // Laid on white (print has no transparency in PDF/X-1a) and converted a band of rows at
        // a time: the decoded image and the print's pixels are the only full-size copies.
        let mut print = Vec::with_capacity(width as usize * height as usize * if gray { 1 } else { 4 });
        let mut cmyk = if gray { None } else { Some(Cmyk::new(rules == Rules::Current)?) };
        let mut band = Vec::with_capacity(width as usize * BAND_ROWS as usize);
        for top in (0..height).step_by(BAND_ROWS as usize) {
            band.clear();
            for y in top..(top + BAND_ROWS).min(height) {
                band.extend((0..width).map(|x| on_white(image::GenericImageView::get_pixel(&decoded, x, y))));
            }
            match &mut cmyk {
                None => print.extend(band.iter().map(|p| p[0])),
                Some(t) => t.append(&band, &mut print),
            }
        }
        let screen_png = screen_png(&decoded)?;
        drop(decoded);
        let sha256 = crate::support::digest::sha256_hex(bytes);
        Ok(Logo { width, height, gray, print, screen_png, sha256, bytes: bytes.into() })
    }

    /// The logo for a print `height_mm` high with at most [`PRINT_PPI_MAX`] pixels per inch:
    /// itself when it has no more, else its print pixels resampled `how` (Lanczos, in the
    /// print's own components) to that many.
    pub fn fitted(&self, height_mm: f32, how: Resampling) -> Logo {
        let most = (height_mm / 25.4 * PRINT_PPI_MAX).ceil().max(1.0) as u32;
        if self.height <= most {
            return self.clone();
        }
        let (height, width) = (most, ((self.width as f32 * most as f32 / self.height as f32).round() as u32).max(1));
        use image::imageops::{resize, FilterType};
        let print = if how == Resampling::Exact {
            let channels = if self.gray { 1 } else { 4 };
            let (from_w, from_h) = (self.width as usize, self.height as usize);
            let mut print = crate::support::resample::shrink(
                &self.print,
                from_w,
                from_h,
                channels,
                width as usize,
                height as usize,
            );
            if !self.gray {
                // Lanczos rings at edges: the total ink is capped again.
                for pixel in print.chunks_exact_mut(4) {
                    let capped = cap_ink([pixel[0], pixel[1], pixel[2], pixel[3]]);
                    pixel.copy_from_slice(&capped);
                }
            }
            print
        } else if self.gray {
            let img = image::GrayImage::from_raw(self.width, self.height, self.print.clone()).expect("sized at load");
            resize(&img, width, height, FilterType::Lanczos3).into_raw()
        } else {
            let img = image::RgbaImage::from_raw(self.width, self.height, self.print.clone()).expect("sized at load");
            let mut print = resize(&img, width, height, FilterType::Lanczos3).into_raw();
            // Lanczos rings at edges: the total ink is capped again.
            for pixel in print.chunks_exact_mut(4) {
                let capped = cap_ink([pixel[0], pixel[1], pixel[2], pixel[3]]);
                pixel.copy_from_slice(&capped);
            }
            print
        };
        Logo { width, height, print, ..self.clone() }
    }

    /// The name a run keeps the logo under in its folder, whatever the file was called:
    /// `logo.png` or `logo.jpg`, by what its bytes are (the studio's and the page's upload
    /// keep it so too).
    pub fn file_name(&self) -> &'static str {
        if self.bytes.starts_with(b"\x89PNG") {
            "logo.png"
        } else {
            "logo.jpg"
        }
    }

    /// The logo a run was made with, read as that run's housie read it (`whole`: every pixel
    /// kept, before 0.13): the file at its recorded `path`, or where that is gone or no longer
    /// the same, a file of the same name and SHA-256 in one of `folders` (the run's own and the
    /// one holding it, where `world` reads a relative path in the run's folder first). A run
    /// recorded its logo's path on the organiser's machine before 0.14, so a folder moved with
    /// its logo beside it still verifies. A logo there but changed is refused as changed.
    pub fn recorded(
        path: &Path,
        sha256: &str,
        whole: bool,
        folders: &[&Path],
        world: &dyn crate::world::World,
    ) -> Result<Logo, LogoError> {
        let rules = if whole { Rules::Before013 } else { Rules::Current };
        let at = Logo::load_sized(path, world, rules);
        if matches!(&at, Ok(l) if l.sha256 == sha256) {
            return at;
        }
        let name = path.file_name().map(Path::new).unwrap_or(path);
        for beside in folders.iter().map(|folder| folder.join(name)) {
            if beside == path {
                continue;
            }
            match Logo::load_sized(&beside, world, rules) {
                Ok(l) if l.sha256 == sha256 => return Ok(l),
                _ => {}
            }
        }
        match at {
            Ok(_) => Err(LogoError::Changed { file: path.display().to_string() }),
            Err(e) => Err(e),
        }
    }

    /// Its width when printed `height_mm` high, mm.
    pub fn width_mm(&self, height_mm: f32) -> f32 {
        height_mm * self.width as f32 / self.height as f32
    }

    /// Pixels per inch when printed `height_mm` high.
    pub fn ppi(&self, height_mm: f32) -> f32 {
        self.height as f32 / (height_mm / 25.4)
    }

    /// Refuses a logo too coarse for its printed size; `Some(pixels per inch)`, to warn of,
    /// below [`GOOD_PPI`].
    pub fn check_resolution(&self, height_mm: f32) -> Result<Option<f32>, LogoError> {
        let ppi = self.ppi(height_mm);
        if ppi < MIN_PPI {
            return Err(LogoError::LowResolution { ppi, height_mm });
        }
        Ok((ppi < GOOD_PPI).then_some(ppi))
    }
}

/// How a logo finer than its print is made smaller.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Resampling {
    /// `image`'s Lanczos-3 in `f32` (housie 0.13): its last bits follow the platform's `sin`,
    /// so a run made on one platform is regenerated on that one.
    Float,
    /// Lanczos-3 in whole numbers (housie 0.14 on, [`crate::support::resample`]): the same pixels on
    /// Linux, Windows, macOS and in a page.
    Exact,
}

/// Rows converted at a time.
const BAND_ROWS: u32 = 64;

/// A pixel laid on white.
fn on_white(p: image::Rgba<u8>) -> [u8; 3] {
    let a = u32::from(p[3]);
    let c = |v: u8| ((u32::from(v) * a + 255 * (255 - a) + 127) / 255) as u8;
    [c(p[0]), c(p[1]), c(p[2])]
}

/// The image for screens as PNG on white: scaled down to [`SCREEN_HEIGHT_MAX`] pixels high if
/// taller.
fn screen_png(decoded: &image::DynamicImage) -> Result<Vec<u8>, LogoError> {
    let (width, height) = (decoded.width(), decoded.height());
    let small = if height > SCREEN_HEIGHT_MAX {
        let w = ((width as f32 * SCREEN_HEIGHT_MAX as f32 / height as f32).round() as u32).max(1);
        decoded.resize_exact(w, SCREEN_HEIGHT_MAX, image::imageops::FilterType::Triangle)
    } else {
        decoded.clone()
    };
    let rgba = small.into_rgba8();
    let flat: Vec<u8> = rgba.pixels().flat_map(|p| on_white(*p)).collect();
    let img = image::RgbImage::from_raw(rgba.width(), rgba.height(), flat).expect("sized above");
    let mut png = Vec::new();
    image::codecs::png::PngEncoder::new(&mut png)
        .write_image_checked(img.as_raw(), img.width(), img.height())
        .map_err(|e| LogoError::Colour(e.to_string()))?;
    Ok(png)
}

/// A helper trait's one method, named here so the call reads plainly.
trait WriteChecked {
    fn write_image_checked(self, data: &[u8], width: u32, height: u32) -> image::ImageResult<()>;
}

impl<W: std::io::Write> WriteChecked for image::codecs::png::PngEncoder<W> {
    fn write_image_checked(self, data: &[u8], width: u32, height: u32) -> image::ImageResult<()> {
        image::ImageEncoder::write_image(self, data, width, height, image::ExtendedColorType::Rgb8)
    }
}

/// sRGB to the print file's CMYK, through its output profile (perceptual intent).
struct Cmyk {
    transform: housie_lcms::RgbToCmyk,
    out: Vec<[u8; 4]>,
    /// From housie 0.13: neutral pixels on K alone, and no pixel past [`INK_MAX`].
    press: bool,
}

/// The most ink a logo pixel carries, of 4 × 255: 300 %, what print shops allow and what
/// housie allows a template's colours.
const INK_MAX: u32 = 3 * 255;

/// How a logo is read: as housie 0.13 on reads it, or as earlier runs printed it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rules {
    /// Every pixel kept, converted by the profile alone (housie before 0.13).
    Before013,
    /// At most [`WORK_HEIGHT_MAX`] rows; neutral pixels on K alone (a black that is not
    /// four-colour, a grey that does not shift on press); ink capped at 300 %.
    Current,
}

impl Cmyk {
    fn new(press: bool) -> Result<Cmyk, LogoError> {
        let transform =
            housie_lcms::RgbToCmyk::new(super::profile::icc_profile()).map_err(|e| LogoError::Colour(e.to_string()))?;
        Ok(Cmyk { transform, out: Vec::new(), press })
    }

    /// Converts `rgb` and appends it to `print`.
    fn append(&mut self, rgb: &[[u8; 3]], print: &mut Vec<u8>) {
        self.out.resize(rgb.len(), [0; 4]);
        self.transform.convert(rgb, &mut self.out);
        if self.press {
            for (cmyk, &[r, g, b]) in self.out.iter_mut().zip(rgb) {
                *cmyk = press_ink(*cmyk, [r, g, b]);
            }
        }
        print.extend(self.out.iter().flatten());
    }
}

/// A converted pixel as the press gets it: a neutral one (R = G = B) on K alone, as DeviceGray
/// would print it (K = 255 − value), and any other with its C, M and Y scaled down so the
/// total stays within [`INK_MAX`], K kept.
fn press_ink(cmyk: [u8; 4], [r, g, b]: [u8; 3]) -> [u8; 4] {
    if r == g && g == b {
        return [0, 0, 0, 255 - r];
    }
    cap_ink(cmyk)
}

/// `cmyk` with its C, M and Y scaled down so the total stays within [`INK_MAX`], K kept.
fn cap_ink(cmyk: [u8; 4]) -> [u8; 4] {
    let [c, m, y, k] = cmyk.map(u32::from);
    let (colour, room) = (c + m + y, INK_MAX.saturating_sub(k));
    if colour + k <= INK_MAX || colour == 0 {
        return cmyk;
    }
    let scale = |v: u32| (v * room / colour) as u8;
    [scale(c), scale(m), scale(y), k as u8]
}

#[cfg(test)]
mod tests;
