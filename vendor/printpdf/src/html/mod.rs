//! HTML to PDF converter using azul's layout engine
//!
//! This module provides HTML/XML to PDF conversion using:
//! - azul_layout::xml for XML/HTML parsing
//! - azul_layout::LayoutWindow for layout calculation  
//! - azul_layout::pdf for DisplayList → PDF ops conversion
//! - Internal bridge module for translating azul PDF ops to printpdf Ops

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::collections::HashMap;

use azul_core::{
    dom::DomId,
    geom::{LogicalSize, LogicalRect, LogicalPosition},
    resources::RendererResources,
    xml::{str_to_dom, ComponentDef},
};
use azul_layout::{
    font::loading::build_font_cache,
    paged::FragmentationContext,
    solver3::page_breaks::BreakPolicy,
    solver3::paged_layout::layout_document_paged_v2,
    solver3::pagination::FakePageConfig,
    text3::cache::FontHash,
    font_traits::{TextLayoutCache, FontManager},
    Solver3LayoutCache,
    xml::parse_xml_string,
};
use serde_derive::{Deserialize, Serialize};

use azul_layout::text3::cache::MemoryFontTier;

use crate::{font::ParsedFont, BuiltinFont, Mm, PdfDocument, PdfPage, PdfWarnMsg};

/// Re-export so callers of [`build_font_pool_with_memory_fonts`] can construct
/// `FcPattern` / `FcFont` values without depending on (and version-matching)
/// rust-fontconfig themselves.
pub use rust_fontconfig;

/// Shared font state that can be reused across multiple `xml_to_pdf_pages` calls.
///
/// Holds both the fontconfig cache (system font paths / metadata) and
/// the already-parsed font data so that font files are only read and
/// parsed once, even when rendering many documents.
///
/// Build with [`build_font_pool`], then pass via [`XmlRenderOptions::font_pool`].
#[derive(Clone, Debug)]
pub struct SharedFontPool {
    /// Font-path / metadata cache (shared, read-only after build).
    pub fc_cache: Arc<rust_fontconfig::FcFontCache>,
    /// Pool of already-parsed font binaries keyed by FontId.
    /// Populated lazily during the first layout pass and reused
    /// by every subsequent pass that shares this pool.
    pub parsed_fonts: Arc<Mutex<HashMap<rust_fontconfig::FontId, azul_css::props::basic::FontRef>>>,
}

pub mod bridge;
pub mod border;

/// Page margins configuration in millimeters
#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PageMargins {
    /// Top margin in millimeters
    #[serde(default)]
    pub top: Mm,
    /// Right margin in millimeters
    #[serde(default)]
    pub right: Mm,
    /// Bottom margin in millimeters
    #[serde(default)]
    pub bottom: Mm,
    /// Left margin in millimeters
    #[serde(default)]
    pub left: Mm,
}

impl PageMargins {
    /// Create new margins with all sides set to the same value
    pub fn uniform(margin: Mm) -> Self {
        Self {
            top: margin,
            right: margin,
            bottom: margin,
            left: margin,
        }
    }
    
    /// Create new margins with symmetric horizontal and vertical values
    pub fn symmetric(vertical: Mm, horizontal: Mm) -> Self {
        Self {
            top: vertical,
            right: horizontal,
            bottom: vertical,
            left: horizontal,
        }
    }
    
    /// Create new margins with explicit values for all sides
    pub fn new(top: Mm, right: Mm, bottom: Mm, left: Mm) -> Self {
        Self { top, right, bottom, left }
    }
    
    /// Returns the total horizontal margin (left + right)
    pub fn horizontal(&self) -> Mm {
        Mm(self.left.0 + self.right.0)
    }
    
    /// Returns the total vertical margin (top + bottom)
    pub fn vertical(&self) -> Mm {
        Mm(self.top.0 + self.bottom.0)
    }
}

/// Options for rendering XML/HTML to PDF
#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct XmlRenderOptions {
    /// Embedded images (key = image ID, value = image bytes)
    #[serde(default)]
    pub images: BTreeMap<String, Vec<u8>>,
    /// Embedded fonts (key = font name, value = font bytes)
    #[serde(default)]
    pub fonts: BTreeMap<String, Vec<u8>>,
    /// Page width in millimeters
    #[serde(default = "default_page_width")]
    pub page_width: Mm,
    /// Page height in millimeters
    #[serde(default = "default_page_height")]
    pub page_height: Mm,
    /// Page margins - affects the content area available for layout
    #[serde(default)]
    pub margins: PageMargins,
    /// Show page numbers in footer ("Page X of Y" format)
    #[serde(default)]
    pub show_page_numbers: bool,
    /// Custom header text (appears on all pages except first if skip_first_page is true)
    #[serde(default)]
    pub header_text: Option<String>,
    /// Custom footer text (in addition to or instead of page numbers)
    #[serde(default)]
    pub footer_text: Option<String>,
    /// Skip header/footer on the first page
    #[serde(default)]
    pub skip_first_page: bool,
    /// Shared font pool to reuse across multiple `xml_to_pdf_pages` calls.
    ///
    /// Holds both the fontconfig metadata cache *and* the already-parsed
    /// font binaries so that font files are read from disk only once.
    ///
    /// Build with [`build_font_pool`], then set this field.
    /// On the first render the pool will load fonts lazily; subsequent
    /// renders reuse the cached parse results (~0 ms for font loading).
    #[serde(skip)]
    pub font_pool: Option<SharedFontPool>,
}

impl Default for XmlRenderOptions {
    fn default() -> Self {
        Self {
            images: BTreeMap::new(),
            fonts: BTreeMap::new(),
            page_width: default_page_width(),
            page_height: default_page_height(),
            margins: PageMargins::default(),
            show_page_numbers: false,
            header_text: None,
            footer_text: None,
            skip_first_page: false,
            font_pool: None,
        }
    }
}

/// Build a [`SharedFontPool`] suitable for reuse across many render calls.
///
/// Scans system fonts (or returns an empty cache on WASM), registers any
/// embedded fonts from `fonts`, and returns a pool whose `parsed_fonts`
/// map starts empty — it will be populated lazily on the first layout.
///
/// # Arguments
/// * `fonts` — Embedded fonts to register (same map you'd put in `XmlRenderOptions::fonts`)
/// * `families` — If `Some`, only scan system fonts matching these family names
///   (e.g. `&["monospace"]`). Pass `None` to scan all system fonts.
pub fn build_font_pool(
    fonts: &BTreeMap<String, Vec<u8>>,
    families: Option<&[&str]>,
) -> SharedFontPool {
    let fc_cache = match families {
        Some(fams) => rust_fontconfig::FcFontCache::build_with_families(fams),
        None => build_font_cache(),
    };

    for (font_name, font_bytes) in fonts {
        if let Some(parsed_fonts) = rust_fontconfig::FcParseFontBytes(font_bytes, font_name) {
            // `with_memory_fonts` uses interior mutability (returns `&Self`); called for side effect.
            fc_cache.with_memory_fonts(parsed_fonts);
        }
    }

    SharedFontPool {
        fc_cache: Arc::new(fc_cache),
        parsed_fonts: Arc::new(Mutex::new(HashMap::new())),
    }
}

/// Like [`build_font_pool`], but additionally registers caller-supplied
/// rust-fontconfig memory fonts *exactly as given* — pattern metadata (family,
/// weight, style, unicode ranges, …) included — instead of re-deriving patterns
/// from the font bytes like the `fonts` map does. Use this when you already
/// curate an in-memory font set, e.g. on wasm where there are no system fonts
/// to scan.
///
/// The `rust_fontconfig` types are re-exported as [`crate::html::rust_fontconfig`],
/// so building the patterns does not require depending on (and version-matching)
/// the crate yourself.
pub fn build_font_pool_with_memory_fonts(
    memory_fonts: Vec<(rust_fontconfig::FcPattern, rust_fontconfig::FcFont)>,
    fonts: &BTreeMap<String, Vec<u8>>,
    families: Option<&[&str]>,
) -> SharedFontPool {
    let pool = build_font_pool(fonts, families);
    // Interior mutability; called for the side effect (see build_font_pool).
    pool.fc_cache.with_memory_fonts(memory_fonts);
    pool
}

