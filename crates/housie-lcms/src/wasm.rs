//! The C allocator for WebAssembly in a page, where there is no C library: `malloc` and its
//! kin over Rust's allocator, each block holding its size before it. Little CMS and libdeflate
//! allocate through these.

use std::alloc::{alloc, dealloc, realloc as grow, Layout};
use std::ffi::c_void;

/// Room before each block for its size, and the alignment C expects of `malloc`.
const HEAD: usize = 16;

fn layout(size: usize) -> Option<Layout> {
    Layout::from_size_align(size.checked_add(HEAD)?, HEAD).ok()
}

#[no_mangle]
extern "C" fn malloc(size: usize) -> *mut c_void {
    let Some(layout) = layout(size) else { return std::ptr::null_mut() };
    // SAFETY: a layout of nonzero size; the size is written in the head, the block after it.
    unsafe {
        let base = alloc(layout);
        if base.is_null() {
            return std::ptr::null_mut();
        }
        base.cast::<usize>().write(size);
        base.add(HEAD).cast()
    }
}

#[no_mangle]
extern "C" fn calloc(count: usize, size: usize) -> *mut c_void {
    let Some(total) = count.checked_mul(size) else { return std::ptr::null_mut() };
    let block = malloc(total);
    if !block.is_null() {
        // SAFETY: `total` bytes just allocated.
        unsafe { block.cast::<u8>().write_bytes(0, total) };
    }
    block
}

#[no_mangle]
extern "C" fn free(block: *mut c_void) {
    if block.is_null() {
        return;
    }
    // SAFETY: a block `malloc` gave, its size in its head.
    unsafe {
        let base = block.cast::<u8>().sub(HEAD);
        let size = base.cast::<usize>().read();
        dealloc(base, layout(size).expect("a size malloc took"));
    }
}

#[no_mangle]
extern "C" fn realloc(block: *mut c_void, size: usize) -> *mut c_void {
    if block.is_null() {
        return malloc(size);
    }
    let Some(new) = layout(size) else { return std::ptr::null_mut() };
    // SAFETY: a block `malloc` gave, grown or shrunk with its head kept.
    unsafe {
        let base = block.cast::<u8>().sub(HEAD);
        let old = base.cast::<usize>().read();
        let base = grow(base, layout(old).expect("a size malloc took"), new.size());
        if base.is_null() {
            return std::ptr::null_mut();
        }
        base.cast::<usize>().write(size);
        base.add(HEAD).cast()
    }
}
