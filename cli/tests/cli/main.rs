//! The `warlord` binary driven as a user would: arguments, piped input, exit codes and output.

mod analyse;
mod help;
mod inspect;
mod lab;
mod matches;
mod play;
mod replay;
mod support;