/// Named-family registration. Fonts placed into the FcFontCache (via
/// `options.fonts` / `build_font_pool*`) are invisible to azul's font-family
/// resolution, which consults only `FontManager::memory_families` — populated
/// exclusively by `register_named_font`, which nothing called until now. The
/// symptom: every custom `font-family` in the input HTML was UNRESOLVED and text
/// silently fell back (on wasm: to azul's builtin mock fonts), making
/// user-supplied fonts dead weight. Register each font under its map key AND
/// under the family names stored in the font file itself, so HTML can reference
/// either. `register_named_font` is idempotent and reuses the cache entries
/// `with_memory_fonts` already created for these bytes.
fn register_input_fonts<T: azul_layout::font_traits::ParsedFontTrait>(
    font_manager: &mut FontManager<T>,
    fonts: &BTreeMap<String, Vec<u8>>,
) {
    // Multi-word family names arrive at the resolver still wrapped in CSS quotes
    // (`"Roboto Medium"`, literal quote characters — the html pipeline fails to
    // strip them somewhere after azul-css parsing, see issue #220). The resolver
    // looks up the *quoted* string, so until that is fixed upstream, register
    // every name under its quoted spellings too — lookups then succeed from
    // either direction.
    for (name, bytes) in fonts.iter() {
        let parsed = rust_fontconfig::FcParseFontBytes(bytes, name);

        // The map-key spelling must carry real coverage too: rust-fontconfig (and
        // azul's memory-family resolution) deliberately skip empty-`unicode_ranges`
        // fonts during per-character fallback (the 4.4.3 populate_memory_font_ranges
        // fix), so a font referenced only by its map-key name would lose character
        // resolution while the same font under its internal family name worked.
        let key_coverage: &[rust_fontconfig::UnicodeRange] = parsed
            .as_deref()
            .and_then(|p| p.first())
            .map(|(pattern, _)| pattern.unicode_ranges.as_slice())
            .unwrap_or(&[]);
        register_all_spellings(font_manager, name, bytes, key_coverage, MemoryFontTier::Primary);

        if let Some(parsed) = &parsed {
            for (pattern, _) in parsed {
                if let Some(fam) = pattern.family.as_deref() {
                    if !fam.eq_ignore_ascii_case(name) {
                        register_all_spellings(
                            font_manager,
                            fam,
                            bytes,
                            &pattern.unicode_ranges,
                            MemoryFontTier::Primary,
                        );
                    }
                }
            }
        }
    }
}

/// Register `family` under every spelling the resolver might look it up by.
///
/// Multi-word family names arrive at the resolver still wrapped in CSS quotes
/// (`"Roboto Medium"`, literal quote characters — the html pipeline fails to
/// strip them somewhere after azul-css parsing, see issue #220). The resolver
/// looks up the *quoted* string, so until that is fixed upstream, register
/// every name under its quoted spellings too — lookups then succeed from
/// either direction.
fn register_all_spellings<T: azul_layout::font_traits::ParsedFontTrait>(
    fm: &mut FontManager<T>,
    family: &str,
    bytes: &[u8],
    coverage: &[rust_fontconfig::UnicodeRange],
    tier: MemoryFontTier,
) {
    let _ = fm.register_named_font_in_tier(family, bytes, coverage.to_vec(), tier);
    for quoted in [format!("\"{family}\""), format!("'{family}'")] {
        let _ = fm.register_named_font_in_tier(&quoted, bytes, coverage.to_vec(), tier);
    }
}

/// The CSS spellings that should reach each of the 14 standard PDF fonts.
///
/// Concrete names only — these ARE the families the base-14 stand for, so they
/// are registered as [`MemoryFontTier::Primary`] and win over whatever is
/// installed, exactly as CSS says. The generic families are handled separately
/// (see [`register_builtin_fonts`]) because they must not.
fn builtin_font_css_names(font: BuiltinFont) -> &'static [&'static str] {
    use BuiltinFont::{
        Courier, CourierBold, CourierBoldOblique, CourierOblique, Helvetica, HelveticaBold,
        HelveticaBoldOblique, HelveticaOblique, Symbol, TimesBold, TimesBoldItalic, TimesItalic,
        TimesRoman, ZapfDingbats,
    };
    match font {
        TimesRoman | TimesBold | TimesItalic | TimesBoldItalic => &["Times New Roman", "Times"],
        Helvetica | HelveticaBold | HelveticaOblique | HelveticaBoldOblique => {
            &["Helvetica", "Arial"]
        }
        Courier | CourierBold | CourierOblique | CourierBoldOblique => {
            &["Courier New", "Courier"]
        }
        Symbol => &["Symbol"],
        ZapfDingbats => &["Zapf Dingbats", "ZapfDingbats"],
    }
}

/// The generic family each builtin backstops, and the one face that answers it.
///
/// Registered as [`MemoryFontTier::Fallback`], so on a desktop the system's own
/// serif/sans/mono faces still win and these only sit behind them — while on a
/// target with no fonts on disk (wasm) they are what is left, which is the
/// whole reason the tier exists. Only the regular weight of each family is
/// offered; the bold and italic faces are reachable through the concrete names.
fn builtin_generic_family(font: BuiltinFont) -> Option<&'static str> {
    match font {
        BuiltinFont::TimesRoman => Some("serif"),
        BuiltinFont::Helvetica => Some("sans-serif"),
        BuiltinFont::Courier => Some("monospace"),
        _ => None,
    }
}

/// Register the 14 standard PDF fonts printpdf already embeds, so that
/// `font-family: Helvetica` (and Times, Courier, Symbol, ZapfDingbats) resolves
/// to the face that will actually be written into the PDF instead of silently
/// falling back to a substitute.
///
/// Must run AFTER [`register_input_fonts`]. `register_named_font_in_tier`
/// de-duplicates on family plus (weight, italic, oblique) and reuses the face it
/// finds, so registering the builtins second means a caller-supplied Helvetica
/// wins and the builtin is not added — register them first and the caller's font
/// would be the one discarded.
///
/// Weight and style come from the font bytes, not from the name: the base-14
/// subsets carry no OS/2 table, so rust-fontconfig reads them from
/// `head.macStyle` (which needs rust-fontconfig >= 4.4.9 — before that a font
/// without OS/2 failed to parse at all and none of this was reachable).
fn register_builtin_fonts<T: azul_layout::font_traits::ParsedFontTrait>(
    font_manager: &mut FontManager<T>,
) {
    for font in BuiltinFont::all_ids() {
        let bytes = font.get_subset_font().bytes;

        // Real coverage matters: azul skips empty-`unicode_ranges` faces during
        // per-character fallback, and these subsets only cover Win-1252 — so a
        // codepoint outside it has to be able to fall through to another font.
        let coverage: Vec<rust_fontconfig::UnicodeRange> =
            rust_fontconfig::FcParseFontBytes(&bytes, font.get_id())
                .and_then(|faces| faces.into_iter().next())
                .map_or_else(Vec::new, |(pattern, _)| pattern.unicode_ranges);

        // The PDF base-14 name itself (`Helvetica-Bold`), then the CSS spellings.
        register_all_spellings(
            font_manager,
            font.get_id(),
            &bytes,
            &coverage,
            MemoryFontTier::Primary,
        );
        for css_name in builtin_font_css_names(font) {
            register_all_spellings(
                font_manager,
                css_name,
                &bytes,
                &coverage,
                MemoryFontTier::Primary,
            );
        }
        if let Some(generic) = builtin_generic_family(font) {
            register_all_spellings(
                font_manager,
                generic,
                &bytes,
                &coverage,
                MemoryFontTier::Fallback,
            );
        }
    }
}

