//! Which run a night belongs to.

/// Which run a night belongs to: the SHA-256 of run.json's content (its JSON, whatever the
/// spacing), and of its bytes, which nights before housie 0.3 recorded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunId {
    /// SHA-256 of run.json's content (its JSON, whatever the spacing).
    pub content: String,
    /// SHA-256 of run.json's bytes (how housie 0.2 bound a night).
    pub bytes: String,
}
