//! Prints how this program was started, as housie decides it: `double-click` or `terminal`;
//! with a path, writes it there too (a console opened for the program closes with it). For
//! trying the decision under Wine or on Windows (docs/development.md, Windows).
fn main() {
    let how = if housie_desktop::started_by_double_click() { "double-click" } else { "terminal" };
    println!("{how}");
    if let Some(path) = std::env::args_os().nth(1) {
        let _ = std::fs::write(path, how);
    }
}
