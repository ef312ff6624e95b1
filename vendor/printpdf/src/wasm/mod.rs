/// WASM / JS API, only enabled on WASM
pub mod api;
/// WASM API Datastructures, can be used even on non-WASM targets
pub mod structs;
