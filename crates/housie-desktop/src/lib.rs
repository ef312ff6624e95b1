//! housie on the organiser's desktop. Double-clicked (in Explorer, or a Linux file manager),
//! `housie` should open the studio over the user's own folder of events rather than print its
//! usage into a console window that closes at once; typed in a terminal with no arguments, it
//! prints its usage. This crate
//! answers the two questions that takes: how housie was started, and where the events go.
//!
//! Unsafe code is denied but for the one call into Windows that tells the two starts apart.
#![deny(unsafe_code)]

use std::path::PathBuf;

/// Whether housie was started as a desktop starts a program (a double-click), not from a
/// terminal.
///
/// Explorer gives a console program a console window of its own, which no other process shares;
/// a terminal's console is shared with the shell that started the program. So on Windows the
/// answer is whether this process is alone in its console. Elsewhere a file manager starts a
/// program with no terminal at all: none of its standard streams is one. (Finder opens a
/// double-clicked program in Terminal, which is a terminal: there housie prints its usage.)
pub fn started_by_double_click() -> bool {
    imp::started_by_double_click()
}

/// The folder of events a double-click opens the studio over: `housie` in the user's Documents
/// (`C:\Users\Ann\Documents\housie`, `~/Documents/housie`), or in the home folder when there
/// is no Documents folder; `None` with neither.
pub fn events_folder() -> Option<PathBuf> {
    let documents =
        dirs::document_dir().or_else(|| dirs::home_dir().map(|h| h.join("Documents")).filter(|d| d.is_dir()));
    documents.or_else(dirs::home_dir).map(|d| d.join("housie"))
}

/// Whether the terminal that shows housie's standard output shows every script's text right:
/// Devanagari's letters joined and in a font that has them.
///
/// Windows' own console (conhost) neither shapes complex scripts nor has Devanagari in its fonts,
/// so Hindi comes out as boxes; Windows Terminal (which sets `WT_SESSION`) shows it. Output sent
/// to a file or a pipe is UTF-8 text whatever reads it, and every other system's terminal shapes.
pub fn terminal_shows_every_script() -> bool {
    use std::io::IsTerminal;
    shows_every_script(cfg!(windows), std::io::stdout().is_terminal(), std::env::var_os("WT_SESSION").is_some())
}

/// [`terminal_shows_every_script`]'s rule, apart from the facts it reads.
fn shows_every_script(windows: bool, to_terminal: bool, windows_terminal: bool) -> bool {
    !windows || !to_terminal || windows_terminal
}

#[cfg(windows)]
mod imp {
    /// Whether this process is the only one attached to its console.
    #[allow(unsafe_code)]
    pub fn started_by_double_click() -> bool {
        let mut ids = [0u32; 2];
        // SAFETY: `ids` is valid for writes of `ids.len()` process ids, the most the call writes;
        // it returns how many processes share the console (0 when there is no console).
        let count =
            unsafe { windows_sys::Win32::System::Console::GetConsoleProcessList(ids.as_mut_ptr(), ids.len() as u32) };
        count == 1
    }
}

#[cfg(not(windows))]
mod imp {
    use std::io::IsTerminal;

    /// Whether none of the standard streams is a terminal.
    pub fn started_by_double_click() -> bool {
        !std::io::stdin().is_terminal() && !std::io::stdout().is_terminal() && !std::io::stderr().is_terminal()
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn only_windows_own_console_is_short_of_scripts() {
        use super::shows_every_script as shows;
        assert!(!shows(true, true, false), "conhost");
        assert!(shows(true, true, true), "Windows Terminal");
        assert!(shows(true, false, false), "a file or a pipe on Windows");
        assert!(shows(false, true, false), "a terminal elsewhere");
    }

    #[test]
    fn the_events_go_under_a_housie_folder() {
        if let Some(folder) = super::events_folder() {
            assert_eq!(folder.file_name().unwrap(), "housie");
        }
    }
}