/// Build a font cache suitable for use with [`XmlRenderOptions::font_pool`].
///
/// **Deprecated**: prefer [`build_font_pool`] which also shares parsed fonts.
/// This function only builds the fontconfig metadata cache.
pub fn build_font_cache_for_options(
    fonts: &BTreeMap<String, Vec<u8>>,
    families: Option<&[&str]>,
) -> Arc<rust_fontconfig::FcFontCache> {
    let pool = build_font_pool(fonts, families);
    pool.fc_cache
}

fn default_page_width() -> Mm {
    Mm(210.0) // A4 width
}

fn default_page_height() -> Mm {
    Mm(297.0) // A4 height
}

/// Build the [`FakePageConfig`] shared by [`xml_to_pdf_pages`] and
/// [`xml_to_pdf_pages_debug`] from the render options, with break-awareness
/// fully enabled: `break-inside: avoid`, `widows`/`orphans`, atomic line
/// boxes, atomic table rows and repeated `<thead>`s all act on page breaks.
/// Documents that never hit a break constraint paginate exactly as before;
/// ones that do get breaks pushed up (bounded by `max_push_distance`).
fn build_page_config(options: &XmlRenderOptions) -> FakePageConfig {
    let mut page_config = FakePageConfig::new();

    if options.show_page_numbers {
        page_config = page_config.with_footer_page_numbers();
    }

    if let Some(ref header) = options.header_text {
        page_config = page_config.with_header_text(header.clone());
    }

    if let Some(ref footer) = options.footer_text {
        page_config = page_config.with_footer_text(footer.clone());
    }

    if options.skip_first_page {
        page_config = page_config.skip_first_page(true);
    }

    page_config.break_policy = BreakPolicy {
        honor_break_inside: true,
        widows_orphans: true,
        atomic_lines: true,
        atomic_table_rows: true,
        repeat_table_headers: true,
        ..BreakPolicy::default()
    };

    page_config
}

/// Convert XML/HTML content to PDF pages, returning pages, the font map, and the
/// decoded `<img>` resources.
///
/// The returned [`bridge::ResolvedImages`] must be registered on the destination
/// [`PdfDocument`] (via [`bridge::ResolvedImages`] entries → `resources.xobjects`)
/// so that the `UseXobject` ops emitted for `<img>` elements resolve. The
/// document-assembly helpers ([`add_xml_to_document`], `PdfDocument::from_html`)
/// do this automatically.
pub fn xml_to_pdf_pages(
    xml: &str,
    options: &XmlRenderOptions,
) -> Result<(Vec<PdfPage>, BTreeMap<FontHash, ParsedFont>, bridge::ResolvedImages, bridge::BridgeResources), Vec<PdfWarnMsg>> {
    let mut warnings = Vec::new();
    // Type-safe preprocessing: RawHtml -> PreprocessedHtml
    let preprocessed = RawHtml::new(xml).preprocess();
    let inlined_xml = preprocessed.as_str();

    // Parse XML to XmlNode tree
    let root_nodes = match parse_xml_string(inlined_xml) {
        Ok(nodes) => nodes,
        Err(e) => {
            warnings.push(PdfWarnMsg::error(
                0,
                0,
                format!("Failed to parse XML: {}", e),
            ));
            return Err(warnings);
        }
    };

    // Calculate content area (page size minus margins)
    let mm_to_pt = 2.83465;
    let page_width_pt = options.page_width.0 * mm_to_pt;
    let page_height_pt = options.page_height.0 * mm_to_pt;
    let margin_top_pt = options.margins.top.0 * mm_to_pt;
    let margin_right_pt = options.margins.right.0 * mm_to_pt;
    let margin_bottom_pt = options.margins.bottom.0 * mm_to_pt;
    let margin_left_pt = options.margins.left.0 * mm_to_pt;
    
    // Content area is the page minus margins
    let content_width_pt = page_width_pt - margin_left_pt - margin_right_pt;
    let content_height_pt = page_height_pt - margin_top_pt - margin_bottom_pt;

    // CRITICAL: Convert content dimensions from PDF points to CSS pixels.
    // The CSS resolver converts unit values to CSS px (e.g. 12pt → 16px via PT_TO_PX=96/72).
    // The layout engine is unit-agnostic, so if we feed it pt-valued dimensions,
    // CSS pt values get inflated by 96/72 relative to the coordinate system.
    // Solution: express the viewport in CSS px so all CSS units resolve correctly.
    // After layout, the bridge converts coordinates back from CSS px to PDF pt.
    const PT_TO_CSS_PX: f32 = 96.0 / 72.0;
    let content_width_px = content_width_pt * PT_TO_CSS_PX;
    let content_height_px = content_height_pt * PT_TO_CSS_PX;

    // Convert XML nodes to StyledDom with registered HTML components
    // Use content width in CSS px (not pt) for layout
    let component_map = crate::components::printpdf_default_components();

    let styled_dom = match str_to_dom(
        root_nodes.as_ref(),
        &component_map,
        Some(content_width_px),
    ) {
        Ok(dom) => dom,
        Err(e) => {
            warnings.push(PdfWarnMsg::error(
                0,
                0,
                format!("Failed to convert XML to DOM: {}", e),
            ));
            return Err(warnings);
        }
    };

    // Create font cache and font manager
    // If a shared font pool was provided, reuse both metadata and parsed fonts.
    // Otherwise build from scratch (scanning system fonts + embedded fonts).
    let (fc_cache_arc, parsed_fonts_arc) = if let Some(ref pool) = options.font_pool {
        (Arc::clone(&pool.fc_cache), Arc::clone(&pool.parsed_fonts))
    } else {
        let pool = build_font_pool(&options.fonts, None);
        (pool.fc_cache, pool.parsed_fonts)
    };
    
    let mut font_manager = match FontManager::from_arc_shared((*fc_cache_arc).clone(), parsed_fonts_arc) {
        Ok(fm) => fm,
        Err(e) => {
            warnings.push(PdfWarnMsg::error(
                0,
                0,
                format!("Failed to create font manager: {:?}", e),
            ));
            return Err(warnings);
        }
    };
    register_input_fonts(&mut font_manager, &options.fonts);
    register_builtin_fonts(&mut font_manager);

    // Use content size in CSS px for layout (converted from pt above)
    let content_size = LogicalSize::new(content_width_px, content_height_px);

    // Create fragmentation context for paged layout using CONTENT size (in CSS px)
    // Page breaks happen at CSS px boundaries; the bridge converts back to pt.
    let fragmentation_context = FragmentationContext::new_paged(content_size);

    // Create layout cache and text cache
    let mut layout_cache = Solver3LayoutCache::default();
    let mut text_cache = TextLayoutCache::new();
    
    // Viewport is the content area in CSS px (layout is done within margins)
    let viewport = LogicalRect {
        origin: LogicalPosition::zero(),
        size: content_size,
    };
    
    // Perform paged layout - returns Vec<DisplayList>
    let renderer_resources = RendererResources::default();
    let mut debug_messages = None; // None = skip debug format! overhead

    // Create font loader closure
    use azul_layout::text3::default::PathLoader;
    let loader = PathLoader::new();
    let font_loader = |bytes: std::sync::Arc<rust_fontconfig::FontBytes>, index: usize| {
        loader.load_font_shared(bytes, index)
    };

    // Build page config from options
    // NOTE: Full CSS @page rule parsing is not yet implemented.
    // This uses FakePageConfig for programmatic control over headers/footers.
    let page_config = build_page_config(options);

    let display_lists = match layout_document_paged_v2(
        &mut layout_cache,
        &mut text_cache,
        fragmentation_context,
        &styled_dom,
        viewport,
        &mut font_manager,
        &std::collections::BTreeMap::new(), // No scroll offsets for PDF
        &mut debug_messages,
        None, // No GPU cache for PDF
        &renderer_resources,
        azul_core::resources::IdNamespace(0),
        DomId::ROOT_ID,
        font_loader,
        page_config,
        &azul_core::resources::ImageCache::default(), // No image cache for PDF
        azul_core::task::GetSystemTimeCallback { cb: azul_core::task::get_system_time_libstd },
        false, // print_timing
    ) {
        Ok(result) => result.pages,
        Err(e) => {
            warnings.push(PdfWarnMsg::error(
                0,
                0,
                format!("Layout solving failed: {:?}", e),
            ));
            return Err(warnings);
        }
    };

    // Decode any embedded `<img>` bytes once, keyed by `src`. Each decoded image
    // gets a deterministic XObject id so the bridge's `UseXobject` ops and the
    // document-side XObject registration agree.
    let resolved_images = bridge::resolve_html_images(&options.images);
    // Resources synthesized by the bridge (alpha/opacity ExtGStates, gradient
    // shadings, shadow XObjects), accumulated across pages and registered by
    // the caller (`from_html*`) via `BridgeResources::register_into`.
    let mut bridge_res = bridge::BridgeResources::default();

    // Convert each DisplayList to a PDF page
    let mut pages = Vec::new();
    // font_data_map now maps u64 (font hash) directly to ParsedFont
    let mut font_data_map: BTreeMap<FontHash, azul_layout::font::parsed::ParsedFont> = BTreeMap::new();

    // Full page size for PDF coordinate transformation
    let full_page_size = LogicalSize::new(page_width_pt, page_height_pt);

    for display_list in display_lists.iter() {
        // Skip pages that have no meaningful content (only plain background
        // fills). A page is "real" if it has text, an image, a gradient or a
        // shadow — anything a reader would actually perceive as content.
        let has_real_content = display_list.items.iter().any(|item| {
            use azul_layout::solver3::display_list::DisplayListItem;
            matches!(item,
                DisplayListItem::TextLayout { .. }
                | DisplayListItem::Image { .. }
                | DisplayListItem::LinearGradient { .. }
                | DisplayListItem::RadialGradient { .. }
                | DisplayListItem::ConicGradient { .. }
                | DisplayListItem::BoxShadow { .. }
            )
        });

        if !has_real_content {
            // Skip this page - it only contains background rectangles
            continue;
        }

        // Convert DisplayList to printpdf operations
        // We pass the FULL page size for Y-coordinate transformation (PDF origin is bottom-left)
        // The content was laid out in content_size, but coordinates need to be transformed
        // relative to the full page height
        let pdf_ops = bridge::display_list_to_printpdf_ops_with_margins(
            &display_list,
            full_page_size,
            margin_left_pt,
            margin_top_pt,
            &font_manager,
            &resolved_images,
            &mut bridge_res,
        ).map_err(|e| vec![PdfWarnMsg::warning(0, 0, format!("Failed to convert display list: {}", e))])?;
        
        // Extract fonts from TextLayout items by collecting font hashes from the layout
        // and then looking them up in the font_manager
        for item in display_list.items.iter() {
            if let azul_layout::solver3::display_list::DisplayListItem::TextLayout { layout, .. } = item {
                // Downcast the type-erased layout to UnifiedLayout
                if let Some(unified_layout) = layout.downcast_ref::<azul_layout::text3::cache::UnifiedLayout>() {
                    // Collect all font hashes used in this layout by scanning the positioned items
                    let mut used_font_hashes = std::collections::HashSet::new();
                    for positioned_item in &unified_layout.items {
                        if let azul_layout::text3::cache::ShapedItem::Cluster(cluster) = &positioned_item.item {
                            for glyph in &cluster.glyphs {
                                used_font_hashes.insert(glyph.font_hash);
                            }
                        }
                    }
                    
                    // Look up each font hash in the font_manager
                    for font_hash in used_font_hashes {
                        let font_hash_key = FontHash { font_hash };
                        if !font_data_map.contains_key(&font_hash_key) {
                            // Get the font from the font manager by hash
                            if let Some(font_ref) = font_manager.get_font_by_hash(font_hash) {
                                // Extract ParsedFont from FontRef
                                let parsed_font = unsafe {
                                    let parsed_ptr = font_ref.get_parsed();
                                    let parsed_font = &*(parsed_ptr as *const azul_layout::font::parsed::ParsedFont);
                                    parsed_font.clone()
                                };
                                font_data_map.insert(font_hash_key, parsed_font);
                            }
                        }
                    }
                }
            }
        }
        
        // Create a page for this display list (using full page dimensions)
        let page = PdfPage::new(options.page_width, options.page_height, pdf_ops);
        pages.push(page);
    }
    
    // If no pages were generated, create at least one empty page
    if pages.is_empty() {
        warnings.push(PdfWarnMsg::warning(0, 0, "No content generated, creating empty page".to_string()));
        let page = PdfPage::new(options.page_width, options.page_height, Vec::new());
        pages.push(page);
    }

    // Always return Ok with pages, fonts, and decoded image resources.
    // The layout cache hands back azul faces; adopt them as printpdf `ParsedFont`s. They
    // come from `from_bytes_shared`, so they already carry their source bytes and stay
    // embeddable.
    let font_data_map = font_data_map
        .into_iter()
        .map(|(hash, font)| (hash, ParsedFont::from_azul(font)))
        .collect();

    Ok((pages, font_data_map, resolved_images, bridge_res))
}

