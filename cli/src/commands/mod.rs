//! The commands of `warlord`, one file each: an `Args` struct (clap) and a `run` function.

pub mod analyse;
pub mod lab;
pub mod loadtest;
pub mod r#match;
pub mod moves;
pub mod perft;
pub mod play;
pub mod replay;
pub mod scenario;
pub mod scenarios;
pub mod serve;
pub mod show;
