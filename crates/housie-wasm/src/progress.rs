//! The one seam between the engine's progress and a JavaScript function: the engine asks for a
//! `Fn(u64) + Sync`, which a JS function is not, so the page's callback is held here for the
//! length of one call (a page's engine runs on one thread, in a Web Worker).

use std::cell::RefCell;

thread_local! {
    static LISTENER: RefCell<Option<(js_sys::Function, u64)>> = const { RefCell::new(None) };
}

/// Runs `work` with `listener` told `(done, total)` after each page.
pub fn with_listener<T>(listener: Option<js_sys::Function>, total: u64, work: impl FnOnce() -> T) -> T {
    LISTENER.with(|l| *l.borrow_mut() = listener.map(|f| (f, total)));
    let out = work();
    LISTENER.with(|l| *l.borrow_mut() = None);
    out
}

/// Tells the page's listener, if any, that `done` pages are drawn.
pub fn tell(done: u64) {
    LISTENER.with(|l| {
        if let Some((f, total)) = &*l.borrow() {
            // A listener that throws does not stop the run.
            let _ = f.call2(&wasm_bindgen::JsValue::NULL, &(done as f64).into(), &(*total as f64).into());
        }
    });
}
