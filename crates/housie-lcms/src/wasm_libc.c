/* The C library functions Little CMS names that WebAssembly in a page does not have and no
 * Rust crate supplies (Rust's own allocator gives malloc and free, its compiler builtins the
 * mathematics and memory functions; see src/wasm.rs). housie never reaches them: they format
 * error messages and open files by name, which housie does not ask for. */
#include <stddef.h>
#include <stdarg.h>

int vsnprintf(char *out, size_t size, const char *format, va_list args) {
    (void)format; (void)args;
    if (size > 0) out[0] = 0;
    return 0;
}

int snprintf(char *out, size_t size, const char *format, ...) {
    (void)format;
    if (size > 0) out[0] = 0;
    return 0;
}

int sprintf(char *out, const char *format, ...) {
    (void)format;
    out[0] = 0;
    return 0;
}
