//! The organiser's studio, as a library: a folder of events ([`events`]), each with a design
//! ([`design`]) that becomes the settings `housie generate` takes, and long tasks on them
//! ([`job`]) whose progress the studio's pages follow. The web pages are in
//! [`crate::web::studio`]; everything they do goes through the same pipeline the CLI uses.

pub mod events;
pub mod job;

pub use events::{EventState, Events};
pub use housie_core::pipeline::design::{Design, Paper};
pub use housie_core::pipeline::problem::Problem;
pub use job::{Job, Task};
