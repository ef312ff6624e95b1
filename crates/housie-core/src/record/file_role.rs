//! What each file of a run is for, as the page and the studio tell the organiser beside its
//! download: which file goes to the print shop, and which stay private. One rule, here, so no
//! door decides it again by a file's name.

use crate::record::{MANIFEST, RUN_RECORD};

/// The name the proof is offered under, beside a run's files.
pub const PROOF: &str = "proof.pdf";

/// What a file of a run is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileRole {
    /// A PDF of the tickets: what the print shop gets.
    Print,
    /// The first books only, to check before printing the lot.
    Proof,
    /// Every ticket's numbers by serial: the night checks claims against it. Private.
    Manifest,
    /// The run's record with its seed, from which anyone can draw every ticket: private until
    /// the night is over, then what an auditor verifies.
    Record,
    /// A logo or font the run carries, so the folder verifies wherever it goes.
    Carried,
}

impl FileRole {
    /// The role of the run's file `name` (a name in its folder).
    pub fn of(name: &str) -> FileRole {
        match name {
            MANIFEST => FileRole::Manifest,
            RUN_RECORD => FileRole::Record,
            PROOF => FileRole::Proof,
            _ if name.ends_with(".pdf") => FileRole::Print,
            _ => FileRole::Carried,
        }
    }

    /// Its catalogue message, said beside the file's download.
    pub fn said_id(self) -> &'static str {
        match self {
            FileRole::Print => "file-print",
            FileRole::Proof => "file-proof",
            FileRole::Manifest => "file-manifest",
            FileRole::Record => "file-record",
            FileRole::Carried => "file-carried",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_pdfs_go_to_the_print_shop_and_every_role_is_said() {
        let roles: Vec<FileRole> =
            ["housie-1-500.pdf", "proof.pdf", "manifest.csv", "run.json", "logo.png"].map(FileRole::of).to_vec();
        use FileRole::*;
        assert_eq!(roles, [Print, Proof, Manifest, Record, Carried]);
        let (en, hi) =
            (crate::support::catalogue::Catalogue::english(), crate::support::catalogue::Catalogue::of("hi").unwrap());
        for role in roles {
            assert!(en.messages.contains_key(role.said_id()) && hi.messages.contains_key(role.said_id()));
        }
    }
}