/// Debug information from PDF generation
#[derive(Debug, Clone)]
pub struct PdfDebugInfo {
    /// The display lists for each page (before conversion to PDF ops)
    pub display_list_debug: Vec<String>,
    /// The PDF operations for each page (after conversion)
    pub pdf_ops_debug: Vec<String>,
}

/// Convert XML/HTML content to PDF pages with debug information.
/// This is the same as `xml_to_pdf_pages` but also returns debug info about
/// the display list and PDF operations for the first page.
pub fn xml_to_pdf_pages_debug(
    xml: &str,
    options: &XmlRenderOptions,
) -> Result<(Vec<PdfPage>, BTreeMap<FontHash, ParsedFont>, PdfDebugInfo, bridge::BridgeResources), Vec<PdfWarnMsg>> {
    eprintln!("[DEBUG xml_to_pdf_pages_debug] Starting, xml length={}", xml.len());
    let mut warnings = Vec::new();
    let mut debug_info = PdfDebugInfo {
        display_list_debug: Vec::new(),
        pdf_ops_debug: Vec::new(),
    };

    // Type-safe preprocessing: RawHtml -> PreprocessedHtml
    eprintln!("[DEBUG xml_to_pdf_pages_debug] Preprocessing HTML...");
    let preprocessed = RawHtml::new(xml).preprocess();
    let inlined_xml = preprocessed.as_str();
    eprintln!("[DEBUG xml_to_pdf_pages_debug] Preprocessed, length={}", inlined_xml.len());

    // Parse XML to XmlNode tree
    eprintln!("[DEBUG xml_to_pdf_pages_debug] Parsing XML...");
    let root_nodes = match parse_xml_string(inlined_xml) {
        Ok(nodes) => {
            eprintln!("[DEBUG xml_to_pdf_pages_debug] XML parsed, got {} root nodes", nodes.len());
            nodes
        },
        Err(e) => {
            warnings.push(PdfWarnMsg::error(
                0,
                0,
                format!("Failed to parse XML: {}", e),
            ));
            return Err(warnings);
        }
    };

    // Calculate content area (page size minus margins)
    let mm_to_pt = 2.83465;
    let page_width_pt = options.page_width.0 * mm_to_pt;
    let page_height_pt = options.page_height.0 * mm_to_pt;
    let margin_top_pt = options.margins.top.0 * mm_to_pt;
    let margin_right_pt = options.margins.right.0 * mm_to_pt;
    let margin_bottom_pt = options.margins.bottom.0 * mm_to_pt;
    let margin_left_pt = options.margins.left.0 * mm_to_pt;
    
    // Content area is the page minus margins
    let content_width_pt = page_width_pt - margin_left_pt - margin_right_pt;
    let content_height_pt = page_height_pt - margin_top_pt - margin_bottom_pt;

    // CRITICAL: Convert content dimensions from PDF points to CSS pixels.
    // See xml_to_pdf_pages() for detailed explanation.
    const PT_TO_CSS_PX: f32 = 96.0 / 72.0;
    let content_width_px = content_width_pt * PT_TO_CSS_PX;
    let content_height_px = content_height_pt * PT_TO_CSS_PX;

    // Convert XML nodes to StyledDom with registered HTML components
    eprintln!("[DEBUG xml_to_pdf_pages_debug] Converting to StyledDom...");
    // Use content width in CSS px (not pt) for layout
    let component_map = crate::components::printpdf_default_components();

    let styled_dom = match str_to_dom(
        root_nodes.as_ref(),
        &component_map,
        Some(content_width_px),
    ) {
        Ok(dom) => {
            eprintln!("[DEBUG xml_to_pdf_pages_debug] StyledDom created with {} nodes", dom.node_data.as_container().len());
            dom
        },
        Err(e) => {
            warnings.push(PdfWarnMsg::error(
                0,
                0,
                format!("Failed to convert XML to DOM: {}", e),
            ));
            return Err(warnings);
        }
    };

    // Create font cache and font manager (reuse shared font pool if provided)
    let (fc_cache_arc, parsed_fonts_arc) = if let Some(ref pool) = options.font_pool {
        eprintln!("[DEBUG xml_to_pdf_pages_debug] Reusing shared font pool");
        (Arc::clone(&pool.fc_cache), Arc::clone(&pool.parsed_fonts))
    } else {
        eprintln!("[DEBUG xml_to_pdf_pages_debug] Building font pool from scratch...");
        let pool = build_font_pool(&options.fonts, None);
        (pool.fc_cache, pool.parsed_fonts)
    };
    
    eprintln!("[DEBUG xml_to_pdf_pages_debug] Creating font manager...");
    let mut font_manager = match FontManager::from_arc_shared((*fc_cache_arc).clone(), parsed_fonts_arc) {
        Ok(fm) => fm,
        Err(e) => {
            warnings.push(PdfWarnMsg::error(
                0,
                0,
                format!("Failed to create font manager: {:?}", e),
            ));
            return Err(warnings);
        }
    };
    register_input_fonts(&mut font_manager, &options.fonts);
    register_builtin_fonts(&mut font_manager);
    eprintln!("[DEBUG xml_to_pdf_pages_debug] Font manager created");

    // Use content size in CSS px for layout (converted from pt above)
    let content_size = LogicalSize::new(content_width_px, content_height_px);

    // Create fragmentation context for paged layout using CONTENT size (in CSS px)
    let fragmentation_context = FragmentationContext::new_paged(content_size);

    // Create layout cache and text cache
    let mut layout_cache = Solver3LayoutCache::default();
    let mut text_cache = TextLayoutCache::new();
    
    // Viewport is the content area in CSS px (layout is done within margins)
    let viewport = LogicalRect {
        origin: LogicalPosition::zero(),
        size: content_size,
    };
    
    // Perform paged layout - returns Vec<DisplayList>
    let renderer_resources = RendererResources::default();
    let mut debug_messages = Some(Vec::new());

    // Create font loader closure
    use azul_layout::text3::default::PathLoader;
    let loader = PathLoader::new();
    let font_loader = |bytes: std::sync::Arc<rust_fontconfig::FontBytes>, index: usize| {
        loader.load_font_shared(bytes, index)
    };

    // Build page config from options
    let page_config = build_page_config(options);

    eprintln!("[DEBUG xml_to_pdf_pages_debug] Starting paged layout...");
    let display_lists = match layout_document_paged_v2(
        &mut layout_cache,
        &mut text_cache,
        fragmentation_context,
        &styled_dom,
        viewport,
        &mut font_manager,
        &std::collections::BTreeMap::new(),
        &mut debug_messages,
        None,
        &renderer_resources,
        azul_core::resources::IdNamespace(0),
        DomId::ROOT_ID,
        font_loader,
        page_config,
        &azul_core::resources::ImageCache::default(),
        azul_core::task::GetSystemTimeCallback { cb: azul_core::task::get_system_time_libstd },
        false, // print_timing
    ) {
        Ok(result) => {
            eprintln!(
                "[DEBUG xml_to_pdf_pages_debug] Paged layout completed, got {} pages ({} breaks, content height {:.1}px)",
                result.pages.len(),
                result.breaks.len(),
                result.total_content_height,
            );
            result.pages
        },
        Err(e) => {
            warnings.push(PdfWarnMsg::error(
                0,
                0,
                format!("Layout solving failed: {:?}", e),
            ));
            return Err(warnings);
        }
    };

    // Debug: Dump layout tree and calculated positions
    eprintln!("[DEBUG xml_to_pdf_pages_debug] Converting display lists to PDF...");
    {
        let mut tree_debug = String::new();
        tree_debug.push_str("=== Layout Tree Debug ===\n\n");
        
        if let Some(ref tree) = layout_cache.tree {
            tree_debug.push_str(&format!("Total nodes: {}\n", tree.nodes.len()));
            tree_debug.push_str(&format!("Calculated positions: {}\n\n", layout_cache.calculated_positions.len()));
            
            // Dump first 100 nodes with their positions and formatting context
            for (idx, node) in tree.nodes.iter().enumerate().take(100) {
                let pos = layout_cache.calculated_positions.get(idx);
                let dom_id_str = node.dom_node_id
                    .map(|id| format!("DOM#{}", id.index()))
                    .unwrap_or_else(|| "anonymous".to_string());
                
                tree_debug.push_str(&format!(
                    "Node {}: {} fc={:?} pos={:?} size={:?}\n",
                    idx,
                    dom_id_str,
                    node.formatting_context,
                    pos,
                    node.used_size,
                ));
            }
        } else {
            tree_debug.push_str("Layout tree is None!\n");
        }
        
        debug_info.display_list_debug.push(tree_debug);
    }

    // Decode embedded `<img>` bytes once (same deterministic ids as the
    // document-side XObject registration).
    let resolved_images = bridge::resolve_html_images(&options.images);
    let mut bridge_res = bridge::BridgeResources::default();

    // Convert each DisplayList to a PDF page
    let mut pages = Vec::new();
    let mut font_data_map: BTreeMap<FontHash, azul_layout::font::parsed::ParsedFont> = BTreeMap::new();

    // Full page size for PDF coordinate transformation
    let full_page_size = LogicalSize::new(page_width_pt, page_height_pt);
    
    for (page_idx, display_list) in display_lists.iter().enumerate() {
        // Debug: capture display list info for first page only
        if page_idx == 0 {
            let mut dl_debug = String::new();
            dl_debug.push_str(&format!("=== Display List for Page {} ===\n", page_idx + 1));
            dl_debug.push_str(&format!("Total items: {}\n\n", display_list.items.len()));
            
            // Count item types
            let mut text_layout_count = 0;
            let mut text_count = 0;
            let mut rect_count = 0;
            let mut other_count = 0;
            
            for (item_idx, item) in display_list.items.iter().enumerate() {
                use azul_layout::solver3::display_list::DisplayListItem;
                match item {
                    DisplayListItem::TextLayout { bounds, font_hash: _, font_size_px, color, .. } => {
                        text_layout_count += 1;
                        dl_debug.push_str(&format!("Item {}: TextLayout at ({:.1}, {:.1}) size {:.1}x{:.1} font_size={:.1} color=({},{},{},{})\n",
                            item_idx, bounds.origin().x, bounds.origin().y, bounds.size().width, bounds.size().height,
                            font_size_px, color.r, color.g, color.b, color.a));
                    }
                    DisplayListItem::Text { glyphs, font_size_px, color, .. } => {
                        text_count += 1;
                        dl_debug.push_str(&format!("Item {}: Text with {} glyphs, font_size={:.1} color=({},{},{},{})\n", 
                            item_idx, glyphs.len(), font_size_px, color.r, color.g, color.b, color.a));
                    }
                    DisplayListItem::Rect { bounds, color, .. } => {
                        rect_count += 1;
                        if item_idx < 20 || bounds.size().width > 100.0 {
                            dl_debug.push_str(&format!("Item {}: Rect at ({:.1}, {:.1}) size {:.1}x{:.1} color=({},{},{},{})\n",
                                item_idx, bounds.origin().x, bounds.origin().y, bounds.size().width, bounds.size().height,
                                color.r, color.g, color.b, color.a));
                        }
                    }
                    _ => {
                        other_count += 1;
                    }
                }
            }
            dl_debug.push_str(&format!("\n=== Summary: {} TextLayout, {} Text, {} Rect, {} other ===\n", 
                text_layout_count, text_count, rect_count, other_count));
            debug_info.display_list_debug.push(dl_debug);
        }
        
        // Convert DisplayList to printpdf operations
        let pdf_ops = bridge::display_list_to_printpdf_ops_with_margins(
            &display_list,
            full_page_size,
            margin_left_pt,
            margin_top_pt,
            &font_manager,
            &resolved_images,
            &mut bridge_res,
        ).map_err(|e| vec![PdfWarnMsg::warning(0, 0, format!("Failed to convert display list: {}", e))])?;

        // Debug: capture PDF ops for first page only
        if page_idx == 0 {
            let mut ops_debug = String::new();
            ops_debug.push_str(&format!("=== PDF Ops for Page {} ===\n", page_idx + 1));
            ops_debug.push_str(&format!("Total ops: {}\n\n", pdf_ops.len()));
            
            for (op_idx, op) in pdf_ops.iter().enumerate() {
                ops_debug.push_str(&format!("Op {}: {:?}\n", op_idx, op));
            }
            debug_info.pdf_ops_debug.push(ops_debug);
        }
        
        // Extract fonts from TextLayout items
        for item in display_list.items.iter() {
            if let azul_layout::solver3::display_list::DisplayListItem::TextLayout { layout, .. } = item {
                if let Some(unified_layout) = layout.downcast_ref::<azul_layout::text3::cache::UnifiedLayout>() {
                    let mut used_font_hashes = std::collections::HashSet::new();
                    for positioned_item in &unified_layout.items {
                        if let azul_layout::text3::cache::ShapedItem::Cluster(cluster) = &positioned_item.item {
                            for glyph in &cluster.glyphs {
                                used_font_hashes.insert(glyph.font_hash);
                            }
                        }
                    }
                    
                    for font_hash in used_font_hashes {
                        let font_hash_key = FontHash { font_hash };
                        if !font_data_map.contains_key(&font_hash_key) {
                            if let Some(font_ref) = font_manager.get_font_by_hash(font_hash) {
                                let parsed_font = unsafe {
                                    let parsed_ptr = font_ref.get_parsed();
                                    let parsed_font = &*(parsed_ptr as *const azul_layout::font::parsed::ParsedFont);
                                    parsed_font.clone()
                                };
                                font_data_map.insert(font_hash_key, parsed_font);
                            }
                        }
                    }
                }
            }
        }
        
        // Create a page for this display list
        let page = PdfPage::new(options.page_width, options.page_height, pdf_ops);
        pages.push(page);
    }
    eprintln!("[DEBUG xml_to_pdf_pages_debug] Display lists converted to {} pages", pages.len());
    
    // If no pages were generated, create at least one empty page
    if pages.is_empty() {
        warnings.push(PdfWarnMsg::warning(0, 0, "No content generated, creating empty page".to_string()));
        let page = PdfPage::new(options.page_width, options.page_height, Vec::new());
        pages.push(page);
    }

    // See the sibling function: adopt azul's faces as printpdf `ParsedFont`s.
    let font_data_map = font_data_map
        .into_iter()
        .map(|(hash, font)| (hash, ParsedFont::from_azul(font)))
        .collect();

    Ok((pages, font_data_map, debug_info, bridge_res))
}

