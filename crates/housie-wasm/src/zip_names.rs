//! The names a dropped zip lists, read from its central directory as they are: the zip crate
//! keeps one entry a name, so a name given twice (an edited copy beside the real file) is
//! only seen here.

/// The names a zip's central directory lists, in its order and with any given twice, which the
/// zip crate folds into one; `None` when it is not a zip housie could have made (no end
/// record, a ZIP64 one, or a directory that does not read).
pub fn central_names(bytes: &[u8]) -> Option<Vec<String>> {
    let u16_at = |at: usize| Some(u16::from_le_bytes(bytes.get(at..at + 2)?.try_into().ok()?));
    let u32_at = |at: usize| Some(u32::from_le_bytes(bytes.get(at..at + 4)?.try_into().ok()?));
    // The end record: the last signature within its size and a comment's.
    let earliest = bytes.len().saturating_sub(22 + usize::from(u16::MAX));
    let end = (earliest..=bytes.len().checked_sub(22)?).rev().find(|&at| bytes[at..at + 4] == *b"PK\x05\x06")?;
    let (count, offset) = (u16_at(end + 10)?, u32_at(end + 16)?);
    if count == u16::MAX || offset == u32::MAX {
        return None;
    }
    let mut at = offset as usize;
    let mut names = Vec::with_capacity(usize::from(count));
    for _ in 0..count {
        if bytes.get(at..at + 4)? != b"PK\x01\x02" {
            return None;
        }
        let (name, extra, comment) = (u16_at(at + 28)?, u16_at(at + 30)?, u16_at(at + 32)?);
        let name_bytes = bytes.get(at + 46..at + 46 + usize::from(name))?;
        names.push(String::from_utf8_lossy(name_bytes).into_owned());
        at += 46 + usize::from(name) + usize::from(extra) + usize::from(comment);
    }
    Some(names)
}
