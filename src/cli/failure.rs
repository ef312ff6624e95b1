//! Why a command failed, as `main` prints it: the library's error about a run, or the night's
//! about its database. Kept apart so that neither library error has to wrap the other.

/// One line on stderr and exit status 2.
#[derive(Debug, thiserror::Error)]
pub enum Failure {
    /// The run, its files or the command's input.
    #[error(transparent)]
    Housie(#[from] housie_core::Error),
    /// The night's database or its log.
    #[error(transparent)]
    Night(#[from] housie_night::night::OpenError),
}