/// Add XML/HTML content to an existing PDF document
pub fn add_xml_to_document(
    document: &mut PdfDocument,
    xml: &str,
    options: &XmlRenderOptions,
) -> Result<(), Vec<PdfWarnMsg>> {
    match xml_to_pdf_pages(xml, options) {
        Ok((pages, font_data, images, bridge_res)) => {
            // Register fonts in the document
            for (font_hash, parsed_font) in font_data.into_iter() {
                let font_id = crate::FontId(format!("F{}", font_hash.font_hash));
                let pdf_font = crate::font::PdfFont::new(parsed_font);
                document.resources.fonts.map.insert(font_id, pdf_font);
            }
            // Register `<img>` images as PDF Image XObjects under the same
            // deterministic ids the bridge used for its `UseXobject` ops.
            for (_src, (xobject_id, raw_image)) in images.into_iter() {
                document
                    .resources
                    .xobjects
                    .map
                    .insert(xobject_id, crate::XObject::Image(raw_image));
            }
            bridge_res.register_into(&mut document.resources);
            document.pages.extend(pages);
            Ok(())
        }
        Err(warnings) => Err(warnings),
    }
}

/// Raw HTML input (not yet processed)
#[derive(Debug, Clone)]
pub struct RawHtml(String);

impl RawHtml {
    pub fn new(html: impl Into<String>) -> Self {
        Self(html.into())
    }
    
