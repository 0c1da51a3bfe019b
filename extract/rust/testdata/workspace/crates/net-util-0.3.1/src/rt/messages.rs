// Messages shared by several modules of the crate.
pub(crate) const NO_EXECUTOR: &str =
    "no executor is running, call this from within an executor's context";

pub(crate) const SHUT_DOWN: &str = "the executor has shut down";
