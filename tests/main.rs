//! The end-to-end tests, a module for each file beside this one, in one binary: the harness then
//! runs the long tests beside the short ones on every core, where a binary for each file ran
//! one after another and left a core idle under each one's last test. Run in release mode.

mod common;

mod batch;
mod blank_first;
mod bundle;
mod cli;
mod docs;
mod exhaustive;
mod fifteen;
mod formats;
mod graphs;
mod layers;
mod mxn;
mod person;
mod rectangle;
mod robust;
mod shares;
mod solve;
mod square_path;