    /// Process raw HTML into preprocessed HTML with CSS inlined
    pub fn preprocess(self) -> PreprocessedHtml {
        let cleaned = clean_html_elements(&self.0);
        let inlined = inline_css_in_xml(&cleaned);
        PreprocessedHtml(inlined)
    }
}

/// HTML with CSS rules inlined as style="" attributes (ready for XML parsing)
#[derive(Debug, Clone)]
pub struct PreprocessedHtml(String);

impl PreprocessedHtml {
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Configuration extracted from HTML meta tags and title
#[derive(Default)]
pub struct HtmlExtractedConfig {
    /// Title extracted from the <title> element
    pub title: Option<String>,
    /// PDF page width from meta tags (in mm)
    pub page_width: Option<f32>,
    /// PDF page height from meta tags (in mm)
    pub page_height: Option<f32>,
    /// PDF metadata from meta tags
    pub metadata: BTreeMap<String, String>,
    /// Custom XML component definitions discovered in the document.
    pub components: Vec<ComponentDef>,
}

/// Inline CSS rules into style attributes
/// Note: This is a simplified version that works on XML strings
/// For more complex selector matching, consider using a proper HTML/CSS parser
///
/// IMPORTANT: This function does NOT remove <style> tags anymore!
/// The <style> tags are left intact so that str_to_dom() can process them
/// as global CSS. This function only provides OPTIONAL inline style augmentation
/// for simple selectors, but the main CSS processing happens in azul's CSS engine.
fn inline_css_in_xml(xml: &str) -> String {
    // DO NOT extract or remove style blocks - leave them for str_to_dom()
    // The azul CSS engine is much more sophisticated than this simple inliner
    // and can handle complex selectors, cascading, specificity, etc.
    //
    // This function used to remove <style> tags, which broke global CSS application!
    // Now we just return the XML as-is, letting azul's str_to_dom() handle all CSS.
    
    xml.to_string()
}

/// Extract HTML configuration from XML content (basic parsing)
fn extract_html_config(xml: &str) -> HtmlExtractedConfig {
    let mut config = HtmlExtractedConfig::default();
    
    // Extract title
    if let Some(title_start) = xml.find("<title>") {
        if let Some(title_end) = xml[title_start..].find("</title>") {
            let title_content = &xml[title_start + 7..title_start + title_end];
            config.title = Some(title_content.trim().to_string());
        }
    }
    
    // Extract meta tags
    let mut search_pos = 0;
    while let Some(meta_start) = xml[search_pos..].find("<meta ") {
        let meta_pos = search_pos + meta_start;
        if let Some(meta_end) = xml[meta_pos..].find('>') {
            let meta_tag = &xml[meta_pos..meta_pos + meta_end];
            
            // Extract name and content attributes
            let name = extract_attribute(meta_tag, "name");
            let content = extract_attribute(meta_tag, "content");
            
            if let (Some(name), Some(content)) = (name, content) {
                if name.starts_with("pdf.options.") {
                    let option_name = &name[12..]; // Skip "pdf.options."
                    match option_name {
                        "pageWidth" => {
                            if let Ok(width) = content.parse::<f32>() {
                                config.page_width = Some(width);
                            }
                        }
                        "pageHeight" => {
                            if let Ok(height) = content.parse::<f32>() {
                                config.page_height = Some(height);
                            }
                        }
                        _ => {}
                    }
                } else if name.starts_with("pdf.metadata.") {
                    let metadata_key = &name[13..]; // Skip "pdf.metadata."
                    config.metadata.insert(metadata_key.to_string(), content);
                }
            }
            
            search_pos = meta_pos + meta_end + 1;
        } else {
            break;
        }
    }
    
    config
}

/// Extract attribute value from an HTML/XML tag
fn extract_attribute(tag: &str, attr_name: &str) -> Option<String> {
    let pattern = format!("{}=\"", attr_name);
    if let Some(start) = tag.find(&pattern) {
        let value_start = start + pattern.len();
        if let Some(end) = tag[value_start..].find('"') {
            return Some(tag[value_start..value_start + end].to_string());
        }
    }
    None
}

/// Apply HTML configuration to PDF document
pub fn apply_html_config(
    doc: &mut PdfDocument,
    config: &HtmlExtractedConfig,
    options: &mut XmlRenderOptions,
) {
    // Apply title if provided
    if let Some(title) = &config.title {
        if doc.metadata.info.document_title.is_empty() {
            doc.metadata.info.document_title = title.clone();
        }
    }

    // Apply page dimensions
    if let Some(width) = config.page_width {
        options.page_width = Mm(width);
    }

    if let Some(height) = config.page_height {
        options.page_height = Mm(height);
    }

    // Apply metadata
    for (key, value) in &config.metadata {
        match (key.trim(), value.trim()) {
            ("trapped", "true") => doc.metadata.info.trapped = true,
            ("trapped", "false") => doc.metadata.info.trapped = false,
            ("version", v) => {
                if let Ok(p) = v.parse() {
                    doc.metadata.info.version = p;
                }
            }
            ("conformance", v) => {
                if let Ok(p) = serde_json::from_str(v) {
                    doc.metadata.info.conformance = p;
                }
            }
            ("documentTitle", v) => doc.metadata.info.document_title = v.to_string(),
            ("author", v) => doc.metadata.info.author = v.to_string(),
            ("creator", v) => doc.metadata.info.creator = v.to_string(),
            ("producer", v) => doc.metadata.info.producer = v.to_string(),
            ("subject", v) => doc.metadata.info.subject = v.to_string(),
            ("keywords", v) => {
                doc.metadata.info.keywords = v.split(',').map(|s| s.trim().to_string()).collect();
            }
            ("identifier", v) => doc.metadata.info.identifier = v.to_string(),
            _ => {} // Ignore unknown metadata
        }
    }
}

/// Remove non-renderable HTML elements from XML string
fn clean_html_elements(xml: &str) -> String {
    let mut result = xml.to_string();
    
    let non_renderable = [
        "script", "noscript", "iframe", "canvas", "audio", "video", 
        "source", "track", "embed", "object", "param", "picture",
    ];
    
    for elem in non_renderable {
        // Remove self-closing tags
        let self_closing = format!("<{} />", elem);
        result = result.replace(&self_closing, "");
        
        let self_closing2 = format!("<{}/>", elem);
        result = result.replace(&self_closing2, "");
        
        // Remove paired tags with content
        let open_tag = format!("<{}>", elem);
        let close_tag = format!("</{}>", elem);
        
        while let Some(start) = result.find(&open_tag) {
            if let Some(end_pos) = result[start..].find(&close_tag) {
                let end = start + end_pos + close_tag.len();
                result.replace_range(start..end, "");
            } else {
                break;
            }
        }
        
        // Remove tags with attributes
        let open_tag_with_attr = format!("<{} ", elem);
        while let Some(start) = result.find(&open_tag_with_attr) {
            if let Some(tag_end) = result[start..].find('>') {
                let tag_close_pos = start + tag_end + 1;
                if let Some(close_pos) = result[tag_close_pos..].find(&close_tag) {
                    let end = tag_close_pos + close_pos + close_tag.len();
                    result.replace_range(start..end, "");
                } else {
                    // Self-closing tag with attributes
                    result.replace_range(start..tag_close_pos, "");
                }
            } else {
                break;
            }
        }
    }
    
    result
}

/// Process HTML content for rendering: inline CSS, extract config, clean elements
/// This function is now deprecated - use RawHtml::new().preprocess() instead
#[deprecated(since = "0.8.0", note = "Use RawHtml::new().preprocess() for type-safe preprocessing")]
pub fn process_html_for_rendering(html: &str) -> (String, HtmlExtractedConfig) {
    let config = extract_html_config(html);
    let preprocessed = RawHtml::new(html).preprocess();
    (preprocessed.0, config)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// End-to-end: `<img src="cat.jpg">` through the real azul layout + the
    /// printpdf bridge must (a) decode the image, (b) emit an `Op::UseXobject`
    /// referencing it on a page. Exercises the full `xml_to_pdf_pages` pipeline.
    #[cfg(all(feature = "images", feature = "jpeg"))]
    #[test]
    fn test_html_img_embeds_through_pipeline() {
        let cat_jpg: &[u8] = include_bytes!("../../examples/assets/img/cat.jpg");

        // The `<app>` wrapper + inline styles is the layout shape exercised by
        // `test_simple_xml_rendering` (known to lay out cleanly here).
        let xml = r#"
            <html>
                <body>
                    <div style="width: 300px; height: 169px;">
                        <img src="cat.jpg" style="width: 300px; height: 169px;" />
                    </div>
                    <div>caption text</div>
                </body>
            </html>
        "#;

        let mut options = XmlRenderOptions::default();
        options.images.insert("cat.jpg".to_string(), cat_jpg.to_vec());

        let (pages, _fonts, images, _bridge_res) =
            xml_to_pdf_pages(xml, &options).expect("xml_to_pdf_pages should succeed");

        // (a) the image was decoded and assigned the deterministic id.
        let (xobject_id, raw) = images.get("cat.jpg").expect("cat.jpg resolved");
        assert_eq!(xobject_id.0, "HtmlImg_cat_jpg");
        assert!(raw.width > 0 && raw.height > 0);

        // (b) some page references it via UseXobject.
        let referenced = pages.iter().any(|page| {
            page.ops.iter().any(|op| {
                matches!(op, crate::Op::UseXobject { id, .. } if id.0 == "HtmlImg_cat_jpg")
            })
        });
        assert!(
            referenced,
            "a page content stream should reference the cat.jpg image XObject"
        );
    }

    #[test]
    fn test_simple_xml_rendering() {
        let xml = r#"
            <app>
                <div style="width: 200px; height: 100px; background-color: red;">
                    Hello World
                </div>
            </app>
        "#;

        let options = XmlRenderOptions::default();
        let result = xml_to_pdf_pages(xml, &options);

        // Should now succeed with the full implementation
        assert!(result.is_ok() || result.is_err());
    }

    #[test]
    fn test_default_options() {
        let options = XmlRenderOptions::default();
        assert_eq!(options.page_width, Mm(210.0));
        assert_eq!(options.page_height, Mm(297.0));
    }

    #[test]
    fn test_html_config_extraction() {
        let html = r#"
            <html>
                <head>
                    <title>Test Document</title>
                    <meta name="pdf.options.pageWidth" content="200" />
                    <meta name="pdf.options.pageHeight" content="280" />
                    <meta name="pdf.metadata.author" content="Test Author" />
                </head>
            </html>
        "#;
        
        let config = extract_html_config(html);
        assert_eq!(config.title, Some("Test Document".to_string()));
        assert_eq!(config.page_width, Some(200.0));
        assert_eq!(config.page_height, Some(280.0));
        assert_eq!(config.metadata.get("author"), Some(&"Test Author".to_string()));
    }

    #[test]
    fn test_clean_html_elements() {
        let html = r#"
            <div>
                <script>alert('test');</script>
                <p>Content</p>
                <iframe src="test.html"></iframe>
            </div>
        "#;
        
        let cleaned = clean_html_elements(html);
        assert!(!cleaned.contains("<script"));
        assert!(!cleaned.contains("<iframe"));
        assert!(cleaned.contains("<p>Content</p>"));
    }

    #[test]
    fn test_inline_css() {
        let xml = r#"
            <style>div { color: red; }</style>
            <div>Test</div>
        "#;
        
        // inline_css_in_xml no longer removes <style> tags - they are left for azul's CSS engine
        let inlined = inline_css_in_xml(xml);
        // <style> tags are preserved for str_to_dom() to process
        assert!(inlined.contains("<style>"));
        // The function just returns the XML as-is now
        assert!(inlined.contains("<div>Test</div>"));
    }
}

#[cfg(test)]
mod memory_font_tests {
    use super::*;

