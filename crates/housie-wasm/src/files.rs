//! A dropped run's files, by name: what the core reads a run through ([`RunFiles`]), where its
//! record's logo is found (a [`World`](housie_core::world::World)), and the manifest a top-up
//! re-draws its books against.

use std::collections::BTreeMap;
use std::io::{self, Read};
use std::path::Path;
use std::sync::Arc;

use housie_core::record::continuation::Manifests;
use housie_core::record::MANIFEST;
use housie_core::verify::RunFiles;
use housie_core::world::too_large;

/// A run's files by name, as dropped.
#[derive(Clone, Debug, Default)]
pub struct Files(pub BTreeMap<String, Vec<u8>>);

impl RunFiles for Files {
    fn open(&self, name: &str, limit: u64) -> io::Result<Box<dyn Read + '_>> {
        match self.0.get(name) {
            None => Err(io::Error::new(io::ErrorKind::NotFound, "not in what was dropped")),
            Some(bytes) if bytes.len() as u64 > limit => Err(too_large(limit)),
            Some(bytes) => Ok(Box::new(bytes.as_slice())),
        }
    }
}

impl housie_core::world::World for Files {
    fn read(&self, path: &Path, limit: u64) -> io::Result<Vec<u8>> {
        let mut bytes = Vec::new();
        self.open(&path.to_string_lossy(), limit)?.read_to_end(&mut bytes)?;
        Ok(bytes)
    }
}

/// The dropped run's manifest, for a top-up to re-draw its books against.
pub struct Manifest(pub Arc<Files>);

impl Manifests for Manifest {
    fn open(&self, _folder: &Path) -> io::Result<Box<dyn Read + '_>> {
        self.0.open(MANIFEST, u64::MAX)
    }
}
