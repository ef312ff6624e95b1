/* The C library functions Little CMS names that WebAssembly in a page does not have and no
 * Rust crate supplies there (Rust's allocator gives malloc and free, see src/wasm.rs, and
 * its compiler builtins the mathematics and memory functions). The string copies are real;
 * the rest belong to paths housie never takes (error messages, files opened by name) or only
 * date a profile's header (the clock), and answer as a C library would without them. */
#include <stddef.h>
#include <stdarg.h>
#include <stdio.h>
#include <time.h>

char *strcpy(char *to, const char *from) {
    char *out = to;
    while ((*to++ = *from++)) {}
    return out;
}

char *strncpy(char *to, const char *from, size_t n) {
    size_t i = 0;
    for (; i < n && from[i]; i++) to[i] = from[i];
    for (; i < n; i++) to[i] = 0;
    return to;
}

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

FILE *fopen(const char *name, const char *mode) { (void)name; (void)mode; return NULL; }
int fclose(FILE *f) { (void)f; return -1; }
size_t fread(void *to, size_t size, size_t n, FILE *f) { (void)to; (void)size; (void)n; (void)f; return 0; }
size_t fwrite(const void *from, size_t size, size_t n, FILE *f) { (void)from; (void)size; (void)n; (void)f; return 0; }
int fseek(FILE *f, long at, int whence) { (void)f; (void)at; (void)whence; return -1; }
long ftell(FILE *f) { (void)f; return -1; }
int remove(const char *name) { (void)name; return -1; }

/* No clock: a profile made here is dated 1970-01-01, which no colour depends on. */
time_t time(time_t *t) { if (t) *t = 0; return 0; }
struct tm *gmtime(const time_t *t) {
    static struct tm epoch = { .tm_mday = 1, .tm_year = 70 };
    (void)t;
    return &epoch;
}

/* A failed assertion (in a debug build): stop, as abort() would. */
void __assert_fail(const char *expr, const char *file, unsigned int line, const char *function) {
    (void)expr; (void)file; (void)line; (void)function;
    __builtin_trap();
}