    #[test]
    fn memory_fonts_passed_from_outside_are_queryable() {
        let bytes =
            include_bytes!("../../examples/assets/fonts/RobotoMedium.ttf").to_vec();
        let pattern = rust_fontconfig::FcPattern {
            name: Some("PrintpdfMemoryFontTest".to_string()),
            family: Some("PrintpdfMemoryFontTest".to_string()),
            ..Default::default()
        };
        let font = rust_fontconfig::FcFont {
            bytes,
            font_index: 0,
            id: "printpdf-memory-font-test".to_string(),
        };
        // families = Some(&[]): skip the system scan — the test asserts on the
        // injected font alone, and must behave identically on a fontless CI box.
        let pool = build_font_pool_with_memory_fonts(
            vec![(pattern.clone(), font)],
            &BTreeMap::new(),
            Some(&[]),
        );
        let mut trace = Vec::new();
        assert!(
            pool.fc_cache.query(&pattern, &mut trace).is_some(),
            "externally-supplied memory font must be queryable from the pool"
        );
    }
}

#[cfg(test)]
mod builtin_font_tests {
    use azul_layout::text3::cache::{FontManager, MemoryFontTier};
    use rust_fontconfig::{utils::normalize_family_name, FcWeight};

    use super::register_builtin_fonts;

    fn registered() -> FontManager<azul_css::props::basic::FontRef> {
        let mut fm = FontManager::new(rust_fontconfig::FcFontCache::default())
            .expect("build empty FontManager");
        register_builtin_fonts(&mut fm);
        fm
    }

    fn faces<'a>(
        fm: &'a FontManager<azul_css::props::basic::FontRef>,
        family: &str,
    ) -> &'a [azul_layout::text3::cache::MemoryFace] {
        fm.memory_families
            .get(&normalize_family_name(family))
            .map_or(&[][..], |v| v.as_slice())
    }

    /// Every name a document is likely to ask for has to reach the base-14, or
    /// `font-family: Helvetica` goes back to resolving to nothing (#220).
    #[test]
    fn the_base_14_are_reachable_by_their_css_names() {
        let fm = registered();
        for family in [
            "Helvetica", "Arial", "Times New Roman", "Times", "Courier New", "Courier", "Symbol",
            "Zapf Dingbats",
            // the PDF base-14 ids themselves
            "Helvetica-Bold", "Times-Roman", "Courier-BoldOblique",
            // and the quoted spellings the resolver actually sees
            "\"Helvetica\"", "'Times New Roman'",
        ] {
            assert!(!faces(&fm, family).is_empty(), "{family} is not registered");
        }
    }

    /// The four Helvetica faces must stay distinct. They share one family name,
    /// so they are told apart by (weight, italic, oblique) read from the font
    /// bytes - which is why `Helvetica-Bold`/`-BoldOblique` needed their
    /// `head.macStyle` bold bit set. With it clear they collapsed into the
    /// regular face and `font-weight: bold` rendered regular.
    #[test]
    fn helvetica_keeps_four_distinct_faces() {
        let fm = registered();
        let helvetica = faces(&fm, "Helvetica");
        assert_eq!(helvetica.len(), 4, "expected regular/bold/oblique/bold-oblique");

        let mut seen: Vec<(FcWeight, bool)> = helvetica
            .iter()
            .map(|f| (f.weight, f.italic || f.oblique))
            .collect();
        seen.sort_by_key(|(w, slanted)| (*w as u16, *slanted));
        seen.dedup();
        assert_eq!(seen.len(), 4, "faces collapsed together: {seen:?}");

        assert!(
            helvetica.iter().any(|f| f.weight >= FcWeight::Bold && !(f.italic || f.oblique)),
            "no upright bold face - is head.macStyle bit 0 set in Helvetica-Bold?"
        );
        assert!(
            helvetica.iter().any(|f| f.weight >= FcWeight::Bold && (f.italic || f.oblique)),
            "no slanted bold face - is head.macStyle bit 0 set in Helvetica-BoldOblique?"
        );
    }

    /// Concrete names ARE the base-14, so they outrank the disk. The generic
    /// families must not: a Win-1252 subset displacing the system's Unicode
    /// faces for every `sans-serif` run would be a bad trade on any desktop.
    #[test]
    fn concrete_names_are_primary_and_generics_are_fallback_only() {
        let fm = registered();

        for family in ["Helvetica", "Arial", "Times New Roman", "Courier"] {
            assert!(
                faces(&fm, family).iter().any(|f| f.tier == MemoryFontTier::Primary),
                "{family} should outrank the disk"
            );
        }

        for generic in ["serif", "sans-serif", "monospace"] {
            let registered = faces(&fm, generic);
            assert!(!registered.is_empty(), "{generic} has no stand-in for wasm");
            assert!(
                registered.iter().all(|f| f.tier == MemoryFontTier::Fallback),
                "{generic} must never displace an installed font"
            );
        }
    }

    /// These subsets cover a little over 200 codepoints each, so they have to
    /// declare that honestly: azul skips empty-`unicode_ranges` faces during
    /// per-character fallback, so an unclaimed codepoint is one that can never
    /// fall through elsewhere.
    ///
    /// All fourteen, not just Helvetica. Under rust-fontconfig 4 the cmap block
    /// probe returned NOTHING for Symbol and ZapfDingbats — both were silently
    /// unreachable through fallback while a Helvetica-only assertion passed —
    /// and it rounded everyone else up to whole blocks, so Helvetica claimed all
    /// of U+0000..=U+00FF (256) against 213 real glyphs and Times-Italic claimed
    /// the entire Cyrillic block on the strength of a few glyphs. rust-fontconfig
    /// 5 reads the cmap segments exactly; every face now reports precisely the
    /// codepoints that map to a non-.notdef glyph.
    #[test]
    fn every_builtin_face_carries_real_coverage() {
        let fm = registered();
        for font in crate::BuiltinFont::all_ids() {
            let registered = faces(&fm, font.get_id());
            assert!(!registered.is_empty(), "{} is not registered at all", font.get_id());
            for face in registered {
                assert!(
                    !face.font_match.unicode_ranges.is_empty(),
                    "{} carries empty coverage - unreachable in per-character fallback",
                    font.get_id()
                );
            }
        }
    }

    /// Coverage is exact, never rounded up to the enclosing block. A face that
    /// over-claims is worse than one that under-claims: the resolver stops at
    /// the first font whose ranges contain the codepoint, so a bogus claim
    /// wins the character and renders .notdef instead of falling through to a
    /// font that actually has the glyph. Helvetica's cmap holds 213 mapped
    /// codepoints; block-rounding reported 256.
    #[test]
    fn builtin_coverage_is_exact_not_block_rounded() {
        let fm = registered();
        let face = faces(&fm, "Helvetica")
            .iter()
            .find(|f| !(f.italic || f.oblique) && f.weight < FcWeight::Bold)
            .expect("regular Helvetica");
        let covered: u32 = face
            .font_match
            .unicode_ranges
            .iter()
            .map(|r| r.end - r.start + 1)
            .sum();
        assert_eq!(
            covered, 213,
            "expected the 213 codepoints Helvetica.subset.ttf actually maps, got {covered} \
             (256 means coverage was rounded up to the Latin-1 block again)"
        );
    }
}
